/* The label boxes of a chart in a uniform grid over its canvas, so that a
 * candidate place for a label is checked only against the boxes near it:
 * with thousands of labelled points, checking each candidate against every
 * placed box made placement quadratic (minutes for 5000 kernels). */
#ifndef RFL_PLOT_CHART_INDEX_H
#define RFL_PLOT_CHART_INDEX_H

#include <stddef.h>

struct rfl_box {        /* an oriented rectangle in pixels (y up) */
    double cx, cy, hw, hh, angle;
};

struct rfl_chart_index;

/* An empty index over a canvas of width x height pixels; NULL out of memory. */
struct rfl_chart_index *rfl_chart_index_new(double width, double height);
void rfl_chart_index_free(struct rfl_chart_index *x);
/* Files box `id` of `boxes` under every cell it covers; `hard`: a label or
 * a key, which nothing may overlap (else a line or a marker, which a label
 * avoids where it can). -1 out of memory. */
int rfl_chart_index_add(struct rfl_chart_index *x, const struct rfl_box *boxes, size_t id, int hard);
/* How many filed boxes `b` overlaps: hard ones returned, soft ones in
 * *soft (NULL: not counted). With `stop_at_hard`, the count stops at the
 * first hard one. */
size_t rfl_chart_index_hits(struct rfl_chart_index *x, const struct rfl_box *boxes, const struct rfl_box *b,
                            size_t *soft, int stop_at_hard);
/* Separating-axis test of two oriented rectangles (touching counts). */
int rfl_box_overlap(const struct rfl_box *a, const struct rfl_box *b);

#endif
