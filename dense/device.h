/* rfl_dense's GPU state, shared by its GPU methods (gpu.c opens it and dispatches; hybrid.c,
 * panel.c and recursive.c factorize in it): two lanes (a stream with its own cuBLAS and
 * cuSOLVER handles, so that the look-ahead's panel runs beside the update), the matrix's
 * blocks by index, and cuBLAS and cuSOLVER called once for either precision. */
#ifndef RFL_DENSE_DEVICE_H
#define RFL_DENSE_DEVICE_H

#include "dense.h"
#include "gpu/gpu.h"

#include <cublas_v2.h>
#include <cusolverDn.h>

/* A stream and what runs on it. cuSOLVER's work and info are the lane's own: two lanes may
 * factor at once. */
struct rfl_dense_lane {
    cudaStream_t stream;
    cublasHandle_t blas;
    cusolverDnHandle_t solver;
    void *work; /* device: cuSOLVER's work area */
    size_t work_bytes;
    int *info; /* device */
    int *perm; /* device: a panel's interchanges as one gather (rfl_dense_swap_rows) */
    void *getf2; /* device: the LU leaf kernel's scratch (RFL_DENSE_GETF2_SCRATCH bytes) */
    void *scratch; /* device: rfl_dense_invert_lower's products */
    size_t scratch_bytes;
};

/* GPU-timed spans of a factorization (CUDA events on the lanes' streams), summed by part once
 * it has finished: where a GPU-resident method spends its time. */
#define RFL_DENSE_MAX_SPANS 4096
enum rfl_dense_part { RFL_DENSE_PANEL, RFL_DENSE_UPDATE };
struct rfl_dense_spans {
    cudaEvent_t begin[RFL_DENSE_MAX_SPANS], end[RFL_DENSE_MAX_SPANS];
    unsigned char part[RFL_DENSE_MAX_SPANS];
    int count, created, lost; /* lost: spans past the pool, not timed */
};

struct rfl_dense_gpu {
    struct rfl_gpu_device dev;
    struct rfl_dense_lane main, side; /* side: the look-ahead's panels, the hybrid's copies */
    unsigned n_max;
    int fp64, n;                 /* the loaded matrix */
    void *a, *orig, *tau;        /* device: the factors, the loaded matrix, QR's scalars */
    int *ipiv;                   /* device */
    void *panel;                 /* pinned host: a panel of n x nb (hybrid) */
    size_t panel_bytes;
    /* QR: the hybrid's reflectors V (n x nb) and T (nb x nb) pinned on the host; on the device
     * two sets (the look-ahead's panel forms the next while the update uses this one), and W,
     * W2 (nb x n) for the block reflector's products. */
    void *hv, *ht, *dv[2], *dt[2], *dw, *dw2;
    size_t qr_nb;
    struct rfl_dense_spans spans;
    struct rfl_dense_tuning tune;
};

int rfl_dense_solver_check(cusolverStatus_t s, const char *call);
int rfl_dense_blas_check(cublasStatus_t s, const char *call);
#define SOLVER(call) rfl_dense_solver_check((call), #call)
#define BLAS(call) rfl_dense_blas_check((call), #call)

/* Element (i, j) of a column-major n x n matrix of the loaded precision. */
void *rfl_dense_at(const struct rfl_dense_gpu *g, void *base, int i, int j);
/* A device buffer of at least `need` bytes; the device is idle before an old one is freed. */
int rfl_dense_grow(void **buf, size_t *have, size_t need);

/* cuBLAS in the loaded precision (alpha and beta converted for FP32), on the lane's stream.
 * 0 or -1 after a message. */
int rfl_dense_gemm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasOperation_t ta,
                   cublasOperation_t tb, int m, int n, int k, double alpha, const void *a, int lda, const void *b,
                   int ldb, double beta, void *c, int ldc);
int rfl_dense_trsm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasSideMode_t side,
                   cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                   const void *a, int lda, void *b, int ldb);
int rfl_dense_syrk(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasFillMode_t uplo,
                   cublasOperation_t trans, int n, int k, double alpha, const void *a, int lda, double beta, void *c,
                   int ldc);
/* Out of place: c = op(a) b, a triangular. */
int rfl_dense_trmm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasFillMode_t uplo,
                   cublasOperation_t trans, int m, int n, const void *a, int lda, const void *b, int ldb, void *c,
                   int ldc);

/* cuSOLVER in the loaded precision on the lane, its work grown as needed, info to the lane's:
 * getrf (pivots relative to a's first row), potrf (lower), geqrf. 0 or -1. */
int rfl_dense_getrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int m, int n, void *a, int lda, int *ipiv);
int rfl_dense_potrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int n, void *a, int lda);
/* The LU leaf A[c:n, c:c+w] on the lane, pivots global in g->ipiv[c:c+w]: by the cooperative
 * kernel where it is enabled and fits, else by getrf. 0 or -1. */
