/* rfl_bandwidth's plan of curves and working sets, and how it keeps to a
 * time budget (--time-budget SECONDS): what it measures, in which order and
 * how thoroughly, decided from the budget and from what the points measured
 * so far cost; and where each curve of the default range ends: once its
 * memory plateau is confirmed (common/plateau.h), which may be past the
 * default end (the range extended, bounded by the memory limit).
 *
 * - Curves (kernel x precision x ISA) in two tiers: the first precision
 *   asked for (fp64 by default) of every kernel over every working set,
 *   then the other precision up to the last-level cache only: past it
 *   bytes are bytes, and its curve could not differ.
 * - A first-tier curve stops once its memory plateau is confirmed: its
 *   tail plateau (common/plateau.h) spans two octaves past the LLC hint
 *   (the larger of hwloc's and CPUID's sizes), instead of sweeping on to 8 x
 *   the hint; without a budget it runs the whole default range first.
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
 * With or without one, a default range (no --wss) is extendable
 * (rfl_bw_budget_extend): a first-tier curve whose memory plateau is not
 * confirmed at the default end goes on, working set by working set (sqrt(2)
 * steps), until it is, or until the memory limit; within a budget only while
 * the next point and the curves after it still fit.
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

#define RFL_BW_MAX_ITEMS (RFL_NISA * RFL_NPRECISION * RFL_BW_NKERNELS + 1) /* + the remote curve */
#define RFL_BW_GRID_FINE_FROM 2.0 /* past this many times the LLC the grid steps by sqrt(2) */
#define RFL_BW_LADDER 7

/* How a curve ended. */
enum rfl_bw_end {
    RFL_BW_END_SWEEP,    /* at the end of the range (a default range: its memory plateau confirmed there) */
    RFL_BW_END_PLATEAU,  /* its memory plateau confirmed (within a budget before the default end, or past it) */
    RFL_BW_END_LLC,      /* a second-tier curve, at the last-level cache */
    RFL_BW_END_BUDGET,   /* the budget was spent */
    RFL_BW_END_DROPPED,  /* not measured: the budget left no time for it */
    RFL_BW_END_NONE,     /* not reached (interrupted, or a failure) */
    RFL_BW_END_MEMORY,   /* the extension reached the memory limit, its memory plateau not confirmed */
    RFL_BW_END_UNAVAILABLE /* the remote curve could not run: no local memory plateau, or pages that did not move */
};
extern const char *const rfl_bw_end_names[];

struct rfl_bw_item {
    int isa, prec, kid, tier;
    int remote;            /* tier 3: every thread's memory on another NUMA domain (rfl_bw_budget_add_remote) */
    size_t first;          /* index of the first working set it may run (0 but for the remote curve) */
    size_t last;           /* index of the last working set it may run */
    /* what happened */
    int end;               /* enum rfl_bw_end */
    unsigned experiments;
    double min_time_s;
    unsigned stride;       /* every stride-th working set (and the last); 1: all */
    size_t rows;
    uint64_t last_wss;     /* job bytes of its last row */
    uint64_t plateau_from; /* where the two octaves that confirmed its memory plateau begin (job bytes) */
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
    size_t default_last;         /* the default range's last working set; past it, the extension */
    int extendable;              /* a default range (rfl_bw_budget_extend) */
    uint64_t job_threads;
    double llc_thread;           /* per-thread share of the LLC hint (hwloc or CPUID, the larger); 0: unknown */
    double measured_end;         /* per thread: where the curves so far saw their last transition end (memory.h) */
    uint64_t dram_check;         /* job bytes the run's first curve reaches before it may end (0: none) */
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

/* Whether a curve's memory plateau is confirmed at its last point (per-
 * thread bytes x, ascending, n of them; rate: the best, 0 for a point not
 * run; spread: time_median / time_min - 1): its last two octaves lie past
 * `llc` (the LLC hint, or where the curves before it saw their last
 * transition end, the larger; <= 0: never: a flat cache plateau could pass
 * for memory's) and are a confirmed tail plateau (common/plateau.h).
 * *from: the plateau's first point (x), when it is. */
int rfl_bw_plateau_reached(const double *x, const double *rate, const double *spread, size_t n, double llc,
                           double *from);

/* The plan. clock: started when the program began (total 0: no budget). wss: the working sets (kept, not
 * copied). kernels, precisions, isas: bitmasks of what to run; supported:
 * whether an ISA x precision x kernel has code. 0, or -1 out of memory. */
int rfl_bw_budget_init(struct rfl_bw_budget *b, const struct rfl_budget *clock, unsigned e0, double mt0, const uint64_t *wss,
                       size_t npoints, uint64_t job_threads, double llc_thread, unsigned kernels, unsigned precisions,
                       unsigned isas, int (*supported)(int isa, int prec, int kid));
void rfl_bw_budget_free(struct rfl_bw_budget *b);
/* The working sets past `default_last` are the default range's extension:
 * first-tier curves go into them only while their memory plateau is not
 * confirmed. Without this call the range ends at its last working set. */
void rfl_bw_budget_extend(struct rfl_bw_budget *b, size_t default_last);

/* The remote curve, last of all (tier 3): kernel kid of isa x prec with
 * every thread's memory on another NUMA domain, over the working sets its
 * local twin's memory plateau holds: planned from 2 x the LLC hint to the
 * default range's end, set when it begins (rfl_bw_budget_remote_range).
 * Returns its index, or -1 (no room). */
int rfl_bw_budget_add_remote(struct rfl_bw_budget *b, int isa, int prec, int kid);
void rfl_bw_budget_remote_range(struct rfl_bw_budget *b, size_t i, size_t first, size_t last);

/* Before curve i, at budget clock `now` (rank 0's, broadcast): whether to
 * measure it, and with which experiments and minimum sample time. */
int rfl_bw_budget_item_begin(struct rfl_bw_budget *b, size_t i, double now, unsigned *experiments, double *min_time_s);
/* Whether curve i runs working set j (its stride). */
int rfl_bw_budget_point_runs(const struct rfl_bw_budget *b, size_t i, size_t j);
/* Before a point of curve i (working set j): marks its start. */
void rfl_bw_budget_point_begin(struct rfl_bw_budget *b, double now);
/* After a verified point of curve i at working set j: its best rate and
 * spread, and the time now. Returns 0 to go on with the curve, 1 to end the
 * curve (its memory plateau confirmed, its range ended, or no time left to
 * extend it), 2 to end the sweep (the next point would not fit the budget). When the rest no longer fits, the
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
