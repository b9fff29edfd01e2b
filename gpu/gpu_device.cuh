/* Device-side helpers shared by the kernels of the GPU programs. */
#ifndef RFL_GPU_DEVICE_CUH
#define RFL_GPU_DEVICE_CUH

#include <cuda_runtime.h>

#include "gpu/gpu_shared.h"

/* Keeps the compiler from merging, hoisting or forwarding memory accesses
 * across trials: every trial must touch memory again. */
#define RFL_GPU_FENCE() asm volatile("" ::: "memory")

/* Both timer reads clobber memory, so no access moves across them. */
__device__ __forceinline__ unsigned long long rfl_gpu_globaltimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
    return t;
}

__device__ __forceinline__ unsigned long long rfl_gpu_clock64()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}

/* Block 0, thread 0 records the SM clock over its own span of a kernel.
 * The start readings wait in the record itself, in global memory, so no
 * register is held (or spilled) across the kernel for them. */
#define RFL_GPU_CLOCK_BEGIN(clk)                                                                              \
    const bool rfl_clock_on = (clk) != nullptr && blockIdx.x == 0 && threadIdx.x == 0;                      \
    if (rfl_clock_on) {                                                                                       \
        (clk)->ns = rfl_gpu_globaltimer();                                                                    \
        (clk)->cycles = rfl_gpu_clock64();                                                                    \
    }

#define RFL_GPU_CLOCK_END(clk)                                                                                \
    if (rfl_clock_on) {                                                                                       \
        const unsigned long long rfl_clock_c1 = rfl_gpu_clock64();                                            \
        const unsigned long long rfl_clock_g1 = rfl_gpu_globaltimer();                                        \
        (clk)->cycles = rfl_clock_c1 - (clk)->cycles;                                                         \
        (clk)->ns = rfl_clock_g1 - (clk)->ns;                                                                 \
    }

/* Adds the block's total of `v` to *out (one add per block, by thread 0).
 * Every thread of the block must call it; blockDim.x a multiple of 32. */
__device__ __forceinline__ void rfl_gpu_block_add(double v, double *out)
{
    __shared__ double warp_totals[32];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0)
        warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        const int warps = (blockDim.x + 31) >> 5;
        v = lane < warps ? warp_totals[lane] : 0.0;
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
        if (lane == 0)
            *out += v;
    }
    __syncthreads();
}

/* Records a wrong element: counts it and keeps the lowest index. */
__device__ __forceinline__ void rfl_gpu_mismatch_add(rfl_gpu_mismatch *m, unsigned long long index)
{
    atomicAdd(&m->count, 1ull);
    atomicMin(&m->first_index, index);
}

/* The grid of a helper kernel (fill, check) of n elements: blocks of 256
 * threads, one element a thread, at most 4096 blocks (a grid-stride loop
 * beyond). */
static inline unsigned rfl_gpu_helper_blocks(size_t n)
{
    size_t b = (n + 255) / 256;
    return (unsigned)(b < 4096 ? (b ? b : 1) : 4096);
}

/* The byte pattern (gpu_shared.h): a[0..n) filled, and every byte of
 * a[0..n) off it recorded, in grid-stride loops. */
__device__ __forceinline__ void rfl_gpu_bytes_fill(unsigned char *a, size_t n, unsigned seed)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        a[i] = rfl_gpu_byte_pattern(i, seed);
}

__device__ __forceinline__ void rfl_gpu_bytes_check(const unsigned char *a, size_t n, unsigned seed,
                                                    rfl_gpu_mismatch *m)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        if (a[i] != rfl_gpu_byte_pattern(i, seed))
            rfl_gpu_mismatch_add(m, i);
}

/* Kernels launch through these, so a launch error is returned like any
 * other call's (and the checked-call macro on the host names it). */
#define RFL_GPU_LAUNCHED() cudaGetLastError()

#endif
