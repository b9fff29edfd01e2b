/* The GPU's ceilings: a bandwidth per memory level (the best plateau of
 * rfl's own kernels), the host link from the transfer fit, and a compute
 * roof per precision (rfl_gpu_flops) and per tensor unit (rfl_gemm). */
#include "config.h"
#include "dense.h"
#include "gpu.h"
#include "load.h"
#include "model.h"
#include "spread.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_ceiling *rfl_gpu_ceiling(const struct rfl_model *m, const char *name)
{
    if (!m->gpu)
        return NULL;
    for (size_t i = 0; i < m->nceilings; i++)
        if (!strcmp(m->ceilings[i].device, m->gpu->dev.label) && !strcmp(m->ceilings[i].name, name))
            return &m->ceilings[i];
    return NULL;
}

double rfl_gpu_gemm_attainable(const struct rfl_model *m, const struct rfl_gpu_gemm *r)
{
    char roof_name[32];
    rfl_gpu_gemm_roof_name(r, roof_name, sizeof roof_name);
    const struct rfl_ceiling *roof = rfl_gpu_ceiling(m, roof_name);
    const struct rfl_ceiling *mem = rfl_gpu_ceiling(m, rfl_gpu_level_names[RFL_GPU_DEVMEM]);
    double top = roof ? roof->value : r->peak > 0 ? r->peak : INFINITY;
    double bw = mem ? mem->value * 2.0 * r->m * r->n * r->k / rfl_gpu_gemm_bytes(r) : INFINITY;
    double a = fmin(top, bw);
    return isfinite(a) ? a : 0;
}

static struct rfl_ceiling *new_gpu_ceiling(struct rfl_model *m, enum rfl_ceiling_kind kind, const char *name)
{
    struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
    if (!ce)
        return NULL;
    snprintf(ce->device, sizeof ce->device, "%s", m->gpu->dev.label);
    ce->kind = kind;
    snprintf(ce->name, sizeof ce->name, "%s", name);
    snprintf(ce->isa, sizeof ce->isa, "%s", m->gpu->dev.arch);
    ce->ranks = 1;
    return ce;
}

static void clock_text(char *buf, size_t len, double mhz, int measured)
{
    snprintf(buf, len, "%.2f GHz%s", mhz / 1000.0, measured ? " measured" : " max");
}

