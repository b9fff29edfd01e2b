/* rfl_dense on the GPU: cuSOLVER's factorizations, and the blocked LU of
 * Volkov & Demmel (Section 5) with its panel on the CPU (hybrid) or on the
 * GPU (gpu_panel) and its trailing updates by cuBLAS. */
#include "config.h"
#include "gpu.h"
#include "kernels.h"
#include "gpu/gpu.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/timer.h"

#include <cublas_v2.h>
#include <cusolverDn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct rfl_dense_gpu {
    struct rfl_gpu_device dev;
    cudaStream_t main, copy;
    cublasHandle_t blas;
    cusolverDnHandle_t solver;
    unsigned n_max;
    int fp64, n;                 /* the loaded matrix */
    void *a, *orig, *work, *tau; /* device: the factors, the loaded matrix, cuSOLVER's work, QR's tau */
    size_t work_bytes;
    int *ipiv, *info;            /* device */
    void *panel;                 /* pinned host: a panel of n x nb */
    size_t panel_bytes;
    /* QR: the panel's reflectors V (n x nb) and T (nb x nb), pinned on the host and on the
     * device, and W, W2 (nb x n) on the device for the block reflector's products. */
    void *hv, *ht, *dv, *dt, *dw, *dw2;
    size_t qr_nb;
};

static int solver_check(cusolverStatus_t s, const char *call)
{
    if (s == CUSOLVER_STATUS_SUCCESS)
        return 0;
    rfl_error("%s: cuSOLVER status %d", call, (int)s);
    return -1;
}

static int blas_check(cublasStatus_t s, const char *call)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return 0;
    rfl_error("%s: cuBLAS status %d", call, (int)s);
    return -1;
}
#define SOLVER(call) solver_check((call), #call)
#define BLAS(call) blas_check((call), #call)

void rfl_dense_gpu_close(struct rfl_dense_gpu *g)
{
    if (!g)
        return;
    cudaFree(g->a);
    cudaFree(g->orig);
    cudaFree(g->work);
    cudaFree(g->tau);
    cudaFree(g->ipiv);
    cudaFree(g->info);
    cudaFreeHost(g->panel);
    cudaFreeHost(g->hv);
    cudaFreeHost(g->ht);
    cudaFree(g->dv);
    cudaFree(g->dt);
    cudaFree(g->dw);
    cudaFree(g->dw2);
    if (g->solver)
        cusolverDnDestroy(g->solver);
    if (g->blas)
        cublasDestroy(g->blas);
    if (g->main)
        cudaStreamDestroy(g->main);
    if (g->copy)
        cudaStreamDestroy(g->copy);
    free(g);
}

int rfl_dense_gpu_index(const struct rfl_dense_gpu *g) { return g->dev.index; }

int rfl_dense_gpu_open(struct rfl_dense_gpu **out, unsigned device, unsigned n_max, char *name, size_t name_len)
{
    *out = NULL;
    struct rfl_dense_gpu *g = calloc(1, sizeof *g);
    if (!g) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    int rc = rfl_gpu_select((int)device, &g->dev);
    if (rc != RFL_EXIT_OK) {
        free(g);
        return rc;
    }
    snprintf(name, name_len, "%s", g->dev.name);
    g->n_max = n_max;
    const size_t bytes = (size_t)n_max * n_max * sizeof(double);
    if (RFL_CUDA(cudaStreamCreateWithFlags(&g->main, cudaStreamNonBlocking)) ||
        RFL_CUDA(cudaStreamCreateWithFlags(&g->copy, cudaStreamNonBlocking)) || BLAS(cublasCreate(&g->blas)) ||
        BLAS(cublasSetStream(g->blas, g->main)) || SOLVER(cusolverDnCreate(&g->solver)) ||
        SOLVER(cusolverDnSetStream(g->solver, g->main)) || RFL_CUDA(cudaMalloc(&g->a, bytes)) ||
        RFL_CUDA(cudaMalloc(&g->orig, bytes)) || RFL_CUDA(cudaMalloc(&g->tau, (size_t)n_max * sizeof(double))) ||
        RFL_CUDA(cudaMalloc((void **)&g->ipiv, (size_t)n_max * sizeof(int))) ||
        RFL_CUDA(cudaMalloc((void **)&g->info, sizeof(int)))) {
        rfl_dense_gpu_close(g);
        return RFL_EXIT_FAILURE;
    }
    *out = g;
    return RFL_EXIT_OK;
}

