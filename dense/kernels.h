/* rfl_dense's device code (kernels.cu), callable from C. */
#ifndef RFL_DENSE_KERNELS_H
#define RFL_DENSE_KERNELS_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif
/* Rows k and ipiv[k] - 1 (1-based pivots, global row numbers) swapped for k = k0 .. k1-1 in
 * turn, in columns c0 .. c1-1 of the column-major matrix a (leading dimension lda). */
cudaError_t rfl_dense_laswp(int fp64, void *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv,
                            cudaStream_t stream);
/* ipiv[0 .. n-1] += offset: a panel's pivots, numbered from its first row, made the matrix's. */
cudaError_t rfl_dense_ipiv_offset(int *ipiv, int n, int offset, cudaStream_t stream);
#ifdef __cplusplus
}
#endif

#endif
