/* What the chart writers share (plot.c, gpu_plot.c): colours, ranges,
 * tics and the corner note. */
#ifndef RFL_DRIVER_PLOT_H
#define RFL_DRIVER_PLOT_H

#include <stddef.h>

#include "chart.h"

struct rfl_model;

#define RFL_PLOT_NPALETTE 8
extern const char *const rfl_plot_palette[RFL_PLOT_NPALETTE];

/* Powers of two at or below / at or above v. */
double rfl_plot_pow2_floor(double v);
double rfl_plot_pow2_ceil(double v);
/* 1, 2 or 5 x 10^k at or above v (at or below with down). */
double rfl_plot_nice(double v, int down);
/* "host H | rfl V | measured D", for the corner of every chart. */
void rfl_plot_corner(const struct rfl_model *m, char *buf, size_t len);
/* x tics at powers of two between lo and hi, labelled 4K, 1M, ... */
void rfl_plot_size_tics(struct rfl_chart *c, double lo, double hi);
/* GPU charts: a precision's colour (fp64, fp32, fp16, tf32, bf16) and a
 * GEMM kernel's marker (cublas, tiled, dmma, volkov), the same on every chart. */
const char *rfl_plot_precision_color(const char *precision);
int rfl_plot_kernel_point(const char *kernel);
/* One "x y" data line of an inline data block. */
void rfl_plot_point(struct rfl_chart *c, double x, double y);

#endif
