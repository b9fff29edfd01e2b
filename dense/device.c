/* rfl_dense's GPU state: the calls every GPU method shares, each written once for both
 * precisions (the loaded matrix's). */
#include "config.h"
#include "device.h"
#include "kernels.h"
#include "common/log.h"

#include <math.h>
#include <stdlib.h>

int rfl_dense_solver_check(cusolverStatus_t s, const char *call)
{
    if (s == CUSOLVER_STATUS_SUCCESS)
        return 0;
    rfl_error("%s: cuSOLVER status %d", call, (int)s);
    return -1;
}

int rfl_dense_blas_check(cublasStatus_t s, const char *call)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return 0;
    rfl_error("%s: cuBLAS status %d", call, (int)s);
    return -1;
}

void *rfl_dense_at(const struct rfl_dense_gpu *g, void *base, int i, int j)
{
    return (char *)base + ((size_t)i + (size_t)j * g->n) * (g->fp64 ? 8 : 4);
}

int rfl_dense_grow(void **buf, size_t *have, size_t need)
{
    if (need <= *have)
        return 0;
    /* cudaFree of memory a queued kernel still uses is undefined: the old buffer's users first. */
    if (*buf && RFL_CUDA(cudaDeviceSynchronize()))
        return -1;
    cudaFree(*buf);
    *buf = NULL;
    *have = 0;
    if (RFL_CUDA(cudaMalloc(buf, need)))
        return -1;
    *have = need;
    return 0;
}

int rfl_dense_gemm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasOperation_t ta,
                   cublasOperation_t tb, int m, int n, int k, double alpha, const void *a, int lda, const void *b,
                   int ldb, double beta, void *c, int ldc)
{
    if (m <= 0 || n <= 0 || k <= 0)
        return 0;
    if (g->fp64)
        return BLAS(cublasDgemm(l->blas, ta, tb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc));
    const float fa = (float)alpha, fb = (float)beta;
    return BLAS(cublasSgemm(l->blas, ta, tb, m, n, k, &fa, a, lda, b, ldb, &fb, c, ldc));
}

int rfl_dense_trsm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasSideMode_t side,
                   cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                   const void *a, int lda, void *b, int ldb)
{
    if (m <= 0 || n <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1;
        return BLAS(cublasDtrsm(l->blas, side, uplo, trans, diag, m, n, &one, a, lda, b, ldb));
    }
    const float one = 1;
    return BLAS(cublasStrsm(l->blas, side, uplo, trans, diag, m, n, &one, a, lda, b, ldb));
}

int rfl_dense_syrk(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasFillMode_t uplo,
                   cublasOperation_t trans, int n, int k, double alpha, const void *a, int lda, double beta, void *c,
                   int ldc)
{
    if (n <= 0 || k <= 0)
        return 0;
    if (g->fp64)
        return BLAS(cublasDsyrk(l->blas, uplo, trans, n, k, &alpha, a, lda, &beta, c, ldc));
    const float fa = (float)alpha, fb = (float)beta;
    return BLAS(cublasSsyrk(l->blas, uplo, trans, n, k, &fa, a, lda, &fb, c, ldc));
}

int rfl_dense_trmm(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, cublasFillMode_t uplo,
                   cublasOperation_t trans, int m, int n, const void *a, int lda, const void *b, int ldb, void *c,
                   int ldc)
{
    if (m <= 0 || n <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1;
        return BLAS(cublasDtrmm(l->blas, CUBLAS_SIDE_LEFT, uplo, trans, CUBLAS_DIAG_NON_UNIT, m, n, &one, a, lda, b,
                                ldb, c, ldc));
    }
    const float one = 1;
    return BLAS(cublasStrmm(l->blas, CUBLAS_SIDE_LEFT, uplo, trans, CUBLAS_DIAG_NON_UNIT, m, n, &one, a, lda, b, ldb,
                            c, ldc));
}

/* The lane's work area grown to lwork elements of the loaded precision. */
static int lane_work(const struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int lwork)
{
    return rfl_dense_grow(&l->work, &l->work_bytes, (size_t)(lwork > 0 ? lwork : 1) * (g->fp64 ? 8 : 4));
}

