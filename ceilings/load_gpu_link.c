/* rfl_gpu_link's CSV files and the GPU link roofs: device "gpu_link", one
 * bandwidth ceiling per ordered pair of GPUs ("0 -> 1", one way) and per
 * pair both ways at once ("0 <-> 1"), each the fitted bandwidth of
 * T = latency + bytes / bandwidth of cudaMemcpyPeer, its latency in the
 * provenance (kernel); and the lowest and the median of the one-way pairs
 * ("min over pairs", "median over pairs"). */
#include "config.h"
#include "gpu_link.h"
#include "load.h"
#include "model.h"
#include "spread.h"
#include "table.h"
#include "timed.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_link_direction_names[RFL_LINK_NDIRECTIONS] = {"uni", "bidir"};
const char *const rfl_link_method_names[RFL_LINK_NMETHODS] = {"memcpy_peer", "peer_kernel", "host_staged"};

const struct rfl_link_series *rfl_link_find(const struct rfl_link_data *d, int src, int dst, int dir, int method)
{
    for (size_t i = 0; d && i < d->n; i++) {
        const struct rfl_link_series *s = &d->s[i];
        if (s->dir == dir && s->method == method &&
            ((s->src == src && s->dst == dst) || (dir == RFL_LINK_BIDIR && s->src == dst && s->dst == src)))
            return s;
    }
    return NULL;
}

double rfl_link_gbs(const struct rfl_link_series *s)
{
    if (!s)
        return NAN;
    if (s->have_fit)
        return s->gbytes_per_s;
    return s->largest_gbytes_per_s > 0 ? s->largest_gbytes_per_s : NAN;
}

static int choice(const struct rfl_table *t, size_t r, int col, const char *what, const char *const *names, int n)
{
    char v[24];
    const int i = rfl_load_choice(t, r, col, names, (size_t)n, v, sizeof v);
    if (i == -2)
        rfl_error("%s:%d: %s '%s' is not one rfl_gpu_link writes", t->path, t->lineno[r], what, v);
    return i < 0 ? -1 : i;
}

/* The series a row belongs to, made on first sight. */
static struct rfl_link_series *series_of(struct rfl_model *m, const struct rfl_table *t, size_t r)
{
    long src, dst, peer;
    const int dir = choice(t, r, rfl_table_column(t, "direction"), "direction", rfl_link_direction_names,
                           RFL_LINK_NDIRECTIONS);
    const int method =
        dir < 0 ? -1 : choice(t, r, rfl_table_column(t, "method"), "method", rfl_link_method_names, RFL_LINK_NMETHODS);
    if (method < 0 || rfl_table_count(t, r, rfl_table_column(t, "src_device"), 0, RFL_LINK_MAX_DEVICES - 1, &src) ||
        rfl_table_count(t, r, rfl_table_column(t, "dst_device"), 0, RFL_LINK_MAX_DEVICES - 1, &dst) ||
        rfl_table_count(t, r, rfl_table_column(t, "peer_access"), 0, 1, &peer))
        return NULL;
    if (src == dst) {
        rfl_error("%s:%d: src_device and dst_device are both %ld", t->path, t->lineno[r], src);
        return NULL;
    }
    if (!m->link && !(m->link = calloc(1, sizeof *m->link))) {
        rfl_error("out of memory");
        return NULL;
    }
    struct rfl_link_data *d = m->link;
    for (size_t i = 0; i < d->n; i++)
        if (d->s[i].src == src && d->s[i].dst == dst && d->s[i].dir == dir && d->s[i].method == method)
            return &d->s[i];
    struct rfl_link_series *s = rfl_load_grow(&d->s, &d->n, sizeof *d->s);
    if (!s) {
        rfl_error("out of memory");
        return NULL;
    }
    *s = (struct rfl_link_series){.src = (int)src, .dst = (int)dst, .dir = dir, .method = method, .peer = (int)peer};
    if (src + 1 > d->ndev)
        d->ndev = (int)src + 1;
    if (dst + 1 > d->ndev)
        d->ndev = (int)dst + 1;
    return s;
}

int rfl_load_gpu_link(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    (void)input;
    (void)meta;
    const struct rfl_timed_columns cols = rfl_timed_columns_of(t, "time_min_s", "gbytes_per_s", "time_median_s");
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_timed_row pt;
        struct rfl_link_series *s = series_of(m, t, r);
        const int ok = !s ? -1 : rfl_timed_row(m, t, r, &cols, &pt);
        if (ok < 0)
            return -1;
        if (ok && rfl_timed_add(&s->pts, t, r, &pt, "gpu link"))
            return -1;
    }
    return 0;
}

