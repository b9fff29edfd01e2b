/* Kernels of rfl_gpu_flops: one instance per (type, chains, FPE), so the
 * FMA count is a compile-time constant and the instruction stream is FMAs
 * with a loop branch every 64 x chains of them.  Explicit round-to-nearest
 * intrinsics keep the compiler from contracting or reassociating: the host
 * replays the same operations and expects the same bits. */
#include "config.h"

#include <cuda_fp16.h>

#include "gpu_flops/kernels.h"
#include "gpu/gpu_device.cuh"

namespace {

template <typename T> struct arith;
template <> struct arith<double> {
    static __device__ __forceinline__ double add(double a, double b) { return __dadd_rn(a, b); }
    static __device__ __forceinline__ double fma(double a, double b, double c) { return __fma_rn(a, b, c); }
    static __device__ __forceinline__ double neg(double a) { return -a; }
};
template <> struct arith<float> {
    static __device__ __forceinline__ float add(float a, float b) { return __fadd_rn(a, b); }
    static __device__ __forceinline__ float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
    static __device__ __forceinline__ float neg(float a) { return -a; }
};
template <> struct arith<__half2> {
    static __device__ __forceinline__ __half2 add(__half2 a, __half2 b) { return __hadd2(a, b); }
    static __device__ __forceinline__ __half2 fma(__half2 a, __half2 b, __half2 c) { return __hfma2(a, b, c); }
    static __device__ __forceinline__ __half2 neg(__half2 a) { return __hneg2(a); }
};

/* FMAs per loop iteration (per chain): long enough that the loop's own
 * instructions are about 1% of the issue slots, short enough to stay in
 * the instruction cache. */
constexpr int INNER = 64;

template <typename T, int CHAINS, int STEPS, bool ODD>
__global__ void __launch_bounds__(1024) k_flops(T *a, size_t n_groups, unsigned long long trials, T c1, T m, T c2,
                                                rfl_gpu_clock *clk)
{
    typedef arith<T> A;
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned long long t = 0; t < trials; t++) {
        for (size_t g = first; g < n_groups; g += stride) {
            T b[CHAINS];
#pragma unroll
            for (int j = 0; j < CHAINS; j++)
                b[j] = a[g + j * n_groups];
            if (ODD) {
#pragma unroll
                for (int j = 0; j < CHAINS; j++)
                    b[j] = A::add(b[j], c1);
            }
            if constexpr (STEPS > 0) {
                constexpr int inner = STEPS < INNER ? STEPS : INNER;
#pragma unroll 1
                for (int s = 0; s < STEPS / inner; s++) {
#pragma unroll
                    for (int k = 0; k < inner; k++)
#pragma unroll
                        for (int j = 0; j < CHAINS; j++)
                            b[j] = A::fma(b[j], m, c2);
                }
            }
#pragma unroll
            for (int j = 0; j < CHAINS; j++)
                a[g + j * n_groups] = A::neg(b[j]);
        }
        RFL_GPU_FENCE();
    }
    RFL_GPU_CLOCK_END(clk)
}

template <typename T> T constant(const rfl_gfl_launch *l, int which);
template <> double constant<double>(const rfl_gfl_launch *l, int which)
{
    return which == 0 ? l->c1 : which == 1 ? l->m : l->c2;
}
template <> float constant<float>(const rfl_gfl_launch *l, int which)
{
    return (float)(which == 0 ? l->c1 : which == 1 ? l->m : l->c2);
}
template <> __half2 constant<__half2>(const rfl_gfl_launch *l, int which)
{
    __half_raw r;
    r.x = which == 0 ? l->c1_h : which == 1 ? l->m_h : l->c2_h;
    const __half h(r);
    return __halves2half2(h, h);
}

template <typename T, int C, int S, bool O> cudaError_t launch(const rfl_gfl_launch *l)
{
    k_flops<T, C, S, O><<<l->blocks, l->threads, 0, l->stream>>>(static_cast<T *>(l->a), l->n_groups, l->trials,
                                                                  constant<T>(l, 0), constant<T>(l, 1),
                                                                  constant<T>(l, 2), l->clock);
    return RFL_GPU_LAUNCHED();
}

template <typename T, int C, int S, bool O> cudaError_t occupancy(unsigned threads, int *n)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, k_flops<T, C, S, O>, (int)threads, 0);
}

typedef cudaError_t (*launcher)(const rfl_gfl_launch *);
typedef cudaError_t (*occupier)(unsigned, int *);

/* FPE 1 is one add; FPE 2^k is 2^(k-1) FMAs. */
#define RFL_GFL_ROW(F, T, C)                                                                                  \
    {                                                                                                         \
        &F<T, C, 0, true>, &F<T, C, 1, false>, &F<T, C, 2, false>, &F<T, C, 4, false>, &F<T, C, 8, false>,    \
            &F<T, C, 16, false>, &F<T, C, 32, false>, &F<T, C, 64, false>, &F<T, C, 128, false>,              \
            &F<T, C, 256, false>, &F<T, C, 512, false>, &F<T, C, 1024, false>, &F<T, C, 2048, false>          \
    }
