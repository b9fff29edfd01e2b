/* rfl profile's points on the roofline chart (profile_points.h). */
#include "config.h"
#include "profile_points.h"
#include "style.h"
#include "ceilings/model.h"
#include "profile/profile.h"
#include "common/csv.h"
#include "common/interrupt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One marker shape per level, open (the GEMM points are filled): circle,
 * square, diamond, triangle. */
static const int level_pt[RFL_MEM_NLEVELS] = {6, 4, 12, 8};
/* A kernel's name in the GPU chart's key, which has the right margin only:
 * no longer than the key's other entries. */
#define KEY_LABEL_MAX 22
/* The key names at most this many kernels, those that took the most time; the rest are numbered
 * on the chart and named in the table (5000 entries made a key no canvas could hold). */
#define KEY_KERNELS_MAX 40

static int on_chart(const struct rfl_app *k, int gpu)
{
    return !strcmp(k->device, gpu ? "gpu" : "cpu") && k->placed;
}

static const char *color_of(size_t nth) { return rfl_plot_palette[nth % RFL_PLOT_NPALETTE]; }

/* Thousands of kernels make these loops long: a signal fails the chart
 * (rfl_chart_end), so that no chart is replaced by a half-made one. */
static int stop(struct rfl_chart *c)
{
    if (rfl_interrupted())
        c->failed = 1;
    return c->failed;
}

/* What a recording that lacks a flop count makes of a kernel's percent:
 * at least that. */
static const char *at_least(const struct rfl_app *k) { return k->lower_bound ? "≥" : ""; }

/* The leftmost marker of a kernel (its label goes there). */
static double leftmost(const struct rfl_app *k)
{
    double x = INFINITY;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        if (k->ai_at[l] > 0 && k->level_names[l])
            x = fmin(x, k->ai_at[l]);
    return x;
}

void rfl_plot_kernels_extent(const struct rfl_model *m, int gpu, double *xlo, double *xhi, double *ymin)
{
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!on_chart(k, gpu))
            continue;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++) {
            double ai = k->ai_at[l];
            if (!(ai > 0) || !k->level_names[l])
                continue;
            *xlo = fmin(*xlo, ai / 2);
            *xhi = fmax(*xhi, ai * 2);
        }
        *ymin = fmin(*ymin, k->gflops);
    }
}

void rfl_plot_kernels_data(struct rfl_chart *c, const struct rfl_model *m, int gpu)
{
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels && !stop(c); i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!on_chart(k, gpu))
            continue;
        if (!n++)
            rfl_chart_printf(c, "$kernels << EOD\n");
        rfl_chart_printf(c, "# %zu %s\n", n, rfl_chart_literal(c, rfl_kernel_label(k)));
        /* Left to right, so the joining line runs straight. */
        int order[RFL_MEM_NLEVELS], no = 0;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            if (k->ai_at[l] > 0 && k->level_names[l]) {
                int j = no++;
                for (; j > 0 && k->ai_at[order[j - 1]] > k->ai_at[l]; j--)
                    order[j] = order[j - 1];
                order[j] = l;
            }
        for (int j = 0; j < no; j++) {
            char x[32], y[32];
            rfl_format_double(x, sizeof x, "%.7g", k->ai_at[order[j]]);
            rfl_format_double(y, sizeof y, "%.7g", k->gflops);
            rfl_chart_printf(c, "%s %s %d\n", x, y, level_pt[order[j]]);
            rfl_chart_block_point(c, k->ai_at[order[j]], k->gflops, 7);
        }
        if (no > 1)
            rfl_chart_block_line(c, k->ai_at[order[0]], k->gflops, k->ai_at[order[no - 1]], k->gflops);
        rfl_chart_printf(c, "\n\n");
    }
    if (n)
        rfl_chart_printf(c, "EOD\n");
}

/* "fp32" of "fp32 peak", "L2" of "L2 bandwidth". */
static void roof_word(char *buf, size_t len, const char *bound)
{
    size_t n = strlen(bound);
    if (n > 5 && !strcmp(bound + n - 5, " peak"))
        n -= 5;
    else if (n > 10 && !strcmp(bound + n - 10, " bandwidth"))
        n -= 10;
    snprintf(buf, len, "%.*s", (int)n, bound);
}

static int by_time_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x > y ? -1 : x < y;
}

/* The time of the KEY_KERNELS_MAX-th longest kernel on the chart, and how many of those taking
 * exactly that long the key has room for; -1 (all named) when they fit, or out of memory. */
static double key_threshold(const struct rfl_model *m, int gpu, size_t drawn, size_t *ties)
{
    *ties = 0;
    double *t = drawn > KEY_KERNELS_MAX ? malloc(drawn * sizeof *t) : NULL;
    if (!t)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels; i++)
        if (on_chart(&m->kernels[i], gpu))
            t[n++] = m->kernels[i].time_s;
    qsort(t, n, sizeof *t, by_time_desc);
    const double cut = t[KEY_KERNELS_MAX - 1];
    for (size_t i = 0; i < KEY_KERNELS_MAX; i++)
        *ties += t[i] == cut;
    free(t);
    return cut;
}

/* The kernels on a chart that its key names (key_threshold), in order, each
 * with its place among the chart's kernels (the table's number less one). */
struct named {
    const struct rfl_model *m;
    int gpu;
    size_t i, n, drawn, ties;
    double cut;
};

static void named_start(struct named *w, const struct rfl_model *m, int gpu)
{
    memset(w, 0, sizeof *w);
    w->m = m;
    w->gpu = gpu;
    for (size_t i = 0; i < m->nkernels; i++)
        w->drawn += on_chart(&m->kernels[i], gpu);
    w->cut = key_threshold(m, gpu, w->drawn, &w->ties);
}

