/* The CPU side of rfl_unified_memory: the fill pattern, the CPU pass of the
 * paper's loop (CPUKERNEL, the same read-modify-write as the GPU's, over
 * OpenMP threads) and the check against the closed form. */
#ifndef RFL_UM_CPU_H
#define RFL_UM_CPU_H

#include <stddef.h>

/* Below this many doubles the CPU pass runs on one thread: starting the
 * team would cost more than the pass. */
#define RFL_UM_CPU_PARALLEL_MIN 32768

/* a[i] = (i % 8) + 1, written by the threads that later run the CPU pass
 * (first touch places the pages). */
void rfl_um_cpu_fill(double *a, size_t n);
/* a[i] = beta * a[i] + alpha. */
void rfl_um_cpu_pass(double *a, size_t n, double beta, double alpha);
/* Elements that differ from (i % 8) + 1 + offset; the lowest such index in
 * *first (untouched when none). */
size_t rfl_um_cpu_check(const double *a, size_t n, double offset, size_t *first);
/* The value a[i] must hold after `offset` was added to every element. */
static inline double rfl_um_expected(size_t i, double offset) { return (double)(i % 8 + 1) + offset; }

#endif
