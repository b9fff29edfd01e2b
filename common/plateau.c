/* The memory plateau of a bandwidth curve (see plateau.h). */
#include "config.h"
#include "plateau.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int was_run(const double *rate, size_t k) { return rate[k] > 0 && isfinite(rate[k]); }

/* v[0..n) ascending: x inserted in place */
static void insert_sorted(double *v, size_t n, double x)
{
    size_t i = n;
    while (i > 0 && v[i - 1] > x)
        i--;
    memmove(v + i + 1, v + i, (n - i) * sizeof *v);
    v[i] = x;
}

static double median_sorted(const double *v, size_t n) { return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]); }

void rfl_plateau_find(const double *x, const double *rate, const double *spread, size_t n, double llc, double inner,
                      struct rfl_plateau *out)
{
    *out = (struct rfl_plateau){.first = n, .last = n, .memory_first = n, .best = n, .memory_start = llc > 0 ? llc : 0};
    double *bests = malloc((n ? n : 1) * sizeof *bests), *medians = malloc((n ? n : 1) * sizeof *medians);
    if (!bests || !medians) {
        free(bests);
        free(medians);
        return;
    }
    /* Backwards from the last point. Every point agrees with the run when
     * the highest median rate is at most the median best (plus the
     * tolerance) and the lowest best at least the median of the medians
     * (less it): those two extremes and the two medians suffice. */
    double low_best = INFINITY, high_median = 0;
    for (size_t k = n; k-- > 0;) {
        if (!was_run(rate, k))
            continue;
        double s = spread && spread[k] > 0 && isfinite(spread[k]) ? spread[k] : 0;
        double median = rate[k] / (1 + s);
        insert_sorted(bests, out->points, rate[k]);
        insert_sorted(medians, out->points, median);
        double lo = rate[k] < low_best ? rate[k] : low_best, hi = median > high_median ? median : high_median;
        double level_best = median_sorted(bests, out->points + 1), level_median = median_sorted(medians, out->points + 1);
        if (out->points > 0 &&
            (hi > level_best * (1 + RFL_PLATEAU_TOLERANCE) || lo * (1 + RFL_PLATEAU_TOLERANCE) < level_median))
            break;
        low_best = lo;
        high_median = hi;
        if (out->points++ == 0)
            out->last = k;
        out->first = k;
    }
    free(bests);
    free(medians);
    if (out->points == 0)
        return;
    out->confirmed = out->points >= RFL_PLATEAU_MIN_POINTS && x[out->last] >= RFL_PLATEAU_MIN_SPAN * x[out->first];

    size_t before = n; /* a point run before the plateau: a step precedes it */
    for (size_t k = out->first; k-- > 0 && before == n;)
        if (was_run(rate, k))
            before = k;
    if (llc > 0 && x[out->last] <= llc)
        return; /* the curve never left the last cache */
    if (llc <= 0 || (before < n && (inner <= 0 || x[out->first] > RFL_PLATEAU_INNER_FACTOR * inner))) {
        out->measured = before < n;
        out->memory_first = out->first;
        /* The step: the steepest fall between two consecutive points run,
         * walking down from the plateau's first point to the inner cache
         * (whose own step is not the last cache's). */
        double steepest = 1;
        size_t hi = out->first; /* the upper point of a pair */
        for (size_t lo = hi; lo-- > 0;) {
            if (!was_run(rate, lo))
                continue;
            if (inner > 0 && x[lo] < inner)
                break;
            if (rate[lo] / rate[hi] > steepest) {
                steepest = rate[lo] / rate[hi];
                out->step = sqrt(x[lo] * x[hi]);
            }
            hi = lo;
        }
    } else {
        /* No step of the last cache's own: memory begins past its capacity. */
        size_t k = out->first;
        while (k <= out->last && !(x[k] > llc && was_run(rate, k)))
            k++;
        out->memory_first = k <= out->last ? k : n;
    }
    size_t memory_points = 0;
    for (size_t k = out->memory_first; k <= out->last && out->memory_first < n; k++)
        if (was_run(rate, k)) {
            memory_points++;
            if (out->best == n || rate[k] > rate[out->best])
                out->best = k;
        }
    /* Memory's plateau is confirmed over two octaves past where memory
     * begins: a curve with no step of its own (non-temporal stores stream
     * to memory at every size) is flat through the cache too, and that
     * flat stretch confirms nothing about memory. */
    if (out->memory_first < n)
        out->confirmed = memory_points >= RFL_PLATEAU_MIN_POINTS &&
                         x[out->last] >= RFL_PLATEAU_MIN_SPAN * x[out->memory_first];
}

void rfl_plateau_find_in_run(const double *x, const double *rate, const double *spread, size_t n, double llc,
                             double inner, int nontemporal, double measured_end, struct rfl_plateau *out)
{
    rfl_plateau_find(x, rate, spread, n, llc, inner, out);
    const double from = measured_end > llc ? measured_end : llc;
    /* given as the cache before memory too, so only points past it are memory's */
    if ((nontemporal || !out->measured) && from > 0 && (nontemporal || measured_end > llc))
        rfl_plateau_find(x, rate, spread, n, from, from, out);
}

double rfl_plateau_measured_end(const struct rfl_plateau *p, const double *x, size_t n)
{
    return p->measured && p->first < n ? x[p->first] : 0;
}

double rfl_plateau_memory_from(const struct rfl_plateau *p, const double *x, size_t n)
{
    return p->memory_first < n ? x[p->memory_first] : p->memory_start;
}

unsigned rfl_plateau_level_of(double x, const double *capacity, unsigned ncache, double memory_from)
{
    if (memory_from > 0 && x >= memory_from)
        return ncache;
    for (unsigned l = 0; l < ncache; l++)
        if (x <= capacity[l])
            return l;
    return memory_from > 0 && ncache > 0 ? ncache - 1 : ncache;
}

int rfl_plateau_size_agrees(double size, double step)
{
    return size > 0 && step > size / RFL_PLATEAU_AGREE_BELOW && step <= RFL_PLATEAU_AGREE_ABOVE * size;
}

double rfl_private_cache_bytes(const double *size_bytes, const unsigned *instances, unsigned nlevels,
                               long node_threads)
{
    const unsigned threads = node_threads < 1 ? 1 : (unsigned)node_threads;
    double bytes = 0;
    for (unsigned l = 0; l < nlevels; l++)
        if (instances[l] >= threads && size_bytes[l] > bytes)
            bytes = size_bytes[l];
    return bytes;
}
