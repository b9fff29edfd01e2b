/* rfl compare's chart: the rooflines of one device in several runs, each
 * run in its own colour and dash; one label per ceiling, on the line of the
 * first run that has it, with every run's value and spread. */
#include "config.h"
#include "plot.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/rfl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Distinct on white and in grey; a dash per run besides. */
static const char *const run_colors[] = {"#1f4e9c", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#17a2b8",
                                         "#6d4c41", "#555555"};
#define NCOLORS (sizeof run_colors / sizeof run_colors[0])
static const int run_dash[] = {1, 2, 4, 5, 3};
#define NDASH (sizeof run_dash / sizeof run_dash[0])
#define LABEL_COLOR "#303030"

struct cline {
    char label[512];          /* "" for all but the first run's line of a ceiling */
    const struct rfl_ceiling *ce;
    size_t run;
    double x0, y0, x1, y1;
    int compute;
};

struct run_roofs {
    double top, bmax; /* the run's top compute ceiling and fastest bandwidth on the device (0: none) */
    size_t n;         /* its ceilings on the device */
};

static int on_device(const struct rfl_ceiling *c, const char *device) { return !strcmp(c->device, device); }

int rfl_plot_compare(const struct rfl_plot_run *runs, size_t nruns, const char *device, const char *dir,
                     const char *base)
{
    struct run_roofs *rr = calloc(nruns ? nruns : 1, sizeof *rr);
    if (!rr)
        return -1;
    double top = 0, bmax = 0, bmin = INFINITY, cmin = INFINITY, linkmin = INFINITY;
    size_t nlines = 0;
    for (size_t r = 0; r < nruns; r++)
        for (size_t i = 0; i < runs[r].n; i++) {
            const struct rfl_ceiling *c = &runs[r].ceilings[i];
            if (!on_device(c, device))
                continue;
            nlines++;
            rr[r].n++;
            if (c->kind == RFL_CEILING_COMPUTE) {
                rr[r].top = fmax(rr[r].top, c->value);
                cmin = fmin(cmin, c->value);
            } else {
                rr[r].bmax = fmax(rr[r].bmax, c->value);
                /* The host link sets no range where the device's own levels do. */
                if (strncmp(c->name, "host link", 9))
                    bmin = fmin(bmin, c->value);
                else
                    linkmin = fmin(linkmin, c->value);
            }
        }
    for (size_t r = 0; r < nruns; r++)
        top = fmax(top, rr[r].top), bmax = fmax(bmax, rr[r].bmax);
    if (!isfinite(bmin))
        bmin = linkmin;
    if (!nlines) {
        free(rr);
        return 1;
    }
    int have_bw = bmax > 0, have_cp = top > 0;
    double xlo = 1.0 / 16, xhi = 16;
    if (have_bw && have_cp) {
        xlo = fmin(xlo, top / bmax / 8);
        xhi = fmax(xhi, top / bmin * 4);
    }
    rfl_chart_bound_axis(&xlo, &xhi);
    xlo = rfl_plot_pow2_floor(xlo);
    xhi = rfl_plot_pow2_ceil(xhi);
    double yhi = have_cp ? rfl_plot_nice(top * 2.5, 0) : rfl_plot_nice(bmax * xhi * 2, 0);
    double ylo = have_bw ? rfl_plot_nice(bmin * xlo / 2, 1) : rfl_plot_nice(cmin / 20, 1);
    if (have_cp && cmin < ylo * 3)
        ylo = rfl_plot_nice(cmin / 3, 1);
    rfl_chart_bound_axis(&ylo, &yhi);

    struct cline *lines = calloc(nlines, sizeof *lines);
    if (!lines) {
        free(rr);
        return -1;
    }
    size_t n = 0;
    for (size_t r = 0; r < nruns; r++)
        for (size_t i = 0; i < runs[r].n; i++) {
            const struct rfl_ceiling *c = &runs[r].ceilings[i];
            if (!on_device(c, device))
                continue;
            struct cline *l = &lines[n++];
            l->ce = c;
            size_t first = 0;
            while (first < n - 1 && !(lines[first].ce->kind == c->kind && !strcmp(lines[first].ce->name, c->name)))
                first++;
            /* "L1: A 1338 (median 1290), B 1329 (median 1301) GB/s" on the first run's line. */
            char v[64];
            rfl_plot_value_text(v, sizeof v, c);
            struct cline *f = &lines[first];
            size_t len = strlen(f->label);
            if (first == n - 1)
                snprintf(f->label, sizeof f->label, "%s: %s %s", c->name, runs[r].label, v);
            else
                snprintf(f->label + len, sizeof f->label - len, ", %s %s", runs[r].label, v);
            l->run = r;
            l->compute = c->kind == RFL_CEILING_COMPUTE;
            if (l->compute) {
                l->x0 = rr[r].bmax > 0 ? c->value / rr[r].bmax : xlo;
                l->y0 = l->y1 = c->value;
                l->x1 = xhi;
            } else {
                l->x0 = xlo;
                l->y0 = c->value * xlo;
                l->x1 = rr[r].top > 0 ? rr[r].top / c->value : xhi;
                l->y1 = rr[r].top > 0 ? rr[r].top : c->value * xhi;
            }
            /* Where a line starts below the chart, its label stays on the visible part. */
            if (l->y0 < ylo && l->y1 > l->y0 && l->x1 > l->x0) {
                double slope = log(l->y1 / l->y0) / log(l->x1 / l->x0);
                l->x0 *= pow(ylo / l->y0, 1 / slope);
                l->y0 = ylo;
            }
        }
    for (size_t i = 0; i < n; i++)
        if (lines[i].label[0]) {
            size_t len = strlen(lines[i].label);
            snprintf(lines[i].label + len, sizeof lines[i].label - len, " %s", rfl_ceiling_unit(lines[i].ce));
        }

    char title[256], corner[128], gp[2048];
    snprintf(title, sizeof title, "Rooflines compared: %s in %zu runs", device, nruns);
    snprintf(corner, sizeof corner, "rfl compare | rfl %s", rfl_version());
    struct rfl_chart ch;
    if (rfl_plot_begin(&ch, base, 0.97, title, corner, xlo, xhi, ylo, yhi) != 0) {
        free(lines);
        free(rr);
        return -1;
    }
    rfl_plot_ai_tics(&ch, xlo, xhi);
    rfl_chart_printf(&ch, "set format y \"%%g\"\n");
    rfl_chart_printf(&ch, "set xlabel \"arithmetic intensity (flops per byte)\"\n");
    rfl_chart_printf(&ch, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&ch, "$ceilings << EOD\n");
    for (size_t i = 0; i < n; i++) {
        char what[128];
        snprintf(what, sizeof what, "%s: %s", runs[lines[i].run].label, lines[i].ce->name);
        rfl_chart_printf(&ch, "# %s\n", rfl_chart_literal(&ch, what));
        rfl_plot_point(&ch, lines[i].x0, lines[i].y0);
        rfl_plot_point(&ch, lines[i].x1, lines[i].y1);
        rfl_chart_printf(&ch, "\n\n");
    }
    rfl_chart_printf(&ch, "EOD\n");
    /* The key, top left: one entry per run, its colour and dash and its directory. */
    rfl_chart_printf(&ch, "set key top left box opaque samplen 4 spacing 1.3 font \"sans,10\" width 1\n");
    size_t nkey = 0;
    for (size_t r = 0; r < nruns; r++)
        nkey += rr[r].n > 0;
    double key_w = 360, key_h = 22.0 * (double)nkey + 12;
    rfl_chart_add_box(&ch, (struct rfl_box){ch.left * ch.width + key_w / 2 + 6, ch.top * ch.height - key_h / 2 - 6,
                                            key_w / 2 + 4, key_h / 2 + 4, 0});
    for (size_t i = 0; i < n; i++)
        rfl_chart_block_line(&ch, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1);
    for (size_t i = 0; i < n; i++)
        if (lines[i].compute && lines[i].label[0])
            rfl_chart_label_line(&ch, lines[i].label, LABEL_COLOR, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                                 0.97, 0.2);
    for (size_t i = 0; i < n; i++)
        if (!lines[i].compute && lines[i].label[0])
            rfl_chart_label_line(&ch, lines[i].label, LABEL_COLOR, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                                 0.6, 0.05);
    rfl_chart_printf(&ch, "plot \\\n");
    for (size_t i = 0; i < n; i++)
        rfl_chart_printf(&ch, "  $ceilings index %zu with lines dt %d lw 2.5 lc rgb \"%s\" notitle, \\\n", i,
                         run_dash[lines[i].run % NDASH], run_colors[lines[i].run % NCOLORS]);
    /* The key: the runs with ceilings of this device. */
    size_t last = 0;
    for (size_t r = 0; r < nruns; r++)
        if (rr[r].n)
            last = r;
    for (size_t r = 0; r < nruns; r++) {
        if (!rr[r].n)
            continue;
        char entry[1200];
        snprintf(entry, sizeof entry, "%s: %s", runs[r].label, runs[r].dir);
        rfl_chart_printf(&ch, "  NaN with lines dt %d lw 2.5 lc rgb \"%s\" title %s%s\n", run_dash[r % NDASH],
                         run_colors[r % NCOLORS], rfl_chart_literal(&ch, entry), r < last ? ", \\" : "");
    }
    free(rr);
    free(lines);
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, base);
    return rfl_chart_end(&ch, gp);
}
