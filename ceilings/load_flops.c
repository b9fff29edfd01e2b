/* rfl_flops's CSV: GFLOP/s against flops per element, one series per
 * variant x ISA x precision x ranks x threads, the best unroll at each point. */
#include "config.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The series of this file (`index`: its series so far) with these fields,
 * made when new. */
static struct rfl_flops_series *find_series(struct rfl_model *m, struct rfl_load_index *index, size_t input,
                                            const char *variant, const char *isa, const char *prec, long ranks,
                                            long threads)
{
    char job[48];
    snprintf(job, sizeof job, "%ld %ld", ranks, threads);
    const char *key[] = {variant, isa, prec, job};
    int made;
    struct rfl_flops_series *f = rfl_load_keyed(index, key, 4, &m->series, &m->nseries, sizeof *f, &made);
    if (f && made) {
        snprintf(f->variant, sizeof f->variant, "%s", variant);
        snprintf(f->isa, sizeof f->isa, "%s", isa);
        snprintf(f->precision, sizeof f->precision, "%s", prec);
        f->ranks = ranks;
        f->threads_per_rank = threads;
        f->input = input;
        f->peak = NAN;
    }
    return f;
}

/* One point per flops-per-element: the best unroll (the envelope), with
 * that row's median-sample rate and samples. */
struct flops_row {
    double fpe, gflops, model, median, sync;
    uint64_t wss;
    long unroll, samples;
};

static int series_push(struct rfl_flops_series *f, const struct flops_row *r)
{
    for (size_t k = 0; k < f->n; k++)
        if (f->fpe[k] == r->fpe) {
            if (r->gflops > f->gflops[k]) {
                f->gflops[k] = r->gflops;
                f->wss[k] = r->wss;
                f->unroll[k] = r->unroll;
                f->median[k] = r->median;
                f->samples[k] = r->samples;
                f->sync[k] = r->sync;
            }
            if (r->model > 0 && !(f->model[k] >= r->model))
                f->model[k] = r->model;
            return 0;
        }
    if (f->n >= RFL_LEVELS_MAX_POINTS)
        return 1; /* no room: the caller says so */
    if (rfl_load_push_u64(&f->wss, f->n, r->wss) || rfl_load_push_long(&f->unroll, f->n, r->unroll) ||
        rfl_load_push_double(&f->fpe, f->n, r->fpe) || rfl_load_push_double(&f->gflops, f->n, r->gflops) ||
        rfl_load_push_double(&f->model, f->n, r->model) || rfl_load_push_double(&f->median, f->n, r->median) ||
        rfl_load_push_long(&f->samples, f->n, r->samples) || rfl_load_push_double(&f->sync, f->n, r->sync))
        return -1;
    f->n++;
    return 0;
}

int rfl_load_flops(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (json_object_get(meta, "topology") && rfl_load_topology(m, meta, m->inputs[input].file) != 0)
        return -1;
    if (rfl_load_fma_units(m, meta, m->inputs[input].file) != 0)
        return -1;
    int c_var = rfl_table_column(t, "variant"), c_isa = rfl_table_column(t, "isa");
    int c_prec = rfl_table_column(t, "precision"), c_wss = rfl_table_column(t, "wss_bytes");
    int c_fpe = rfl_table_column(t, "flops_per_elem"), c_model = rfl_table_column(t, "model_gflops_per_s");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_unroll = rfl_table_column(t, "unroll");
    struct rfl_load_cpu cpu;
    rfl_load_cpu_columns(t, "gflops_per_s", &cpu);
    size_t first_series = m->nseries;
    struct rfl_load_index index = {0};
    for (size_t r = 0; r < t->nrows; r++) {
        char variant[32], isa[16], prec[16], key[160];
        long unroll = 0;
        uint64_t wss;
        double fpe, model = NAN, peak = NAN;
        if (rfl_load_text(variant, sizeof variant, t, r, c_var) || rfl_load_text(isa, sizeof isa, t, r, c_isa) ||
            rfl_load_text(prec, sizeof prec, t, r, c_prec) || rfl_load_cpu_cells(t, r, &cpu) ||
            rfl_table_bytes(t, r, c_wss, 0, &wss) || rfl_table_double(t, r, c_fpe, 0, &fpe) ||
            (c_model >= 0 && rfl_table_double(t, r, c_model, 1, &model)) ||
            (c_peak >= 0 && rfl_table_double(t, r, c_peak, 1, &peak)) ||
            (c_unroll >= 0 && rfl_table_count(t, r, c_unroll, 0, RFL_TABLE_MAX_COUNT, &unroll)) ||
            rfl_load_positive(t, r, c_fpe, fpe) != 0)
            goto fail;
        rfl_member_compute_key(key, sizeof key, variant, unroll, isa, prec, cpu.ranks, cpu.threads);
        int mine = rfl_load_cpu_row(m, t, r, meta, input, 1, wss, key, &cpu);
        if (mine < 0)
            goto fail;
        if (!mine)
            continue;
        struct rfl_flops_series *f = find_series(m, &index, input, variant, isa, prec, cpu.ranks, cpu.threads);
        const struct flops_row row = {fpe, cpu.rate, model, cpu.median, cpu.sync, wss, unroll, cpu.samples};
        int pushed = f ? series_push(f, &row) : -1;
        if (pushed > 0) {
            char what[96];
            snprintf(what, sizeof what, "%s %s %s", variant, isa, prec);
            rfl_load_room(t, r, f->n, what);
            goto fail;
        }
        if (pushed != 0) {
            rfl_error("%s: out of memory", t->path);
            goto fail;
        }
        if (peak > 0 && !(f->peak >= peak))
            f->peak = peak;
    }
    rfl_load_index_free(&index);
    for (size_t i = first_series; i < m->nseries; i++) {
        struct rfl_flops_series *f = &m->series[i];
        const struct rfl_load_points points[] = {
            RFL_LOAD_POINTS(f->fpe),    RFL_LOAD_POINTS(f->gflops), RFL_LOAD_POINTS(f->model),
            RFL_LOAD_POINTS(f->median), RFL_LOAD_POINTS(f->sync),   RFL_LOAD_POINTS(f->wss),
            RFL_LOAD_POINTS(f->unroll), RFL_LOAD_POINTS(f->samples)};
        rfl_load_sort(f->n, points, sizeof points / sizeof *points);
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}