/* cuSOLVER's work for factorization f of the m x n block a (n x n for Cholesky): the lane's
 * grown to it, *lwork its elements. */
static int work_for(const struct rfl_dense_gpu *g, struct rfl_dense_lane *l, enum rfl_dense_factor f, int m, int n,
                    void *a, int lda, int *lwork)
{
    const cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
    cusolverStatus_t s;
    *lwork = 0;
    if (f == RFL_DENSE_LU)
        s = g->fp64 ? cusolverDnDgetrf_bufferSize(l->solver, m, n, a, lda, lwork)
                    : cusolverDnSgetrf_bufferSize(l->solver, m, n, a, lda, lwork);
    else if (f == RFL_DENSE_CHOLESKY)
        s = g->fp64 ? cusolverDnDpotrf_bufferSize(l->solver, lo, n, a, lda, lwork)
                    : cusolverDnSpotrf_bufferSize(l->solver, lo, n, a, lda, lwork);
    else
        s = g->fp64 ? cusolverDnDgeqrf_bufferSize(l->solver, m, n, a, lda, lwork)
                    : cusolverDnSgeqrf_bufferSize(l->solver, m, n, a, lda, lwork);
    return SOLVER(s) || lane_work(g, l, *lwork) ? -1 : 0;
}

int rfl_dense_reserve(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, enum rfl_dense_factor f, int m, int n)
{
    int lwork;
    return work_for(g, l, f, m, n, g->a, g->n, &lwork);
}

int rfl_dense_getrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int m, int n, void *a, int lda, int *ipiv)
{
    int lwork;
    if (work_for(g, l, RFL_DENSE_LU, m, n, a, lda, &lwork))
        return -1;
    return SOLVER(g->fp64 ? cusolverDnDgetrf(l->solver, m, n, a, lda, l->work, ipiv, l->info)
                          : cusolverDnSgetrf(l->solver, m, n, a, lda, l->work, ipiv, l->info));
}

int rfl_dense_lu_leaf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int c, int w)
{
    const int n = g->n;
    int done = 0;
    if (g->tune.leaf_kernel && w <= RFL_DENSE_GETF2_MAX_W &&
        RFL_CUDA(rfl_dense_getf2(g->fp64, rfl_dense_at(g, g->a, c, c), n, n - c, w, g->ipiv + c, c, l->info, l->getf2,
                                 l->stream, &done)))
        return -1;
    if (done)
        return 0;
    return rfl_dense_getrf(g, l, n - c, w, rfl_dense_at(g, g->a, c, c), n, g->ipiv + c) ||
           RFL_CUDA(rfl_dense_ipiv_offset(g->ipiv + c, w, c, l->stream));
}

int rfl_dense_potrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int n, void *a, int lda)
{
    const cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
    int lwork;
    if (work_for(g, l, RFL_DENSE_CHOLESKY, n, n, a, lda, &lwork))
        return -1;
    return SOLVER(g->fp64 ? cusolverDnDpotrf(l->solver, lo, n, a, lda, l->work, lwork, l->info)
                          : cusolverDnSpotrf(l->solver, lo, n, a, lda, l->work, lwork, l->info));
}

int rfl_dense_geqrf(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int m, int n, void *a, int lda, void *tau)
{
    int lwork;
    if (work_for(g, l, RFL_DENSE_QR, m, n, a, lda, &lwork))
        return -1;
    return SOLVER(g->fp64 ? cusolverDnDgeqrf(l->solver, m, n, a, lda, tau, l->work, lwork, l->info)
                          : cusolverDnSgeqrf(l->solver, m, n, a, lda, tau, l->work, lwork, l->info));
}

int rfl_dense_swap_rows(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int c0, int c1, int k0,
                        int k1)
{
    return RFL_CUDA(rfl_dense_laswp(g->fp64, g->a, g->n, c0, c1, k0, k1, g->ipiv, l->perm, l->stream)) ? -1 : 0;
}

int rfl_dense_swap_panel_rows(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int jb)
{
    return rfl_dense_swap_rows(g, l, 0, j, j, j + jb) || rfl_dense_swap_rows(g, l, j + jb, g->n, j, j + jb);
}

