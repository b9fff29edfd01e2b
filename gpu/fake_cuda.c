/* A test double: the CUDA runtime calls and the kernel launchers of the GPU
 * programs, done on the CPU, so the host code (sweeps, calibration, the
 * verification paths, CSV, JSON, evidence, MPI) runs where there is no GPU
 * (tests/gpu_fake.sh). "Device" memory is host memory; kernels are plain
 * loops with the same closed forms; clocks and latencies are made up.
 * Nothing here says anything about a GPU's performance. */
#include "config.h"
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu_bandwidth/kernels.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* ---- runtime ---- */
cudaError_t cudaGetDeviceCount(int *n)
{
    *n = getenv("RFL_FAKE_NO_GPU") ? 0 : 1;
    return *n ? cudaSuccess : cudaErrorNoDevice;
}
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d)
{
    (void)d;
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s",
             getenv("RFL_FAKE_GPU_NAME") ? getenv("RFL_FAKE_GPU_NAME") : "NVIDIA H100 80GB HBM3 (test double)");
    p->major = 9;
    p->minor = 0;
    p->multiProcessorCount = 4;
    p->maxThreadsPerMultiProcessor = 2048;
    p->maxThreadsPerBlock = 1024;
    p->regsPerMultiprocessor = 65536;
    p->sharedMemPerMultiprocessor = 233472;
    p->sharedMemPerBlockOptin = 232448;
    p->reservedSharedMemPerBlock = 1024;
    p->l2CacheSize = 1 << 20;
    p->totalGlobalMem = 1ull << 33;
    p->memoryBusWidth = 5120;
    p->cooperativeLaunch = 1;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int d)
{
    (void)d;
    *v = a == cudaDevAttrClockRate ? 1980000 : a == cudaDevAttrMemoryClockRate ? 2619000 : 0;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetPCIBusId(char *b, int len, int d)
{
    (void)d;
    snprintf(b, len, "00000000:19:00.0");
    return cudaSuccess;
}
cudaError_t cudaSetDevice(int d)
{
    (void)d;
    return cudaSuccess;
}
cudaError_t cudaGetDevice(int *d)
{
    *d = 0;
    return cudaSuccess;
}
cudaError_t cudaFree(void *p)
{
    free(p);
    return cudaSuccess;
}
cudaError_t cudaMalloc(void **p, size_t n)
{
    *p = malloc(n ? n : 1);
    if (*p)
        memset(*p, 0xcd, n);
    return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaMallocHost(void **p, size_t n)
{
    return cudaMalloc(p, n);
}
cudaError_t cudaFreeHost(void *p)
{
    free(p);
    return cudaSuccess;
}
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind k)
{
    (void)k;
    memmove(d, s, n);
    return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, enum cudaMemcpyKind k, cudaStream_t st)
{
    (void)st;
    return cudaMemcpy(d, s, n, k);
}
cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st)
{
    (void)st;
    memset(d, v, n);
    return cudaSuccess;
}
cudaError_t cudaMemset(void *d, int v, size_t n)
{
    memset(d, v, n);
    return cudaSuccess;
}
/* No driver behind the stand-in: the driver API is not there. */
cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **fn, unsigned int version,
                                             unsigned long long flags, enum cudaDriverEntryPointQueryResult *status)
{
    (void)symbol;
    (void)version;
    (void)flags;
    *fn = NULL;
    if (status)
        *status = cudaDriverEntryPointSymbolNotFound;
    return cudaSuccess;
}
cudaError_t cudaMemGetInfo(size_t *f, size_t *t)
{
    *f = 4ull << 30;
    *t = 8ull << 30;
    return cudaSuccess;
}
struct CUstream_st {
    int x;
};
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned f)
{
    (void)f;
    *s = calloc(1, sizeof **s);
    return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    free(s);
    return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    (void)s;
    return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void)
{
    return cudaSuccess;
}
struct CUevent_st {
    double t;
};
cudaError_t cudaEventCreate(cudaEvent_t *e)
{
    *e = calloc(1, sizeof **e);
    return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    free(e);
    return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    (void)s;
    e->t = now();
    return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    (void)e;
    return cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    *ms = (float)((b->t - a->t) * 1e3);
    return cudaSuccess;
}
const char *cudaGetErrorName(cudaError_t e)
{
    return e ? "cudaErrorFake" : "cudaSuccess";
}
const char *cudaGetErrorString(cudaError_t e)
{
    return e ? "fake error" : "no error";
}
cudaError_t cudaGetLastError(void)
{
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int *v)
{
    *v = 13000;
    return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int *v)
{
    *v = 13000;
    return cudaSuccess;
}
static int capturing, captured;
cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode m)
{
    (void)s;
    (void)m;
    capturing = 1;
    captured = 0;
    return cudaSuccess;
}
struct CUgraph_st {
    int n;
};
struct CUgraphExec_st {
    int n;
};
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g)
{
    (void)s;
    capturing = 0;
    *g = calloc(1, sizeof **g);
    (*g)->n = captured;
    return cudaSuccess;
}
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long f)
{
    (void)f;
    *e = calloc(1, sizeof **e);
    (*e)->n = g->n;
    return cudaSuccess;
}
cudaError_t cudaGraphDestroy(cudaGraph_t g)
{
    free(g);
    return cudaSuccess;
}
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e)
{
    free(e);
    return cudaSuccess;
}
static unsigned long long *tick_counter;
cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t s)
{
    (void)s;
    if (tick_counter)
        *tick_counter += e->n;
    return cudaSuccess;
}

