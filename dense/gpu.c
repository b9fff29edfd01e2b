/* rfl_dense on the GPU: the device opened, the matrix loaded, each method's factorization
 * timed on a fresh copy and its factors returned: cuSOLVER's own (getrf, potrf, geqrf), the
 * hybrid (hybrid.c), gpu_panel (panel.c) and recursive (recursive.c); and cuBLAS's GEMM, the
 * roof of the run. */
#include "config.h"
#include "gpu.h"
#include "device.h"
#include "hybrid.h"
#include "kernels.h"
#include "panel.h"
#include "recursive.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void lane_close(struct rfl_dense_lane *l)
{
    cudaFree(l->work);
    cudaFree(l->info);
    cudaFree(l->perm);
    cudaFree(l->getf2);
    cudaFree(l->scratch);
    if (l->solver)
        cusolverDnDestroy(l->solver);
    if (l->blas)
        cublasDestroy(l->blas);
    if (l->stream)
        cudaStreamDestroy(l->stream);
}

/* priority: the stream's (lower numbers run first; 0 the default). */
static int lane_open(struct rfl_dense_lane *l, int priority)
{
    return RFL_CUDA(cudaStreamCreateWithPriority(&l->stream, cudaStreamNonBlocking, priority)) ||
                   BLAS(cublasCreate(&l->blas)) ||
                   BLAS(cublasSetStream(l->blas, l->stream)) || SOLVER(cusolverDnCreate(&l->solver)) ||
                   SOLVER(cusolverDnSetStream(l->solver, l->stream)) ||
                   RFL_CUDA(cudaMalloc((void **)&l->info, sizeof(int))) ||
                   RFL_CUDA(cudaMemset(l->info, 0, sizeof(int))) ||
                   RFL_CUDA(cudaMalloc((void **)&l->perm, RFL_DENSE_PERM_INTS * sizeof(int))) ||
                   RFL_CUDA(cudaMalloc(&l->getf2, RFL_DENSE_GETF2_SCRATCH))
               ? -1
               : 0;
}

void rfl_dense_gpu_close(struct rfl_dense_gpu *g)
{
    if (!g)
        return;
    cudaFree(g->a);
    cudaFree(g->orig);
    cudaFree(g->tau);
    cudaFree(g->ipiv);
    cudaFreeHost(g->panel);
    cudaFreeHost(g->hv);
    cudaFreeHost(g->ht);
    for (int i = 0; i < 2; i++) {
        cudaFree(g->dv[i]);
        cudaFree(g->dt[i]);
    }
    cudaFree(g->dw);
    cudaFree(g->dw2);
    rfl_dense_spans_free(g);
    lane_close(&g->main);
    lane_close(&g->side);
    free(g);
}

int rfl_dense_gpu_index(const struct rfl_dense_gpu *g) { return g->dev.index; }

int rfl_dense_gpu_open(struct rfl_dense_gpu **out, unsigned device, unsigned n_max, const struct rfl_dense_tuning *tune,
                       char *name, size_t name_len)
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
    g->tune = *tune;
    int least = 0, greatest = 0;
    if (RFL_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest)) || lane_open(&g->main, 0) ||
        lane_open(&g->side, g->tune.side_priority ? greatest : 0) || RFL_CUDA(cudaMalloc(&g->a, bytes)) ||
        RFL_CUDA(cudaMalloc(&g->orig, bytes)) || RFL_CUDA(cudaMalloc(&g->tau, (size_t)n_max * sizeof(double))) ||
        RFL_CUDA(cudaMalloc((void **)&g->ipiv, (size_t)n_max * sizeof(int)))) {
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
    return RFL_CUDA(cudaMemcpyAsync(g->orig, orig->a, bytes, cudaMemcpyHostToDevice, g->main.stream)) ||
                   RFL_CUDA(cudaStreamSynchronize(g->main.stream))
               ? -1
               : 0;
}

static int cusolver_factor(struct rfl_dense_gpu *g, enum rfl_dense_factor f)
{
    const int n = g->n;
    return f == RFL_DENSE_LU         ? rfl_dense_getrf(g, &g->main, n, n, g->a, n, g->ipiv)
           : f == RFL_DENSE_CHOLESKY ? rfl_dense_potrf(g, &g->main, n, g->a, n)
                                     : rfl_dense_geqrf(g, &g->main, n, n, g->a, n, g->tau);
}

/* cuSOLVER's info of either lane: nonzero where a factorization failed (or, for LU, met an
 * exact zero pivot). -1 on a CUDA error. */
static int lanes_info(struct rfl_dense_gpu *g, int *info)
{
    int i[2] = {0, 0};
    if (RFL_CUDA(cudaMemcpy(&i[0], g->main.info, sizeof(int), cudaMemcpyDeviceToHost)) ||
        RFL_CUDA(cudaMemcpy(&i[1], g->side.info, sizeof(int), cudaMemcpyDeviceToHost)))
        return -1;
    *info = i[0] ? i[0] : i[1];
    return 0;
}

