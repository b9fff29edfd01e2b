/* Plateau detection: the curve ln(bandwidth) against the sweep index is fit
 * by a piecewise-constant function with the least absolute deviation (a
 * median per segment, so a single slow sample cannot make a level), by
 * dynamic programming over every segmentation.  The number of segments is
 * the one that minimises cost + penalty x segments, with the penalty scaled
 * by the curve's own scatter (a BIC for Laplace noise), so a noisy curve
 * needs a bigger step to earn a boundary.  Neighbours closer than
 * RFL_LEVELS_MIN_STEP are merged; a segment spanning less than a doubling of
 * the working set is a transition, not a plateau. */
#include "config.h"
#include "levels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

unsigned rfl_levels_of(const struct rfl_levels_input *in, double x)
{
    return rfl_plateau_level_of(x, in->capacity, in->ncache, in->memory_from);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median_of(const double *v, size_t first, size_t last, double *scratch)
{
    size_t m = last - first + 1;
    memcpy(scratch, v + first, m * sizeof *v);
    qsort(scratch, m, sizeof *scratch, cmp_double);
    return m % 2 ? scratch[m / 2] : 0.5 * (scratch[m / 2 - 1] + scratch[m / 2]);
}

/* Robust scatter of ln(y): the median absolute deviation of each point
 * from the median of its cache level (by capacity), leaving out the first
 * point past each capacity (a transition), so the steps between levels do
 * not count; scaled to a standard deviation. With too few such points, the
 * median absolute difference of neighbours. */
static double noise_of(const struct rfl_levels_input *in, const double *v, size_t n, double *scratch)
{
    if (n < 3)
        return RFL_LEVELS_NOISE_FLOOR;
    double *dev = scratch + n;
    size_t m = 0;
    for (size_t i = 0; i < n;) {
        unsigned l = rfl_levels_of(in, in->x[i]);
        size_t j = i;
        while (j < n && rfl_levels_of(in, in->x[j]) == l)
            j++;
        size_t from = i > 0 ? i + 1 : i; /* [from, j): this level's points */
        if (j > from) {
            memcpy(scratch, v + from, (j - from) * sizeof *v);
            qsort(scratch, j - from, sizeof *scratch, cmp_double);
            size_t k = j - from;
            double med = k % 2 ? scratch[k / 2] : 0.5 * (scratch[k / 2 - 1] + scratch[k / 2]);
            if (k > 1) {
                for (size_t t = 0; t < k; t++)
                    dev[m + t] = fabs(v[from + t] - med);
                m += k;
            }
        }
        i = j;
    }
    double scale = 1.4826;
    if (m < 4) {
        m = 0;
        for (size_t i = 0; i + 1 < n; i++)
            dev[m++] = fabs(v[i + 1] - v[i]);
        scale = 1.4826 / M_SQRT2;
    }
    qsort(dev, m, sizeof *dev, cmp_double);
    double med = m % 2 ? dev[m / 2] : 0.5 * (dev[m / 2 - 1] + dev[m / 2]);
    double sigma = scale * med;
    return sigma > RFL_LEVELS_NOISE_FLOOR ? sigma : RFL_LEVELS_NOISE_FLOOR;
}

/* The points of a segment as two heaps around their median: `lower` a
 * max-heap of the smaller half (one more when the count is odd: its top is
 * the median), `upper` a min-heap of the rest, with their sums, so the
 * least absolute deviation of the segment is sum(upper) - sum(lower without
 * the median). */
struct halves {
    double *lower, *upper;
    size_t nl, nu;
    long double sl, su;
};

static void heap_push(double *a, size_t *n, double x, int max)
{
    size_t i = (*n)++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (max ? a[p] >= x : a[p] <= x)
            break;
        a[i] = a[p];
        i = p;
    }
    a[i] = x;
}

static double heap_pop(double *a, size_t *n, int max)
{
    double top = a[0], x = a[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && (max ? a[c + 1] > a[c] : a[c + 1] < a[c]))
            c++;
        if (max ? x >= a[c] : x <= a[c])
            break;
        a[i] = a[c];
        i = c;
    }
    if (*n)
        a[i] = x;
    return top;
}

static void halves_add(struct halves *h, double x)
{
    if (h->nl == 0 || x <= h->lower[0]) {
        heap_push(h->lower, &h->nl, x, 1);
        h->sl += x;
    } else {
        heap_push(h->upper, &h->nu, x, 0);
        h->su += x;
    }
    if (h->nl > h->nu + 1) {
        double y = heap_pop(h->lower, &h->nl, 1);
        h->sl -= y;
        heap_push(h->upper, &h->nu, y, 0);
        h->su += y;
    } else if (h->nu > h->nl) {
        double y = heap_pop(h->upper, &h->nu, 0);
        h->su -= y;
        heap_push(h->lower, &h->nl, y, 1);
        h->sl += y;
    }
}

