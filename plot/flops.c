/* flops.png: GFLOP/s against flops per element, per series. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/csv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_plot_flops(const struct rfl_model *m, const char *dir)
{
    if (!m->nseries)
        return 0;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    int have_model = 0;
    for (size_t i = 0; i < m->nseries; i++)
        for (size_t k = 0; k < m->series[i].n; k++) {
            const struct rfl_flops_series *f = &m->series[i];
            xlo = fmin(xlo, f->fpe[k]);
            xhi = fmax(xhi, f->fpe[k]);
            ylo = fmin(ylo, f->gflops[k]);
            yhi = fmax(yhi, f->gflops[k]);
            if (f->model[k] > 0) {
                have_model = 1;
                ylo = fmin(ylo, f->model[k]);
                yhi = fmax(yhi, f->model[k]);
            }
        }
    for (size_t i = 0; i < m->nceilings; i++)
        if (m->ceilings[i].kind == RFL_CEILING_COMPUTE && m->ceilings[i].spec > 0 &&
            !strcmp(m->ceilings[i].device, "cpu"))
            yhi = fmax(yhi, m->ceilings[i].spec);
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 3, 0);
    const struct rfl_flops_series *f0 = &m->series[0];
    char title[512], corner[512], buf[64], gp[2048], q[128];
    snprintf(title, sizeof title, "Compute: %s, %ld rank%s x %ld thread%s", m->machine, f0->ranks,
             f0->ranks == 1 ? "" : "s", f0->threads_per_rank, f0->threads_per_rank == 1 ? "" : "s");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "flops", 1200, 800, 0.08, 0.80, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_chart_printf(&c, "set xtics (");
    for (double x = xlo; x <= xhi * 1.0001; x *= 2)
        rfl_chart_printf(&c, "%s\"%g\" %g", x == xlo ? "" : ", ", x, x);
    rfl_chart_printf(&c, ")\nset mxtics 1\nset format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"flops per element (arithmetic intensity grows with it)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 2 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$series << EOD\n");
    for (size_t i = 0; i < m->nseries; i++) {
        const struct rfl_flops_series *f = &m->series[i];
        rfl_chart_printf(&c, "# %s %s %s\n", f->precision, f->isa, f->variant);
        for (size_t k = 0; k < f->n; k++) {
            char a[32], b[32], d[32];
            rfl_format_double(a, sizeof a, "%.7g", f->fpe[k]);
            rfl_format_double(b, sizeof b, "%.7g", f->gflops[k]);
            if (f->model[k] > 0)
                rfl_format_double(d, sizeof d, "%.7g", f->model[k]);
            else
                snprintf(d, sizeof d, "NaN");
            rfl_chart_printf(&c, "%s %s %s\n", a, b, d);
        }
        rfl_chart_printf(&c, "\n\n");
        for (size_t k = 0; k + 1 < f->n; k++)
            rfl_chart_block_line(&c, f->fpe[k], f->gflops[k], f->fpe[k + 1], f->gflops[k + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    /* Peaks: measured (solid) and spec (dashed), labelled at the right. */
    struct rfl_plot_peak peaks[32];
    size_t npeaks = 0;
    for (size_t i = 0; i < m->nceilings && npeaks < 30; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_COMPUTE || strcmp(ce->device, "cpu"))
            continue;
        /* In the colour of the series that reached it. */
        const char *color = "#1a1a1a";
        for (size_t j = 0; j < m->nseries; j++) {
            const struct rfl_flops_series *f = &m->series[j];
            size_t vl = strlen(f->variant);
            if (!strcmp(f->precision, ce->precision) && !strcmp(f->isa, ce->isa) &&
                !strncmp(ce->kernel, f->variant, vl) && (ce->kernel[vl] == ' ' || ce->kernel[vl] == '\0')) {
                color = rfl_plot_palette[j % RFL_PLOT_NPALETTE];
                break;
            }
        }
        peaks[npeaks].v = ce->value;
        snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s GFLOP/s", ce->name,
                 rfl_chart_num(buf, sizeof buf, ce->value));
        peaks[npeaks].color = color;
        peaks[npeaks++].spec = 0;
        int seen = 0;
        for (size_t j = 0; j + 1 < npeaks; j++)
            seen |= peaks[j].spec && peaks[j].v == ce->spec;
        if (ce->spec > 0 && !seen) {
            peaks[npeaks].v = ce->spec;
            snprintf(peaks[npeaks].text, sizeof peaks[0].text, "spec %s %s GFLOP/s", ce->precision,
                     rfl_chart_num(buf, sizeof buf, ce->spec));
            peaks[npeaks].color = RFL_PLOT_SPEC_COLOR;
            peaks[npeaks++].spec = 1;
        }
    }
    rfl_plot_peaks_data(&c, peaks, npeaks, xlo, xhi, 0.3, 0.97);

    rfl_chart_printf(&c, "plot \\\n");
    rfl_plot_peaks_lines(&c, peaks, npeaks);
    int shapes = 0; /* several job shapes (a thread sweep): say which line is which */
    for (size_t i = 1; i < m->nseries; i++)
        shapes |= m->series[i].threads_per_rank != m->series[0].threads_per_rank ||
                  m->series[i].ranks != m->series[0].ranks;
    for (size_t i = 0; i < m->nseries; i++) {
        const struct rfl_flops_series *f = &m->series[i];
        char name[128];
        if (shapes)
            snprintf(name, sizeof name, "%s %s %s, %ldx%ld", f->precision, f->isa, f->variant, f->ranks,
                     f->threads_per_rank);
        else
            snprintf(name, sizeof name, "%s %s %s", f->precision, f->isa, f->variant);
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $series index %zu using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb \"%s\" title \"%s\", \\\n",
                         i, rfl_plot_palette[i % RFL_PLOT_NPALETTE], q);
        if (have_model)
            rfl_chart_printf(&c, "  $series index %zu using 1:3 with lines dt 4 lw 1.2 lc rgb \"%s\" notitle, \\\n", i,
                             rfl_plot_palette[i % RFL_PLOT_NPALETTE]);
    }
    if (have_model)
        rfl_chart_printf(&c, "  NaN with lines dt 4 lw 1.2 lc rgb \"#404040\" title \"model (rfl_flops)\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines lw 1 lc rgb \"#1a1a1a\" title \"measured peak\"\n");
    snprintf(gp, sizeof gp, "%s/flops.gp", dir);
    return rfl_chart_end(&c, gp);
}

