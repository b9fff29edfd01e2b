/* rfl_gemm's kernels and cuBLAS on the host, for tests/gpu_fake_gemm (with
 * the runtime stand-in gpu/fake_cuda.c): a few kernels of each family with
 * the real tables' shape, every GEMM one loop in double (FP32 results
 * rounded once, so they agree with the "cuBLAS" here and with the host
 * check in long double), the 16-bit inputs converted as the GPU would, and
 * the mix microbenchmark as host loops of its iterations. Nothing here
 * says anything about a GPU's performance. */
#include "config.h"
#include "gemm/gemm_kernels.h"
#include "gpu/fake_cuda.h"

#include <cublas_v2.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the GEMM itself ---- */

enum { IN_FLOAT, IN_DOUBLE, IN_HALF, IN_BF16 };

static double half_to_double(uint16_t h)
{
    const int e = h >> 10 & 0x1f, m = h & 0x3ff;
    const double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

static uint16_t half_from_float(float f)
{
    const double a = fabs((double)f);
    const uint16_t sign = signbit(f) ? 0x8000 : 0;
    if (isnan(f))
        return 0x7e00;
    if (a >= 65520.0)
        return sign | 0x7c00;
    int e;
    frexp(a, &e); /* a = f x 2^e, f in [0.5, 1) */
    const int q = e - 11 < -24 ? -24 : e - 11; /* the quantum: 11 significant bits, or the subnormals' */
    const double r = nearbyint(ldexp(a, -q)); /* to nearest, ties to even */
    const double v = ldexp(r, q);
    if (v >= 65520.0)
        return sign | 0x7c00;
    if (v < ldexp(1, -14))
        return sign | (uint16_t)ldexp(v, 24);
    int ve;
    const double vf = frexp(v, &ve);
    return sign | (uint16_t)((ve + 14) << 10) | (uint16_t)(ldexp(vf, 11) - 1024);
}

static double element(const void *x, int type, size_t i)
{
    switch (type) {
    case IN_DOUBLE:
        return ((const double *)x)[i];
    case IN_FLOAT:
        return ((const float *)x)[i];
    case IN_HALF:
        return half_to_double(((const uint16_t *)x)[i]);
    default: {
        const uint32_t bits = (uint32_t)((const uint16_t *)x)[i] << 16;
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    }
}

static uint16_t bf16_from_float(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    bits += 0x7fff + (bits >> 16 & 1); /* to nearest, ties to even */
    return (uint16_t)(bits >> 16);
}

/* C = alpha A op(B) + beta C, column-major; C of type tc (IN_*), stored
 * rounded once from double (16-bit types through float, as cuBLAS's FP32
 * epilogue). */
static void host_gemm(int transb, int m, int n, int k, double alpha, const void *a, int ta, int lda, const void *b,
                      int tb, int ldb, double beta, void *c, int tc, int ldc)
{
    double *col = malloc((size_t)m * sizeof *col);
    double *ad = malloc((size_t)m * k * sizeof *ad);
    if (!col || !ad)
        abort();
    for (int l = 0; l < k; l++)
        for (int i = 0; i < m; i++)
            ad[(size_t)l * m + i] = element(a, ta, (size_t)i + (size_t)l * lda);
    for (int j = 0; j < n; j++) {
        memset(col, 0, (size_t)m * sizeof *col);
        for (int l = 0; l < k; l++) {
            const double bl = element(b, tb, transb ? (size_t)j + (size_t)l * ldb : (size_t)l + (size_t)j * ldb);
            const double *al = ad + (size_t)l * m;
            for (int i = 0; i < m; i++)
                col[i] += al[i] * bl;
        }
        for (int i = 0; i < m; i++) {
            const size_t at = (size_t)i + (size_t)j * ldc;
            const double v = alpha * col[i] + (beta != 0 ? beta * element(c, tc, at) : 0);
            if (tc == IN_DOUBLE)
                ((double *)c)[at] = v;
            else if (tc == IN_FLOAT)
                ((float *)c)[at] = (float)v;
            else
                ((uint16_t *)c)[at] = tc == IN_HALF ? half_from_float((float)v) : bf16_from_float((float)v);
        }
    }
    free(ad);
    free(col);
}

/* ---- the kernel tables: func points at what the launch needs ---- */

struct fake_kernel {
    int fp64, transb;
};
static const struct fake_kernel f32_nn = {0, 0}, f32_nt = {0, 1}, f64_nn = {1, 0}, f64_nt = {1, 1};

#define VOLKOV(sym, prec, op, tr, f)                                                                           \
    {#sym, RFL_GEMM_VOLKOV, prec, op, tr, 64, 16, 16, 0, 0, 0, 0, 1, 1, 64, 0, 0, f}
#define TILED(sym, fam, prec, op, tr, bk, st, f)                                                               \
    {#sym, fam, prec, op, tr, 128, 128, bk, 64, 32, 8, 8, st, 8, 256, 0, 0, f}

const struct rfl_gemm_kernel rfl_gemm_volkov_kernels[] = {
    VOLKOV(fake_volkov_f32_nn, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 0, &f32_nn),
    VOLKOV(fake_volkov_f32_nt, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 1, &f32_nt),
    VOLKOV(fake_volkov_f64_nn, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 0, &f64_nn),
    VOLKOV(fake_volkov_f64_nt, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 1, &f64_nt),
};
const int rfl_gemm_volkov_count = 4;
/* Two configurations for fp32 nn, so the tuning runs. */
const struct rfl_gemm_kernel rfl_gemm_tiled_f32_nn_kernels[] = {
    TILED(fake_tiled_f32_nn_s2, RFL_GEMM_TILED, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 0, 8, 2, &f32_nn),
    TILED(fake_tiled_f32_nn_s3, RFL_GEMM_TILED, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 0, 16, 3, &f32_nn),
};
const int rfl_gemm_tiled_f32_nn_count = 2;
const struct rfl_gemm_kernel rfl_gemm_tiled_f32_nt_kernels[] = {
    TILED(fake_tiled_f32_nt, RFL_GEMM_TILED, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 1, 8, 2, &f32_nt),
};
const int rfl_gemm_tiled_f32_nt_count = 1;
const struct rfl_gemm_kernel rfl_gemm_tiled_f64_kernels[] = {
    TILED(fake_tiled_f64_nn, RFL_GEMM_TILED, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 0, 8, 2, &f64_nn),
    TILED(fake_tiled_f64_nt, RFL_GEMM_TILED, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 1, 8, 2, &f64_nt),
};
const int rfl_gemm_tiled_f64_count = 2;
const struct rfl_gemm_kernel rfl_gemm_dmma_kernels[] = {
    TILED(fake_dmma_nn, RFL_GEMM_DMMA, RFL_GEMM_FP64, RFL_GEMM_OP_DMMA16816, 0, 16, 3, &f64_nn),
    TILED(fake_dmma_nt, RFL_GEMM_DMMA, RFL_GEMM_FP64, RFL_GEMM_OP_DMMA16816, 1, 16, 3, &f64_nt),
};
const int rfl_gemm_dmma_count = 2;

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t smem, cudaStream_t s)
{
    (void)grid;
    (void)block;
    (void)smem;
    (void)s;
    const struct fake_kernel *k = func;
    const struct rfl_gemm_args *a = args[0];
    host_gemm(k->transb, a->m, a->n, a->k, a->alpha, a->a, k->fp64 ? IN_DOUBLE : IN_FLOAT, a->lda, a->b,
              k->fp64 ? IN_DOUBLE : IN_FLOAT, a->ldb, a->beta, a->c, k->fp64 ? IN_DOUBLE : IN_FLOAT, a->ldc);
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    (void)func;
    (void)attr;
    (void)value;
    return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    (void)func;
    memset(attr, 0, sizeof *attr);
    attr->numRegs = 128;
    attr->maxThreadsPerBlock = 1024;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func, int threads, size_t smem)
{
    (void)func;
    (void)smem;
    *blocks = threads > 0 && threads <= 1024 ? 1 : 0;
    return cudaSuccess;
}

/* ---- fill, convert, compare ---- */

cudaError_t rfl_gemm_fill(enum rfl_gemm_prec p, void *x, size_t n, unsigned long long seed, cudaStream_t s)
{
    (void)s;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = seed * 0x9e3779b97f4a7c15ull + i;
        h ^= h >> 31;
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
        const double v = (double)(h >> 40) / (double)(1ull << 23) - 1.0; /* [-1, 1), 24 bits */
        if (p == RFL_GEMM_FP64)
            ((double *)x)[i] = v;
        else
            ((float *)x)[i] = (float)v;
    }
    return cudaSuccess;
}

cudaError_t rfl_gemm_wait(unsigned long long ns, cudaStream_t s)
{
    (void)ns, (void)s;
    return cudaSuccess;
}

cudaError_t rfl_gemm_to_half(enum rfl_gemm_prec p, const float *in, void *out, size_t n, cudaStream_t s)
{
    (void)s;
    uint16_t *o = out;
    for (size_t i = 0; i < n; i++)
        o[i] = p == RFL_GEMM_FP16 ? half_from_float(in[i]) : bf16_from_float(in[i]);
    return cudaSuccess;
}

cudaError_t rfl_gemm_from_half(enum rfl_gemm_prec p, const void *in, float *out, size_t n, cudaStream_t s)
{
    (void)s;
    for (size_t i = 0; i < n; i++)
        out[i] = (float)element(in, p == RFL_GEMM_FP16 ? IN_HALF : IN_BF16, i);
    return cudaSuccess;
}

cudaError_t rfl_gemm_compare(int fp64, const void *c, const void *r, int m, int n, int ld, struct rfl_gemm_diff *d,
                             cudaStream_t s)
{
    (void)s;
    memset(d, 0, sizeof *d);
    d->worst_index = ~0ull;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            const size_t at = (size_t)i + (size_t)j * ld;
            const double cv = element(c, fp64 ? IN_DOUBLE : IN_FLOAT, at), rv = element(r, fp64 ? IN_DOUBLE : IN_FLOAT, at);
            if (!isfinite(cv) || !isfinite(rv)) {
                d->nonfinite++;
                continue;
            }
            const double diff = fabs(cv - rv);
            if (diff > d->max_abs_diff) {
                d->max_abs_diff = diff;
                d->worst_index = (unsigned long long)i + (unsigned long long)j * (unsigned long long)m;
            }
            if (fabs(rv) > d->max_abs_ref)
                d->max_abs_ref = fabs(rv);
        }
    return cudaSuccess;
}

/* ---- the mix: host loops of `iterations` steps ---- */

static cudaError_t mix_launch(unsigned blocks, unsigned threads, unsigned long long iterations, void *out,
                              struct rfl_gpu_clock *clk, cudaStream_t s)
{
    (void)blocks;
    (void)threads;
    (void)s;
    const double t0 = rfl_fake_now();
    volatile double x = 1.0;
    for (unsigned long long i = 0; i < iterations; i++)
        x = x * 0.999999 + 1e-6;
    if (out)
        ((double *)out)[0] = x;
    rfl_fake_clock(clk, t0, 0);
    return cudaSuccess;
}

static const struct rfl_gemm_mix_kernel mix_table[] = {
    {"fake_mix_ffma_lds16_d8_64x0", RFL_GEMM_OP_FFMA, 16, 8, 64, 0, 1, &f32_nn, mix_launch},
    {"fake_mix_ffma_lds4_d8_2x1", RFL_GEMM_OP_FFMA, 4, 8, 2, 1, 85, &f32_nn, mix_launch},
    {"fake_mix_dfma_lds8_d8_2x1", RFL_GEMM_OP_DFMA, 8, 8, 2, 1, 85, &f64_nn, mix_launch},
};

const struct rfl_gemm_mix_kernel *rfl_gemm_mix_table(int *count)
{
    *count = (int)(sizeof mix_table / sizeof mix_table[0]);
    return mix_table;
}

cudaError_t rfl_gemm_l2_read(const void *buf, size_t n, unsigned passes, unsigned blocks, unsigned long long *sink,
                             cudaStream_t s)
{
    (void)blocks;
    (void)s;
    unsigned long long sum = 0;
    const unsigned char *b = buf;
    for (unsigned p = 0; p < passes; p++)
        for (size_t i = 0; i < n; i += 64)
            sum += b[i];
    if (sink)
        *sink += sum;
    return cudaSuccess;
}

/* ---- cuBLAS ---- */

/* A library handle of the stand-ins (cuBLAS, cuBLASLt): a word of its own. */
#define FAKE_HANDLE(handle_t, create, destroy)                                                                 \
    cublasStatus_t create(handle_t *h)                                                                        \
    {                                                                                                         \
        *h = calloc(1, sizeof **h);                                                                           \
        return *h ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;                                       \
    }                                                                                                         \
    cublasStatus_t destroy(handle_t h)                                                                        \
    {                                                                                                         \
        free(h);                                                                                              \
        return CUBLAS_STATUS_SUCCESS;                                                                         \
    }

struct cublasContext {
    int unused;
};
FAKE_HANDLE(cublasHandle_t, cublasCreate_v2, cublasDestroy_v2)

cublasStatus_t cublasSetStream_v2(cublasHandle_t h, cudaStream_t s)
{
    (void)h;
    (void)s;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t h, cublasMath_t mode)
{
    (void)h;
    (void)mode;
    return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusString(cublasStatus_t st) { return st == CUBLAS_STATUS_SUCCESS ? "success" : "failure"; }

/* cuBLAS's GEMM of A, B and C of one type (only A untransposed). */
static cublasStatus_t same_type_gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, double alpha,
                                     const void *a, int lda, const void *b, int ldb, double beta, void *c, int ldc,
                                     int type)
{
    if (ta != CUBLAS_OP_N)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    host_gemm(tb != CUBLAS_OP_N, m, n, k, alpha, a, type, lda, b, type, ldb, beta, c, type, ldc);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const float *alpha, const float *a, int lda, const float *b, int ldb, const float *beta,
                              float *c, int ldc)
{
    (void)h;
    return same_type_gemm(ta, tb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc, IN_FLOAT);
}

cublasStatus_t cublasDgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const double *alpha, const double *a, int lda, const double *b, int ldb,
                              const double *beta, double *c, int ldc)
{
    (void)h;
    return same_type_gemm(ta, tb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc, IN_DOUBLE);
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                            const void *alpha, const void *a, cudaDataType at, int lda, const void *b,
                            cudaDataType bt, int ldb, const void *beta, void *c, cudaDataType ct, int ldc,
                            cublasComputeType_t compute, cublasGemmAlgo_t algo)
{
    (void)h;
    (void)compute;
    (void)algo;
    /* C in FP32, or (16-bit inputs) in the input type, as cuBLAS allows. */
    if (ta != CUBLAS_OP_N || at != bt || (ct != CUDA_R_32F && (ct != at || at == CUDA_R_32F)))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    const int type = at == CUDA_R_32F ? IN_FLOAT : at == CUDA_R_16F ? IN_HALF : IN_BF16;
    host_gemm(tb != CUBLAS_OP_N, m, n, k, *(const float *)alpha, a, type, lda, b, type, ldb, *(const float *)beta, c,
              ct == CUDA_R_32F ? IN_FLOAT : type, ldc);
    return CUBLAS_STATUS_SUCCESS;
}