int rfl_dense_gpu_load(struct rfl_dense_gpu *g, const struct rfl_dense_matrix *orig)
{
    g->fp64 = orig->fp64;
    g->n = orig->n;
    const size_t bytes = (size_t)orig->n * orig->n * (orig->fp64 ? 8 : 4);
    /* On the work's own stream, finished before the work: a pageable cudaMemcpy may return
     * before its DMA ends, and the legacy stream does not order the non-blocking main one. */
    return RFL_CUDA(cudaMemcpyAsync(g->orig, orig->a, bytes, cudaMemcpyHostToDevice, g->main)) ||
                   RFL_CUDA(cudaStreamSynchronize(g->main))
               ? -1
               : 0;
}

/* cuSOLVER's work area for factorization f at the loaded size, grown as needed. */
static int solver_work(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int m, int n)
{
    int lwork = 0;
    cusolverStatus_t s;
    if (f == RFL_DENSE_LU)
        s = g->fp64 ? cusolverDnDgetrf_bufferSize(g->solver, m, n, g->a, g->n, &lwork)
                    : cusolverDnSgetrf_bufferSize(g->solver, m, n, g->a, g->n, &lwork);
    else if (f == RFL_DENSE_CHOLESKY)
        s = g->fp64 ? cusolverDnDpotrf_bufferSize(g->solver, CUBLAS_FILL_MODE_LOWER, n, g->a, g->n, &lwork)
                    : cusolverDnSpotrf_bufferSize(g->solver, CUBLAS_FILL_MODE_LOWER, n, g->a, g->n, &lwork);
    else
        s = g->fp64 ? cusolverDnDgeqrf_bufferSize(g->solver, m, n, g->a, g->n, &lwork)
                    : cusolverDnSgeqrf_bufferSize(g->solver, m, n, g->a, g->n, &lwork);
    if (SOLVER(s))
        return -1;
    const size_t need = (size_t)lwork * (g->fp64 ? 8 : 4);
    if (need > g->work_bytes) {
        cudaFree(g->work);
        g->work = NULL;
        g->work_bytes = 0;
        if (RFL_CUDA(cudaMalloc(&g->work, need)))
            return -1;
        g->work_bytes = need;
    }
    return 0;
}

static void *at(const struct rfl_dense_gpu *g, void *base, int i, int j)
{
    return (char *)base + ((size_t)i + (size_t)j * g->n) * (g->fp64 ? 8 : 4);
}

static int cusolver_factor(struct rfl_dense_gpu *g, enum rfl_dense_factor f)
{
    const int n = g->n;
    int lwork = (int)(g->work_bytes / (g->fp64 ? 8 : 4));
    if (f == RFL_DENSE_LU)
        return SOLVER(g->fp64 ? cusolverDnDgetrf(g->solver, n, n, g->a, n, g->work, g->ipiv, g->info)
                              : cusolverDnSgetrf(g->solver, n, n, g->a, n, g->work, g->ipiv, g->info));
    if (f == RFL_DENSE_CHOLESKY)
        return SOLVER(g->fp64 ? cusolverDnDpotrf(g->solver, CUBLAS_FILL_MODE_LOWER, n, g->a, n, g->work, lwork, g->info)
                              : cusolverDnSpotrf(g->solver, CUBLAS_FILL_MODE_LOWER, n, g->a, n, g->work, lwork,
                                                 g->info));
    return SOLVER(g->fp64 ? cusolverDnDgeqrf(g->solver, n, n, g->a, n, g->tau, g->work, lwork, g->info)
                          : cusolverDnSgeqrf(g->solver, n, n, g->a, n, g->tau, g->work, lwork, g->info));
}

/* The trailing update of panel j (width jb) for columns [c0, c1): U12 = L11^-1 A12, then
 * A22 -= L21 U12, on the main stream. */
