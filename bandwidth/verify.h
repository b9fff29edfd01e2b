/* Starting values and closed-form checks for the bandwidth kernels.  All
 * values are small integers, so every kernel's result is exact in fp32 and
 * fp64 and the check is an equality, not a tolerance. */
#ifndef RFL_BW_VERIFY_H
#define RFL_BW_VERIFY_H

#include "kernels.h"

/* rmw runs with beta = 1 and alpha = 1 (passed at run time, so the compiler
 * cannot specialise): the closed form of the series after T trials is
 * a0 + T*alpha, which stays exact while T < 2^23 in fp32. */
#define RFL_BW_RMW_BETA 1.0
#define RFL_BW_RMW_ALPHA 1.0
#define RFL_BW_TRIAD_SCALAR 3.0

struct rfl_bw_mismatch {
    size_t count;   /* wrong elements (or 1 for a wrong sum) */
    char array;     /* 'a', 'b', 'c' or 's' (the sum) */
    size_t index;   /* first wrong element */
    double got, expected;
};

void rfl_bw_fill(enum rfl_bw_kernel_id k, enum rfl_precision p, struct rfl_bw_work *w);
/* `applied`: trials run since the fill; `last_trials`: trials of the last
 * call (whose result the sum kernel left in w->result). */
void rfl_bw_check(enum rfl_bw_kernel_id k, enum rfl_precision p, const struct rfl_bw_work *w,
                  uint64_t applied, uint64_t last_trials, struct rfl_bw_mismatch *m);
/* Trials after which the arrays must be refilled to keep the closed form
 * exact (UINT64_MAX: never). */
uint64_t rfl_bw_refill_after(enum rfl_bw_kernel_id k, enum rfl_precision p);

#endif
