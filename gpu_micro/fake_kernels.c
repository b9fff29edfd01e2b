/* gpu_micro's kernels on the host, for tests/gpu_fake_micro (with the
 * runtime stand-in gpu/fake_cuda.c): launch ticks (replayed by the
 * stand-in's graphs), byte patterns, pointer chases, the pipeline replay,
 * copies and barriers as plain loops; latencies and clocks are made up. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "gpu/fake_cuda.h"

#include <stdint.h>
#include <string.h>

static void tick(void *counter)
{
    (*(unsigned long long *)counter)++;
}

cudaError_t rfl_gmi_tick(unsigned b, unsigned t, unsigned long long *c, cudaStream_t s)
{
    (void)b;
    (void)t;
    (void)s;
    if (!rfl_fake_capture_launch(tick, c))
        tick(c);
    return cudaSuccess;
}
cudaError_t rfl_gmi_bytes_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s)
{
    (void)s;
    rfl_gpu_bytes_fill_host(a, n, seed);
    return cudaSuccess;
}
cudaError_t rfl_gmi_bytes_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                                cudaStream_t s)
{
    (void)s;
    rfl_gpu_bytes_check_host(a, n, seed, m);
    return cudaSuccess;
}
cudaError_t rfl_gmi_chase_init(void *a, size_t cycle, size_t stride, cudaStream_t s)
{
    (void)s;
    char *b = a;
    for (size_t j = 0; j < cycle; j++)
        *(char **)(b + j * stride) = b + ((j + 1) % cycle) * stride;
    return cudaSuccess;
}
cudaError_t rfl_gmi_chase_init_order(void *a, const unsigned *order, size_t cycle, size_t stride, cudaStream_t s)
{
    (void)s;
    char *b = a;
    for (size_t j = 0; j < cycle; j++)
        *(char **)(b + (size_t)order[j] * stride) = b + (size_t)order[(j + 1) % cycle] * stride;
    return cudaSuccess;
}
size_t rfl_gmi_chase_shared_max(void)
{
    return 232448;
}
cudaError_t rfl_gmi_chase(enum rfl_gmi_chase_memory mem, void *a, size_t cycle, size_t stride, unsigned long long warm,
                          unsigned long long steps, unsigned long long *fin, struct rfl_gpu_clock *clk, cudaStream_t s)
{
    (void)s;
    if (mem == RFL_GMI_SHARED) {
        *fin = (warm + steps) % cycle * stride;
    } else {
        char *p = a;
        for (unsigned long long i = 0; i < warm + steps; i++)
            p = *(char **)p;
        *fin = (unsigned long long)(p - (char *)a);
    }
    double lat = mem == RFL_GMI_SHARED      ? 30
                 : mem == RFL_GMI_GLOBAL_CA ? (cycle * stride <= 65536 ? 40 : 500)
                                            : (cycle * stride <= 1 << 20 ? 260 : 700);
    if (stride >= (1u << 20) && cycle * stride > (64u << 20))
        lat *= 1.5;
    clk->cycles = (unsigned long long)(steps * lat);
    clk->ns = (unsigned long long)(steps * lat / 1.98);
    return cudaSuccess;
}
cudaError_t rfl_gmi_pipeline(int fp64, unsigned chains, unsigned threads, unsigned n, void *out,
                             struct rfl_gpu_clock *clk, cudaStream_t s)
{
    (void)s;
    for (unsigned v = 0; v < threads * chains; v++) {
        uint64_t bits = rfl_gmi_pipeline_replay(fp64, v & 7, n);
        memcpy((char *)out + (size_t)v * (fp64 ? 8 : 4), &bits, fp64 ? 8 : 4);
    }
    double per = threads * chains >= 512 ? (fp64 ? 1.0 / 64 : 1.0 / 128) * threads * chains : 4;
    clk->cycles = (unsigned long long)(n * per);
    clk->ns = clk->cycles / 2;
    return cudaSuccess;
}
static unsigned pattern(size_t w)
{
    return (unsigned)(w * 2654435761ull + 40503u) & 0x7fffffffu;
}
cudaError_t rfl_gmi_copy_fill(unsigned *src, unsigned *dst, size_t words, cudaStream_t s)
{
    (void)s;
    for (size_t w = 0; w < words; w++) {
        src[w] = pattern(w);
        dst[w] = 0xffffffffu;
    }
    return cudaSuccess;
}
cudaError_t rfl_gmi_copy(const unsigned *src, unsigned *dst, size_t words, unsigned wb, unsigned off, unsigned stride,
                         unsigned b, unsigned t, cudaStream_t s)
{
    (void)wb;
    (void)b;
    (void)t;
    (void)s;
    src += off;
    dst += off;
    if (stride > 1)
        for (size_t i = 0; i < words / stride; i++)
            dst[i * stride] = src[i * stride];
    else
        memcpy(dst, src, words * 4);
    return cudaSuccess;
}
cudaError_t rfl_gmi_copy_check(const unsigned *dst, size_t words, size_t first, size_t last, unsigned stride,
                               struct rfl_gpu_mismatch *m, cudaStream_t s)
{
    (void)s;
    for (size_t w = 0; w < words; w++) {
        int copied = w >= first && w < last && (w - first) % stride == 0;
        if (dst[w] != (copied ? pattern(w) : 0xffffffffu)) {
            m->count++;
            if (w < m->first_index)
                m->first_index = w;
        }
    }
    return cudaSuccess;
}
cudaError_t rfl_gmi_copy_occupancy(unsigned wb, unsigned st, unsigned t, int *b)
{
    (void)wb;
    (void)st;
    *b = 2048 / (int)t;
    return cudaSuccess;
}
cudaError_t rfl_gmi_barrier(enum rfl_gmi_barrier m, unsigned b, unsigned t, unsigned it, unsigned *flags, unsigned *sw,
                            unsigned *err, cudaStream_t s)
{
    (void)m;
    (void)t;
    (void)sw;
    (void)s;
    (void)err;
    for (unsigned i = 1; i <= it; i++)
        for (unsigned k = 0; k < b; k++)
            flags[k] = i;
    return cudaSuccess;
}
cudaError_t rfl_gmi_barrier_occupancy(enum rfl_gmi_barrier m, unsigned t, int *b)
{
    (void)m;
    *b = 2048 / (int)t;
    return cudaSuccess;
}
