/* Memory levels from a bandwidth sweep: find the plateaus of the curve
 * (bandwidth against working set) and name each by the cache whose
 * capacity holds most of its points.  Names come from the topology, never
 * from counting plateaus: a plateau that covers two caches (no visible step
 * between them) is shared by both, a plateau that holds no level's majority
 * names nothing, and a cache without a plateau gets no ceiling. */
#ifndef RFL_CEILINGS_LEVELS_H
#define RFL_CEILINGS_LEVELS_H

#include <stddef.h>

#include "common/plateau.h"

#define RFL_LEVELS_MAX_CACHE 6  /* cache levels; DRAM is one more */
#define RFL_LEVELS_MAX_SEG 16
/* The most points of one curve or series (docs/FORMAT.md): a fit costs
 * O(n^2) time (about a second at this size), so a file with millions of
 * points in one curve is refused, naming this limit, instead of running for
 * hours. The longest sweep the programs make (--growth 1.01 from 4 KiB to
 * 1 PiB) has about 2,700. */
#define RFL_LEVELS_MAX_POINTS 8192

/* Tunables, named so the documentation and the tests can refer to them. */
#define RFL_LEVELS_MIN_STEP 1.10      /* adjacent plateaus differ by at least 10% */
#define RFL_LEVELS_MIN_SPAN 1.99      /* a plateau covers at least a doubling of the working set */
#define RFL_LEVELS_NOISE_FLOOR 0.01   /* 1%: the scatter assumed of a perfectly clean curve */
/* The GPU's device memory counts only working sets at least this many
 * times the L2: caches with adaptive replacement keep part of a stream
 * resident well past their size (a 300 MiB L3 still served a third of the
 * traffic at twice its size). The CPU's DRAM comes from the memory plateau
 * the curve itself shows (memory_from, common/plateau.h) instead. */
#define RFL_LEVELS_DRAM_FACTOR 4.0

struct rfl_levels_input {
    size_t n;
    const double *x;          /* working set per thread, bytes, ascending */
    const double *y;          /* bandwidth, > 0 */
    unsigned ncache;
    const double *capacity;   /* per-thread share of each cache level, ascending, ncache entries */
    /* CPU: where the curve's memory plateau begins (rfl_plateau_memory_from:
     * points from there on are memory's, those before it, past the last
     * cache's capacity, still that cache's: a transition's shoulder); 0: by
     * capacity alone (the GPU, or a curve that never left its caches). */
    double memory_from;
};

struct rfl_segment {
    size_t first, last;       /* point indices, inclusive */
    double median;            /* of y over the segment */
    double best;              /* the ceiling value: see rfl_levels_detect */
    size_t best_index;
    int plateau;              /* 0: a transition between plateaus */
    unsigned levels;          /* bit l: this plateau names level l (l = ncache: DRAM) */
};

struct rfl_levels {
    size_t nseg;
    struct rfl_segment seg[RFL_LEVELS_MAX_SEG];
    int owner[RFL_LEVELS_MAX_CACHE + 1]; /* segment naming each level, -1: none */
    size_t points[RFL_LEVELS_MAX_CACHE + 1]; /* sweep points inside each level's capacity range */
    double noise;             /* estimated scatter of ln(y) */
    double penalty;           /* cost of one more segment in the fit */
};

/* The level (0 .. ncache-1 a cache, ncache DRAM) of x: the cache whose
 * capacity first holds it, or DRAM from memory_from on (rfl_plateau_level_of). */
unsigned rfl_levels_of(const struct rfl_levels_input *in, double x);

/* Segments the curve, classifies plateaus and names them. A plateau's
 * `best` is its highest bandwidth, not counting its first point when a
 * transition precedes it and at least two points remain (that point still
 * has part of its data in the faster level). Returns 0, or -1 on invalid
 * input (no points, x not ascending, y not positive, too many points). */
int rfl_levels_detect(const struct rfl_levels_input *in, struct rfl_levels *out);

/* The ceiling of a level: the best bandwidth among the level's own points
 * (rfl_levels_of) on the plateau that names it, not counting the plateau's
 * first point when a segment precedes it and the plateau has three points
 * or more (that point still has part of its data in the faster level).
 * DRAM's ceiling, where memory_from is set, is the best point from there on:
 * the curve's memory plateau, in whatever segments the fit put it. Else
 * (the GPU) the best point at RFL_LEVELS_DRAM_FACTOR x the last cache or
 * beyond, when the sweep has two such points; otherwise DRAM is treated
 * like the caches.
 * Sets the index of the best point and the first and last of the level's
 * points there; returns how many there are (0: the level has no plateau). */
/* The points of a curve at or past RFL_LEVELS_DRAM_FACTOR x its last cache. */
size_t rfl_levels_dram_points(const struct rfl_levels_input *in);

size_t rfl_levels_value(const struct rfl_levels_input *in, const struct rfl_levels *lv, unsigned level, size_t *best,
                        size_t *first, size_t *last);

/* Upper edge of the plateau of a level: the geometric mean of its last
 * point and the next segment's first point; 0 when the sweep ends there or
 * the plateau names a larger level too (no edge was seen for this one). */
double rfl_levels_transition(const struct rfl_levels_input *in, const struct rfl_levels *lv, unsigned level);

#endif