static int update(struct rfl_dense_gpu *g, int j, int jb, int c0, int c1)
{
    const int n = g->n, w = c1 - c0, m = n - j - jb;
    if (w <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1, minus = -1;
        return BLAS(cublasDtrsm(g->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, jb,
                                w, &one, at(g, g->a, j, j), n, at(g, g->a, j, c0), n)) ||
               (m > 0 && BLAS(cublasDgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, w, jb, &minus, at(g, g->a, j + jb, j),
                                          n, at(g, g->a, j, c0), n, &one, at(g, g->a, j + jb, c0), n)));
    }
    const float one = 1, minus = -1;
    return BLAS(cublasStrsm(g->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, jb, w,
                            &one, at(g, g->a, j, j), n, at(g, g->a, j, c0), n)) ||
           (m > 0 && BLAS(cublasSgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, w, jb, &minus, at(g, g->a, j + jb, j), n,
                                      at(g, g->a, j, c0), n, &one, at(g, g->a, j + jb, c0), n)));
}

/* Panel j (rows j..n-1, columns j..j+jb-1) between the device and the pinned buffer (ld m). */
static int panel_copy(struct rfl_dense_gpu *g, int j, int jb, int to_host, cudaStream_t s)
{
    const size_t es = g->fp64 ? 8 : 4, m = (size_t)(g->n - j);
    return to_host ? RFL_CUDA(cudaMemcpy2DAsync(g->panel, m * es, at(g, g->a, j, j), (size_t)g->n * es, m * es,
                                                (size_t)jb, cudaMemcpyDeviceToHost, s))
                   : RFL_CUDA(cudaMemcpy2DAsync(at(g, g->a, j, j), (size_t)g->n * es, g->panel, m * es, m * es,
                                                (size_t)jb, cudaMemcpyHostToDevice, s));
}

/* Blocked right-looking LU; ipiv (host, n) gets the global 1-based pivots. The hybrid factors
 * each panel on the CPU while the GPU updates the rest of the matrix with the panel before it
 * (look-ahead: the next panel's columns are updated first and sent to the host). */
static int blocked_lu(struct rfl_dense_gpu *g, int hybrid, int nb, int *ipiv, struct rfl_dense_split *split)
{
    const int n = g->n;
    cudaEvent_t next_ready;
    if (RFL_CUDA(cudaEventCreateWithFlags(&next_ready, cudaEventDisableTiming)))
        return -1;
    int rc = 0;
    double t0 = rfl_now_s();
    if (hybrid) {
        rc = panel_copy(g, 0, nb < n ? nb : n, 1, g->main) || RFL_CUDA(cudaStreamSynchronize(g->main));
        split->transfer_s += rfl_now_s() - t0;
    }
    for (int j = 0; j < n && !rc; j += nb) {
        const int jb = n - j < nb ? n - j : nb, m = n - j;
        if (hybrid) {
            /* The panel is on the host (sent by the previous step); the GPU may still be updating the rest. */
            t0 = rfl_now_s();
            const int info = rfl_dense_lapack_getrf(g->fp64, m, jb, g->panel, m, ipiv + j);
            split->panel_s += rfl_now_s() - t0;
            if (info < 0) {
                rfl_error("hybrid LU: LAPACK getrf info %d at column %d", info, j);
                rc = -1;
                break;
            }
            t0 = rfl_now_s();
            rc = panel_copy(g, j, jb, 0, g->main);
        } else {
            int lwork_ok = solver_work(g, RFL_DENSE_LU, m, jb);
            rc = lwork_ok || SOLVER(g->fp64 ? cusolverDnDgetrf(g->solver, m, jb, at(g, g->a, j, j), n, g->work,
                                                                g->ipiv + j, g->info)
                                            : cusolverDnSgetrf(g->solver, m, jb, at(g, g->a, j, j), n, g->work,
                                                               g->ipiv + j, g->info)) ||
                 RFL_CUDA(cudaMemcpyAsync(ipiv + j, g->ipiv + j, (size_t)jb * sizeof(int), cudaMemcpyDeviceToHost,
                                          g->main)) ||
                 RFL_CUDA(cudaStreamSynchronize(g->main));
            t0 = rfl_now_s();
        }
        for (int k = j; k < j + jb && !rc; k++)
            ipiv[k] += j; /* panel rows -> matrix rows */
        rc = rc || RFL_CUDA(cudaMemcpyAsync(g->ipiv + j, ipiv + j, (size_t)jb * sizeof(int), cudaMemcpyHostToDevice,
                                            g->main));
        if (hybrid)
            split->transfer_s += rfl_now_s() - t0;
        /* The panel's row interchanges in the columns left and right of it. */
        rc = rc || RFL_CUDA(rfl_dense_laswp(g->fp64, g->a, n, 0, j, j, j + jb, g->ipiv, g->main)) ||
             RFL_CUDA(rfl_dense_laswp(g->fp64, g->a, n, j + jb, n, j, j + jb, g->ipiv, g->main));
        const int next = j + jb, nb2 = n - next < nb ? n - next : nb;
        if (rc || next >= n)
            continue;
        if (hybrid) {
            /* Look-ahead: the next panel's columns first, then to the host on the copy stream while the
             * main stream updates the rest; the CPU factors it at the top of the next step. */
            rc = update(g, j, jb, next, next + nb2) || RFL_CUDA(cudaEventRecord(next_ready, g->main)) ||
                 RFL_CUDA(cudaStreamWaitEvent(g->copy, next_ready, 0)) || panel_copy(g, next, nb2, 1, g->copy) ||
                 update(g, j, jb, next + nb2, n);
            t0 = rfl_now_s();
            rc = rc || RFL_CUDA(cudaStreamSynchronize(g->copy));
            split->transfer_s += rfl_now_s() - t0;
        } else {
            rc = update(g, j, jb, next, n);
        }
    }
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main));
    cudaEventDestroy(next_ready);
    return rc ? -1 : 0;
}

