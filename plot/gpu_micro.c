/* gpu_latency.png and gpu_transfer.png: rfl_gpu_micro's pointer chase and
 * host-device copies. */
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
 * gpu_latency.png
 * ------------------------------------------------------------------------- */

int rfl_plot_gpu_latency(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0, clock = 0;
    uint64_t strides[16];
    size_t nstrides = 0;
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        size_t k = 0;
        while (k < nstrides && strides[k] != s->stride)
            k++;
        if (k == nstrides && nstrides < 16)
            strides[nstrides++] = s->stride;
        for (size_t j = 0; j < s->n; j++) {
            xlo = fmin(xlo, s->bytes[j]);
            xhi = fmax(xhi, s->bytes[j]);
            ylo = fmin(ylo, s->cycles[j]);
            yhi = fmax(yhi, s->cycles[j]);
            if (clock == 0 && s->ns[j] > 0)
                clock = s->cycles[j] / s->ns[j];
        }
    }
    for (size_t a = 1; a < nstrides; a++)
        for (size_t b = a; b > 0 && strides[b - 1] > strides[b]; b--) {
            uint64_t t = strides[b];
            strides[b] = strides[b - 1];
            strides[b - 1] = t;
        }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 1.6, 1);
    yhi = rfl_plot_nice(yhi * 1.8, 0);
    char title[512], corner[512], extra[96], gp[2048], a[32], b[32];
    if (clock > 0)
        snprintf(extra, sizeof extra, "one thread, SM clock %.0f MHz", clock * 1000);
    else
        snprintf(extra, sizeof extra, "one thread");
    rfl_plot_gpu_title(m, title, sizeof title, "Pointer chase", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_begin(&c, "gpu_latency", 0.72, title, corner, xlo, xhi, ylo, yhi) != 0)
        return -1;
    rfl_plot_size_tics(&c, xlo, xhi);
    /* Latencies span about two decades: 1-2-5 tics read better than decades. */
    rfl_chart_printf(&c, "set ytics (");
    int firsttic = 1;
    double t = rfl_plot_nice(ylo, 0);
    for (int n = 0; n < RFL_CHART_MAX_TICS && t <= yhi * 1.0001; n++, t = rfl_plot_nice(t * 1.5, 0)) {
        rfl_chart_printf(&c, "%s\"%s\" %s", firsttic ? "" : ", ", rfl_plot_coord(a, sizeof a, t), rfl_plot_coord(b, sizeof b, t));
        firsttic = 0;
    }
    rfl_chart_printf(&c, ")\nset mytics 1\n");
    rfl_chart_printf(&c, "set xlabel \"array size (bytes)\"\n");
    rfl_chart_printf(&c, "set ylabel \"latency (SM cycles per access)\"\n");
    if (clock > 0) {
        /* The same axis in ns, at the run's clock. */
        rfl_chart_printf(&c, "set y2range [%s:%s]\nset logscale y2\nset y2tics (", rfl_plot_coord(a, sizeof a, ylo / clock),
                         rfl_plot_coord(b, sizeof b, yhi / clock));
        int first2 = 1;
        double t2 = rfl_plot_nice(ylo / clock, 0);
        for (int n = 0; n < RFL_CHART_MAX_TICS && t2 <= yhi / clock * 1.0001; n++, t2 = rfl_plot_nice(t2 * 1.5, 0)) {
            rfl_chart_printf(&c, "%s\"%s\" %s", first2 ? "" : ", ", rfl_plot_coord(a, sizeof a, t2),
                             rfl_plot_coord(b, sizeof b, t2));
            first2 = 0;
        }
        rfl_chart_printf(&c, ")\nset my2tics 1\n");
        rfl_chart_printf(&c, "set y2label \"ns per access\"\n");
    }
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$chase << EOD\n");
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        char what[64];
        snprintf(what, sizeof what, "%s, stride %llu", s->memory, (unsigned long long)s->stride);
        rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, what));
        for (size_t j = 0; j < s->n; j++)
            rfl_plot_point(&c, s->bytes[j], s->cycles[j]);
        rfl_chart_printf(&c, "\n\n");
        for (size_t j = 0; j + 1 < s->n; j++)
            rfl_chart_block_line(&c, s->bytes[j], s->cycles[j], s->bytes[j + 1], s->cycles[j + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    char size[32], text[96];
    if (d->l1_bytes_per_sm) {
        snprintf(text, sizeof text, "L1/shared %s (one SM)", rfl_format_size(d->l1_bytes_per_sm, size, sizeof size));
        rfl_plot_capacity_mark(&c, (double)d->l1_bytes_per_sm, text);
    }
    snprintf(text, sizeof text, "L2 %s", rfl_format_size(d->l2_bytes, size, sizeof size));
    rfl_plot_capacity_mark(&c, (double)d->l2_bytes, text);
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        size_t k = 0;
        while (k < nstrides && strides[k] != s->stride)
            k++;
        int memk = !strcmp(s->memory, "global_ca")             ? 0
                   : !strcmp(s->memory, "global_cg")           ? 1
                   : !strcmp(s->memory, "global_cg_scattered") ? 3
                                                               : 2;
        static const char *const dts[] = {"dt 1", "dt 2", "dt 3", "dt 4"};
        static const int pts[] = {7, 5, 9, 11};
        char name[96];
        snprintf(name, sizeof name, "%s, stride %s", s->memory, rfl_format_size(s->stride, size, sizeof size));
        rfl_chart_printf(&c, "  $chase index %zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title %s, \\\n",
                         i, dts[memk], pts[memk], rfl_plot_palette[k % RFL_PLOT_NPALETTE],
                         rfl_chart_literal(&c, name));
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"capacity (device properties)\"\n");
    snprintf(gp, sizeof gp, "%s/gpu_latency.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * gpu_transfer.png
 * ------------------------------------------------------------------------- */

int rfl_plot_gpu_transfer(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < g->ntransfers; i++)
        for (size_t k = 0; k < g->transfers[i].pts.n; k++) {
            const struct rfl_timed_points *p = &g->transfers[i].pts;
            xlo = fmin(xlo, p->bytes[k]);
            xhi = fmax(xhi, p->bytes[k]);
            ylo = fmin(ylo, p->t_min[k] * 1e6);
            yhi = fmax(yhi, p->t_min[k] * 1e6);
        }
    char title[512], corner[512], gp[2048];
    rfl_plot_gpu_title(m, title, sizeof title, "Host-device copies", "cudaMemcpy");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_size_time_begin(&c, "gpu_transfer", title, corner, &xlo, &xhi, &ylo, &yhi, "bytes per copy",
                                 "time per copy (µs)") != 0)
        return -1;
    rfl_chart_printf(&c, "$copies << EOD\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        char what[64];
        snprintf(what, sizeof what, "%s %s: bytes, us", x->direction, x->host_memory);
        rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, what));
        for (size_t k = 0; k < x->pts.n; k++)
            rfl_plot_point(&c, x->pts.bytes[k], x->pts.t_min[k] * 1e6);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n$fits << EOD\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        char what[64];
        snprintf(what, sizeof what, "%s %s fit", x->direction, x->host_memory);
        rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, what));
        rfl_plot_fit_series(&c, x->have_fit, x->latency_us, x->gbytes_per_s, xlo, xhi);
    }
    rfl_chart_printf(&c, "EOD\n");
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        int pinned = !strcmp(x->host_memory, "pinned"), h2d = !strcmp(x->direction, "h2d");
        const char *color = rfl_plot_palette[(pinned ? 0 : 2) + (h2d ? 0 : 1)];
        char name[160];
        snprintf(name, sizeof name, "%s %s", x->direction, x->host_memory);
        rfl_chart_printf(&c, "  $copies index %zu with points pt %d ps 1.0 lc rgb \"%s\" title %s, \\\n", i,
                         pinned ? 7 : 5, color, rfl_chart_literal(&c, name));
        if (x->have_fit)
            rfl_chart_printf(&c, "  $fits index %zu with lines %s lw 1.5 lc rgb \"%s\" title %s, \\\n", i,
                             pinned ? "dt 1" : "dt 2", color,
                             rfl_chart_literal(&c, rfl_plot_fit_title(name, sizeof name, x->latency_us, x->gbytes_per_s)));
    }
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/gpu_transfer.gp", dir);
    return rfl_chart_end(&c, gp);
}

