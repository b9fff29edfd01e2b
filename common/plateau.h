/* The memory plateau of a bandwidth curve, found from the curve itself: one
 * rule, written once, for rfl_bandwidth (where its sweep stops or extends,
 * its budget's stop, its summary table) and for rfl ceilings (DRAM's
 * ceiling, the levels' labels). Cache sizes from hwloc or CPUID are only
 * hints: virtualized nodes report sizes that are not the real ones, and an
 * LLC with adaptive replacement keeps part of a stream resident past its
 * size, so the step from the last cache to memory is located where the
 * curve shows it.
 *
 * Confirmed: memory's points span two octaves (RFL_PLATEAU_MIN_POINTS
 * points or more, last / first >= RFL_PLATEAU_MIN_SPAN) from where memory
 * begins. A curve with no step of its own (non-temporal stores, flat
 * through the cache) begins memory past the last cache's capacity, or past
 * the run's measured transition (rfl_plateau_measured_end), the larger.
 *
 * The tail plateau: the longest run of the curve's last points that agree
 * within their noise: each point's range, from its median-sample rate to
 * its best, meets the run's own (from the median of the points' median
 * rates to the median of their best rates), give or take
 * RFL_PLATEAU_TOLERANCE. Medians, so one slow or fast point neither moves
 * the level nor, by itself, breaks a long flat run; ranges, so a noisy
 * machine's scatter counts as noise. Where it starts is the measured end of
 * the curve's last transition. It is confirmed when it holds
 * RFL_PLATEAU_MIN_POINTS points over two octaves (last / first working set
 * >= 4, less the rounding of working sets to whole vector blocks): a curve
 * still falling there is still in the transition's shoulder, where the
 * cache serves part of the data.
 *
 * Pure: no I/O; x in any unit (per thread or per job) as long as the
 * capacities use the same. */
#ifndef RFL_PLATEAU_H
#define RFL_PLATEAU_H

#include <stddef.h>

#define RFL_PLATEAU_TOLERANCE 0.03 /* agreement beyond the points' own noise */
#define RFL_PLATEAU_MIN_POINTS 3
#define RFL_PLATEAU_MIN_SPAN 3.9   /* two octaves (4 x), less working-set rounding */
/* A tail plateau that begins within this factor of the cache before the
 * last one follows that cache's step, not the last cache's: the last cache
 * and memory run at one speed (no step between them was seen). */
#define RFL_PLATEAU_INNER_FACTOR 2.5
/* A reported cache size agrees with the measured step when the step lies
 * within these factors of it (rfl_plateau_size_agrees). The step is the
 * geometric mean of the two working sets around the curve's steepest fall:
 * for a cache that lets go at its size that is within one sweep step of it
 * (sqrt(2), or 2 in --quick: from size / sqrt(2) to sqrt(2) x size), and an
 * LLC with adaptive replacement keeps part of a stream up to about twice
 * its size, so up to 2.5 x. Sizes 2 x apart are told apart at sqrt(2)
 * steps; 8 x apart (a 2-vCPU EPYC guest: sysfs 8 MiB of L3, CPUID 64 MiB)
 * always. */
#define RFL_PLATEAU_AGREE_BELOW 1.5
#define RFL_PLATEAU_AGREE_ABOVE 2.5

struct rfl_plateau {
    size_t first, last;   /* the tail plateau's first and last points; n (none) when no point was run */
    size_t points;        /* its points (those with a rate) */
    int confirmed;        /* RFL_PLATEAU_MIN_POINTS or more over RFL_PLATEAU_MIN_SPAN or more: memory's
                           * points from memory_first when it has some, else the tail plateau's */
    /* Memory: the first point that is memory's, n when none (the curve never
     * passed the last cache); its points run from there to `last`, all on
     * the tail plateau. */
    size_t memory_first;
    /* 1: a step precedes the tail plateau and lies past the inner cache: the
     * plateau is memory's own and `first` is where the last cache's
     * transition ends (even below the last cache's reported size: then that
     * size is too large). 0: no such step (the last cache and memory share
     * one plateau, or the curve never left the cache): memory begins past
     * the last cache's reported capacity. */
    int measured;
    /* Measured: where the last cache's step lies, the geometric mean of the
     * working sets on either side of the steepest fall in rate between the
     * inner cache and the plateau (the shoulder's end is `first`); 0: none. */
    double step;
    size_t best;          /* memory's best point (n: none) */
    double memory_start;  /* where memory may begin at the earliest (the llc given); 0: unknown */
};

