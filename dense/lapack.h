/* The host's LAPACK and BLAS through their Fortran entry points (OpenBLAS or
 * the reference libraries, found by configure), for one precision at a time:
 * the factorizations, the GEMM reference, and the residual checks that verify
 * a factorization in O(n^2) with a random vector. */
#ifndef RFL_DENSE_LAPACK_H
#define RFL_DENSE_LAPACK_H

#include "dense.h"

#include <stddef.h>

/* A column-major n x n matrix of fp64 or fp32 (elem 8 or 4 bytes), lda = n. */
struct rfl_dense_matrix {
    int fp64;
    int n;
    void *a;
};

/* Fills a with the test matrix of factorization f: uniform in [-1, 1] (LU, QR), symmetric and
 * diagonally dominant (Cholesky: off-diagonal in [-1, 1], diagonal n), from seed. */
void rfl_dense_fill(struct rfl_dense_matrix *m, enum rfl_dense_factor f, unsigned long long seed);

/* Factorizes m in place with LAPACK (getrf, potrf lower, geqrf); ipiv (n ints) for LU, tau (n
 * elements of m's type) for QR. The LAPACK info: 0 ok. */
int rfl_dense_lapack_factor(struct rfl_dense_matrix *m, enum rfl_dense_factor f, int *ipiv, void *tau);

/* LU with partial pivoting of an m x n panel (leading dimension lda) of fp64 or fp32: the
 * LAPACK info; ipiv: n 1-based row numbers within the panel. */
int rfl_dense_lapack_getrf(int fp64, int m, int n, void *a, int lda, int *ipiv);

/* The Cholesky panel of an m x n block column (leading dimension lda, m >= n): the top n x n
 * block factorized (L11, lower), the rest solved (A21 L11^-T). The LAPACK info: 0 ok. */
int rfl_dense_lapack_potrf_panel(int fp64, int m, int n, void *a, int lda);

/* The QR panel of an m x n block column (leading dimension lda, m >= n): geqrf in place (R
 * above, the reflectors below, tau: n), then v (m x n, ld m) the reflectors with their unit
 * diagonal and zeros above, and t (n x n, ld n) the triangular factor of the block reflector
 * I - V T V^T (larft, forward, columnwise). The LAPACK info: 0 ok. */
int rfl_dense_lapack_qr_panel(int fp64, int m, int n, void *a, int lda, void *tau, void *v, void *t);

/* C = A B for n x n matrices of m's type (the GEMM reference): *seconds of the call. */
int rfl_dense_lapack_gemm(int fp64, int n, const void *a, const void *b, void *c, double *seconds);

/* The scaled backward error of a factorization of `orig` held in `fact` (with ipiv or tau):
 * ||A x - F x||_inf / (||A||_inf ||x||_inf n eps) for a random x in [-1, 1], F the product of
 * the factors (P^T L U, L L^T, Q R). NaN when it cannot be computed (allocation, LAPACK). */
double rfl_dense_backward_error(const struct rfl_dense_matrix *orig, const struct rfl_dense_matrix *fact,
                                enum rfl_dense_factor f, const int *ipiv, const void *tau, unsigned long long seed);

/* The same check of a GEMM's product c of a and b: ||C x - A (B x)||_inf / (||A||_inf ||B||_inf
 * ||x||_inf n eps), x with |x_j| in [1/2, 1] and random signs, under the same bound for a correct product (its error is within n eps |A||B|
 * elementwise). NaN when it cannot be computed. */
double rfl_dense_gemm_error(const struct rfl_dense_matrix *a, const struct rfl_dense_matrix *b,
                            const struct rfl_dense_matrix *c, unsigned long long seed);

/* The bound a backward error is checked against (a small multiple of n eps, above what a
 * stable factorization of these matrices gives). */
#define RFL_DENSE_BACKWARD_ERROR_BOUND 16.0

#endif
