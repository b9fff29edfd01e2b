/* Which of the run's threads share FMA units (SMT siblings), so that the
 * peak counts the FMA units that exist.
 *
 * hwloc says where the machine shows it (the PUs of one core). A
 * hypervisor may present every vCPU as a core of its own while two of them
 * are hardware threads of one physical core; then a thread-scaling probe
 * tells: two threads pinned to two of the run's CPUs run the sweep's SIMD
 * FMA kernel (fp64, FPE 256, in L1, verified) together, and the pair ratio
 * (their combined rate over the mean of each one's rate alone) is near 2 on
 * two cores and near 1 on siblings, which split one core's FMA units. Each
 * rate is over the thread's own CPU time: another process that takes one
 * of the CPUs for a while (a shared machine) does not halve it, a sibling
 * that shares the FMA units does.
 *
 * Which pairs: on each node, the first CPU against every other one (n - 1
 * tests) finds its siblings and with them the layout's offsets (+1 where
 * siblings are adjacent, +n/2 in the "halves" layout Linux and most
 * hypervisors number them in, or any other); each CPU not yet placed is
 * then tested only against itself plus those offsets. That is O(n) tests
 * whatever the layout, verified pair by pair rather than assumed, where
 * testing only the two common layouts ((0,1),(2,3)... and (0,n/2)...) would
 * cost as much and miss any other. A pair that looks shared is measured
 * again, so one preempted sample does not make two cores one. */
#ifndef RFL_FL_SMT_PROBE_H
#define RFL_FL_SMT_PROBE_H

#include <stddef.h>

#include <jansson.h>

#include "kernels.h"
#include "cpu/team.h"
#include "cpu/topo.h"

enum rfl_fl_smt_mode { RFL_FL_SMT_AUTO, RFL_FL_SMT_ON, RFL_FL_SMT_OFF, RFL_FL_NSMT_MODE };
extern const char *const rfl_fl_smt_mode_names[RFL_FL_NSMT_MODE + 1]; /* "auto", "on", "off" */

/* A pair ratio below this is two threads sharing FMA units: the geometric
 * middle of 1 (shared) and 2 (two cores). */
#define RFL_FL_SMT_SHARED_BELOW 1.41
#define RFL_FL_SMT_MAX_OFFSETS 8

/* The pair ratio of the CPUs at positions a < b of one node's list (NaN:
 * not measured, taken as not shared). */
typedef double (*rfl_fl_pair_ratio_fn)(void *ctx, size_t a, size_t b);

int rfl_fl_smt_shared(double pair_ratio);

/* Groups n CPUs (positions 0..n-1 of one node, in CPU number order) into
 * sets that share FMA units, asking `ratio` for the pairs described above.
 * group[i] gets the set of CPU i (0, 1, ... in order of first CPU); returns
 * the number of sets and, in *tests, the pairs asked for. */
size_t rfl_fl_smt_group(size_t n, rfl_fl_pair_ratio_fn ratio, void *ctx, int *group, size_t *tests);

struct rfl_fl_smt_layout;

/* What the run found: in the plan, filled by rfl_fl_smt_probe. */
struct rfl_fl_smt {
    int mode;                /* enum rfl_fl_smt_mode (--smt-probe) */
    double sample_s;         /* one probe sample */
    double elapsed_s;        /* what finding the threads' places and the probe took (rank 0's clock) */
    const char *source;      /* "hwloc", "probe" or "none" (threads not pinned to one CPU each) */
    char reason[240];        /* why that source, in a sentence */
    int hypervisor;          /* CPUID says this runs under a hypervisor */
    int ran, verified;       /* the probe ran; its arrays matched the closed form */
    unsigned logical;        /* distinct CPUs the job's threads run on (0: unknown) */
    unsigned physical;       /* sets of FMA units among them (0: unknown) */
    unsigned hwloc_physical; /* hwloc's cores among them */
    size_t pairs;            /* pair tests the probe ran */
    double ratio_shared, ratio_separate; /* median pair ratio of the pairs found sharing, and of the others (NaN: none) */
    int ranks, threads;      /* the job's shape */
    int *group;              /* per job thread (rank r, thread t at r x threads + t): its set, job-wide; NULL: unknown */
    /* scratch of the parallel region */
    struct rfl_fl_smt_layout *layout; /* where every job thread runs (smt_probe.c) */
    int probing;             /* the master's decision, for every thread */
    int *pu, *core;          /* this rank's threads: the one CPU each is bound to (-1: several), its hwloc core */
    long long *bad;          /* this rank's threads: wrong values after the probe */
    double *cpu_s;           /* this rank's threads: CPU seconds of their last probe sample */
    double rate;             /* the last sample's rate, for every thread */
    double forced_ratio;     /* tests only: RFL_TEST_SMT_PAIR_RATIO replaces every measured pair ratio (0: none) */
    int stop, stop_status;
};


/* Before the parallel region: the mode, the sample length (shorter with
 * --quick) and the scratch for `threads` threads a rank. 0, or -1 out of memory. */
int rfl_fl_smt_init(struct rfl_fl_smt *s, int mode, int quick, int ranks, int threads);

/* Every thread of every rank, inside the sweep's parallel region after
 * rfl_team_enter: records where the threads run, counts their sets of FMA
 * units from hwloc and, where the mode asks for it, runs the probe (the
 * simd kernel of `isa`, else ref) in the team's samples on the thread's
 * region `base` (at least 8 KiB). Collective. */
void rfl_fl_smt_probe(struct rfl_fl_smt *s, struct rfl_team *team, const struct rfl_topo *topo, enum rfl_fl_isa isa,
                      int tid, void *base);

/* Sets of FMA units the job's threads 0..active-1 of every rank run on; -1
 * when unknown (the same on every rank). */
long long rfl_fl_smt_units(const struct rfl_fl_smt *s, unsigned active);

/* The sidecar's "fma_units" object. */
json_t *rfl_fl_smt_to_json(const struct rfl_fl_smt *s);
/* Rank 0: one line on stderr when the threads share FMA units or the probe ran. */
void rfl_fl_smt_print(const struct rfl_fl_smt *s);
void rfl_fl_smt_free(struct rfl_fl_smt *s);

#endif
