/* The spread of a ceiling over its points and their samples (spread.h). */
#include "config.h"
#include "model.h"
#include "spread.h"
#include "common/csv.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void rfl_spread_set(struct rfl_ceiling *c, const double *best, const double *median, const long *samples,
                    size_t first, size_t last)
{
    c->value_low = c->value_high = NAN;
    c->spread_points = 0;
    c->samples = 0;
    if (!best || last < first || !(c->value > 0))
        return;
    size_t n = last - first + 1;
    double *typical = malloc(n * sizeof *typical);
    if (!typical)
        return; /* unknown, as without points */
    double high = c->value;
    size_t medians = 0;
    uint64_t count = 0;
    for (size_t i = 0; i < n; i++) {
        double m = median ? median[first + i] : NAN;
        medians += m > 0;
        typical[i] = m > 0 ? m : best[first + i];
        if (best[first + i] > high)
            high = best[first + i];
        if (samples && samples[first + i] > 0)
            count += (uint64_t)samples[first + i];
    }
    if (n == 1 && !medians) {
        free(typical); /* one rate, nothing repeated: unknown */
        return;
    }
    c->spread_points = n;
    c->samples = count;
    qsort(typical, n, sizeof *typical, cmp_double);
    double low = n % 2 ? typical[n / 2] : (typical[n / 2 - 1] + typical[n / 2]) / 2;
    free(typical);
    c->value_high = high;
    c->value_low = low < high ? low : high;
}

void rfl_spread_top_plateau(const double *y, size_t n, size_t best, size_t *first, size_t *last)
{
    rfl_spread_top_plateau_within(y, n, best, RFL_SPREAD_PLATEAU, first, last);
}

void rfl_spread_top_plateau_within(const double *y, size_t n, size_t best, double ratio, size_t *first, size_t *last)
{
    *first = *last = best;
    if (best >= n)
        return;
    double floor = y[best] / ratio;
    while (*first > 0 && y[*first - 1] >= floor)
        (*first)--;
    while (*last + 1 < n && y[*last + 1] >= floor)
        (*last)++;
}

double rfl_ceiling_spread(const struct rfl_ceiling *c)
{
    if (!(c->value > 0) || !isfinite(c->value_low) || !isfinite(c->value_high))
        return NAN;
    return 100.0 * (c->value_high - c->value_low) / (2.0 * c->value);
}

int rfl_ceiling_noisy(const struct rfl_ceiling *c) { return rfl_ceiling_spread(c) > RFL_SPREAD_NOISY_PERCENT; }

const char *rfl_spread_text(char *buf, size_t len, const struct rfl_ceiling *c)
{
    char num[32];
    if (isnan(rfl_ceiling_spread(c))) {
        if (len)
            buf[0] = '\0';
        return buf;
    }
    const double v = c->value_low;
    rfl_format_double(num, sizeof num, v < 9.995 ? "%.2f" : v < 999.95 ? "%.1f" : "%.0f", v);
    snprintf(buf, len, "median %s", num);
    return buf;
}

const char *rfl_spread_words(char *buf, size_t len, const struct rfl_ceiling *c)
{
    char text[48], samples[48] = "", pct[32];
    if (!*rfl_spread_text(text, sizeof text, c)) {
        snprintf(buf, len, "-");
        return buf;
    }
    if (c->samples)
        snprintf(samples, sizeof samples, ", %llu samples", (unsigned long long)c->samples);
    rfl_format_double(pct, sizeof pct, "%.0f", 100.0 * c->value_low / c->value);
    snprintf(buf, len, "%s%s, %s%% of best (%zu point%s%s)", rfl_ceiling_noisy(c) ? "noisy: " : "", text, pct,
             c->spread_points, c->spread_points == 1 ? "" : "s", samples);
    return buf;
}

int rfl_spread_set_fit(struct rfl_ceiling *c, const struct rfl_timed_points *p, double bytes_lo, double bytes_hi)
{
    const size_t n = p->n;
    if (!n)
        return 0;
    double *best = malloc(n * sizeof *best), *median = malloc(n * sizeof *median);
    long *count = malloc(n * sizeof *count);
    if (!best || !median || !count) {
        free(best);
        free(median);
        free(count);
        rfl_error("out of memory");
        return -1;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (p->bytes[i] < bytes_lo || p->bytes[i] > bytes_hi)
            continue;
        best[k] = c->value;
        median[k] = p->t_median[i] > 0 ? c->value * p->t_min[i] / p->t_median[i] : NAN;
        count[k] = p->samples[i];
        k++;
    }
    if (k)
        rfl_spread_set(c, best, median, count, 0, k - 1);
    free(best);
    free(median);
    free(count);
    return 0;
}
