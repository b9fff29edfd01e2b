/* rfl_gpu_link's kernels on the host, for the CUDA stand-in
 * (gpu/fake_cuda.c): "device" memory is host memory, so a peer read is a
 * host copy. */
#include "config.h"
#include "gpu_link/kernels.h"
#include "gpu/fake_cuda.h"

#include <string.h>

cudaError_t rfl_glk_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s)
{
    (void)s;
    rfl_gpu_bytes_fill_host(a, n, seed);
    return cudaSuccess;
}

cudaError_t rfl_glk_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                          cudaStream_t s)
{
    (void)s;
    rfl_gpu_bytes_check_host(a, n, seed, m);
    return cudaSuccess;
}

cudaError_t rfl_glk_peer_read(unsigned char *dst, const unsigned char *src, size_t n, unsigned blocks,
                              cudaStream_t s)
{
    (void)blocks;
    (void)s;
    memmove(dst, src, n);
    return cudaSuccess;
}
