/* Coefficients, starting values and the closed form of the rfl_flops
 * kernels.
 *
 * Every element starts at 0 or 1 (a fixed pseudo-random pattern of its
 * index) and the coefficients make each trial swap the two:
 *
 *   even FPE = 2m:   beta0 = -m, alpha = 1:
 *       x = 1: -m + 1 + 1 ... (m FMAs)   = 0
 *       x = 0: beta*0 + 1                = 1
 *   odd FPE = 2m+1, m >= 1:   gamma = -(m+1), alpha = 1: the same swap
 *   FPE = 1 (the odd term alone):   gamma = +1 on even trials, -1 on odd
 *       ones, so an element goes x -> x+1 -> x.
 *
 * Every intermediate is an integer of magnitude <= FPE/2 + 1, exact in fp32
 * and fp64 whether or not the multiply and add are fused, so all variants
 * agree bit for bit and the check is an equality (tolerance 0): one FMA
 * step too many or too few leaves -1 or +1 instead of 0; a skipped element
 * keeps its start value (the check always follows an odd number of
 * trials); a permuted or misplaced lane breaks the pattern. The values stay
 * in [-FPE/2-1, FPE/2+1] forever, so no trial count overflows, underflows
 * or reaches subnormals (which would slow the FMA pipes down). */
#ifndef RFL_FL_VERIFY_H
#define RFL_FL_VERIFY_H

#include "kernels.h"

struct rfl_fl_mismatch {
    size_t count;   /* wrong elements */
    size_t index;   /* first wrong element */
    double got, expected;
};

/* Sets w->fpe and the coefficients for it. */
void rfl_fl_coefficients(struct rfl_fl_work *w, unsigned fpe);
/* The start value of element i (0 or 1). */
double rfl_fl_start_value(size_t i);
/* Writes the start values into w->a (w->n elements). */
void rfl_fl_fill(enum rfl_precision p, const struct rfl_fl_work *w);
/* The value of element i after `applied` trials since the fill. */
double rfl_fl_expected(unsigned fpe, uint64_t applied, size_t i);
/* Compares every element with the closed form; returns the wrong count. */
size_t rfl_fl_check(enum rfl_precision p, const struct rfl_fl_work *w, uint64_t applied,
                    struct rfl_fl_mismatch *m);

#endif
