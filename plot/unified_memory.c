/* unified_memory.png (one heat map per mechanism, Lo et al. Fig. 7) and
 * unified_memory_reuse.png (the reuse each needs for half the device pass). */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * unified_memory.png: one heat map per mechanism, one colour scale
 * ------------------------------------------------------------------------- */

struct um_axes {
    char mech[12][24], panel[12][4];
    size_t nmech;
    uint64_t wss[64];
    size_t nwss;
    long reuse[32];
    size_t nreuse;
};

static void um_axes_of(const struct rfl_gpu_data *g, struct um_axes *ax)
{
    memset(ax, 0, sizeof *ax);
    for (size_t i = 0; i < g->num; i++) {
        const struct rfl_gpu_um *p = &g->um[i];
        size_t k = 0;
        while (k < ax->nmech && strcmp(ax->mech[k], p->mechanism))
            k++;
        if (k == ax->nmech && ax->nmech < 12) {
            snprintf(ax->mech[ax->nmech], sizeof ax->mech[0], "%s", p->mechanism);
            snprintf(ax->panel[ax->nmech++], sizeof ax->panel[0], "%s", p->panel);
        }
        k = 0;
        while (k < ax->nwss && ax->wss[k] != p->wss)
            k++;
        if (k == ax->nwss && ax->nwss < 64)
            ax->wss[ax->nwss++] = p->wss;
        k = 0;
        while (k < ax->nreuse && ax->reuse[k] != p->reuse)
            k++;
        if (k == ax->nreuse && ax->nreuse < 32)
            ax->reuse[ax->nreuse++] = p->reuse;
    }
    for (size_t a = 1; a < ax->nwss; a++)
        for (size_t b = a; b > 0 && ax->wss[b - 1] > ax->wss[b]; b--) {
            uint64_t t = ax->wss[b];
            ax->wss[b] = ax->wss[b - 1];
            ax->wss[b - 1] = t;
        }
    for (size_t a = 1; a < ax->nreuse; a++)
        for (size_t b = a; b > 0 && ax->reuse[b - 1] > ax->reuse[b]; b--) {
            long t = ax->reuse[b];
            ax->reuse[b] = ax->reuse[b - 1];
            ax->reuse[b - 1] = t;
        }
}

/* Cell edges of a sorted geometric sweep: half way (in log) to each neighbour. */
static void cell_edges(const double *v, size_t n, size_t i, double *lo, double *hi)
{
    double left = i > 0 ? sqrt(v[i - 1] * v[i]) : n > 1 ? v[0] * sqrt(v[0] / v[1]) : v[0] / 2;
    double right = i + 1 < n ? sqrt(v[i] * v[i + 1]) : n > 1 ? v[i] * sqrt(v[i] / v[i - 1]) : v[0] * 2;
    *lo = left;
    *hi = right;
}

/* Where a point's cell lies: "wss reuse x0 x1 y0 y1" (its working set and
 * reuse, its edges), the start of a data line. */
static void cell_place(struct rfl_chart *c, const struct um_axes *ax, const double *wv, const double *rv,
                       const struct rfl_gpu_um *u)
{
    size_t wi = 0, ri = 0;
    while (wi < ax->nwss && ax->wss[wi] != u->wss)
        wi++;
    while (ri < ax->nreuse && ax->reuse[ri] != u->reuse)
        ri++;
    double x0, x1, y0, y1;
    cell_edges(wv, ax->nwss, wi, &x0, &x1);
    cell_edges(rv, ax->nreuse, ri, &y0, &y1);
    char a[32], b[32], e[32], f[32], h[32];
    rfl_chart_printf(c, "%s %ld %s %s %s %s", rfl_plot_coord(a, sizeof a, (double)u->wss), u->reuse,
                     rfl_plot_coord(b, sizeof b, x0), rfl_plot_coord(e, sizeof e, x1), rfl_plot_coord(f, sizeof f, y0),
                     rfl_plot_coord(h, sizeof h, y1));
}

/* The cells of mechanism `mech` not measured (grey), or where `half`, those
 * at half the device pass or more (outlined): one line each, a NaN line for none. */
