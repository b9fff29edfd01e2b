/* Data kernels of rfl_gemm: random inputs from a hash (no host round
 * trip, a fresh draw per seed), FP32 <-> FP16/BF16 copies for the tensor
 * GEMMs, and the comparison of a result with its reference. */
#include "config.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "gemm/gemm_device.cuh"
#include "gemm/gemm_kernels.h"
#include "gpu/gpu_device.cuh"

namespace {

__device__ __forceinline__ unsigned long long splitmix64(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Uniform in [-1, 1) on a grid of 2^-23 (fp32) or 2^-52 (fp64): every value
 * exact in its type. */
template <typename T> __global__ void k_fill(T *x, size_t n, unsigned long long seed)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const unsigned long long key = splitmix64(seed);
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const unsigned long long h = splitmix64(key ^ (i * 0xd1b54a32d192ed03ull));
        if (sizeof(T) == 4)
            x[i] = (T)((double)(h >> 40) * 0x1p-23 - 1.0);
        else
            x[i] = (T)((double)(h >> 11) * 0x1p-52 - 1.0);
    }
}

template <typename H> __device__ __forceinline__ H from_float(float v);
template <> __device__ __forceinline__ __half from_float<__half>(float v)
{
    return __float2half_rn(v);
}
template <> __device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float v)
{
    return __float2bfloat16_rn(v);
}

template <typename H> __global__ void k_to_half(const float *in, H *out, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = from_float<H>(in[i]);
}

__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }

template <typename H> __global__ void k_from_half(const H *in, float *out, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = to_float(in[i]);
}

/* Non-negative doubles order like their bit patterns, so atomicMax on the
 * bits is a max of the values. */
__device__ __forceinline__ void max_bits(unsigned long long *dst, double v)
{
    atomicMax(dst, (unsigned long long)__double_as_longlong(v));
}

template <typename T>
__global__ void k_compare(const T *c, const T *r, int m, int n, int ld, rfl_gemm_diff *d, double *max_seen)
{
    const size_t total = (size_t)m * n;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    double diff = 0.0, ref = 0.0;
    unsigned long long bad = 0;
    for (size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += stride) {
        const size_t i = e % m, j = e / m, at = i + j * (size_t)ld;
        const double cv = (double)c[at], rv = (double)r[at];
        if (!isfinite(cv) || !isfinite(rv)) {
            bad++;
            continue;
        }
        diff = fmax(diff, fabs(cv - rv));
        ref = fmax(ref, fabs(rv));
    }
    for (int o = 16; o > 0; o >>= 1) {
        diff = fmax(diff, __shfl_down_sync(0xffffffffu, diff, o));
        ref = fmax(ref, __shfl_down_sync(0xffffffffu, ref, o));
        bad += __shfl_down_sync(0xffffffffu, bad, o);
    }
    if ((threadIdx.x & 31) == 0) {
        max_bits((unsigned long long *)&d->max_abs_diff, diff);
        max_bits((unsigned long long *)max_seen, ref);
        if (bad)
            atomicAdd(&d->nonfinite, bad);
    }
}

/* Second pass: one index where the difference is the largest. */
template <typename T> __global__ void k_worst(const T *c, const T *r, int m, int n, int ld, rfl_gemm_diff *d)
{
    const size_t total = (size_t)m * n;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const double worst = d->max_abs_diff;
    for (size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += stride) {
        const size_t i = e % m, j = e / m, at = i + j * (size_t)ld;
        const double cv = (double)c[at], rv = (double)r[at];
        if (!isfinite(cv) || !isfinite(rv) || fabs(cv - rv) == worst)
            atomicMin(&d->worst_index, (unsigned long long)(i + j * (size_t)m));
    }
}

__global__ void k_diff_init(rfl_gemm_diff *d)
{
    d->max_abs_diff = 0.0;
    d->max_abs_ref = 0.0;
    d->nonfinite = 0;
    d->worst_index = ~0ull;
}

constexpr unsigned THREADS = 256;

unsigned grid_for(size_t n)
{
    size_t blocks = (n + THREADS - 1) / THREADS;
    return (unsigned)(blocks < 8192 ? (blocks ? blocks : 1) : 8192);
}

} // namespace

extern "C" cudaError_t rfl_gemm_fill(enum rfl_gemm_prec p, void *x, size_t n, unsigned long long seed, cudaStream_t s)
{
    if (p == RFL_GEMM_FP64)
        k_fill<double><<<grid_for(n), THREADS, 0, s>>>((double *)x, n, seed);
    else
        k_fill<float><<<grid_for(n), THREADS, 0, s>>>((float *)x, n, seed);
    return cudaGetLastError();
}

extern "C" cudaError_t rfl_gemm_to_half(enum rfl_gemm_prec p, const float *in, void *out, size_t n, cudaStream_t s)
{
    if (p == RFL_GEMM_BF16)
        k_to_half<__nv_bfloat16><<<grid_for(n), THREADS, 0, s>>>(in, (__nv_bfloat16 *)out, n);
    else
        k_to_half<__half><<<grid_for(n), THREADS, 0, s>>>(in, (__half *)out, n);
    return cudaGetLastError();
}

extern "C" cudaError_t rfl_gemm_from_half(enum rfl_gemm_prec p, const void *in, float *out, size_t n, cudaStream_t s)
{
    if (p == RFL_GEMM_BF16)
        k_from_half<__nv_bfloat16><<<grid_for(n), THREADS, 0, s>>>((const __nv_bfloat16 *)in, out, n);
    else
        k_from_half<__half><<<grid_for(n), THREADS, 0, s>>>((const __half *)in, out, n);
    return cudaGetLastError();
}

extern "C" cudaError_t rfl_gemm_compare(int fp64, const void *c, const void *r, int m, int n, int ld,
                                        struct rfl_gemm_diff *d, cudaStream_t s)
{
    const size_t total = (size_t)m * n;
    k_diff_init<<<1, 1, 0, s>>>(d);
    if (fp64) {
        k_compare<double><<<grid_for(total), THREADS, 0, s>>>((const double *)c, (const double *)r, m, n, ld, d,
                                                              &d->max_abs_ref);
        k_worst<double><<<grid_for(total), THREADS, 0, s>>>((const double *)c, (const double *)r, m, n, ld, d);
    } else {
        k_compare<float><<<grid_for(total), THREADS, 0, s>>>((const float *)c, (const float *)r, m, n, ld, d,
                                                             &d->max_abs_ref);
        k_worst<float><<<grid_for(total), THREADS, 0, s>>>((const float *)c, (const float *)r, m, n, ld, d);
    }
    return cudaGetLastError();
}

__global__ void k_wait(unsigned long long ns)
{
    const unsigned long long t0 = rfl_gpu_globaltimer();
    do
        __nanosleep(1000);
    while (rfl_gpu_globaltimer() - t0 < ns);
}

extern "C" cudaError_t rfl_gemm_wait(unsigned long long ns, cudaStream_t s)
{
    k_wait<<<1, 1, 0, s>>>(ns);
    return cudaGetLastError();
}
