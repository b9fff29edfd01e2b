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
    {.name = "roofline", .caption = "Roofline", .applies = cpu_roofs, .write = rfl_plot_roofline_cpu},
    {.name = "roofline-", .naming = RFL_PLOT_NAME_GPU, .caption = "GPU roofline, GEMM kernels as points", .gpu = 1,
     .applies = gpu_roofs, .write = rfl_plot_roofline_gpu},
    {.name = "roofline-", .naming = RFL_PLOT_NAME_EACH_GPU,
     .caption = "Roofline of another GPU of the run: its own ceilings", .gpu = 1, .applies = member_gpus_any,
     .write = rfl_plot_roofline_members},
    {.name = "roofline-gpus",
     .caption = "Roofline of the GPUs together (each ceiling: every GPU's bytes or flops over the slowest GPU's time)",
     .gpu = 1, .applies = gpus_roofs, .write = rfl_plot_roofline_gpus},
    {.name = "bandwidth", .caption = "Bandwidth against working set", .applies = cpu_curves,
     .write = rfl_plot_bandwidth},
    {.name = "flops", .caption = "GFLOP/s against flops per element", .applies = cpu_series, .write = rfl_plot_flops},
    {.name = "gpu_bandwidth", .caption = "GPU bandwidth against working set", .gpu = 1, .applies = gpu_curves,
     .write = rfl_plot_gpu_bandwidth},
    {.name = "gpu_flops", .caption = "GPU GFLOP/s against flops per element", .gpu = 1, .applies = gpu_series,
     .write = rfl_plot_gpu_flops},
    {.name = "gemm", .caption = "GEMM GFLOP/s against size", .gpu = 1, .applies = gpu_gemm, .write = rfl_plot_gemm},
    {.name = "unified_memory", .caption = "Unified memory: effective bandwidth over working set and reuse", .gpu = 1,
     .applies = gpu_um, .write = rfl_plot_unified_memory},
    {.name = "unified_memory_reuse", .caption = "Unified memory: reuse needed for half of the device pass", .gpu = 1,
     .applies = gpu_um, .write = rfl_plot_unified_memory_reuse},
    {.name = "gpu_latency", .caption = "Pointer-chase latency against array size", .gpu = 1, .applies = gpu_chase,
     .write = rfl_plot_gpu_latency},
    {.name = "gpu_transfer", .caption = "Host-device copy time against size", .gpu = 1, .applies = gpu_transfers,
     .write = rfl_plot_gpu_transfer},
    {.name = "network", .caption = "MPI message time between ranks against size", .applies = network_rows,
     .write = rfl_plot_network},
    {.name = "gpu_link", .caption = "GPU to GPU copies: one-way cudaMemcpyPeer GB/s per source and destination",
     .applies = link_series, .write = rfl_plot_gpu_link},
    {.name = "dense", .caption = "Dense factorizations: GFLOP/s against n, the GEMM rate as the roof",
     .applies = dense_rows, .write = rfl_plot_dense},
    {.name = "members", .caption = "Each rank's ceilings against the median of its peers (outliers circled)",
     .applies = members, .write = rfl_plot_members},
    {.name = "layouts",
     .caption = "CPU ceilings by layout of ranks x threads (rfl run --layouts), the spread as error bars",
     .applies = layouts, .write = rfl_plot_layouts},
};
const size_t rfl_plot_ncharts = sizeof rfl_plot_charts / sizeof rfl_plot_charts[0];

size_t rfl_plot_chart_count(const struct rfl_plot_chart *k, const struct rfl_model *m)
{
    if (!k->applies(m))
        return 0;
    return k->naming == RFL_PLOT_NAME_EACH_GPU ? member_gpus(m) : 1;
}

void rfl_plot_chart_name(const struct rfl_plot_chart *k, const struct rfl_model *m, size_t i, char *buf, size_t len)
{
    int g[RFL_PLOT_MAX_GPUS];
    if (k->naming == RFL_PLOT_NAME_EACH_GPU && i < rfl_members_other_gpus(m, g, RFL_PLOT_MAX_GPUS))
        snprintf(buf, len, "%sgpu%d", k->name, g[i]);
    else
        snprintf(buf, len, "%s%s", k->name, k->naming != RFL_PLOT_NAME && m->gpu ? m->gpu->dev.label : "");
}

