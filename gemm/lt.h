/* cuBLASLt as a second library for the tensor roofs: a roof is an upper
 * bound, and cuBLAS's one choice per call was not the machine's best (a
 * BF16 GEMM of PyTorch's at 4096^3 ran at 103% of a roof cuBLAS had set
 * at 8192^3). cublasLtMatmulAlgoGetHeuristic's top algorithms are each
 * timed once at the point's shape; the fastest becomes the point, which is
 * then verified and timed like every other row. */
#ifndef RFL_GEMM_LT_H
#define RFL_GEMM_LT_H

#include <cublasLt.h>

#include "gemm/gemm_kernels.h"

/* The heuristic's algorithms asked for (it may return fewer). */
#define RFL_GEMM_LT_ALGOS 8
/* Workspace offered to every algorithm: Hopper's kernels ask up to 32 MiB. */
#define RFL_GEMM_LT_WORKSPACE (32u << 20)

struct rfl_gemm_lt {
    cublasLtHandle_t h;
    void *workspace; /* device, RFL_GEMM_LT_WORKSPACE */
};

/* One GEMM's descriptors and the heuristic's algorithms for it. */
struct rfl_gemm_lt_plan {
    int made;
    enum rfl_gemm_prec prec;
    int c16;                   /* C and D in the 16-bit input type (bf16, fp16), else FP32 (FP64) */
    cublasLtMatmulDesc_t op;
    cublasLtMatrixLayout_t a, b, c;
    cublasLtMatmulAlgo_t algo[RFL_GEMM_LT_ALGOS];
    int id[RFL_GEMM_LT_ALGOS]; /* CUBLASLT_ALGO_CONFIG_ID of each */
    int nalgo;
    int pick;                  /* the algorithm run: an index into algo */
};

/* The precisions cuBLASLt runs here: the tensor types and FP64 (DMMA). */
int rfl_gemm_lt_has(enum rfl_gemm_prec p);
/* 0, or -1 (one line said). */
int rfl_gemm_lt_create(struct rfl_gemm_lt *lt);
void rfl_gemm_lt_destroy(struct rfl_gemm_lt *lt);
/* The plan of C (m x n, ldc) = alpha A (m x k, lda) op(B) + beta C in
 * precision p (A and B in its input type, C in FP32, FP64 for fp64, or
 * with c16 in the input type: bf16, fp16 only): 0 with plan->nalgo >= 1;
 * 1 when the heuristic offers nothing (a line says so); -1 on a failure
 * (one line said). */
int rfl_gemm_lt_plan(struct rfl_gemm_lt *lt, enum rfl_gemm_prec p, int transb, int c16, int m, int n, int k,
                     int lda, int ldb, int ldc, struct rfl_gemm_lt_plan *plan);
void rfl_gemm_lt_plan_free(struct rfl_gemm_lt_plan *plan);
/* C = alpha A op(B) + beta C with the plan's algorithm plan->pick. */
cublasStatus_t rfl_gemm_lt_run(const struct rfl_gemm_lt *lt, const struct rfl_gemm_lt_plan *plan,
                               const struct rfl_gemm_args *a, cudaStream_t s);
/* "cublasLtMatmul algo ID (heuristic I of N)", then " C bf16" or " C fp16"
 * with c16, for the config column. */
void rfl_gemm_lt_config(const struct rfl_gemm_lt_plan *plan, char *buf, size_t len);

#endif
