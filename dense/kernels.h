/* rfl_dense's device code (kernels.cu), callable from C. */
#ifndef RFL_DENSE_KERNELS_H
#define RFL_DENSE_KERNELS_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif
/* Rows k and ipiv[k] - 1 (1-based pivots, global row numbers) swapped for k = k0 .. k1-1 in
 * turn, in columns c0 .. c1-1 of the column-major matrix a (leading dimension lda), as LAPACK's
 * laswp. perm: device scratch of RFL_DENSE_PERM_INTS ints (the interchanges of up to
 * RFL_DENSE_PERM_CHUNK pivots composed into one gather a column). */
#define RFL_DENSE_PERM_CHUNK 1024
#define RFL_DENSE_PERM_INTS (1 + 4 * RFL_DENSE_PERM_CHUNK)
cudaError_t rfl_dense_laswp(int fp64, void *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv, int *perm,
                            cudaStream_t stream);
/* Panel QR's explicit V: v (m x n, ld m) = the unit lower trapezoid of a (ld lda), the
 * column of a reflector whose tau is 0 (the identity) zeroed; then, once u holds V^T V in its
 * upper triangle, rfl_dense_qr_diagonal sets its diagonal to 1/tau (1 where tau is 0):
 * u = T^-1 (Puglisi; Joffrain et al. 2006), so the block reflector needs no larft. */
cudaError_t rfl_dense_qr_v(int fp64, const void *a, int lda, int m, int n, const void *tau, void *v,
                           cudaStream_t stream);
cudaError_t rfl_dense_qr_diagonal(int fp64, void *u, int n, const void *tau, cudaStream_t stream);
/* The LU with partial pivoting of the m x w panel a (leading dimension lda, w at most
 * RFL_DENSE_GETF2_MAX_W) in one cooperative kernel (getf2.cu): ipiv[k] = row_offset + the pivot's
 * row in the panel + 1, info = row_offset + k + 1 at the first zero pivot (as getrf's, set only if
 * 0). scratch: device memory of RFL_DENSE_GETF2_SCRATCH bytes, the stream's alone. *done is 0
 * when the panel does not fit the device's shared memory: nothing ran, the caller factors it. */
#define RFL_DENSE_GETF2_MAX_W 32
#define RFL_DENSE_GETF2_MAX_GRID 1024
#define RFL_DENSE_GETF2_SCRATCH                                                                                      \
    (2 * RFL_DENSE_GETF2_MAX_GRID * 8 + (2 * RFL_DENSE_GETF2_MAX_GRID + 2) * 4 +                                   \
     (2 * RFL_DENSE_GETF2_MAX_GRID + 2) * RFL_DENSE_GETF2_MAX_W * 8)
cudaError_t rfl_dense_getf2(int fp64, void *a, int lda, int m, int w, int *ipiv, int row_offset, int *info,
                            void *scratch, cudaStream_t stream, int *done);
/* The first step of inverting a lower triangular k x k block a (ld lda), k a multiple of
 * RFL_DENSE_TILE: inv (ld k) gets the inverses of a's diagonal tiles (unit: a's diagonal taken
 * as ones), zeros above them; its tiles below are left to the caller (rfl_dense_invert_lower). */
#define RFL_DENSE_TILE 32
cudaError_t rfl_dense_invert_tiles(int fp64, const void *a, int lda, void *inv, int k, int unit, cudaStream_t stream);
/* a (n x n, ld n) = the identity. */
cudaError_t rfl_dense_identity(int fp64, void *a, int n, cudaStream_t stream);
/* ipiv[0 .. n-1] += offset: a panel's pivots, numbered from its first row, made the matrix's. */
cudaError_t rfl_dense_ipiv_offset(int *ipiv, int n, int offset, cudaStream_t stream);
#ifdef __cplusplus
}
#endif

#endif