#define RFL_GFL_TABLE(F, T)                                                                                   \
    {                                                                                                         \
        RFL_GFL_ROW(F, T, 1), RFL_GFL_ROW(F, T, 2), RFL_GFL_ROW(F, T, 4), RFL_GFL_ROW(F, T, 8)              \
    }

const launcher launchers[RFL_GPU_NPRECISION][RFL_GFL_NCHAINS][RFL_GFL_NFPE] = {
    RFL_GFL_TABLE(launch, double), RFL_GFL_TABLE(launch, float), RFL_GFL_TABLE(launch, __half2)};
const occupier occupiers[RFL_GPU_NPRECISION][RFL_GFL_NCHAINS][RFL_GFL_NFPE] = {
    RFL_GFL_TABLE(occupancy, double), RFL_GFL_TABLE(occupancy, float), RFL_GFL_TABLE(occupancy, __half2)};

__global__ void k_fill(void *a, size_t words, int prec)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
        if (prec == RFL_GPU_FP64) {
            static_cast<double *>(a)[w] = 1.0 + (double)(w & 7) / 8.0;
        } else if (prec == RFL_GPU_FP32) {
            static_cast<float *>(a)[w] = 1.0f + (float)(w & 7) / 8.0f;
        } else {
            const size_t i = 2 * w; /* scalars 2w and 2w + 1 */
            static_cast<__half2 *>(a)[w] = __halves2half2(__float2half_rn(1.0f + (float)(i & 7) / 8.0f),
                                                          __float2half_rn(1.0f + (float)((i + 1) & 7) / 8.0f));
        }
    }
}

/* The eight expected values travel by value, as a kernel parameter. */
struct expected8 {
    unsigned long long v[8];
};

__global__ void k_check(const void *a, size_t words, int prec, const expected8 param, rfl_gpu_mismatch *m)
{
    /* Into shared memory with constant indices: indexed at run time, the
     * parameter would be copied to local memory. */
    __shared__ expected8 expected;
    if (threadIdx.x == 0) {
#pragma unroll
        for (int i = 0; i < 8; i++)
            expected.v[i] = param.v[i];
    }
    __syncthreads();
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
        if (prec == RFL_GPU_FP64) {
            if (static_cast<const unsigned long long *>(a)[w] != expected.v[w & 7])
                rfl_gpu_mismatch_add(m, w);
        } else if (prec == RFL_GPU_FP32) {
            if (static_cast<const unsigned *>(a)[w] != (unsigned)expected.v[w & 7])
                rfl_gpu_mismatch_add(m, w);
        } else {
            const unsigned short *h = static_cast<const unsigned short *>(a);
            for (size_t i = 2 * w; i < 2 * w + 2; i++)
                if (h[i] != (unsigned short)expected.v[i & 7])
                    rfl_gpu_mismatch_add(m, i);
        }
    }
}

} // namespace

extern "C" int rfl_gfl_fpe_index(unsigned fpe)
{
    for (int i = 0; i < RFL_GFL_NFPE; i++)
        if (fpe == (1u << i))
            return i;
    return -1;
}

extern "C" int rfl_gfl_chains_index(unsigned chains)
{
    for (int i = 0; i < RFL_GFL_NCHAINS; i++)
        if (chains == (1u << i))
            return i;
    return -1;
}

extern "C" cudaError_t rfl_gfl_run(const struct rfl_gfl_launch *l)
{
    const int f = rfl_gfl_fpe_index(l->fpe), c = rfl_gfl_chains_index(l->chains);
    if (f < 0 || c < 0 || l->precision < 0 || l->precision >= RFL_GPU_NPRECISION)
        return cudaErrorInvalidValue;
    return launchers[l->precision][c][f](l);
}

extern "C" cudaError_t rfl_gfl_occupancy(enum rfl_gpu_precision p, unsigned fpe, unsigned chains, unsigned threads,
                                         int *blocks_per_sm)
{
    const int f = rfl_gfl_fpe_index(fpe), c = rfl_gfl_chains_index(chains);
    if (f < 0 || c < 0 || p < 0 || p >= RFL_GPU_NPRECISION)
        return cudaErrorInvalidValue;
    return occupiers[p][c][f](threads, blocks_per_sm);
}

extern "C" cudaError_t rfl_gfl_fill(enum rfl_gpu_precision p, void *a, size_t words, cudaStream_t s)
{
    k_fill<<<rfl_gpu_helper_blocks(words), 256, 0, s>>>(a, words, (int)p);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gfl_check(enum rfl_gpu_precision p, const void *a, size_t words,
                                     const unsigned long long expected_bits[8], struct rfl_gpu_mismatch *m,
                                     cudaStream_t s)
{
    expected8 e;
    for (int i = 0; i < 8; i++)
        e.v[i] = expected_bits[i];
    k_check<<<rfl_gpu_helper_blocks(words), 256, 0, s>>>(a, words, (int)p, e, m);
    return RFL_GPU_LAUNCHED();
}
