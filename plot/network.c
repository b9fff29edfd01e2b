/* network.png: rfl_network's one-way message time against size, every
 * pair's points per class of pair (same node, other node), with each
 * class's fit latency + bytes / bandwidth (the network roof's line). */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/model.h"
#include "ceilings/network.h"

#include <math.h>
#include <stdio.h>

int rfl_plot_network(const struct rfl_model *m, const char *dir)
{
    static const char *const names[RFL_NET_MODEL_CLASSES] = {"same node", "other node"};
    const struct rfl_net_data *d = m->net;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (int k = 0; k < RFL_NET_MODEL_CLASSES; k++)
        for (size_t i = 0; i < d->cls[k].pts.n; i++) {
            const double us = d->cls[k].pts.t_min[i] / 2 * 1e6;
            xlo = fmin(xlo, d->cls[k].pts.bytes[i]);
            xhi = fmax(xhi, d->cls[k].pts.bytes[i]);
            ylo = fmin(ylo, us);
            yhi = fmax(yhi, us);
        }
    if (!(xhi > 0))
        return 0; /* nothing measured: no script */
    char title[512], corner[512], gp[2048];
    snprintf(title, sizeof title, "MPI messages between ranks: %s, %ld ranks, ping-pong of host memory", m->machine,
             d->ranks);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_size_time_begin(&c, "network", title, corner, &xlo, &xhi, &ylo, &yhi, "bytes per message",
                                 "one-way time, half the fastest round trip (µs)") != 0)
        return -1;
    rfl_chart_printf(&c, "$messages << EOD\n");
    for (int k = 0; k < RFL_NET_MODEL_CLASSES; k++) {
        rfl_chart_printf(&c, "# %s: bytes, us\n", names[k]);
        for (size_t i = 0; i < d->cls[k].pts.n; i++)
            rfl_plot_point(&c, d->cls[k].pts.bytes[i], d->cls[k].pts.t_min[i] / 2 * 1e6);
        rfl_chart_printf(&c, "NaN NaN\n\n\n");
    }
    rfl_chart_printf(&c, "EOD\n$fits << EOD\n");
    for (int k = 0; k < RFL_NET_MODEL_CLASSES; k++) {
        const struct rfl_net_class *x = &d->cls[k];
        rfl_chart_printf(&c, "# %s fit\n", names[k]);
        rfl_plot_fit_series(&c, x->have_fit, x->latency_us, x->gbytes_per_s, xlo, xhi);
    }
    rfl_chart_printf(&c, "EOD\n");
    rfl_chart_printf(&c, "plot \\\n");
    for (int k = 0; k < RFL_NET_MODEL_CLASSES; k++) {
        const struct rfl_net_class *x = &d->cls[k];
        if (!x->pts.n)
            continue;
        const char *color = rfl_plot_palette[k];
        char name[160];
        snprintf(name, sizeof name, "%s (%ld pair%s)", names[k], x->pairs, x->pairs == 1 ? "" : "s");
        rfl_chart_printf(&c, "  $messages index %d with points pt %d ps 1.0 lc rgb \"%s\" title %s, \\\n", k,
                         k ? 5 : 7, color, rfl_chart_literal(&c, name));
        if (x->have_fit)
            rfl_chart_printf(&c, "  $fits index %d with lines lw 1.5 lc rgb \"%s\" title %s, \\\n", k, color,
                             rfl_chart_literal(&c, rfl_plot_fit_title(name, sizeof name, x->latency_us, x->gbytes_per_s)));
    }
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/network.gp", dir);
    return rfl_chart_end(&c, gp);
}
