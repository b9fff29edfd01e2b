#include "config.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int rfl_stats_compute(double *values, size_t count, struct rfl_stats *out)
{
    memset(out, 0, sizeof *out);
    if (count == 0)
        return -1;
    qsort(values, count, sizeof *values, cmp_double);
    double sum = 0.0;
    for (size_t i = 0; i < count; i++)
        sum += values[i];
    out->count = count;
    out->min = values[0];
    out->max = values[count - 1];
    out->mean = sum / (double)count;
    out->median = count % 2 ? values[count / 2]
                            : 0.5 * (values[count / 2 - 1] + values[count / 2]);
    return 0;
}
