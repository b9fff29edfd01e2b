/* rfl_dense's GEMM reference at one size and precision: the roof its
 * factorizations are held against. A factorization of order n spends most
 * of its flops in GEMMs no larger than n x n x n, by the same library, so
 * the same library's GEMM at that n (the host's BLAS for lapack, cuBLAS for
 * the GPU methods) bounds it; measured once, ahead of them, it could catch a
 * noisy moment they missed (a 2-core host read its dgemm at 12.1 GFLOP/s and
 * Cholesky at 174% of it). Its samples are therefore taken before and after
 * the factorizations, more where one of them still ran faster, and its
 * product is verified like their factors. */
#ifndef RFL_DENSE_REFERENCE_H
#define RFL_DENSE_REFERENCE_H

#include "lapack.h"

#define RFL_DENSE_REF_MAX_SAMPLES 64

struct rfl_dense_gpu;

struct rfl_dense_ref {
    int gpu, fp64;
    unsigned n;
    double times[RFL_DENSE_REF_MAX_SAMPLES];
    unsigned count, checks;
    double error; /* the largest scaled error of the products checked (NaN: none, or one failed) */
};

void rfl_dense_ref_init(struct rfl_dense_ref *r, int gpu, int fp64, unsigned n);

/* Takes `samples` timed GEMMs C = B B of b (n x n, r's precision) into c (host memory, n x n),
 * and more while fewer than min_s seconds were timed (small n), then checks the last product
 * (corrupted first with inject_fault). On the GPU g, b is loaded first (the factorizations load
 * their own matrices). 0, or -1 after a message. */
int rfl_dense_ref_sample(struct rfl_dense_ref *r, struct rfl_dense_gpu *g, const struct rfl_dense_matrix *b,
                         struct rfl_dense_matrix *c, unsigned samples, double min_s, int inject_fault,
                         unsigned long long seed);

/* 2 n^3 / the fastest sample, in GFLOP/s; NaN before any sample. */
double rfl_dense_ref_gflops(const struct rfl_dense_ref *r);

/* Whether every product checked was within the bound (and one was). */
int rfl_dense_ref_verified(const struct rfl_dense_ref *r);

#endif
