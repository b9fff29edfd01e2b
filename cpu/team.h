/* The team of a CPU sweep: MPI ranks x OpenMP threads.  How many threads a
 * rank runs and where they are pinned, the synchronisation around every
 * timed sample (Lo et al., Fig. 1: barriers around each sample, rank 0's
 * master reads the clock), the cost of that synchronisation, and the
 * placement record every sidecar carries.  Shared by rfl_bandwidth and
 * rfl_flops. */
#ifndef RFL_TEAM_H
#define RFL_TEAM_H

#include <jansson.h>

#include "topo.h"
#include "common/hosts.h"

/* One thread's busy time (from the sample's start to the end of its own
 * work), its best since rfl_team_busy_begin, and the share of that best
 * sample the thread spent on its CPU (its CPU time over its busy time);
 * a cache line each. */
struct rfl_team_busy {
    double best, best_on_cpu;
    double cpu0; /* the thread's CPU clock at the sample's start */
    int on;
    char pad[64 - 3 * sizeof(double) - sizeof(int)];
};

struct rfl_team {
    int ranks, threads, node_threads;
    unsigned rank_cores;  /* the cores this rank's threads run on (`use`) */
    int bind;             /* rfl pins the threads (OMP_PROC_BIND is unset) */
    hwloc_bitmap_t use;   /* the PUs of those cores: its fair share (cpu/layout.h) or the launcher's binding */
    char source[64];      /* where `use` came from: "fair share", "launcher", "widened", ... */
    char rule[64];        /* how the node was shared (rfl_layout_describe_rule) */
    int narrow;           /* the launcher bound this rank to fewer cores than its share, which others use */
    char (*binding)[96];  /* per thread: the PU it ran on and its mask */
    double t0, elapsed;   /* the sample in progress (master thread) */
    double own_elapsed;   /* the last sample on this rank alone: its threads' end, before the MPI barrier */
    double slow_factor;   /* RFL_TEST_SLOW_RANK's factor on this rank (testing only; 1: none) */
    char (*hosts)[RFL_HOST_LEN]; /* rank 0: every rank's host (common/hosts.h); NULL elsewhere */
    int hosts_from_test;  /* the hosts came from RFL_TEST_HOSTS */
    int interrupted;      /* rank 0 had a signal by the end of the last sample */
    double omp_barrier_us, mpi_barrier_us, sample_overhead_us;
    struct rfl_team_busy *busy; /* per thread */
    double *busy_send;          /* 2 x threads: rfl_team_busy_gather's */
    double *busy_all;           /* rank 0: ranks x threads, the busy times it gathers */
    double *on_cpu_all;         /* rank 0: ranks x threads, the on-CPU shares */
    int slow_test_tid;          /* RFL_TEST_SLOW_THREAD (test only), else -1 */
    double *window_rate;        /* threads x RFL_TEAM_MAX_WINDOWS: each thread's work per second in each part
                                 * of the last sustained window */
    double sustained, sustained_median; /* its best and median part, the job's (every thread reads them) */
    int uneven;                 /* rfl_team_uneven's answer (every thread reads it) */
};

/* The CPU programs' --help on it (the start of their epilog). */
#define RFL_TEAM_HELP                                                                                                  \
    "Each rank's threads take its fair share of the node's cores (the node's cores divided among the ranks on "   \
    "it, one rank per NUMA domain when the counts match), one thread per core, pinned with hwloc unless "          \
    "OMP_PROC_BIND is set. A rank that an MPI launcher bound to fewer cores widens to its share when those cores " \
    "are idle, else it says the launcher options that give it. Where the threads ran unevenly, a point also gets " \
    "the rate they sustain at their own pace. Testing only: RFL_TEST_BUSY_CPUS=LIST makes exactly those CPUs "     \
    "read busy when a rank decides.\n"

/* Where each rank's threads run: its fair share of the node's cores
 * (cpu/layout.h: the node's cores divided among the ranks on it, one rank
 * per NUMA domain when the counts match). A launcher's binding at least as
 * wide as the share and not shared with another rank is kept (the user
 * chose it); ranks that share one binding (none, or a socket) take their
 * shares inside it; a rank an MPI launcher bound to fewer cores widens to
 * its share when no other process uses those cores, else it keeps the
 * binding and rank 0 says in one line the launcher options that would give
 * the share. OMP_PROC_BIND leaves the binding to OpenMP. Threads per rank:
 * `requested`, else OMP_NUM_THREADS, else the fewest cores any rank got
 * (one thread per core: SMT siblings share the pipes). Warns when the node
 * is oversubscribed. Every rank's host on rank 0 and the test-only
 * RFL_TEST_SLOW_RANK (common/hosts.h). Collective. Returns 0, or an exit
 * code: RFL_EXIT_USAGE for a malformed test setting (one line printed),
 * RFL_EXIT_FAILURE out of memory. */
int rfl_team_plan(struct rfl_team *team, const struct rfl_topo *topo, unsigned requested);
/* This node's topology (rfl_topo_load) into *topo, then rfl_team_plan on
 * it: 0, RFL_EXIT_FAILURE (no topology) or rfl_team_plan's code. */
int rfl_team_load(struct rfl_team *team, struct rfl_topo *topo, unsigned requested);
void rfl_team_free(struct rfl_team *team);

