/* The CPU's ceilings: a bandwidth per memory level (the best plateau over
 * the curves), a compute peak per precision and ISA, the spec values beside
 * them, and the roofline above an application point. */
#include "config.h"
#include "load.h"
#include "model.h"
#include "spread.h"
#include "schema/schema.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kernel_used(const struct rfl_ceilings_settings *s, const char *kernel)
{
    unsigned all = (1u << RFL_SCHEMA_BANDWIDTH_NKERNELS) - 1;
    for (int k = 0; k < RFL_SCHEMA_BANDWIDTH_NKERNELS; k++)
        if (strcmp(rfl_schema_bandwidth_kernels[k], kernel) == 0)
            return s->bandwidth_kernels >> k & 1;
    return (s->bandwidth_kernels & all) == all;
}

/* A bandwidth ceiling `name` of point `best` of curve `win`: what it is and where it came from. */
static void from_curve(struct rfl_ceiling *ce, const char *name, const struct rfl_bw_curve *win, size_t best)
{
    snprintf(ce->device, sizeof ce->device, "cpu");
    ce->kind = RFL_CEILING_BANDWIDTH;
    snprintf(ce->name, sizeof ce->name, "%s", name);
    ce->value = win->y[best];
    snprintf(ce->program, sizeof ce->program, "rfl_bandwidth");
    snprintf(ce->kernel, sizeof ce->kernel, "%s", win->kernel);
    snprintf(ce->precision, sizeof ce->precision, "%s", win->precision);
    snprintf(ce->isa, sizeof ce->isa, "%s", win->isa);
    ce->ranks = win->ranks;
    ce->threads_per_rank = win->threads_per_rank;
    ce->synchronised = win->sync ? win->sync[best] : NAN;
}

/* "DRAM remote": the best memory plateau of the curves whose memory was on
 * another NUMA domain (rfl_bandwidth --remote): what a domain's threads
 * read from another's memory. */
static int remote_roof(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    const struct rfl_bw_curve *win = NULL;
    for (size_t i = 0; i < m->ncurves; i++) {
        const struct rfl_bw_curve *c = &m->curves[i];
        if (c->remote && kernel_used(s, c->kernel) && c->memory_known && c->memory.best < c->n &&
            (!win || c->y[c->memory.best] > win->y[win->memory.best]))
            win = c;
    }
    if (!win)
        return 0;
    struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
    if (!ce)
        return -1;
    const size_t first = win->memory.memory_first, last = win->memory.last, best = win->memory.best;
    from_curve(ce, "DRAM remote", win, best);
    ce->wss_min_bytes = win->wss[first];
    ce->wss_max_bytes = win->wss[last];
    ce->topology_bytes = m->memory_bytes * (uint64_t)win->nodes;
    ce->points = last - first + 1;
    ce->unconfirmed = !win->memory.confirmed;
    size_t top_first, top_last;
    rfl_spread_top_plateau(win->y + first, last - first + 1, best - first, &top_first, &top_last);
    rfl_spread_set(ce, win->y, win->y_median, win->samples, first + top_first, first + top_last);
    ce->curve = (long)(win - m->curves);
    snprintf(ce->file, sizeof ce->file, "%s", m->inputs[win->input].file);
    return 0;
}

