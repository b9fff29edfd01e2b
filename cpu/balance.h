/* Thread balance: did every thread of a CPU sweep run at the same rate?
 *
 * Each thread's busy time of a timed sample (from the sample's start to the
 * end of its own work, before the end barrier; cpu/team.h) is kept as its
 * best over the samples of a point. Every thread does the same work, so a
 * thread's rate relative to the median thread's is the median best busy
 * time over its own. A sample lasts as long as its slowest thread: where two
 * of the CPUs share one core (a hypervisor that places two vCPUs on sibling
 * hardware threads), every compute-bound or L1-bound point runs at half
 * the rate the cores give alone, and these two threads show it.
 *
 * Why a thread was slow, the sidecar says from its on-CPU share: its CPU
 * time over its busy time in the same samples. A thread that was off its
 * CPU (another process ran there, or the hypervisor took the vCPU) shows
 * it; a thread on its CPU throughout but slower shared its core with a busy
 * hardware thread or ran at a lower clock.
 *
 * The statistic is folded over the points a program chooses (rfl_flops:
 * the SIMD kernels' compute-bound points; rfl_bandwidth: the L1 points) and
 * reported as the sidecars' `thread_balance` (docs/FORMAT.md). */
#ifndef RFL_BALANCE_H
#define RFL_BALANCE_H

#include <jansson.h>
#include <stddef.h>

/* A thread below this rate over the median thread's is slow at a point;
 * a run whose median point has its slowest thread below it is flagged. */
#define RFL_BALANCE_SLOW 0.8
/* A slow thread on its CPU for less than this share of its busy time was
 * slowed by being off it. */
#define RFL_BALANCE_ON_CPU 0.9

/* Per job thread (rank-major: rank 0's threads first). */
struct rfl_balance_thread {
    unsigned points;   /* evaluated points */
    unsigned slow;     /* of them, where it was slow */
    double log_sum;    /* sum of ln(rate over the median thread's) */
    double worst;      /* least rate over the median thread's */
    unsigned on_cpu_points; /* of the points, those with an on-CPU share */
    double on_cpu_sum;      /* sum of those shares */
};

struct rfl_balance {
    const char *points_desc;          /* which points count, for the sidecar */
    size_t nthreads;                  /* job threads (rank-major) */
    struct rfl_balance_thread *thread;
    double *ratio;                    /* per evaluated point: slowest over median */
    size_t npoints, cap;
};

/* One point's figure from the best busy seconds of its n threads (a time
 * that is not positive and finite is a thread that did not run: left out):
 * the slowest thread's rate over the median thread's (for an even count,
 * the faster of the two middle threads), and in rel[i] (may be NULL) each
 * thread's rate over the median's (NAN for those left out). NAN where fewer
 * than two threads ran. */
double rfl_balance_point_ratio(const double *busy, size_t n, double *rel);

/* Rank 0: zeroed, for `nthreads` job threads; -1 out of memory. */
int rfl_balance_init(struct rfl_balance *b, size_t nthreads, const char *points_desc);
void rfl_balance_free(struct rfl_balance *b);

/* Rank 0: folds in one point: busy[i] (i < nthreads) is job thread i's best
 * busy seconds, NAN where it did not run, and on_cpu[i] (on_cpu may be
 * NULL) the share of that sample it spent on its CPU, NAN unknown. Points
 * where fewer than two threads ran are ignored. */
void rfl_balance_add(struct rfl_balance *b, const double *busy, const double *on_cpu);

/* The run's figure: the median over points of their slowest-over-median
 * ratio (NAN without points). */
double rfl_balance_ratio(const struct rfl_balance *b);
/* Whether thread i was slow at half or more of the points it ran in. */
int rfl_balance_thread_slow(const struct rfl_balance *b, size_t i);
/* Whether the run is flagged: its ratio is below RFL_BALANCE_SLOW and some
 * thread is slow. */
int rfl_balance_flagged(const struct rfl_balance *b);

/* Rank 0: the sidecar object. labels[i] (NULL, or each may be NULL) names
 * job thread i as "rankR.tT@CPU". */
json_t *rfl_balance_to_json(const struct rfl_balance *b, char *const *labels);
/* Rank 0: one warning line on stderr when flagged. */
void rfl_balance_warn(const struct rfl_balance *b, char *const *labels);

#endif
