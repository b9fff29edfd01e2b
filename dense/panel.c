/* rfl_dense's gpu_panel method: the hybrid's blocked right-looking LU, Cholesky and QR with
 * every panel factored on the GPU by cuSOLVER, so nothing returns to the host until the end,
 * and a look-ahead of one: what the next panel needs is updated first and factored on the side
 * lane (a stream of the highest priority, so its small kernels take SMs first as the update's
 * blocks finish) while the main lane updates the rest, so the panel's latency-bound factorization
 * hides behind the update's GEMM. LU's and Cholesky's panel triangle is inverted on the side lane,
 * so their solves are GEMMs, not cuBLAS's slower TRSM. */
#include "config.h"
#include "panel.h"
#include "device.h"
#include "kernels.h"
#include "recursive.h"
#include "common/log.h"

/* LU's or QR's panel j (rows j..n-1, columns j..j+jb-1) factored on lane l; b: which of the
 * V and T^-1 (QR) or L11^-1 (LU) it writes. */
static int factor_panel_untimed(struct rfl_dense_gpu *g, enum rfl_dense_factor f, struct rfl_dense_lane *l, int j, int jb,
                        int b)
{
    const int n = g->n, m = n - j;
    void *panel = rfl_dense_at(g, g->a, j, j);
    if (f == RFL_DENSE_LU) {
        const int rc = g->tune.lu_panel_leaf > 0 && jb > g->tune.lu_panel_leaf
                           ? rfl_dense_recursive_lu_panel(g, l, j, jb, g->tune.lu_panel_leaf)
                           : rfl_dense_getrf(g, l, m, jb, panel, n, g->ipiv + j) ||
                                 RFL_CUDA(rfl_dense_ipiv_offset(g->ipiv + j, jb, j, l->stream));
        return rc || (g->tune.inverse && rfl_dense_invert_lower(g, l, j, jb, g->dt[b], CUBLAS_DIAG_UNIT));
    }
    /* QR: geqrf, then V made explicit and T^-1 = striu(V^T V) + diag(1/tau) for the update. */
    void *tau = (char *)g->tau + (size_t)j * (g->fp64 ? 8 : 4);
    return rfl_dense_geqrf(g, l, m, jb, panel, n, tau) ||
           RFL_CUDA(rfl_dense_qr_v(g->fp64, panel, n, m, jb, tau, g->dv[b], l->stream)) ||
           rfl_dense_syrk(g, l, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, jb, m, 1, g->dv[b], m, 0, g->dt[b], jb) ||
           RFL_CUDA(rfl_dense_qr_diagonal(g->fp64, g->dt[b], jb, tau, l->stream));
}

static int factor_panel(struct rfl_dense_gpu *g, enum rfl_dense_factor f, struct rfl_dense_lane *l, int j, int jb,
                        int b)
{
    const int span = rfl_dense_span_begin(g, l, RFL_DENSE_PANEL);
    return span < -1 || factor_panel_untimed(g, f, l, j, jb, b) || rfl_dense_span_end(g, l, span);
}

/* Panel j's update of columns [c0, c1) on the main lane (b: QR's V and T^-1 of panel j). */
static int update(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int j, int jb, int c0, int c1, int b)
{
    const int span = rfl_dense_span_begin(g, &g->main, RFL_DENSE_UPDATE);
    return span < -1 || rfl_dense_update(g, &g->main, f, j, jb, c0, c1, g->dv[b], g->dt[b], 1) ||
           rfl_dense_span_end(g, &g->main, span);
}

/* An LU's interchanges of panel j (width jb) left and right of it, an update's time. */
static int swap_panel_rows(struct rfl_dense_gpu *g, int j, int jb)
{
    const int span = rfl_dense_span_begin(g, &g->main, RFL_DENSE_UPDATE);
    return span < -1 || rfl_dense_swap_panel_rows(g, &g->main, j, jb) || rfl_dense_span_end(g, &g->main, span);
}

/* The main lane's cuBLAS aimed at all but `reserve` SMs (0: all, cuBLAS's default), so that the
 * side lane's panel finds SMs free; the cuBLAS GEMM roof runs on all. */
static int set_sm_target(struct rfl_dense_gpu *g, int reserve)
{
    int sms = 0;
    if (reserve > 0 && RFL_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, g->dev.index)))
        return -1;
    return BLAS(cublasSetSmCountTarget(g->main.blas, reserve > 0 && sms > reserve ? sms - reserve : 0));
}

/* Cholesky's diagonal block j (jb x jb) factored on lane l and, where the solves are GEMMs,
 * its triangle inverted into dt[b]: the factorization's chain, a panel's time. */
static int cholesky_diagonal(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int j, int jb, int b)
{
    const int span = rfl_dense_span_begin(g, l, RFL_DENSE_PANEL);
    return span < -1 || rfl_dense_potrf(g, l, jb, rfl_dense_at(g, g->a, j, j), g->n) ||
           (g->tune.inverse && rfl_dense_invert_lower(g, l, j, jb, g->dt[b], CUBLAS_DIAG_NON_UNIT)) ||
           rfl_dense_span_end(g, l, span);
}

/* Rows [r0, r0+m) of panel j solved on main: A[r0:r0+m, j:j+jb] L^-T, by the inverse in dt[b]
 * (a GEMM) or cuBLAS's TRSM. */
