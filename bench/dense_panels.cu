// The pieces of a blocked factorization on the GPU, timed alone: cuSOLVER's getrf, geqrf and
// potrf on the panel and diagonal-block shapes rfl_dense's gpu_panel and recursive methods give
// them, and cuBLAS's TRSM, SYRK and GEMM on the update shapes. Which panel width, leaf and update
// call each method uses is chosen from these (docs/PERFORMANCE.md, rfl_dense).
// Build: nvcc -O2 -arch=sm_90 bench/dense_panels.cu -lcusolver -lcublas -o dense_panels
// Usage: dense_panels [fp64|fp32] [REPS] [panels|recursive|potrf] > panels.csv   (median and best
// of REPS, each on a fresh copy of a random matrix, CUDA events around the call alone; recursive:
// recursive Cholesky's shapes; potrf: one potrf of 512, 4096 and 8192 each, untimed, to profile)
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                                                                      \
    do {                                                                                                           \
        if ((x) != 0) {                                                                                            \
            fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #x, (int)(x));                          \
            exit(1);                                                                                               \
        }                                                                                                          \
    } while (0)

template <typename T> __global__ void fill(T *a, size_t count, int n, int spd)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count; i += (size_t)gridDim.x * blockDim.x) {
        unsigned long long h = (i + 1) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 32;
        T v = (T)((double)(h & 0xffffff) / 0x1000000 * 2 - 1);
        if (spd) { // symmetric, diagonally dominant: row i, column j from the pair's smaller index
            const size_t r = i % n, c = i / n;
            const size_t lo = r < c ? r : c, hi = r < c ? c : r;
            unsigned long long g = (lo * 131071 + hi + 1) * 0x9e3779b97f4a7c15ull;
            g ^= g >> 31;
            v = r == c ? (T)n : (T)((double)(g & 0xffff) / 0x10000 * 2 - 1);
        }
        a[i] = v;
    }
}

struct ctx {
    cublasHandle_t blas;
    cusolverDnHandle_t solver;
    cudaStream_t s;
    void *a, *orig, *b, *work, *tau;
    int *ipiv, *info;
    size_t work_bytes;
};