static double halves_deviation(const struct halves *h)
{
    long double lower = h->sl - (h->nl > h->nu ? h->lower[0] : 0);
    double d = (double)(h->su - lower);
    return d > 0 ? d : 0;
}

int rfl_levels_detect(const struct rfl_levels_input *in, struct rfl_levels *out)
{
    memset(out, 0, sizeof *out);
    for (unsigned l = 0; l <= RFL_LEVELS_MAX_CACHE; l++)
        out->owner[l] = -1;
    const size_t n = in->n;
    if (n == 0 || n > RFL_LEVELS_MAX_POINTS || in->ncache > RFL_LEVELS_MAX_CACHE)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!(in->y[i] > 0) || !isfinite(in->y[i]) || !(in->x[i] > 0) || (i && in->x[i] < in->x[i - 1]))
            return -1;

    /* Memory grows with n (no n x n table): a curve of any length the
     * sweep options allow is analysed. */
    const size_t kmax_alloc = RFL_LEVELS_MAX_SEG;
    double *v = malloc(n * sizeof *v), *scratch = malloc(2 * n * sizeof *scratch);
    double *best = malloc(kmax_alloc * n * sizeof *best);
    size_t *from = malloc(kmax_alloc * n * sizeof *from);
    struct halves h = {malloc(n * sizeof(double)), malloc(n * sizeof(double)), 0, 0, 0, 0};
    if (!v || !scratch || !best || !from || !h.lower || !h.upper) {
        free(v), free(scratch), free(best), free(from), free(h.lower), free(h.upper);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        v[i] = log(in->y[i]);
    out->noise = noise_of(in, v, n, scratch);
    out->penalty = 3.0 * out->noise * log((double)n + 1.0);

    /* best[j*kmax+k]: least cost of v[0..j] in k+1 segments, each of at least
     * minlen points (one point is not a level); the cost of a segment is the
     * least absolute deviation of its points from their median. For each j
     * the last segment v[i..j] grows leftwards, its median kept by two
     * heaps, so the whole fit takes O(n^2 (log n + segments)) time. Ties go
     * to the smallest i. */
    const size_t minlen = n >= 4 ? 2 : 1;
    size_t kmax = n / minlen < kmax_alloc ? n / minlen : kmax_alloc;
    for (size_t t = 0; t < kmax * n; t++) {
        best[t] = INFINITY;
        from[t] = 0;
    }
    for (size_t j = 0; j < n; j++) {
        h.nl = h.nu = 0;
        h.sl = h.su = 0;
        for (size_t i = j + 1; i-- > 0;) {
            halves_add(&h, v[i]);
            if (j + 1 - i < minlen)
                continue;
            double c = halves_deviation(&h);
            if (i == 0) {
                best[j * kmax] = c;
                continue;
            }
            /* k segments before this one cover v[0..i-1]. */
            const double *before = best + (i - 1) * kmax;
            double *here = best + j * kmax;
            for (size_t k = 1; k < kmax && k * minlen <= i; k++) {
                double cand = before[k - 1] + c;
                if (cand <= here[k] && cand < INFINITY) {
                    here[k] = cand;
                    from[j * kmax + k] = i;
                }
            }
        }
    }
    size_t kbest = 0;
    double score = INFINITY;
    for (size_t k = 0; k < kmax; k++) {
        double s = best[(n - 1) * kmax + k] + out->penalty * (double)k;
        if (s < score - 1e-12) {
            score = s;
            kbest = k;
        }
    }
    /* Backtrack into segments, right to left. */
    size_t nseg = kbest + 1, j = n - 1;
    for (size_t k = kbest + 1; k-- > 0;) {
        size_t i = k ? from[j * kmax + k] : 0;
        out->seg[k].first = i;
        out->seg[k].last = j;
        if (i)
            j = i - 1;
    }
    for (size_t s = 0; s < nseg; s++)
        out->seg[s].median = median_of(v, out->seg[s].first, out->seg[s].last, scratch);

    /* Merge neighbours that are the same level within RFL_LEVELS_MIN_STEP,
     * closest pair first. */
    for (;;) {
        size_t pick = 0;
        double closest = INFINITY;
        for (size_t s = 0; s + 1 < nseg; s++) {
            double d = fabs(out->seg[s].median - out->seg[s + 1].median);
            if (d < closest) {
                closest = d;
                pick = s;
            }
        }
        if (nseg < 2 || closest >= log(RFL_LEVELS_MIN_STEP))
            break;
        out->seg[pick].last = out->seg[pick + 1].last;
        out->seg[pick].median = median_of(v, out->seg[pick].first, out->seg[pick].last, scratch);
        memmove(&out->seg[pick + 1], &out->seg[pick + 2], (nseg - pick - 2) * sizeof out->seg[0]);
        nseg--;
    }
    out->nseg = nseg;

    for (size_t s = 0; s < nseg; s++) {
        struct rfl_segment *g = &out->seg[s];
        g->median = exp(g->median);
        g->plateau = nseg == 1 || in->x[g->last] / in->x[g->first] >= RFL_LEVELS_MIN_SPAN;
        size_t start = g->first;
        if (s > 0 && g->last - g->first + 1 >= 3)
            start++;
        g->best_index = start;
        for (size_t i = start; i <= g->last; i++)
            if (in->y[i] > in->y[g->best_index])
                g->best_index = i;
        g->best = in->y[g->best_index];
    }

    /* Name: each level goes to the plateau holding most of its points
     * within its size; the shoulder past the last cache (named the cache's
     * until memory begins) only breaks ties. A transition of six shoulder
     * points had otherwise taken L3 from the plateau of its three sized
     * ones: an rmw curve on a 2-core Zen 4 read 400 GB/s in L3 and the
     * ceiling said 199, half of the same command a minute before. */
    size_t count[RFL_LEVELS_MAX_SEG][RFL_LEVELS_MAX_CACHE + 1];
    memset(count, 0, sizeof count);
    const size_t shoulder_weight = 1, sized_weight = RFL_LEVELS_MAX_POINTS + 1;
    for (size_t s = 0; s < nseg; s++)
        for (size_t i = out->seg[s].first; i <= out->seg[s].last; i++) {
            unsigned l = rfl_levels_of(in, in->x[i]);
            out->points[l]++;
            int shoulder = in->ncache && l == in->ncache - 1 && in->x[i] > in->capacity[l];
            if (out->seg[s].plateau)
                count[s][l] += shoulder ? shoulder_weight : sized_weight;
        }
    for (unsigned l = 0; l <= in->ncache; l++) {
        size_t most = 0;
        for (size_t s = 0; s < nseg; s++)
            if (count[s][l] > most) {
                most = count[s][l];
                out->owner[l] = (int)s;
            }
        if (out->owner[l] >= 0)
            out->seg[out->owner[l]].levels |= 1u << l;
    }
    free(v), free(scratch), free(best), free(from), free(h.lower), free(h.upper);
    return 0;
}