/* Panel j's LU on the GPU: cuSOLVER getrf of rows j..n-1, columns j..j+jb-1, on stream s,
 * its pivots made global on the device. */
static int gpu_panel_getrf(struct rfl_dense_gpu *g, int j, int jb, cudaStream_t s)
{
    const int n = g->n, m = n - j;
    return SOLVER(cusolverDnSetStream(g->solver, s)) || solver_work(g, RFL_DENSE_LU, m, jb) ||
           SOLVER(g->fp64 ? cusolverDnDgetrf(g->solver, m, jb, at(g, g->a, j, j), n, g->work, g->ipiv + j, g->info)
                          : cusolverDnSgetrf(g->solver, m, jb, at(g, g->a, j, j), n, g->work, g->ipiv + j, g->info)) ||
           RFL_CUDA(rfl_dense_ipiv_offset(g->ipiv + j, jb, j, s));
}

/* Right-looking LU with the panels on the GPU and a look-ahead of one: the next panel's columns
 * are updated first and factored on the copy stream while the main stream updates the rest, so
 * the panel's latency-bound getrf hides behind the update's GEMM. Nothing returns to the host
 * until the end (the pivots stay on the device). */
static int gpu_panel_lu(struct rfl_dense_gpu *g, int nb, int *ipiv)
{
    const int n = g->n;
    cudaEvent_t cols_ready, panel_ready;
    if (RFL_CUDA(cudaEventCreateWithFlags(&cols_ready, cudaEventDisableTiming)))
        return -1;
    if (RFL_CUDA(cudaEventCreateWithFlags(&panel_ready, cudaEventDisableTiming))) {
        cudaEventDestroy(cols_ready);
        return -1;
    }
    int rc = gpu_panel_getrf(g, 0, nb < n ? nb : n, g->main);
    for (int j = 0; j < n && !rc; j += nb) {
        const int jb = n - j < nb ? n - j : nb, next = j + jb, nb2 = n - next < nb ? n - next : nb;
        /* Panel j is factored (main waited for it): its interchanges left and right of it. */
        rc = RFL_CUDA(rfl_dense_laswp(g->fp64, g->a, n, 0, j, j, next, g->ipiv, g->main)) ||
             RFL_CUDA(rfl_dense_laswp(g->fp64, g->a, n, next, n, j, next, g->ipiv, g->main));
        if (rc || next >= n)
            continue;
        rc = update(g, j, jb, next, next + nb2) || RFL_CUDA(cudaEventRecord(cols_ready, g->main)) ||
             RFL_CUDA(cudaStreamWaitEvent(g->copy, cols_ready, 0)) || gpu_panel_getrf(g, next, nb2, g->copy) ||
             RFL_CUDA(cudaEventRecord(panel_ready, g->copy)) || update(g, j, jb, next + nb2, n) ||
             RFL_CUDA(cudaStreamWaitEvent(g->main, panel_ready, 0));
    }
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main)) || RFL_CUDA(cudaStreamSynchronize(g->copy)) ||
         RFL_CUDA(cudaMemcpy(ipiv, g->ipiv, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));
    if (SOLVER(cusolverDnSetStream(g->solver, g->main)))
        rc = -1;
    cudaEventDestroy(cols_ready);
    cudaEventDestroy(panel_ready);
    return rc ? -1 : 0;
}