int rfl_dense_split(int s, int leaf)
{
    const int s1 = (s / 2 + leaf - 1) / leaf * leaf;
    return s1 < s ? s1 : s - leaf;
}

int rfl_dense_syrk_lower(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int c0, int m, int j, int k,
                         int leaf)
{
    const int n = g->n;
    if (m <= leaf)
        return rfl_dense_syrk(g, l, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, m, k, -1, rfl_dense_at(g, g->a, c0, j), n, 1,
                              rfl_dense_at(g, g->a, c0, c0), n);
    const int m1 = rfl_dense_split(m, leaf);
    return rfl_dense_syrk_lower(g, l, c0, m1, j, k, leaf) ||
           rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_T, m - m1, m1, k, -1, rfl_dense_at(g, g->a, c0 + m1, j), n,
                          rfl_dense_at(g, g->a, c0, j), n, 1, rfl_dense_at(g, g->a, c0 + m1, c0), n) ||
           rfl_dense_syrk_lower(g, l, c0 + m1, m - m1, j, k, leaf);
}

int rfl_dense_trsm_leaf(const struct rfl_dense_gpu *g, int leaf)
{
    return g->tune.trsm_leaf > 0 && g->tune.trsm_leaf < leaf ? g->tune.trsm_leaf : leaf;
}

/* c_i = alpha a_i b_i for `count` b x b blocks strided along the diagonals of a, b and c. */
static int gemm_diagonal_batched(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int b, double alpha,
                                 const void *a, int lda, long long sa, const void *bb, int ldb, long long sb, void *c,
                                 int ldc, long long sc, int count)
{
    if (g->fp64) {
        const double one = alpha, zero = 0;
        return BLAS(cublasDgemmStridedBatched(l->blas, CUBLAS_OP_N, CUBLAS_OP_N, b, b, b, &one, a, lda, sa, bb, ldb,
                                              sb, &zero, c, ldc, sc, count));
    }
    const float one = (float)alpha, zero = 0;
    return BLAS(cublasSgemmStridedBatched(l->blas, CUBLAS_OP_N, CUBLAS_OP_N, b, b, b, &one, a, lda, sa, bb, ldb, sb,
                                          &zero, c, ldc, sc, count));
}

int rfl_dense_invert_lower(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int k, void *inv,
                           cublasDiagType_t diag)
{
    const int n = g->n, tiles = k / RFL_DENSE_TILE;
    const size_t es = g->fp64 ? 8 : 4;
    const void *a = rfl_dense_at(g, g->a, j, j);
    /* By doubling: the 32 x 32 diagonal tiles inverted in one kernel, then each pair of inverted
     * blocks A^-1, C^-1 of a level joined by the block B below A: X = -C^-1 (B A^-1), one batched
     * GEMM a product (9 calls for 512, where cuBLAS's TRSM on the identity took 250 us). */
    if (k % RFL_DENSE_TILE == 0 && (tiles & (tiles - 1)) == 0 && (size_t)k * k / 4 * es <= l->scratch_bytes) {
        if (RFL_CUDA(rfl_dense_invert_tiles(g->fp64, a, n, inv, k, diag == CUBLAS_DIAG_UNIT, l->stream)))
            return -1;
        for (int b = RFL_DENSE_TILE; b < k; b *= 2) {
            const long long step_a = 2LL * b * (n + 1), step_inv = 2LL * b * (k + 1), bb = (long long)b * b;
            const int count = k / (2 * b);
            if (gemm_diagonal_batched(g, l, b, 1, (const char *)a + (size_t)b * es, n, step_a, inv, k, step_inv,
                                      l->scratch, b, bb, count) ||
                gemm_diagonal_batched(g, l, b, -1, (char *)inv + (size_t)b * (k + 1) * es, k, step_inv, l->scratch, b,
                                      bb, (char *)inv + (size_t)b * es, k, step_inv, count))
                return -1;
        }
        return 0;
    }
    return RFL_CUDA(rfl_dense_identity(g->fp64, inv, k, l->stream)) ||
           rfl_dense_trsm(g, l, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, diag, k, k, a, n, inv, k);
}

