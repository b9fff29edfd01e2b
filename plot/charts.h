/* The chart writers of the chart table (charts.c): each writes DIR/NAME.gp. */
#ifndef RFL_PLOT_CHARTS_H
#define RFL_PLOT_CHARTS_H

#include <stddef.h>

struct rfl_model;

/* The most GPUs of one run that get a roofline each. */
#define RFL_PLOT_MAX_GPUS 16

int rfl_plot_roofline_cpu(const struct rfl_model *m, const char *dir);
int rfl_plot_roofline_gpu(const struct rfl_model *m, const char *dir);
/* Each other GPU of the members (rfl_members_other_gpus): its own roofs. */
int rfl_plot_roofline_members(const struct rfl_model *m, const char *dir);
/* The GPUs together: the ceilings of device "gpus". */
int rfl_plot_roofline_gpus(const struct rfl_model *m, const char *dir);
int rfl_plot_bandwidth(const struct rfl_model *m, const char *dir);
int rfl_plot_flops(const struct rfl_model *m, const char *dir);
int rfl_plot_gpu_bandwidth(const struct rfl_model *m, const char *dir);
int rfl_plot_gpu_flops(const struct rfl_model *m, const char *dir);
int rfl_plot_gemm(const struct rfl_model *m, const char *dir);
int rfl_plot_unified_memory(const struct rfl_model *m, const char *dir);
int rfl_plot_unified_memory_reuse(const struct rfl_model *m, const char *dir);
int rfl_plot_gpu_latency(const struct rfl_model *m, const char *dir);
int rfl_plot_gpu_transfer(const struct rfl_model *m, const char *dir);
int rfl_plot_network(const struct rfl_model *m, const char *dir);
int rfl_plot_gpu_link(const struct rfl_model *m, const char *dir);
int rfl_plot_dense(const struct rfl_model *m, const char *dir);
int rfl_plot_members(const struct rfl_model *m, const char *dir);

#endif
