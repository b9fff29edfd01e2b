/* cuBLAS as the peer and the reference: SGEMM (FP32 compute, TF32 off:
 * CUBLAS_DEFAULT_MATH), DGEMM, and the TF32, BF16 and FP16 tensor GEMMs
 * (cublasGemmEx, FP32 accumulation; C in FP32, and for BF16 and FP16 also
 * in the input type, as frameworks call it) as the tensor roofs. */
#ifndef RFL_GEMM_BLAS_H
#define RFL_GEMM_BLAS_H

#include <cublas_v2.h>

#include "gemm/gemm_kernels.h"

/* One line "FILE:LINE: CALL: STATUS" on a failure; -1, else 0. */
int rfl_gemm_cublas_check(cublasStatus_t st, const char *call, const char *file, int line);
#define RFL_CUBLAS(call) rfl_gemm_cublas_check((call), #call, __FILE__, __LINE__)

int rfl_gemm_cublas_create(cublasHandle_t *h, cudaStream_t s);
/* C = alpha A op(B) + beta C in precision p: fp64 DGEMM, fp32 SGEMM,
 * tf32 GemmEx on FP32 data with TF32 compute, bf16/fp16 GemmEx on 16-bit
 * A and B with FP32 C, or with c16 (bf16/fp16 only) C in A's type. */
cublasStatus_t rfl_gemm_cublas(cublasHandle_t h, enum rfl_gemm_prec p, int transb, int c16,
                               const struct rfl_gemm_args *a);
/* "cublasSgemm (CUBLAS_DEFAULT_MATH)" and the like, for the metadata. */
const char *rfl_gemm_cublas_call(enum rfl_gemm_prec p, int c16);

#endif
