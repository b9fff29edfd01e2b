/* --mode mix: the FMA:LDS mix throughput the upper-bound model reads
 * (Lai and Seznec, Section 4.1, Fig. 2), and the L2 and DRAM bandwidths of
 * its memory bound (Eq. 6).  Every mix kernel runs with as many blocks as
 * fit on the device at once, long enough (--min-time) that the clock read
 * inside block 0 spans the kernel; rates are warp instructions per clock
 * per SM, the unit of the per-SM peaks. */
#include "config.h"
#include "gemm/gemm_internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rfl_gemm_mix_free(struct rfl_gemm_mix *m)
{
    free(m->points);
    memset(m, 0, sizeof *m);
}

int rfl_gemm_mix_pattern(const struct rfl_gemm_mix *m, enum rfl_gemm_op op, int lds_bytes, int distinct)
{
    int pattern = -1;
    for (int i = 0; m && m->points && i < m->npoints; i++) {
        const struct rfl_gemm_mix_point *p = &m->points[i];
        if (p->op == op && p->lds_bytes == lds_bytes && p->lds_per_group > 0 &&
            (pattern < 0 || abs(p->lds_distinct - distinct) < abs(pattern - distinct)))
            pattern = p->lds_distinct;
    }
    return pattern;
}

double rfl_gemm_mix_fma_rate(const struct rfl_gemm_mix *m, enum rfl_gemm_op op, int lds_bytes, int distinct,
                             double ratio)
{
    if (!m || !m->points)
        return NAN;
    /* Without loads: the point without loads of that op (any width). */
    if (!isfinite(ratio)) {
        for (int i = 0; i < m->npoints; i++)
            if (m->points[i].op == op && m->points[i].lds_per_group == 0)
                return m->points[i].fma_per_clock;
        return NAN;
    }
    /* The measured pattern nearest the kernel's. */
    const int pattern = rfl_gemm_mix_pattern(m, op, lds_bytes, distinct);
    const struct rfl_gemm_mix_point *lo = NULL, *hi = NULL;
    double below = 0; /* the best rate measured at this ratio or a lower one */
    for (int i = 0; i < m->npoints; i++) {
        const struct rfl_gemm_mix_point *p = &m->points[i];
        if (p->op != op || p->lds_bytes != lds_bytes || p->lds_distinct != pattern || p->lds_per_group == 0 ||
            !(p->fma_per_clock > 0))
            continue;
        if (p->fma_per_lds <= ratio && (!lo || p->fma_per_lds > lo->fma_per_lds))
            lo = p;
        if (p->fma_per_lds >= ratio && (!hi || p->fma_per_lds < hi->fma_per_lds))
            hi = p;
        if (p->fma_per_lds <= ratio && p->fma_per_clock > below)
            below = p->fma_per_clock;
    }
    if (!lo && !hi)
        return NAN;
    double rate;
    if (!lo)
        rate = hi->fma_per_clock;
    else if (!hi || hi == lo || hi->fma_per_lds == lo->fma_per_lds)
        rate = lo->fma_per_clock;
    else {
        const double t = (log2(ratio) - log2(lo->fma_per_lds)) / (log2(hi->fma_per_lds) - log2(lo->fma_per_lds));
        rate = lo->fma_per_clock + t * (hi->fma_per_clock - lo->fma_per_clock);
    }
    /* Fewer loads per FMA never make a loop slower on the hardware: the
     * mix's dips at high ratios (its FMAs waiting on each other) are its
     * own, so the rate is at least any point's at a lower ratio. */
    return rate > below ? rate : below;
}