static void cell_block(struct rfl_chart *c, const struct rfl_gpu_data *g, const struct um_axes *ax, const double *wv,
                       const double *rv, const char *mech, int half)
{
    size_t n = 0;
    for (size_t i = 0; i < g->num; i++) {
        const struct rfl_gpu_um *u = &g->um[i];
        if (strcmp(u->mechanism, mech) || (half ? !(u->fraction >= 0.5) : u->gbytes_per_s > 0))
            continue;
        cell_place(c, ax, wv, rv, u);
        rfl_chart_printf(c, "\n");
        n++;
    }
    if (!n)
        rfl_chart_printf(c, "NaN NaN NaN NaN NaN NaN\n");
}

static const char *mech_text(const char *mech)
{
    static const char *const names[][2] = {
        {"pageable", "malloc + cudaMemcpy"},
        {"pinned_register", "cudaHostRegister + cudaMemcpy"},
        {"pinned_alloc", "cudaMallocHost + cudaMemcpy"},
        {"zero_copy", "mapped host memory"},
        {"managed", "cudaMallocManaged"},
        {"managed_prefetch", "managed + prefetch, advise"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(mech, names[i][0]))
            return names[i][1];
    return NULL;
}

static void size_label(char *buf, size_t len, double bytes)
{
    rfl_format_size((uint64_t)llround(bytes), buf, len);
}

int rfl_plot_unified_memory(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    struct um_axes ax;
    um_axes_of(g, &ax);
    if (!ax.nmech || !ax.nwss || !ax.nreuse)
        return 0;
    double vmin = INFINITY, vmax = 0;
    for (size_t i = 0; i < g->num; i++)
        if (g->um[i].gbytes_per_s > 0) {
            vmin = fmin(vmin, g->um[i].gbytes_per_s);
            vmax = fmax(vmax, g->um[i].gbytes_per_s);
        }
    if (!(vmax > 0))
        return 0;
    double cblo = floor(log10(vmin)), cbhi = ceil(log10(vmax));
    if (cbhi <= cblo)
        cbhi = cblo + 1;
    size_t cols = ax.nmech <= 3 ? ax.nmech : ax.nmech == 4 ? 2 : 3;
    size_t rows = (ax.nmech + cols - 1) / cols;
    double width = cols == 1 ? 700 : cols == 2 ? 1200 : 1600, height = rows == 1 ? 560 : rows == 2 ? 1000 : 1400;
    double wv[64], rv[32];
    for (size_t i = 0; i < ax.nwss; i++)
        wv[i] = (double)ax.wss[i];
    for (size_t i = 0; i < ax.nreuse; i++)
        rv[i] = (double)ax.reuse[i];
    double xlo, xhi, ylo, yhi, t;
    cell_edges(wv, ax.nwss, 0, &xlo, &t);
    cell_edges(wv, ax.nwss, ax.nwss - 1, &t, &xhi);
    cell_edges(rv, ax.nreuse, 0, &ylo, &t);
    cell_edges(rv, ax.nreuse, ax.nreuse - 1, &t, &yhi);

    struct rfl_chart c;
    if (rfl_chart_open(&c, "unified_memory", width, height) != 0)
        return -1;
    char q[512], corner[512], title[512], a[32], b[32], v[32], e[32], f[32];
    /* Fixed point (no dimming), viridis-like and readable in grey. */
    rfl_chart_printf(&c, "set palette defined (0 \"#440154\", 1 \"#3b528b\", 2 \"#21918c\", 3 \"#5ec962\", "
                         "4 \"#fde725\")\n");
    rfl_chart_printf(&c, "set cbrange [%s:%s]\n", rfl_plot_coord(a, sizeof a, cblo), rfl_plot_coord(b, sizeof b, cbhi));
    rfl_chart_printf(&c, "set cbtics (");
    for (double k = cblo; k <= cbhi + 1e-9 && k < cblo + RFL_CHART_MAX_TICS; k += 1)
        rfl_chart_printf(&c, "%s\"%s\" %s", k > cblo ? ", " : "", rfl_plot_coord(v, sizeof v, pow(10, k)),
                         rfl_plot_coord(a, sizeof a, k));
    rfl_chart_printf(&c, ")\nset cblabel \"effective GB/s\"\n");
    rfl_chart_printf(&c, "set logscale xy\nset xrange [%s:%s]\nset yrange [%s:%s]\n", rfl_plot_coord(a, sizeof a, xlo),
                     rfl_plot_coord(b, sizeof b, xhi), rfl_plot_coord(e, sizeof e, ylo), rfl_plot_coord(f, sizeof f, yhi));
    rfl_chart_printf(&c, "set xtics (");
    size_t step = ax.nwss > 8 ? 2 : 1;
    for (size_t i = 0; i < ax.nwss; i += step) {
        char s[32];
        size_label(s, sizeof s, wv[i]);
        rfl_chart_printf(&c, "%s\"%s\" %s", i ? ", " : "", s, rfl_plot_coord(a, sizeof a, wv[i]));
    }
    rfl_chart_printf(&c, ") scale 0 font \"sans,9\"\nset ytics (");
    for (size_t i = 0; i < ax.nreuse; i++)
        rfl_chart_printf(&c, "%s\"%ld\" %s", i ? ", " : "", ax.reuse[i], rfl_plot_coord(a, sizeof a, rv[i]));
    rfl_chart_printf(&c, ") scale 0 font \"sans,9\"\nset mxtics 1\nset mytics 1\nunset key\nset border lc rgb \"#404040\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set\" font \"sans,10\"\nset ylabel \"reuse (GPU passes per CPU pass)\" "
                         "font \"sans,10\"\n");
    /* The data: every cell with its edges, value and text colour. */
    double half = g->um_device_pass > 0 ? 0.5 * g->um_device_pass : NAN;
    for (size_t p = 0; p < ax.nmech; p++) {
        char what[96];
        snprintf(what, sizeof what, "%s: wss, reuse, x0, x1, y0, y1, log10 GB/s, GB/s", ax.mech[p]);
        rfl_chart_printf(&c, "# %s\n$m%zu << EOD\n", rfl_chart_literal(&c, what), p);
        for (size_t i = 0; i < g->num; i++) {
            const struct rfl_gpu_um *u = &g->um[i];
            if (strcmp(u->mechanism, ax.mech[p]) || !(u->gbytes_per_s > 0))
                continue;
            cell_place(&c, &ax, wv, rv, u);
            rfl_chart_printf(&c, " %s %s\n", rfl_plot_coord(v, sizeof v, log10(u->gbytes_per_s)),
                             rfl_chart_num(q, sizeof q, u->gbytes_per_s));
        }
        rfl_chart_printf(&c, "EOD\n$skip%zu << EOD\n", p);
        cell_block(&c, g, &ax, wv, rv, ax.mech[p], 0);
        rfl_chart_printf(&c, "EOD\n$half%zu << EOD\n", p);
        cell_block(&c, g, &ax, wv, rv, ax.mech[p], 1);
        rfl_chart_printf(&c, "EOD\n");
    }
    /* Layout: panels in a grid, the colour bar at the right, the title and
     * the legend in words at the top. */
    double top = 1 - 105.0 / height, bottom = 90.0 / height, left = 75.0 / width, right = 1 - 130.0 / width;
    double gapx = 85.0 / width, gapy = 95.0 / height;
    double pw = (right - left - gapx * (double)(cols - 1)) / (double)cols;
    double ph = (top - bottom - gapy * (double)(rows - 1)) / (double)rows;
    rfl_plot_gpu_title(m, title, sizeof title, "Unified memory", "effective bandwidth over working set and reuse");
    rfl_chart_printf(&c, "set multiplot\n");
    rfl_chart_printf(&c, "set label 1001 %s at screen 0.5,%s center font \"sans,14\"\n", rfl_chart_literal(&c, title),
                     rfl_plot_coord(a, sizeof a, 1 - 28.0 / height));
    char legend[512];
    if (half > 0)
        snprintf(legend, sizeof legend, "cells: GB/s = 2 x 8 B x elements x trials x (reuse + 1) / time;  outlined: "
                                        "at least half of the device pass (%s GB/s);  grey: not measured",
                 rfl_chart_num(v, sizeof v, g->um_device_pass));
    else
        snprintf(legend, sizeof legend, "cells: GB/s = 2 x 8 B x elements x trials x (reuse + 1) / time;  outlined: at "
                                        "least half of the device pass;  grey: not measured");
    rfl_chart_printf(&c, "set label 1002 %s at screen 0.5,%s center font \"sans,10\" textcolor rgb \"#404040\"\n",
                     rfl_chart_literal(&c, legend), rfl_plot_coord(a, sizeof a, 1 - 52.0 / height));
    rfl_plot_corner(m, corner, sizeof corner);
    rfl_chart_printf(&c, "set label 1000 %s at screen 0.995,0.012 right font \"sans,9\" textcolor rgb \"#707070\"\n",
                     rfl_chart_literal(&c, corner));
    for (size_t p = 0; p < ax.nmech; p++) {
        size_t r = p / cols, col = p % cols;
        double l = left + (double)col * (pw + gapx), t0 = top - (double)r * (ph + gapy);
        rfl_chart_printf(&c, "set lmargin at screen %s\nset rmargin at screen %s\n", rfl_plot_coord(a, sizeof a, l),
                         rfl_plot_coord(b, sizeof b, l + pw));
        rfl_chart_printf(&c, "set tmargin at screen %s\nset bmargin at screen %s\n", rfl_plot_coord(a, sizeof a, t0),
                         rfl_plot_coord(b, sizeof b, t0 - ph));
        char ptitle[192];
        const char *what = mech_text(ax.mech[p]);
        int lettered = ax.panel[p][0] && strcmp(ax.panel[p], "-");
        snprintf(ptitle, sizeof ptitle, "%s%s%s%s%s%s", lettered ? "(" : "", lettered ? ax.panel[p] : "",
                 lettered ? ") " : "", ax.mech[p], what ? ": " : "", what ? what : "");
        rfl_chart_printf(&c, "set title %s font \"sans,11\"\n", rfl_chart_literal(&c, ptitle));
        if (p + 1 == ax.nmech)
            rfl_chart_printf(&c, "set colorbox user origin screen %s,screen %s size screen %s,screen %s\n",
                             rfl_plot_coord(a, sizeof a, 1 - 95.0 / width), rfl_plot_coord(b, sizeof b, bottom),
                             rfl_plot_coord(e, sizeof e, 18.0 / width), rfl_plot_coord(f, sizeof f, top - bottom));
        else
            rfl_chart_printf(&c, "unset colorbox\n");
        /* Cells, grey cells not measured, outlines, the numbers. */
        rfl_chart_printf(&c, "plot $skip%zu using 1:2:3:4:5:6 with boxxyerror fs solid 1.0 noborder lc rgb \"#d9d9d9\", "
                             "\\\n  $m%zu using 1:2:3:4:5:6:7 with boxxyerror fs solid 1.0 noborder lc palette, \\\n"
                             "  $half%zu using 1:2:3:4:5:6 with boxxyerror fs empty lc rgb \"#000000\" lw 2, \\\n"
                             "  $m%zu using 1:2:8:($7 < %s ? 0xffffff : 0x000000) with labels tc rgb variable font "
                             "\"sans,8\"\n",
                         p, p, p, p, rfl_plot_coord(a, sizeof a, cblo + 0.55 * (cbhi - cblo)));
    }
    rfl_chart_printf(&c, "unset multiplot\n");
    char gp[2048];
    snprintf(gp, sizeof gp, "%s/unified_memory.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * unified_memory_reuse.png: the reuse each mechanism needs to reach half of
 * the device pass, per working set
 * ------------------------------------------------------------------------- */

int rfl_plot_unified_memory_reuse(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    struct um_axes ax;
    um_axes_of(g, &ax);
    int have_fraction = 0;
    for (size_t i = 0; i < g->num; i++)
        have_fraction |= g->um[i].fraction >= 0;
    if (!ax.nmech || !have_fraction)
        return 0;
    double xlo = rfl_plot_pow2_floor((double)ax.wss[0] / 2), xhi = rfl_plot_pow2_ceil((double)ax.wss[ax.nwss - 1] * 2);
    double rmax = (double)ax.reuse[ax.nreuse - 1];
    double never = rmax * 4, ylo = (double)ax.reuse[0] / 2, yhi = rmax * 10;
    char title[512], corner[512], extra[128], gp[2048], a[32], b[32], v[32];
    if (g->um_device_pass > 0)
        snprintf(extra, sizeof extra, "device pass %s GB/s", rfl_chart_num(v, sizeof v, g->um_device_pass));
    else
        extra[0] = '\0';
    rfl_plot_gpu_title(m, title, sizeof title, "Reuse for half of device-memory bandwidth", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_begin(&c, "unified_memory_reuse", 0.74, title, corner, xlo, xhi, ylo, yhi) != 0)
        return -1;
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set ytics (");
    for (size_t i = 0; i < ax.nreuse; i++)
        rfl_chart_printf(&c, "%s\"%ld\" %s", i ? ", " : "", ax.reuse[i], rfl_plot_coord(a, sizeof a, (double)ax.reuse[i]));
    rfl_chart_printf(&c, ", \"never\" %s)\nset mytics 1\n", rfl_plot_coord(a, sizeof a, never));
    rfl_chart_printf(&c, "set xlabel \"working set\"\n");
    rfl_chart_printf(&c, "set ylabel \"smallest reuse with >= 50%% of the device pass\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    rfl_chart_printf(&c, "set arrow from graph 0, first %s to graph 1, first %s nohead dt 3 lw 1 lc rgb \"#909090\" "
                         "back\n",
                     rfl_plot_coord(a, sizeof a, sqrt(rmax * never)), rfl_plot_coord(b, sizeof b, sqrt(rmax * never)));
    /* Mechanisms side by side within a working set, so equal values show. */
    for (size_t p = 0; p < ax.nmech; p++) {
        double shift = pow(1.12, (double)p - 0.5 * (double)(ax.nmech - 1));
        char what[96];
        snprintf(what, sizeof what, "%s: wss, reuse (reached), reuse (never)", ax.mech[p]);
        rfl_chart_printf(&c, "# %s\n$r%zu << EOD\n", rfl_chart_literal(&c, what), p);
        for (size_t w = 0; w < ax.nwss; w++) {
            long reuse = 0;
            int measured = 0;
            for (size_t i = 0; i < g->num; i++) {
                const struct rfl_gpu_um *u = &g->um[i];
                if (strcmp(u->mechanism, ax.mech[p]) || u->wss != ax.wss[w] || !(u->gbytes_per_s > 0))
                    continue;
                measured = 1;
                if (u->fraction >= 0.5 && (!reuse || u->reuse < reuse))
                    reuse = u->reuse;
            }
            if (!measured)
                continue;
            double x = (double)ax.wss[w] * shift;
            if (reuse)
                rfl_chart_printf(&c, "%s %ld NaN\n", rfl_plot_coord(a, sizeof a, x), reuse);
            else
                rfl_chart_printf(&c, "%s NaN %s\n", rfl_plot_coord(a, sizeof a, x), rfl_plot_coord(b, sizeof b, never));
        }
        rfl_chart_printf(&c, "EOD\n");
    }
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t p = 0; p < ax.nmech; p++) {
        const char *color = rfl_plot_palette[p % RFL_PLOT_NPALETTE];
        char name[96];
        snprintf(name, sizeof name, "%s%s%s%s", ax.panel[p][0] && strcmp(ax.panel[p], "-") ? "(" : "",
                 ax.panel[p][0] && strcmp(ax.panel[p], "-") ? ax.panel[p] : "",
                 ax.panel[p][0] && strcmp(ax.panel[p], "-") ? ") " : "", ax.mech[p]);
        rfl_chart_printf(&c, "  $r%zu using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb \"%s\" title %s, \\\n",
                         p, color, rfl_chart_literal(&c, name));
        rfl_chart_printf(&c, "  $r%zu using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb \"%s\" notitle, \\\n", p, color);
    }
    rfl_chart_printf(&c, "  NaN with points pt 6 ps 1.4 lw 2 lc rgb \"#404040\" title \"never reached (open)\"\n");
    snprintf(gp, sizeof gp, "%s/unified_memory_reuse.gp", dir);
    return rfl_chart_end(&c, gp);
}

