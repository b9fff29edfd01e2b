/* The inputs of rfl_gemm: a group of buffer sets for one (precision,
 * transposition, size), filled with random values on the device, the
 * reference result, and the runners (one kernel, or cuBLAS) that read them. */
#include "config.h"
#include "gemm/blas.h"
#include "gemm/gemm_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

unsigned long long rfl_gemm_mix64(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* ------------------------------------------------------------------------
 * A group: the inputs of one (precision, transposition, size)
 * ---------------------------------------------------------------------- */

void rfl_gemm_group_free(struct rfl_gemm_group *g)
{
    for (int s = 0; s < g->nsets; s++) {
        cudaFree(g->a[s]);
        cudaFree(g->b[s]);
        cudaFree(g->c[s]);
        cudaFree(g->a16[s]);
        cudaFree(g->b16[s]);
        cudaFree(g->c16[s]);
    }
    cudaFree(g->r);
    memset(g, 0, sizeof *g);
}

enum rfl_gemm_prec rfl_gemm_storage_prec(enum rfl_gemm_prec p)
{
    return p == RFL_GEMM_FP64 ? RFL_GEMM_FP64 : RFL_GEMM_FP32;
}

/* Set `set`'s C0 into dst; in a half group rounded to the input type
 * (through c16[set], which keeps it): a c16 runner reads C0 in that type,
 * and its bound then needs no term for C0's rounding. */
static int fill_c0(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, int set, void *dst)
{
    const size_t n = (size_t)g->m * g->n;
    if (RFL_CUDA(rfl_gemm_fill(rfl_gemm_storage_prec(g->p), dst, n, g->seed + 4ull * set + 2, c->stream)))
        return -1;
    if (g->half && (RFL_CUDA(rfl_gemm_to_half(g->p, (const float *)dst, g->c16[set], n, c->stream)) ||
                    RFL_CUDA(rfl_gemm_from_half(g->p, g->c16[set], (float *)dst, n, c->stream))))
        return -1;
    return 0;
}

int rfl_gemm_group_fill_c(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, int set)
{
    return fill_c0(c, g, set, g->c[set]);
}

/* 0 ok, -1 failure, 1 does not fit in device memory (skipped). */
int rfl_gemm_group_alloc(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, enum rfl_gemm_prec p, int transb,
                         struct rfl_gemm_size s, int rotate, unsigned long long seed)
{
    memset(g, 0, sizeof *g);
    g->p = p;
    g->transb = transb;
    g->m = s.m;
    g->n = s.n;
    g->k = s.k;
    g->es = p == RFL_GEMM_FP64 ? 8 : 4;
    g->lda = (int)s.m;
    g->ldb = transb ? (int)s.n : (int)s.k;
    g->ldc = (int)s.m;
    g->half = p == RFL_GEMM_BF16 || p == RFL_GEMM_FP16;
    g->seed = seed;
    const size_t na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n, nc = (size_t)s.m * s.n;
    const size_t set_bytes = (na + nb + nc) * g->es + (g->half ? (na + nb + nc) * 2 : 0);
    size_t free_bytes = 0, total = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total)))
        return -1;
    const double usable = 0.85 * (double)free_bytes - (double)nc * g->es;
    int nsets = 1;
    if (rotate && c->dev.l2_bytes)
        nsets = (int)ceil(2.0 * (double)c->dev.l2_bytes / (double)set_bytes);
    if (nsets > RFL_GEMM_MAX_SETS)
        nsets = RFL_GEMM_MAX_SETS;
    if ((double)nsets * set_bytes > usable)
        nsets = (int)(usable / (double)set_bytes);
    if (nsets < 1)
        return 1;
    for (int i = 0; i < nsets; i++) {
        g->nsets = i + 1;
        if (RFL_CUDA(cudaMalloc(&g->a[i], na * g->es)) || RFL_CUDA(cudaMalloc(&g->b[i], nb * g->es)) ||
            RFL_CUDA(cudaMalloc(&g->c[i], nc * g->es)) || (g->half && RFL_CUDA(cudaMalloc(&g->c16[i], nc * 2))))
            return -1;
        const enum rfl_gemm_prec sp = rfl_gemm_storage_prec(p);
        if (RFL_CUDA(rfl_gemm_fill(sp, g->a[i], na, seed + 4ull * i, c->stream)) ||
            RFL_CUDA(rfl_gemm_fill(sp, g->b[i], nb, seed + 4ull * i + 1, c->stream)) || rfl_gemm_group_fill_c(c, g, i))
            return -1;
        if (g->half) {
            if (RFL_CUDA(cudaMalloc(&g->a16[i], na * 2)) || RFL_CUDA(cudaMalloc(&g->b16[i], nb * 2)) ||
                RFL_CUDA(rfl_gemm_to_half(p, (const float *)g->a[i], g->a16[i], na, c->stream)) ||
                RFL_CUDA(rfl_gemm_to_half(p, (const float *)g->b[i], g->b16[i], nb, c->stream)))
                return -1;
        }
    }
    if (RFL_CUDA(cudaMalloc(&g->r, nc * g->es)) || RFL_CUDA(cudaStreamSynchronize(c->stream)))
        return -1;
    return 0;
}

