/* rfl profile's kernels (GPU) or regions (CPU) on the roofline chart
 * (the chart calls these at each stage of its script: roofline_points.c,
 * roofline_labels.c): each at its achieved GFLOP/s once per memory level
 * measured, at its arithmetic intensity there (the hierarchical roofline:
 * one marker shape per level, one colour per kernel, a thin line joining
 * them), read from the fields the model set on it (ceilings/bound.h). On
 * the GPU chart each kernel is numbered and the key names the numbers (the
 * report's table has the same numbers); on the CPU chart each region is
 * named beside its markers. Every label is placed clear of the others
 * (plot/chart.c). */
#ifndef RFL_PLOT_PROFILE_POINTS_H
#define RFL_PLOT_PROFILE_POINTS_H

#include <stddef.h>

#include "chart.h"

struct rfl_model;

/* Widens the axes to hold the points of the chart's device. */
void rfl_plot_kernels_extent(const struct rfl_model *m, int gpu, double *xlo, double *xhi, double *ymin);
/* The $kernels data block, and the markers and lines as label obstacles. */
void rfl_plot_kernels_data(struct rfl_chart *c, const struct rfl_model *m, int gpu);
/* The numbers (GPU) or names (CPU) beside the points. */
void rfl_plot_kernels_labels(struct rfl_chart *c, const struct rfl_model *m, int gpu);
/* The plot command's entries for the points (no title), each ending ", \\\n". */
void rfl_plot_kernels_plot(struct rfl_chart *c, const struct rfl_model *m, int gpu);
/* The key's entries (the marker of each level; on the GPU each number's
 * kernel), each starting ", \\\n"; how many there are. */
size_t rfl_plot_kernels_key(struct rfl_chart *c, const struct rfl_model *m, int gpu);
size_t rfl_plot_kernels_nkey(const struct rfl_model *m, int gpu);

#endif
