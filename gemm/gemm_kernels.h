/* The GEMM kernels of rfl_gemm, declared as data: every kernel is one
 * entry of a table that says what it is (family, precision, transposition,
 * block/warp/thread tiles, pipeline stages, MMA shape), how it is launched
 * and under which name its machine code appears in `cuobjdump -sass` (the
 * kernels are extern "C", so the SASS function name is the symbol).
 *
 * All matrices are column-major, as in BLAS: C (m x n, ldc) =
 * alpha * A (m x k, lda) * op(B) + beta * C, with op(B) = B (k x n, ldb) for
 * "nn" and B^T (B stored n x k, ldb) for "nt".  The tuned kernels need m, n
 * and k to be multiples of their block tile; rfl_gemm checks that before
 * it launches one. */
#ifndef RFL_GEMM_KERNELS_H
#define RFL_GEMM_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types and compute modes of the sweep (names in gemm.h). */
enum rfl_gemm_prec { RFL_GEMM_FP64, RFL_GEMM_FP32, RFL_GEMM_TF32, RFL_GEMM_BF16, RFL_GEMM_FP16, RFL_GEMM_NPREC };

/* The kernel families (the --kernel choices). */
enum rfl_gemm_family { RFL_GEMM_VOLKOV, RFL_GEMM_TILED, RFL_GEMM_DMMA, RFL_GEMM_CUBLAS, RFL_GEMM_CUBLASLT, RFL_GEMM_NFAMILY };

/* The instruction that does a kernel's arithmetic, as the model counts it. */
enum rfl_gemm_op { RFL_GEMM_OP_FFMA, RFL_GEMM_OP_DFMA, RFL_GEMM_OP_DMMA884, RFL_GEMM_OP_DMMA16816, RFL_GEMM_NOP };

struct rfl_gemm_args {
    int m, n, k;
    int lda, ldb, ldc;
    double alpha, beta; /* rounded to the element type by the kernel */
    const void *a, *b;
    void *c;
};

struct rfl_gemm_kernel {
    const char *symbol;          /* the extern "C" kernel: its SASS function name */
    enum rfl_gemm_family family;
    enum rfl_gemm_prec prec;     /* RFL_GEMM_FP64 or RFL_GEMM_FP32 */
    enum rfl_gemm_op op;
    int transb;                  /* 0: nn, 1: nt */
    int bm, bn, bk;              /* block tile: m, n must be multiples of bm, bn; k of bk */
    int wm, wn;                  /* warp tile (0: no warp tiling) */
    int tm, tn;                  /* C elements per thread along m and n (register blocking) */
    int stages;                  /* shared-memory pipeline depth (1: load, barrier, compute) */
    int lds_distinct;            /* distinct words a warp's fragment load reads (1: broadcast) */
    int threads;                 /* per block */
    size_t smem_bytes;           /* shared memory per block */
    int dynamic_smem;            /* 1: smem_bytes is dynamic (launch parameter), 0: static */
    const void *func;            /* the __global__ function: void f(struct rfl_gemm_args) */
};

/* Every kernel built in (volkov, tiled and dmma; cuBLAS is not here). */
/* "128x128x8 w64x32 t8x8 s3 256t" (block tile, warp tile, thread tile,
 * stages, threads; dmma: "mma 16816" too; volkov: "64x16x16 vl64"). */
void rfl_gemm_kernel_config(const struct rfl_gemm_kernel *k, char *buf, size_t len);
const struct rfl_gemm_kernel *rfl_gemm_kernel_table(int *count);
/* Grid: volkov (m/64, n/16); the others one block per block tile. */
cudaError_t rfl_gemm_launch(const struct rfl_gemm_kernel *k, const struct rfl_gemm_args *a, cudaStream_t s);

