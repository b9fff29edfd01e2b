/* One roofline chart being drawn (roofline.png, roofline-gpuN.png,
 * roofline-gpus.png), shared by the three files that draw it: its roofs
 * and their lines (roofline.c, which runs the stages in order), its points
 * (roofline_points.c) and every text on it (roofline_labels.c). The stages
 * read the model's fields (each point's intensity, bound and roof names,
 * each roof's) and never call back into ceilings/ or into roofline.c. */
#ifndef RFL_PLOT_ROOFLINE_CHART_H
#define RFL_PLOT_ROOFLINE_CHART_H

#include <stddef.h>

#include "chart.h"

struct rfl_model;
struct rfl_ceiling;

#define RFL_ROOFLINE_MAX_ROOFS 32 /* of one kind (bandwidth, compute) */
#define RFL_ROOFLINE_MAX_LINES 80

/* What a line is: a measured roof, or the spec value of one. */
enum rfl_roofline_line_kind { RFL_LINE_BANDWIDTH, RFL_LINE_COMPUTE, RFL_LINE_SPEC_COMPUTE, RFL_LINE_SPEC_BANDWIDTH };

struct rfl_roofline_line {
    enum rfl_roofline_line_kind kind;
    size_t roof;             /* index into bw (bandwidth kinds) or cp (compute kinds) */
    char label[256];         /* "": the roof above (within 10%) names this one too */
    const char *color;
    double x0, y0, x1, y1;
    int spec;                /* 0 measured, 1 spec (dashed), 2 tensor cores (dotted) */
};

/* A labelled dot: an application point (CPU) or a GEMM kernel (GPU). */
struct rfl_roofline_dot {
    char label[160];
    double x, y;
    const char *color; /* GPU: the precision's colour and the kernel's marker */
    int pt;
};

struct rfl_roofline {
    const struct rfl_model *m;
    const char *device;
    int gpu;                 /* a GPU's chart */
    int points;              /* with the points (the model's own device) */
    /* The roofs drawn: bandwidth, and compute highest first. */
    const struct rfl_ceiling *bw[RFL_ROOFLINE_MAX_ROOFS], *cp[RFL_ROOFLINE_MAX_ROOFS];
    size_t nbw, ncp;
    int link_merged;         /* the host link's two directions are one line */
    double top;              /* the top compute roof (NaN: none) */
    double bmax, bmin;       /* the fastest and the slowest bandwidth roof setting the range */
    double spec_peak_max, spec_bw_max;
    double roof;             /* the top of the measured and the spec compute roofs (NaN: none) */
    double xlo, xhi, ylo, yhi;
    struct rfl_roofline_dot *dots;
    size_t ndots;
    struct rfl_roofline_line lines[RFL_ROOFLINE_MAX_LINES];
    size_t nlines, first_compute, first_spec; /* bandwidth, then compute, then spec lines */
    int ntensor;             /* a tensor roof is drawn */
};

/* roofline_points.c: whether a point (or a percentage, a table) is held
 * against a compute roof, so that roof is drawn; the dots (r->dots,
 * r->ndots; -1 out of memory); the axes (r->top ... r->yhi) that hold
 * every roof's ridge, the dots and the profiled points; the points' data
 * blocks. */
int rfl_roofline_roof_in_use(const struct rfl_model *m, const struct rfl_ceiling *c);
int rfl_roofline_dots(struct rfl_roofline *r);
void rfl_roofline_axes(struct rfl_roofline *r);
void rfl_roofline_points_data(struct rfl_chart *c, const struct rfl_roofline *r);

/* roofline_labels.c: the chart begun (title, corner, the canvas the key
 * needs, axes); every line's label; the lines' data block, each named by
 * its label; the key; the labels placed clear of the lines, dots and each
 * other; the plot command. */
int rfl_roofline_begin(struct rfl_chart *c, const struct rfl_roofline *r, const char *base);
void rfl_roofline_name_lines(struct rfl_roofline *r);
void rfl_roofline_lines_data(struct rfl_chart *c, const struct rfl_roofline *r);
void rfl_roofline_key(struct rfl_chart *c, const struct rfl_roofline *r);
void rfl_roofline_labels(struct rfl_chart *c, const struct rfl_roofline *r);
void rfl_roofline_plot(struct rfl_chart *c, const struct rfl_roofline *r);

#endif