int rfl_dense_gpu_factor(struct rfl_dense_gpu *g, enum rfl_dense_method method, enum rfl_dense_factor f, unsigned nb,
                         int keep, struct rfl_dense_matrix *fact, int *ipiv, void *tau, double *seconds,
                         struct rfl_dense_split *split)
{
    const int n = g->n;
    const size_t es = g->fp64 ? 8 : 4, bytes = (size_t)n * n * es;
    split->panel_s = split->update_s = split->transfer_s = NAN;
    /* Work areas sized before the clock starts, so the first experiment times no allocation:
     * cuSOLVER's whole matrix, or the largest panel or leaf (the first), on the main lane and,
     * for gpu_panel's look-ahead, the side one. */
    const int width = method == RFL_DENSE_CUSOLVER ? n : (int)nb < n ? (int)nb : n;
    if (method != RFL_DENSE_HYBRID && rfl_dense_reserve(g, &g->main, f, n, width))
        return -1;
    if (method == RFL_DENSE_GPU_PANEL && rfl_dense_reserve(g, &g->side, f, n, width))
        return -1;
    /* V and the inverted triangles: QR's, gpu_panel's, recursive's solves (with a trsm_leaf). */
    if (((method == RFL_DENSE_GPU_PANEL || (method == RFL_DENSE_HYBRID && f == RFL_DENSE_QR)) &&
         rfl_dense_qr_buffers(g, nb)) ||
        (method == RFL_DENSE_RECURSIVE && f == RFL_DENSE_CHOLESKY && g->tune.trsm_leaf > 0 &&
         rfl_dense_qr_buffers(g, (size_t)rfl_dense_trsm_leaf(g, (int)nb))) ||
        (method == RFL_DENSE_HYBRID && rfl_dense_hybrid_buffers(g, (int)nb)))
        return -1;
    if (RFL_CUDA(cudaMemcpyAsync(g->a, g->orig, bytes, cudaMemcpyDeviceToDevice, g->main.stream)) ||
        RFL_CUDA(cudaMemsetAsync(g->main.info, 0, sizeof(int), g->main.stream)) ||
        RFL_CUDA(cudaMemsetAsync(g->side.info, 0, sizeof(int), g->main.stream)) ||
        RFL_CUDA(cudaStreamSynchronize(g->main.stream)))
        return -1;
    g->spans.count = g->spans.lost = 0;
    const double t0 = rfl_now_s();
    int rc;
    if (method == RFL_DENSE_CUSOLVER)
        rc = cusolver_factor(g, f) || RFL_CUDA(cudaStreamSynchronize(g->main.stream));
    else if (method == RFL_DENSE_HYBRID)
        rc = rfl_dense_hybrid(g, f, (int)nb, ipiv, tau, split);
    else if (method == RFL_DENSE_GPU_PANEL)
        rc = rfl_dense_panel(g, f, (int)nb);
    else
        rc = rfl_dense_recursive(g, f, (int)nb);
    *seconds = rfl_now_s() - t0;
    if (!rc && method == RFL_DENSE_HYBRID)
        split->update_s = fmax(0, *seconds - split->panel_s - split->transfer_s);
    else if (!rc && method != RFL_DENSE_CUSOLVER && rfl_dense_spans_sum(g, split))
        rc = -1;
    int info = 0;
    if (!rc && method != RFL_DENSE_HYBRID && lanes_info(g, &info) == 0 && info != 0) {
        rfl_error("%s %s n=%d: cuSOLVER info %d", rfl_dense_factor_names[f], rfl_dense_method_names[method], n, info);
        rc = -1;
    }
    if (rc || !keep)
        return rc ? -1 : 0;
    if (RFL_CUDA(cudaMemcpy(fact->a, g->a, bytes, cudaMemcpyDeviceToHost)))
        return -1;
    if (method != RFL_DENSE_HYBRID && f == RFL_DENSE_LU &&
        RFL_CUDA(cudaMemcpy(ipiv, g->ipiv, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost)))
        return -1;
    if (method != RFL_DENSE_HYBRID && f == RFL_DENSE_QR &&
        RFL_CUDA(cudaMemcpy(tau, g->tau, (size_t)n * es, cudaMemcpyDeviceToHost)))
        return -1;
    return 0;
}

int rfl_dense_gpu_gemm(struct rfl_dense_gpu *g, double *seconds)
{
    const int n = g->n;
    const double t0 = rfl_now_s();
    if (rfl_dense_gemm(g, &g->main, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, 1, g->orig, n, g->orig, n, 0, g->a, n) ||
        RFL_CUDA(cudaStreamSynchronize(g->main.stream)))
        return -1;
    *seconds = rfl_now_s() - t0;
    return 0;
}

int rfl_dense_gpu_product(struct rfl_dense_gpu *g, struct rfl_dense_matrix *c)
{
    const size_t bytes = (size_t)g->n * g->n * (g->fp64 ? 8 : 4);
    return RFL_CUDA(cudaMemcpyAsync(c->a, g->a, bytes, cudaMemcpyDeviceToHost, g->main.stream)) ||
                   RFL_CUDA(cudaStreamSynchronize(g->main.stream))
               ? -1
               : 0;
}
