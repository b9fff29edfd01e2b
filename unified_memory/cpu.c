#include "config.h"
#include "unified_memory/cpu.h"

#include <stdint.h>

void rfl_um_cpu_fill(double *a, size_t n)
{
#pragma omp parallel for schedule(static) if (n >= RFL_UM_CPU_PARALLEL_MIN)
    for (size_t i = 0; i < n; i++)
        a[i] = (double)(i % 8 + 1);
}

void rfl_um_cpu_pass(double *a, size_t n, double beta, double alpha)
{
#pragma omp parallel for simd schedule(static) if (n >= RFL_UM_CPU_PARALLEL_MIN)
    for (size_t i = 0; i < n; i++)
        a[i] = beta * a[i] + alpha;
}

size_t rfl_um_cpu_check(const double *a, size_t n, double offset, size_t *first)
{
    size_t bad = 0, lowest = SIZE_MAX;
#pragma omp parallel for schedule(static) reduction(+ : bad) reduction(min : lowest) if (n >= RFL_UM_CPU_PARALLEL_MIN)
    for (size_t i = 0; i < n; i++)
        if (a[i] != rfl_um_expected(i, offset)) {
            bad++;
            if (i < lowest)
                lowest = i;
        }
    if (bad)
        *first = lowest;
    return bad;
}