int rfl_dense_solve_right_inverted(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int r0, int m,
                                   int j, int k, const void *inv, void *scratch)
{
    /* A GEMM and a copy, not cuBLAS's TRMM in place: gpu_panel's Cholesky at 16384 FP64 on an
     * H200 ran at 31467 GFLOP/s with the TRMM, 34817 with these. */
    const size_t es = g->fp64 ? 8 : 4;
    void *x = rfl_dense_at(g, g->a, r0, j);
    if (m <= 0)
        return 0;
    return rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_T, m, k, k, 1, x, g->n, inv, k, 0, scratch, m) ||
           RFL_CUDA(cudaMemcpy2DAsync(x, (size_t)g->n * es, scratch, (size_t)m * es, (size_t)m * es, k,
                                      cudaMemcpyDeviceToDevice, l->stream));
}

/* linv: L11^-1 (jb x jb), or NULL: U12 = L11^-1 A12 by a GEMM into W and back, or by a TRSM.
 * cuBLAS's TRSM with a 512 x 512 triangle runs at a sixth of the GEMM's rate (bench/dense_panels.cu). */
static int lu_update(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int jb, int c0, int c1,
                     const void *linv)
{
    const int n = g->n, w = c1 - c0;
    const size_t es = g->fp64 ? 8 : 4;
    if (w <= 0)
        return 0;
    if (linv) {
        void *a12 = rfl_dense_at(g, g->a, j, c0), *u12 = (char *)g->dw + (size_t)c0 * jb * es;
        return rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, jb, w, jb, 1, linv, jb, a12, n, 0, u12, jb) ||
               RFL_CUDA(cudaMemcpy2DAsync(a12, (size_t)n * es, u12, (size_t)jb * es, (size_t)jb * es, w,
                                          cudaMemcpyDeviceToDevice, l->stream)) ||
               rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, n - j - jb, w, jb, -1, rfl_dense_at(g, g->a, j + jb, j),
                              n, u12, jb, 1, rfl_dense_at(g, g->a, j + jb, c0), n);
    }
    return rfl_dense_trsm(g, l, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, jb, w,
                          rfl_dense_at(g, g->a, j, j), n, rfl_dense_at(g, g->a, j, c0), n) ||
           rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, n - j - jb, w, jb, -1, rfl_dense_at(g, g->a, j + jb, j), n,
                          rfl_dense_at(g, g->a, j, c0), n, 1, rfl_dense_at(g, g->a, j + jb, c0), n);
}

static int chol_update(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int jb, int c0, int c1)
{
    /* The look-ahead's block column (right after the panel) by one GEMM, the rest by SYRK. */
    const int n = g->n, w = c1 - c0, syrk = c0 != j + jb;
    if (w <= 0)
        return 0;
    void *panel = rfl_dense_at(g, g->a, c0, j), *c = rfl_dense_at(g, g->a, c0, c0);
    if (syrk && g->tune.syrk_leaf > 0)
        return rfl_dense_syrk_lower(g, l, c0, w, j, jb, g->tune.syrk_leaf);
    return syrk ? rfl_dense_syrk(g, l, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, w, jb, -1, panel, n, 1, c, n)
                : rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_T, n - c0, w, jb, -1, panel, n, panel, n, 1, c, n);
}

static int qr_update(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int jb, int c0, int c1,
                     const void *v, const void *t, int t_inverse)
{
    const int n = g->n, w = c1 - c0, m = n - j;
    if (w <= 0)
        return 0;
    void *c = rfl_dense_at(g, g->a, j, c0);
    if (rfl_dense_gemm(g, l, CUBLAS_OP_T, CUBLAS_OP_N, jb, w, m, 1, v, m, c, n, 0, g->dw, jb))
        return -1;
    void *tw = g->dw;
    if (t_inverse) {
        if (rfl_dense_trsm(g, l, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, jb, w, t,
                           jb, g->dw, jb))
            return -1;
    } else {
        if (rfl_dense_trmm(g, l, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, jb, w, t, jb, g->dw, jb, g->dw2, jb))
            return -1;
        tw = g->dw2;
    }
    return rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, m, w, jb, -1, v, m, tw, jb, 1, c, n);
}

