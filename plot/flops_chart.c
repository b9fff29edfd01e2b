/* The flops chart of either device: GFLOP/s against flops per element, per
 * series, under the measured and spec peaks.  The device's descriptor
 * (device_chart.h) says what differs. */
#include "config.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/csv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int is_peak(const struct rfl_ceiling *ce, const char *device, const struct rfl_plot_flops_device *dev)
{
    return ce->kind == RFL_CEILING_COMPUTE && !strcmp(ce->device, device) && !strcmp(ce->program, dev->peak_program);
}

/* Series with a model column (the CPU's) are written as "x y model", the
 * others as "x y". */
static void write_series(struct rfl_chart *c, const struct rfl_plot_flops_device *dev,
                         const struct rfl_plot_flops_view *v)
{
    struct rfl_plot_line line;
    rfl_chart_printf(c, "$series << EOD\n");
    for (size_t i = 0; i < v->nseries; i++) {
        const struct rfl_flops_series *f = &v->series[i];
        dev->describe(v->series, v->nseries, i, &line);
        rfl_chart_printf(c, "# %s\n", rfl_chart_literal(c, line.comment));
        for (size_t k = 0; k < f->n; k++) {
            if (!f->model) {
                rfl_plot_point(c, f->fpe[k], f->gflops[k]);
                continue;
            }
            char a[32], b[32], d[32];
            rfl_format_double(a, sizeof a, "%.7g", f->fpe[k]);
            rfl_format_double(b, sizeof b, "%.7g", f->gflops[k]);
            if (f->model[k] > 0)
                rfl_format_double(d, sizeof d, "%.7g", f->model[k]);
            else
                snprintf(d, sizeof d, "NaN");
            rfl_chart_printf(c, "%s %s %s\n", a, b, d);
        }
        rfl_chart_printf(c, "\n\n");
        for (size_t k = 0; k + 1 < f->n; k++)
            rfl_chart_block_line(c, f->fpe[k], f->gflops[k], f->fpe[k + 1], f->gflops[k + 1]);
    }
    rfl_chart_printf(c, "EOD\n");
}

/* Measured peaks (solid, in the colour the device gives) and spec peaks
 * (dashed); how many. */
static size_t find_peaks(const struct rfl_model *m, const struct rfl_plot_flops_device *dev,
                         const struct rfl_plot_flops_view *v, struct rfl_plot_peak *peaks)
{
    size_t npeaks = 0;
    char buf[64];
    for (size_t i = 0; i < m->nceilings && npeaks < 30; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!is_peak(ce, v->device, dev))
            continue;
        peaks[npeaks].v = ce->value;
        snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s GFLOP/s", ce->name,
                 rfl_chart_num(buf, sizeof buf, ce->value));
        peaks[npeaks].color = dev->peak_color(v, ce);
        peaks[npeaks++].spec = 0;
        int seen = 0;
        for (size_t j = 0; j < npeaks && dev->spec_once; j++)
            seen |= peaks[j].spec && peaks[j].v == ce->spec;
        if (ce->spec > 0 && !seen) {
            peaks[npeaks].v = ce->spec;
            snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s %s GFLOP/s", dev->spec_prefix, ce->precision,
                     rfl_chart_num(buf, sizeof buf, ce->spec));
            peaks[npeaks].color = RFL_PLOT_SPEC_COLOR;
            peaks[npeaks++].spec = 1;
        }
    }
    return npeaks;
}

int rfl_plot_flops_chart(const struct rfl_model *m, const char *dir, const struct rfl_plot_flops_device *dev)
{
    struct rfl_plot_flops_view v;
    memset(&v, 0, sizeof v);
    dev->prepare(m, &v);
    if (!v.nseries)
        return 0;
    /* The range holds every point, model value, row peak and spec peak. */
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    int have_model = 0;
    for (size_t i = 0; i < v.nseries; i++) {
        const struct rfl_flops_series *f = &v.series[i];
        for (size_t k = 0; k < f->n; k++) {
            xlo = fmin(xlo, f->fpe[k]);
            xhi = fmax(xhi, f->fpe[k]);
            ylo = fmin(ylo, f->gflops[k]);
            yhi = fmax(yhi, f->gflops[k]);
            if (f->model && f->model[k] > 0) {
                have_model = 1;
                ylo = fmin(ylo, f->model[k]);
                yhi = fmax(yhi, f->model[k]);
            }
            if (f->row_peak && f->row_peak[k] > 0)
                yhi = fmax(yhi, f->row_peak[k]);
        }
    }
    for (size_t i = 0; i < m->nceilings; i++)
        if (is_peak(&m->ceilings[i], v.device, dev) && m->ceilings[i].spec > 0)
            yhi = fmax(yhi, m->ceilings[i].spec);
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 3, 0);

    char corner[512], gp[2048];
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_begin(&c, dev->name, 0.80, v.title, corner, xlo, xhi, ylo, yhi) != 0)
        return -1;
    dev->tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"flops per element (arithmetic intensity grows with it)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen %d spacing 1.2 font \"sans,10\"\n",
                     dev->key_samplen);
    write_series(&c, dev, &v);
    struct rfl_plot_peak peaks[32];
    size_t npeaks = find_peaks(m, dev, &v, peaks);
    rfl_plot_peaks_data(&c, peaks, npeaks, xlo, xhi, dev->label_from, dev->label_to);

    rfl_chart_printf(&c, "plot \\\n");
    rfl_plot_peaks_lines(&c, peaks, npeaks);
    struct rfl_plot_line line;
    for (size_t i = 0; i < v.nseries; i++) {
        dev->describe(v.series, v.nseries, i, &line);
        rfl_chart_printf(&c, "  $series index %zu %swith linespoints %s lc rgb \"%s\" title %s, \\\n", i,
                         v.series[i].model ? "using 1:2 " : "", line.style, line.color, rfl_chart_literal(&c, line.title));
        if (have_model)
            rfl_chart_printf(&c, "  $series index %zu using 1:3 with lines dt 4 lw 1.2 lc rgb \"%s\" notitle, \\\n", i,
                             line.color);
    }
    if (have_model)
        rfl_chart_printf(&c, "  NaN with lines dt 4 lw 1.2 lc rgb \"#404040\" title \"%s\", \\\n", dev->model_key);
    rfl_chart_printf(&c, "  NaN with lines lw 1 lc rgb \"#1a1a1a\" title \"measured peak\"");
    if (dev->spec_key)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"%s\"", RFL_PLOT_SPEC_COLOR,
                         dev->spec_key);
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, dev->name);
    return rfl_chart_end(&c, gp);
}
