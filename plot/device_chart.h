/* The working-set chart and the flops chart: one writer each for the CPU
 * and the GPU.  What differs between the devices is a descriptor (names,
 * numbers, flags and the few steps that really differ: which curves, the
 * title, the capacities, each line's style and key entry), one per chart
 * and device in bandwidth.c, gpu_bandwidth.c, flops.c and gpu_flops.c. */
#ifndef RFL_PLOT_DEVICE_CHART_H
#define RFL_PLOT_DEVICE_CHART_H

#include <stddef.h>

#include "chart.h"

struct rfl_model;
struct rfl_bw_curve;
struct rfl_flops_series;
struct rfl_ceiling;

/* One curve or series as drawn: the comment over its data block, its
 * style in the plot command ("lw 1.5 pt 7 ps 0.6"), colour and key entry. */
struct rfl_plot_line {
    char comment[128];
    char style[96];
    const char *color;
    char title[128];
};

/* ---- the working-set chart (bandwidth against working set) ---- */

#define RFL_PLOT_WS_MAX_CURVES 64
#define RFL_PLOT_WS_MAX_MARKS 16

/* A capacity on the working-set axis: a dashed line named at the top. */
struct rfl_plot_ws_mark {
    double x;
    char text[64];
    int sides; /* a detected transition's label goes on the side away from the nearest such mark */
};

/* What a device's prepare step found to draw. */
struct rfl_plot_ws_view {
    const char *device; /* whose ceilings: "cpu", "gpu0" */
    const struct rfl_bw_curve *curves[RFL_PLOT_WS_MAX_CURVES];
    size_t ncurves; /* 0: no chart */
    char title[512];
    struct rfl_plot_ws_mark marks[RFL_PLOT_WS_MAX_MARKS]; /* drawn where inside the x range */
    size_t nmarks;
};

struct rfl_plot_ws_device {
    const char *name;          /* NAME.gp */
    double right;              /* right edge of the plot area: room for the key */
    double headroom;           /* the y range's top over the highest point */
    const char *xlabel;
    int key_samplen;
    double plateau_widen;      /* a plateau of one working set is drawn this much either side */
    int plateau_shows_kernel;  /* "L1 300 GB/s (load)"; else "L1 300 GB/s" (the key names the kernels) */
    int merge_shared_plateaus; /* one bar for levels set by the same plateau */
    const char *capacity_key;  /* the key's name for the capacity marks */
    int key_lists_absent;      /* the key names plateaus and transitions also where there are none */
    /* A vertical line's x in the script. */
    const char *(*x_text)(char *buf, size_t len, double x);
    void (*prepare)(const struct rfl_model *m, struct rfl_plot_ws_view *v);
    void (*describe)(const struct rfl_bw_curve *c, size_t index, struct rfl_plot_line *out);
};

/* Writes DIR/NAME.gp; 0 (also when there is nothing to draw) or -1. */
int rfl_plot_working_set(const struct rfl_model *m, const char *dir, const struct rfl_plot_ws_device *dev);

/* ---- the flops chart (GFLOP/s against flops per element) ---- */

struct rfl_plot_flops_view {
    const char *device; /* whose ceilings are the peak lines */
    const struct rfl_flops_series *series;
    size_t nseries; /* 0: no chart */
    char title[512];
};

struct rfl_plot_flops_device {
    const char *name;         /* NAME.gp */
    int key_samplen;
    const char *peak_program; /* the peak lines: the compute ceilings this program's rows set */
    const char *spec_prefix;  /* a spec line's label: "PREFIX fp64 1234 GFLOP/s" */
    int spec_once;            /* one spec line per value (several ISAs share one spec) */
    double label_from, label_to; /* where along the peak lines their labels go */
    const char *model_key;    /* the key's name for the model curves (series with a model column) */
    const char *spec_key;     /* the key's name for the spec lines; NULL: none */
    void (*prepare)(const struct rfl_model *m, struct rfl_plot_flops_view *v);
    void (*tics)(struct rfl_chart *c, double lo, double hi);
    const char *(*peak_color)(const struct rfl_plot_flops_view *v, const struct rfl_ceiling *ce);
    void (*describe)(const struct rfl_flops_series *all, size_t n, size_t index, struct rfl_plot_line *out);
};

int rfl_plot_flops_chart(const struct rfl_model *m, const char *dir, const struct rfl_plot_flops_device *dev);

#endif
