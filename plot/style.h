/* What the chart writers share: colours, ranges, tics, titles and the
 * corner note. */
#ifndef RFL_PLOT_STYLE_H
#define RFL_PLOT_STYLE_H

#include <stddef.h>

#include "chart.h"

struct rfl_model;
struct rfl_ceiling;

#define RFL_PLOT_NPALETTE 8
extern const char *const rfl_plot_palette[RFL_PLOT_NPALETTE];
#define RFL_PLOT_SPEC_COLOR "#8c8c8c" /* spec (textbook) lines */

/* Powers of two at or below / at or above v. */
double rfl_plot_pow2_floor(double v);
double rfl_plot_pow2_ceil(double v);
/* 1, 2 or 5 x 10^k at or above v (at or below with down). */
double rfl_plot_nice(double v, int down);
/* "host H | rfl V | measured D", for the corner of every chart. */
void rfl_plot_corner(const struct rfl_model *m, char *buf, size_t len);
/* The CPU layout (each rank's CPUs and NUMA domains) of the input `file`, for a title; "" when unknown. */
const char *rfl_plot_input_layout(const struct rfl_model *m, const char *file);
/* x tics at powers of two between lo and hi, labelled 4K, 1M, ... */
void rfl_plot_size_tics(struct rfl_chart *c, double lo, double hi);
/* A 1200 x 800 chart with the usual margins (its plot from 0.08 to `right`
 * across, 0.09 to 0.93 up) over these ranges (rfl_chart_begin, then
 * rfl_chart_ranges): 0, or -1. */
int rfl_plot_begin(struct rfl_chart *c, const char *base, double right, const char *title, const char *corner,
                   double xlo, double xhi, double ylo, double yhi);
/* A chart of time against transfer size, both on log axes (host-device
 * copies, MPI messages): the ranges rounded out from the data's (sizes to
 * powers of two, times to 1-2-5, in place: the data drawn after uses them),
 * size tics, axis labels and the key on the right. 0, or -1 as
 * rfl_chart_begin. */
int rfl_plot_size_time_begin(struct rfl_chart *c, const char *base, const char *title, const char *corner,
                             double *xlo, double *xhi, double *ylo, double *yhi, const char *xlabel,
                             const char *ylabel);
/* GPU charts: a precision's colour (fp64, fp32, fp16, tf32, bf16) and a
 * GEMM kernel's marker (cublas, tiled, dmma, volkov), the same on every chart. */
const char *rfl_plot_precision_color(const char *precision);
int rfl_plot_kernel_point(const char *kernel);
/* One "x y" data line of an inline data block. */
void rfl_plot_point(struct rfl_chart *c, double x, double y);
/* A fitted T = latency + bytes / bandwidth (the host link's, the network's) as
 * one series of a data block: its points at bytes xlo, 2 xlo ... to xhi, or
 * a NaN point where there is no fit; then the series' end. */
void rfl_plot_fit_series(struct rfl_chart *c, int have_fit, double latency_us, double gbytes_per_s, double xlo,
                         double xhi);
/* The fit's title in a key: "  fit L µs + bytes / B GB/s". */
const char *rfl_plot_fit_title(char *buf, size_t len, double latency_us, double gbytes_per_s);
/* A horizontal peak line across a flops chart: measured (solid) or spec (dashed). */
struct rfl_plot_peak {
    double v;
    char text[160];
    const char *color;
    int spec;
};
/* The peaks' data block ($peaks, from xlo to xhi) and their labels, placed
 * along each line between the fractions from and to. */
void rfl_plot_peaks_data(struct rfl_chart *c, const struct rfl_plot_peak *peaks, size_t n, double xlo, double xhi,
                         double from, double to);
/* Their entries in the plot command. */
void rfl_plot_peaks_lines(struct rfl_chart *c, const struct rfl_plot_peak *peaks, size_t n);
/* A level's ceiling over the working sets of the plateau that set it. */
struct rfl_plot_plateau {
    double x0, x1, value;
    char text[256];
};
/* Their data block ($plateaus) and labels, each over its plateau, centred
 * (a long label may run past a short plateau). */
void rfl_plot_plateaus(struct rfl_chart *c, const struct rfl_plot_plateau *p, size_t n);
/* A coordinate in a script: enough digits to land on the pixel. */
const char *rfl_plot_coord(char *buf, size_t len, double v);
/* A GPU chart's title: "WHAT: machine gpuN (name), EXTRA". */
void rfl_plot_gpu_title(const struct rfl_model *m, char *buf, size_t len, const char *what, const char *extra);
/* Vertical capacity marks: a dashed line across the plot, named at the top. */
void rfl_plot_capacity_mark(struct rfl_chart *c, double x, const char *text);
/* The same with x written by x_text (rfl_plot_coord above; the CPU's
 * bandwidth chart writes rfl_chart_num). */
void rfl_plot_capacity_mark_as(struct rfl_chart *c, double x, const char *text,
                               const char *(*x_text)(char *buf, size_t len, double v));
/* A ceiling's best value and its typical (median) rate as the compare
 * chart writes it: "535.6 (median 509.8)" (the value alone where the
 * median is unknown). Returns buf. */
const char *rfl_plot_value_text(char *buf, size_t len, const struct rfl_ceiling *c);
/* A roof's label after its name: the value, the unit, then the median and
 * the percent of spec, named ("79.8 GFLOP/s (median 52.0, 99% of spec)";
 * what is unknown left out). Returns buf. */
const char *rfl_plot_roof_text(char *buf, size_t len, const struct rfl_ceiling *c, const char *unit);
/* A roofline's x tics: arithmetic intensity at powers of two (1/4, 1, 4 ...),
 * wider steps over a wide range. */
void rfl_plot_ai_tics(struct rfl_chart *c, double lo, double hi);
/* x tics at powers of two (every other one over a wide span), labelled PREFIX + the value. */
void rfl_plot_pow2_tics(struct rfl_chart *c, double lo, double hi, const char *fmt_prefix);

#endif
