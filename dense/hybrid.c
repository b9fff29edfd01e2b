/* rfl_dense's hybrid method, the paper's (Volkov & Demmel, Section 5): blocked right-looking
 * LU, Cholesky and QR with each panel factored on the CPU by LAPACK and the trailing updates
 * on the GPU by cuBLAS, a panel of look-ahead: the next panel's columns are updated first and
 * sent to the host on the side lane while the main lane updates the rest. */
#include "config.h"
#include "hybrid.h"
#include "device.h"
#include "lapack.h"
#include "common/log.h"
#include "common/timer.h"

#include <stdlib.h>

/* Panel j (rows j..n-1, columns j..j+jb-1) between the device and the pinned buffer (ld m). */
static int panel_copy(struct rfl_dense_gpu *g, int j, int jb, int to_host, cudaStream_t s)
{
    const size_t es = g->fp64 ? 8 : 4, m = (size_t)(g->n - j);
    void *dev = rfl_dense_at(g, g->a, j, j);
    return to_host ? RFL_CUDA(cudaMemcpy2DAsync(g->panel, m * es, dev, (size_t)g->n * es, m * es, (size_t)jb,
                                                cudaMemcpyDeviceToHost, s))
                   : RFL_CUDA(cudaMemcpy2DAsync(dev, (size_t)g->n * es, g->panel, m * es, m * es, (size_t)jb,
                                                cudaMemcpyHostToDevice, s));
}

int rfl_dense_hybrid_buffers(struct rfl_dense_gpu *g, int nb)
{
    const size_t es = g->fp64 ? 8 : 4, pbytes = (size_t)g->n * nb * es;
    if (pbytes > g->panel_bytes) {
        cudaFreeHost(g->panel);
        g->panel = NULL;
        g->panel_bytes = 0;
        if (RFL_CUDA(cudaMallocHost(&g->panel, pbytes)))
            return -1;
        g->panel_bytes = pbytes;
    }
    return 0;
}

/* The first panel to the host before the loop. */
static int first_panel(struct rfl_dense_gpu *g, int nb, struct rfl_dense_split *split)
{
    const double t0 = rfl_now_s();
    const int rc = panel_copy(g, 0, nb < g->n ? nb : g->n, 1, g->main.stream) ||
                   RFL_CUDA(cudaStreamSynchronize(g->main.stream));
    split->transfer_s += rfl_now_s() - t0;
    return rc;
}

/* The look-ahead of step j: update(next panel's columns) on main, then that panel to the host
 * on the side lane while main updates the rest; waits for the panel (a transfer). */
static int look_ahead(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int j, int jb, int nb, cudaEvent_t ready,
                      struct rfl_dense_split *split)
{
    const int n = g->n, next = j + jb, nb2 = n - next < nb ? n - next : nb;
    const struct rfl_dense_lane *m = &g->main;
    int rc = rfl_dense_update(g, m, f, j, jb, next, next + nb2, g->dv[0], g->dt[0], 0) ||
             RFL_CUDA(cudaEventRecord(ready, m->stream)) || RFL_CUDA(cudaStreamWaitEvent(g->side.stream, ready, 0)) ||
             panel_copy(g, next, nb2, 1, g->side.stream) ||
             rfl_dense_update(g, m, f, j, jb, next + nb2, n, g->dv[0], g->dt[0], 0);
    const double t0 = rfl_now_s();
    /* The next panel on the host, and with it (main reached the event) this one's V and T for
     * QR: the CPU may overwrite them. */
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->side.stream));
    split->transfer_s += rfl_now_s() - t0;
    return rc;
}

int rfl_dense_hybrid(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb, int *ipiv, void *tau,
                     struct rfl_dense_split *split)
{
    const int n = g->n;
    const size_t es = g->fp64 ? 8 : 4;
    cudaEvent_t ready;
    split->panel_s = split->transfer_s = 0;
    if (RFL_CUDA(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming)))
        return -1;
    int rc = first_panel(g, nb, split);
    for (int j = 0; j < n && !rc; j += nb) {
        const int jb = n - j < nb ? n - j : nb, m = n - j;
        /* The panel is on the host (sent by the previous step); the GPU may still be updating the rest. */
        double t0 = rfl_now_s();
        const int info = f == RFL_DENSE_LU         ? rfl_dense_lapack_getrf(g->fp64, m, jb, g->panel, m, ipiv + j)
                         : f == RFL_DENSE_CHOLESKY ? rfl_dense_lapack_potrf_panel(g->fp64, m, jb, g->panel, m)
                                         : rfl_dense_lapack_qr_panel(g->fp64, m, jb, g->panel, m,
                                                                     (char *)tau + (size_t)j * es, g->hv, g->ht);
        split->panel_s += rfl_now_s() - t0;
        if (f == RFL_DENSE_LU ? info < 0 : info != 0) {
            rfl_error("hybrid %s: LAPACK info %d at column %d", rfl_dense_factor_names[f], info, j);
            rc = -1;
            break;
        }
        t0 = rfl_now_s();
        rc = panel_copy(g, j, jb, 0, g->main.stream);
        if (f == RFL_DENSE_LU) {
            for (int r = j; r < j + jb; r++)
                ipiv[r] += j; /* panel rows -> matrix rows */
            /* The panel's row interchanges in the columns left and right of it. */
            rc = rc ||
                 RFL_CUDA(cudaMemcpyAsync(g->ipiv + j, ipiv + j, (size_t)jb * sizeof(int), cudaMemcpyHostToDevice,
                                          g->main.stream)) ||
                 rfl_dense_swap_panel_rows(g, &g->main, j, jb);
        } else if (f == RFL_DENSE_QR) {
            rc = rc ||
                 RFL_CUDA(cudaMemcpyAsync(g->dv[0], g->hv, (size_t)m * jb * es, cudaMemcpyHostToDevice,
                                          g->main.stream)) ||
                 RFL_CUDA(cudaMemcpyAsync(g->dt[0], g->ht, (size_t)jb * jb * es, cudaMemcpyHostToDevice,
                                          g->main.stream));
        }
        split->transfer_s += rfl_now_s() - t0;
        if (!rc && j + jb < n)
            rc = look_ahead(g, f, j, jb, nb, ready, split);
    }
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main.stream));
    cudaEventDestroy(ready);
    return rc ? -1 : 0;
}
