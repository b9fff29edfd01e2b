/* The verification of every result: the error bound it is held to, the
 * comparison with the group's reference on the device, and the host
 * reference (long double) that checks cuBLAS itself. */
#include "config.h"
#include "gemm/gemm_internal.h"
#include "common/log.h"

#include <math.h>
#include <stdlib.h>

/* Entries of C the host recomputes for cuBLAS in FP32/FP64. */
#define HOST_ROWS 8
#define HOST_COLS 8

double rfl_gemm_error_bound(enum rfl_gemm_prec p, unsigned k)
{
    /* Two blocked sums of k products in the same precision differ by about
     * u sqrt(k) relative to the largest entry (random signs); 8x that
     * leaves room without letting a wrong element (relative error ~1)
     * through.  The tensor GEMMs are compared with FP32: their error is the
     * rounding of the inputs, u_in per product, whatever k is. */
    switch (p) {
    case RFL_GEMM_FP64:
        return 8.0 * 0x1p-53 * sqrt((double)k);
    case RFL_GEMM_FP32:
        return 8.0 * 0x1p-24 * sqrt((double)k);
    case RFL_GEMM_TF32:
    case RFL_GEMM_FP16:
        return 8.0 * 0x1p-11;
    case RFL_GEMM_BF16:
        return 8.0 * 0x1p-8;
    default:
        return 0;
    }
}

double rfl_gemm_error_bound_c16(enum rfl_gemm_prec p, unsigned k, double max_ref)
{
    /* C16 = fl(C), C what the GEMM holds in FP32 before it stores C, R the
     * reference; rounding to nearest in the output type (u = 2^-8 bf16,
     * 2^-11 fp16; a subnormal result is off by at most eta, half its
     * spacing, instead) gives per element
     *   |C16 - R| <= |C - R| + u |C| + eta <= |C - R| + u (|R| + |C - R|) + eta,
     * and over all elements, relative to max |R|, with |C - R| <= b max |R|
     * (b: the bound of C in FP32):
     *   max |C16 - R| / max |R| <= b + u (1 + b) + eta / max |R|.
     * C0 is the same in both (rfl_gemm_group_fill_c), and overflow is kept
     * out (rfl_gemm_has_c16). */
    const double b = rfl_gemm_error_bound(p, k);
    const double u = p == RFL_GEMM_BF16 ? 0x1p-8 : 0x1p-11;
    const double eta = p == RFL_GEMM_BF16 ? 0x1p-134 : 0x1p-25;
    return b + u * (1 + b) + (max_ref > 0 ? eta / max_ref : 0);
}

void rfl_gemm_host_reference(int fp64, const void *rows_a, const void *cols_b, const void *c0, int nr, int nc,
                             unsigned k, double alpha, double beta, long double *out)
{
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++) {
            long double sum = 0;
            if (fp64) {
                const double *a = (const double *)rows_a + (size_t)i * k, *b = (const double *)cols_b + (size_t)j * k;
                for (unsigned l = 0; l < k; l++)
                    sum += (long double)a[l] * b[l];
                out[i * nc + j] = alpha * sum + (long double)beta * ((const double *)c0)[i * nc + j];
            } else {
                const float *a = (const float *)rows_a + (size_t)i * k, *b = (const float *)cols_b + (size_t)j * k;
                for (unsigned l = 0; l < k; l++)
                    sum += (long double)a[l] * b[l];
                out[i * nc + j] = alpha * sum + (long double)beta * ((const float *)c0)[i * nc + j];
            }
        }
}

/* The sampled entries C[rows[i], cols[j]] of set 0, row by row, to the host. */
static int copy_sampled_c(const struct rfl_gemm_group *g, const int *rows, const int *cols, char *out)
{
    const size_t es = g->es;
    for (int i = 0; i < HOST_ROWS; i++)
        for (int j = 0; j < HOST_COLS; j++)
            if (RFL_CUDA(cudaMemcpy(out + ((size_t)i * HOST_COLS + j) * es,
                                    (const char *)g->c[0] + ((size_t)rows[i] + (size_t)cols[j] * g->ldc) * es, es,
                                    cudaMemcpyDeviceToHost)))
                return -1;
    return 0;
}