/* Cholesky's trailing update by panel j (width jb) of the block columns [c0, c1): the lower part of
 * A[c0:n, c0:c1] -= A[c0:n, j:j+jb] A[c0:c1, j:j+jb]^T: a GEMM for a panel's width (the look-ahead;
 * it also writes the strict upper triangle of the diagonal block, which holds nothing), SYRK for
 * the rest (its lower triangle only). */
static int chol_update(struct rfl_dense_gpu *g, int j, int jb, int c0, int c1, int syrk)
{
    const int n = g->n, w = c1 - c0, m = n - c0;
    if (w <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1, minus = -1;
        return syrk ? BLAS(cublasDsyrk(g->blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, w, jb, &minus,
                                       at(g, g->a, c0, j), n, &one, at(g, g->a, c0, c0), n))
                    : BLAS(cublasDgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_T, m, w, jb, &minus, at(g, g->a, c0, j), n,
                                       at(g, g->a, c0, j), n, &one, at(g, g->a, c0, c0), n));
    }
    const float one = 1, minus = -1;
    return syrk ? BLAS(cublasSsyrk(g->blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, w, jb, &minus, at(g, g->a, c0, j),
                                   n, &one, at(g, g->a, c0, c0), n))
                : BLAS(cublasSgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_T, m, w, jb, &minus, at(g, g->a, c0, j), n,
                                   at(g, g->a, c0, j), n, &one, at(g, g->a, c0, c0), n));
}

/* The GPU's Cholesky panel: cuSOLVER potrf of the diagonal block, then A21 L11^-T by cuBLAS. */
static int chol_panel_gpu(struct rfl_dense_gpu *g, int j, int jb)
{
    const int n = g->n, below = n - j - jb;
    int lwork = 0;
    if (SOLVER(g->fp64 ? cusolverDnDpotrf_bufferSize(g->solver, CUBLAS_FILL_MODE_LOWER, jb, at(g, g->a, j, j), n, &lwork)
                       : cusolverDnSpotrf_bufferSize(g->solver, CUBLAS_FILL_MODE_LOWER, jb, at(g, g->a, j, j), n,
                                                     &lwork)))
        return -1;
    const size_t need = (size_t)lwork * (g->fp64 ? 8 : 4);
    if (need > g->work_bytes) {
        if (RFL_CUDA(cudaStreamSynchronize(g->main)))
            return -1;
        cudaFree(g->work);
        g->work = NULL;
        g->work_bytes = 0;
        if (RFL_CUDA(cudaMalloc(&g->work, need)))
            return -1;
        g->work_bytes = need;
    }
    if (SOLVER(g->fp64 ? cusolverDnDpotrf(g->solver, CUBLAS_FILL_MODE_LOWER, jb, at(g, g->a, j, j), n, g->work, lwork,
                                          g->info)
                       : cusolverDnSpotrf(g->solver, CUBLAS_FILL_MODE_LOWER, jb, at(g, g->a, j, j), n, g->work, lwork,
                                          g->info)))
        return -1;
    if (below <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1;
        return BLAS(cublasDtrsm(g->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT,
                                below, jb, &one, at(g, g->a, j, j), n, at(g, g->a, j + jb, j), n));
    }
    const float one = 1;
    return BLAS(cublasStrsm(g->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, below,
                            jb, &one, at(g, g->a, j, j), n, at(g, g->a, j + jb, j), n));
}

