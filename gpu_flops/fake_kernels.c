/* gpu_flops's kernels on the host, for tests/gpu_fake_flops (with the
 * runtime stand-in gpu/fake_cuda.c): the same chains of FMAs in plain
 * loops, FP16 through the host's half conversions; made-up clocks. */
#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "gpu/fake_cuda.h"

#include <math.h>
#include <stdint.h>

int rfl_gfl_fpe_index(unsigned fpe)
{
    for (int i = 0; i < RFL_GFL_NFPE; i++)
        if (fpe == (1u << i))
            return i;
    return -1;
}
int rfl_gfl_chains_index(unsigned c)
{
    for (int i = 0; i < RFL_GFL_NCHAINS; i++)
        if (c == (1u << i))
            return i;
    return -1;
}
cudaError_t rfl_gfl_occupancy(enum rfl_gpu_precision p, unsigned f, unsigned c, unsigned threads, int *b)
{
    (void)p;
    (void)f;
    (void)c;
    *b = 2048 / (int)threads;
    return cudaSuccess;
}
static uint16_t hstep(uint16_t x, const struct rfl_gfl_launch *l)
{
    double c1 = rfl_half_to_double(l->c1_h), m = rfl_half_to_double(l->m_h), c2 = rfl_half_to_double(l->c2_h);
    uint16_t b = x;
    if (l->fpe & 1)
        b = rfl_half_from_double(rfl_half_to_double(b) + c1);
    for (unsigned s = 0; s < l->fpe / 2; s++)
        b = rfl_half_from_double(rfl_half_to_double(b) * m + c2);
    return b ^ 0x8000;
}
cudaError_t rfl_gfl_run(const struct rfl_gfl_launch *l)
{
    double t0 = rfl_fake_now();
    size_t words = l->n_groups * l->chains;
    for (unsigned long long t = 0; t < l->trials; t++)
        for (size_t w = 0; w < words; w++) {
            if (l->precision == RFL_GPU_FP64) {
                double *a = l->a, b = a[w];
                if (l->fpe & 1)
                    b = b + l->c1;
                for (unsigned s = 0; s < l->fpe / 2; s++)
                    b = fma(b, l->m, l->c2);
                a[w] = -b;
            } else if (l->precision == RFL_GPU_FP32) {
                float *a = l->a, b = a[w];
                if (l->fpe & 1)
                    b = b + (float)l->c1;
                for (unsigned s = 0; s < l->fpe / 2; s++)
                    b = fmaf(b, (float)l->m, (float)l->c2);
                a[w] = -b;
            } else {
                uint16_t *h = l->a;
                h[2 * w] = hstep(h[2 * w], l);
                h[2 * w + 1] = hstep(h[2 * w + 1], l);
            }
        }
    rfl_fake_clock(l->clock, t0, 0);
    return cudaSuccess;
}
cudaError_t rfl_gfl_fill(enum rfl_gpu_precision p, void *a, size_t words, cudaStream_t s)
{
    (void)s;
    for (size_t w = 0; w < words; w++) {
        if (p == RFL_GPU_FP64)
            ((double *)a)[w] = 1.0 + (double)(w & 7) / 8.0;
        else if (p == RFL_GPU_FP32)
            ((float *)a)[w] = 1.0f + (float)(w & 7) / 8.0f;
        else {
            ((uint16_t *)a)[2 * w] = rfl_half_from_double(1.0 + (double)((2 * w) & 7) / 8.0);
            ((uint16_t *)a)[2 * w + 1] = rfl_half_from_double(1.0 + (double)((2 * w + 1) & 7) / 8.0);
        }
    }
    return cudaSuccess;
}
cudaError_t rfl_gfl_check(enum rfl_gpu_precision p, const void *a, size_t words, const unsigned long long e[8],
                          struct rfl_gpu_mismatch *m, cudaStream_t s)
{
    (void)s;
    size_t n = rfl_gpu_precisions[p].per_word * words;
    for (size_t i = 0; i < n; i++) {
        unsigned long long v = p == RFL_GPU_FP64   ? ((const uint64_t *)a)[i]
                               : p == RFL_GPU_FP32 ? ((const uint32_t *)a)[i]
                                                   : ((const uint16_t *)a)[i];
        if (v != e[i & 7]) {
            m->count++;
            if (i < m->first_index)
                m->first_index = i;
        }
    }
    return cudaSuccess;
}