void rfl_gemm_group_args(const struct rfl_gemm_ctx *c, const struct rfl_gemm_group *g, int set, int use16,
                         void *out, struct rfl_gemm_args *a)
{
    a->m = (int)g->m;
    a->n = (int)g->n;
    a->k = (int)g->k;
    a->lda = g->lda;
    a->ldb = g->ldb;
    a->ldc = g->ldc;
    a->alpha = c->o->alpha;
    a->beta = c->o->beta;
    a->a = use16 ? g->a16[set] : g->a[set];
    a->b = use16 ? g->b16[set] : g->b[set];
    a->c = out ? out : g->c[set];
}

void rfl_gemm_runner_args(const struct rfl_gemm_ctx *c, const struct rfl_gemm_group *g, const struct rfl_gemm_runner *r,
                          int set, struct rfl_gemm_args *a)
{
    rfl_gemm_group_args(c, g, set, g->half, r->c16 ? g->c16[set] : NULL, a);
}

/* ------------------------------------------------------------------------
 * Runners: one kernel, or cuBLAS in one precision
 * ---------------------------------------------------------------------- */

int rfl_gemm_run_once(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, const struct rfl_gemm_args *a)
{
    if (r->family == RFL_GEMM_CUBLAS)
        return RFL_CUBLAS(rfl_gemm_cublas(c->blas, r->prec, r->transb, r->c16, a));
    if (r->family == RFL_GEMM_CUBLASLT)
        return RFL_CUBLAS(rfl_gemm_lt_run(&c->lt, r->lt, a, c->stream));
    return RFL_CUDA(rfl_gemm_launch(r->k, a, c->stream));
}

/* R = alpha A op(B) + beta C0 by cuBLAS (FP32 for the tensor precisions). */
int rfl_gemm_group_reference(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g)
{
    struct rfl_gemm_args a;
    rfl_gemm_group_args(c, g, 0, 0, g->r, &a);
    const struct rfl_gemm_runner ref = {RFL_GEMM_CUBLAS, NULL, rfl_gemm_storage_prec(g->p), g->transb, NULL, 0};
    if (fill_c0(c, g, 0, g->r) || rfl_gemm_run_once(c, &ref, &a) || RFL_CUDA(cudaStreamSynchronize(c->stream)))
        return -1;
    return 0;
}

void rfl_gemm_runner_config(const struct rfl_gemm_runner *r, char *buf, size_t len)
{
    if (r->family == RFL_GEMM_CUBLAS) {
        const char *call = rfl_gemm_cublas_call(r->prec, r->c16);
        snprintf(buf, len, "%.*s%s", (int)strcspn(call, " "), call,
                 !r->c16 ? "" : r->prec == RFL_GEMM_BF16 ? " C bf16" : " C fp16");
    } else if (r->family == RFL_GEMM_CUBLASLT) {
        rfl_gemm_lt_config(r->lt, buf, len);
    } else {
        rfl_gemm_kernel_config(r->k, buf, len);
    }
}
