/* What the threads of rfl_flops's parallel region measure together: the
 * core clock of a thread count (every active thread at once, folded over
 * the job), the peak at that clock, and the timed samples of one point.
 * rfl_fl_measure_clock and rfl_fl_time_point hold OpenMP and MPI barriers:
 * every thread of the region calls them. */
#ifndef RFL_FL_SAMPLE_H
#define RFL_FL_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"
#include "verify.h"

#define RFL_FL_MAX_EXPERIMENTS 1000 /* the most --experiments takes (cli.c) */
#define RFL_FL_CLOCK_SECONDS 0.0005 /* short runs, many: their median ignores a preempted minority */
#define RFL_FL_CLOCK_REPS 20

/* The clock and peak of one thread count. */
struct rfl_fl_clock_group {
    unsigned threads;       /* per rank */
    long long cores_used;   /* job-wide */
    double ghz_mean, ghz_min, ghz_max, integer_ghz_mean;
    char *per_thread;       /* rank 0: "rankR.tT=GHz" of every thread, joined by spaces */
};

/* The clock of each thread count of the run, and once more at its end. */
struct rfl_fl_clocks {
    struct rfl_fl_clock_group groups[RFL_FL_MAX_THREAD_COUNTS];
    size_t ngroups;                 /* thread counts measured so far */
    struct rfl_fl_clock_group end;  /* every thread busy after the last row; threads 0: not measured */
};

/* The clock of the last thread count measured (the first group if none). */
const struct rfl_fl_clock_group *rfl_fl_clocks_top(const struct rfl_fl_clocks *c);
void rfl_fl_clocks_free(struct rfl_fl_clocks *c);

/* Shared between the threads of the region; written by the master thread. */
struct rfl_fl_shared {
    int stop;
    int go, end_sweep;                /* the budget's decisions (budget_plan.h) */
    double clock_start;               /* budget clock when the clock measurement began */
    struct rfl_fl_mismatch *mismatch; /* one per thread */
    double *ghz, *integer_ghz;        /* one per thread */
    double ghz_before;                /* the clock before the current row */
};

/* One point of the sweep: a configuration at a thread count, a working set
 * and an FPE value, and what its samples took. */
struct rfl_fl_point {
    size_t config_index;             /* in the plan's configs */
    unsigned active;                 /* threads per rank that run the kernel */
    uint64_t job_threads;            /* active threads of all ranks */
    int node_threads;                /* active threads of this node */
    size_t n;                        /* elements per thread */
    unsigned fpe;
    uint64_t trials;                 /* per timed sample */
    uint64_t applied;                /* trials since the fill, for the check */
    double times[RFL_FL_MAX_EXPERIMENTS]; /* seconds, one per experiment */
    double own[RFL_FL_MAX_EXPERIMENTS];   /* this rank's own seconds (cpu/team.h) */
    double sustained_gflops;         /* where its threads ran unevenly, the job's sustained rate: the best */
    double sustained_median_gflops;  /* and the median part of its window (cpu/team.h); else NAN */
};

/* The clock of every active thread's core, all measured at once; the
 * master folds them into `g` (job-wide: every rank's threads count). */
void rfl_fl_measure_clock(const struct rfl_fl_plan *p, struct rfl_fl_shared *sh, int tid, unsigned active,
                          struct rfl_fl_clock_group *g);

/* Times pt's samples of `fn` on `w` (NULL on threads beyond the active
 * count: they only take part in the barriers): trials double until a sample
 * lasts p->min_time_s, then p->experiments samples; where the threads ran
 * unevenly, a sustained window as long as those samples (cpu/team.h); and
 * one trial more if needed so the check follows an odd count. Fills
 * pt->trials, pt->applied, pt->times and pt->sustained_gflops; leaves early, the point incomplete, when p->team.interrupted
 * is set (a signal: see cpu/team.h). */
void rfl_fl_time_point(struct rfl_fl_plan *p, rfl_fl_fn fn, struct rfl_fl_work *w, struct rfl_fl_point *pt);

/* cores_used x the clock x flops per cycle of code of this width and FMA. */
double rfl_fl_peak_gflops(const struct rfl_fl_plan *p, const struct rfl_fl_clock_group *g, unsigned vector_bytes,
                          int fma, enum rfl_precision prec);

#endif
