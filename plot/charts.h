/* The chart writers of the chart table (charts.c): each writes DIR/NAME.gp. */
#ifndef RFL_PLOT_CHARTS_H
#define RFL_PLOT_CHARTS_H

struct rfl_model;

int rfl_plot_roofline_cpu(const struct rfl_model *m, const char *dir);
int rfl_plot_roofline_gpu(const struct rfl_model *m, const char *dir);
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