/* Blocked right-looking Cholesky (lower), the structure of blocked_lu without pivots. */
static int blocked_cholesky(struct rfl_dense_gpu *g, int hybrid, int nb, struct rfl_dense_split *split)
{
    const int n = g->n;
    cudaEvent_t next_ready;
    if (RFL_CUDA(cudaEventCreateWithFlags(&next_ready, cudaEventDisableTiming)))
        return -1;
    int rc = 0;
    double t0 = rfl_now_s();
    if (hybrid) {
        rc = panel_copy(g, 0, nb < n ? nb : n, 1, g->main) || RFL_CUDA(cudaStreamSynchronize(g->main));
        split->transfer_s += rfl_now_s() - t0;
    }
    for (int j = 0; j < n && !rc; j += nb) {
        const int jb = n - j < nb ? n - j : nb, m = n - j;
        if (hybrid) {
            t0 = rfl_now_s();
            const int info = rfl_dense_lapack_potrf_panel(g->fp64, m, jb, g->panel, m);
            split->panel_s += rfl_now_s() - t0;
            if (info != 0) {
                rfl_error("hybrid Cholesky: LAPACK potrf info %d at column %d", info, j);
                rc = -1;
                break;
            }
            t0 = rfl_now_s();
            rc = panel_copy(g, j, jb, 0, g->main);
            split->transfer_s += rfl_now_s() - t0;
        } else {
            rc = chol_panel_gpu(g, j, jb);
        }
        const int next = j + jb, nb2 = n - next < nb ? n - next : nb;
        if (rc || next >= n)
            continue;
        if (hybrid) {
            rc = chol_update(g, j, jb, next, next + nb2, 0) || RFL_CUDA(cudaEventRecord(next_ready, g->main)) ||
                 RFL_CUDA(cudaStreamWaitEvent(g->copy, next_ready, 0)) || panel_copy(g, next, nb2, 1, g->copy) ||
                 chol_update(g, j, jb, next + nb2, n, 1);
            t0 = rfl_now_s();
            rc = rc || RFL_CUDA(cudaStreamSynchronize(g->copy));
            split->transfer_s += rfl_now_s() - t0;
        } else {
            rc = chol_update(g, j, jb, next, n, 1);
        }
    }
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main));
    cudaEventDestroy(next_ready);
    return rc ? -1 : 0;
}

/* QR's buffers for panels of nb at the largest size. */
static int qr_buffers(struct rfl_dense_gpu *g, size_t nb)
{
    if (g->qr_nb >= nb)
        return 0;
    const size_t es = sizeof(double), n = g->n_max;
    cudaFreeHost(g->hv);
    cudaFreeHost(g->ht);
    cudaFree(g->dv);
    cudaFree(g->dt);
    cudaFree(g->dw);
    cudaFree(g->dw2);
    g->hv = g->ht = g->dv = g->dt = g->dw = g->dw2 = NULL;
    g->qr_nb = 0;
    if (RFL_CUDA(cudaMallocHost(&g->hv, n * nb * es)) || RFL_CUDA(cudaMallocHost(&g->ht, nb * nb * es)) ||
        RFL_CUDA(cudaMalloc(&g->dv, n * nb * es)) || RFL_CUDA(cudaMalloc(&g->dt, nb * nb * es)) ||
        RFL_CUDA(cudaMalloc(&g->dw, nb * n * es)) || RFL_CUDA(cudaMalloc(&g->dw2, nb * n * es)))
        return -1;
    g->qr_nb = nb;
    return 0;
}

/* Q_j^T applied to columns [c0, c1), rows j..n-1: A2 -= V (T^T (V^T A2)), three cuBLAS calls. */
static int qr_update(struct rfl_dense_gpu *g, int j, int jb, int c0, int c1)
{
    const int n = g->n, w = c1 - c0, m = n - j;
    if (w <= 0)
        return 0;
    if (g->fp64) {
        const double one = 1, zero = 0, minus = -1;
        return BLAS(cublasDgemm(g->blas, CUBLAS_OP_T, CUBLAS_OP_N, jb, w, m, &one, g->dv, m, at(g, g->a, j, c0), n,
                                &zero, g->dw, jb)) ||
               BLAS(cublasDtrmm(g->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT,
                                jb, w, &one, g->dt, jb, g->dw, jb, g->dw2, jb)) ||
               BLAS(cublasDgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, w, jb, &minus, g->dv, m, g->dw2, jb, &one,
                                at(g, g->a, j, c0), n));
    }
    const float one = 1, zero = 0, minus = -1;
    return BLAS(cublasSgemm(g->blas, CUBLAS_OP_T, CUBLAS_OP_N, jb, w, m, &one, g->dv, m, at(g, g->a, j, c0), n, &zero,
                            g->dw, jb)) ||
           BLAS(cublasStrmm(g->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, jb, w,
                            &one, g->dt, jb, g->dw, jb, g->dw2, jb)) ||
           BLAS(cublasSgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, w, jb, &minus, g->dv, m, g->dw2, jb, &one,
                            at(g, g->a, j, c0), n));
}