static int bandwidth_levels(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    size_t first_ceiling = m->nceilings;
    for (int L = 0; L < RFL_GPU_NLEVELS; L++) {
        double *trans = calloc(g->ncurves + 1, sizeof *trans);
        if (!trans)
            return -1;
        struct rfl_plateau_pick pick;
        rfl_plateau_pick(g->curves, g->ncurves, L, 0, trans, &pick);
        const struct rfl_bw_curve *win = pick.curve;
        const char *name = rfl_gpu_level_names[L];
        int have_kernel = 0;
        for (size_t i = 0; i < g->ncurves; i++)
            for (unsigned l = 0; l <= g->curves[i].ncache; l++)
                have_kernel |= g->curves[i].used && g->curves[i].level_of[l] == L;
        if (!win && g->ncurves && !have_kernel && L == RFL_GPU_SHARED) {
            rfl_model_note(m, "%s shared: no Kernel C (shared_blocked) rows, so no shared-memory ceiling", d->label);
            free(trans);
            continue;
        }
        if (!win) {
            if (g->ncurves && pick.with_points)
                rfl_model_note(m, "%s %s: no plateau in any bandwidth curve (its working sets fall in transitions), "
                                  "so no %s ceiling", d->label, name, name);
            else if (g->ncurves)
                rfl_model_note(m, "%s %s: the bandwidth sweep has no working set in this level", d->label, name);
            free(trans);
            continue;
        }
        struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_BANDWIDTH, name);
        if (!ce) {
            free(trans);
            return -1;
        }
        ce->value = win->y[pick.best];
        snprintf(ce->program, sizeof ce->program, "rfl_gpu_bandwidth");
        if (win->threads_per_block)
            snprintf(ce->kernel, sizeof ce->kernel, "%s %s %ldx%ld", win->kernel, win->access, win->blocks,
                     win->threads_per_block);
        else
            snprintf(ce->kernel, sizeof ce->kernel, "%s %s", win->kernel, win->access);
        snprintf(ce->precision, sizeof ce->precision, "%s", win->precision);
        ce->threads_per_rank = win->threads_per_block * win->blocks;
        ce->wss_min_bytes = (uint64_t)win->x[pick.first];
        ce->wss_max_bytes = (uint64_t)win->x[pick.last];
        ce->topology_bytes = L == RFL_GPU_SHARED ? (uint64_t)d->sm_count * d->shared_bytes_per_sm
                             : L == RFL_GPU_L1   ? (uint64_t)d->sm_count * d->l1_bytes_per_sm
                             : L == RFL_GPU_L2   ? d->l2_bytes
                                                 : d->global_mem_bytes;
        size_t nt = pick.ntrans; /* the median, geometric between two */
        if (nt)
            ce->transition_bytes = (uint64_t)llround(nt % 2 ? trans[nt / 2] : sqrt(trans[nt / 2 - 1] * trans[nt / 2]));
        free(trans);
        ce->points = pick.count;
        if (L == RFL_GPU_L2 && rfl_gbw_l2_band_kernel(rfl_gbw_kernel_of(win->kernel)))
            rfl_model_note(m, "%s L2: the ceiling is the band of data sets past L2/8 and within L2/2, of the "
                              "kernels that skip L1 (below L2/8 a few loads per thread; past L2/2 drawn, not "
                              "used)", d->label);
        /* The plateau's points next to the best within RFL_SPREAD_PLATEAU of it: a ramp at the
         * plateau's edge (a GPU not yet full, a cache half left) measures another quantity. */
        size_t top_first, top_last;
        rfl_spread_top_plateau(win->y + pick.first, pick.last - pick.first + 1, pick.best - pick.first, &top_first,
                               &top_last);
        rfl_spread_set(ce, win->y, win->y_median, win->samples, pick.first + top_first, pick.first + top_last);
        ce->curve = (long)(win - g->curves);
        ce->segment = win->levels.owner[pick.local];
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[win->input].file);
        /* Spec: the datasheet's memory bandwidth; shared memory and L1 (one
         * SRAM) at their bytes per clock per SM at the row's clock. */
        if (L == RFL_GPU_DEVMEM && d->datasheet_gbytes_per_s > 0) {
            ce->spec = d->datasheet_gbytes_per_s;
            snprintf(ce->spec_source, sizeof ce->spec_source, "datasheet %.100s", d->part[0] ? d->part : d->name);
        } else if (L == RFL_GPU_DEVMEM && d->mem_theoretical_gbytes_per_s > 0) {
            ce->spec = d->mem_theoretical_gbytes_per_s;
            snprintf(ce->spec_source, sizeof ce->spec_source, "2 x memory clock x bus width");
        } else if ((L == RFL_GPU_SHARED || L == RFL_GPU_L1) && d->shared_bytes_per_clock > 0) {
            double mhz = win->clock_mhz[pick.best];
            int measured = mhz > 0;
            if (!measured)
                mhz = d->sm_clock_max_mhz;
            if (mhz > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, mhz, measured);
                ce->spec = d->sm_count * d->shared_bytes_per_clock * mhz / 1000.0;
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x %g B/clk", d->sm_count, clk,
                         d->shared_bytes_per_clock);
            }
        }
    }
    rfl_mark_shared(m, first_ceiling);
    /* Each kernel drawn but not used, once. */
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_bw_curve *c = &g->curves[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = !g->curves[j].used && !strcmp(g->curves[j].kernel, c->kernel);
        if (c->used || seen)
            continue;
        /* Why, from the kernel table (schema/gpu_kernels.inc). */
        const int k = rfl_gbw_kernel_of(c->kernel);
        const char *why = k < RFL_GBW_NKERNELS && rfl_gbw_kernels[k].drawn
                              ? rfl_gbw_kernels[k].drawn
                              : "is drawn for comparison; the ceilings come from rfl's own kernels";
        rfl_model_note(m, "%s: %s %s", m->inputs[c->input].file, c->kernel, why);
    }
    return 0;
}

