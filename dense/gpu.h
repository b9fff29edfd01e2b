/* rfl_dense's GPU methods (built with --with-cuda): cuSOLVER's getrf, potrf
 * and geqrf; after Volkov & Demmel, blocked right-looking LU, Cholesky and QR
 * with the trailing updates by cuBLAS and the panels on the CPU with LAPACK
 * (hybrid.c) or on the GPU with cuSOLVER (panel.c), a panel of look-ahead so
 * that both work at once; and LU and Cholesky by halves (recursive.c). The
 * state they share: device.h. */
#ifndef RFL_DENSE_GPU_H
#define RFL_DENSE_GPU_H

#include "dense.h"
#include "lapack.h"

struct rfl_dense_gpu; /* the device, its streams, handles and buffers */



/* Opens device `device` (first + local rank, as every GPU program) for matrices up to n_max in
 * either precision, its methods tuned by `tune`: an RFL_EXIT_* code; *g NULL when not OK. */
int rfl_dense_gpu_open(struct rfl_dense_gpu **g, unsigned device, unsigned n_max, const struct rfl_dense_tuning *tune,
                       char *name, size_t name_len);
void rfl_dense_gpu_close(struct rfl_dense_gpu *g);
/* The CUDA index of the device opened. */
int rfl_dense_gpu_index(const struct rfl_dense_gpu *g);

/* Uploads the matrix the next factorizations start from. 0 or -1. */
int rfl_dense_gpu_load(struct rfl_dense_gpu *g, const struct rfl_dense_matrix *orig);

/* Factorizes a fresh copy of the loaded matrix by `method` (nb: the panel width of the blocked
 * methods): *seconds the whole factorization (transfers of the hybrid's panels included), *split
 * the hybrid's parts. With `keep`, the factors are copied to fact (and ipiv or tau, host
 * memory) afterwards. 0, or -1 after a message. */
int rfl_dense_gpu_factor(struct rfl_dense_gpu *g, enum rfl_dense_method method, enum rfl_dense_factor f, unsigned nb,
                         int keep, struct rfl_dense_matrix *fact, int *ipiv, void *tau, double *seconds,
                         struct rfl_dense_split *split);

/* One GEMM by cuBLAS at the loaded size and precision, C = L L (L the loaded matrix): *seconds
 * of the call. 0, or -1 after a message. */
int rfl_dense_gpu_gemm(struct rfl_dense_gpu *g, double *seconds);
/* The last GEMM's product copied to c (host memory, n x n). 0 or -1. */
int rfl_dense_gpu_product(struct rfl_dense_gpu *g, struct rfl_dense_matrix *c);

#endif