/* Blocked Householder QR with its panels on the CPU (geqrf, larft) and the block reflectors
 * applied on the GPU, a panel of look-ahead; tau (host, n) gets the scalars. */
static int hybrid_qr(struct rfl_dense_gpu *g, int nb, void *tau, struct rfl_dense_split *split)
{
    const int n = g->n;
    const size_t es = g->fp64 ? 8 : 4;
    cudaEvent_t next_ready;
    if (qr_buffers(g, (size_t)nb) || RFL_CUDA(cudaEventCreateWithFlags(&next_ready, cudaEventDisableTiming)))
        return -1;
    double t0 = rfl_now_s();
    int rc = panel_copy(g, 0, nb < n ? nb : n, 1, g->main) || RFL_CUDA(cudaStreamSynchronize(g->main));
    split->transfer_s += rfl_now_s() - t0;
    for (int j = 0; j < n && !rc; j += nb) {
        const int jb = n - j < nb ? n - j : nb, m = n - j;
        t0 = rfl_now_s();
        const int info = rfl_dense_lapack_qr_panel(g->fp64, m, jb, g->panel, m, (char *)tau + (size_t)j * es, g->hv,
                                                   g->ht);
        split->panel_s += rfl_now_s() - t0;
        if (info != 0) {
            rfl_error("hybrid QR: LAPACK geqrf info %d at column %d", info, j);
            rc = -1;
            break;
        }
        t0 = rfl_now_s();
        rc = panel_copy(g, j, jb, 0, g->main) ||
             RFL_CUDA(cudaMemcpyAsync(g->dv, g->hv, (size_t)m * jb * es, cudaMemcpyHostToDevice, g->main)) ||
             RFL_CUDA(cudaMemcpyAsync(g->dt, g->ht, (size_t)jb * jb * es, cudaMemcpyHostToDevice, g->main));
        split->transfer_s += rfl_now_s() - t0;
        const int next = j + jb, nb2 = n - next < nb ? n - next : nb;
        if (rc || next >= n)
            continue;
        rc = qr_update(g, j, jb, next, next + nb2) || RFL_CUDA(cudaEventRecord(next_ready, g->main)) ||
             RFL_CUDA(cudaStreamWaitEvent(g->copy, next_ready, 0)) || panel_copy(g, next, nb2, 1, g->copy) ||
             qr_update(g, j, jb, next + nb2, n);
        t0 = rfl_now_s();
        /* The next panel on the host, and with it (the main stream reached the event) this one's
         * V and T: the CPU may overwrite them. */
        rc = rc || RFL_CUDA(cudaStreamSynchronize(g->copy));
        split->transfer_s += rfl_now_s() - t0;
    }
    rc = rc || RFL_CUDA(cudaStreamSynchronize(g->main));
    cudaEventDestroy(next_ready);
    return rc ? -1 : 0;
}