/* The bytes of the copy whose rate is the host link's direct figure (the
 * best rate among the copies), for its spread. */
static double best_copy_bytes(const struct rfl_timed_points *p)
{
    double bytes = 0, best = 0;
    for (size_t i = 0; i < p->n; i++)
        if (p->t_min[i] > 0 && p->bytes[i] / p->t_min[i] > best) {
            best = p->bytes[i] / p->t_min[i];
            bytes = p->bytes[i];
        }
    return bytes;
}

/* The host link per direction: the pinned fit where it passed its check
 * (rfl_gpu_transfer_judge), else the best long copy, else none; a note
 * says why whenever it is not the fit. */
static int host_link(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    static const char *const dirs[] = {"h2d", "d2h"}; /* RFL_GPU_HOST_LINK " h2d" ... */
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < g->ntransfers; i++) {
            const struct rfl_gpu_transfer *x = &g->transfers[i];
            if (strcmp(x->direction, dirs[k]) || strcmp(x->host_memory, "pinned") || !x->check[0])
                continue;
            char name[32], why[256], tries[48] = "";
            snprintf(name, sizeof name, "%s %s", RFL_GPU_HOST_LINK, dirs[k]);
            if (x->attempts > 1)
                snprintf(tries, sizeof tries, " after %ld measurements", x->attempts);
            if (!x->have_fit)
                snprintf(why, sizeof why, "no fit (too few sizes)");
            else
                snprintf(why, sizeof why,
                         "the pinned fit (%.3g GB/s, max error %.0f%%) is not within %.0f%% of the largest copy "
                         "(%.3g GB/s)%s, so it is no ceiling",
                         x->gbytes_per_s, x->max_error * 100, RFL_GPU_FIT_TOLERANCE * 100, x->largest_gbytes_per_s,
                         tries);
            if (x->from == RFL_GPU_LINK_NONE) {
                rfl_model_note(m, "%s %s: %s; no copy was long enough to stand for the link either: no host link "
                                  "%s ceiling", g->dev.label, name, why, dirs[k]);
                continue;
            }
            if (x->from == RFL_GPU_LINK_COPIES)
                rfl_model_note(m, "%s %s: %s; the ceiling is the best long copy, %.3g GB/s (direct measurement)%s",
                               g->dev.label, name, why, x->link_gbytes_per_s,
                               x->check_recorded ? "" : " (the file records no verdict: checked here)");
            struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_BANDWIDTH, name);
            if (!ce)
                return -1;
            ce->isa[0] = '\0';
            ce->value = x->link_gbytes_per_s;
            snprintf(ce->program, sizeof ce->program, "rfl_gpu_micro");
            snprintf(ce->kernel, sizeof ce->kernel, "%s",
                     x->from == RFL_GPU_LINK_FIT ? "cudaMemcpy pinned, fit" : "cudaMemcpy pinned, best copy");
            ce->threads_per_rank = 1;
            rfl_ceiling_fit_span(ce, x->bytes_min, x->bytes_max, x->points, m->inputs[x->fit_input].file);
            const double lo = x->from == RFL_GPU_LINK_FIT ? (double)x->bytes_min : best_copy_bytes(&x->pts);
            const double hi = x->from == RFL_GPU_LINK_FIT ? (double)x->bytes_max : lo;
            if (rfl_spread_set_fit(ce, &x->pts, lo, hi) != 0)
                return -1;
        }
    return 0;
}

/* A spec from the architecture's table (rfl_gpu_arch_flops_per_clock) for
 * a roof whose row has none: SMs x the row's clock (else the device's
 * maximum) x FLOPs per clock. */
static void spec_from_table(struct rfl_ceiling *ce, const struct rfl_gpu_device *d, double row_mhz)
{
    const double per_clock = rfl_gpu_arch_flops_per_clock(d->arch, ce->name);
    const int measured = row_mhz > 0;
    const double mhz = measured ? row_mhz : d->sm_clock_max_mhz;
    if (!(per_clock > 0) || !(mhz > 0) || !d->sm_count)
        return;
    char clk[48];
    clock_text(clk, sizeof clk, mhz, measured);
    ce->spec = d->sm_count * mhz * per_clock / 1000.0;
    snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x %g flops/clk (%s table)", d->sm_count, clk,
             per_clock, d->arch);
}

