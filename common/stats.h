/* Summary statistics of repeated samples. */
#ifndef RFL_STATS_H
#define RFL_STATS_H

#include <stddef.h>

struct rfl_stats {
    size_t count;
    double min, median, max, mean;
};

/* Sorts `values` in place. The median of an even count is the mean of the
 * two middle values. Returns -1 (and leaves *out zeroed) when count is 0. */
int rfl_stats_compute(double *values, size_t count, struct rfl_stats *out);

#endif