int rfl_load_gpu_link_fit(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    (void)meta;
    const int c_large = rfl_table_column(t, "largest_gbytes_per_s");
    for (size_t r = 0; r < t->nrows; r++) {
        double large;
        struct rfl_load_fit fit;
        struct rfl_link_series *s = series_of(m, t, r);
        const int ok = !s || rfl_table_double(t, r, c_large, 1, &large) ? -1 : rfl_load_fit_row(m, t, r, &fit);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        s->largest_gbytes_per_s = large > 0 ? large : 0;
        s->bytes_min = fit.bytes_min;
        s->bytes_max = fit.bytes_max;
        s->points = fit.points;
        s->fit_input = input;
        if (isnan(fit.gbytes_per_s)) { /* not fitted (one size): no roof from it */
            rfl_model_note(m, "%s:%d: no fit for GPU %d -> GPU %d (%s %s): no GPU link roof for it", t->path,
                           t->lineno[r], s->src, s->dst, rfl_link_method_names[s->method],
                           rfl_link_direction_names[s->dir]);
            continue;
        }
        s->have_fit = 1;
        s->latency_us = fit.latency_us;
        s->gbytes_per_s = fit.gbytes_per_s;
        s->max_error = fit.max_error;
    }
    return 0;
}

static struct rfl_ceiling *link_ceiling(struct rfl_model *m, const char *name, double value)
{
    struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
    if (!ce)
        return NULL;
    snprintf(ce->device, sizeof ce->device, "gpu_link");
    ce->kind = RFL_CEILING_BANDWIDTH;
    snprintf(ce->name, sizeof ce->name, "%s", name);
    ce->value = value;
    snprintf(ce->program, sizeof ce->program, "rfl_gpu_link");
    ce->ranks = 1;
    return ce;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int rfl_gpu_link_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *settings)
{
    (void)settings;
    const struct rfl_link_data *d = m->link;
    if (!d)
        return 0;
    size_t npairs = 0, first = m->nceilings;
    for (size_t i = 0; i < d->n; i++) {
        const struct rfl_link_series *s = &d->s[i];
        if (s->method != RFL_LINK_MEMCPY_PEER || !s->have_fit)
            continue;
        char name[RFL_NAME_LEN];
        snprintf(name, sizeof name, "%d %s %d", s->src, s->dir == RFL_LINK_BIDIR ? "<->" : "->", s->dst);
        struct rfl_ceiling *ce = link_ceiling(m, name, s->gbytes_per_s);
        if (!ce)
            return -1;
        char kernel[96];
        snprintf(kernel, sizeof kernel, "cudaMemcpyPeer fit (latency %.3g us)%s", s->latency_us,
                 s->peer ? "" : ", no P2P");
        snprintf(ce->kernel, sizeof ce->kernel, "%.47s", kernel);
        rfl_ceiling_fit_span(ce, s->bytes_min, s->bytes_max, s->points, m->inputs[s->fit_input].file);
        if (rfl_spread_set_fit(ce, &s->pts, (double)s->bytes_min, (double)s->bytes_max))
            return -1;
        npairs += s->dir == RFL_LINK_UNI;
    }
    if (npairs < 2)
        return 0;
    /* Over the one-way pairs: the lowest (its own spread) and the median (the median of their spreads' ends). */
    double *v = malloc(npairs * sizeof *v), *lo = malloc(npairs * sizeof *lo), *hi = malloc(npairs * sizeof *hi);
    if (!v || !lo || !hi) {
        free(v), free(lo), free(hi);
        rfl_error("out of memory");
        return -1;
    }
    size_t k = 0, worst = (size_t)-1, last = m->nceilings;
    for (size_t i = first; i < last; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        if (strstr(c->name, "<->"))
            continue;
        if (worst == (size_t)-1 || c->value < m->ceilings[worst].value)
            worst = i;
        v[k] = c->value;
        lo[k] = c->value_low;
        hi[k] = c->value_high;
        k++;
    }
    qsort(v, k, sizeof *v, cmp_double);
    qsort(lo, k, sizeof *lo, cmp_double);
    qsort(hi, k, sizeof *hi, cmp_double);
    const double median = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
    const double mlo = k % 2 ? lo[k / 2] : (lo[k / 2 - 1] + lo[k / 2]) / 2;
    const double mhi = k % 2 ? hi[k / 2] : (hi[k / 2 - 1] + hi[k / 2]) / 2;
    free(v), free(lo), free(hi);
    struct rfl_ceiling low = m->ceilings[worst];
    struct rfl_ceiling *ce = link_ceiling(m, "min over pairs", low.value);
    if (!ce)
        return -1;
    char pair[RFL_NAME_LEN];
    snprintf(pair, sizeof pair, "%s", low.name);
    *ce = low;
    snprintf(ce->name, sizeof ce->name, "min over pairs");
    snprintf(ce->kernel, sizeof ce->kernel, "cudaMemcpyPeer fit, pair %.20s", pair);
    if (!(ce = link_ceiling(m, "median over pairs", median)))
        return -1;
    snprintf(ce->kernel, sizeof ce->kernel, "cudaMemcpyPeer fit, %zu pairs", k);
    snprintf(ce->file, sizeof ce->file, "%s", low.file);
    ce->wss_min_bytes = low.wss_min_bytes;
    ce->wss_max_bytes = low.wss_max_bytes;
    ce->value_low = fmin(mlo, median);
    ce->value_high = fmax(mhi, median);
    ce->spread_points = k;
    rfl_model_note(m, "GPU link: %zu one-way pairs of %d GPUs, cudaMemcpyPeer from %.3g GB/s (pair %s) to median "
                      "%.3g GB/s",
                   k, d->ndev, low.value, pair, median);
    return 0;
}
