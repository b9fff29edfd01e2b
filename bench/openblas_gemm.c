/* OpenBLAS DGEMM / SGEMM at one size, for bench/flops_peers.sh: the best of
 * REPS timed calls after a warm-up, C = A*B on N x N row-major matrices,
 * threads from OPENBLAS_NUM_THREADS. Prints one CSV line (header with -H):
 *
 *   routine,precision,n,threads,reps,time_min_s,gflops_per_s,verified
 *
 * A sample of C's entries is checked against a dot product computed in
 * long double; a mismatch is exit 3, as everywhere in rfl.
 *
 * Usage: openblas_gemm [-H] d|s N [REPS] */
#include <cblas.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Small integers over a power of two: products and sums stay close to
 * exact, so the tolerance below measures rounding, not the data. */
static double value(size_t i, size_t j, unsigned salt)
{
    return (double)((i * 7 + j * 13 + salt) % 17) / 16.0 - 0.5;
}

static int threads_in_use(void)
{
#ifdef OPENBLAS_VERSION
    return openblas_get_num_threads();
#else
    const char *e = getenv("OPENBLAS_NUM_THREADS");
    return e ? atoi(e) : 0;
#endif
}

int main(int argc, char **argv)
{
    int argi = 1;
    if (argi < argc && strcmp(argv[argi], "-H") == 0) {
        printf("routine,precision,n,threads,reps,time_min_s,gflops_per_s,verified\n");
        argi++;
    }
    if (argc - argi < 2 || (strcmp(argv[argi], "d") != 0 && strcmp(argv[argi], "s") != 0)) {
        fprintf(stderr, "usage: openblas_gemm [-H] d|s N [REPS]\n");
        return 2;
    }
    const int dbl = argv[argi][0] == 'd';
    char *end = NULL;
    long n = strtol(argv[argi + 1], &end, 10);
    long reps = argc - argi > 2 ? strtol(argv[argi + 2], NULL, 10) : 3;
    if (*end != '\0' || n < 16 || n > 65536 || reps < 1 || reps > 1000) {
        fprintf(stderr, "openblas_gemm: bad N '%s' (16..65536) or REPS (1..1000)\n", argv[argi + 1]);
        return 2;
    }
    const size_t nn = (size_t)n * (size_t)n, elem = dbl ? sizeof(double) : sizeof(float);
    void *a = NULL, *b = NULL, *c = NULL;
    if (posix_memalign(&a, 64, nn * elem) || posix_memalign(&b, 64, nn * elem) || posix_memalign(&c, 64, nn * elem)) {
        fprintf(stderr, "openblas_gemm: cannot allocate 3 x %zu bytes\n", nn * elem);
        return 1;
    }
    for (size_t i = 0; i < (size_t)n; i++)
        for (size_t j = 0; j < (size_t)n; j++) {
            if (dbl) {
                ((double *)a)[i * n + j] = value(i, j, 1);
                ((double *)b)[i * n + j] = value(i, j, 5);
                ((double *)c)[i * n + j] = 0;
            } else {
                ((float *)a)[i * n + j] = (float)value(i, j, 1);
                ((float *)b)[i * n + j] = (float)value(i, j, 5);
                ((float *)c)[i * n + j] = 0;
            }
        }
    double best = INFINITY;
    for (long r = 0; r <= reps; r++) { /* r == 0: the warm-up */
        double t0 = now_s();
        if (dbl)
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0, a, (int)n, b, (int)n,
                        0.0, c, (int)n);
        else
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0f, a, (int)n, b, (int)n,
                        0.0f, c, (int)n);
        double t = now_s() - t0;
        if (r > 0 && t < best)
            best = t;
    }
    /* 64 entries spread over C, each against a long-double dot product. */
    int verified = 1;
    for (int k = 0; k < 64 && verified; k++) {
        size_t i = (size_t)k * 7919 % (size_t)n, j = (size_t)k * 104729 % (size_t)n;
        long double want = 0, mag = 0;
        for (size_t p = 0; p < (size_t)n; p++) {
            long double term = (long double)value(i, p, 1) * value(p, j, 5);
            want += term;
            mag += fabsl(term);
        }
        double got = dbl ? ((double *)c)[i * n + j] : (double)((float *)c)[i * n + j];
        double eps = dbl ? 1.1e-16 : 6.0e-8;
        if (fabsl((long double)got - want) > 4.0L * eps * (long double)n * (mag + 1.0L)) {
            fprintf(stderr, "openblas_gemm: C[%zu][%zu] = %.17g, expected %.17Lg\n", i, j, got, want);
            verified = 0;
        }
    }
    printf("%s,%s,%ld,%d,%ld,%.9g,%.9g,%d\n", dbl ? "dgemm" : "sgemm", dbl ? "fp64" : "fp32", n, threads_in_use(),
           reps, best, 2.0 * (double)n * (double)n * (double)n / best * 1e-9, verified);
    free(a);
    free(b);
    free(c);
    return verified ? 0 : 3;
}
