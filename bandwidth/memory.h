/* rfl_bandwidth's memory plateau: the LLC hint the sweep plans from (hwloc's
 * or CPUID's size, the larger; RFL_TEST_LLC_BYTES in tests), the working
 * sets past the default end the sweep may extend into, the points every
 * curve measured, and from them, through the one rule of common/plateau.h
 * (the same rfl ceilings applies to the CSV): the summary table by measured
 * level (its DRAM column the ceiling's answer) and the sidecar's
 * sweep.memory_plateau. */
#ifndef RFL_BW_MEMORY_H
#define RFL_BW_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "budget_plan.h"
#include "cpu/topo.h"

/* Where the last-level cache is looked for: the larger of hwloc's and
 * CPUID's sizes (size x instances), whole node; or, for tests only,
 * RFL_TEST_LLC_BYTES=SIZE in its place. */
struct rfl_bw_llc_hint {
    uint64_t bytes;       /* node bytes; 0: no cache known */
    const char *source;   /* "hwloc", "cpuid", "hwloc and cpuid" (the same size), "RFL_TEST_LLC_BYTES", "none" */
};
/* 0, or RFL_EXIT_USAGE after one line naming a malformed RFL_TEST_LLC_BYTES. */
int rfl_bw_llc_hint(const struct rfl_topo *t, struct rfl_bw_llc_hint *hint);

/* The job's capacity of one cache level: its per-thread share (size x the
 * instances the node's threads use / those threads) x the job's threads. */
double rfl_bw_job_capacity(const struct rfl_cache_level *c, int node_threads, uint64_t job_threads);

/* The default range's extension goes at most this many times the hint (at
 * least 2 GiB a node), and within the memory limit. */
#define RFL_BW_EXTENSION_FACTOR 64.0

/* Appends to the working sets (*wss, *n of them, ascending, reallocated)
 * steps of sqrt(2) past the last one up to `max`: the default range's
 * extension. 0, or -1 out of memory (*wss then freed and NULL). */
int rfl_bw_extend_grid(uint64_t **wss, size_t *n, uint64_t max);

struct rfl_bw_memory {
    size_t npoints;                       /* working sets planned */
    uint64_t job_threads;
    unsigned ncache;
    int level[RFL_TOPO_MAX_CACHE];        /* hwloc's level numbers */
    double capacity[RFL_TOPO_MAX_CACHE];  /* hwloc's per-thread share of each level */
    double *x, *rate, *spread;            /* per curve (index rfl_bw_memory_curve) x npoints; rate 0: not run */
};

/* The curve's index: ISA, precision, kernel. */
int rfl_bw_memory_curve(int isa, int prec, int kid);
/* -1 out of memory. */
int rfl_bw_memory_init(struct rfl_bw_memory *m, size_t npoints, const struct rfl_topo *t, int node_threads,
                       uint64_t job_threads);
void rfl_bw_memory_free(struct rfl_bw_memory *m);
/* What a point counts for: its best rate and spread (time_median /
 * time_min - 1), or, where the threads' rate at their own pace
 * (sustained[0], its median part sustained[1]; NaN: not measured) is
 * higher, that one, its spread from its median part: as rfl ceilings reads
 * the row (rfl_load_sustained), so the summary, the budget's plateau and
 * the ceiling see one curve. */
void rfl_bw_counted_rate(double rate, double spread, const double sustained[2], double *counted,
                         double *counted_spread);
/* Whether a point's sustained rate may count at all: its per-thread working set fits the
 * largest cache each of the node's threads has to itself (common/plateau.h). */
int rfl_bw_sustained_counts(const struct rfl_topo *topo, unsigned node_threads, uint64_t wss_thread);
/* A verified point of a curve at working set j: per-thread bytes, and its
 * rate and spread as rfl_bw_counted_rate counts them. */
void rfl_bw_memory_add(struct rfl_bw_memory *m, int curve, size_t j, double x_thread, double rate, double spread);

/* Where the curves' own last transitions ended, the largest (per thread;
 * 0: no curve shows a step of its own): where memory begins for a curve
 * with no step of its own, in the summary, the ceiling and the budget's stop. */
double rfl_bw_memory_measured_end(const struct rfl_bw_memory *m);

/* The working sets (indexes) of a curve's memory points: where memory
 * begins on its tail plateau to its last point. 0, or -1 when the curve
 * reached no memory point (rfl_bandwidth's remote curve then has none). */
int rfl_bw_memory_range(const struct rfl_bw_memory *m, int curve, size_t *first, size_t *last);

/* The summary table on stderr (rank 0): each curve's best rate per level,
 * the levels as the measured transitions cut them (no point of a
 * transition's shoulder is DRAM; the DRAM column is the best rate on the
 * memory plateau, '*' where it is not confirmed), and a line on the last
 * transition against the cache sizes. */
void rfl_bw_memory_print(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb, const struct rfl_topo *t,
                         const struct rfl_bw_llc_hint *hint);
/* A warning per first-tier curve that reached memory without confirming
 * its plateau, saying what stopped it (the memory limit, the budget, the
 * --wss range): before the commit, so the sidecar's warnings keep them. */
void rfl_bw_memory_warn(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb);
/* The per-thread share of the LLC hint: where a curve's memory plateau must
 * reach before it may stop the curve (budget_plan.h). */
double rfl_bw_llc_hint_thread(const struct rfl_bw_llc_hint *hint, const struct rfl_topo *t, int node_threads);

/* The sidecar's sweep.memory_plateau. */
json_t *rfl_bw_memory_to_json(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb,
                              const struct rfl_bw_llc_hint *hint, uint64_t default_end, uint64_t extension_end);

#endif