int rfl_dense_update(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, enum rfl_dense_factor f, int j,
                     int jb, int c0, int c1, const void *v, const void *t, int inverses)
{
    return f == RFL_DENSE_LU         ? lu_update(g, l, j, jb, c0, c1, inverses && g->tune.inverse ? t : NULL)
           : f == RFL_DENSE_CHOLESKY ? chol_update(g, l, j, jb, c0, c1)
                                     : qr_update(g, l, j, jb, c0, c1, v, t, inverses);
}

int rfl_dense_qr_buffers(struct rfl_dense_gpu *g, size_t nb)
{
    if (g->qr_nb >= nb)
        return 0;
    const size_t es = sizeof(double), n = g->n_max;
    cudaFreeHost(g->hv);
    cudaFreeHost(g->ht);
    for (int i = 0; i < 2; i++) {
        cudaFree(g->dv[i]);
        cudaFree(g->dt[i]);
        g->dv[i] = g->dt[i] = NULL;
    }
    cudaFree(g->dw);
    cudaFree(g->dw2);
    g->hv = g->ht = g->dw = g->dw2 = NULL;
    g->qr_nb = 0;
    if (RFL_CUDA(cudaMallocHost(&g->hv, n * nb * es)) || RFL_CUDA(cudaMallocHost(&g->ht, nb * nb * es)) ||
        RFL_CUDA(cudaMalloc(&g->dv[0], n * nb * es)) || RFL_CUDA(cudaMalloc(&g->dv[1], n * nb * es)) ||
        RFL_CUDA(cudaMalloc(&g->dt[0], nb * nb * es)) || RFL_CUDA(cudaMalloc(&g->dt[1], nb * nb * es)) ||
        RFL_CUDA(cudaMalloc(&g->dw, nb * n * es)) || RFL_CUDA(cudaMalloc(&g->dw2, nb * n * es)) ||
        rfl_dense_grow(&g->main.scratch, &g->main.scratch_bytes, nb * nb / 4 * es) ||
        rfl_dense_grow(&g->side.scratch, &g->side.scratch_bytes, nb * nb / 4 * es))
        return -1;
    g->qr_nb = nb;
    return 0;
}

int rfl_dense_span_begin(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, enum rfl_dense_part part)
{
    struct rfl_dense_spans *s = &g->spans;
    if (s->count >= RFL_DENSE_MAX_SPANS) {
        s->lost++;
        return -1;
    }
    const int i = s->count;
    if (i >= s->created) {
        if (RFL_CUDA(cudaEventCreate(&s->begin[i])))
            return -2;
        if (RFL_CUDA(cudaEventCreate(&s->end[i]))) {
            cudaEventDestroy(s->begin[i]);
            return -2;
        }
        s->created++;
    }
    s->part[i] = (unsigned char)part;
    s->count++;
    return RFL_CUDA(cudaEventRecord(s->begin[i], l->stream)) ? -2 : i;
}

int rfl_dense_span_end(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int span)
{
    if (span == -1)
        return 0;
    return span < 0 || RFL_CUDA(cudaEventRecord(g->spans.end[span], l->stream)) ? -1 : 0;
}

int rfl_dense_spans_sum(struct rfl_dense_gpu *g, struct rfl_dense_split *split)
{
    struct rfl_dense_spans *s = &g->spans;
    double part_s[2] = {0, 0};
    int rc = 0;
    for (int i = 0; i < s->count && !rc; i++) {
        float ms = 0;
        rc = RFL_CUDA(cudaEventElapsedTime(&ms, s->begin[i], s->end[i]));
        part_s[s->part[i]] += ms * 1e-3;
    }
    split->panel_s = s->lost ? NAN : part_s[RFL_DENSE_PANEL];
    split->update_s = s->lost ? NAN : part_s[RFL_DENSE_UPDATE];
    split->transfer_s = s->lost ? NAN : 0;
    s->count = s->lost = 0;
    return rc ? -1 : 0;
}

void rfl_dense_spans_free(struct rfl_dense_gpu *g)
{
    for (int i = 0; i < g->spans.created; i++) {
        cudaEventDestroy(g->spans.begin[i]);
        cudaEventDestroy(g->spans.end[i]);
    }
    g->spans.created = g->spans.count = 0;
}
