/* rfl plot: the charts of a run directory, drawn from its model
 * (ceilings/model.h) and nothing else, as one table: each chart's name,
 * caption, when it applies and its writer.  `rfl plot` writes the charts
 * that apply and `rfl report` shows them, both from this table. */
#ifndef RFL_PLOT_PLOT_H
#define RFL_PLOT_PLOT_H

#include <stddef.h>

struct rfl_model;
struct rfl_ceiling;

struct rfl_plot_chart {
    const char *name;    /* NAME.gp, NAME.png */
    int label_suffix;    /* the name is NAME + the GPU's label (roofline-gpu0); 2: one chart
                          * per GPU of the members but the model's own, NAME + its label */
    const char *caption; /* in the report */
    int gpu;             /* a GPU chart: in the report's GPU section; its writer may write no
                          * script (nothing to draw) */
    int (*applies)(const struct rfl_model *m);
    int (*write)(const struct rfl_model *m, const char *dir); /* all the row's charts */
};
extern const struct rfl_plot_chart rfl_plot_charts[];
extern const size_t rfl_plot_ncharts;

/* How many charts of this row there are for this model (0: it does not apply). */
size_t rfl_plot_chart_count(const struct rfl_plot_chart *k, const struct rfl_model *m);
/* The base name of the i-th chart's files of this row for this model. */
void rfl_plot_chart_name(const struct rfl_plot_chart *k, const struct rfl_model *m, size_t i, char *buf, size_t len);


enum { RFL_PLOT_OK = 0, RFL_PLOT_NO_GNUPLOT = 1, RFL_PLOT_FAILED = -1 };
/* Writes the .gp scripts into dir and, when do_render, the PNGs (each
 * checked whole), all staged and renamed only when every one was made: a
 * failure leaves the previous charts as they were. *rendered counts the
 * PNGs made. */
int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, int *rendered);
/* The gnuplot to run: $GNUPLOT (a path, or a name looked up in PATH) or
 * gnuplot in PATH; NULL when there is none. */
const char *rfl_gnuplot_path(char *buf, size_t len);

/* gnuplot runs DIR/BASE.gp, staged in the open stage (common/afile.h), and
 * a whole DIR/BASE.png is staged beside it. 0, or -1 after a message. */
int rfl_plot_render(const char *gnuplot, const char *dir, const char *base);

/* rfl compare's chart (compare.c): the rooflines of `device` in each run,
 * each run in its own colour and dash, named in the key by its label and
 * directory, each ceiling labelled "A: L1 1234 ±2.4% GB/s". Writes
 * DIR/BASE.gp; 0, 1 when no run has a ceiling of the device (no script), or
 * -1 after a message. */
struct rfl_plot_run {
    const char *label;                  /* "A", "B" ... */
    const char *dir;                    /* the run directory as given */
    const struct rfl_ceiling *ceilings;
    size_t n;
};
int rfl_plot_compare(const struct rfl_plot_run *runs, size_t nruns, const char *device, const char *dir,
                     const char *base);

#endif
