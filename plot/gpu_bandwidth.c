/* gpu_bandwidth.png: the GPU's bandwidth curves against working set. */
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
 * gpu_bandwidth.png
 * ------------------------------------------------------------------------- */

static int kernel_order(const char *kernel)
{
    static const char *const order[] = {"global_inside", "global_launch", "shared_blocked", "global_stream",
                                        "memcpy_d2d",    "global_bulk"};
    const int n = (int)(sizeof order / sizeof order[0]);
    for (int i = 0; i < n; i++)
        if (!strcmp(kernel, order[i]))
            return i;
    return n;
}

static double curve_max(const struct rfl_bw_curve *c)
{
    double v = 0;
    for (size_t k = 0; k < c->n; k++)
        v = fmax(v, c->y[k]);
    return v;
}

int rfl_plot_gpu_bandwidth(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    /* The precision of the device-memory ceiling's curve (every access is 16
     * bytes, so the precisions tell the same story). */
    const char *prec = g->curves[0].precision;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!strcmp(ce->device, d->label) && ce->kind == RFL_CEILING_BANDWIDTH && ce->curve >= 0 &&
            (size_t)ce->curve < g->ncurves)
            prec = g->curves[ce->curve].precision;
    }
    /* Per kernel and access, the launch shape that reached the most. */
    const struct rfl_bw_curve *sel[32];
    size_t nsel = 0;
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_bw_curve *c = &g->curves[i];
        if (strcmp(c->precision, prec) && c->precision[0])
            continue;
        size_t j = 0;
        while (j < nsel && !(strcmp(sel[j]->kernel, c->kernel) == 0 && strcmp(sel[j]->access, c->access) == 0))
            j++;
        if (j < nsel) {
            if (curve_max(c) > curve_max(sel[j]))
                sel[j] = c;
        } else if (nsel < 32) {
            sel[nsel++] = c;
        }
    }
    for (size_t i = 1; i < nsel; i++)
        for (size_t j = i; j > 0; j--) {
            int a = kernel_order(sel[j - 1]->kernel), b = kernel_order(sel[j]->kernel);
            if (a < b || (a == b && strcmp(sel[j - 1]->access, sel[j]->access) <= 0))
                break;
            const struct rfl_bw_curve *t = sel[j];
            sel[j] = sel[j - 1];
            sel[j - 1] = t;
        }
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < nsel; i++)
        for (size_t k = 0; k < sel[i]->n; k++) {
            xlo = fmin(xlo, sel[i]->x[k]);
            xhi = fmax(xhi, sel[i]->x[k]);
            ylo = fmin(ylo, sel[i]->y[k]);
            yhi = fmax(yhi, sel[i]->y[k]);
        }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 5, 0);

    char title[512], corner[512], extra[64], buf[64], q[128], gp[2048];
    snprintf(extra, sizeof extra, "%s, 16-byte accesses", prec[0] ? prec : "bytes");
    rfl_plot_gpu_title(m, title, sizeof title, "GPU bandwidth", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_bandwidth", 1200, 800, 0.08, 0.745, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set per GPU (bytes)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GB/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_printf(&c, "# %s %s %ldx%ld\n$curve%zu << EOD\n", sel[i]->kernel, sel[i]->access, sel[i]->blocks,
                         sel[i]->threads_per_block, i);
        for (size_t k = 0; k < sel[i]->n; k++)
            rfl_plot_point(&c, sel[i]->x[k], sel[i]->y[k]);
        rfl_chart_printf(&c, "EOD\n");
        for (size_t k = 0; k + 1 < sel[i]->n; k++)
            rfl_chart_block_line(&c, sel[i]->x[k], sel[i]->y[k], sel[i]->x[k + 1], sel[i]->y[k + 1]);
    }
    /* Capacities from the device properties; detected transitions. */
    char size[32], text[192];
    double l1 = (double)d->sm_count * (double)d->l1_bytes_per_sm;
    if (l1 > 0) {
        snprintf(text, sizeof text, "L1/shared %s", rfl_format_size((uint64_t)l1, size, sizeof size));
        rfl_plot_capacity_mark(&c, l1, text);
    }
    snprintf(text, sizeof text, "L2 %s", rfl_format_size(d->l2_bytes, size, sizeof size));
    rfl_plot_capacity_mark(&c, (double)d->l2_bytes, text);
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_BANDWIDTH || !ce->transition_bytes)
            continue;
        double t = (double)ce->transition_bytes;
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= !strcmp(m->ceilings[j].device, d->label) && m->ceilings[j].transition_bytes == ce->transition_bytes;
        if (dup || t <= xlo || t >= xhi)
            continue;
        snprintf(text, sizeof text, "detected %s", rfl_format_size(ce->transition_bytes, size, sizeof size));
        char a[32], b[32];
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 0.25 nohead dt 3 lw 2 lc rgb \"#b2182b\" back\n",
                         rfl_plot_coord(a, sizeof a, t), rfl_plot_coord(b, sizeof b, t));
        rfl_chart_label_vertical(&c, text, "#b2182b", t, 0, t < (double)d->l2_bytes ? -1 : 1);
        rfl_chart_block_line(&c, t, ylo, t, ylo * pow(yhi / ylo, 0.25));
    }
    /* Each level's ceiling over the plateau that set it. */
    struct rfl_plot_plateau plat[16];
    size_t nplat = 0;
    for (size_t i = 0; i < m->nceilings && nplat < 16; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_BANDWIDTH || ce->curve < 0)
            continue;
        double x0 = (double)ce->wss_min_bytes, x1 = (double)ce->wss_max_bytes;
        if (x1 <= x0) {
            x0 /= 1.4;
            x1 *= 1.4;
        }
        /* Short labels (the kernel of each ceiling is in the table and the
         * key's curves): nine curves leave little room. */
        plat[nplat] = (struct rfl_plot_plateau){x0, x1, ce->value, ""};
        snprintf(plat[nplat++].text, sizeof plat[0].text, "%s %s GB/s", ce->name,
                 rfl_chart_num(buf, sizeof buf, ce->value));
    }
    rfl_plot_plateaus(&c, plat, nplat);
    rfl_chart_printf(&c, "plot \\\n");
    if (nplat)
        rfl_chart_printf(&c, "  $plateaus with lines lw 8 lc rgb \"#c8c8c8\" title \"level ceiling (plateau)\", \\\n");
    for (size_t i = 0; i < nsel; i++) {
        const struct rfl_bw_curve *cv = sel[i];
        static const char *const lo[] = {"A ", "B ", "C ", "", "", ""};
        int k = kernel_order(cv->kernel);
        char name[96];
        snprintf(name, sizeof name, "%s%s %s%s", k < 6 ? lo[k] : "", cv->kernel, cv->access,
                 cv->used ? "" : " (peer)");
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $curve%zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title \"%s\", \\\n", i,
                         !strcmp(cv->access, "rmw") ? "dt 2" : "dt 1", !strcmp(cv->access, "rmw") ? 6 : 7,
                         rfl_plot_palette[(k < 6 ? k : 6 + (int)(i % 3)) % RFL_PLOT_NPALETTE], q);
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"L1/shared (all SMs), L2 size\"");
    int any_trans = 0;
    for (size_t i = 0; i < m->nceilings; i++)
        any_trans |= !strcmp(m->ceilings[i].device, d->label) && m->ceilings[i].transition_bytes > 0;
    if (any_trans)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 3 lw 2 lc rgb \"#b2182b\" title \"detected transition\"");
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/gpu_bandwidth.gp", dir);
    return rfl_chart_end(&c, gp);
}

