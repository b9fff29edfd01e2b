/* What the chart writers share: colours, ranges, tics, titles and the
 * corner note. */
#include "config.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"
#include "common/csv.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const rfl_plot_palette[RFL_PLOT_NPALETTE] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a",
                                      "#66a61e", "#c99700", "#a6761d", "#555555"};

double rfl_plot_pow2_floor(double v) { return pow(2, floor(log2(v) + 1e-9)); }
double rfl_plot_pow2_ceil(double v) { return pow(2, ceil(log2(v) - 1e-9)); }
static double pow10_floor(double v) { return pow(10, floor(log10(v) + 1e-9)); }

/* 1, 2 or 5 x 10^k at or above v (at or below with down). */
double rfl_plot_nice(double v, int down)
{
    double p = pow10_floor(v), steps[] = {1, 2, 5, 10};
    if (down) {
        for (int i = 3; i >= 0; i--)
            if (steps[i] * p <= v * (1 + 1e-9))
                return steps[i] * p;
        return p;
    }
    for (int i = 0; i < 4; i++)
        if (steps[i] * p >= v * (1 - 1e-9))
            return steps[i] * p;
    return 10 * p;
}

void rfl_plot_corner(const struct rfl_model *m, char *buf, size_t len)
{
    snprintf(buf, len, "host %s | rfl %s | measured %s", m->host, m->version[0] ? m->version : "?",
             m->date[0] ? m->date : "?");
}

const char *rfl_plot_input_layout(const struct rfl_model *m, const char *file)
{
    for (size_t i = 0; i < m->ninputs; i++)
        if (!strcmp(m->inputs[i].file, file))
            return m->inputs[i].layout_brief;
    return "";
}

