/* Kernels of rfl_gpu_link: the pattern fill and check, and the copy kernel
 * that reads a peer GPU's memory. */
#include "config.h"

#include <stdint.h>

#include "gpu/gpu_device.cuh"
#include "gpu_link/kernels.h"

namespace {

__global__ void k_fill(unsigned char *a, size_t n, unsigned seed) { rfl_gpu_bytes_fill(a, n, seed); }

__global__ void k_check(const unsigned char *a, size_t n, unsigned seed, rfl_gpu_mismatch *m)
{
    rfl_gpu_bytes_check(a, n, seed, m);
}

/* 16-byte words, four loads in flight per thread, then the tail bytes. */
__global__ void k_peer_read(uint4 *__restrict__ dst, const uint4 *__restrict__ src, size_t words,
                            unsigned char *dst_tail, const unsigned char *src_tail, size_t tail)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < words; i += 4 * stride) {
        const uint4 a = src[i], b = src[i + stride], c = src[i + 2 * stride], d = src[i + 3 * stride];
        dst[i] = a;
        dst[i + stride] = b;
        dst[i + 2 * stride] = c;
        dst[i + 3 * stride] = d;
    }
    for (; i < words; i += stride)
        dst[i] = src[i];
    const size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t < tail)
        dst_tail[t] = src_tail[t];
}

__global__ void k_bytes_copy(unsigned char *dst, const unsigned char *src, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        dst[i] = src[i];
}

} // namespace

extern "C" cudaError_t rfl_glk_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s)
{
    k_fill<<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(a, n, seed);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_glk_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                                     cudaStream_t s)
{
    k_check<<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(a, n, seed, m);
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_glk_peer_read(unsigned char *dst, const unsigned char *src, size_t n, unsigned blocks,
                                         cudaStream_t s)
{
    if (!blocks)
        blocks = 1;
    if (((uintptr_t)dst | (uintptr_t)src) % 16) {
        k_bytes_copy<<<blocks, 256, 0, s>>>(dst, src, n);
        return RFL_GPU_LAUNCHED();
    }
    const size_t words = n / 16, tail = n % 16;
    size_t need = (words + 4 * 256 - 1) / (4 * 256);
    const unsigned grid = need < blocks ? (unsigned)(need ? need : 1) : blocks;
    k_peer_read<<<grid, 256, 0, s>>>(reinterpret_cast<uint4 *>(dst), reinterpret_cast<const uint4 *>(src), words,
                                     dst + words * 16, src + words * 16, tail);
    return RFL_GPU_LAUNCHED();
}
