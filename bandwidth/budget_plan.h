/* rfl_bandwidth within a time budget (--time-budget SECONDS): what it
 * measures, in which order and how thoroughly, decided from the budget and
 * from what the points measured so far cost.
 *
 * - Curves (kernel x precision x ISA) in two tiers: the first precision
 *   asked for (fp64 by default) of every kernel over every working set,
 *   then the other precision up to the last-level cache only: past it
 *   bytes are bytes, and its curve could not differ.
 * - A curve stops extending past 2 x the LLC once the memory plateau holds
 *   (rfl_bw_plateau_reached), instead of sweeping on to 8 x the LLC.
 * - Working sets of the default range are placed from the cache sizes
 *   (rfl_bw_grid): each cache level gets points inside it whatever the
 *   growth, and past 2 x the LLC the steps are sqrt(2).
 * - Before each curve the settings are chosen from a ladder (fewer
 *   experiments, shorter samples, no second tier, then every other and
 *   every fourth working set: every kernel keeps its curve) so that the rest is
 *   predicted to fit the time left; the prediction is a model of each
 *   point's cost corrected by what the points so far really cost.
 * - Between points, when the next point would not fit the time left, the
 *   sweep ends there (never inside a point): the rows so far are the
 *   result, exit 0, and the sidecar's "budget" says what was cut.
 * Without a budget the plan is the plain sweep: every curve in its order
 * over every working set with the given settings.
 *
 * Rank 0's clock drives every decision (the caller broadcasts `now`), so
 * every rank and thread decides alike. */
#ifndef RFL_BW_BUDGET_PLAN_H
#define RFL_BW_BUDGET_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kernels.h"
#include "common/budget.h"

#define RFL_BW_MAX_ITEMS (RFL_NISA * RFL_NPRECISION * RFL_BW_NKERNELS)
#define RFL_BW_PLATEAU_POINTS 3   /* at least this many working sets agree ... */
#define RFL_BW_PLATEAU_SPAN 1.99  /* ... over at least a doubling ... */
#define RFL_BW_PLATEAU_FROM 2.0   /* ... each at least this many times the LLC ... */
#define RFL_BW_PLATEAU_TOL 0.03   /* ... within their noise and this */
#define RFL_BW_LADDER 7

/* How a curve ended. */
enum rfl_bw_end {
    RFL_BW_END_SWEEP,    /* at the end of the range */
    RFL_BW_END_PLATEAU,  /* past 2 x the LLC, the memory plateau held */
    RFL_BW_END_LLC,      /* a second-tier curve, at the last-level cache */
    RFL_BW_END_BUDGET,   /* the budget was spent */
    RFL_BW_END_DROPPED,  /* not measured: the budget left no time for it */
    RFL_BW_END_NONE      /* not reached (interrupted, or a failure) */
};
extern const char *const rfl_bw_end_names[];

struct rfl_bw_item {
    int isa, prec, kid, tier;
    size_t last;           /* index of the last working set it may run */
    /* what happened */
    int end;               /* enum rfl_bw_end */
    unsigned experiments;
    double min_time_s;
    unsigned stride;       /* every stride-th working set (and the last); 1: all */
    size_t rows;
    uint64_t last_wss;     /* job bytes of its last row */
    uint64_t plateau_from; /* RFL_BW_END_PLATEAU: the first working set of the plateau */
};

struct rfl_bw_budget {
    struct rfl_budget clock;
    int on;
    unsigned e0;                 /* the settings asked for */
    double mt0;
    size_t nitems;
    struct rfl_bw_item items[RFL_BW_MAX_ITEMS];
    size_t npoints;
    const uint64_t *wss;         /* job bytes of each working set, ascending */
    uint64_t job_threads;
    double llc_thread;           /* per-thread share of the last-level cache; 0: unknown */
    double *rate;                /* best job GB/s measured at each working set (0: none) */
    double *spread;              /* the current curve: time_median / time_min - 1 at each point */
    double *curve_rate;          /* the current curve: its best GB/s at each point (0: not run) */
    double actual_s, model_s;    /* the points so far: what they took and what the model said */
    double point_start;          /* budget clock at the start of the current point */
    double cost_next;            /* the model's cost of the next point (after the correction) */
    int level;                   /* ladder step in force */
    int spent;                   /* the sweep ended because the budget ran out */
    size_t rows;
};

/* Working sets (job bytes) of a default range within a budget: the
 * geometric sweep from `min` with `growth`, plus two points inside each
 * cache level the sweep would leave with fewer (cap: job-wide capacity of
 * each level, ncache of them), and past 2 x the LLC steps of sqrt(2) up to
 * `max` (its last point). Ascending, distinct; returns the count (at most
 * `room`). */
size_t rfl_bw_grid(uint64_t min, uint64_t max, double growth, const double *cap, unsigned ncache, uint64_t *out,
                   size_t room);

/* Whether a curve's memory plateau holds at its last point: its last
 * points from RFL_BW_PLATEAU_FROM x the LLC on (per-thread bytes x,
 * ascending, n of them), at least RFL_BW_PLATEAU_POINTS spanning at least
 * RFL_BW_PLATEAU_SPAN, agree within their noise: the ranges from each
 * one's median rate to its best (rate: the best; spread: time_median /
 * time_min - 1) share a value, give or take RFL_BW_PLATEAU_TOL. rate 0: a
 * point not run. */
int rfl_bw_plateau_reached(const double *x, const double *rate, const double *spread, size_t n, double llc);

/* The plan. clock: started when the program began (total 0: no budget). wss: the working sets (kept, not
 * copied). kernels, precisions, isas: bitmasks of what to run; supported:
 * whether an ISA x precision x kernel has code. 0, or -1 out of memory. */
int rfl_bw_budget_init(struct rfl_bw_budget *b, const struct rfl_budget *clock, unsigned e0, double mt0, const uint64_t *wss,
                       size_t npoints, uint64_t job_threads, double llc_thread, unsigned kernels, unsigned precisions,
                       unsigned isas, int (*supported)(int isa, int prec, int kid));
void rfl_bw_budget_free(struct rfl_bw_budget *b);

/* Before curve i, at budget clock `now` (rank 0's, broadcast): whether to
 * measure it, and with which experiments and minimum sample time. */
int rfl_bw_budget_item_begin(struct rfl_bw_budget *b, size_t i, double now, unsigned *experiments, double *min_time_s);
/* Whether curve i runs working set j (its stride). */
int rfl_bw_budget_point_runs(const struct rfl_bw_budget *b, size_t i, size_t j);
/* Before a point of curve i (working set j): marks its start. */
void rfl_bw_budget_point_begin(struct rfl_bw_budget *b, double now);
/* After a verified point of curve i at working set j: its best rate and
 * spread, and the time now. Returns 0 to go on with the curve, 1 to end the
 * curve (its plateau held, or its range ended), 2 to end the sweep (the
 * next point would not fit the budget). When the rest no longer fits, the
 * curve's next points get the settings of a further ladder step
 * (items[i].experiments, .min_time_s, .stride). */
int rfl_bw_budget_point_end(struct rfl_bw_budget *b, size_t i, size_t j, double gbytes_per_s, double spread,
                            double now);

/* After curve i's points (not after an interrupt or a failure): a curve
 * whose last working sets rounded to its last row ends at the sweep's end. */
void rfl_bw_budget_item_end(struct rfl_bw_budget *b, size_t i);

/* The sidecar's "budget" (rank 0): null without a budget. */
json_t *rfl_bw_budget_to_json(const struct rfl_bw_budget *b);

#endif