int rfl_bandwidth_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    if (m->ncurves == 0)
        return 0;
    for (size_t i = 0; i < m->ncurves; i++) /* a remote curve sets its own roof only (remote_roof) */
        m->curves[i].used = kernel_used(s, m->curves[i].kernel) && !m->curves[i].remote;
    size_t first_ceiling = m->nceilings;
    for (unsigned l = 0; l <= m->ncache; l++) {
        char name[16];
        rfl_level_name(m, l, name, sizeof name);
        double *trans = calloc(m->ncurves, sizeof *trans);
        if (!trans)
            return -1;
        struct rfl_plateau_pick pick;
        rfl_plateau_pick(m->curves, m->ncurves, (int)l, 1, trans, &pick);
        const struct rfl_bw_curve *win = pick.curve;
        if (!win) {
            if (pick.with_points)
                rfl_model_note(m, "%s: no plateau in any bandwidth curve (its working sets fall in transitions), "
                                  "so no %s ceiling", name, name);
            else
                rfl_model_note(m, "%s: the bandwidth sweep has no working set in this level", name);
            free(trans);
            continue;
        }
        struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
        if (!ce) {
            free(trans);
            return -1;
        }
        from_curve(ce, name, win, pick.best);
        ce->wss_min_bytes = win->wss[pick.first];
        ce->wss_max_bytes = win->wss[pick.last];
        double job_threads = (double)(win->ranks * win->threads_per_rank);
        ce->topology_bytes = l < m->ncache ? (uint64_t)llround(win->capacity[l] * job_threads)
                                           : m->memory_bytes * (uint64_t)win->nodes;
        size_t nt = pick.ntrans; /* the median, of whole bytes */
        if (nt)
            ce->transition_bytes = nt % 2 ? (uint64_t)llround(trans[nt / 2])
                                          : ((uint64_t)llround(trans[nt / 2 - 1]) + (uint64_t)llround(trans[nt / 2])) / 2;
        free(trans);
        ce->flops_per_elem = NAN;
        ce->points = pick.count;
        ce->unconfirmed = pick.unconfirmed;
        if (pick.unconfirmed) {
            char lo[32], hi[32];
            rfl_model_note(m, "%s: no bandwidth curve's memory plateau is confirmed (flat within its noise over two "
                              "octaves past the last transition): the ceiling is the tail of %s %s %s (%s to %s), "
                              "which may still hold cached data or noise; rfl_bandwidth without --wss extends its "
                              "sweep until the plateau is confirmed", name, win->kernel, win->precision, win->isa,
                           rfl_format_size(ce->wss_min_bytes, lo, sizeof lo),
                           rfl_format_size(ce->wss_max_bytes, hi, sizeof hi));
        }
        /* The plateau's points next to the best within RFL_SPREAD_PLATEAU of it: a ramp at the
         * plateau's edge (a GPU not yet full, a cache half left) measures another quantity. */
        size_t top_first, top_last;
        rfl_spread_top_plateau(win->y + pick.first, pick.last - pick.first + 1, pick.best - pick.first, &top_first,
                               &top_last);
        rfl_spread_set(ce, win->y, win->y_median, win->samples, pick.first + top_first, pick.first + top_last);
        ce->curve = (long)(win - m->curves);
        ce->segment = win->levels.owner[l];
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[win->input].file);
    }
    rfl_mark_shared(m, first_ceiling);
    return remote_roof(m, s);
}

int rfl_flops_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    (void)s;
    char *done = calloc(m->nseries ? m->nseries : 1, 1);
    if (!done)
        return -1;
    for (size_t i = 0; i < m->nseries; i++) {
        if (done[i])
            continue;
        const struct rfl_flops_series *best = NULL;
        size_t best_row = 0;
        for (size_t j = i; j < m->nseries; j++) {
            const struct rfl_flops_series *f = &m->series[j];
            if (strcmp(f->precision, m->series[i].precision) || strcmp(f->isa, m->series[i].isa) ||
                strcmp(f->variant, m->series[i].variant))
                continue;
            done[j] = 1;
            rfl_flops_best(f, &best, &best_row);
        }
        if (!best)
            continue;
        struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
        if (!ce) {
            free(done);
            return -1;
        }
        snprintf(ce->device, sizeof ce->device, "cpu");
        ce->kind = RFL_CEILING_COMPUTE;
        /* The variant is in the name only where one precision and ISA has several. */
        int many_variants = 0;
        for (size_t j = 0; j < m->nseries; j++)
            many_variants |= !strcmp(m->series[j].precision, best->precision) &&
                             !strcmp(m->series[j].isa, best->isa) && strcmp(m->series[j].variant, best->variant);
        if (many_variants)
            snprintf(ce->name, sizeof ce->name, "%s %s %s", best->precision, best->isa, best->variant);
        else
            snprintf(ce->name, sizeof ce->name, "%s %s", best->precision, best->isa);
        ce->value = best->gflops[best_row];
        snprintf(ce->program, sizeof ce->program, "rfl_flops");
        if (best->unroll[best_row] > 0)
            snprintf(ce->kernel, sizeof ce->kernel, "%s unroll %d", best->variant, (int)(best->unroll[best_row] & 0xffff));
        else
            snprintf(ce->kernel, sizeof ce->kernel, "%s", best->variant);
        snprintf(ce->precision, sizeof ce->precision, "%s", best->precision);
        snprintf(ce->isa, sizeof ce->isa, "%s", best->isa);
        ce->ranks = best->ranks;
        ce->threads_per_rank = best->threads_per_rank;
        ce->wss_min_bytes = ce->wss_max_bytes = best->wss[best_row];
        ce->flops_per_elem = best->fpe[best_row];
        ce->points = 1;
        size_t top_first, top_last;
        rfl_spread_top_plateau(best->gflops, best->n, best_row, &top_first, &top_last);
        rfl_spread_set(ce, best->gflops, best->median, best->samples, top_first, top_last);
        ce->synchronised = best->sync ? best->sync[best_row] : NAN;
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[best->input].file);
    }
    free(done);
    return 0;
}


