/* Reference measurements of rfl_unified_memory: a large pinned cudaMemcpy
 * each way, the GPU pass on device memory (the ceiling the effective
 * bandwidth tends to as reuse grows) and the CPU pass, in the same run as
 * the sweep. */
#include "config.h"
#include "unified_memory/sweep.h"
#include "unified_memory/cpu.h"
#include "unified_memory/kernels.h"
#include "gpu/gpu.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/size.h"
#include "common/timer.h"

#include <math.h>
#include <stdio.h>

/* A reference device-pass sample lasts at least this long. */
#define REF_MIN_TIME_S 0.02

int rfl_um_measure_reference(struct rfl_um_ctx *c, size_t n, struct rfl_um_reference *r, char *detail, size_t len)
{
    *r = (struct rfl_um_reference){(double)n * sizeof(double), NAN, NAN, NAN, NAN};
    const size_t bytes = n * sizeof(double);
    double *h = NULL, *d = NULL;
    cudaError_t err = cudaMallocHost((void **)&h, bytes);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&d, bytes);
    if (err != cudaSuccess) {
        char sz[32];
        rfl_warn("reference measurements skipped: %s of %s: %s", h ? "cudaMalloc" : "cudaMallocHost",
                 rfl_format_size(bytes, sz, sizeof sz), cudaGetErrorString(err));
        (void)cudaGetLastError();
        if (h)
            cudaFreeHost(h);
        return RFL_EXIT_OK;
    }
    int rc = RFL_EXIT_FAILURE;
    double t[RFL_UM_REF_SAMPLES + 1];
    rfl_um_cpu_fill(h, n);
    /* The first sample of each warms up and is not counted. */
    for (int s = 0; s <= RFL_UM_REF_SAMPLES; s++) {
        if (rfl_interrupted())
            goto stopped;
        const double t0 = rfl_now_s();
        if (RFL_CUDA(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice)))
            goto out;
        t[s] = rfl_now_s() - t0;
    }
    r->h2d = (double)bytes / rfl_um_best_of(t + 1, RFL_UM_REF_SAMPLES) * 1e-9;
    for (int s = 0; s <= RFL_UM_REF_SAMPLES; s++) {
        if (rfl_interrupted())
            goto stopped;
        const double t0 = rfl_now_s();
        if (RFL_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost)))
            goto out;
        t[s] = rfl_now_s() - t0;
    }
    r->d2h = (double)bytes / rfl_um_best_of(t + 1, RFL_UM_REF_SAMPLES) * 1e-9;

    const struct rfl_um_launch l = {rfl_um_blocks_for(c, n), c->threads};
    struct rfl_gpu_timer timer;
    if (rfl_gpu_timer_create(&timer, 0)) {
        rfl_gpu_timer_destroy(&timer);
        goto out;
    }
    unsigned long long passes = 1, applied = 0;
    int ok = 1;
    for (int s = 0; s <= RFL_UM_REF_SAMPLES && ok && !rfl_interrupted(); s++) {
        ok = rfl_gpu_timer_start(&timer) == 0;
        for (unsigned long long k = 0; ok && k < passes; k++)
            ok = RFL_CUDA(rfl_um_gpu_pass(d, n, l.blocks, l.threads, RFL_UM_BETA, RFL_UM_GPU_ALPHA, 0)) == 0;
        ok = ok && rfl_gpu_timer_stop(&timer, &t[s]) == 0;
        if (!ok)
            break;
        applied += passes;
        if (s == 0) /* sized from the warm-up: samples long enough to time */
            passes = t[0] > 0 && t[0] < REF_MIN_TIME_S ? (unsigned long long)ceil(REF_MIN_TIME_S / t[0]) : 1;
        else
            t[s] /= (double)passes;
    }
    rfl_gpu_timer_destroy(&timer);
    if (!ok || RFL_CUDA(cudaDeviceSynchronize()))
        goto out;
    if (rfl_interrupted())
        goto stopped;
    r->device_rmw = 2.0 * (double)bytes / rfl_um_best_of(t + 1, RFL_UM_REF_SAMPLES) * 1e-9;
    if (RFL_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost)))
        goto out;
    for (int s = 0; s <= RFL_UM_REF_SAMPLES; s++) {
        if (rfl_interrupted())
            goto stopped;
        const double t0 = rfl_now_s();
        rfl_um_cpu_pass(h, n, RFL_UM_BETA, RFL_UM_CPU_ALPHA);
        t[s] = rfl_now_s() - t0;
    }
    r->cpu_rmw = 2.0 * (double)bytes / rfl_um_best_of(t + 1, RFL_UM_REF_SAMPLES) * 1e-9;
    const double offset = (double)applied * RFL_UM_GPU_ALPHA + (RFL_UM_REF_SAMPLES + 1) * RFL_UM_CPU_ALPHA;
    if (c->o->inject_fault)
        h[n / 3] -= 1.0;
    size_t first = 0;
    const size_t bad = rfl_um_cpu_check(h, n, offset, &first);
    if (bad) {
        snprintf(detail, len, "reference passes: %zu wrong values; first [%zu] = %.17g, expected %.17g", bad, first,
                 h[first], rfl_um_expected(first, offset));
        rc = RFL_EXIT_VERIFY;
        goto out;
    }
    rc = RFL_EXIT_OK;
    goto out;
stopped: /* a signal on this rank: run.c takes the highest code of the ranks */
    rc = RFL_EXIT_INTERRUPTED;
out:
    RFL_CUDA(cudaFree(d));
    RFL_CUDA(cudaFreeHost(h));
    return rc;
}