static void emit(struct rfl_gemm_ctx *c, const char *kind, const struct rfl_gemm_mix_kernel *k, unsigned blocks,
                 unsigned long long iterations, double t, double mhz, const struct rfl_gemm_mix_point *p,
                 double gbytes)
{
    double mine[8] = {t, mhz, p ? p->fma_per_clock : NAN, p ? p->lds_per_clock : NAN, gbytes, (double)blocks,
                      (double)iterations, (double)c->dev.index};
    double *all = rfl_gpu_gather_doubles(mine, 8);
    if (c->root && c->mix_csv && all) {
        const struct rfl_sass_counts *sc = k ? rfl_gemm_sass_find(k->symbol) : NULL;
        for (int r = 0; r < c->ranks; r++) {
            const double *v = all + (size_t)r * 8;
            struct rfl_csv *csv = c->mix_csv;
            rfl_csv_int(csv, r);
            rfl_csv_int(csv, (long long)v[7]);
            rfl_csv_str(csv, kind);
            rfl_csv_str(csv, k ? rfl_gemm_op_names[k->op] : "");
            rfl_csv_int(csv, k ? k->lds_bytes : 0);
            rfl_csv_int(csv, k ? k->lds_distinct : 0);
            rfl_csv_int(csv, k ? k->fma_per_group : 0);
            rfl_csv_int(csv, k ? k->lds_per_group : 0);
            rfl_csv_double(csv, k && k->lds_per_group ? (double)k->fma_per_group / k->lds_per_group : NAN);
            rfl_csv_int(csv, RFL_GEMM_MIX_THREADS);
            rfl_csv_u64(csv, (uint64_t)v[5]);
            rfl_csv_u64(csv, (uint64_t)v[6]);
            rfl_csv_double(csv, sc && sc->has_loop ? sc->loop_instructions : NAN);
            rfl_csv_double(csv, v[0]);
            rfl_csv_double(csv, v[1]);
            rfl_csv_double(csv, v[2]);
            rfl_csv_double(csv, v[3]);
            rfl_csv_double(csv, isnan(v[2]) ? NAN : v[2] + v[3]);
            double peak = NAN;
            if (k) {
                const double per_clock =
                    k->op == RFL_GEMM_OP_FFMA   ? c->dev.rates.fp32_fma / 32.0
                    : k->op == RFL_GEMM_OP_DFMA ? c->dev.rates.fp64_fma / 32.0
                    : rfl_gemm_unit_flops_per_clock(&c->dev, RFL_GEMM_UNIT_FP64_TENSOR) /
                          (k->op == RFL_GEMM_OP_DMMA884 ? 512.0 : 4096.0);
                peak = per_clock > 0 ? v[2] / per_clock : NAN;
            }
            rfl_csv_double(csv, peak);
            rfl_csv_double(csv, v[4]);
            rfl_csv_end_row(csv);
        }
    }
    free(all);
}

static int run_mix_kernel(struct rfl_gemm_ctx *c, const struct rfl_gemm_mix_kernel *k, void *out,
                          struct rfl_gemm_mix_point *p, unsigned *blocks_out, unsigned long long *it_out, double *t_out)
{
    int per_sm = 0;
    if (RFL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k->func, RFL_GEMM_MIX_THREADS, 0)))
        return -1;
    if (per_sm < 1)
        per_sm = 1;
    const unsigned blocks = (unsigned)per_sm * (unsigned)c->dev.sm_count;
    const double min_time = c->min_time_s > 0.01 ? c->min_time_s : 0.01;
    unsigned long long it = 4;
    double t = 0;
    for (;;) {
        if (rfl_gpu_timer_start(&c->timer) ||
            RFL_CUDA(k->launch(blocks, RFL_GEMM_MIX_THREADS, it, out, c->clock, c->stream)) ||
            rfl_gpu_timer_stop(&c->timer, &t))
            return -1;
        if (t >= min_time || it >= (1ull << 36))
            break;
        it *= t > 0 && min_time / t < 64 ? 2 : 16;
    }
    double best = INFINITY, mhz = NAN;
    for (unsigned e = 0; e < 3; e++) {
        double te;
        struct rfl_gpu_clock h;
        if (rfl_gpu_timer_start(&c->timer) ||
            RFL_CUDA(k->launch(blocks, RFL_GEMM_MIX_THREADS, it, out, c->clock, c->stream)) ||
            rfl_gpu_timer_stop(&c->timer, &te) || RFL_CUDA(cudaMemcpy(&h, c->clock, sizeof h, cudaMemcpyDeviceToHost)))
            return -1;
        if (te < best) {
            best = te;
            mhz = rfl_gpu_clock_mhz(&h);
        }
    }
    const double warps = (double)blocks * RFL_GEMM_MIX_THREADS / 32.0;
    const double clocks_per_sm = best * mhz * 1e6 * c->dev.sm_count;
    const double groups = (double)k->groups_per_iteration * (double)it * warps;
    p->op = k->op;
    p->lds_bytes = k->lds_bytes;
    p->lds_distinct = k->lds_distinct;
    p->fma_per_group = k->fma_per_group;
    p->lds_per_group = k->lds_per_group;
    p->fma_per_lds = k->lds_per_group ? (double)k->fma_per_group / k->lds_per_group : INFINITY;
    p->fma_per_clock = mhz > 0 ? groups * k->fma_per_group / clocks_per_sm : NAN;
    p->lds_per_clock = mhz > 0 ? groups * k->lds_per_group / clocks_per_sm : NAN;
    p->mhz = mhz;
    *blocks_out = blocks;
    *it_out = it;
    *t_out = best;
    return 0;
}