/* A tensor roof from one verified GEMM: its best and median sample of `samples`, the program
 * and kernel that ran it, its three matrices' bytes and its input file; the spec is the
 * caller's. */
static struct rfl_ceiling *tensor_roof(struct rfl_model *m, const char *name, const double *best, const double *median,
                                       const long *samples, const char *program, const char *kernel,
                                       const char *precision, double bytes, size_t input)
{
    struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_COMPUTE, name);
    if (!ce)
        return NULL;
    ce->value = *best;
    snprintf(ce->program, sizeof ce->program, "%s", program);
    snprintf(ce->kernel, sizeof ce->kernel, "%s", kernel);
    snprintf(ce->precision, sizeof ce->precision, "%s", precision);
    ce->threads_per_rank = 0;
    ce->wss_min_bytes = ce->wss_max_bytes = (uint64_t)bytes;
    ce->points = 1;
    rfl_spread_set(ce, best, median, samples, 0, 0);
    snprintf(ce->file, sizeof ce->file, "%s", m->inputs[input].file);
    return ce;
}

/* A tensor roof from rfl_dense's GEMM reference row r, the fastest of `among` verified GEMMs. */
static int dense_roof(struct rfl_model *m, const struct rfl_gpu_device *d, const char *name,
                      const struct rfl_dense_row *r, size_t among)
{
    rfl_model_note(m, "%s %s: the best of %zu verified GEMMs, rfl_dense's cublas gemm n=%llu", d->label, name, among,
                   (unsigned long long)r->n);
    const double es = strcmp(r->precision, "fp64") ? 4 : 8, n = (double)r->n;
    const double median = r->gflops_median > 0 ? r->gflops_median : r->gflops;
    char kernel[64];
    snprintf(kernel, sizeof kernel, "cublas gemm %llux%llux%llu", (unsigned long long)r->n, (unsigned long long)r->n,
             (unsigned long long)r->n);
    struct rfl_ceiling *ce =
        tensor_roof(m, name, &r->gflops, &median, &r->experiments, "rfl_dense", kernel, r->precision, 3 * n * n * es,
                    r->input);
    if (!ce)
        return -1;
    spec_from_table(ce, d, 0);
    return 0;
}