int rfl_dense_gpu_factor(struct rfl_dense_gpu *g, enum rfl_dense_method method, enum rfl_dense_factor f, unsigned nb,
                         int keep, struct rfl_dense_matrix *fact, int *ipiv, void *tau, double *seconds,
                         struct rfl_dense_split *split)
{
    const int n = g->n;
    const size_t es = g->fp64 ? 8 : 4, bytes = (size_t)n * n * es;
    split->panel_s = split->update_s = split->transfer_s = NAN;
    if (method == RFL_DENSE_HYBRID || method == RFL_DENSE_GPU_PANEL) {
        if (f == RFL_DENSE_QR && method == RFL_DENSE_GPU_PANEL) {
            rfl_error("method gpu_panel: LU and Cholesky only (cuSOLVER has no public larft for a GPU QR panel)");
            return -1;
        }
        const size_t pbytes = (size_t)n * nb * es;
        if (method == RFL_DENSE_HYBRID && pbytes > g->panel_bytes) {
            cudaFreeHost(g->panel);
            g->panel = NULL;
            g->panel_bytes = 0;
            if (RFL_CUDA(cudaMallocHost(&g->panel, pbytes)))
                return -1;
            g->panel_bytes = pbytes;
        }
    } else if (solver_work(g, f, n, n)) {
        return -1;
    }
    if (RFL_CUDA(cudaMemcpyAsync(g->a, g->orig, bytes, cudaMemcpyDeviceToDevice, g->main)) ||
        RFL_CUDA(cudaStreamSynchronize(g->main)))
        return -1;
    const double t0 = rfl_now_s();
    int rc;
    if (method == RFL_DENSE_CUSOLVER) {
        rc = cusolver_factor(g, f) || RFL_CUDA(cudaStreamSynchronize(g->main));
    } else {
        if (method == RFL_DENSE_HYBRID)
            split->panel_s = split->transfer_s = 0;
        struct rfl_dense_split ignored = {0, 0, 0};
        struct rfl_dense_split *sp = method == RFL_DENSE_HYBRID ? split : &ignored;
        rc = f == RFL_DENSE_LU         ? (method == RFL_DENSE_HYBRID ? blocked_lu(g, 1, (int)nb, ipiv, sp)
                                                                     : gpu_panel_lu(g, (int)nb, ipiv))
             : f == RFL_DENSE_CHOLESKY ? blocked_cholesky(g, method == RFL_DENSE_HYBRID, (int)nb, sp)
                                       : hybrid_qr(g, (int)nb, tau, sp);
    }
    *seconds = rfl_now_s() - t0;
    if (!rc && split->panel_s >= 0)
        split->update_s = fmax(0, *seconds - split->panel_s - split->transfer_s);
    int info = 0;
    if (!rc && method != RFL_DENSE_HYBRID &&
        RFL_CUDA(cudaMemcpy(&info, g->info, sizeof info, cudaMemcpyDeviceToHost)) == 0 && info != 0) {
        rfl_error("%s %s n=%d: cuSOLVER info %d", rfl_dense_factor_names[f], rfl_dense_method_names[method], n, info);
        rc = -1;
    }
    if (rc || !keep)
        return rc ? -1 : 0;
    if (RFL_CUDA(cudaMemcpy(fact->a, g->a, bytes, cudaMemcpyDeviceToHost)))
        return -1;
    if (method == RFL_DENSE_CUSOLVER && f == RFL_DENSE_LU &&
        RFL_CUDA(cudaMemcpy(ipiv, g->ipiv, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost)))
        return -1;
    if (f == RFL_DENSE_QR && method == RFL_DENSE_CUSOLVER &&
        RFL_CUDA(cudaMemcpy(tau, g->tau, (size_t)n * es, cudaMemcpyDeviceToHost)))
        return -1;
    return 0;
}

int rfl_dense_gpu_gemm(struct rfl_dense_gpu *g, double *seconds)
{
    const int n = g->n;
    const double t0 = rfl_now_s();
    int rc;
    if (g->fp64) {
        const double one = 1, zero = 0;
        rc = BLAS(cublasDgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, g->orig, n, g->orig, n, &zero, g->a, n));
    } else {
        const float one = 1, zero = 0;
        rc = BLAS(cublasSgemm(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, g->orig, n, g->orig, n, &zero, g->a, n));
    }
    if (rc || RFL_CUDA(cudaStreamSynchronize(g->main)))
        return -1;
    *seconds = rfl_now_s() - t0;
    return 0;
}

int rfl_dense_gpu_product(struct rfl_dense_gpu *g, struct rfl_dense_matrix *c)
{
    const size_t bytes = (size_t)g->n * g->n * (g->fp64 ? 8 : 4);
    return RFL_CUDA(cudaMemcpyAsync(c->a, g->a, bytes, cudaMemcpyDeviceToHost, g->main)) ||
                   RFL_CUDA(cudaStreamSynchronize(g->main))
               ? -1
               : 0;
}
