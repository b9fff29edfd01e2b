/* flops.png: the CPU's GFLOP/s against flops per element, per variant, ISA
 * and precision (drawn by flops_chart.c). */
#include "config.h"
#include "charts.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void prepare(const struct rfl_model *m, struct rfl_plot_flops_view *v)
{
    v->device = "cpu";
    v->series = m->series;
    v->nseries = m->nseries;
    if (!m->nseries)
        return;
    const struct rfl_flops_series *f0 = &m->series[0];
    snprintf(v->title, sizeof v->title, "Compute: %s, %ld rank%s x %ld thread%s", m->machine, f0->ranks,
             f0->ranks == 1 ? "" : "s", f0->threads_per_rank, f0->threads_per_rank == 1 ? "" : "s");
}

/* Every power of two. */
static void tics(struct rfl_chart *c, double lo, double hi)
{
    rfl_chart_printf(c, "set xtics (");
    rfl_chart_bound_axis(&lo, &hi);
    double mult = ldexp(1, (int)(log2(hi) - log2(lo)) / RFL_CHART_MAX_TICS + 1), x = lo;
    for (int n = 0; n < RFL_CHART_MAX_TICS && x <= hi * 1.0001; n++, x *= mult)
        rfl_chart_printf(c, "%s\"%g\" %g", x == lo ? "" : ", ", x, x);
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

/* In the colour of the series that reached it. */
static const char *peak_color(const struct rfl_plot_flops_view *v, const struct rfl_ceiling *ce)
{
    for (size_t j = 0; j < v->nseries; j++) {
        const struct rfl_flops_series *f = &v->series[j];
        size_t vl = strlen(f->variant);
        if (!strcmp(f->precision, ce->precision) && !strcmp(f->isa, ce->isa) && !strncmp(ce->kernel, f->variant, vl) &&
            (ce->kernel[vl] == ' ' || ce->kernel[vl] == '\0'))
            return rfl_plot_palette[j % RFL_PLOT_NPALETTE];
    }
    return "#1a1a1a";
}

static void describe(const struct rfl_flops_series *all, size_t n, size_t index, struct rfl_plot_line *out)
{
    const struct rfl_flops_series *f = &all[index];
    int shapes = 0; /* several job shapes (a thread sweep): say which line is which */
    for (size_t i = 1; i < n; i++)
        shapes |= all[i].threads_per_rank != all[0].threads_per_rank || all[i].ranks != all[0].ranks;
    snprintf(out->comment, sizeof out->comment, "%s %s %s", f->precision, f->isa, f->variant);
    snprintf(out->style, sizeof out->style, "lw 1.5 pt 7 ps 0.6");
    out->color = rfl_plot_palette[index % RFL_PLOT_NPALETTE];
    if (shapes)
        snprintf(out->title, sizeof out->title, "%s %s %s, %ldx%ld", f->precision, f->isa, f->variant, f->ranks,
                 f->threads_per_rank);
    else
        snprintf(out->title, sizeof out->title, "%s %s %s", f->precision, f->isa, f->variant);
}

static const struct rfl_plot_flops_device cpu_flops = {
    .name = "flops",
    .key_samplen = 2,
    .peak_program = "rfl_flops",
    .spec_prefix = "spec",
    .spec_once = 1,
    .label_from = 0.3,
    .label_to = 0.97,
    .model_key = "model (rfl_flops)",
    .spec_key = NULL,
    .prepare = prepare,
    .tics = tics,
    .peak_color = peak_color,
    .describe = describe,
};

int rfl_plot_flops(const struct rfl_model *m, const char *dir)
{
    return rfl_plot_flops_chart(m, dir, &cpu_flops);
}
