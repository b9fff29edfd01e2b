/* Kernels of rfl_gpu_micro: launch overhead, transfers (fill/check),
 * pointer chasing, FMA pipeline latency and throughput, copies by
 * alignment and stride, device-wide barriers. */
#include "config.h"

#include <cooperative_groups.h>

#include "gpu/gpu_device.cuh"
#include "gpu_micro/kernels.h"

namespace cg = cooperative_groups;

namespace {

/* ---- launch ---------------------------------------------------------- */

__global__ void k_tick(unsigned long long *counter)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *counter += 1;
}

/* ---- transfer -------------------------------------------------------- */

__global__ void k_bytes_fill(unsigned char *a, size_t n, unsigned seed) { rfl_gpu_bytes_fill(a, n, seed); }

__global__ void k_bytes_check(const unsigned char *a, size_t n, unsigned seed, rfl_gpu_mismatch *m)
{
    rfl_gpu_bytes_check(a, n, seed, m);
}

/* ---- chase ----------------------------------------------------------- */

__global__ void k_chase_init(char *a, size_t cycle, size_t stride)
{
    const size_t gstride = (size_t)gridDim.x * blockDim.x;
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < cycle; j += gstride) {
        const size_t next = j + 1 < cycle ? j + 1 : 0;
        *reinterpret_cast<char **>(a + j * stride) = a + next * stride;
    }
}

/* The cycle in a given order: node order[j] points to node order[j + 1]. */
__global__ void k_chase_init_order(char *a, const unsigned *order, size_t cycle, size_t stride)
{
    const size_t gstride = (size_t)gridDim.x * blockDim.x;
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < cycle; j += gstride) {
        const size_t next = order[j + 1 < cycle ? j + 1 : 0];
        *reinterpret_cast<char **>(a + (size_t)order[j] * stride) = a + next * stride;
    }
}

template <int MEM> __device__ __forceinline__ char *chase_step(char *p)
{
    char *q;
    if (MEM == RFL_GMI_GLOBAL_CG)
        asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(q) : "l"(p));
    else /* the default caching: through L1 (as .ca, without the strong ordering .ca compiles to) */
        asm volatile("ld.global.u64 %0, [%1];" : "=l"(q) : "l"(p));
    return q;
}

/* One thread. Where it ends (a byte offset) is stored before the last
 * clock read: the store waits for the last load, so the span covers every
 * access. */
template <int MEM>
__global__ void k_chase(char *a, unsigned long long warmup, unsigned long long steps, unsigned long long *final_offset,
                        rfl_gpu_clock *clk)
{
    char *p = a;
#pragma unroll 1
    for (unsigned long long i = 0; i < warmup; i++)
        p = chase_step<MEM>(p);
    const unsigned long long g0 = rfl_gpu_globaltimer(), c0 = rfl_gpu_clock64();
#pragma unroll 1
    for (unsigned long long i = 0; i < steps; i += 8) {
#pragma unroll
        for (int k = 0; k < 8; k++)
            p = chase_step<MEM>(p);
    }
    *final_offset = (unsigned long long)(p - a);
    const unsigned long long c1 = rfl_gpu_clock64(), g1 = rfl_gpu_globaltimer();
    clk->cycles = c1 - c0;
    clk->ns = g1 - g0;
}

/* The same in shared memory, through 32-bit shared addresses: each load's
 * address is the previous load's value, with no arithmetic between. */
__global__ void k_chase_shared(unsigned cycle, unsigned stride, unsigned long long warmup, unsigned long long steps,
                               unsigned long long *final_offset, rfl_gpu_clock *clk)
{
    extern __shared__ unsigned char rfl_chase_smem[];
    const unsigned base = (unsigned)__cvta_generic_to_shared(rfl_chase_smem);
    for (unsigned j = 0; j < cycle; j++) {
        const unsigned next = j + 1 < cycle ? j + 1 : 0;
        *reinterpret_cast<unsigned *>(rfl_chase_smem + (size_t)j * stride) = base + next * stride;
    }
    RFL_GPU_FENCE();
    unsigned p = base;
#pragma unroll 1
    for (unsigned long long i = 0; i < warmup; i++)
        asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)::"memory");
    const unsigned long long g0 = rfl_gpu_globaltimer(), c0 = rfl_gpu_clock64();