static int compute_roofs(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    for (int p = 0; p < RFL_GPU_NPRECISION; p++) {
        const char *prec = rfl_gpu_precisions[p].name;
        const struct rfl_flops_series *best = NULL;
        size_t bk = 0;
        for (size_t i = 0; i < g->nflops; i++)
            if (!strcmp(g->flops[i].precision, prec))
                rfl_flops_best(&g->flops[i], &best, &bk);
        if (!best)
            continue;
        struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_COMPUTE, prec);
        if (!ce)
            return -1;
        ce->value = best->gflops[bk];
        snprintf(ce->program, sizeof ce->program, "rfl_gpu_flops");
        snprintf(ce->kernel, sizeof ce->kernel, "fma chains %ld %ldx%ld", best->chains, best->blocks[bk],
                 best->tpb[bk]);
        snprintf(ce->precision, sizeof ce->precision, "%s", best->precision);
        ce->threads_per_rank = best->tpb[bk] * best->blocks[bk];
        ce->wss_min_bytes = ce->wss_max_bytes = best->wss[bk];
        ce->flops_per_elem = best->fpe[bk];
        ce->points = 1;
        size_t top_first, top_last;
        rfl_spread_top_plateau_within(best->gflops, best->n, bk, RFL_SPREAD_GPU_COMPUTE_PLATEAU, &top_first, &top_last);
        rfl_spread_set(ce, best->gflops, best->median, best->samples, top_first, top_last);
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[best->input].file);
        if (best->row_peak[bk] > 0) {
            ce->spec = best->row_peak[bk];
            double mhz = best->clock_mhz[bk];
            if (mhz > 0 && d->fma_per_clock[p] > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, mhz, 1);
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x 2 x %g FMA/clk", d->sm_count, clk,
                         d->fma_per_clock[p]);
            } else {
                snprintf(ce->spec_source, sizeof ce->spec_source, "rfl_gpu_flops: SMs x clock x FMA/clk");
            }
        } else {
            spec_from_table(ce, d, best->clock_mhz[bk]);
        }
    }
    /* Tensor roofs: of every verified GEMM of a tensor unit and input type
     * (cuBLAS, cuBLASLt, dmma; C in FP32 or in the input type; every
     * shape), the best sample: a roof must bound every kernel the machine
     * runs, and a profiled kernel is timed as one launch, which may run at
     * boost clock before the power limiter acts (torch's BF16 4096^3 GEMM
     * ran at 102% of the roof of the best median). value_low keeps that
     * row's median, so the spread shows how far the typical run falls. */
    static const char *const tensor[] = {"fp64 tensor", "tf32 tensor", "bf16 tensor", "fp16 tensor"};
    for (int t = 0; t < 4; t++) {
        const struct rfl_gpu_gemm *best = NULL;
        size_t among = 0;
        for (size_t i = 0; i < g->ngemm; i++) {
            char name[32];
            rfl_gpu_gemm_roof_name(&g->gemm[i], name, sizeof name);
            if (strcmp(name, tensor[t]) != 0)
                continue;
            among++;
            if (!best || g->gemm[i].gflops > best->gflops)
                best = &g->gemm[i];
        }
        /* rfl_dense's cuBLAS GEMM, the roof of its factorizations, is a verified GEMM of that
         * unit too (an H200's DGEMM at 8192 ran at 62469 GFLOP/s, over rfl_gemm's 57385 at
         * 16384 of another day): where it is faster, it is the roof. */
        const struct rfl_dense_row *dense = NULL;
        for (size_t i = 0; m->dense && i < m->dense->n; i++) {
            const struct rfl_dense_row *r = &m->dense->rows[i];
            const char *roof = rfl_dense_gemm_roof(r, d->arch);
            if (!roof || strcmp(roof, tensor[t]) != 0 || strcmp(r->device, d->label) != 0)
                continue;
            among++;
            if (!dense || r->gflops > dense->gflops)
                dense = r;
        }
        if (dense && best && best->gflops >= dense->gflops)
            dense = NULL;
        if (!best && !dense)
            continue;
        if (dense) {
            if (dense_roof(m, d, tensor[t], dense, among) != 0)
                return -1;
            continue;
        }
        if (among > 1)
            rfl_model_note(m, "%s %s: the best of %zu verified GEMMs, %s %s n%s %ldx%ldx%ld", d->label, tensor[t], among,
                           best->kernel, best->config, best->transb, best->m, best->n, best->k);
        char kernel[64];
        snprintf(kernel, sizeof kernel, "%s n%s %ldx%ldx%ld", best->kernel, best->transb, best->m, best->n, best->k);
        struct rfl_ceiling *ce = tensor_roof(m, tensor[t], &best->gflops, &best->median, &best->samples, "rfl_gemm",
                                             kernel, best->precision, rfl_gpu_gemm_bytes(best), best->input);
        if (!ce)
            return -1;
        if (best->peak > 0) {
            ce->spec = best->peak;
            if (best->clock_mhz > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, best->clock_mhz, 1);
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x %.0f flops/clk (%s)", d->sm_count,
                         clk, best->peak * 1000.0 / (d->sm_count * best->clock_mhz), best->unit);
            } else {
                snprintf(ce->spec_source, sizeof ce->spec_source, "rfl_gemm: SMs x clock x flops/clk (%s)",
                         best->unit);
            }
        } else {
            spec_from_table(ce, d, best->clock_mhz);
        }
    }
    return 0;
}

int rfl_gpu_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    (void)s;
    if (!m->gpu || !m->gpu->dev.known)
        return 0;
    if (bandwidth_levels(m) != 0 || host_link(m) != 0 || compute_roofs(m) != 0)
        return -1;
    return 0;
}
