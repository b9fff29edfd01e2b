/* bandwidth.png: the CPU's bandwidth curves against working set, with the
 * cache capacities and the plateaus found. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_plot_bandwidth(const struct rfl_model *m, const char *dir)
{
    /* The curves of the ISA, precision and job shape that set the first ceiling. */
    const struct rfl_bw_curve *ref = NULL;
    for (size_t i = 0; i < m->nceilings && !ref; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || strcmp(ce->device, "cpu"))
            continue;
        for (size_t j = 0; j < m->ncurves && !ref; j++) {
            const struct rfl_bw_curve *cv = &m->curves[j];
            if (!strcmp(cv->kernel, ce->kernel) && !strcmp(cv->precision, ce->precision) &&
                !strcmp(cv->isa, ce->isa) && !strcmp(m->inputs[cv->input].file, ce->file))
                ref = cv;
        }
    }
    if (!ref && m->ncurves)
        ref = &m->curves[0];
    if (!ref)
        return 0;
    const struct rfl_bw_curve *sel[64];
    size_t nsel = 0;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t j = 0; j < m->ncurves && nsel < 64; j++) {
        const struct rfl_bw_curve *cv = &m->curves[j];
        if (strcmp(cv->precision, ref->precision) || strcmp(cv->isa, ref->isa) || cv->ranks != ref->ranks ||
            cv->threads_per_rank != ref->threads_per_rank || cv->input != ref->input || !cv->used)
            continue;
        sel[nsel++] = cv;
        for (size_t k = 0; k < cv->n; k++) {
            xlo = fmin(xlo, (double)cv->wss[k]);
            xhi = fmax(xhi, (double)cv->wss[k]);
            ylo = fmin(ylo, cv->y[k]);
            yhi = fmax(yhi, cv->y[k]);
        }
    }
    if (!nsel)
        return 0;
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 2.5, 0);

    char title[512], corner[512], buf[64], gp[2048], q[64];
    snprintf(title, sizeof title, "Bandwidth: %s, %s %s, %ld rank%s x %ld thread%s", m->machine, ref->precision,
             ref->isa, ref->ranks, ref->ranks == 1 ? "" : "s", ref->threads_per_rank,
             ref->threads_per_rank == 1 ? "" : "s");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "bandwidth", 1200, 800, 0.08, 0.83, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set (bytes, all ranks and threads)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GB/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 2 spacing 1.2 font \"sans,10\"\n");

    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_printf(&c, "# %s\n$curve%zu << EOD\n", sel[i]->kernel, i);
        for (size_t k = 0; k < sel[i]->n; k++)
            rfl_plot_point(&c, (double)sel[i]->wss[k], sel[i]->y[k]);
        rfl_chart_printf(&c, "EOD\n");
        for (size_t k = 0; k + 1 < sel[i]->n; k++)
            rfl_chart_block_line(&c, (double)sel[i]->wss[k], sel[i]->y[k], (double)sel[i]->wss[k + 1],
                                 sel[i]->y[k + 1]);
    }
    /* Cache capacities (dashed, named at the top) and detected transitions
     * (dotted, at the bottom). */
    double job_threads = (double)(ref->ranks * ref->threads_per_rank);
    for (unsigned l = 0; l < m->ncache; l++) {
        double cap = ref->capacity[l] * job_threads;
        if (cap <= xlo || cap >= xhi)
            continue;
        char name[16], size[32], text[64];
        rfl_level_name(m, l, name, sizeof name);
        snprintf(text, sizeof text, "%s %s", name, rfl_format_size((uint64_t)llround(cap), size, sizeof size));
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 1 nohead dt 2 lw 1.5 lc rgb \"#606060\" back\n",
                         rfl_chart_num(buf, sizeof buf, cap), rfl_chart_num(buf, sizeof buf, cap));
        rfl_chart_label_vertical(&c, text, "#404040", cap, 1, 1);
        rfl_chart_block_line(&c, cap, ylo, cap, yhi);
    }
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || !ce->transition_bytes || strcmp(ce->device, "cpu"))
            continue;
        double t = (double)ce->transition_bytes;
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= m->ceilings[j].transition_bytes == ce->transition_bytes;
        if (dup || t <= xlo || t >= xhi)
            continue;
        char size[32], text[64];
        snprintf(text, sizeof text, "detected %s", rfl_format_size((uint64_t)t, size, sizeof size));
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 0.25 nohead dt 3 lw 2 lc rgb \"#b2182b\" back\n",
                         rfl_chart_num(buf, sizeof buf, t), rfl_chart_num(buf, sizeof buf, t));
        /* On the side away from the nearest cache line. */
        int side = -1;
        double nearest = INFINITY;
        for (unsigned l = 0; l < m->ncache; l++) {
            double cap = ref->capacity[l] * job_threads, d = fabs(log(t / cap));
            if (d < nearest) {
                nearest = d;
                side = t < cap ? -1 : 1;
            }
        }
        rfl_chart_label_vertical(&c, text, "#b2182b", t, 0, side);
        rfl_chart_block_line(&c, t, ylo, t, ylo * pow(yhi / ylo, 0.25));
    }
    /* Each level's ceiling over the plateau that set it. */
    size_t nplat = 0;
    struct rfl_plot_plateau plat[32];
    const struct rfl_ceiling *pce[32];
    for (size_t i = 0; i < m->nceilings && nplat < 32; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || strcmp(ce->device, "cpu"))
            continue;
        int dup = 0;
        for (size_t j = 0; j < nplat; j++)
            dup |= pce[j]->value == ce->value && pce[j]->wss_min_bytes == ce->wss_min_bytes;
        if (dup)
            continue;
        double x0 = (double)ce->wss_min_bytes, x1 = (double)ce->wss_max_bytes;
        if (x1 <= x0) {
            x0 /= 1.2;
            x1 *= 1.2;
        }
        plat[nplat] = (struct rfl_plot_plateau){x0, x1, ce->value, ""};
        snprintf(plat[nplat].text, sizeof plat[0].text, "%s %s GB/s (%s)", ce->name,
                 rfl_chart_num(buf, sizeof buf, ce->value), ce->kernel);
        pce[nplat++] = ce;
    }
    rfl_plot_plateaus(&c, plat, nplat);

    rfl_chart_printf(&c, "plot \\\n");
    rfl_chart_printf(&c, "  $plateaus with lines lw 8 lc rgb \"#c8c8c8\" title \"level ceiling (plateau)\", \\\n");
    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_quote(q, sizeof q, sel[i]->kernel);
        rfl_chart_printf(&c, "  $curve%zu with linespoints lw 1.5 pt 7 ps 0.6 lc rgb \"%s\" title \"%s\", \\\n",
                         i, rfl_plot_palette[i % RFL_PLOT_NPALETTE], q);
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"cache capacity (hwloc)\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines dt 3 lw 2 lc rgb \"#b2182b\" title \"detected transition\"\n");
    snprintf(gp, sizeof gp, "%s/bandwidth.gp", dir);
    return rfl_chart_end(&c, gp);
}