void rfl_plot_size_tics(struct rfl_chart *c, double lo, double hi)
{
    rfl_chart_printf(c, "set xtics (");
    int first = 1;
    rfl_chart_bound_axis(&lo, &hi);
    int span = (int)lround(log2(hi) - log2(lo));
    double mult = span > 48 ? ldexp(1, (span + 11) / 12) : span > 24 ? 16 : span > 12 ? 4 : 2;
    double x = lo;
    /* Sizes are at most 1 EiB (RFL_TABLE_MAX_BYTES): no tic past 2^63 bytes. */
    for (int n = 0; n < RFL_CHART_MAX_TICS && x <= hi * 1.0001 && x < 0x1p63; n++, x *= mult) {
        char lab[32], v[32];
        rfl_format_size((uint64_t)x, lab, sizeof lab);
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s\" %s", first ? "" : ", ", lab, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

void rfl_plot_point(struct rfl_chart *c, double x, double y)
{
    char a[32], b[32];
    rfl_format_double(a, sizeof a, "%.7g", x);
    rfl_format_double(b, sizeof b, "%.7g", y);
    rfl_chart_printf(c, "%s %s\n", a, b);
}

void rfl_plot_fit_series(struct rfl_chart *c, int have_fit, double latency_us, double gbytes_per_s, double xlo,
                         double xhi)
{
    if (have_fit)
        for (double b = xlo; b <= xhi * 1.0001 && b < 0x1p63; b *= 2)
            rfl_plot_point(c, b, latency_us + b / (gbytes_per_s * 1e3));
    else
        rfl_chart_printf(c, "NaN NaN\n");
    rfl_chart_printf(c, "\n\n");
}

const char *rfl_plot_fit_title(char *buf, size_t len, double latency_us, double gbytes_per_s)
{
    char lat[32], bw[32];
    snprintf(buf, len, "  fit %s µs + bytes / %s GB/s", rfl_chart_num(lat, sizeof lat, latency_us),
             rfl_chart_num(bw, sizeof bw, gbytes_per_s));
    return buf;
}


/* A coordinate in a script: enough digits to land on the pixel. */
const char *rfl_plot_coord(char *buf, size_t len, double v)
{
    rfl_format_double(buf, len, "%.7g", v);
    return buf;
}

void rfl_plot_gpu_title(const struct rfl_model *m, char *buf, size_t len, const char *what, const char *extra)
{
    const struct rfl_gpu_device *d = &m->gpu->dev;
    snprintf(buf, len, "%s: %s %s (%s)%s%s", what, m->machine, d->label, d->name, extra && *extra ? ", " : "",
             extra ? extra : "");
}

/* Vertical capacity marks: a dashed line across the plot, named at the top. */
void rfl_plot_capacity_mark(struct rfl_chart *c, double x, const char *text)
{
    rfl_plot_capacity_mark_as(c, x, text, rfl_plot_coord);
}

void rfl_plot_capacity_mark_as(struct rfl_chart *c, double x, const char *text,
                               const char *(*x_text)(char *buf, size_t len, double v))
{
    char a[32], b[32];
    if (x <= c->xmin || x >= c->xmax)
        return;
    rfl_chart_printf(c, "set arrow from %s, graph 0 to %s, graph 1 nohead dt 2 lw 1.5 lc rgb \"#606060\" back\n",
                     x_text(a, sizeof a, x), x_text(b, sizeof b, x));
    rfl_chart_label_vertical(c, text, "#404040", x, 1, 1);
    rfl_chart_block_line(c, x, c->ymin, x, c->ymax);
}

void rfl_plot_pow2_tics(struct rfl_chart *c, double lo, double hi, const char *fmt_prefix)
{
    rfl_chart_printf(c, "set xtics (");
    rfl_chart_bound_axis(&lo, &hi);
    int span = (int)lround(log2(hi) - log2(lo));
    double mult = span > 28 ? ldexp(1, (span + 13) / 14) : span > 14 ? 4 : 2;
    int first = 1;
    double x = lo;
    for (int n = 0; n < RFL_CHART_MAX_TICS && x <= hi * 1.0001; n++, x *= mult) {
        char v[32];
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s%s\" %s", first ? "" : ", ", fmt_prefix, v, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}


const char *rfl_plot_precision_color(const char *p)
{
    if (!strcmp(p, "fp64"))
        return "#1a1a1a";
    if (!strcmp(p, "fp32"))
        return "#1f4e9c";
    if (!strcmp(p, "fp16"))
        return "#8e24aa";
    if (!strcmp(p, "tf32"))
        return "#00838f";
    if (!strcmp(p, "bf16"))
        return "#d95f02";
    return "#555555";
}

int rfl_plot_kernel_point(const char *kernel)
{
    static const char *const kernels[] = {"cublas", "tiled", "dmma", "volkov"};
    static const int points[] = {7, 5, 13, 9};
    for (int k = 0; k < 4; k++)
        if (!strcmp(kernels[k], kernel))
            return points[k];
    return 11;
}

#define prec_color rfl_plot_precision_color

void rfl_plot_peaks_data(struct rfl_chart *c, const struct rfl_plot_peak *peaks, size_t n, double xlo, double xhi,
                         double from, double to)
{
    rfl_chart_printf(c, "$peaks << EOD\n");
    for (size_t i = 0; i < n; i++) {
        rfl_plot_point(c, xlo, peaks[i].v);
        rfl_plot_point(c, xhi, peaks[i].v);
        rfl_chart_printf(c, "\n\n");
        rfl_chart_block_line(c, xlo, peaks[i].v, xhi, peaks[i].v);
    }
    rfl_chart_printf(c, "EOD\n");
    for (size_t i = 0; i < n; i++)
        rfl_chart_label_line(c, peaks[i].text, peaks[i].color, xlo, peaks[i].v, xhi, peaks[i].v, from, to);
}

void rfl_plot_peaks_lines(struct rfl_chart *c, const struct rfl_plot_peak *peaks, size_t n)
{
    for (size_t i = 0; i < n; i++)
        rfl_chart_printf(c, "  $peaks index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         peaks[i].spec ? "dt 2 lw 1.5" : "lw 1", peaks[i].color);
}

void rfl_plot_plateaus(struct rfl_chart *c, const struct rfl_plot_plateau *p, size_t n)
{
    rfl_chart_printf(c, "$plateaus << EOD\n");
    for (size_t i = 0; i < n; i++) {
        rfl_plot_point(c, p[i].x0, p[i].value);
        rfl_plot_point(c, p[i].x1, p[i].value);
        rfl_chart_printf(c, "\n\n");
    }
    rfl_chart_printf(c, "EOD\n");
    for (size_t i = 0; i < n; i++)
        rfl_chart_block_line(c, p[i].x0, p[i].value, p[i].x1, p[i].value);
    for (size_t i = 0; i < n; i++)
        rfl_chart_label_line(c, p[i].text, "#202020", p[i].x0 / 1.5, p[i].value, p[i].x1 * 1.5, p[i].value, 0.5, NAN);
}

void rfl_plot_ai_tics(struct rfl_chart *c, double lo, double hi)
{
    rfl_chart_printf(c, "set xtics (");
    int first = 1;
    /* Every power of two; every other one past 14; past 28 wider steps
     * still, so a range of any size gets at most RFL_CHART_MAX_TICS tics. */
    int span = (int)lround(log2(hi) - log2(lo));
    int step = span > 28 ? (span + 13) / 14 : span > 14 ? 2 : 1;
    double mult = ldexp(1, step);
    double x = lo;
    for (int n = 0; n < RFL_CHART_MAX_TICS && x <= hi * 1.0001; n++, x *= mult) {
        char lab[32];
        int e = (int)lround(log2(x));
        if (e > 48 || e < -48)
            snprintf(lab, sizeof lab, "2^%d", e);
        else if (x >= 1)
            snprintf(lab, sizeof lab, "%.0f", x);
        else
            snprintf(lab, sizeof lab, "1/%.0f", 1 / x);
        char v[32];
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s\" %s", first ? "" : ", ", lab, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

/* "535.6 (median 509.8)": the best and, named, the typical rate (spread.h). */
const char *rfl_plot_value_text(char *buf, size_t len, const struct rfl_ceiling *c)
{
    char num[32], median[48];
    rfl_chart_num(num, sizeof num, c->value);
    rfl_spread_text(median, sizeof median, c);
    snprintf(buf, len, "%s%s%s%s", num, median[0] ? " (" : "", median, median[0] ? ")" : "");
    return buf;
}

const char *rfl_plot_roof_text(char *buf, size_t len, const struct rfl_ceiling *c, const char *unit)
{
    char num[32], median[48], spec[32] = "";
    rfl_chart_num(num, sizeof num, c->value);
    rfl_spread_text(median, sizeof median, c);
    if (c->spec > 0)
        snprintf(spec, sizeof spec, "%.0f%% of spec", 100.0 * c->value / c->spec);
    const char *sep = median[0] && spec[0] ? ", " : "";
    snprintf(buf, len, "%s %s%s%s%s%s%s", num, unit, median[0] || spec[0] ? " (" : "", median, sep, spec,
             median[0] || spec[0] ? ")" : "");
    return buf;
}

int rfl_plot_begin(struct rfl_chart *c, const char *base, double right, const char *title, const char *corner,
                   double xlo, double xhi, double ylo, double yhi)
{
    if (rfl_chart_begin(c, base, 1200, 800, 0.08, right, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(c, xlo, xhi, ylo, yhi);
    return 0;
}

int rfl_plot_size_time_begin(struct rfl_chart *c, const char *base, const char *title, const char *corner,
                             double *xlo, double *xhi, double *ylo, double *yhi, const char *xlabel,
                             const char *ylabel)
{
    *xlo = rfl_plot_pow2_floor(*xlo);
    *xhi = rfl_plot_pow2_ceil(*xhi * 1.5);
    *ylo = rfl_plot_nice(*ylo / 2, 1);
    *yhi = rfl_plot_nice(*yhi * 2, 0);
    if (rfl_plot_begin(c, base, 0.72, title, corner, *xlo, *xhi, *ylo, *yhi) != 0)
        return -1;
    rfl_plot_size_tics(c, *xlo, *xhi);
    rfl_chart_printf(c, "set format y \"%%g\"\n");
    rfl_chart_printf(c, "set xlabel \"%s\"\n", xlabel);
    rfl_chart_printf(c, "set ylabel \"%s\"\n", ylabel);
    rfl_chart_printf(c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    return 0;
}
