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
    unsigned rank_cores;  /* this rank's share of the cores of its cpuset */
    int bind;             /* rfl pins the threads (OMP_PROC_BIND is unset) */
    unsigned bind_offset; /* core index of this rank's first thread */
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
};

/* Threads per rank: `requested`, else OMP_NUM_THREADS, else the rank's share
 * of the cores of its cpuset (ranks that share a cpuset, because the
 * launcher bound them to a socket or not at all, split its cores, and
 * one thread per core: SMT siblings share the pipes). Warns when the node
 * is oversubscribed. Every rank's host on rank 0 and the test-only
 * RFL_TEST_SLOW_RANK (common/hosts.h). Collective. Returns 0, or an exit
 * code: RFL_EXIT_USAGE for a malformed test setting (one line printed),
 * RFL_EXIT_FAILURE out of memory. */
int rfl_team_plan(struct rfl_team *team, const struct rfl_topo *topo, unsigned requested);
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
/* Collective (after the region): on rank 0, ranks x threads names
 * "rankR.tT@CPU" (rank-major; CPU: where the thread ran, "?" unknown),
 * freed with rfl_team_labels_free; NULL on other ranks. */
char **rfl_team_thread_labels(const struct rfl_team *team);
void rfl_team_labels_free(const struct rfl_team *team, char **labels);

/* Every thread: the cost of an OpenMP barrier, an MPI barrier and an empty
 * sample, each the mean of `reps` (best of three). */
void rfl_team_measure_barriers(struct rfl_team *team, int reps);

/* Collective (after the region): on rank 0 adds ranks, threads_per_rank,
 * rank_placement, binding {source, threads[]} and barrier_overhead to
 * `meta`; other ranks pass NULL. */
void rfl_team_describe(const struct rfl_team *team, json_t *meta);

#endif
