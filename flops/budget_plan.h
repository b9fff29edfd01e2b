/* rfl_flops within a time budget (--time-budget SECONDS): which rows it
 * measures and how thoroughly, decided from the budget and from what the
 * rows so far cost (the same scheme as bandwidth/budget_plan.h).
 *
 * - Configurations in two tiers: first the one each compute ceiling needs
 *   (per variant, ISA and precision: ref, and the simd kernel with the
 *   fewest independent chains that still cover the FMA latency), then the
 *   other unrolls, which only draw the latency-bound curves of the chart.
 * - Before each configuration its settings come from a ladder (fewer
 *   experiments, shorter samples, every other FPE value of the second tier,
 *   no second tier, then every other FPE value of the first) so that the
 *   rest is predicted to fit the time left; the prediction is a model of
 *   each row's cost (its samples and the clock measured beside it)
 *   corrected by what the rows so far really cost.
 * - Between rows, when the next one would not fit, the sweep ends there
 *   (never inside a row): exit 0, and the sidecar's "budget" says so.
 * Without a budget every configuration runs in the plan's order with the
 * given settings. Rank 0's clock drives every decision (the caller
 * broadcasts `now`). */
#ifndef RFL_FL_BUDGET_PLAN_H
#define RFL_FL_BUDGET_PLAN_H

#include <stddef.h>

#include <jansson.h>

#include "plan.h"
#include "common/budget.h"

#define RFL_FL_LADDER 7

enum rfl_fl_end {
    RFL_FL_END_ALL,      /* every row asked for */
    RFL_FL_END_THINNED,  /* every other FPE value */
    RFL_FL_END_BUDGET,   /* the budget ran out in it */
    RFL_FL_END_DROPPED,  /* not measured */
    RFL_FL_END_NONE      /* not reached (interrupted, or a failure) */
};
extern const char *const rfl_fl_end_names[];

struct rfl_fl_item {
    int tier;              /* 1: a compute ceiling needs it; 2: the chart only */
    int end;               /* enum rfl_fl_end */
    unsigned experiments;
    double min_time_s;
    int thin;              /* every other FPE value */
    size_t rows;
};

struct rfl_fl_budget {
    struct rfl_budget clock;
    int on;
    unsigned e0;                       /* the settings asked for */
    double mt0;
    size_t nthread_counts, nconfigs, nrows_per_item; /* rows of one configuration: working sets x FPE values */
    struct rfl_fl_item items[RFL_FL_MAX_THREAD_COUNTS * RFL_FL_MAX_CONFIGS];
    double clock_s;                    /* what one clock measurement takes (0: not measured yet) */
    double actual_s, model_s;
    double row_start;
    int level;
    int spent;
    size_t rows;
};

/* Under a budget, orders p->configs so that the first tier comes first (the
 * tally and the summary follow the plan's order). */
void rfl_fl_budget_order(struct rfl_fl_plan *p, int on);

/* The plan. clock: started when the program began (total 0: no budget). */
void rfl_fl_budget_init(struct rfl_fl_budget *b, const struct rfl_budget *clock, const struct rfl_fl_plan *p);

/* Whether FPE value index fi of configuration (tc, ci) runs. */
int rfl_fl_budget_fpe_runs(const struct rfl_fl_budget *b, size_t tc, size_t ci, size_t fi, size_t nfpe);

/* Before configuration ci at thread count tc, at budget clock `now`:
 * whether to run it and with which settings. */
int rfl_fl_budget_item_begin(struct rfl_fl_budget *b, size_t tc, size_t ci, double now, unsigned *experiments,
                             double *min_time_s);
void rfl_fl_budget_row_begin(struct rfl_fl_budget *b, double now);
/* After a verified row. Returns 0 to go on, 2 to end the sweep (the next row
 * would not fit). */
int rfl_fl_budget_row_end(struct rfl_fl_budget *b, size_t tc, size_t ci, double now);
/* A clock measurement took `seconds` (the first one sets the model's). */
void rfl_fl_budget_clock_cost(struct rfl_fl_budget *b, double seconds);
void rfl_fl_budget_item_end(struct rfl_fl_budget *b, size_t tc, size_t ci);

/* The sidecar's "budget" (rank 0): null without a budget. */
json_t *rfl_fl_budget_to_json(const struct rfl_fl_budget *b, const struct rfl_fl_plan *p);

#endif
