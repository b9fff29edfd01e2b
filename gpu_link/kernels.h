/* Kernels of rfl_gpu_link, with C launchers for the host code: the byte
 * pattern every copy carries (filled on the source, checked where it
 * arrived) and the copy kernel that reads another GPU's memory through
 * peer access. */
#ifndef RFL_GPU_LINK_KERNELS_H
#define RFL_GPU_LINK_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The byte pattern (gpu/gpu_shared.h), filled and checked on the current
 * device (the mismatch record in its memory). */
cudaError_t rfl_glk_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s);
cudaError_t rfl_glk_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                          cudaStream_t s);
/* dst[0..n) = src[0..n) by a kernel on the current device, `blocks` blocks
 * of 256 threads, 16-byte loads where both are aligned; src may be another
 * device's memory (peer access enabled). */
cudaError_t rfl_glk_peer_read(unsigned char *dst, const unsigned char *src, size_t n, unsigned blocks,
                              cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
