/* What rfl_gpu_bandwidth's run found, for rank 0's own GPU: the best rows
 * per level, the evidence checks in the sidecar (against the datasheet,
 * cudaMemcpy and the shared memory's bytes per clock) and the summary table
 * on stderr. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rfl_gbw_note_best(struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, uint64_t wss, double bytes_per_s,
                       double mhz, int clocked)
{
    const struct rfl_gbw_kernel_info *k = &rfl_gbw_kernels[cfg->kernel];
    const double gbs = bytes_per_s * 1e-9;
    struct rfl_gbw_best *b = &c->best;
    if (cfg->kernel == RFL_GBW_MEMCPY) {
        if (wss >= RFL_GBW_DEVICE_MEMORY_L2_FACTOR * (uint64_t)c->dev.l2_bytes && gbs > b->memcpy_gbs) {
            b->memcpy_gbs = gbs;
            b->memcpy_wss = wss;
        }
        return;
    }
    if (cfg->kernel == RFL_GBW_SHARED) {
        const double fraction =
            clocked ? bytes_per_s / (c->dev.sm_count * mhz * 1e6) / c->dev.rates.shared_bytes : 0;
        if (fraction > b->shared_fraction) {
            b->shared_fraction = fraction;
            b->shared_gbs = gbs;
            b->shared_mhz = mhz;
        }
        return;
    }
    if (wss >= RFL_GBW_DEVICE_MEMORY_L2_FACTOR * (uint64_t)c->dev.l2_bytes && gbs > b->device_gbs) {
        b->device_gbs = gbs;
        b->device_wss = wss;
        b->device_kernel = k->name;
        snprintf(b->device_config, sizeof b->device_config, "%s %s %s, %u x %u threads",
                 k->name, rfl_gbw_access_names[cfg->access], rfl_gpu_precisions[cfg->prec].name, cfg->blocks,
                 cfg->threads);
    }
    if (cfg->kernel == RFL_GBW_L1_SET) {
        /* Per SM: l1_set's working set sits whole in every SM's L1. */
        const double per_clk = clocked ? bytes_per_s / (c->dev.sm_count * mhz * 1e6) : 0;
        if (wss <= c->dev.rates.l1_bytes && per_clk > b->l1_bytes_per_clk) {
            b->l1_bytes_per_clk = per_clk;
            b->l1_gbs = gbs;
            b->l1_mhz = mhz;
            b->l1_wss = wss;
        }
        return;
    }
    /* l2_own's and l2_waves' near band (the ceiling's, rfl_l2_band_holds)
     * and far band (past half the L2, within it). */
    const double l2 = (double)c->dev.l2_bytes;
    if ((RFL_GBW_UNROLLED_KERNELS >> cfg->kernel & 1) && wss <= c->dev.l2_bytes) {
        double *side = rfl_l2_band_holds(l2, (double)wss)                ? &b->l2_near_gbs
                       : (double)wss > l2 / RFL_L2_BAND_HIGH_DIV ? &b->l2_far_gbs
                                                                         : NULL;
        if (side && gbs > *side)
            *side = gbs;
    }
    /* The L2 ceiling's rule: the kernels that skip L1, data sets in the band
     * (l2_chunks' blocks share chunks: not counted). */
    if ((RFL_GBW_L2_CEILING_KERNELS >> cfg->kernel & 1) && rfl_l2_band_holds(l2, (double)wss) && gbs > b->l2_gbs) {
        b->l2_gbs = gbs;
        b->l2_wss = wss;
        snprintf(b->l2_config, sizeof b->l2_config, "%s %s, %u x %u threads", k->name,
                 rfl_gpu_precisions[cfg->prec].name, cfg->blocks, cfg->threads);
    }
}

/* A level's column of the summary: device memory's wider. */
static int summary_width(int level) { return level == RFL_GPU_DEVMEM ? 14 : 10; }

void rfl_gbw_print_summary(const struct rfl_gbw_config *cfgs, int ncfg, double (*best)[RFL_GPU_NLEVELS])
{
    if (rfl_mpi_rank() != 0)
        return;
    fprintf(stderr, "%-44s", "best GB/s (rank 0's GPU)");
    for (int l = 0; l < RFL_GPU_NLEVELS; l++)
        fprintf(stderr, " %*s", summary_width(l), rfl_gpu_level_columns[l]);
    fputc('\n', stderr);
    for (int i = 0; i < ncfg; i++) {
        const struct rfl_gbw_config *cfg = &cfgs[i];
        char name[96];
        if (cfg->kernel == RFL_GBW_MEMCPY)
            snprintf(name, sizeof name, "%s", rfl_gbw_kernels[cfg->kernel].name);
        else
            snprintf(name, sizeof name, "%s %s %s %ux%u", rfl_gbw_kernels[cfg->kernel].name,
                     rfl_gbw_access_names[cfg->access], rfl_gpu_precisions[cfg->prec].name, cfg->blocks,
                     cfg->threads);
        fprintf(stderr, "%-44s", name);
        for (int l = 0; l < RFL_GPU_NLEVELS; l++)
            if (best[i][l] > 0)
                fprintf(stderr, " %*.1f", summary_width(l), best[i][l]);
            else
                fprintf(stderr, " %*s", summary_width(l), "-");
        fputc('\n', stderr);
    }
}

