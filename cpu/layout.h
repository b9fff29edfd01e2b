/* The layout of a CPU job on a node: which cores each MPI rank's threads
 * use (Lo et al., Section 4.1: one rank per NUMA domain, its threads
 * filling that domain's cores), and what each MPI launcher is told to give
 * that layout.  The planner works on any hwloc topology, so `make check`
 * plans real 1-, 2- and 4-domain nodes from synthetic descriptions.
 *
 * The rule: the node's cores (physical cores, not hardware threads, in
 * hwloc's order, which keeps a NUMA domain's cores together) are divided
 * among the ranks on the node, every rank getting the same number:
 * - ranks a multiple of the NUMA domains: k ranks to a domain, each a
 *   contiguous part of it (k = 1: one rank per domain);
 * - NUMA domains a multiple of the ranks: whole domains to each rank;
 * - else packages likewise (one rank per socket);
 * - else contiguous runs of cores over the node;
 * - more ranks than cores: one core each, wrapping (oversubscribed).
 * The cores a rank gets beyond the common count (domains of unequal size)
 * stay unused, so every rank runs as many threads as the others. */
#ifndef RFL_LAYOUT_H
#define RFL_LAYOUT_H

#include <stddef.h>

#include <hwloc.h>

enum rfl_layout_rule {
    RFL_LAYOUT_DOMAINS,   /* k ranks to each NUMA domain (k >= 1) */
    RFL_LAYOUT_DOMAIN_GROUPS, /* several whole NUMA domains to each rank */
    RFL_LAYOUT_PACKAGES,  /* whole packages (sockets) to each rank, or k to a package */
    RFL_LAYOUT_CONTIGUOUS,/* contiguous runs of cores */
    RFL_LAYOUT_WRAP       /* more ranks than cores */
};
extern const char *const rfl_layout_rule_names[];

/* One rank's share of its node. */
struct rfl_layout_share {
    hwloc_bitmap_t cpuset;   /* every PU of the share's cores */
    unsigned cores;          /* how many cores (the threads a rank runs by default) */
    unsigned per_domain;     /* ranks sharing each NUMA domain (RFL_LAYOUT_DOMAINS, 2 or more domains), else 0 */
    unsigned nranks;         /* ranks on the node */
    enum rfl_layout_rule rule;
    char cpus[256];          /* the PUs, as a list ("0-7") */
    char numa[64];           /* NUMA domains it touches (OS indexes, "0" or "0-1"; "" none known) */
    char packages[64];       /* packages likewise */
};

/* What the node is: its cores (those with a PU in `node_set`, the cgroup's
 * allowed set), NUMA domains and packages holding any of them. */
struct rfl_layout_node {
    unsigned cores, domains, packages, pus;
};
void rfl_layout_node_read(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, struct rfl_layout_node *node);

/* This machine's node (hwloc's topology of it, its allowed set) and, when
 * `share` is not NULL, the share of the first of `nranks` ranks on it
 * (every rank's is as large): rfl run's view. 0, or -1 (hwloc failed, or no
 * core); free the share with rfl_layout_share_free. */
int rfl_layout_plan_here(unsigned nranks, struct rfl_layout_node *node, struct rfl_layout_share *share);

/* Rank `index` of `nranks` on the node (nranks >= 1): its share. 0, or -1
 * (no core in node_set, or out of memory). Free with rfl_layout_share_free. */
int rfl_layout_plan(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, unsigned nranks, unsigned index,
                    struct rfl_layout_share *share);
void rfl_layout_share_free(struct rfl_layout_share *share);
/* "one rank per NUMA domain", "2 ranks per NUMA domain", ... for the sidecar and the report. */
void rfl_layout_describe_rule(const struct rfl_layout_share *share, char *buf, size_t len);

/* The NUMA domains and packages `set` touches, as OS-index lists ("" none known). */
void rfl_layout_where(hwloc_topology_t topo, hwloc_const_cpuset_t set, char *numa, size_t numa_len, char *packages,
                      size_t packages_len);
/* The CPUs of `check` that spent more than half of a `window_s` window on
 * work (/proc/stat), into `busy`; returns how many, or -1 when it cannot
 * tell. Testing only: RFL_TEST_BUSY_CPUS=LIST makes exactly those read busy. */
int rfl_layout_busy_cpus(hwloc_const_cpuset_t check, hwloc_bitmap_t busy, double window_s);

/* The NUMA domain after the one that holds `where` (a thread's CPUs),
 * among the domains with a CPU in `node_set`, wrapping: where a thread's
 * memory goes to be remote (rfl_bandwidth --memory remote). Its nodeset
 * into `remote`; returns its OS index, or -1 on a node of one domain (or
 * `where` in none). */
int rfl_layout_remote_domain(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, hwloc_const_cpuset_t where,
                             hwloc_nodeset_t remote);

/* MPI launchers: how one is recognised and what makes it bind each rank to
 * `cores` consecutive cores (`per_domain` > 0: that many ranks to each NUMA
 * domain of the node), one table for rfl run and for the programs' advice. */
enum rfl_launcher_kind {
    RFL_LAUNCHER_OPEN_MPI,
    RFL_LAUNCHER_MPICH,     /* MPICH's Hydra mpiexec, and its derivatives but Intel's */
    RFL_LAUNCHER_INTEL_MPI,
    RFL_LAUNCHER_SLURM,     /* srun */
    RFL_LAUNCHER_UNKNOWN
};
extern const char *const rfl_launcher_kind_names[];
/* From a launcher's `--version` output. */
enum rfl_launcher_kind rfl_launcher_kind_of_version(const char *text);
/* The launcher that started this process, from its environment (UNKNOWN: none known). */
enum rfl_launcher_kind rfl_launcher_kind_of_env(void);
/* The words that bind each rank to `cores` consecutive cores, into buf
 * (each '\0'-terminated) and words; returns their count (0: the kind has
 * none, or they do not fit). */
size_t rfl_launcher_binding_words(enum rfl_launcher_kind kind, unsigned cores, unsigned per_domain, char *buf,
                                  size_t len, char **words, size_t max);

#endif
