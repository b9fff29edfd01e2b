/* The spread of a ceiling: how far its value may move when measured again
 * (docs/FORMAT.md, ceilings.csv).
 *
 * A ceiling's value is the best rate among its points: a bandwidth level's
 * working sets on the plateau that set it, and a compute roof's points of
 * its flops-per-element sweep, each on the top plateau around the best one
 * (the contiguous points within RFL_SPREAD_PLATEAU of it); a tensor roof's
 * one best GEMM. Each point's row gives the rate of its best sample
 * and of its median sample. value_high is the value, value_low the typical
 * rate there: the median over the points of each point's median-sample rate
 * (its best rate where the file has no median). The spread is half their
 * distance relative to the value, +- 100 (high - low) / (2 value) percent:
 * two runs of spreads a and b agree while they differ by at most a + b,
 * which is about how far one run's best may fall to the other's typical
 * sample. Unknown (NaN) with no points, or one point without a median. */
#ifndef RFL_CEILINGS_SPREAD_H
#define RFL_CEILINGS_SPREAD_H

#include <stddef.h>

#include "levels.h"
#include "timed.h"

struct rfl_ceiling;

/* A spread above this (percent) marks the ceiling noisy in the report. */
#define RFL_SPREAD_NOISY_PERCENT 5.0
/* The top plateau of a flops sweep: the points next to the best whose rate
 * is within this factor of it (adjacent plateaus differ by at least as much). */
#define RFL_SPREAD_PLATEAU RFL_LEVELS_MIN_STEP

/* Sets c->value_low, value_high, spread_points and samples from the points
 * first..last (inclusive) of arrays of best-sample rates, median-sample
 * rates (NULL, or NaN where unknown) and timed samples (NULL, or 0 where
 * unknown). c->value must be set: value_high is never below it. */
void rfl_spread_set(struct rfl_ceiling *c, const double *best, const double *median, const long *samples,
                    size_t first, size_t last);

/* The spread of a bandwidth fitted to timed transfers (the host link, the
 * network): at each size within [bytes_lo, bytes_hi] the median transfer
 * took t_median / t_min as long as the fastest, so the typical rate there is
 * c->value over that factor.
 * 0, or -1 out of memory (one line said). */
int rfl_spread_set_fit(struct rfl_ceiling *c, const struct rfl_timed_points *p, double bytes_lo, double bytes_hi);

/* The top plateau of a sweep y[0..n) around its best point: the contiguous
 * points whose rate is at least y[best] / RFL_SPREAD_PLATEAU. */
void rfl_spread_top_plateau(const double *y, size_t n, size_t best, size_t *first, size_t *last);
/* The same within `ratio` of the best (rfl_spread_top_plateau: RFL_SPREAD_PLATEAU). */
void rfl_spread_top_plateau_within(const double *y, size_t n, size_t best, double ratio, size_t *first, size_t *last);
/* A GPU compute roof's plateau: its flops-per-element points agree within 1-2% once compute
 * bound (a steady device), and --quick's grid is 16x apart, so the point before the plateau
 * can sit 8% under it on the ramp: only points within 5% of the best are the roof's. */
#define RFL_SPREAD_GPU_COMPUTE_PLATEAU 1.05

/* The spread in percent of the value (NaN: unknown), and whether it is
 * above RFL_SPREAD_NOISY_PERCENT. */
double rfl_ceiling_spread(const struct rfl_ceiling *c);
int rfl_ceiling_noisy(const struct rfl_ceiling *c);

/* "median 52.0": the typical rate (value_low) in the value's unit, as the
 * report and the charts write it beside the best ("79.8 GFLOP/s (median
 * 52.0)"); "" when unknown. Returns buf. */
const char *rfl_spread_text(char *buf, size_t len, const struct rfl_ceiling *c);

/* The report's words on it: "noisy: median 40.1, 76% of best (7 points,
 * 35 samples)", "median 52.0, 98% of best (...)" or "-" when unknown. */
const char *rfl_spread_words(char *buf, size_t len, const struct rfl_ceiling *c);

#endif
