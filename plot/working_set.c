/* The working-set chart of either device: bandwidth curves against working
 * set, the capacities, the detected transitions and each level's plateau.
 * The device's descriptor (device_chart.h) says what differs. */
#include "config.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The working set of a point: of the whole job on the CPU (wss), on the
 * GPU (x; the GPU curves have no wss). */
static double curve_x(const struct rfl_bw_curve *cv, size_t k) { return cv->wss ? (double)cv->wss[k] : cv->x[k]; }

static int is_bandwidth_of(const struct rfl_ceiling *ce, const char *device)
{
    return ce->kind == RFL_CEILING_BANDWIDTH && !strcmp(ce->device, device);
}

static void draw_transitions(struct rfl_chart *c, const struct rfl_model *m, const struct rfl_plot_ws_device *dev,
                             const struct rfl_plot_ws_view *v)
{
    char buf[64], size[32], text[64];
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!is_bandwidth_of(ce, v->device) || !ce->transition_bytes)
            continue;
        double t = (double)ce->transition_bytes;
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= !strcmp(m->ceilings[j].device, v->device) && m->ceilings[j].transition_bytes == ce->transition_bytes;
        if (dup || t <= c->xmin || t >= c->xmax)
            continue;
        snprintf(text, sizeof text, "detected %s", rfl_format_size(ce->transition_bytes, size, sizeof size));
        rfl_chart_printf(c, "set arrow from %s, graph 0 to %s, graph 0.25 nohead dt 3 lw 2 lc rgb \"#b2182b\" back\n",
                         dev->x_text(buf, sizeof buf, t), dev->x_text(buf, sizeof buf, t));
        /* On the side away from the nearest capacity. */
        int side = -1;
        double nearest = INFINITY;
        for (size_t l = 0; l < v->nmarks; l++) {
            double d = fabs(log(t / v->marks[l].x));
            if (v->marks[l].sides && d < nearest) {
                nearest = d;
                side = t < v->marks[l].x ? -1 : 1;
            }
        }
        rfl_chart_label_vertical(c, text, "#b2182b", t, 0, side);
        rfl_chart_block_line(c, t, c->ymin, t, c->ymin * pow(c->ymax / c->ymin, 0.25));
    }
}

/* Each level's ceiling over the plateau that set it; how many. */
static size_t draw_plateaus(struct rfl_chart *c, const struct rfl_model *m, const struct rfl_plot_ws_device *dev,
                            const char *device)
{
    struct rfl_plot_plateau plat[32];
    const struct rfl_ceiling *pce[32];
    size_t nplat = 0;
    char buf[64];
    for (size_t i = 0; i < m->nceilings && nplat < 32; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!is_bandwidth_of(ce, device) || ce->curve < 0)
            continue;
        int dup = 0;
        for (size_t j = 0; j < nplat && dev->merge_shared_plateaus; j++)
            dup |= pce[j]->value == ce->value && pce[j]->wss_min_bytes == ce->wss_min_bytes;
        if (dup)
            continue;
        double x0 = (double)ce->wss_min_bytes, x1 = (double)ce->wss_max_bytes;
        if (x1 <= x0) {
            x0 /= dev->plateau_widen;
            x1 *= dev->plateau_widen;
        }
        plat[nplat] = (struct rfl_plot_plateau){x0, x1, ce->value, ""};
        rfl_chart_num(buf, sizeof buf, ce->value);
        if (dev->plateau_shows_kernel)
            snprintf(plat[nplat].text, sizeof plat[0].text, "%s %s GB/s (%s)", ce->name, buf, ce->kernel);
        else
            snprintf(plat[nplat].text, sizeof plat[0].text, "%s %s GB/s", ce->name, buf);
        pce[nplat++] = ce;
    }
    rfl_plot_plateaus(c, plat, nplat);
    return nplat;
}

int rfl_plot_working_set(const struct rfl_model *m, const char *dir, const struct rfl_plot_ws_device *dev)
{
    struct rfl_plot_ws_view v;
    memset(&v, 0, sizeof v);
    dev->prepare(m, &v);
    if (!v.ncurves)
        return 0;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < v.ncurves; i++)
        for (size_t k = 0; k < v.curves[i]->n; k++) {
            xlo = fmin(xlo, curve_x(v.curves[i], k));
            xhi = fmax(xhi, curve_x(v.curves[i], k));
            ylo = fmin(ylo, v.curves[i]->y[k]);
            yhi = fmax(yhi, v.curves[i]->y[k]);
        }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * dev->headroom, 0);

    char corner[512], gp[2048];
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_begin(&c, dev->name, dev->right, v.title, corner, xlo, xhi, ylo, yhi) != 0)
        return -1;
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"%s\"\n", dev->xlabel);
    rfl_chart_printf(&c, "set ylabel \"GB/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen %d spacing 1.2 font \"sans,10\"\n",
                     dev->key_samplen);
    struct rfl_plot_line line;
    for (size_t i = 0; i < v.ncurves; i++) {
        const struct rfl_bw_curve *cv = v.curves[i];
        dev->describe(cv, i, &line);
        rfl_chart_printf(&c, "# %s\n$curve%zu << EOD\n", rfl_chart_literal(&c, line.comment), i);
        for (size_t k = 0; k < cv->n; k++)
            rfl_plot_point(&c, curve_x(cv, k), cv->y[k]);
        rfl_chart_printf(&c, "EOD\n");
        for (size_t k = 0; k + 1 < cv->n; k++)
            rfl_chart_block_line(&c, curve_x(cv, k), cv->y[k], curve_x(cv, k + 1), cv->y[k + 1]);
    }
    for (size_t l = 0; l < v.nmarks; l++)
        rfl_plot_capacity_mark_as(&c, v.marks[l].x, v.marks[l].text, dev->x_text);
    draw_transitions(&c, m, dev, &v);
    size_t nplat = draw_plateaus(&c, m, dev, v.device);

    rfl_chart_printf(&c, "plot \\\n");
    if (nplat || dev->key_lists_absent)
        rfl_chart_printf(&c, "  $plateaus with lines lw 8 lc rgb \"#c8c8c8\" title \"level ceiling (plateau)\", \\\n");
    for (size_t i = 0; i < v.ncurves; i++) {
        dev->describe(v.curves[i], i, &line);
        rfl_chart_printf(&c, "  $curve%zu with linespoints %s lc rgb \"%s\" title %s, \\\n", i, line.style,
                         line.color, rfl_chart_literal(&c, line.title));
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"%s\"", dev->capacity_key);
    int any_transition = 0;
    for (size_t i = 0; i < m->nceilings; i++)
        any_transition |= !strcmp(m->ceilings[i].device, v.device) && m->ceilings[i].transition_bytes > 0;
    if (any_transition || dev->key_lists_absent)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 3 lw 2 lc rgb \"#b2182b\" title \"detected transition\"");
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, dev->name);
    return rfl_chart_end(&c, gp);
}
