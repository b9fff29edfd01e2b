/* rfl_dense's recursive method: LU (Toledo's column recursion) and Cholesky split in halves
 * down to a leaf of nb columns that cuSOLVER factors, so that nearly all the work lands in a
 * few large GEMMs instead of n/nb rank-nb updates; the triangular solves and Cholesky's
 * symmetric update are split the same way (a leaf-sized TRSM or SYRK, the rest GEMM). One
 * lane: the recursion is a chain, each step needing the one before. */
#include "config.h"
#include "recursive.h"
#include "device.h"
#include "kernels.h"

#define AT(i, j) rfl_dense_at(g, g->a, (i), (j))

/* The width of the diagonal blocks recursive's Cholesky inverts as each leaf's potrf finishes,
 * so that its solves are GEMMs: the tuning's trsm_leaf where it divides the leaf, else 0 (the
 * solves are cuBLAS's TRSM at the leaf). Block p's inverse (k x k, ld k) lies at column p of
 * g->dw taken as a trsm_leaf x n matrix: blocks start at multiples of it. */
static int inverted_width(const struct rfl_dense_gpu *g, int leaf)
{
    const int tl = rfl_dense_trsm_leaf(g, leaf);
    return g->tune.trsm_leaf > 0 && leaf % tl == 0 && (size_t)tl <= g->qr_nb ? tl : 0;
}

static void *inverse_at(const struct rfl_dense_gpu *g, int p, int tl)
{
    return (char *)g->dw + (size_t)p * tl * (g->fp64 ? 8 : 4);
}

/* A[r0:r0+m, j:j+k] = A[r0:r0+m, j:j+k] L^-T, L = A[j:j+k, j:j+k] lower (non-unit), split in
 * halves down to the leaf, each leaf one TRSM, or down to the inverted blocks, each one GEMM. */
static int trsm_right(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int r0, int m, int j, int k, int leaf)
{
    const int n = g->n, inv = inverted_width(g, leaf), tl = inv ? inv : leaf;
    if (k <= tl && inv)
        return rfl_dense_solve_right_inverted(g, l, r0, m, j, k, inverse_at(g, j, inv), g->dv[0]);
    if (k <= tl)
        return rfl_dense_trsm(g, l, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, m, k,
                              AT(j, j), n, AT(r0, j), n);
    const int k1 = rfl_dense_split(k, tl);
    return trsm_right(g, l, r0, m, j, k1, leaf) ||
           rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_T, m, k - k1, k1, -1, AT(r0, j), n, AT(j + k1, j), n, 1,
                          AT(r0, j + k1), n) ||
           trsm_right(g, l, r0, m, j + k1, k - k1, leaf);
}

/* The leaf A[j:j+s, j:j+s] factored, then its diagonal blocks inverted (none for the last leaf:
 * no solve follows). On the side lane, beside the update's GEMMs, the inversions by cuBLAS's
 * TRSM took 1.2 ms a block of 512 (H200): main waited for them. */
static int leaf_factor(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int j, int s, int leaf)
{
    const int tl = inverted_width(g, leaf), span = rfl_dense_span_begin(g, l, RFL_DENSE_PANEL);
    int rc = span < -1 || rfl_dense_potrf(g, l, s, AT(j, j), g->n);
    for (int p = j; p < j + s && tl && j + s < g->n && !rc; p += tl)
        rc = rfl_dense_invert_lower(g, l, p, j + s - p < tl ? j + s - p : tl, inverse_at(g, p, tl),
                                    CUBLAS_DIAG_NON_UNIT);
    return rc || rfl_dense_span_end(g, l, span);
}

/* A[j:j+k, c0:c0+w] = L^-1 A[j:j+k, c0:c0+w], L = A[j:j+k, j:j+k] unit lower. */
static int trsm_left(const struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, int j, int k, int c0, int w,
                     int leaf)
{
    const int n = g->n;
    if (k <= leaf)
        return rfl_dense_trsm(g, l, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, k, w,
                              AT(j, j), n, AT(j, c0), n);
    const int k1 = rfl_dense_split(k, leaf);
    return trsm_left(g, l, j, k1, c0, w, leaf) ||
           rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, k - k1, w, k1, -1, AT(j + k1, j), n, AT(j, c0), n, 1,
                          AT(j + k1, c0), n) ||
           trsm_left(g, l, j + k1, k - k1, c0, w, leaf);
}

/* Cholesky (lower) of A[j:j+s, j:j+s]; the leaves are the panel's time, the rest the update's. */
static int cholesky(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int j, int s, int leaf)
{
    if (s <= leaf)
        return leaf_factor(g, l, j, s, leaf);
    const int s1 = rfl_dense_split(s, leaf), s2 = s - s1;
    if (cholesky(g, l, j, s1, leaf))
        return -1;
    const int span = rfl_dense_span_begin(g, l, RFL_DENSE_UPDATE);
    return span < -1 || trsm_right(g, l, j + s1, s2, j, s1, leaf) || rfl_dense_syrk_lower(g, l, j + s1, s2, j, s1,
                                                                             g->tune.syrk_leaf > 0 ? g->tune.syrk_leaf : leaf) ||
           rfl_dense_span_end(g, l, span) || cholesky(g, l, j + s1, s2, leaf);
}

/* A span of part when timed, else -1 (rfl_dense_span_end's "not timed"): gpu_panel's panels
 * by this recursion are timed whole, as panels. */
static int begin(struct rfl_dense_gpu *g, const struct rfl_dense_lane *l, enum rfl_dense_part part, int timed)
{
    return timed ? rfl_dense_span_begin(g, l, part) : -1;
}

/* LU with partial pivoting of A[c:n, c:c+w] (pivots global in g->ipiv[c:c+w]); the
 * interchanges reach the columns outside [c, c+w) from the caller. */
static int lu(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int c, int w, int leaf, int timed)
{
    const int n = g->n;
    if (w <= leaf) {
        const int span = begin(g, l, RFL_DENSE_PANEL, timed);
        return span < -1 || rfl_dense_lu_leaf(g, l, c, w) || rfl_dense_span_end(g, l, span);
    }
    const int w1 = rfl_dense_split(w, leaf), w2 = w - w1;
    if (lu(g, l, c, w1, leaf, timed))
        return -1;
    int span = begin(g, l, RFL_DENSE_UPDATE, timed);
    if (span < -1 || rfl_dense_swap_rows(g, l, c + w1, c + w, c, c + w1) ||
        trsm_left(g, l, c, w1, c + w1, w2, leaf) ||
        rfl_dense_gemm(g, l, CUBLAS_OP_N, CUBLAS_OP_N, n - c - w1, w2, w1, -1, AT(c + w1, c), n, AT(c, c + w1), n, 1,
                       AT(c + w1, c + w1), n) ||
        rfl_dense_span_end(g, l, span) || lu(g, l, c + w1, w2, leaf, timed))
        return -1;
    span = begin(g, l, RFL_DENSE_UPDATE, timed);
    return span < -1 || rfl_dense_swap_rows(g, l, c, c + w1, c + w1, c + w) || rfl_dense_span_end(g, l, span);
}

int rfl_dense_recursive_lu_panel(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int c, int w, int leaf)
{
    return lu(g, l, c, w, leaf, 0);
}

int rfl_dense_recursive(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb)
{
    const int rc = f == RFL_DENSE_LU ? lu(g, &g->main, 0, g->n, nb, 1) : cholesky(g, &g->main, 0, g->n, nb);
    return rc || RFL_CUDA(cudaStreamSynchronize(g->main.stream)) ? -1 : 0;
}