/* ---- cuBLASLt: the descriptors in their own opaque words, three
 * "algorithms" (ids 11, 12, 13) that all compute alike ---- */

#include <cublasLt.h>

#define FAKE_LT_ALGOS 3

struct cublasLtContext {
    int unused;
};
FAKE_HANDLE(cublasLtHandle_t, cublasLtCreate, cublasLtDestroy)

/* Desc words: 0 compute type, 1 scale type, 2 transa, 3 transb. */
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *d, cublasComputeType_t compute, cudaDataType_t scale)
{
    *d = calloc(1, sizeof **d);
    if (!*d)
        return CUBLAS_STATUS_ALLOC_FAILED;
    (*d)->data[0] = (uint64_t)compute;
    (*d)->data[1] = (uint64_t)scale;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d)
{
    free(d);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t attr,
                                              const void *buf, size_t bytes)
{
    if ((attr != CUBLASLT_MATMUL_DESC_TRANSA && attr != CUBLASLT_MATMUL_DESC_TRANSB) || bytes != sizeof(int32_t))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    d->data[attr == CUBLASLT_MATMUL_DESC_TRANSA ? 2 : 3] = (uint64_t) * (const int32_t *)buf;
    return CUBLAS_STATUS_SUCCESS;
}

/* Layout words: 0 type, 1 rows, 2 columns, 3 leading dimension. */
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *l, cudaDataType type, uint64_t rows, uint64_t cols,
                                          int64_t ld)
{
    *l = calloc(1, sizeof **l);
    if (!*l)
        return CUBLAS_STATUS_ALLOC_FAILED;
    (*l)->data[0] = (uint64_t)type;
    (*l)->data[1] = rows;
    (*l)->data[2] = cols;
    (*l)->data[3] = (uint64_t)ld;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l)
{
    free(l);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *p)
{
    *p = calloc(1, sizeof **p);
    return *p ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t p)
{
    free(p);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t p,
                                                    cublasLtMatmulPreferenceAttributes_t attr, const void *buf,
                                                    size_t bytes)
{
    (void)p;
    (void)buf;
    return attr == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES && bytes == sizeof(uint64_t) ? CUBLAS_STATUS_SUCCESS
                                                                                        : CUBLAS_STATUS_NOT_SUPPORTED;
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t h, cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                                              cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t c,
                                              cublasLtMatrixLayout_t d, cublasLtMatmulPreference_t pref,
                                              int requested, cublasLtMatmulHeuristicResult_t results[], int *count)
{
    (void)h, (void)b, (void)pref;
    /* FP32 inputs with FP32 compute are SGEMM: rfl_gemm never asks. C and
     * D: one type, FP32 (FP64 for FP64) or, for 16-bit inputs, the input
     * type, with an FP32 scale type (cuBLASLt's table of supported types). */
    if (a->data[0] == CUDA_R_32F && op->data[0] == CUBLAS_COMPUTE_32F)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    const uint64_t in = a->data[0], out = c->data[0], scale = op->data[1];
    const int wide = out == (in == CUDA_R_64F ? CUDA_R_64F : CUDA_R_32F);
    const int narrow = out == in && (in == CUDA_R_16F || in == CUDA_R_16BF);
    if (d->data[0] != out || !(wide || narrow) || scale != (in == CUDA_R_64F ? CUDA_R_64F : CUDA_R_32F))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    *count = requested < FAKE_LT_ALGOS ? requested : FAKE_LT_ALGOS;
    for (int i = 0; i < *count; i++) {
        memset(&results[i], 0, sizeof results[i]);
        results[i].algo.data[0] = 11 + (uint64_t)i;
        results[i].state = CUBLAS_STATUS_SUCCESS;
        results[i].workspaceSize = (size_t)i << 20;
    }
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr, void *buf, size_t bytes,
                                                    size_t *written)
{
    if (attr != CUBLASLT_ALGO_CONFIG_ID || bytes != sizeof(int32_t))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    *(int32_t *)buf = (int32_t)algo->data[0];
    if (written)
        *written = sizeof(int32_t);
    return CUBLAS_STATUS_SUCCESS;
}

