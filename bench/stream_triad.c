/* A STREAM-style triad (McCalpin's STREAM, kernel 4): OpenMP work-shared
 * loop a[j] = b[j] + s*c[j], each repetition timed on its own, best rate
 * reported with STREAM's byte count (24 bytes per element, no
 * write-allocate).  A peer for bench/bandwidth_peers.sh.
 * Usage: stream_triad TOTAL_BYTES [REPS]   (TOTAL_BYTES over the 3 arrays) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s TOTAL_BYTES [REPS]\n", argv[0]);
        return 2;
    }
    size_t n = strtoull(argv[1], NULL, 10) / (3 * sizeof(double));
    long reps = argc > 2 ? atol(argv[2]) : 20;
    double *a = aligned_alloc(64, (n * sizeof(double) + 63) / 64 * 64);
    double *b = aligned_alloc(64, (n * sizeof(double) + 63) / 64 * 64);
    double *c = aligned_alloc(64, (n * sizeof(double) + 63) / 64 * 64);
    if (!a || !b || !c || n == 0)
        return 1;
#pragma omp parallel for schedule(static)
    for (size_t j = 0; j < n; j++) {
        a[j] = 1.0;
        b[j] = 2.0;
        c[j] = 0.5;
    }
    const double s = 3.0;
    double best = 1e30;
    for (long r = 0; r < reps; r++) {
        double t = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (size_t j = 0; j < n; j++)
            a[j] = b[j] + s * c[j];
        t = omp_get_wtime() - t;
        if (t < best)
            best = t;
    }
    for (size_t j = 0; j < n; j++)
        if (a[j] != 3.5) {
            fprintf(stderr, "stream_triad: wrong result at %zu\n", j);
            return 3;
        }
    printf("%.6f\n", 24.0 * (double)n / best * 1e-9);
    free(a);
    free(b);
    free(c);
    return 0;
}