#pragma unroll 1
    for (unsigned long long i = 0; i < steps; i += 8) {
#pragma unroll
        for (int k = 0; k < 8; k++)
            asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)::"memory");
    }
    *final_offset = p - base;
    const unsigned long long c1 = rfl_gpu_clock64(), g1 = rfl_gpu_globaltimer();
    clk->cycles = c1 - c0;
    clk->ns = g1 - g0;
}

/* ---- pipeline -------------------------------------------------------- */

template <typename T, int CHAINS>
__global__ void __launch_bounds__(1024) k_pipeline(unsigned n, T m, T c, T *out, rfl_gpu_clock *clk)
{
    T b[CHAINS];
#pragma unroll
    for (int j = 0; j < CHAINS; j++)
        b[j] = (T)(1.0 + (double)((threadIdx.x * CHAINS + j) & 7) / 8.0);
    __syncthreads();
    unsigned long long g0 = 0, c0 = 0;
    if (threadIdx.x == 0) {
        g0 = rfl_gpu_globaltimer();
        c0 = rfl_gpu_clock64();
    }
    __syncthreads();
#pragma unroll 1
    for (unsigned i = 0; i < n; i += 32) {
#pragma unroll
        for (int k = 0; k < 32; k++)
#pragma unroll
            for (int j = 0; j < CHAINS; j++)
                b[j] = fma(b[j], m, c);
    }
    /* The stores wait for each chain's last FMA, the barrier for every thread. */
#pragma unroll
    for (int j = 0; j < CHAINS; j++)
        out[threadIdx.x * CHAINS + j] = b[j];
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned long long c1 = rfl_gpu_clock64(), g1 = rfl_gpu_globaltimer();
        clk->cycles = c1 - c0;
        clk->ns = g1 - g0;
    }
}

/* ---- stride ---------------------------------------------------------- */

__device__ __forceinline__ unsigned copy_pattern(size_t w) { return (unsigned)(w * 2654435761ull + 40503u) & 0x7fffffffu; }

__global__ void k_copy_fill(unsigned *src, unsigned *dst, size_t words)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
        src[w] = copy_pattern(w);
        dst[w] = 0xffffffffu;
    }
}

/* Four independent copies per iteration, as in the bandwidth kernels. */
template <typename W> __global__ void __launch_bounds__(1024) k_copy(const W *src, W *dst, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
    for (; i + 3 * stride < n; i += 4 * stride) {
        const W v0 = src[i], v1 = src[i + stride], v2 = src[i + 2 * stride], v3 = src[i + 3 * stride];
        dst[i] = v0;
        dst[i + stride] = v1;
        dst[i + 2 * stride] = v2;
        dst[i + 3 * stride] = v3;
    }
    for (; i < n; i += stride)
        dst[i] = src[i];
}

__global__ void __launch_bounds__(1024) k_copy_strided(const unsigned *src, unsigned *dst, size_t count,
                                                       unsigned step)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
        dst[i * step] = src[i * step];
}

__global__ void k_copy_check(const unsigned *dst, size_t words, size_t first, size_t last, unsigned step,
                             rfl_gpu_mismatch *m)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
        const bool copied = w >= first && w < last && (w - first) % step == 0;
        if (dst[w] != (copied ? copy_pattern(w) : 0xffffffffu))
            rfl_gpu_mismatch_add(m, w);
    }
}

/* ---- barrier --------------------------------------------------------- */

__device__ __forceinline__ void check_neighbour(const unsigned *flags, unsigned i, unsigned *errors)
{
    const unsigned v = reinterpret_cast<const volatile unsigned *>(flags)[(blockIdx.x + 1) % gridDim.x];
    if (v != i && v != i + 1)
        atomicAdd(errors, 1u);
}

__global__ void k_barrier_grid(unsigned iters, unsigned *flags, unsigned *errors)
{
    cg::grid_group grid = cg::this_grid();
    for (unsigned i = 1; i <= iters; i++) {
        if (threadIdx.x == 0)
            reinterpret_cast<volatile unsigned *>(flags)[blockIdx.x] = i;
        grid.sync();
        if (threadIdx.x == 0)
            check_neighbour(flags, i, errors);
    }
}

/* A counter and a generation word in global memory: the last block to
 * arrive resets the counter and bumps the generation; the others spin on
 * the generation they saw before arriving. */
