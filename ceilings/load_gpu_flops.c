/* rfl_gpu_flops's CSV: GFLOP/s against flops per element, one series per
 * precision and chain count, the best launch shape at each point. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A row's cells (rfl_load_cells), in the order they are checked. */
struct flops_cells {
    char prec[8];
    double fpe, rate, peak, clock, median;
    long chains, tpb, blocks, samples;
    uint64_t wss;
};
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct flops_cells, field, kind, min, column)
static const struct rfl_load_cell cells[] = {
    CELL(prec, TEXT, 0, "precision"),                      CELL(fpe, POSITIVE, 0, "fpe"),
    CELL(chains, COUNT, 1, "chains_per_thread"),           CELL(tpb, COUNT, 1, "threads_per_block"),
    CELL(blocks, COUNT, 1, "blocks_per_grid"),             CELL(wss, BYTES, 0, "wss_bytes"),
    CELL(rate, POSITIVE, 0, "gflops_per_s"),               CELL(peak, OPTIONAL, 0, "peak_gflops_per_s"),
    CELL(clock, OPTIONAL, 0, "sm_clock_mhz"),              CELL(median, OPT_POSITIVE, 0, "gflops_per_s_median"),
    CELL(samples, SAMPLES, 0, "experiments"),
};
#undef CELL
#define NCELLS (sizeof cells / sizeof *cells)

/* Every GPU's own rows and the aggregate's as member rows (members.h). */
static const char *const member_columns[] = {"precision", "chains_per_thread", "wss_bytes", "gflops_per_s", NULL};
static int member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    char prec[8];
    long chains;
    if (rfl_load_text(prec, sizeof prec, t, r, col[0]) ||
        rfl_table_count(t, r, col[1], 1, RFL_TABLE_MAX_COUNT, &chains) || rfl_table_bytes(t, r, col[2], 0, &row->wss) ||
        rfl_table_double(t, r, col[3], 0, &row->rate))
        return -1;
    rfl_member_gpu_flops_key(row->key, sizeof row->key, prec, chains);
    return 1;
}

int rfl_gpu_load_flops(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, cells, NCELLS, 1) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    size_t first = g->nflops;
    struct rfl_load_index index = {0};
    struct flops_cells v;
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        const size_t r = rows.r;
        char chains_text[24];
        snprintf(chains_text, sizeof chains_text, "%ld", v.chains);
        const char *key[] = {v.prec, chains_text};
        int made;
        struct rfl_flops_series *s = rfl_load_keyed(&index, key, 2, &g->flops, &g->nflops, sizeof *s, &made);
        if (!s)
            goto fail;
        if (made) {
            snprintf(s->precision, sizeof s->precision, "%s", v.prec);
            s->chains = v.chains;
            s->input = input;
        }
        size_t k = 0;
        while (k < s->n && s->fpe[k] != v.fpe)
            k++;
        if (k == s->n && rfl_load_room(t, r, s->n, v.prec) != 0)
            goto fail;
        if (k == s->n) {
            /* the row's own values below: its rate is above the 0 put here */
            if (rfl_load_push_u64(&s->wss, s->n, 0) || rfl_load_push_long(&s->tpb, s->n, 0) ||
                rfl_load_push_long(&s->blocks, s->n, 0) || rfl_load_push_double(&s->fpe, s->n, v.fpe) ||
                rfl_load_push_double(&s->gflops, s->n, 0) || rfl_load_push_double(&s->row_peak, s->n, NAN) ||
                rfl_load_push_double(&s->clock_mhz, s->n, NAN) || rfl_load_push_double(&s->median, s->n, NAN) ||
                rfl_load_push_long(&s->samples, s->n, 0)) {
                rfl_error("out of memory");
                goto fail;
            }
            s->n++;
        }
        /* The best launch shape at each flops per element. */
        if (v.rate > s->gflops[k]) {
            s->gflops[k] = v.rate;
            s->row_peak[k] = v.peak;
            s->clock_mhz[k] = v.clock;
            s->wss[k] = v.wss;
            s->tpb[k] = v.tpb;
            s->blocks[k] = v.blocks;
            s->median[k] = v.median;
            s->samples[k] = v.samples;
        }
    }
    rfl_load_index_free(&index);
    if (more < 0 || rfl_member_gpu_rows(m, input, t, meta, member_columns, member_fill) != 0)
        return -1;
    for (size_t i = first; i < g->nflops; i++) {
        struct rfl_flops_series *s = &g->flops[i];
        const struct rfl_load_points points[] = {
            RFL_LOAD_POINTS(s->fpe),    RFL_LOAD_POINTS(s->gflops), RFL_LOAD_POINTS(s->row_peak),
            RFL_LOAD_POINTS(s->clock_mhz), RFL_LOAD_POINTS(s->wss), RFL_LOAD_POINTS(s->tpb),
            RFL_LOAD_POINTS(s->blocks), RFL_LOAD_POINTS(s->median), RFL_LOAD_POINTS(s->samples)};
        rfl_load_sort(s->n, points, sizeof points / sizeof *points);
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}