int rfl_gemm_verify(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                    struct rfl_gemm_check *ck)
{
    const int host = r->family == RFL_GEMM_CUBLAS && (r->prec == RFL_GEMM_FP64 || r->prec == RFL_GEMM_FP32);
    const int fp64 = g->p == RFL_GEMM_FP64;
    const size_t es = g->es;
    /* What the runner writes: set 0's C, or for a c16 runner its 16-bit copy. */
    void *const out = r->c16 ? g->c16[0] : g->c[0];
    ck->bound = rfl_gemm_error_bound(r->prec, g->k);
    ck->detail[0] = '\0';
    ck->reference = host                       ? "host_long_double"
                    : g->p == RFL_GEMM_FP64    ? "cublas_dgemm"
                                               : "cublas_sgemm";
    if (rfl_gemm_group_fill_c(c, g, 0))
        return -1;
    int rows[HOST_ROWS], cols[HOST_COLS];
    char *ha = NULL, *hb = NULL, *hc0 = NULL, *hc = NULL;
    long double *ref = NULL;
    int rc = -1;
    if (host) {
        ha = malloc((size_t)HOST_ROWS * g->k * es);
        hb = malloc((size_t)HOST_COLS * g->k * es);
        hc0 = malloc((size_t)HOST_ROWS * HOST_COLS * es);
        hc = malloc((size_t)HOST_ROWS * HOST_COLS * es);
        ref = malloc((size_t)HOST_ROWS * HOST_COLS * sizeof *ref);
        if (!ha || !hb || !hc0 || !hc || !ref) {
            rfl_error_all("out of memory");
            goto out;
        }
        for (int i = 0; i < HOST_ROWS; i++)
            rows[i] = i == 0 ? 0 : (int)(rfl_gemm_mix64(g->seed + 17 + (unsigned)i) % g->m);
        for (int j = 0; j < HOST_COLS; j++)
            cols[j] = j == 0 ? 0 : (int)(rfl_gemm_mix64(g->seed + 101 + (unsigned)j) % g->n);
        if (RFL_CUDA(cudaStreamSynchronize(c->stream)))
            goto out;
        for (int i = 0; i < HOST_ROWS; i++)
            if (RFL_CUDA(cudaMemcpy2D(ha + (size_t)i * g->k * es, es, (const char *)g->a[0] + (size_t)rows[i] * es,
                                      (size_t)g->lda * es, es, g->k, cudaMemcpyDeviceToHost)))
                goto out;
        for (int j = 0; j < HOST_COLS; j++) {
            int bad_copy = g->transb
                               ? RFL_CUDA(cudaMemcpy2D(hb + (size_t)j * g->k * es, es,
                                                       (const char *)g->b[0] + (size_t)cols[j] * es,
                                                       (size_t)g->ldb * es, es, g->k, cudaMemcpyDeviceToHost))
                               : RFL_CUDA(cudaMemcpy(hb + (size_t)j * g->k * es,
                                                     (const char *)g->b[0] + (size_t)cols[j] * g->ldb * es,
                                                     g->k * es, cudaMemcpyDeviceToHost));
            if (bad_copy)
                goto out;
        }
        if (copy_sampled_c(g, rows, cols, hc0))
            goto out;
    }
    struct rfl_gemm_args a;
    rfl_gemm_runner_args(c, g, r, 0, &a);
    if (rfl_gemm_run_once(c, r, &a))
        goto out;
    /* The fault in what the runner wrote, so the conversion of a c16 C is
     * under test too. */
    if (c->o->inject_fault && RFL_CUDA(cudaMemsetAsync(out, 0x7f, r->c16 ? 2 : es, c->stream)))
        goto out;
    if (r->c16 && RFL_CUDA(rfl_gemm_from_half(g->p, out, (float *)g->c[0], (size_t)g->m * g->n, c->stream)))
        goto out;
    if (RFL_CUDA(cudaStreamSynchronize(c->stream)))
        goto out;
    if (host) {
        if (copy_sampled_c(g, rows, cols, hc))
            goto out;
        rfl_gemm_host_reference(fp64, ha, hb, hc0, HOST_ROWS, HOST_COLS, g->k, c->o->alpha, c->o->beta, ref);
        long double worst = 0, scale = 0;
        int wi = 0, nonfinite = 0;
        for (int e = 0; e < HOST_ROWS * HOST_COLS; e++) {
            long double got = fp64 ? (long double)((const double *)hc)[e] : (long double)((const float *)hc)[e];
            if (!isfinite((double)got)) {
                nonfinite++;
                wi = e;
                continue;
            }
            long double d = fabsl(got - ref[e]);
            if (d > worst) {
                worst = d;
                wi = e;
            }
            if (fabsl(ref[e]) > scale)
                scale = fabsl(ref[e]);
        }
        ck->err = nonfinite ? INFINITY : scale > 0 ? (double)(worst / scale) : (worst > 0 ? INFINITY : 0.0);
        long double got_w = fp64 ? (long double)((const double *)hc)[wi] : (long double)((const float *)hc)[wi];
        snprintf(ck->detail, sizeof ck->detail, "C[%d,%d] = %.17Lg, the host (long double) %.17Lg", rows[wi / HOST_COLS],
                 cols[wi % HOST_COLS], got_w, ref[wi]);
    } else {
        struct rfl_gemm_diff d;
        if (RFL_CUDA(rfl_gemm_compare(fp64, g->c[0], g->r, (int)g->m, (int)g->n, g->ldc, c->diff, c->stream)) ||
            RFL_CUDA(cudaMemcpyAsync(&d, c->diff, sizeof d, cudaMemcpyDeviceToHost, c->stream)) ||
            RFL_CUDA(cudaStreamSynchronize(c->stream)))
            goto out;
        ck->err = d.nonfinite                ? INFINITY
                  : d.max_abs_ref > 0        ? d.max_abs_diff / d.max_abs_ref
                  : d.max_abs_diff > 0       ? INFINITY
                                             : 0.0;
        if (r->c16)
            ck->bound = rfl_gemm_error_bound_c16(r->prec, g->k, d.max_abs_ref);
        if (d.worst_index != ~0ull) {
            const size_t i = (size_t)(d.worst_index % g->m), j = (size_t)(d.worst_index / g->m);
            double cv = 0, rv = 0;
            char raw[8];
            if (cudaMemcpy(raw, (const char *)g->c[0] + (i + j * g->ldc) * es, es, cudaMemcpyDeviceToHost) ==
                cudaSuccess)
                cv = fp64 ? *(double *)raw : *(float *)raw;
            if (cudaMemcpy(raw, (const char *)g->r + (i + j * g->ldc) * es, es, cudaMemcpyDeviceToHost) == cudaSuccess)
                rv = fp64 ? *(double *)raw : *(float *)raw;
            snprintf(ck->detail, sizeof ck->detail, "C[%zu,%zu] = %.17g, the reference %.17g (%llu elements not finite)",
                     i, j, cv, rv, d.nonfinite);
        }
    }
    rc = 0;
out:
    free(ha);
    free(hb);
    free(hc0);
    free(hc);
    free(ref);
    return rc;
}
