/* Pure helpers of rfl_unified_memory (no CUDA): array sizes, the closed
 * form, and the time limit of a point, predicted from the points already
 * measured. Tested by --self-test. */
#ifndef RFL_UM_PLAN_H
#define RFL_UM_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "unified_memory/unified_memory.h"

/* Doubles in an array of about `bytes`: a whole number of quanta, at least one. */
size_t rfl_um_elements_for(uint64_t bytes);

/* Effective bytes of a sample (Lo et al. Fig. 6): every element read and
 * written once by each of the reuse GPU passes and the CPU pass. */
double rfl_um_effective_bytes(size_t elements, unsigned long long trials, unsigned reuse);

/* Seconds per trial measured at each reuse of one (mechanism, working
 * set); INFINITY marks a reuse skipped for time. */
struct rfl_um_seen {
    unsigned reuse[RFL_UM_MAX_REUSE];
    double trial_s[RFL_UM_MAX_REUSE];
    int n;
};

void rfl_um_seen_add(struct rfl_um_seen *s, unsigned reuse, double trial_s);

/* Predicted seconds of one trial at `reuse`: a line through the last two
 * reuses measured at this working set (time grows linearly with reuse:
 * the moves are fixed, each pass adds the same); with one, proportional
 * scaling (an upper bound) or the smaller working set's time at this
 * reuse scaled by size, whichever is less; with none, the latter alone.
 * INFINITY: this reuse was skipped for time at the smaller working set.
 * -1: no basis (the point is calibrated and runs). */
double rfl_um_predict_trial_s(const struct rfl_um_seen *here, const struct rfl_um_seen *smaller, double size_ratio,
                              unsigned reuse);

struct rfl_um_plan {
    int run;               /* 0: skipped, predicted past the limit */
    int calibrate;         /* trials double from 1 until a sample lasts min_time */
    unsigned experiments;  /* timed samples that fit (at least 1 when run) */
    int breakdown;         /* the instrumented sample fits too */
    double predicted_s;    /* the point's predicted wall time; -1: no basis */
};

/* What a point can afford within `timeout` seconds, given one trial's
 * predicted seconds (-1: unknown) and a warm-up of `warmup_s` first: one
 * timed sample, then the instrumented one, then up to `experiments` in all. */
struct rfl_um_plan rfl_um_plan_point(double trial_s, double warmup_s, double min_time, unsigned experiments,
                                     int breakdown, double timeout);

#endif
