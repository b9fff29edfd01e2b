/* The CSV rows of rfl_gpu_bandwidth (schema/gpu_bandwidth.def): one per
 * rank and GPU, and under MPI the aggregate across ranks, written by rank 0
 * from every rank's samples. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/size.h"
#include "common/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_row(struct rfl_csv *csv, struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, int aggregate,
                      int rank, int device, uint64_t wss, size_t n_vec, unsigned long long trials, const double *times,
                      double mhz)
{
    const struct rfl_gbw_kernel_info *k = &rfl_gbw_kernels[cfg->kernel];
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    /* Bytes moved per trial on one GPU: rmw and the copy read and write. */
    const double per_vec = memcpy_kernel || cfg->access == RFL_GBW_RMW ? 2.0 : 1.0;
    const double bytes_per_trial = per_vec * (double)n_vec * RFL_GBW_VEC_BYTES * (aggregate ? c->ranks : 1);
    const double bytes = bytes_per_trial * (double)trials;
    double sorted[RFL_GBW_MAX_EXPERIMENTS];
    memcpy(sorted, times, c->experiments * sizeof *sorted);
    struct rfl_stats st;
    rfl_stats_compute(sorted, c->experiments, &st);
    const double gbs = bytes / st.min * 1e-9;
    const int clocked = !aggregate && mhz > 0;
    char spec[32];
    rfl_gpu_blocks_format(&cfg->spec, spec, sizeof spec);

    rfl_csv_str(csv, aggregate ? "aggregate" : "gpu");
    if (aggregate) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_int(csv, rank);
        rfl_csv_int(csv, device);
    }
    rfl_csv_int(csv, c->ranks);
    rfl_csv_str(csv, k->name);
    rfl_csv_str(csv, k->lo_kernel);
    rfl_csv_str(csv, memcpy_kernel ? "copy" : rfl_gbw_access_names[cfg->access]);
    rfl_csv_str(csv, memcpy_kernel ? "" : rfl_gpu_precision_names[cfg->prec]);
    if (memcpy_kernel) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_u64(csv, cfg->threads);
        rfl_csv_u64(csv, cfg->blocks);
        rfl_csv_str(csv, spec);
    }
    rfl_csv_u64(csv, wss);
    rfl_csv_str(csv, rfl_gbw_level_of(&c->dev, cfg->kernel, wss));
    rfl_csv_u64(csv, cfg->kernel == RFL_GBW_SHARED || cfg->kernel == RFL_GBW_GLOBAL_BULK
                         ? cfg->tile_vecs * RFL_GBW_VEC_BYTES
                         : 0);
    rfl_csv_double(csv, bytes_per_trial);
    rfl_csv_u64(csv, trials);
    rfl_csv_int(csv, c->experiments);
    rfl_csv_double(csv, st.min);
    rfl_csv_double(csv, st.median);
    rfl_csv_double(csv, st.max);
    rfl_csv_double(csv, gbs);
    rfl_csv_double(csv, bytes / st.median * 1e-9);
    rfl_csv_double(csv, bytes / st.max * 1e-9);
    rfl_csv_double(csv, clocked ? mhz : NAN);
    rfl_csv_double(csv, clocked ? bytes / st.min / (c->dev.sm_count * mhz * 1e6) : NAN);
    rfl_csv_double(csv, !aggregate && c->dev.datasheet ? gbs / c->dev.datasheet->mem_gbytes_per_s : NAN);
    rfl_csv_int(csv, 1);
    rfl_csv_end_row(csv);

    if (aggregate || rank != 0)
        return;
    /* Rank 0's own GPU is the one the evidence speaks for. */
    rfl_gbw_note_best(c, cfg, wss, bytes / st.min, mhz, clocked);
}

int rfl_gbw_emit_point(struct rfl_gbw_ctx *c, struct rfl_session *out, const struct rfl_gbw_config *cfg,
                       uint64_t wss_bytes, size_t n_vec, const struct rfl_gbw_point *p, double *best_of_cfg)
{
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    int stop = 0;
    /* Each rank's samples, the SM clock of its fastest, its wrong values and its device. */
    const int nvals = (int)c->experiments + 3;
    double mine[RFL_GBW_MAX_EXPERIMENTS + 3];
    memcpy(mine, p->times, c->experiments * sizeof *mine);
    mine[c->experiments] = p->mhz_at_min;
    mine[c->experiments + 1] = (double)p->bad;
    mine[c->experiments + 2] = c->dev.index;
    double *all = rfl_gpu_gather_doubles(mine, nvals);
    long long bad = c->ranks > 1 ? rfl_mpi_sum_ll(p->bad) : p->bad;
    char sz[32];
    rfl_format_size(wss_bytes, sz, sizeof sz);
    if (p->bad)
        rfl_error_all("verification failed: %s %s %s at %s: %s", rfl_gbw_kernels[cfg->kernel].name,
                      cfg->kernel == RFL_GBW_MEMCPY ? "copy" : rfl_gbw_access_names[cfg->access],
                      cfg->kernel == RFL_GBW_MEMCPY ? "" : rfl_gpu_precision_names[cfg->prec], sz, p->detail);
    if (bad) {
        out->status = RFL_EXIT_VERIFY;
        snprintf(out->failure, sizeof out->failure, "%s at %s: %lld wrong values", rfl_gbw_kernels[cfg->kernel].name,
                 sz, bad);
        stop = 1;
    } else if (rfl_mpi_rank() == 0 && all) {
        for (int r = 0; r < c->ranks; r++)
            write_row(&out->csv, c, cfg, 0, r, (int)all[(size_t)r * nvals + c->experiments + 2], wss_bytes, n_vec,
                      p->trials, all + (size_t)r * nvals, all[(size_t)r * nvals + c->experiments]);
        if (c->ranks > 1) {
            double agg[RFL_GBW_MAX_EXPERIMENTS];
            for (unsigned e = 0; e < c->experiments; e++) {
                agg[e] = 0;
                for (int r = 0; r < c->ranks; r++)
                    if (all[(size_t)r * nvals + e] > agg[e])
                        agg[e] = all[(size_t)r * nvals + e];
            }
            write_row(&out->csv, c, cfg, 1, 0, 0, wss_bytes, n_vec, p->trials, agg, 0);
        }
        double t_min = INFINITY;
        for (unsigned e = 0; e < c->experiments; e++)
            t_min = p->times[e] < t_min ? p->times[e] : t_min;
        const double per_vec = memcpy_kernel || cfg->access == RFL_GBW_RMW ? 2.0 : 1.0;
        const double gbs = per_vec * (double)n_vec * RFL_GBW_VEC_BYTES * (double)p->trials / t_min * 1e-9;
        double *slot = &best_of_cfg[rfl_gbw_level_index(rfl_gbw_level_of(&c->dev, cfg->kernel, wss_bytes))];
        if (gbs > *slot)
            *slot = gbs;
        rfl_progress("%s %s %s %ux%u  %s  %.1f GB/s", rfl_gbw_kernels[cfg->kernel].name,
                     memcpy_kernel ? "copy" : rfl_gbw_access_names[cfg->access],
                     memcpy_kernel ? "" : rfl_gpu_precision_names[cfg->prec], cfg->blocks, cfg->threads, sz, gbs);
    }
    free(all);
    return rfl_interrupt_agree(stop, &out->status);
}
