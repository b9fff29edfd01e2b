/* One point of rfl_gpu_bandwidth's sweep: its timed samples (CUDA events
 * on this rank's GPU; under MPI all ranks start each sample together, so
 * the aggregate row is what the GPUs deliver at once), the calibration of
 * the trials per sample, and the verification of the results afterwards. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/mpi_shim.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Sum of the fill pattern (i % 8) + 1 over n scalars (n a multiple of 8),
 * for `trials` read trials. */
double rfl_gbw_read_sum_closed_form(size_t n_scalars, unsigned long long trials)
{
    return 4.5 * (double)n_scalars * (double)trials;
}

static int sync_clock(struct rfl_gbw_ctx *c, double *mhz)
{
    struct rfl_gpu_clock h;
    if (RFL_CUDA(cudaMemcpy(&h, c->clock, sizeof h, cudaMemcpyDeviceToHost)))
        return -1;
    *mhz = rfl_gpu_clock_mhz(&h);
    return 0;
}

/* One timed sample of `trials` trials; seconds in *t, SM clock in *mhz. */
static int sample(struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, size_t n_vec, unsigned long long trials,
                  double *t, double *mhz)
{
    *mhz = 0;
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer))
        return -1;
    if (cfg->kernel == RFL_GBW_MEMCPY) {
        const size_t half = n_vec * RFL_GBW_VEC_BYTES;
        for (unsigned long long i = 0; i < trials; i++)
            if (RFL_CUDA(cudaMemcpyAsync(c->buf + half, c->buf, half, cudaMemcpyDeviceToDevice, c->stream)))
                return -1;
    } else {
        const struct rfl_gbw_launch l = {
            .kernel = cfg->kernel, .access = cfg->access, .precision = cfg->prec, .a = c->buf, .n_vec = n_vec,
            .trials = trials, .blocks = cfg->blocks, .threads = cfg->threads, .tile_vecs = cfg->tile_vecs,
            .unroll = cfg->unroll, .loads_nc = cfg->loads_nc, .block_sums = c->block_sums, .clock = rfl_gbw_kernels[cfg->kernel].trials_inside ? c->clock : NULL,
            .stream = c->stream};
        if (RFL_CUDA(rfl_gbw_run(&l)))
            return -1;
    }
    if (rfl_gpu_timer_stop(&c->timer, t))
        return -1;
    if (cfg->kernel != RFL_GBW_MEMCPY && rfl_gbw_kernels[cfg->kernel].trials_inside)
        return sync_clock(c, mhz);
    return 0;
}

static int reset_mismatch(struct rfl_gbw_ctx *c) { return rfl_gpu_mismatch_reset(c->mismatch, c->stream); }

/* Runs the device-side check of n_vec vectors at `a` against the pattern
 * plus `offset`; counts wrong scalars into p->bad with a description. */
static int check_array(struct rfl_gbw_ctx *c, enum rfl_gpu_precision prec, const char *a, size_t n_vec, double offset,
                       const char *what, struct rfl_gpu_point *p)
{
    struct rfl_gpu_mismatch m;
    if (reset_mismatch(c) || RFL_CUDA(rfl_gbw_check(prec, a, n_vec, offset, c->mismatch, c->stream)) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
        RFL_CUDA(cudaMemcpy(&m, c->mismatch, sizeof m, cudaMemcpyDeviceToHost)))
        return -1;
    if (m.count == 0)
        return 0;
    double got = NAN;
    const size_t elem = rfl_gpu_precisions[prec].bytes;
    unsigned char raw[8];
    if (RFL_CUDA(cudaMemcpy(raw, a + m.first_index * elem, elem, cudaMemcpyDeviceToHost)))
        return -1;
    if (prec == RFL_GPU_FP64) {
        double v;
        memcpy(&v, raw, 8);
        got = v;
    } else {
        float v;
        memcpy(&v, raw, 4);
        got = v;
    }
    p->bad += (long long)m.count;
    snprintf(p->detail, sizeof p->detail, "%s: %llu wrong values; first [%llu] = %.17g, expected %.17g", what,
             m.count, m.first_index, got, (double)((m.first_index & 7) + 1) + offset);
    return 0;
}