static int lt_type(uint64_t t)
{
    return t == CUDA_R_64F ? IN_DOUBLE : t == CUDA_R_16F ? IN_HALF : t == CUDA_R_16BF ? IN_BF16 : IN_FLOAT;
}

cublasStatus_t cublasLtMatmul(cublasLtHandle_t h, cublasLtMatmulDesc_t op, const void *alpha, const void *a,
                              cublasLtMatrixLayout_t ad, const void *b, cublasLtMatrixLayout_t bd, const void *beta,
                              const void *c, cublasLtMatrixLayout_t cd, void *d, cublasLtMatrixLayout_t dd,
                              const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspace_bytes,
                              cudaStream_t s)
{
    (void)h, (void)dd, (void)s, (void)workspace;
    if (!algo || algo->data[0] < 11 || algo->data[0] >= 11 + FAKE_LT_ALGOS || workspace_bytes < (algo->data[0] - 11) << 20)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (op->data[2] != CUBLAS_OP_N || c != d || ad->data[0] != bd->data[0])
        return CUBLAS_STATUS_NOT_SUPPORTED;
    const int fp64 = op->data[1] == CUDA_R_64F, type = lt_type(ad->data[0]);
    const int transb = op->data[3] != CUBLAS_OP_N;
    const double al = fp64 ? *(const double *)alpha : *(const float *)alpha;
    const double be = fp64 ? *(const double *)beta : *(const float *)beta;
    host_gemm(transb, (int)cd->data[1], (int)cd->data[2], (int)ad->data[2], al, a, type, (int)ad->data[3], b, type,
              (int)bd->data[3], be, d, lt_type(cd->data[0]), (int)cd->data[3]);
    return CUBLAS_STATUS_SUCCESS;
}
