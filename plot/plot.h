/* rfl plot: the charts of a run directory, drawn from its model
 * (ceilings/model.h) and nothing else, as one table: each chart's name,
 * caption, when it applies and its writer.  `rfl plot` writes the charts
 * that apply and `rfl report` shows them, both from this table. */
#ifndef RFL_PLOT_PLOT_H
#define RFL_PLOT_PLOT_H

#include <stddef.h>

struct rfl_model;

struct rfl_plot_chart {
    const char *name;    /* NAME.gp, NAME.png */
    int label_suffix;    /* the name is NAME + the GPU's label (roofline-gpu0) */
    const char *caption; /* in the report */
    int gpu;             /* a GPU chart: in the report's GPU section; its writer may write no
                          * script (nothing to draw) */
    int (*applies)(const struct rfl_model *m);
    int (*write)(const struct rfl_model *m, const char *dir);
};
extern const struct rfl_plot_chart rfl_plot_charts[];
extern const size_t rfl_plot_ncharts;

/* The base name of a chart's files for this model. */
void rfl_plot_chart_name(const struct rfl_plot_chart *k, const struct rfl_model *m, char *buf, size_t len);

enum { RFL_PLOT_OK = 0, RFL_PLOT_NO_GNUPLOT = 1, RFL_PLOT_FAILED = -1 };
/* Writes the .gp scripts into dir and, when do_render, the PNGs (each
 * checked whole), all staged and renamed only when every one was made: a
 * failure leaves the previous charts as they were. *rendered counts the
 * PNGs made. */
int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, int *rendered);
/* The gnuplot to run: $GNUPLOT (a path, or a name looked up in PATH) or
 * gnuplot in PATH; NULL when there is none. */
const char *rfl_gnuplot_path(char *buf, size_t len);

#endif
