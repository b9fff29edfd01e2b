/* layouts.png: the CPU ceilings of each layout of rfl run --layouts (one
 * rank x all cores, one per NUMA domain, per socket, per core) side by
 * side: a group of bars per ceiling, one bar per layout, on a log axis,
 * each labelled with its value, its spread drawn as an error bar; and the
 * layouts' ceilings read back (layouts.h). */
#include "config.h"
#include "layouts.h"
#include "style.h"
#include "ceilings/model.h"
#include "ceilings/write.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The most ceilings one chart groups (a CPU run has a few dozen at most). */
#define MAX_GROUPS 64

static int has_ceilings_csv(const char *dir, const char *name)
{
    char path[PATH_MAX * 2];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s/%s/ceilings.csv", dir, RFL_PLOT_LAYOUTS_DIR, name);
    return name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int rfl_plot_layouts_present(const char *dir)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, RFL_PLOT_LAYOUTS_DIR);
    DIR *d = opendir(path);
    int found = 0;
    for (struct dirent *e = d ? readdir(d) : NULL; e && !found; e = readdir(d))
        found = has_ceilings_csv(dir, e->d_name);
    if (d)
        closedir(d);
    return found;
}

static int fewest_ranks_first(const void *pa, const void *pb)
{
    const struct rfl_plot_layout *a = pa, *b = pb;
    if (a->ranks != b->ranks)
        return a->ranks < b->ranks ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Its CPU ceilings only, and who measured them. 0, or -1 after a message. */
static int read_layout(const char *dir, struct rfl_plot_layout *l)
{
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/%s/%s/ceilings.csv", dir, RFL_PLOT_LAYOUTS_DIR, l->name);
    struct rfl_ceiling *all = NULL;
    size_t n = 0;
    if (rfl_ceilings_read(path, &all, &n) != 0)
        return -1;
    l->n = 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(all[i].device, "cpu")) {
            if (!l->ranks && all[i].ranks > 0) {
                l->ranks = all[i].ranks;
                l->threads_per_rank = all[i].threads_per_rank;
            }
            all[l->n++] = all[i];
        }
    l->ceilings = all;
    return 0;
}

int rfl_plot_layouts_read(const char *dir, struct rfl_plot_layout *out, size_t max)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, RFL_PLOT_LAYOUTS_DIR);
    DIR *d = opendir(path);
    size_t n = 0;
    for (struct dirent *e = d ? readdir(d) : NULL; e && n < max; e = readdir(d)) {
        if (strlen(e->d_name) >= sizeof out->name || !has_ceilings_csv(dir, e->d_name))
            continue;
        struct rfl_plot_layout *l = &out[n];
        memset(l, 0, sizeof *l);
        snprintf(l->name, sizeof l->name, "%s", e->d_name);
        if (read_layout(dir, l) != 0) {
            closedir(d);
            rfl_plot_layouts_free(out, n);
            return -1;
        }
        n++;
    }
    if (d)
        closedir(d);
    qsort(out, n, sizeof *out, fewest_ranks_first);
    return (int)n;
}

void rfl_plot_layouts_free(struct rfl_plot_layout *layouts, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(layouts[i].ceilings);
        layouts[i].ceilings = NULL;
        layouts[i].n = 0;
    }
}

static int same_ceiling(const struct rfl_ceiling *a, const struct rfl_ceiling *b)
{
    return a->kind == b->kind && !strcmp(a->name, b->name);
}

const struct rfl_ceiling *rfl_plot_layouts_find(const struct rfl_plot_layout *l, const struct rfl_ceiling *like)
{
    for (size_t i = 0; i < l->n; i++)
        if (same_ceiling(&l->ceilings[i], like))
            return &l->ceilings[i];
    return NULL;
}

size_t rfl_plot_layouts_groups(const struct rfl_plot_layout *layouts, size_t n, const struct rfl_ceiling **groups,
                               size_t max)
{
    size_t ng = 0;
    for (int kind = 0; kind < 2; kind++)
        for (size_t j = 0; j < n; j++)
            for (size_t i = 0; i < layouts[j].n && ng < max; i++) {
                const struct rfl_ceiling *c = &layouts[j].ceilings[i];
                if ((c->kind == RFL_CEILING_BANDWIDTH) != (kind == 0))
                    continue;
                size_t g = 0;
                while (g < ng && !same_ceiling(groups[g], c))
                    g++;
                if (g == ng)
                    groups[ng++] = c;
            }
    return ng;
}

