/* Threaded memcpy: each OpenMP thread copies its own contiguous share with
 * the C library's memcpy (glibc picks its fastest copy for the CPU,
 * non-temporal for large sizes).  Best of REPS; bytes counted as read +
 * written (16 per 8-byte element, as likwid-bench and STREAM count copy).
 * Usage: threaded_memcpy TOTAL_BYTES [REPS]   (TOTAL_BYTES over both buffers) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s TOTAL_BYTES [REPS]\n", argv[0]);
        return 2;
    }
    size_t half = strtoull(argv[1], NULL, 10) / 2 / 4096 * 4096;
    long reps = argc > 2 ? atol(argv[2]) : 20;
    char *src = aligned_alloc(4096, half), *dst = aligned_alloc(4096, half);
    if (!src || !dst || half == 0)
        return 1;
    double best = 1e30;
#pragma omp parallel
    {
        int nt = omp_get_num_threads(), t = omp_get_thread_num();
        size_t chunk = half / (size_t)nt, off = chunk * (size_t)t;
        if (t == nt - 1)
            chunk = half - off;
        memset(src + off, t + 1, chunk); /* first touch by the owner */
        memset(dst + off, 0, chunk);
        for (long r = 0; r < reps; r++) {
#pragma omp barrier
            double t0 = omp_get_wtime();
            memcpy(dst + off, src + off, chunk);
#pragma omp barrier
#pragma omp master
            {
                double dt = omp_get_wtime() - t0;
                if (dt < best)
                    best = dt;
            }
        }
    }
    if (memcmp(src, dst, half) != 0) {
        fprintf(stderr, "threaded_memcpy: copy differs\n");
        return 3;
    }
    printf("%.6f\n", 2.0 * (double)half / best * 1e-9);
    free(src);
    free(dst);
    return 0;
}