template <typename T> struct ops;
// One specialization a precision, P the letter of cuSOLVER's and cuBLAS's typed calls (D, S).
#define OPS(T, P, NAME)                                                                                          \
    template <> struct ops<T> {                                                                                  \
        static const char *name() { return NAME; }                                                               \
        static void getrf(ctx &c, int m, int n, T *a, int lda)                                                   \
        {                                                                                                        \
            int lw;                                                                                              \
            CK(cusolverDn##P##getrf_bufferSize(c.solver, m, n, a, lda, &lw));                                    \
            CK(cusolverDn##P##getrf(c.solver, m, n, a, lda, (T *)c.work, c.ipiv, c.info));                       \
        }                                                                                                        \
        static void geqrf(ctx &c, int m, int n, T *a, int lda)                                                   \
        {                                                                                                        \
            int lw;                                                                                              \
            CK(cusolverDn##P##geqrf_bufferSize(c.solver, m, n, a, lda, &lw));                                    \
            CK(cusolverDn##P##geqrf(c.solver, m, n, a, lda, (T *)c.tau, (T *)c.work, lw, c.info));               \
        }                                                                                                        \
        static void potrf(ctx &c, int n, T *a, int lda)                                                          \
        {                                                                                                        \
            int lw;                                                                                              \
            CK(cusolverDn##P##potrf_bufferSize(c.solver, CUBLAS_FILL_MODE_LOWER, n, a, lda, &lw));               \
            CK(cusolverDn##P##potrf(c.solver, CUBLAS_FILL_MODE_LOWER, n, a, lda, (T *)c.work, lw, c.info));      \
        }                                                                                                        \
        static void trsm(ctx &c, int m, int n, const T *l, int ldl, T *b, int ldb)                              \
        {                                                                                                        \
            const T one = 1;                                                                                     \
            CK(cublas##P##trsm(c.blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T,                   \
                               CUBLAS_DIAG_NON_UNIT, m, n, &one, l, ldl, b, ldb));                               \
        }                                                                                                        \
        static void trmm(ctx &c, int m, int n, const T *l, int ldl, const T *b, int ldb, T *cc, int ldc)        \
        {                                                                                                        \
            const T one = 1;                                                                                     \
            CK(cublas##P##trmm(c.blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T,                   \
                               CUBLAS_DIAG_NON_UNIT, m, n, &one, l, ldl, b, ldb, cc, ldc));                      \
        }                                                                                                        \
        static void trtri(ctx &c, int n, T *a, int lda)                                                          \
        {                                                                                                        \
            size_t dev = 0, host = 0;                                                                            \
            const cudaDataType t = sizeof(T) == 8 ? CUDA_R_64F : CUDA_R_32F;                                    \
            CK(cusolverDnXtrtri_bufferSize(c.solver, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, n, t, a, lda, \
                                           &dev, &host));                                                        \
            std::vector<char> h(host + 1);                                                                       \
            if (dev > c.work_bytes)                                                                              \
                exit(3);                                                                                         \
            CK(cusolverDnXtrtri(c.solver, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_NON_UNIT, n, t, a, lda, c.work,   \
                                dev, h.data(), host, c.info));                                                   \
        }                                                                                                        \
        static void syrk(ctx &c, int n, int k, const T *a, int lda, T *cc, int ldc)                             \
        {                                                                                                        \
            const T m1 = -1, one = 1;                                                                            \
            CK(cublas##P##syrk(c.blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &m1, a, lda, &one, cc, ldc));  \
        }                                                                                                        \
        static void gemm(ctx &c, cublasOperation_t tb, int m, int n, int k, const T *a, int lda, const T *b,    \
                         int ldb, T *cc, int ldc)                                                                \
        {                                                                                                        \
            const T m1 = -1, one = 1;                                                                            \
            CK(cublas##P##gemm(c.blas, CUBLAS_OP_N, tb, m, n, k, &m1, a, lda, b, ldb, &one, cc, ldc));           \
        }                                                                                                        \
    };
OPS(double, D, "fp64")
OPS(float, S, "fp32")
#undef OPS

static int reps = 5;
static const char *prec;

// Times op (on the stream) reps times, each after `fresh` restored its operands; prints a row.
template <typename Op, typename Fresh>
static void timed(ctx &c, const char *what, int m, int n, int k, double flops, Fresh fresh, Op op)
{
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<float> ms;
    for (int r = 0; r <= reps; r++) { // the first is a warm-up
        fresh();
        CK(cudaEventRecord(e0, c.s));
        op();
        CK(cudaEventRecord(e1, c.s));
        CK(cudaEventSynchronize(e1));
        float t;
        CK(cudaEventElapsedTime(&t, e0, e1));
        if (r)
            ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double best = ms[0] * 1e-3, median = ms[ms.size() / 2] * 1e-3;
    printf("%s,%s,%d,%d,%d,%.6g,%.6g,%.6g\n", what, prec, m, n, k, best, median, flops / best * 1e-9);
    fflush(stdout);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
}

// The shapes of recursive's Cholesky at n = 8192 to 32768 (leaf n/4): its solves by cuBLAS's
// TRSM against the same solve by a GEMM or TRMM with the triangle inverted (cuSOLVER's trtri),
// its symmetric updates by SYRK against GEMM, and the diagonal blocks' potrf.
template <typename T> static void run_recursive(ctx &c, int nmax, T *a, T *orig, T *spd)
{
    const size_t bytes = (size_t)nmax * nmax * sizeof(T);
    auto symmetric = [&] { CK(cudaMemcpyAsync(a, spd, bytes, cudaMemcpyDeviceToDevice, c.s)); };
    auto nothing = [] {};
    T *b = a + (size_t)nmax * 8192; // columns 8192 on: the right-hand sides and products
    for (int k : {1024, 2048, 4096, 8192})
        for (int m : {4096, 8192, 16384}) {
            const double f = (double)m * k * k;
            timed(c, "trsm_right", m, k, 0, f, symmetric, [&] { ops<T>::trsm(c, m, k, spd, nmax, b, nmax); });
            timed(c, "trmm_right", m, k, 0, f, nothing,
                  [&] { ops<T>::trmm(c, m, k, spd, nmax, orig, nmax, b, nmax); });
            timed(c, "gemm_nt", m, k, k, 2 * f, nothing,
                  [&] { ops<T>::gemm(c, CUBLAS_OP_T, m, k, k, orig, nmax, orig, nmax, b, nmax); });
        }
    for (int n : {4096, 8192})
        for (int k : {2048, 4096, 8192}) {
            const double f = (double)n * n * k;
            timed(c, "syrk", n, n, k, f, nothing, [&] { ops<T>::syrk(c, n, k, orig, nmax, b, nmax); });
            timed(c, "gemm_nt", n, n, k, 2 * f, nothing,
                  [&] { ops<T>::gemm(c, CUBLAS_OP_T, n, n, k, orig, nmax, orig, nmax, b, nmax); });
        }
    for (int k : {256, 512, 1024, 2048, 4096}) {
        timed(c, "trtri", k, k, 0, (double)k * k * k / 3, symmetric, [&] { ops<T>::trtri(c, k, a, nmax); });
        timed(c, "potrf", k, k, 0, (double)k * k * k / 3, symmetric, [&] { ops<T>::potrf(c, k, a, nmax); });
    }
}

template <typename T> static void run(ctx &c, int nmax, const char *set)
{
    prec = ops<T>::name();
    T *a = (T *)c.a, *orig = (T *)c.orig, *spd = (T *)c.b;
    const size_t bytes = (size_t)nmax * nmax * sizeof(T);
    fill<T><<<1024, 256, 0, c.s>>>(orig, (size_t)nmax * nmax, nmax, 0);
    fill<T><<<1024, 256, 0, c.s>>>(spd, (size_t)nmax * nmax, nmax, 1);
    CK(cudaStreamSynchronize(c.s));
    auto general = [&] { CK(cudaMemcpyAsync(a, orig, bytes, cudaMemcpyDeviceToDevice, c.s)); };
    auto symmetric = [&] { CK(cudaMemcpyAsync(a, spd, bytes, cudaMemcpyDeviceToDevice, c.s)); };
    if (strcmp(set, "recursive") == 0) {
        run_recursive<T>(c, nmax, a, orig, spd);
        return;
    }
    if (strcmp(set, "potrf") == 0) { // one call of each, for a profiler's kernel list
        for (int n : {512, 4096, 8192}) {
            symmetric();
            ops<T>::potrf(c, n, a, nmax);
            CK(cudaStreamSynchronize(c.s));
        }
        return;
    }
    const int ms[] = {4096, 8192, 16384, 32768};
    for (int m : ms) {
        if (m > nmax)
            continue;
        for (int w : {16, 32, 64, 128, 256, 512, 1024})
            timed(c, "getrf", m, w, 0, (double)w * w * (m - w / 3.0), general, [&] { ops<T>::getrf(c, m, w, a, nmax); });
        for (int w : {64, 128, 256, 512})
            timed(c, "geqrf", m, w, 0, 2.0 * w * w * (m - w / 3.0), general, [&] { ops<T>::geqrf(c, m, w, a, nmax); });
        for (int w : {256, 512})
            timed(c, "trsm_right", m, w, 0, (double)m * w * w, symmetric,
                  [&] { ops<T>::trsm(c, m, w, spd, nmax, a + w, nmax); });
        // The trailing update of a Cholesky step: SYRK of the lower triangle against GEMM over
        // the square (twice its flops) and the nb-block columns split into GEMMs.
        for (int k : {256, 512}) {
            const double f = (double)m * m * k;
            timed(c, "syrk", m, m, k, f, symmetric, [&] { ops<T>::syrk(c, m, k, a, nmax, a, nmax); });
            timed(c, "gemm_square", m, m, k, f, general,
                  [&] { ops<T>::gemm(c, CUBLAS_OP_T, m, m, k, orig, nmax, orig, nmax, a, nmax); });
            timed(c, "gemm_nn", m, m, k, 2 * f, general,
                  [&] { ops<T>::gemm(c, CUBLAS_OP_N, m, m, k, orig, nmax, orig, nmax, a, nmax); });
        }
    }
    for (int b : {128, 256, 512, 1024, 2048, 4096, 8192, 16384})
        if (b <= nmax)
            timed(c, "potrf", b, b, 0, (double)b * b * b / 3, symmetric, [&] { ops<T>::potrf(c, b, a, nmax); });
}

int main(int argc, char **argv)
{
    const int fp64 = argc < 2 || strcmp(argv[1], "fp32") != 0;
    if (argc > 2)
        reps = atoi(argv[2]) > 0 ? atoi(argv[2]) : reps;
    const int nmax = 32768;
    ctx c{};
    const size_t es = fp64 ? 8 : 4, bytes = (size_t)nmax * nmax * es;
    CK(cudaStreamCreateWithFlags(&c.s, cudaStreamNonBlocking));
    CK(cublasCreate(&c.blas));
    CK(cublasSetStream(c.blas, c.s));
    CK(cusolverDnCreate(&c.solver));
    CK(cusolverDnSetStream(c.solver, c.s));
    CK(cudaMalloc(&c.a, bytes));
    CK(cudaMalloc(&c.orig, bytes));
    CK(cudaMalloc(&c.b, bytes));
    CK(cudaMalloc(&c.tau, nmax * es));
    CK(cudaMalloc(&c.ipiv, nmax * sizeof(int)));
    CK(cudaMalloc(&c.info, sizeof(int)));
    // The largest work any call here asks for: getrf and potrf of the whole matrix.
    int lw1 = 0, lw2 = 0;
    if (fp64) {
        CK(cusolverDnDgetrf_bufferSize(c.solver, nmax, nmax, (double *)c.a, nmax, &lw1));
        CK(cusolverDnDpotrf_bufferSize(c.solver, CUBLAS_FILL_MODE_LOWER, nmax, (double *)c.a, nmax, &lw2));
    } else {
        CK(cusolverDnSgetrf_bufferSize(c.solver, nmax, nmax, (float *)c.a, nmax, &lw1));
        CK(cusolverDnSpotrf_bufferSize(c.solver, CUBLAS_FILL_MODE_LOWER, nmax, (float *)c.a, nmax, &lw2));
    }
    c.work_bytes = (size_t)std::max(std::max(lw1, lw2), 1 << 24) * es;
    CK(cudaMalloc(&c.work, c.work_bytes));
    printf("op,precision,m,n,k,seconds_min,seconds_median,gflops_per_s\n");
    const char *set = argc > 3 ? argv[3] : "panels";
    if (fp64)
        run<double>(c, nmax, set);
    else
        run<float>(c, nmax, set);
    return 0;
}