int rfl_gemm_mix_run(struct rfl_gemm_ctx *c, struct rfl_gemm_mix *out)
{
    memset(out, 0, sizeof *out);
    int n;
    const struct rfl_gemm_mix_kernel *table = rfl_gemm_mix_table(&n);
    out->points = calloc((size_t)n, sizeof *out->points);
    void *sink = NULL, *buf = NULL, *dst = NULL;
    const size_t sink_bytes = (size_t)c->dev.sm_count * 2048 * sizeof(double);
    if (!out->points || RFL_CUDA(cudaMalloc(&sink, sink_bytes))) {
        free(out->points);
        out->points = NULL;
        return -1;
    }
    int rc = 0;
    double mhz_all[256];
    int nmhz = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        unsigned blocks;
        unsigned long long it;
        double t;
        /* Collective, as emit is: a signal stops the run (status 130). */
        if (rfl_interrupt_agree(0, &c->out.status)) {
            rc = -1;
            break;
        }
        if (run_mix_kernel(c, &table[i], sink, &out->points[i], &blocks, &it, &t)) {
            rc = -1;
            break;
        }
        out->npoints++;
        if (isfinite(out->points[i].mhz) && nmhz < 256)
            mhz_all[nmhz++] = out->points[i].mhz;
        emit(c, "mix", &table[i], blocks, it, t, out->points[i].mhz, &out->points[i], NAN);
        rfl_progress("mix %s lds%d d%d %dx%d", rfl_gemm_op_names[table[i].op], table[i].lds_bytes,
                     table[i].lds_distinct, table[i].fma_per_group, table[i].lds_per_group);
    }
    struct rfl_stats st;
    out->mhz = nmhz && rfl_stats_compute(mhz_all, (size_t)nmhz, &st) == 0 ? st.median : NAN;

    /* L2: reads of a buffer half the L2 size, 16 bytes at a time, L1 bypassed. */
    const size_t l2_bytes = c->dev.l2_bytes ? c->dev.l2_bytes / 2 / 4096 * 4096 : (size_t)16 << 20;
    if (rc == 0 && RFL_CUDA(cudaMalloc(&buf, l2_bytes)))
        rc = -1;
    if (rc == 0 && RFL_CUDA(cudaMemsetAsync(buf, 0, l2_bytes, c->stream)))
        rc = -1;
    if (rc == 0) {
        unsigned passes = 1;
        double t = 0, best = INFINITY;
        const unsigned blocks = (unsigned)c->dev.sm_count * 8;
        for (;;) {
            if (rfl_gpu_timer_start(&c->timer) ||
                RFL_CUDA(rfl_gemm_l2_read(buf, l2_bytes, passes, blocks, (unsigned long long *)sink, c->stream)) ||
                rfl_gpu_timer_stop(&c->timer, &t)) {
                rc = -1;
                break;
            }
            if (t >= 0.01 || passes >= (1u << 20))
                break;
            passes *= 2;
        }
        for (unsigned e = 0; e < 3 && rc == 0; e++) {
            if (rfl_gpu_timer_start(&c->timer) ||
                RFL_CUDA(rfl_gemm_l2_read(buf, l2_bytes, passes, blocks, (unsigned long long *)sink, c->stream)) ||
                rfl_gpu_timer_stop(&c->timer, &t))
                rc = -1;
            else if (t < best)
                best = t;
        }
        if (rc == 0) {
            out->l2_gbytes_per_s = (double)l2_bytes * passes / best * 1e-9;
            emit(c, "l2_read", NULL, blocks, passes, best, rfl_gpu_nvml_sm_mhz(&c->dev), NULL, out->l2_gbytes_per_s);
        }
    }
    /* DRAM: a device-to-device copy of 8 x L2 (bytes read + written). */
    const size_t copy_bytes = c->dev.l2_bytes ? c->dev.l2_bytes * 8 : (size_t)512 << 20;
    if (rc == 0 && (RFL_CUDA(cudaMalloc(&dst, copy_bytes)) || RFL_CUDA(cudaFree(buf)) ||
                    RFL_CUDA(cudaMalloc(&buf, copy_bytes))))
        rc = -1;
    if (rc == 0 && RFL_CUDA(cudaMemsetAsync(buf, 1, copy_bytes, c->stream)))
        rc = -1;
    if (rc == 0) {
        double best = INFINITY, t;
        for (unsigned e = 0; e < 4 && rc == 0; e++) {
            if (rfl_gpu_timer_start(&c->timer) ||
                RFL_CUDA(cudaMemcpyAsync(dst, buf, copy_bytes, cudaMemcpyDeviceToDevice, c->stream)) ||
                rfl_gpu_timer_stop(&c->timer, &t))
                rc = -1;
            else if (e > 0 && t < best)
                best = t;
        }
        if (rc == 0) {
            out->dram_gbytes_per_s = 2.0 * (double)copy_bytes / best * 1e-9;
            emit(c, "dram_copy", NULL, 0, 1, best, rfl_gpu_nvml_sm_mhz(&c->dev), NULL, out->dram_gbytes_per_s);
        }
    }
    cudaFree(buf);
    cudaFree(dst);
    cudaFree(sink);
    rfl_progress_done();
    return rc;
}
