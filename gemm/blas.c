#include "config.h"
#include "gemm/blas.h"
#include "common/log.h"

int rfl_gemm_cublas_check(cublasStatus_t st, const char *call, const char *file, int line)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return 0;
    rfl_error_all("%s:%d: %s: %s", file, line, call, cublasGetStatusString(st));
    return -1;
}

int rfl_gemm_cublas_create(cublasHandle_t *h, cudaStream_t s)
{
    if (RFL_CUBLAS(cublasCreate(h)))
        return -1;
    /* Default math: no TF32 in SGEMM (CUDA 11 and later), unless the
     * NVIDIA_TF32_OVERRIDE variable says otherwise, which the host check
     * of every cuBLAS result would catch. */
    if (RFL_CUBLAS(cublasSetStream(*h, s)) || RFL_CUBLAS(cublasSetMathMode(*h, CUBLAS_DEFAULT_MATH))) {
        cublasDestroy(*h);
        return -1;
    }
    return 0;
}

cublasStatus_t rfl_gemm_cublas(cublasHandle_t h, enum rfl_gemm_prec p, int transb, int c16,
                               const struct rfl_gemm_args *a)
{
    const cublasOperation_t tb = transb ? CUBLAS_OP_T : CUBLAS_OP_N;
    if (p == RFL_GEMM_FP64) {
        const double alpha = a->alpha, beta = a->beta;
        return cublasDgemm(h, CUBLAS_OP_N, tb, a->m, a->n, a->k, &alpha, (const double *)a->a, a->lda,
                           (const double *)a->b, a->ldb, &beta, (double *)a->c, a->ldc);
    }
    const float alpha = (float)a->alpha, beta = (float)a->beta;
    if (p == RFL_GEMM_FP32)
        return cublasSgemm(h, CUBLAS_OP_N, tb, a->m, a->n, a->k, &alpha, (const float *)a->a, a->lda,
                           (const float *)a->b, a->ldb, &beta, (float *)a->c, a->ldc);
    const cudaDataType_t in = p == RFL_GEMM_TF32 ? CUDA_R_32F : p == RFL_GEMM_BF16 ? CUDA_R_16BF : CUDA_R_16F;
    const cublasComputeType_t compute = p == RFL_GEMM_TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    return cublasGemmEx(h, CUBLAS_OP_N, tb, a->m, a->n, a->k, &alpha, a->a, in, a->lda, a->b, in, a->ldb, &beta, a->c,
                        c16 ? in : CUDA_R_32F, a->ldc, compute, CUBLAS_GEMM_DEFAULT);
}

const char *rfl_gemm_cublas_call(enum rfl_gemm_prec p, int c16)
{
    if (c16)
        return p == RFL_GEMM_BF16 ? "cublasGemmEx (BF16 A, B, C; CUBLAS_COMPUTE_32F)"
                                  : "cublasGemmEx (FP16 A, B, C; CUBLAS_COMPUTE_32F)";
    switch (p) {
    case RFL_GEMM_FP64:
        return "cublasDgemm (CUBLAS_DEFAULT_MATH)";
    case RFL_GEMM_FP32:
        return "cublasSgemm (CUBLAS_DEFAULT_MATH: FP32 compute, no TF32)";
    case RFL_GEMM_TF32:
        return "cublasGemmEx (FP32 A, B, C; CUBLAS_COMPUTE_32F_FAST_TF32)";
    case RFL_GEMM_BF16:
        return "cublasGemmEx (BF16 A, B; FP32 C; CUBLAS_COMPUTE_32F)";
    default:
        return "cublasGemmEx (FP16 A, B; FP32 C; CUBLAS_COMPUTE_32F)";
    }
}
