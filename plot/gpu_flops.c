/* gpu_flops.png: the GPU's GFLOP/s against flops per element. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_plot_gpu_flops(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    long max_chains = 0;
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_flops_series *s = &g->flops[i];
        max_chains = s->chains > max_chains ? s->chains : max_chains;
        for (size_t k = 0; k < s->n; k++) {
            xlo = fmin(xlo, s->fpe[k]);
            xhi = fmax(xhi, s->fpe[k]);
            ylo = fmin(ylo, s->gflops[k]);
            yhi = fmax(yhi, fmax(s->gflops[k], s->row_peak[k] > 0 ? s->row_peak[k] : 0));
        }
    }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 3, 0);
    char title[512], corner[512], buf[64], q[128], gp[2048];
    rfl_plot_gpu_title(m, title, sizeof title, "GPU compute", "FMA chains per thread");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_flops", 1200, 800, 0.08, 0.80, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_pow2_tics(&c, xlo, xhi, "");
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"flops per element (arithmetic intensity grows with it)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$series << EOD\n");
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_flops_series *s = &g->flops[i];
        rfl_chart_printf(&c, "# %s, %ld chains\n", s->precision, s->chains);
        for (size_t k = 0; k < s->n; k++)
            rfl_plot_point(&c, s->fpe[k], s->gflops[k]);
        rfl_chart_printf(&c, "\n\n");
        for (size_t k = 0; k + 1 < s->n; k++)
            rfl_chart_block_line(&c, s->fpe[k], s->gflops[k], s->fpe[k + 1], s->gflops[k + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    /* Measured peaks (solid) and the clock-derived peak (dashed), labelled. */
    struct rfl_plot_peak peaks[16];
    size_t npeaks = 0;
    for (size_t i = 0; i < m->nceilings && npeaks < 14; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_COMPUTE || strcmp(ce->program, "rfl_gpu_flops"))
            continue;
        peaks[npeaks].v = ce->value;
        snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s GFLOP/s", ce->name, rfl_chart_num(buf, sizeof buf, ce->value));
        peaks[npeaks].color = rfl_plot_precision_color(ce->precision);
        peaks[npeaks++].spec = 0;
        if (ce->spec > 0) {
            peaks[npeaks].v = ce->spec;
            snprintf(peaks[npeaks].text, sizeof peaks[0].text, "peak %s %s GFLOP/s", ce->precision,
                     rfl_chart_num(buf, sizeof buf, ce->spec));
            peaks[npeaks].color = RFL_PLOT_SPEC_COLOR;
            peaks[npeaks++].spec = 1;
        }
    }
    rfl_plot_peaks_data(&c, peaks, npeaks, xlo, xhi, 0.03, 0.6);
    rfl_chart_printf(&c, "plot \\\n");
    rfl_plot_peaks_lines(&c, peaks, npeaks);
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_flops_series *s = &g->flops[i];
        char name[96];
        snprintf(name, sizeof name, "%s%s, %ld chain%s", s->precision, !strcmp(s->precision, "fp16") ? " (half2)" : "",
                 s->chains, s->chains == 1 ? "" : "s");
        rfl_chart_quote(q, sizeof q, name);
        int full = s->chains == max_chains;
        rfl_chart_printf(&c, "  $series index %zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title \"%s\", \\\n",
                         i, full ? "dt 1" : "dt 2", full ? 7 : 6, rfl_plot_precision_color(s->precision), q);
    }
    rfl_chart_printf(&c, "  NaN with lines lw 1 lc rgb \"#1a1a1a\" title \"measured peak\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"SMs x clock x FMA/clk\"\n", RFL_PLOT_SPEC_COLOR);
    snprintf(gp, sizeof gp, "%s/gpu_flops.gp", dir);
    return rfl_chart_end(&c, gp);
}