/* The next kernel the key names and its place in *n; NULL past the last. */
static const struct rfl_app *named_next(struct named *w, size_t *n)
{
    while (w->i < w->m->nkernels) {
        const struct rfl_app *k = &w->m->kernels[w->i++];
        if (!on_chart(k, w->gpu))
            continue;
        *n = w->n++;
        if (w->cut < 0 || k->time_s > w->cut || (k->time_s == w->cut && w->ties && w->ties--))
            return k;
    }
    return NULL;
}

void rfl_plot_kernels_labels(struct rfl_chart *c, const struct rfl_model *m, int gpu)
{
    /* The kernels the key names are labelled; the rest are dots, numbered in the table. */
    struct named w;
    named_start(&w, m, gpu);
    const struct rfl_app *k;
    size_t n;
    while (!stop(c) && (k = named_next(&w, &n))) {
        char text[256], word[96];
        roof_word(word, sizeof word, k->bound);
        if (gpu)
            snprintf(text, sizeof text, "%zu", n + 1);
        else if (k->attainable > 0)
            snprintf(text, sizeof text, "%s: %s%.0f%% of %s", rfl_kernel_label(k), at_least(k),
                     100 * k->gflops / k->attainable, word);
        else
            snprintf(text, sizeof text, "%s", rfl_kernel_label(k));
        rfl_chart_label_point(c, text, color_of(n), leftmost(k), k->gflops);
    }
}

void rfl_plot_kernels_plot(struct rfl_chart *c, const struct rfl_model *m, int gpu)
{
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels; i++) {
        if (!on_chart(&m->kernels[i], gpu))
            continue;
        rfl_chart_printf(c,
                         "  $kernels index %zu using 1:2 with lines lw 1.2 dt 3 lc rgb \"%s\" notitle, \\\n"
                         "  $kernels index %zu using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb \"%s\" notitle, \\\n",
                         n, color_of(n), n, color_of(n));
        n++;
    }
}

/* Which levels the points of the chart have markers at. */
static int levels_drawn(const struct rfl_model *m, int gpu, const struct rfl_app **any)
{
    int mask = 0;
    *any = NULL;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!on_chart(k, gpu))
            continue;
        *any = k;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            if (k->ai_at[l] > 0 && k->level_names[l])
                mask |= 1 << l;
    }
    return mask;
}

size_t rfl_plot_kernels_nkey(const struct rfl_model *m, int gpu)
{
    const struct rfl_app *any;
    int mask = levels_drawn(m, gpu, &any);
    size_t n = 0;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        n += (mask >> l) & 1;
    if (gpu && any) {
        n++; /* the heading */
        size_t drawn = 0;
        for (size_t i = 0; i < m->nkernels; i++)
            drawn += on_chart(&m->kernels[i], gpu);
        n += drawn > KEY_KERNELS_MAX ? KEY_KERNELS_MAX + 1 : drawn;
    }
    return n;
}

size_t rfl_plot_kernels_key(struct rfl_chart *c, const struct rfl_model *m, int gpu)
{
    const struct rfl_app *any;
    int mask = levels_drawn(m, gpu, &any);
    if (!any)
        return 0;
    char text[160];
    /* rfl profile's (ncu, likwid) and rfl_dense's factorizations (tool "dense") */
    const char *tool = NULL;
    int dense = 0;
    for (size_t i = 0; i < m->nkernels; i++)
        if (on_chart(&m->kernels[i], gpu)) {
            if (!strcmp(m->kernels[i].tool, "dense"))
                dense = 1;
            else if (!tool)
                tool = m->kernels[i].tool;
        }
    for (int l = 0; l < RFL_MEM_NLEVELS; l++) {
        if (!((mask >> l) & 1))
            continue;
        snprintf(text, sizeof text, "%s at %s", !tool ? "factorization" : gpu ? "kernel" : "region",
                 any->level_names[l]);
        rfl_chart_printf(c, ", \\\n  NaN with points pt %d ps 1.6 lw 2 lc rgb \"#303030\" title %s", level_pt[l],
                         rfl_chart_literal(c, text));
    }
    if (!gpu)
        return rfl_plot_kernels_nkey(m, gpu);
    if (tool)
        snprintf(text, sizeof text, "profiled (%s)%s: %% of the roof above", tool, dense ? " and rfl_dense" : "");
    else
        snprintf(text, sizeof text, "rfl_dense, largest n: %% of the roof above");
    rfl_chart_printf(c, ", \\\n  NaN with lines lc rgb \"#ffffff\" title %s", rfl_chart_literal(c, text));
    struct named w;
    named_start(&w, m, gpu);
    const struct rfl_app *k;
    size_t n;
    while (!rfl_interrupted() && (k = named_next(&w, &n))) {
        char name[RFL_KERNEL_LABEL_MAX + 8];
        snprintf(name, sizeof name, "%s", rfl_kernel_label(k));
        rfl_label_cap(name, KEY_LABEL_MAX);
        if (k->attainable > 0)
            snprintf(text, sizeof text, "%zu %s: %s%.0f%%", n + 1, name, at_least(k), 100 * k->gflops / k->attainable);
        else
            snprintf(text, sizeof text, "%zu %s", n + 1, name);
        rfl_chart_printf(c, ", \\\n  NaN with points pt 7 ps 1.2 lc rgb \"%s\" title %s", color_of(n),
                         rfl_chart_literal(c, text));
    }
    if (w.drawn > KEY_KERNELS_MAX) {
        snprintf(text, sizeof text, "... %zu more, by number in the table", w.drawn - KEY_KERNELS_MAX);
        rfl_chart_printf(c, ", \\\n  NaN with lines lc rgb \"#ffffff\" title %s", rfl_chart_literal(c, text));
    }
    return rfl_plot_kernels_nkey(m, gpu);
}