/* Every thread, first thing in the parallel region: pins itself to its
 * core (when rfl binds) and records where it runs. */
void rfl_team_enter(struct rfl_team *team, const struct rfl_topo *topo, int tid);
/* The master after the region: the calling thread gets back the CPUs it
 * came with, or the next run in this process would see one core. */
void rfl_team_leave(const struct rfl_team *team, const struct rfl_topo *topo);

/* Every thread of every rank calls both, around the work of one sample:
 * all start together and the sample ends when the slowest thread of the
 * slowest rank ends. The elapsed seconds (rank 0's clock, broadcast, so
 * every rank decides alike) are returned to every thread, and with them
 * team->own_elapsed, this rank's own time (its slowest thread), and
 * team->interrupted, rank 0's rfl_interrupted(): a sweep leaves its sample
 * loops when it is set (every thread and rank alike) and drops the point. */
void rfl_team_sample_begin(struct rfl_team *team);
double rfl_team_sample_end(struct rfl_team *team);

/* Collective (masters): min, median and max of this rank's own sample
 * times `own` (team->own_elapsed of each), every rank's three on rank 0
 * (NULL elsewhere; the caller frees). */
double *rfl_team_rank_stats(const double *own, unsigned experiments);
/* Every thread, around the samples whose busy times count (cpu/balance.h):
 * between the two, rfl_team_sample_end reads the clock once on each thread
 * before its end barrier and keeps the thread's least busy time. Test only:
 * with RFL_TEST_SLOW_THREAD=K, thread K of every rank then counts
 * RFL_TEST_SLOW_THREAD_FACTOR times its busy time and sleeps until then
 * (asleep: it takes no CPU from the others; its on-CPU share is about one
 * over the factor). Four, not the two of a thread that shares its core:
 * on a machine running two tests at once another program's thread pinned
 * to the other thread's CPU slows that one by two (distcheck read 0.87 for
 * a planted 0.5). */
#define RFL_TEST_SLOW_THREAD_FACTOR 4
void rfl_team_busy_begin(struct rfl_team *team);
void rfl_team_busy_end(struct rfl_team *team);
/* The master of every rank (collective), after the samples: returns on
 * rank 0 (NULL elsewhere) ranks x threads values, rank-major: each thread's
 * best busy seconds, NAN for threads at or beyond `active` or with no
 * sample; and in *on_cpu (may be NULL) the same threads' share of that
 * sample on their CPU (NAN unknown). Valid until the next call. */
const double *rfl_team_busy_gather(const struct rfl_team *team, unsigned active, const double **on_cpu);
/* Sustained rates (issue 26): where a point's threads ran unevenly (a
 * hypervisor that puts two vCPUs on one core for a while, then others), a
 * synchronised sample waits for the slowest thread and reads what a
 * bulk-synchronous code sees at that moment; repeated runs then disagree by
 * up to 2x. The sustained figure lets every thread work at its own pace for
 * a window: each thread repeats the point's sample for at least `window_s`
 * of its own time, all together, with no barrier between repetitions, and
 * the job's rate is the sum of each thread's work over its own time. Every
 * thread is busy throughout, so shared resources (L3, DRAM) see the whole
 * team; a thread slowed for part of the window counts for the part it ran.
 *
 * rfl_team_uneven: every thread of every rank, after rfl_team_busy_end:
 * whether the point's slowest thread (best busy time) ran below
 * RFL_BALANCE_SLOW x the median thread's rate; the same answer everywhere
 * (also in team->uneven). Collective.
 * rfl_team_sustained: every thread: rep(ctx) does one repetition of `work`
 * units (bytes, flops) on this thread and returns the seconds of it not to
 * count (a refill of the arrays); threads at or beyond `active` pass NULL
 * and only take part in the barriers. The window is timed as `parts`
 * consecutive parts (at most RFL_TEAM_MAX_WINDOWS), each thread going from
 * one to the next without waiting, so its spread is known: the job's rate
 * of each part is the sum over threads. Returns the best part's units per
 * second on every thread (also team->sustained; the median part's in
 * team->sustained_median). Collective. */
#define RFL_TEAM_MAX_WINDOWS 16
int rfl_team_uneven(struct rfl_team *team, unsigned active);
double rfl_team_sustained(struct rfl_team *team, double window_s, unsigned parts, double (*rep)(void *ctx), void *ctx,
                          double work);

/* Collective (after the region): on rank 0, ranks x threads names
 * "rankR.tT@CPU" (rank-major; CPU: where the thread ran, "?" unknown),
 * freed with rfl_team_labels_free; NULL on other ranks. */
char **rfl_team_thread_labels(const struct rfl_team *team);
void rfl_team_labels_free(const struct rfl_team *team, char **labels);

/* Every thread: the cost of an OpenMP barrier, an MPI barrier and an empty
 * sample, each the mean of `reps` (best of three). */
void rfl_team_measure_barriers(struct rfl_team *team, int reps);

/* Collective (after the region): on rank 0 adds ranks, threads_per_rank,
 * rank_placement, binding {source, threads[]}, layout {node, rule, ranks[]:
 * each rank's CPUs, cores, NUMA domains, packages and where they came from}
 * and barrier_overhead to `meta`; other ranks pass NULL. */
void rfl_team_describe(const struct rfl_team *team, const struct rfl_topo *topo, json_t *meta);

#endif