__device__ __forceinline__ void atomic_barrier(unsigned *count, unsigned *generation)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        volatile unsigned *gen = generation;
        const unsigned seen = *gen;
        __threadfence();
        if (atomicAdd(count, 1u) == gridDim.x - 1) {
            atomicExch(count, 0u);
            __threadfence();
            atomicAdd(generation, 1u);
        } else {
            while (*gen == seen) {
            }
        }
        __threadfence();
    }
    __syncthreads();
}

__global__ void k_barrier_atomic(unsigned iters, unsigned *flags, unsigned *sync_words, unsigned *errors)
{
    for (unsigned i = 1; i <= iters; i++) {
        if (threadIdx.x == 0)
            reinterpret_cast<volatile unsigned *>(flags)[blockIdx.x] = i;
        atomic_barrier(sync_words, sync_words + 1);
        if (threadIdx.x == 0)
            check_neighbour(flags, i, errors);
    }
}

/* Launch i: the previous launch has ended, so the neighbour's flag is
 * i - 1, or already i if it ran first in this launch. */
__global__ void k_phase(unsigned i, unsigned *flags, unsigned *errors)
{
    if (threadIdx.x == 0) {
        check_neighbour(flags, i - 1, errors);
        reinterpret_cast<volatile unsigned *>(flags)[blockIdx.x] = i;
    }
}

} // namespace

/* ---- launchers --------------------------------------------------------- */

