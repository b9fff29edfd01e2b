/* The verified points of a timed transfer series (the host link, the GPU
 * links, the network), kept for the spread of the bandwidth fitted to them
 * (spread.h) and for the charts. */
#ifndef RFL_CEILINGS_TIMED_H
#define RFL_CEILINGS_TIMED_H

#include <stddef.h>

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
void rfl_timed_free(struct rfl_timed_points *p);

#endif
