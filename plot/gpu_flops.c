/* gpu_flops.png: the GPU's GFLOP/s against flops per element, per
 * precision and FMA chain count (drawn by flops_chart.c). */
#include "config.h"
#include "charts.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"

#include <stdio.h>
#include <string.h>

static void prepare(const struct rfl_model *m, struct rfl_plot_flops_view *v)
{
    v->device = m->gpu->dev.label;
    v->series = m->gpu->flops;
    v->nseries = m->gpu->nflops;
    rfl_plot_gpu_title(m, v->title, sizeof v->title, "GPU compute", "FMA chains per thread");
}

static void tics(struct rfl_chart *c, double lo, double hi) { rfl_plot_pow2_tics(c, lo, hi, ""); }

static const char *peak_color(const struct rfl_plot_flops_view *v, const struct rfl_ceiling *ce)
{
    (void)v;
    return rfl_plot_precision_color(ce->precision);
}

/* The most chains (the full pipeline) solid, fewer dashed. */
static void describe(const struct rfl_flops_series *all, size_t n, size_t index, struct rfl_plot_line *out)
{
    const struct rfl_flops_series *s = &all[index];
    long max_chains = 0;
    for (size_t i = 0; i < n; i++)
        max_chains = all[i].chains > max_chains ? all[i].chains : max_chains;
    int full = s->chains == max_chains;
    snprintf(out->comment, sizeof out->comment, "%s, %ld chains", s->precision, s->chains);
    snprintf(out->style, sizeof out->style, "%s lw 1.8 pt %d ps 0.8", full ? "dt 1" : "dt 2", full ? 7 : 6);
    out->color = rfl_plot_precision_color(s->precision);
    snprintf(out->title, sizeof out->title, "%s%s, %ld chain%s", s->precision,
             !strcmp(s->precision, "fp16") ? " (half2)" : "", s->chains, s->chains == 1 ? "" : "s");
}

static const struct rfl_plot_flops_device gpu_flops = {
    .name = "gpu_flops",
    .key_samplen = 3,
    .peak_program = "rfl_gpu_flops",
    .spec_prefix = "peak",
    .spec_once = 0,
    .label_from = 0.03,
    .label_to = 0.6,
    .model_key = NULL,
    .spec_key = "SMs x clock x FMA/clk",
    .prepare = prepare,
    .tics = tics,
    .peak_color = peak_color,
    .describe = describe,
};

int rfl_plot_gpu_flops(const struct rfl_model *m, const char *dir)
{
    return rfl_plot_flops_chart(m, dir, &gpu_flops);
}