static int cholesky_solve(struct rfl_dense_gpu *g, int j, int jb, int r0, int m, int b)
{
    const int n = g->n;
    return g->tune.inverse ? rfl_dense_solve_right_inverted(g, &g->main, r0, m, j, jb, g->dt[b], g->dv[b])
                           : rfl_dense_trsm(g, &g->main, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T,
                                            CUBLAS_DIAG_NON_UNIT, m, jb, rfl_dense_at(g, g->a, j, j), n,
                                            rfl_dense_at(g, g->a, r0, j), n);
}

/* Cholesky with only its chain on the side lane: the next diagonal block's potrf (and inverse),
 * which needs panel j's solve and update of that block alone; main solves the rest of panel j
 * and updates the rest of the trailing matrix meanwhile. When the side lane also solved the whole
 * panel below, it was the critical path: 640 us a panel at n = 8192 on an H200, potrf 223 of them
 * (docs/PERFORMANCE.md, rfl_dense). */
static int cholesky(struct rfl_dense_gpu *g, int nb, cudaEvent_t block_ready, cudaEvent_t diagonal_ready)
{
    const int n = g->n;
    struct rfl_dense_lane *m = &g->main;
    int rc = cholesky_diagonal(g, m, 0, nb < n ? nb : n, 0);
    for (int j = 0, b = 0; j < n && !rc; j += nb, b ^= 1) {
        const int jb = n - j < nb ? n - j : nb, next = j + jb, nb2 = n - next < nb ? n - next : nb;
        const int rest = next + nb2;
        if (next >= n)
            break;
        int span = rfl_dense_span_begin(g, m, RFL_DENSE_UPDATE);
        rc = span < -1 || cholesky_solve(g, j, jb, next, nb2, b) ||
             rfl_dense_syrk(g, m, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, nb2, jb, -1, rfl_dense_at(g, g->a, next, j), n,
                            1, rfl_dense_at(g, g->a, next, next), n) ||
             rfl_dense_span_end(g, m, span) || RFL_CUDA(cudaEventRecord(block_ready, m->stream)) ||
             RFL_CUDA(cudaStreamWaitEvent(g->side.stream, block_ready, 0)) ||
             cholesky_diagonal(g, &g->side, next, nb2, b ^ 1) ||
             RFL_CUDA(cudaEventRecord(diagonal_ready, g->side.stream));
        if (rc || rest >= n) {
            rc = rc || RFL_CUDA(cudaStreamWaitEvent(m->stream, diagonal_ready, 0));
            continue;
        }
        /* dt[b] is main's until the next step's block_ready: the side lane writes dt[b ^ 1]. */
        span = rfl_dense_span_begin(g, m, RFL_DENSE_UPDATE);
        rc = span < -1 || cholesky_solve(g, j, jb, rest, n - rest, b) ||
             rfl_dense_gemm(g, m, CUBLAS_OP_N, CUBLAS_OP_T, n - rest, nb2, jb, -1, rfl_dense_at(g, g->a, rest, j), n,
                            rfl_dense_at(g, g->a, next, j), n, 1, rfl_dense_at(g, g->a, rest, next), n) ||
             rfl_dense_update(g, m, RFL_DENSE_CHOLESKY, j, jb, rest, n, NULL, NULL, 0) ||
             rfl_dense_span_end(g, m, span) || RFL_CUDA(cudaStreamWaitEvent(m->stream, diagonal_ready, 0));
    }
    return rc;
}

/* LU and QR: the next panel's whole block column updated first, then factored on the side lane
 * while main updates the rest. */
static int lu_qr(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb, cudaEvent_t cols_ready,
                 cudaEvent_t panel_ready)
{
    const int n = g->n;
    int rc = factor_panel(g, f, &g->main, 0, nb < n ? nb : n, 0);
    for (int j = 0, b = 0; j < n && !rc; j += nb, b ^= 1) {
        const int jb = n - j < nb ? n - j : nb, next = j + jb, nb2 = n - next < nb ? n - next : nb;
        /* Panel j is factored (main waited for it): an LU's interchanges left and right of it. */
        if (f == RFL_DENSE_LU)
            rc = swap_panel_rows(g, j, jb);
        if (rc || next >= n)
            continue;
        /* The side lane writes only the next panel (and QR's other V and T^-1, which main no
         * longer reads: it used them before this step's cols_ready). */
        rc = update(g, f, j, jb, next, next + nb2, b) || RFL_CUDA(cudaEventRecord(cols_ready, g->main.stream)) ||
             RFL_CUDA(cudaStreamWaitEvent(g->side.stream, cols_ready, 0)) ||
             factor_panel(g, f, &g->side, next, nb2, b ^ 1) ||
             RFL_CUDA(cudaEventRecord(panel_ready, g->side.stream)) || update(g, f, j, jb, next + nb2, n, b) ||
             RFL_CUDA(cudaStreamWaitEvent(g->main.stream, panel_ready, 0));
    }
    return rc;
}

int rfl_dense_panel(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb)
{
    cudaEvent_t ready[2];
    if (RFL_CUDA(cudaEventCreateWithFlags(&ready[0], cudaEventDisableTiming)))
        return -1;
    if (RFL_CUDA(cudaEventCreateWithFlags(&ready[1], cudaEventDisableTiming))) {
        cudaEventDestroy(ready[0]);
        return -1;
    }
    int rc = set_sm_target(g, g->tune.sm_reserve) ||
             (f == RFL_DENSE_CHOLESKY ? cholesky(g, nb, ready[0], ready[1]) : lu_qr(g, f, nb, ready[0], ready[1]));
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main.stream)) || RFL_CUDA(cudaStreamSynchronize(g->side.stream));
    cudaEventDestroy(ready[0]);
    cudaEventDestroy(ready[1]);
    return set_sm_target(g, 0) || rc ? -1 : 0;
}