void rfl_plot_layouts_describe(const struct rfl_plot_layout *l, char *buf, size_t len)
{
    char ranks[32] = "?", threads[32] = "?";
    if (l->ranks > 0)
        snprintf(ranks, sizeof ranks, "%ld", l->ranks);
    if (l->threads_per_rank > 0)
        snprintf(threads, sizeof threads, "%ld", l->threads_per_rank);
    snprintf(buf, len, "%.*s: %s rank%s x %s thread%s", (int)sizeof l->name, l->name, ranks, l->ranks == 1 ? "" : "s", threads,
             l->threads_per_rank == 1 ? "" : "s");
}

int rfl_plot_layouts(const struct rfl_model *m, const char *dir)
{
    struct rfl_plot_layout layouts[RFL_PLOT_MAX_LAYOUTS];
    const int nread = rfl_plot_layouts_read(m->dir, layouts, RFL_PLOT_MAX_LAYOUTS);
    if (nread < 0)
        return -1;
    const size_t n = (size_t)nread;
    const struct rfl_ceiling *groups[MAX_GROUPS];
    const size_t ng = rfl_plot_layouts_groups(layouts, n, groups, MAX_GROUPS);
    double lo = INFINITY, hi = 0;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < layouts[j].n; i++) {
            const struct rfl_ceiling *c = &layouts[j].ceilings[i];
            lo = fmin(lo, isfinite(c->value_low) ? c->value_low : c->value);
            hi = fmax(hi, c->value);
        }
    if (!(hi > 0))
        lo = 1, hi = 10;
    /* Room above the tallest bar for its label, written upwards: about a
     * sixth of the plot's height, whatever the span of the values. */
    const double room = 0.17;
    double ylo = rfl_plot_nice(lo / 3, 1);
    double yhi = rfl_plot_nice(pow(10, (log10(hi) - room * log10(ylo)) / (1 - room)), 0);
    rfl_chart_bound_axis(&ylo, &yhi);

    char title[1024], corner[512], gp[PATH_MAX + 64];
    size_t used = (size_t)snprintf(title, sizeof title, "CPU ceilings by layout: %s", m->machine);
    for (size_t j = 0; j < n && used < sizeof title; j++)
        used += (size_t)snprintf(title + used, sizeof title - used, "%s %s %ldx%ld", j ? "," : " (ranks x threads:",
                                 layouts[j].name, layouts[j].ranks, layouts[j].threads_per_rank);
    if (n && used < sizeof title)
        snprintf(title + used, sizeof title - used, ")");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "layouts", 1300, 800, 0.08, 0.80, 0.2, 0.92, title, corner) != 0) {
        rfl_plot_layouts_free(layouts, n);
        return -1;
    }
    char a[32], b[32], d[32], e[32], f[32], g6[32];
    rfl_chart_printf(&c, "unset logscale x\nset grid noxtics\n");
    rfl_chart_printf(&c, "set xrange [-0.6:%s]\n", rfl_plot_coord(a, sizeof a, ng ? (double)ng - 0.4 : 0.6));
    rfl_chart_printf(&c, "set yrange [%s:%s]\n", rfl_plot_coord(a, sizeof a, ylo), rfl_plot_coord(b, sizeof b, yhi));
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set ylabel \"GB/s (memory levels), GFLOP/s (compute)\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 2 spacing 1.3 font \"sans,10\"\n");
    rfl_chart_printf(&c, "set xtics (");
    for (size_t g = 0; g < ng; g++) {
        char label[160];
        snprintf(label, sizeof label, "%s (%s)", groups[g]->name, rfl_ceiling_unit(groups[g]));
        rfl_chart_printf(&c, "%s%s %zu", g ? ", " : "", rfl_chart_literal(&c, label), g);
    }
    rfl_chart_printf(&c, ") rotate by 30 right nomirror\n");
    for (size_t g = 1; g < ng; g++) /* between the memory levels and the compute ceilings */
        if (groups[g]->kind != groups[g - 1]->kind)
            rfl_chart_printf(&c, "set arrow from first %s, graph 0 to first %s, graph 1 nohead dt 2 lc rgb \"#909090\"\n",
                             rfl_plot_coord(a, sizeof a, (double)g - 0.5), rfl_plot_coord(b, sizeof b, (double)g - 0.5));
    if (!ng)
        rfl_chart_printf(&c, "set label %s at graph 0.5, graph 0.5 center\n",
                         rfl_chart_literal(&c, "no CPU ceiling in any layout"));
    /* Each layout's bars (x y xlow xhigh ylow yhigh) and spreads (x y low
     * high), one block per layout; its value above each bar. */
    const double width = 0.8 / (double)(n ? n : 1);
    rfl_chart_printf(&c, "$bars << EOD\n");
    for (size_t j = 0; j < n; j++) {
        rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, layouts[j].name));
        for (size_t g = 0; g < ng; g++) {
            const struct rfl_ceiling *ce = rfl_plot_layouts_find(&layouts[j], groups[g]);
            if (!ce)
                continue;
            const double x = (double)g + ((double)j - ((double)n - 1) / 2) * width;
            rfl_chart_printf(&c, "%s %s %s %s %s %s\n", rfl_plot_coord(a, sizeof a, x),
                             rfl_plot_coord(b, sizeof b, ce->value), rfl_plot_coord(d, sizeof d, x - width * 0.45),
                             rfl_plot_coord(e, sizeof e, x + width * 0.45), rfl_plot_coord(f, sizeof f, ylo),
                             rfl_plot_coord(g6, sizeof g6, ce->value));
        }
        rfl_chart_printf(&c, "NaN NaN NaN NaN NaN NaN\n\n\n");
    }
    rfl_chart_printf(&c, "EOD\n$spreads << EOD\n");
    for (size_t j = 0; j < n; j++)
        for (size_t g = 0; g < ng; g++) {
            const struct rfl_ceiling *ce = rfl_plot_layouts_find(&layouts[j], groups[g]);
            if (!ce || !isfinite(ce->value_low) || !isfinite(ce->value_high))
                continue;
            const double x = (double)g + ((double)j - ((double)n - 1) / 2) * width;
            rfl_chart_printf(&c, "%s %s %s %s\n", rfl_plot_coord(a, sizeof a, x),
                             rfl_plot_coord(b, sizeof b, ce->value), rfl_plot_coord(d, sizeof d, ce->value_low),
                             rfl_plot_coord(e, sizeof e, ce->value_high));
        }
    rfl_chart_printf(&c, "NaN NaN NaN NaN\nEOD\n");
    for (size_t j = 0; j < n; j++)
        for (size_t g = 0; g < ng; g++) {
            const struct rfl_ceiling *ce = rfl_plot_layouts_find(&layouts[j], groups[g]);
            if (!ce)
                continue;
            const double x = (double)g + ((double)j - ((double)n - 1) / 2) * width;
            rfl_chart_printf(&c, "set label %s at first %s, first %s rotate by 90 left font \"sans,8\" front\n",
                             rfl_chart_literal(&c, rfl_chart_num(a, sizeof a, ce->value)),
                             rfl_plot_coord(b, sizeof b, x), rfl_plot_coord(d, sizeof d, ce->value * 1.12));
        }
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t j = 0; j < n; j++) {
        char entry[192];
        rfl_plot_layouts_describe(&layouts[j], entry, sizeof entry);
        rfl_chart_printf(&c,
                         "  $bars index %zu using 1:2:3:4:5:6 with boxxyerror fs solid 0.85 noborder lc rgb \"%s\" "
                         "title %s, \\\n",
                         j, rfl_plot_palette[j % RFL_PLOT_NPALETTE], rfl_chart_literal(&c, entry));
    }
    /* vectors with flat heads, not yerrorbars: those draw a point at each value */
    rfl_chart_printf(&c,
                     "  $spreads using 1:3:(0):($4-$3) with vectors heads size screen 0.005,90 lw 1.2 "
                     "lc rgb \"#303030\" title %s, \\\n",
                     rfl_chart_literal(&c, "spread (typical to best)"));
    rfl_chart_printf(&c, "  NaN notitle\n");
    rfl_plot_layouts_free(layouts, n);
    snprintf(gp, sizeof gp, "%s/layouts.gp", dir);
    return rfl_chart_end(&c, gp);
}