static void fake_clock(struct rfl_gpu_clock *c, double t0, double steps_cycles)
{
    if (!c)
        return;
    double ns = (now() - t0) * 1e9;
    if (ns < 600000)
        ns = 600000;
    c->ns = (unsigned long long)ns;
    c->cycles = steps_cycles > 0 ? (unsigned long long)steps_cycles : (unsigned long long)(ns * 1.98);
}

/* ---- bandwidth ---- */
cudaError_t rfl_gbw_run(const struct rfl_gbw_launch *l)
{
    double t0 = now();
    size_t n = l->n_vec * (l->precision == RFL_GPU_FP64 ? 2 : 4);
    for (unsigned long long t = 0; t < l->trials; t++) {
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            if (l->precision == RFL_GPU_FP64) {
                double *a = l->a;
                if (l->access == RFL_GBW_RMW)
                    a[i] = fma(a[i], 1.0, 1.0);
                else
                    sum += a[i];
            } else {
                float *a = l->a;
                if (l->access == RFL_GBW_RMW)
                    a[i] = fmaf(a[i], 1.0f, 1.0f);
                else
                    sum += a[i];
            }
        }
        if (l->access == RFL_GBW_READ)
            l->block_sums[t % l->blocks] += sum;
    }
    if (l->kernel != RFL_GBW_GLOBAL_LAUNCH)
        fake_clock(l->clock, t0, 0);
    return cudaSuccess;
}
cudaError_t rfl_gbw_occupancy(enum rfl_gbw_kernel k, enum rfl_gbw_access a, enum rfl_gpu_precision p, unsigned threads,
                              size_t smem, int *b)
{
    (void)k;
    (void)a;
    (void)p;
    int by_threads = 2048 / (int)threads, by_smem = smem ? (int)(233472 / (smem + 1024 + 256)) : 32;
    *b = by_threads < by_smem ? by_threads : by_smem;
    return cudaSuccess;
}
cudaError_t rfl_gbw_fill(enum rfl_gpu_precision p, void *a, size_t n_vec, cudaStream_t s)
{
    (void)s;
    size_t n = n_vec * (p == RFL_GPU_FP64 ? 2 : 4);
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
    size_t n = n_vec * (p == RFL_GPU_FP64 ? 2 : 4);
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

/* ---- flops ---- */
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
    double t0 = now();
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
    fake_clock(l->clock, t0, 0);
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
    size_t n = p == RFL_GPU_FP16 ? 2 * words : words;
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

/* ---- micro ---- */
cudaError_t rfl_gmi_tick(unsigned b, unsigned t, unsigned long long *c, cudaStream_t s)
{
    (void)b;
    (void)t;
    (void)s;
    tick_counter = c;
    if (capturing)
        captured++;
    else
        (*c)++;
    return cudaSuccess;
}
cudaError_t rfl_gmi_bytes_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s)
{
    (void)s;
    for (size_t i = 0; i < n; i++)
        a[i] = (unsigned char)(i * 131u + seed);
    return cudaSuccess;
}
cudaError_t rfl_gmi_bytes_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                                cudaStream_t s)
{
    (void)s;
    for (size_t i = 0; i < n; i++)
        if (a[i] != (unsigned char)(i * 131u + seed)) {
            m->count++;
            if (i < m->first_index)
                m->first_index = i;
        }
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