/* Finds the tail plateau and memory's points of one curve: x ascending,
 * rate its best rate at each point (<= 0 or NaN: not run, skipped),
 * spread its time_median / time_min - 1 (NULL or <= 0: none); llc the last
 * cache's capacity in x's unit (0: unknown: the tail plateau is memory's),
 * inner the capacity of the cache before it (0: none). Takes O(m^2) time
 * for a plateau of m points; out of memory, it finds no plateau. */
void rfl_plateau_find(const double *x, const double *rate, const double *spread, size_t n, double llc, double inner,
                      struct rfl_plateau *out);

/* rfl_plateau_find for one curve of a run: memory begins past the run's
 * measured transition (`measured_end`, rfl_plateau_measured_end's largest
 * over the run's curves; 0: none) or the last cache, the larger, for a
 * curve whose own steps do not show where the last cache ends: one of
 * non-temporal stores (they bypass the cache, flat through it), or one with
 * no step of its own. A curve with its own step keeps it. The one rule
 * rfl_bandwidth's summary and rfl ceilings apply. */
void rfl_plateau_find_in_run(const double *x, const double *rate, const double *spread, size_t n, double llc,
                             double inner, int nontemporal, double measured_end, struct rfl_plateau *out);

/* Where the curve's own last transition ends (x of its tail plateau's first
 * point) when a step of its own precedes the plateau (measured), else 0.
 * The largest over a run's curves is where memory begins for the curves
 * without a step of their own: pass it (or the last cache's capacity, the
 * larger) as their `llc`. */
double rfl_plateau_measured_end(const struct rfl_plateau *p, const double *x, size_t n);

/* Where memory begins on the curve: x of memory_first; without a memory
 * point, where it would begin at the earliest (the llc given: no point of
 * the curve is memory), and 0 when that is unknown, so labels go by
 * capacity alone. */
double rfl_plateau_memory_from(const struct rfl_plateau *p, const double *x, size_t n);

/* The level a working set x belongs to: ncache (memory) at or past
 * memory_from; below it the first cache whose capacity (ascending, ncache
 * of them) holds x, and past the last cache's capacity still the last
 * cache: a point in a transition's shoulder is never memory. memory_from 0:
 * by capacity alone (past the last cache is memory). */
unsigned rfl_plateau_level_of(double x, const double *capacity, unsigned ncache, double memory_from);

/* Whether a cache of capacity `size` (x's unit) agrees with the measured
 * step (rfl_plateau.step): size / RFL_PLATEAU_AGREE_BELOW < step <=
 * RFL_PLATEAU_AGREE_ABOVE x size. */
int rfl_plateau_size_agrees(double size, double step);

/* The largest cache each of a node's `node_threads` threads has to itself: of the `nlevels`
 * levels (one instance's size, the node's instances), the largest with an instance per thread;
 * 0: none. A point's sustained rate (uneven threads, each at its own pace, summed) counts only
 * while its per-thread working set fits it, in rfl_bandwidth's summary and in the ceilings alike:
 * past it a shared cache or memory serves the threads that run while others wait at a higher
 * rate each, and the sum counts that bandwidth more than once (64 uneven threads: DRAM 297 GB/s
 * sustained, 172 synchronised, STREAM triad 169). */
double rfl_private_cache_bytes(const double *size_bytes, const unsigned *instances, unsigned nlevels,
                               long node_threads);

#endif
