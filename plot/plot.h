/* rfl plot: the charts of a run directory, drawn from its model
 * (ceilings/model.h) and nothing else, as one table: each chart's name,
 * caption, when it applies and its writer.  `rfl plot` writes the charts
 * that apply and `rfl report` shows them, both from this table. */
#ifndef RFL_PLOT_PLOT_H
#define RFL_PLOT_PLOT_H

#include <stddef.h>

struct rfl_model;
struct rfl_ceiling;

/* How a chart row's file names are made. */
enum rfl_plot_chart_naming {
    RFL_PLOT_NAME,          /* NAME */
    RFL_PLOT_NAME_GPU,      /* NAME + the model's GPU's label (roofline-gpu0) */
    RFL_PLOT_NAME_EACH_GPU, /* one chart per GPU of the members but the model's own, NAME + its label */
};
struct rfl_plot_chart {
    const char *name;                  /* NAME.gp, NAME.png (.pdf, .svg) */
    enum rfl_plot_chart_naming naming;
    const char *caption;               /* in the report */
    int gpu;                           /* a GPU chart: in the report's GPU section; its writer may write no
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


/* The chart formats (rfl plot --format, the config's `format`): a bitmask
 * over rfl_plot_format_names, whose order is the bits'. PNG is what the
 * report shows; PDF and SVG are for papers. */
enum { RFL_PLOT_PNG = 1, RFL_PLOT_PDF = 2, RFL_PLOT_SVG = 4 };
/* The names as an initializer too: the settings' key table (driver/) takes
 * them without linking libplot. */
#define RFL_PLOT_FORMAT_NAMES {"png", "pdf", "svg", NULL}
extern const char *const rfl_plot_format_names[];
enum { RFL_PLOT_NFORMATS = 3 };
struct rfl_plot_format {
    const char *ext, *name, *terminal; /* terminal: as `gnuplot -e 'set terminal'` lists it */
};
extern const struct rfl_plot_format rfl_plot_formats[RFL_PLOT_NFORMATS];
/* --format LIST of rfl plot, run, compare and profile (common/options.h). */
#define RFL_OPTION_FORMAT_HELP(dest, help)                                                                    \
    {"format", 0, RFL_OPT_LIST, (dest), "LIST", (help), 0, 0, rfl_plot_format_names}
#define RFL_OPTION_FORMAT(dest)                                                                                  \
    RFL_OPTION_FORMAT_HELP((dest), "the charts' formats, comma-separated: png (what the report shows), pdf and " \
                                   "svg for papers (default: the config's format, else png)")

enum { RFL_PLOT_OK = 0, RFL_PLOT_NO_GNUPLOT = 1, RFL_PLOT_FAILED = -1 };
/* Writes the .gp scripts into dir and, when do_render, each chart in each
 * of `formats` (each file checked whole), all staged and renamed only when
 * every one was made: a failure leaves the previous charts as they were.
 * *rendered counts the charts drawn. */
int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, unsigned formats, int *rendered);
/* The gnuplot to run: $GNUPLOT (a path, or a name looked up in PATH) or
 * gnuplot in PATH; NULL when there is none. */
const char *rfl_gnuplot_path(char *buf, size_t len);

/* The formats the scripts written from now on can draw besides PNG (the
 * writers take no formats of their own: rfl_plot_write sets them around
 * its writers, a caller of rfl_plot_compare before it). A script of PNG
 * alone is the same as before formats existed. */
void rfl_plot_script_formats(unsigned formats);
unsigned rfl_plot_script_format_mask(void);
/* Format f's gnuplot terminal for a chart of width x height PNG pixels, each
 * drawn in the PNG's proportions. A script's terminal and output lines
 * (chart.c): BASE.png, and with other formats a switch on the variable
 * rfl_format ('pdf', 'svg') that gnuplot -e sets. */
void rfl_plot_terminal_of(int f, double width, double height, char *buf, size_t len);

/* gnuplot runs DIR/BASE.gp, staged in the open stage (common/afile.h),
 * once per format of `formats` that this gnuplot has a terminal for (one
 * line the first time one is missing), and each whole DIR/BASE.EXT is
 * staged beside it. 0, or -1 after a message. */
int rfl_plot_render(const char *gnuplot, const char *dir, const char *base, unsigned formats);

/* rfl compare's chart (compare.c): the rooflines of `device` in each run,
 * each run in its own colour and dash, named in the key by its label and
 * directory, each ceiling labelled "L1: A 1338 (median 1290), B 1329
 * (median 1301) GB/s". Writes DIR/BASE.gp; 0, 1 when no run has a ceiling of the device (no script), or
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