void rfl_attach_spec(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    double clock = s->spec_clock_ghz > 0 ? s->spec_clock_ghz : m->clock_ghz;
    const char *clock_from = s->spec_clock_ghz > 0 ? "" : " measured";
    rfl_fma_units_describe(m, s);
    for (size_t i = 0; i < m->nceilings; i++) {
        struct rfl_ceiling *c = &m->ceilings[i];
        if (strcmp(c->device, "cpu") != 0)
            continue;
        unsigned cores = s->spec_cores ? s->spec_cores : (unsigned)(c->ranks * c->threads_per_rank);
        if (c->kind == RFL_CEILING_BANDWIDTH) {
            for (int l = 0; l < RFL_NSPEC_LEVELS; l++) {
                if (strcmp(c->name, rfl_spec_level_names[l]) != 0)
                    continue;
                if (s->spec_gbytes_per_s[l] > 0) {
                    c->spec = s->spec_gbytes_per_s[l];
                    snprintf(c->spec_source, sizeof c->spec_source, "config");
                } else if (l != RFL_SPEC_DRAM && s->spec_bytes_per_cycle[l] > 0 && clock > 0) {
                    c->spec = s->spec_bytes_per_cycle[l] * clock * cores;
                    snprintf(c->spec_source, sizeof c->spec_source, "%u cores x %.2f GHz%s x %g B/cycle", cores,
                             clock, clock_from, s->spec_bytes_per_cycle[l]);
                }
            }
            continue;
        }
        for (int p = 0; p < RFL_NSPEC_PRECISIONS; p++) {
            if (strcmp(c->precision, rfl_spec_precision_names[p]) != 0)
                continue;
            if (s->spec_gflops_per_s[p] > 0) {
                c->spec = s->spec_gflops_per_s[p];
                snprintf(c->spec_source, sizeof c->spec_source, "config");
            } else if (s->spec_flops_per_cycle[p] > 0 && clock > 0) {
                /* Threads that share FMA units count once (fma_units.c). */
                unsigned units = cores;
                char what[96];
                if (s->spec_cores)
                    snprintf(what, sizeof what, "%u cores", cores);
                else
                    rfl_fma_spec_cores(m, c, &units, what, sizeof what);
                c->spec = s->spec_flops_per_cycle[p] * clock * units;
                if (snprintf(c->spec_source, sizeof c->spec_source, "%s x %.2f GHz%s x %g flops/cycle", what, clock,
                             clock_from, s->spec_flops_per_cycle[p]) < 0)
                    c->spec_source[0] = '\0';
            } else if (m->clock_ghz > 0 && m->fma.flops_per_cycle[p] > 0) {
                unsigned units = cores;
                char what[96];
                if (rfl_fma_spec_cores(m, c, &units, what, sizeof what)) {
                    c->spec = m->fma.flops_per_cycle[p] * m->clock_ghz * units;
                    if (snprintf(c->spec_source, sizeof c->spec_source, "rfl_flops: %s x %.2f GHz measured x %g "
                                 "flops/cycle", what, m->clock_ghz, m->fma.flops_per_cycle[p]) < 0)
                        c->spec_source[0] = '\0';
                }
            }
        }
        if (isnan(c->spec)) {
            /* The flops program's own peak for the machine (its widest ISA). */
            double peak = NAN;
            for (size_t j = 0; j < m->nseries; j++)
                if (!strcmp(m->series[j].precision, c->precision) && m->series[j].peak > 0 &&
                    !(peak >= m->series[j].peak))
                    peak = m->series[j].peak;
            if (peak > 0) {
                c->spec = peak;
                snprintf(c->spec_source, sizeof c->spec_source, "rfl_flops: cores x measured clock x flops/cycle");
            }
        }
    }
}

double rfl_app_attainable(const struct rfl_model *m, const struct rfl_app *a, char *bound, size_t len)
{
    const struct rfl_ceiling *peak = rfl_model_peak(m, "cpu", a->precision);
    if (!peak)
        peak = rfl_model_peak(m, "cpu", NULL);
    const struct rfl_ceiling *bw = NULL;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        if (c->kind != RFL_CEILING_BANDWIDTH || strcmp(c->device, "cpu") != 0)
            continue;
        if (a->level[0] ? strcmp(c->name, a->level) == 0 : (!bw || c->value < bw->value))
            bw = c;
    }
    double mem = bw ? bw->value * a->ai : INFINITY;
    double top = peak ? peak->value : INFINITY;
    if (!bw && !peak) {
        snprintf(bound, len, "none");
        return 0;
    }
    /* Without a peak (no flops.csv) the bandwidth alone bounds the point,
     * however large intensity x bandwidth is (infinite when it overflows:
     * rfl_apps_read refuses such a point). */
    if (!peak || mem < top) {
        snprintf(bound, len, "%s bandwidth", bw->name);
        return mem;
    }
    snprintf(bound, len, "%s peak", peak->name);
    return top;
}