/* The per-family tables (one per .cu file; the host concatenates them). */
extern const struct rfl_gemm_kernel rfl_gemm_volkov_kernels[];
extern const int rfl_gemm_volkov_count;
extern const struct rfl_gemm_kernel rfl_gemm_tiled_f32_nn_kernels[];
extern const int rfl_gemm_tiled_f32_nn_count;
extern const struct rfl_gemm_kernel rfl_gemm_tiled_f32_nt_kernels[];
extern const int rfl_gemm_tiled_f32_nt_count;
extern const struct rfl_gemm_kernel rfl_gemm_tiled_f64_kernels[];
extern const int rfl_gemm_tiled_f64_count;
extern const struct rfl_gemm_kernel rfl_gemm_dmma_kernels[];
extern const int rfl_gemm_dmma_count;

/* ------------------------------------------------------------------------
 * Data: fill, convert, compare (kernels_util.cu)
 * ---------------------------------------------------------------------- */

/* x[i] uniform in [-1, 1), from a hash of (seed, i): fresh inputs for every
 * point without a host round trip. fp64 or fp32 elements. */
cudaError_t rfl_gemm_fill(enum rfl_gemm_prec p, void *x, size_t n, unsigned long long seed, cudaStream_t s);
/* out[i] = (half or bfloat16) in[i], round to nearest (p: FP16 or BF16). */
cudaError_t rfl_gemm_to_half(enum rfl_gemm_prec p, const float *in, void *out, size_t n, cudaStream_t s);
/* One thread that sleeps on the stream for `ns` nanoseconds, drawing next to no power: it holds
 * the stream while a rested launch and its events are queued behind it. */
cudaError_t rfl_gemm_wait(unsigned long long ns, cudaStream_t s);
/* out[i] = (float) in[i] (in: half or bfloat16 as p says): exact. */
cudaError_t rfl_gemm_from_half(enum rfl_gemm_prec p, const void *in, float *out, size_t n, cudaStream_t s);

/* What a comparison of C against a reference R (m x n, leading dimension
 * ld, both of the same element type) found. */
struct rfl_gemm_diff {
    double max_abs_diff;      /* max |C - R| */
    double max_abs_ref;       /* max |R| */
    unsigned long long nonfinite; /* elements of C or R that are NaN or infinite */
    unsigned long long worst_index; /* column-major index of one element with the largest difference */
};
/* `d` is device memory; it is reset and filled by the call. */
cudaError_t rfl_gemm_compare(int fp64, const void *c, const void *r, int m, int n, int ld, struct rfl_gemm_diff *d,
                             cudaStream_t s);

/* ------------------------------------------------------------------------
 * The FMA:LDS mix microbenchmark (Lai and Seznec, Section 4.1, Fig. 2) and
 * the bandwidths of the memory bound (kernels_mix.cu)
 * ---------------------------------------------------------------------- */

struct rfl_gemm_mix_kernel {
    const char *symbol;     /* extern "C" name, for the SASS counts */
    enum rfl_gemm_op op;    /* FFMA, DFMA or a DMMA shape */
    int lds_bytes;          /* width of each shared load: 4, 8 or 16 */
    int lds_distinct;       /* distinct words a warp reads per load: lane % lds_distinct */
    int fma_per_group;      /* FMA-class instructions per group ... */
    int lds_per_group;      /* ... and the shared loads they depend on */
    int groups_per_iteration; /* groups in one pass of the (unrolled) loop */
    const void *func;
    /* blocks x threads, `iterations` passes; out receives one value per
     * thread (keeps the arithmetic live); clk: block 0's span. */
    cudaError_t (*launch)(unsigned blocks, unsigned threads, unsigned long long iterations, void *out,
                          struct rfl_gpu_clock *clk, cudaStream_t s);
};
const struct rfl_gemm_mix_kernel *rfl_gemm_mix_table(int *count);
#define RFL_GEMM_MIX_THREADS 256

/* Reads an n-byte buffer `passes` times with 16-byte loads cached in L2
 * only (the buffer is sized to stay in L2); *sink keeps the loads live. */
cudaError_t rfl_gemm_l2_read(const void *buf, size_t n, unsigned passes, unsigned blocks, unsigned long long *sink,
                             cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
