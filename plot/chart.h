/* A gnuplot chart being written: log-log axes mapped to PNG pixels, so the
 * driver can place every label itself (along its line, clear of the other
 * labels, lines and points) instead of hoping gnuplot's defaults do not
 * overlap.  The script is built in memory and written atomically. */
#ifndef RFL_DRIVER_CHART_H
#define RFL_DRIVER_CHART_H

#include <stddef.h>
#include <stdio.h>

/* A log axis spans at most these values, whatever the data: the tics, the
 * pixel mapping and gnuplot all need finite, positive ends. */
#define RFL_CHART_AXIS_MIN 1e-300
#define RFL_CHART_AXIS_MAX 1e300
/* The most tics an axis gets: a tic loop over a huge range widens its step. */
#define RFL_CHART_MAX_TICS 48

struct rfl_box {        /* an oriented rectangle in pixels (y up) */
    double cx, cy, hw, hh, angle;
};

struct rfl_chart {
    FILE *f;
    char *text;
    size_t len;
    double width, height;             /* pixels */
    double left, right, bottom, top;  /* plot area, fraction of the canvas */
    double xmin, xmax, ymin, ymax;    /* data ranges (both axes logarithmic) */
    double font_pt;                   /* size of the labels */
    struct rfl_box *boxes;            /* obstacles for the labels (grown as needed) */
    size_t nboxes, cap_boxes;
    int nlabels;
};

/* Starts a script: terminal, output, margins, log axes, the title and the
 * corner note (host and version). */
int rfl_chart_begin(struct rfl_chart *c, const char *png, double width, double height, double left, double right,
                    double bottom, double top, const char *title, const char *corner);
void rfl_chart_ranges(struct rfl_chart *c, double xmin, double xmax, double ymin, double ymax);
/* Makes [*lo, *hi] a usable log axis whatever the numbers (NaN, infinite,
 * zero, negative, reversed): within RFL_CHART_AXIS_MIN..MAX, lo < hi.
 * rfl_chart_ranges applies it; charts apply it before placing tics. */
void rfl_chart_bound_axis(double *lo, double *hi);
/* An obstacle for the labels (a box in pixels). */
void rfl_chart_add_box(struct rfl_chart *c, struct rfl_box b);

double rfl_chart_px(const struct rfl_chart *c, double x);
double rfl_chart_py(const struct rfl_chart *c, double y);

/* Obstacles a label must not cover: a line between two data points, a
 * marker at a data point. */
void rfl_chart_block_line(struct rfl_chart *c, double x0, double y0, double x1, double y1);
void rfl_chart_block_point(struct rfl_chart *c, double x, double y, double radius_px);

/* Places a label beside the line from (x0,y0) to (x1,y1) (data coordinates),
 * parallel to it, trying positions along it from `from` to `to` (fractions
 * of its length, stepping in whichever direction; `to` NaN: outwards from
 * `from` both ways) above and then below.
 * Falls back to the least crowded candidate. Returns 0 when a free place was
 * found. */
int rfl_chart_label_line(struct rfl_chart *c, const char *text, const char *color, double x0, double y0, double x1,
                         double y1, double from, double to);
/* Places a horizontal label near a point, beside it in one of eight directions. */
int rfl_chart_label_point(struct rfl_chart *c, const char *text, const char *color, double x, double y);
/* A vertical label beside a vertical line at x: at the top (reading
 * down from the top edge) or the bottom, on its right (side 1) or left (-1). */
void rfl_chart_label_vertical(struct rfl_chart *c, const char *text, const char *color, double x, int at_top,
                              int side);

/* Raw gnuplot text. */
void rfl_chart_printf(struct rfl_chart *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A number with '.' and up to `digits` significant digits. */
const char *rfl_chart_num(char *buf, size_t len, double v);

/* Finishes and writes the script atomically. 0 or -1. */
int rfl_chart_end(struct rfl_chart *c, const char *gp_path);
void rfl_chart_discard(struct rfl_chart *c);

/* Text for a gnuplot string in double quotes. */
void rfl_chart_quote(char *out, size_t len, const char *text);

#endif