int rfl_gbw_run_point(struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, size_t n_vec, struct rfl_gpu_point *p)
{
    memset(p, 0, sizeof *p);
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    const int rmw = !memcpy_kernel && cfg->access == RFL_GBW_RMW;
    const int read = !memcpy_kernel && cfg->access == RFL_GBW_READ;
    const int copy = !memcpy_kernel && cfg->access == RFL_GBW_COPY;
    const int write = !memcpy_kernel && cfg->access == RFL_GBW_WRITE;
    /* fp32 stays exact up to 2^24: refill before a0 + T gets there. */
    const unsigned long long refill = rmw && cfg->prec == RFL_GPU_FP32 ? (1ull << 22) : RFL_GBW_MAX_TRIALS;
    const enum rfl_gpu_precision fill_prec = memcpy_kernel ? RFL_GPU_FP32 : cfg->prec;
    /* memcpy_d2d and copy write the n_vec vectors after the source, first
     * poisoned (NaN), so a vector never written is found. */
    char *dst = memcpy_kernel || copy ? c->buf + n_vec * RFL_GBW_VEC_BYTES : NULL;

    if (RFL_CUDA(rfl_gbw_fill(fill_prec, c->buf, n_vec, c->stream)))
        return -1;
    if (dst && RFL_CUDA(cudaMemsetAsync(dst, 0xff, n_vec * RFL_GBW_VEC_BYTES, c->stream)))
        return -1;
    const unsigned nsums = cfg->kernel == RFL_GBW_L2_WAVES ? RFL_GBW_WAVE_SUMS : cfg->blocks;
    if (read && RFL_CUDA(cudaMemsetAsync(c->block_sums, 0, nsums * sizeof(double), c->stream)))
        return -1;
    const int fixed = c->o->trials > 0;
    unsigned long long applied = 0, read_trials = 0, trials = fixed ? c->o->trials : 1;
    if (fixed && trials > refill)
        trials = refill;
    double t = 0, mhz = 0;

    /* Double the trials until one sample is long enough to time; every
     * rank takes the slowest rank's time, so all decide alike. */
    for (;;) {
        if (rmw && applied + trials > refill) {
            if (RFL_CUDA(rfl_gbw_fill(cfg->prec, c->buf, n_vec, c->stream)))
                return -1;
            applied = 0;
        }
        if (sample(c, cfg, n_vec, trials, &t, &mhz))
            return -1;
        applied += trials;
        read_trials += trials;
        t = c->ranks > 1 ? rfl_mpi_max_double(t) : t;
        if (fixed || t >= c->min_time_s || trials >= refill || trials >= RFL_GBW_MAX_TRIALS)
            break;
        trials *= 2;
    }
    /* A calibration sample stretched by a busy host (other processes on
     * the GPU or CPU) stops the doubling early; samples that then come out
     * far below the minimum time are retaken with more trials. Every rank
     * takes the slowest rank's shortest time, so all decide alike. */
    for (int attempt = 0;; attempt++) {
        double best = INFINITY;
        for (unsigned e = 0; e < c->experiments; e++) {
            if (rmw && applied + trials > refill) {
                if (RFL_CUDA(rfl_gbw_fill(cfg->prec, c->buf, n_vec, c->stream)))
                    return -1;
                applied = 0;
            }
            if (sample(c, cfg, n_vec, trials, &p->times[e], &mhz))
                return -1;
            applied += trials;
            read_trials += trials;
            if (p->times[e] < best) {
                best = p->times[e];
                p->mhz_at_min = mhz;
            }
        }
        best = c->ranks > 1 ? rfl_mpi_max_double(best) : best;
        if (fixed || best >= 0.5 * c->min_time_s || attempt >= 3 || trials >= refill || trials >= RFL_GBW_MAX_TRIALS)
            break;
        while (best < c->min_time_s && trials < refill && trials < RFL_GBW_MAX_TRIALS) {
            trials *= 2;
            best *= 2;
        }
        if (trials > refill)
            trials = refill;
    }
    p->trials = trials;

    if (c->o->inject_fault && RFL_CUDA(cudaMemsetAsync(dst ? dst : c->buf, 0xff, 4, c->stream)))
        return -1;
    if (memcpy_kernel)
        return check_array(c, RFL_GPU_FP32, dst, n_vec, 0.0, "copy", p);
    if (copy && check_array(c, cfg->prec, dst, n_vec, 0.0, "copy (destination)", p))
        return -1;
    /* write stores p(i) + alpha; rmw adds alpha per trial applied. */
    const double offset = rmw ? (double)applied : write ? RFL_GBW_ALPHA : 0.0;
    if (check_array(c, cfg->prec, c->buf, n_vec, offset,
                    rmw ? "array" : write ? "array (written)" : copy ? "copy (source)" : "array (read-only)", p))
        return -1;
    if (read) {
        if (RFL_CUDA(cudaMemcpy(c->host_sums, c->block_sums, nsums * sizeof(double), cudaMemcpyDeviceToHost)))
            return -1;
        double sum = 0;
        for (unsigned b = 0; b < nsums; b++)
            sum += c->host_sums[b];
        const double want = (double)rfl_gbw_replicas(cfg, n_vec) *
                            rfl_gbw_read_sum_closed_form(n_vec * rfl_gbw_lanes_of(cfg->prec), read_trials);
        if (sum != want) {
            p->bad++;
            if (!p->detail[0])
                snprintf(p->detail, sizeof p->detail, "sum over %llu trials is %.17g, expected %.17g", read_trials,
                         sum, want);
        }
    }
    return 0;
}
