/* The verified points of a timed transfer series (the host link, the GPU
 * links, the network), kept for the spread of the bandwidth fitted to them
 * (spread.h) and for the charts; and the one way their loaders read a row
 * into one (timed.c). */
#ifndef RFL_CEILINGS_TIMED_H
#define RFL_CEILINGS_TIMED_H

#include <stddef.h>

struct rfl_model;
struct rfl_table;

struct rfl_timed_points {
    size_t n;
    double *bytes;
    double *t_min;    /* the fastest sample's time, s */
    double *t_median; /* the median sample's time, s (NaN: not in the file) */
    long *samples;    /* timed samples of the point (0: not in the file) */
};

/* Appends one point: 0, or -1 out of memory (one line said; the points
 * stay as they were). */
int rfl_timed_push(struct rfl_timed_points *p, double bytes, double t_min, double t_median, long samples);
/* Frees the points (model_free.c, with the model's parts). */
void rfl_timed_free(struct rfl_timed_points *p);

/* The columns of a file's timed rows (-1: the file has no such column):
 * the bytes, the fastest time, a rate the row must hold positive (the GPU
 * links' gbytes_per_s; -1 none), the median time and the timed samples
 * (rfl_load_spread_cells's), and verified. */
struct rfl_timed_columns {
    int bytes, t_min, rate, t_median, samples, verified;
};
/* Those of t: "bytes", the times and the rate (NULL: none) as named,
 * "experiments" and "verified". */
struct rfl_timed_columns rfl_timed_columns_of(const struct rfl_table *t, const char *t_min, const char *rate,
                                              const char *t_median);
/* One row's point as rfl_timed_push takes it. */
struct rfl_timed_row {
    double bytes, t_min, t_median;
    long samples;
};
/* Row r's point, its cells checked in that order: 1 (a verified row, *pt
 * set), 0 (not verified: rfl_load_verified's note, skip it) or -1 after
 * one line naming the cell. */
int rfl_timed_row(struct rfl_model *m, const struct rfl_table *t, size_t r, const struct rfl_timed_columns *c,
                  struct rfl_timed_row *pt);
/* Appends row r's point to p: 0, or -1 after one line (more than
 * RFL_LEVELS_MAX_POINTS points in the series named `what`, or out of memory). */
int rfl_timed_add(struct rfl_timed_points *p, const struct rfl_table *t, size_t r, const struct rfl_timed_row *pt,
                  const char *what);

#endif
