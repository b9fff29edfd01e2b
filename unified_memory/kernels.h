/* The GPU pass of rfl_unified_memory (Lo et al. Fig. 6, GPUKERNEL): one
 * read-modify-write sweep a[i] = beta * a[i] + alpha over n doubles, as
 * 16-byte double2 accesses, grid-stride, four loads in flight per thread.
 * The pointer may be device memory, mapped host memory (zero-copy) or
 * managed memory: the kernel is the same, only where the bytes live
 * changes. */
#ifndef RFL_UM_KERNELS_H
#define RFL_UM_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Arrays are a whole number of this many doubles (1 KiB): whole double2
 * vectors and whole periods of the fill pattern (i % 8) + 1. */
#define RFL_UM_QUANTUM 128

/* One pass over n doubles (n a multiple of RFL_UM_QUANTUM, a 16-byte
 * aligned). Returns the launch's error. */
cudaError_t rfl_um_gpu_pass(double *a, size_t n, unsigned blocks, unsigned threads, double beta, double alpha,
                            cudaStream_t stream);
/* Blocks of `threads` threads that fit on one SM at once. */
cudaError_t rfl_um_gpu_occupancy(unsigned threads, int *blocks_per_sm);

#ifdef __cplusplus
}
#endif

#endif