double rfl_levels_transition(const struct rfl_levels_input *in, const struct rfl_levels *lv, unsigned level)
{
    if (level > in->ncache || lv->owner[level] < 0)
        return 0;
    size_t s = (size_t)lv->owner[level];
    /* A plateau that also names the next level shows no edge for this one. */
    if (s + 1 >= lv->nseg || lv->seg[s].levels >> (level + 1))
        return 0;
    return sqrt(in->x[lv->seg[s].last] * in->x[lv->seg[s + 1].first]);
}

size_t rfl_levels_dram_points(const struct rfl_levels_input *in)
{
    size_t count = 0;
    if (in->ncache)
        for (size_t i = 0; i < in->n; i++)
            count += in->x[i] >= RFL_LEVELS_DRAM_FACTOR * in->capacity[in->ncache - 1];
    return count;
}

size_t rfl_levels_value(const struct rfl_levels_input *in, const struct rfl_levels *lv, unsigned level, size_t *best,
                        size_t *first, size_t *last)
{
    if (level > in->ncache)
        return 0;
    size_t count = 0;
    /* The CPU: the memory plateau the curve shows is DRAM's, whichever
     * segments the fit put it in. */
    if (level == in->ncache && in->memory_from > 0) {
        for (size_t i = 0; i < in->n; i++) {
            if (in->x[i] < in->memory_from)
                continue;
            if (count == 0 || in->y[i] > in->y[*best])
                *best = i;
            if (count == 0)
                *first = i;
            *last = i;
            count++;
        }
        return count;
    }
    /* Past RFL_LEVELS_DRAM_FACTOR x the last cache no data can still be
     * cached: those points are DRAM's whichever segment the fit put them in
     * (a plateau shared with the last cache may own DRAM's name). */
    if (level == in->ncache && in->ncache) {
        const double floor = RFL_LEVELS_DRAM_FACTOR * in->capacity[in->ncache - 1];
        for (size_t i = 0; i < in->n; i++) {
            if (in->x[i] < floor)
                continue;
            if (count == 0 || in->y[i] > in->y[*best])
                *best = i;
            if (count == 0)
                *first = i;
            *last = i;
            count++;
        }
        if (count >= 2)
            return count;
        count = 0;
    }
    if (lv->owner[level] < 0)
        return 0;
    size_t s = (size_t)lv->owner[level];
    const struct rfl_segment *g = &lv->seg[s];
    for (int pass = 0; pass < 2 && count == 0; pass++) {
        size_t start = g->first;
        if (pass == 0 && s > 0 && g->last - g->first + 1 >= 3)
            start++;
        for (size_t i = start; i <= g->last; i++) {
            if (rfl_levels_of(in, in->x[i]) != level)
                continue;
            if (count == 0 || in->y[i] > in->y[*best])
                *best = i;
            if (count == 0)
                *first = i;
            *last = i;
            count++;
        }
    }
    return count;
}
