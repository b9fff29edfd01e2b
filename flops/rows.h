/* rfl_flops's output rows: the CSV row of each point (schema/flops.def),
 * the running tally of the best and the above-peak rows, and the summary
 * of the best rows printed at the end. */
#ifndef RFL_FL_ROWS_H
#define RFL_FL_ROWS_H

#include <stddef.h>

#include "plan.h"
#include "sample.h"
#include "common/csv.h"

/* The fastest row of one configuration. */
struct rfl_fl_best {
    double gflops_per_s, fraction;
    unsigned threads, unroll, fpe;
};

struct rfl_fl_tally {
    struct rfl_fl_best *best;   /* one per configuration of the plan */
    size_t above_rows;          /* rows above both the peak and the model */
    double above_max;           /* their largest fraction of the peak */
};

/* Writes the row of point `pt` and counts it in `tally`. `g` is the thread
 * count's clock just after the samples, `ghz_before` the clock just before
 * them: the row is judged against their mean. Then, with per_rank (every
 * rank's own min, median and max seconds, rfl_team_rank_stats), one row
 * per rank: its share of the flops, the peak and the model over its own
 * times, its rank and host. Sorts pt->times. Rank 0 only. */
void rfl_fl_write_row(const struct rfl_fl_plan *p, struct rfl_fl_point *pt,
                      const struct rfl_fl_clock_group *g, double ghz_before, struct rfl_csv *csv,
                      struct rfl_fl_tally *tally, const double *per_rank);

/* Which points the thread balance counts (cpu/balance.h): the compute-bound
 * ones of the simd kernels, RFL_FL_BALANCE_POINTS. */
#define RFL_FL_BALANCE_POINTS "simd kernels, unroll >= 8, FPE >= 64, working set in L1 or L2"
int rfl_fl_balance_counts(const struct rfl_fl_plan *p, const struct rfl_fl_point *pt);

/* The best row of each variant, ISA and precision (over unrolls) to stderr,
 * with the peak at the clock of `top`. Rank 0 only. */
void rfl_fl_print_summary(const struct rfl_fl_plan *p, const struct rfl_fl_best *best,
                          const struct rfl_fl_clock_group *top);

#endif