extern "C" cudaError_t rfl_gmi_tick(unsigned blocks, unsigned threads, unsigned long long *counter, cudaStream_t s)
{
    k_tick<<<blocks, threads, 0, s>>>(counter);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_bytes_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s)
{
    k_bytes_fill<<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(a, n, seed);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_bytes_check(const unsigned char *a, size_t n, unsigned seed,
                                           struct rfl_gpu_mismatch *m, cudaStream_t s)
{
    k_bytes_check<<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(a, n, seed, m);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_chase_init(void *a, size_t cycle, size_t stride_bytes, cudaStream_t s)
{
    k_chase_init<<<rfl_gpu_helper_blocks(cycle), 256, 0, s>>>(static_cast<char *>(a), cycle, stride_bytes);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_chase_init_order(void *a, const unsigned *order, size_t cycle, size_t stride_bytes,
                                                cudaStream_t s)
{
    k_chase_init_order<<<rfl_gpu_helper_blocks(cycle), 256, 0, s>>>(static_cast<char *>(a), order, cycle, stride_bytes);
    return RFL_GPU_LAUNCHED();
}

extern "C" size_t rfl_gmi_chase_shared_max(void)
{
    int device = 0, optin = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess) {
        (void)cudaGetLastError();
        return 48 * 1024;
    }
    return (size_t)optin;
}

extern "C" cudaError_t rfl_gmi_chase(enum rfl_gmi_chase_memory mem, void *a, size_t cycle, size_t stride_bytes,
                                     unsigned long long warmup, unsigned long long steps,
                                     unsigned long long *final_offset, struct rfl_gpu_clock *clock, cudaStream_t s)
{
    switch (mem) {
    case RFL_GMI_GLOBAL_CA:
        k_chase<RFL_GMI_GLOBAL_CA><<<1, 1, 0, s>>>(static_cast<char *>(a), warmup, steps, final_offset, clock);
        return RFL_GPU_LAUNCHED();
    case RFL_GMI_GLOBAL_CG:
        k_chase<RFL_GMI_GLOBAL_CG><<<1, 1, 0, s>>>(static_cast<char *>(a), warmup, steps, final_offset, clock);
        return RFL_GPU_LAUNCHED();
    case RFL_GMI_SHARED: {
        const size_t bytes = cycle * stride_bytes;
        cudaError_t e = cudaFuncSetAttribute(k_chase_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
        if (e != cudaSuccess)
            return e;
        k_chase_shared<<<1, 1, bytes, s>>>((unsigned)cycle, (unsigned)stride_bytes, warmup, steps, final_offset,
                                           clock);
        return RFL_GPU_LAUNCHED();
    }
    default:
        return cudaErrorInvalidValue;
    }
}

extern "C" cudaError_t rfl_gmi_pipeline(int fp64, unsigned chains, unsigned threads, unsigned n, void *out,
                                        struct rfl_gpu_clock *clock, cudaStream_t s)
{
    /* The constants of rfl_gpu_flops: the chain converges, never overflows. */
    const double m = 0.70710678118654752, c = 0.3;
#define RFL_PIPE(T, C)                                                                                        \
    k_pipeline<T, C><<<1, threads, 0, s>>>(n, (T)m, (T)c, static_cast<T *>(out), clock)
    if (fp64) {
        if (chains == 1)
            RFL_PIPE(double, 1);
        else if (chains == 4)
            RFL_PIPE(double, 4);
        else
            return cudaErrorInvalidValue;
    } else {
        if (chains == 1)
            RFL_PIPE(float, 1);
        else if (chains == 4)
            RFL_PIPE(float, 4);
        else
            return cudaErrorInvalidValue;
    }
#undef RFL_PIPE
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_copy_fill(unsigned *src, unsigned *dst, size_t words, cudaStream_t s)
{
    k_copy_fill<<<rfl_gpu_helper_blocks(words), 256, 0, s>>>(src, dst, words);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_copy(const unsigned *src, unsigned *dst, size_t words, unsigned word_bytes,
                                    unsigned offset, unsigned stride, unsigned blocks, unsigned threads, cudaStream_t s)
{
    src += offset;
    dst += offset;
    if (stride > 1) {
        k_copy_strided<<<blocks, threads, 0, s>>>(src, dst, words / stride, stride);
    } else if (word_bytes == 4) {
        k_copy<unsigned><<<blocks, threads, 0, s>>>(src, dst, words);
    } else if (word_bytes == 8 && offset % 2 == 0) {
        k_copy<uint2><<<blocks, threads, 0, s>>>(reinterpret_cast<const uint2 *>(src), reinterpret_cast<uint2 *>(dst),
                                                 words / 2);
    } else if (word_bytes == 16 && offset % 4 == 0) {
        k_copy<uint4><<<blocks, threads, 0, s>>>(reinterpret_cast<const uint4 *>(src), reinterpret_cast<uint4 *>(dst),
                                                 words / 4);
    } else {
        return cudaErrorInvalidValue;
    }
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_copy_check(const unsigned *dst, size_t words, size_t first, size_t last,
                                          unsigned stride, struct rfl_gpu_mismatch *m, cudaStream_t s)
{
    k_copy_check<<<rfl_gpu_helper_blocks(words), 256, 0, s>>>(dst, words, first, last, stride ? stride : 1, m);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gmi_copy_occupancy(unsigned word_bytes, unsigned stride, unsigned threads,
                                              int *blocks_per_sm)
{
    const void *f = stride > 1         ? (const void *)k_copy_strided
                    : word_bytes == 4 ? (const void *)k_copy<unsigned>
                    : word_bytes == 8 ? (const void *)k_copy<uint2>
                                      : (const void *)k_copy<uint4>;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, f, (int)threads, 0);
}

extern "C" cudaError_t rfl_gmi_barrier(enum rfl_gmi_barrier method, unsigned blocks, unsigned threads, unsigned iters,
                                       unsigned *flags, unsigned *sync_words, unsigned *errors, cudaStream_t s)
{
    switch (method) {
    case RFL_GMI_GRID_SYNC: {
        void *args[] = {&iters, &flags, &errors};
        return cudaLaunchCooperativeKernel((const void *)k_barrier_grid, dim3(blocks), dim3(threads), args, 0, s);
    }
    case RFL_GMI_ATOMIC: {
        /* Launched cooperatively too: that is what guarantees every block is
         * resident at once, without which a spinning barrier can hang. */
        void *args[] = {&iters, &flags, &sync_words, &errors};
        return cudaLaunchCooperativeKernel((const void *)k_barrier_atomic, dim3(blocks), dim3(threads), args, 0, s);
    }
    case RFL_GMI_RELAUNCH:
        for (unsigned i = 1; i <= iters; i++) {
            k_phase<<<blocks, threads, 0, s>>>(i, flags, errors);
            cudaError_t e = RFL_GPU_LAUNCHED();
            if (e != cudaSuccess)
                return e;
        }
        return cudaSuccess;
    default:
        return cudaErrorInvalidValue;
    }
}

extern "C" cudaError_t rfl_gmi_barrier_occupancy(enum rfl_gmi_barrier method, unsigned threads, int *blocks_per_sm)
{
    const void *f = method == RFL_GMI_GRID_SYNC ? (const void *)k_barrier_grid
                    : method == RFL_GMI_ATOMIC  ? (const void *)k_barrier_atomic
                                                : (const void *)k_phase;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, f, (int)threads, 0);
}
