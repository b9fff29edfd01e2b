/* rfl_network's CSV files and the network roofs: device "network", one
 * bandwidth ceiling per class of rank pair ("same node", "other node"),
 * its value the fitted one-way bandwidth of T = latency + bytes /
 * bandwidth, its latency in the provenance (kernel) and a note. */
#include "config.h"
#include "load.h"
#include "model.h"
#include "network.h"
#include "spread.h"
#include "table.h"
#include "timed.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const class_names[RFL_NET_MODEL_CLASSES] = {"same_node", "other_node"};
static const char *const roof_names[RFL_NET_MODEL_CLASSES] = {"same node", "other node"};

/* The model's network data, made on first use; the class of a row. */
static int start(struct rfl_model *m, const json_t *meta)
{
    if (!m->net && !(m->net = calloc(1, sizeof *m->net))) {
        rfl_error("out of memory");
        return -1;
    }
    const json_t *r = json_object_get(meta, "ranks");
    if (json_is_integer(r))
        m->net->ranks = (long)json_integer_value(r);
    return 0;
}

static int class_of(const struct rfl_table *t, size_t r, int col)
{
    char name[24];
    const int c = rfl_load_choice(t, r, col, class_names, RFL_NET_MODEL_CLASSES, name, sizeof name);
    if (c == -2)
        rfl_error("%s:%d: pair_class '%s' is neither same_node nor other_node", t->path, t->lineno[r], name);
    return c < 0 ? -1 : c;
}

int rfl_load_network(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    (void)input;
    if (start(m, meta))
        return -1;
    const int c_class = rfl_table_column(t, "pair_class");
    const struct rfl_timed_columns cols = rfl_timed_columns_of(t, "round_trip_min_s", NULL, "round_trip_median_s");
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_timed_row pt;
        const int c = class_of(t, r, c_class);
        const int ok = c < 0 ? -1 : rfl_timed_row(m, t, r, &cols, &pt);
        if (ok < 0)
            return -1;
        if (ok && rfl_timed_add(&m->net->cls[c].pts, t, r, &pt, class_names[c]))
            return -1;
    }
    return 0;
}

int rfl_load_network_fit(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (start(m, meta))
        return -1;
    int c_class = rfl_table_column(t, "pair_class"), c_pairs = rfl_table_column(t, "pairs");
    for (size_t r = 0; r < t->nrows; r++) {
        long pairs;
        struct rfl_load_fit fit;
        const int c = class_of(t, r, c_class);
        const int ok = c < 0 || rfl_table_count(t, r, c_pairs, 1, RFL_TABLE_MAX_COUNT, &pairs)
                           ? -1
                           : rfl_load_fit_row(m, t, r, &fit);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        if (isnan(fit.gbytes_per_s)) { /* not fitted (too few sizes): no roof */
            rfl_model_note(m, "%s:%d: no fit for the %s pairs: no network roof for them", t->path, t->lineno[r],
                           class_names[c]);
            continue;
        }
        struct rfl_net_class *x = &m->net->cls[c];
        x->have_fit = 1;
        x->latency_us = fit.latency_us;
        x->gbytes_per_s = fit.gbytes_per_s;
        x->max_error = fit.max_error;
        x->bytes_min = fit.bytes_min;
        x->bytes_max = fit.bytes_max;
        x->points = fit.points;
        x->pairs = pairs;
        x->fit_input = input;
    }
    return 0;
}

int rfl_network_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    (void)s;
    for (int c = 0; m->net && c < RFL_NET_MODEL_CLASSES; c++) {
        const struct rfl_net_class *x = &m->net->cls[c];
        if (!x->have_fit)
            continue;
        struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
        if (!ce)
            return -1;
        snprintf(ce->device, sizeof ce->device, "network");
        ce->kind = RFL_CEILING_BANDWIDTH;
        snprintf(ce->name, sizeof ce->name, "%s", roof_names[c]);
        ce->value = x->gbytes_per_s;
        snprintf(ce->program, sizeof ce->program, "rfl_network");
        snprintf(ce->kernel, sizeof ce->kernel, "MPI ping-pong fit (latency %.3g us)", x->latency_us);
        ce->ranks = m->net->ranks;
        rfl_ceiling_fit_span(ce, x->bytes_min, x->bytes_max, x->points, m->inputs[x->fit_input].file);
        /* As the host link's: the fit's bandwidth times the fastest over the median round trip of
         * each row it covers. */
        if (rfl_spread_set_fit(ce, &x->pts, (double)x->bytes_min, (double)x->bytes_max))
            return -1;
        rfl_model_note(m, "network %s (%ld pair%s of ranks): T = %.3g us + bytes / %.3g GB/s one way, over %llu to "
                          "%llu bytes (largest relative error %.0f%%)",
                       roof_names[c], x->pairs, x->pairs == 1 ? "" : "s", x->latency_us, x->gbytes_per_s,
                       (unsigned long long)x->bytes_min, (unsigned long long)x->bytes_max, 100 * x->max_error);
    }
    return 0;
}
