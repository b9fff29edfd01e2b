#include "config.h"
#include "gemm/blas.h"
#include "gemm/lt.h"
#include "gpu/gpu.h"
#include "common/log.h"

#include <stdio.h>
#include <string.h>

int rfl_gemm_lt_has(enum rfl_gemm_prec p) { return p != RFL_GEMM_FP32; }

int rfl_gemm_lt_create(struct rfl_gemm_lt *lt)
{
    memset(lt, 0, sizeof *lt);
    if (RFL_CUBLAS(cublasLtCreate(&lt->h)))
        return -1;
    if (RFL_CUDA(cudaMalloc(&lt->workspace, RFL_GEMM_LT_WORKSPACE))) {
        cublasLtDestroy(lt->h);
        memset(lt, 0, sizeof *lt);
        return -1;
    }
    return 0;
}

void rfl_gemm_lt_destroy(struct rfl_gemm_lt *lt)
{
    if (lt->h)
        cublasLtDestroy(lt->h);
    cudaFree(lt->workspace);
    memset(lt, 0, sizeof *lt);
}

void rfl_gemm_lt_plan_free(struct rfl_gemm_lt_plan *plan)
{
    if (plan->op)
        cublasLtMatmulDescDestroy(plan->op);
    if (plan->a)
        cublasLtMatrixLayoutDestroy(plan->a);
    if (plan->b)
        cublasLtMatrixLayoutDestroy(plan->b);
    if (plan->c)
        cublasLtMatrixLayoutDestroy(plan->c);
    memset(plan, 0, sizeof *plan);
}

int rfl_gemm_lt_plan(struct rfl_gemm_lt *lt, enum rfl_gemm_prec p, int transb, int c16, int m, int n, int k,
                     int lda, int ldb, int ldc, struct rfl_gemm_lt_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->prec = p;
    plan->c16 = c16;
    /* The same types as the cuBLAS rows (blas.c), so the two libraries
     * race on one problem: FP32 accumulation and output for the tensor
     * types, TF32 on FP32 data; with c16, C and D in the 16-bit input type
     * (a framework's BF16 and FP16 GEMMs: another kernel family, faster
     * than with an FP32 C). The scale type stays FP32 either way. */
    const int fp64 = p == RFL_GEMM_FP64;
    const cudaDataType_t in = fp64                 ? CUDA_R_64F
                              : p == RFL_GEMM_BF16 ? CUDA_R_16BF
                              : p == RFL_GEMM_FP16 ? CUDA_R_16F
                                                   : CUDA_R_32F;
    const cudaDataType_t out = fp64 ? CUDA_R_64F : c16 ? in : CUDA_R_32F;
    const cudaDataType_t scale = fp64 ? CUDA_R_64F : CUDA_R_32F;
    const cublasComputeType_t compute = fp64                 ? CUBLAS_COMPUTE_64F
                                        : p == RFL_GEMM_TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32
                                                             : CUBLAS_COMPUTE_32F;
    const cublasOperation_t ta = CUBLAS_OP_N, tb = transb ? CUBLAS_OP_T : CUBLAS_OP_N;
    const uint64_t ws = RFL_GEMM_LT_WORKSPACE;
    cublasLtMatmulPreference_t pref = NULL;
    cublasLtMatmulHeuristicResult_t res[RFL_GEMM_LT_ALGOS];
    int got = 0;
    plan->made = 1;
    if (RFL_CUBLAS(cublasLtMatmulDescCreate(&plan->op, compute, scale)) ||
        RFL_CUBLAS(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta)) ||
        RFL_CUBLAS(cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb)) ||
        RFL_CUBLAS(cublasLtMatrixLayoutCreate(&plan->a, in, (uint64_t)m, (uint64_t)k, lda)) ||
        RFL_CUBLAS(cublasLtMatrixLayoutCreate(&plan->b, in, transb ? (uint64_t)n : (uint64_t)k,
                                              transb ? (uint64_t)k : (uint64_t)n, ldb)) ||
        RFL_CUBLAS(cublasLtMatrixLayoutCreate(&plan->c, out, (uint64_t)m, (uint64_t)n, ldc)) ||
        RFL_CUBLAS(cublasLtMatmulPreferenceCreate(&pref)) ||
        RFL_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws,
                                                        sizeof ws))) {
        if (pref)
            cublasLtMatmulPreferenceDestroy(pref);
        rfl_gemm_lt_plan_free(plan);
        return -1;
    }
    cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(lt->h, plan->op, plan->a, plan->b, plan->c, plan->c, pref,
                                                       RFL_GEMM_LT_ALGOS, res, &got);
    cublasLtMatmulPreferenceDestroy(pref);
    if (st == CUBLAS_STATUS_NOT_SUPPORTED || (st == CUBLAS_STATUS_SUCCESS && got < 1)) {
        rfl_warn("cublasLtMatmulAlgoGetHeuristic offers no algorithm for this %dx%dx%d GEMM", m, n, k);
        rfl_gemm_lt_plan_free(plan);
        return 1;
    }
    if (RFL_CUBLAS(st)) {
        rfl_gemm_lt_plan_free(plan);
        return -1;
    }
    for (int i = 0; i < got && i < RFL_GEMM_LT_ALGOS; i++) {
        if (res[i].state != CUBLAS_STATUS_SUCCESS || res[i].workspaceSize > RFL_GEMM_LT_WORKSPACE)
            continue;
        int id = -1;
        size_t written = 0;
        if (cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof id, &written) !=
            CUBLAS_STATUS_SUCCESS)
            id = -1;
        plan->algo[plan->nalgo] = res[i].algo;
        plan->id[plan->nalgo] = id;
        plan->nalgo++;
    }
    if (!plan->nalgo) {
        rfl_warn("cuBLASLt's algorithms for this %dx%dx%d GEMM all need more workspace than %u MiB", m, n, k,
                 RFL_GEMM_LT_WORKSPACE >> 20);
        rfl_gemm_lt_plan_free(plan);
        return 1;
    }
    return 0;
}

cublasStatus_t rfl_gemm_lt_run(const struct rfl_gemm_lt *lt, const struct rfl_gemm_lt_plan *plan,
                               const struct rfl_gemm_args *a, cudaStream_t s)
{
    const double alpha64 = a->alpha, beta64 = a->beta;
    const float alpha32 = (float)a->alpha, beta32 = (float)a->beta;
    const int fp64 = plan->prec == RFL_GEMM_FP64;
    return cublasLtMatmul(lt->h, plan->op, fp64 ? (const void *)&alpha64 : (const void *)&alpha32, a->a, plan->a,
                          a->b, plan->b, fp64 ? (const void *)&beta64 : (const void *)&beta32, a->c, plan->c, a->c,
                          plan->c, &plan->algo[plan->pick], lt->workspace, RFL_GEMM_LT_WORKSPACE, s);
}

void rfl_gemm_lt_config(const struct rfl_gemm_lt_plan *plan, char *buf, size_t len)
{
    snprintf(buf, len, "cublasLtMatmul algo %d (heuristic %d of %d)%s", plan->id[plan->pick], plan->pick + 1,
             plan->nalgo, !plan->c16 ? "" : plan->prec == RFL_GEMM_BF16 ? " C bf16" : " C fp16");
}