int rfl_dense_lu_leaf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int c, int w);
int rfl_dense_geqrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int m, int n, void *a, int lda, void *tau);

/* The lane's work grown for factorization f of an m x n block (n x n for Cholesky), outside
 * the timed part. 0 or -1. */
int rfl_dense_reserve(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, enum rfl_dense_factor f, int m, int n);

/* Rows k0 .. k1-1 interchanged with their pivots (global, 1-based, on the device) in columns
 * [c0, c1), as LAPACK's laswp, on the lane's stream; an LU panel's (j, width jb) in the columns
 * left and right of it. */
int rfl_dense_swap_rows(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int c0, int c1, int k0,
                        int k1);
int rfl_dense_swap_panel_rows(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int jb);

/* A span of part on the lane: begin returns its index (-1 when the pool is spent: not timed),
 * end closes it. rfl_dense_spans_sum, after the lanes finished, adds each part's GPU time to
 * split (panel_s, update_s; transfer_s 0: nothing crossed to the host) and empties the list;
 * with lost spans the split is NaN. 0 or -1. */
int rfl_dense_span_begin(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, enum rfl_dense_part part);
int rfl_dense_span_end(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int span);
int rfl_dense_spans_sum(struct rfl_dense_gpu *g, struct rfl_dense_split *split);
void rfl_dense_spans_free(struct rfl_dense_gpu *g);

/* The lower triangle of A[c0:c0+m, c0:c0+m] -= A[c0:c0+m, j:j+k] A[c0:c0+m, j:j+k]^T, split in
 * halves down to blocks of leaf: a SYRK on each diagonal block, GEMMs elsewhere. */
int rfl_dense_syrk_lower(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int c0, int m, int j, int k,
                         int leaf);
/* The first part of a split of s > leaf columns: about half, a multiple of the leaf. */
int rfl_dense_split(int s, int leaf);

/* The triangular solves by an inverted triangle (cuBLAS's TRSM on these shapes runs at a fraction
 * of its GEMM's rate: bench/dense_panels.cu). rfl_dense_invert_lower: inv (k x k, ld k) = the
 * inverse of A[j:j+k, j:j+k]'s lower triangle (diag: unit or not), its upper triangle zero; by
 * doubling where k is 32 times a power of two and the lane's scratch holds k * k / 4 elements
 * (rfl_dense_qr_buffers), else a TRSM on the identity. rfl_dense_solve_right_inverted:
 * A[r0:r0+m, j:j+k] = A[r0:r0+m, j:j+k] L^-T, inv = L^-1 (ld k), by one GEMM into scratch
 * (m x k, ld m), copied back. rfl_dense_trsm_leaf: the blocks recursive's Cholesky inverts, leaf
 * where the tuning has none. 0 or -1. */
int rfl_dense_invert_lower(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int k, void *inv,
                           cublasDiagType_t diag);
int rfl_dense_solve_right_inverted(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int r0, int m,
                                   int j, int k, const void *inv, void *scratch);
int rfl_dense_trsm_leaf(const struct rfl_dense_gpu *g, int leaf);

/* V, T, W and W2 above, sized for panels of nb at the largest size (the device idle: called
 * before a factorization): QR's, and the inverted triangles' (dt) and their products' (dv, dw)
 * of gpu_panel's LU and Cholesky and recursive's solves. 0 or -1. */
int rfl_dense_qr_buffers(struct rfl_dense_gpu *g, size_t nb);

/* Factorization f's trailing update by panel j (width jb) of columns [c0, c1), on the lane.
 * LU: U12 = L11^-1 A12, then A22 -= L21 U12. Cholesky: the lower part of
 * A[c0:n, c0:c1] -= A[c0:n, j:j+jb] A[c0:c1, j:j+jb]^T, by SYRK (the diagonal block's lower
 * triangle only), or, for the block column right after the panel (the look-ahead's), by one
 * GEMM over the whole block column (it also writes the diagonal block's strict upper triangle,
 * which holds nothing). QR: Q_j^T applied to rows j..n-1, A2 -= V (T^T (V^T A2)), V explicit
 * (m x jb, ld m) and T (jb x jb) upper triangular, or with inverses its inverse (solved, not
 * multiplied); W and W2 are g->dw and g->dw2. With inverses (and the tuning's inverse), LU's t
 * is L11^-1 (jb x jb), and U12 = L11^-1 A12 a GEMM through W, not a TRSM. v is QR's only. */
int rfl_dense_update(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, enum rfl_dense_factor f, int j,
                     int jb, int c0, int c1, const void *v, const void *t, int inverses);

#endif