void rfl_gbw_evidence(const struct rfl_gbw_ctx *c, json_t *list, unsigned kernels)
{
    const struct rfl_gbw_best *b = &c->best;
    const struct rfl_gpu_datasheet *ds = c->dev.datasheet;
    char note[192];
    rfl_info("evidence: device %s, %d SMs, L2 %.0f MiB, datasheet %s", c->dev.name, c->dev.sm_count,
             c->dev.l2_bytes / 1048576.0, ds ? ds->part : "unknown (no target)");
    const unsigned device_kernels =
        (1u << RFL_GBW_GLOBAL_INSIDE) | (1u << RFL_GBW_GLOBAL_LAUNCH) | (1u << RFL_GBW_GLOBAL_STREAM) |
        (1u << RFL_GBW_GLOBAL_BULK) | (1u << RFL_GBW_L2_CHUNKS) | (1u << RFL_GBW_GLOBAL_CS);
    if (kernels & device_kernels) {
        char sz[32];
        snprintf(note, sizeof note, "%s at %s", b->device_gbs > 0 ? b->device_config : "no row at >= 4 x L2",
                 rfl_format_size(b->device_wss, sz, sizeof sz));
        rfl_gpu_evidence(list, "device_memory_vs_datasheet", b->device_gbs > 0 ? b->device_gbs : NAN, "GB/s",
                         ds ? ">=" : NULL, ds ? 0.95 * ds->mem_gbytes_per_s : NAN, 0,
                         ds ? note : "unknown part: no datasheet figure");
        if (kernels & (1u << RFL_GBW_MEMCPY))
            rfl_gpu_evidence(list, "device_memory_vs_memcpy_d2d", b->device_gbs > 0 ? b->device_gbs : NAN, "GB/s",
                             ">=", b->memcpy_gbs > 0 ? b->memcpy_gbs : NAN, 0,
                             "the best kernel against cudaMemcpy D2D (read + write bytes), same run");
    }
    if (kernels & RFL_GBW_L2_CEILING_KERNELS) {
        char sz[32];
        snprintf(note, sizeof note, "%s at %s (L2 %.0f MiB; data sets L2/8 .. L2/2)",
                 b->l2_gbs > 0 ? b->l2_config : "no row in L2/8 .. L2/2",
                 rfl_format_size(b->l2_wss, sz, sizeof sz), c->dev.l2_bytes / 1048576.0);
        const int target = ds && ds->l2_target_gbytes_per_s > 0;
        rfl_gpu_evidence(list, "l2_ceiling", b->l2_gbs > 0 ? b->l2_gbs : NAN, "GB/s", target ? ">=" : NULL,
                         target ? ds->l2_target_gbytes_per_s : NAN, 0, note);
    }
    if (kernels & RFL_GBW_UNROLLED_KERNELS) {
        /* The two bands are named after Hopper's two L2 partitions, but
         * Nsight Compute saw no traffic between them under these kernels
         * within L2/2 (docs/PERFORMANCE.md): "far" is past L2/2, no more. */
        rfl_gpu_evidence(list, "l2_near_partition", b->l2_near_gbs > 0 ? b->l2_near_gbs : NAN, "GB/s", NULL, NAN, 0,
                         "l2_own and l2_waves, data sets L2/8 .. L2/2 (the band of the L2 ceiling)");
        rfl_gpu_evidence(list, "l2_far_partition", b->l2_far_gbs > 0 ? b->l2_far_gbs : NAN, "GB/s", NULL, NAN, 0,
                         "l2_own and l2_waves, data sets past half the L2, within it (drawn, not the ceiling)");
    }
    if (kernels & (1u << RFL_GBW_L1_SET)) {
        char sz[32];
        snprintf(note, sizeof note, "l1_set: %.0f GB/s at %.0f MHz, %s per SM, %d SMs; against %.0f B/clk/SM",
                 b->l1_gbs, b->l1_mhz, rfl_format_size(b->l1_wss, sz, sizeof sz), c->dev.sm_count,
                 c->dev.rates.shared_bytes);
        rfl_gpu_evidence(list, "l1_bytes_per_clock_per_sm", b->l1_bytes_per_clk > 0 ? b->l1_bytes_per_clk : NAN,
                         "B/clk/SM", ">=", 0.96 * c->dev.rates.shared_bytes, 0, note);
    }
    if (kernels & (1u << RFL_GBW_SHARED)) {
        snprintf(note, sizeof note, "%.0f GB/s at %.0f MHz = x %.0f B/clk/SM x %d SMs", b->shared_gbs, b->shared_mhz,
                 c->dev.rates.shared_bytes, c->dev.sm_count);
        rfl_gpu_evidence(list, "shared_memory_fraction_of_128B_per_clk", b->shared_fraction > 0 ? b->shared_fraction : NAN,
                         "fraction", ">=", 0.90, 0, note);
    }
    if ((kernels & (1u << RFL_GBW_MEMCPY)) && b->memcpy_gbs > 0)
        rfl_gpu_evidence(list, "memcpy_d2d", b->memcpy_gbs, "GB/s", NULL, NAN, 0,
                         ds ? "bytes read + written, for comparison" : "");
}
