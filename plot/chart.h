/* A gnuplot chart being written: log-log axes mapped to PNG pixels, so the
 * driver can place every label itself (along its line, clear of the other
 * labels, lines and points) instead of hoping gnuplot's defaults do not
 * overlap.  The script is built in memory and written atomically. */
#ifndef RFL_DRIVER_CHART_H
#define RFL_DRIVER_CHART_H

#include <stddef.h>
#include <stdio.h>

#include "chart_index.h" /* struct rfl_box */

/* A log axis spans at most these values, whatever the data: the tics, the
 * pixel mapping and gnuplot all need finite, positive ends. */
#define RFL_CHART_AXIS_MIN 1e-300
#define RFL_CHART_AXIS_MAX 1e300
/* The most tics an axis gets: a tic loop over a huge range widens its step. */
#define RFL_CHART_MAX_TICS 48


/* Every label is placed clear of every other label and of the key: a
 * candidate place that overlaps one is never taken. Where no place near
 * its line or point is free, a label goes further away with a thin leader
 * line, else it becomes a numbered note ("[n] text") in the row below the
 * chart (or a free spot of the plot) with "[n]" at its place; only when
 * that fails too is it left out (a "# not placed" comment in the script).
 * Each placed label, key and note is recorded in the script as
 *   # box CX CY HW HH ANGLE 'text'
 * (its centre, half width and half height in pixels from the canvas's
 * bottom left, angle in degrees), so a test can check that none overlap.
 * A signal (common/interrupt.h) stops placement: the chart then fails at
 * rfl_chart_end and nothing is written. */
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
    struct rfl_chart_index *index;    /* the boxes by place (chart_index.c) */
    size_t far_budget;                /* candidates left for labels placed away, with a leader */
    int nlabels, nnotes;
    double note_x, note_end;          /* the row of notes below the chart: next free x, its end (pixels) */
    char **texts; /* the literals made by rfl_chart_literal, freed at the end */
    size_t ntexts, texts_cap;
    int failed;   /* out of memory on the way: rfl_chart_end fails */
};

/* Starts a script without axes (a multi-panel chart places its own): the
 * header, the terminal (noenhanced: names are drawn as they are, no
 * ^ _ @ { } markup) and BASE.png as the output. 0 or -1. */
int rfl_chart_open(struct rfl_chart *c, const char *base, double width, double height);

/* Starts a script: rfl_chart_open, then margins, log axes, the title and
 * the corner note (host and version). */
int rfl_chart_begin(struct rfl_chart *c, const char *base, double width, double height, double left, double right,
                    double bottom, double top, const char *title, const char *corner);
void rfl_chart_ranges(struct rfl_chart *c, double xmin, double xmax, double ymin, double ymax);
/* Makes [*lo, *hi] a usable log axis whatever the numbers (NaN, infinite,
 * zero, negative, reversed): within RFL_CHART_AXIS_MIN..MAX, lo < hi.
 * rfl_chart_ranges applies it; charts apply it before placing tics. */
void rfl_chart_bound_axis(double *lo, double *hi);
/* A box in pixels that no label may overlap (a key drawn by gnuplot): recorded like a label's. */
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
 * `from` both ways) above and then below, then further out (see above).
 * Returns 0 when placed beside the line, 1 when away from it (a leader or a
 * note), -1 when not placed. */
int rfl_chart_label_line(struct rfl_chart *c, const char *text, const char *color, double x0, double y0, double x1,
                         double y1, double from, double to);
/* Places a horizontal label near a point, beside it in one of eight
 * directions, else as above; returns as rfl_chart_label_line. */
int rfl_chart_label_point(struct rfl_chart *c, const char *text, const char *color, double x, double y);
/* A vertical label beside a vertical line at x: at the top or the bottom,
 * on its right (side 1) or left (-1) as asked where that is free, else at
 * the other end or side, else a note. */
void rfl_chart_label_vertical(struct rfl_chart *c, const char *text, const char *color, double x, int at_top,
                              int side);

/* Raw gnuplot text. */
void rfl_chart_printf(struct rfl_chart *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A number with '.' and up to `digits` significant digits. */
const char *rfl_chart_num(char *buf, size_t len, double v);

/* Finishes and writes the script atomically. 0 or -1. */
int rfl_chart_end(struct rfl_chart *c, const char *gp_path);
void rfl_chart_discard(struct rfl_chart *c);

/* The one way text enters a script: a complete gnuplot string literal of
 * TEXT, for every title, label, key entry, file name and comment. It is
 * made of single-quoted pieces, inside which gnuplot expands no backquote
 * (no shell command), no @macro and no backslash escape; each single quote
 * of TEXT is a separate "\047" joined with '.' (gnuplot 5.4 misreads the
 * '' escape at the start of a string or twice in a row). A newline, tab or
 * carriage return becomes a space and other control characters are
 * dropped, so no text ends a command or a comment; invalid UTF-8 becomes
 * U+FFFD. Any length. The literal lives until rfl_chart_end or
 * rfl_chart_discard (out of memory: '' and the chart fails at its end). */
const char *rfl_chart_literal(struct rfl_chart *c, const char *text);

#endif
