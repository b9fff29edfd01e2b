/* The chart table: every chart rfl draws, in the order `rfl plot` writes
 * them and `rfl report` shows them (the CPU's in its charts section, the
 * GPU's in the GPU section). */
#include "config.h"
#include "charts.h"
#include "plot.h"
#include "layouts.h"
#include "ceilings/dense.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "ceilings/gpu_link.h"
#include "ceilings/members.h"
#include "ceilings/network.h"

#include <stdio.h>
#include <string.h>

static int has_ceilings_of(const struct rfl_model *m, const char *device)
{
    for (size_t i = 0; i < m->nceilings; i++)
        if (!strcmp(m->ceilings[i].device, device))
            return 1;
    return 0;
}

static int gpu_known(const struct rfl_model *m) { return m->gpu && m->gpu->dev.known; }
static int cpu_roofs(const struct rfl_model *m) { return has_ceilings_of(m, "cpu"); }
static int gpu_roofs(const struct rfl_model *m) { return gpu_known(m) && has_ceilings_of(m, m->gpu->dev.label); }
static int cpu_curves(const struct rfl_model *m) { return m->ncurves > 0; }
static int cpu_series(const struct rfl_model *m) { return m->nseries > 0; }
static int gpu_curves(const struct rfl_model *m) { return gpu_known(m) && m->gpu->ncurves > 0; }
static int gpu_series(const struct rfl_model *m) { return gpu_known(m) && m->gpu->nflops > 0; }
static int gpu_gemm(const struct rfl_model *m) { return gpu_known(m) && m->gpu->ngemm > 0; }
static int gpu_um(const struct rfl_model *m) { return gpu_known(m) && m->gpu->num > 0; }
static int gpu_chase(const struct rfl_model *m) { return gpu_known(m) && m->gpu->nchase > 0; }
static int gpu_transfers(const struct rfl_model *m) { return gpu_known(m) && m->gpu->ntransfers > 0; }
static int network_rows(const struct rfl_model *m) { return m->net && (m->net->cls[0].pts.n || m->net->cls[1].pts.n); }
static int link_series(const struct rfl_model *m) { return m->link && m->link->n > 0; }
static int dense_rows(const struct rfl_model *m) { return m->dense && m->dense->n > 0; }
static int members(const struct rfl_model *m) { return m->nmembers > 0; }
static int layouts(const struct rfl_model *m) { return rfl_plot_layouts_present(m->dir); }
static int gpus_roofs(const struct rfl_model *m) { return gpu_known(m) && has_ceilings_of(m, "gpus"); }
static size_t member_gpus(const struct rfl_model *m)
{
    int g[RFL_PLOT_MAX_GPUS];
    return gpu_known(m) ? rfl_members_other_gpus(m, g, RFL_PLOT_MAX_GPUS) : 0;
}
static int member_gpus_any(const struct rfl_model *m) { return member_gpus(m) > 0; }

const struct rfl_plot_chart rfl_plot_charts[] = {
    {"roofline", 0, "Roofline", 0, cpu_roofs, rfl_plot_roofline_cpu},
    {"roofline-", 1, "GPU roofline, GEMM kernels as points", 1, gpu_roofs, rfl_plot_roofline_gpu},
    {"roofline-", 2, "Roofline of another GPU of the run: its own ceilings", 1, member_gpus_any,
     rfl_plot_roofline_members},
    {"roofline-gpus", 0,
     "Roofline of the GPUs together (each ceiling: every GPU's bytes or flops over the slowest GPU's time)", 1,
     gpus_roofs, rfl_plot_roofline_gpus},
    {"bandwidth", 0, "Bandwidth against working set", 0, cpu_curves, rfl_plot_bandwidth},
    {"flops", 0, "GFLOP/s against flops per element", 0, cpu_series, rfl_plot_flops},
    {"gpu_bandwidth", 0, "GPU bandwidth against working set", 1, gpu_curves, rfl_plot_gpu_bandwidth},
    {"gpu_flops", 0, "GPU GFLOP/s against flops per element", 1, gpu_series, rfl_plot_gpu_flops},
    {"gemm", 0, "GEMM GFLOP/s against size", 1, gpu_gemm, rfl_plot_gemm},
    {"unified_memory", 0, "Unified memory: effective bandwidth over working set and reuse", 1, gpu_um,
     rfl_plot_unified_memory},
    {"unified_memory_reuse", 0, "Unified memory: reuse needed for half of the device pass", 1, gpu_um,
     rfl_plot_unified_memory_reuse},
    {"gpu_latency", 0, "Pointer-chase latency against array size", 1, gpu_chase, rfl_plot_gpu_latency},
    {"gpu_transfer", 0, "Host-device copy time against size", 1, gpu_transfers, rfl_plot_gpu_transfer},
    {"network", 0, "MPI message time between ranks against size", 0, network_rows, rfl_plot_network},
    {"gpu_link", 0, "GPU to GPU copies: one-way cudaMemcpyPeer GB/s per source and destination", 0, link_series,
     rfl_plot_gpu_link},
    {"dense", 0, "Dense factorizations: GFLOP/s against n, the GEMM rate as the roof", 0, dense_rows, rfl_plot_dense},
    {"members", 0, "Each rank's ceilings against the median of its peers (outliers circled)", 0, members,
     rfl_plot_members},
    {"layouts", 0, "CPU ceilings by layout of ranks x threads (rfl run --layouts), the spread as error bars", 0,
     layouts, rfl_plot_layouts},
};
const size_t rfl_plot_ncharts = sizeof rfl_plot_charts / sizeof rfl_plot_charts[0];

size_t rfl_plot_chart_count(const struct rfl_plot_chart *k, const struct rfl_model *m)
{
    if (!k->applies(m))
        return 0;
    return k->label_suffix == 2 ? member_gpus(m) : 1;
}

void rfl_plot_chart_name(const struct rfl_plot_chart *k, const struct rfl_model *m, size_t i, char *buf, size_t len)
{
    int g[RFL_PLOT_MAX_GPUS];
    if (k->label_suffix == 2 && i < rfl_members_other_gpus(m, g, RFL_PLOT_MAX_GPUS))
        snprintf(buf, len, "%sgpu%d", k->name, g[i]);
    else
        snprintf(buf, len, "%s%s", k->name, k->label_suffix && m->gpu ? m->gpu->dev.label : "");
}

