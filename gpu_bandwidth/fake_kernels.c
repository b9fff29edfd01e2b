/* gpu_bandwidth's kernels on the host, for tests/gpu_fake_bandwidth (with
 * the runtime stand-in gpu/fake_cuda.c): the same closed forms as the
 * kernels in plain loops; made-up clocks. */
#include "config.h"
#include "gpu_bandwidth/kernels.h"
#include "gpu/fake_cuda.h"

#include <math.h>
#include <stddef.h>

cudaError_t rfl_gbw_run(const struct rfl_gbw_launch *l)
{
    double t0 = rfl_fake_now();
    /* Every kernel as its access says (schema/gpu_accesses.inc): a kernel the
     * table adds runs here as it is, unless it computes something else. */
    size_t n = l->n_vec * (RFL_GBW_VEC_BYTES / rfl_gpu_precisions[l->precision].bytes);
    if (!rfl_gbw_runs(l->kernel, l->access) || l->kernel == RFL_GBW_MEMCPY ||
        ((RFL_GBW_UNROLLED_KERNELS >> l->kernel & 1) && l->unroll != 4 && l->unroll != 8 && l->unroll != 16))
        return cudaErrorInvalidValue;
    /* The chunk kernels load every vector `replicas` times a trial, over a
     * grid of at most `blocks`. */
    unsigned replicas = 1, grid = l->blocks;
    if (l->kernel == RFL_GBW_L2_CHUNKS || l->kernel == RFL_GBW_L1_SET) {
        const struct rfl_gbw_chunk_plan p = rfl_gbw_chunk_plan_of(l->n_vec, l->tile_vecs, l->blocks);
        replicas = p.replicas;
        grid = p.grid;
    }
    for (unsigned long long t = 0; t < l->trials; t++) {
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            const double pattern = (double)((i & 7) + 1) + RFL_GBW_ALPHA;
            if (l->precision == RFL_GPU_FP64) {
                double *a = l->a;
                if (l->access == RFL_GBW_RMW)
                    a[i] = fma(a[i], 1.0, 1.0);
                else if (l->access == RFL_GBW_WRITE)
                    a[i] = pattern;
                else if (l->access == RFL_GBW_COPY)
                    a[n + i] = a[i];
                else
                    sum += a[i];
            } else {
                float *a = l->a;
                if (l->access == RFL_GBW_RMW)
                    a[i] = fmaf(a[i], 1.0f, 1.0f);
                else if (l->access == RFL_GBW_WRITE)
                    a[i] = (float)pattern;
                else if (l->access == RFL_GBW_COPY)
                    a[n + i] = a[i];
                else
                    sum += a[i];
            }
        }
        if (l->access == RFL_GBW_READ)
            l->block_sums[t % grid] += sum * replicas;
    }
    if (rfl_gbw_kernels[l->kernel].trials_inside)
        rfl_fake_clock(l->clock, t0, 0);
    return cudaSuccess;
}
cudaError_t rfl_gbw_occupancy(enum rfl_gbw_kernel k, enum rfl_gbw_access a, enum rfl_gpu_precision p, unsigned threads,
                              size_t smem, unsigned unroll, int loads_nc, int *b)
{
    (void)a;
    (void)p;
    (void)loads_nc;
    /* l2_own's 16-load instance is bounded at 512 threads, as on the GPU. */
    if (k == RFL_GBW_L2_OWN && unroll > 8 && threads > 512) {
        *b = 0;
        return cudaSuccess;
    }
    int by_threads = 2048 / (int)threads, by_smem = smem ? (int)(233472 / (smem + 1024 + 256)) : 32;
    *b = by_threads < by_smem ? by_threads : by_smem;
    return cudaSuccess;
}
cudaError_t rfl_gbw_fill(enum rfl_gpu_precision p, void *a, size_t n_vec, cudaStream_t s)
{
    (void)s;
    size_t n = n_vec * (RFL_GBW_VEC_BYTES / rfl_gpu_precisions[p].bytes);
    for (size_t i = 0; i < n; i++)
        if (p == RFL_GPU_FP64)
            ((double *)a)[i] = (double)((i & 7) + 1);
        else
            ((float *)a)[i] = (float)((i & 7) + 1);
    return cudaSuccess;
}
cudaError_t rfl_gbw_check(enum rfl_gpu_precision p, const void *a, size_t n_vec, double off, struct rfl_gpu_mismatch *m,
                          cudaStream_t s)
{
    (void)s;
    size_t n = n_vec * (RFL_GBW_VEC_BYTES / rfl_gpu_precisions[p].bytes);
    for (size_t i = 0; i < n; i++) {
        int bad = p == RFL_GPU_FP64 ? !(((const double *)a)[i] == (double)((i & 7) + 1) + off)
                                    : !(((const float *)a)[i] == (float)((double)((i & 7) + 1) + off));
        if (bad) {
            m->count++;
            if (i < m->first_index)
                m->first_index = i;
        }
    }
    return cudaSuccess;
}

