/* The CSV rows of rfl_gpu_bandwidth (schema/gpu_bandwidth.def): one per
 * rank and GPU, and under MPI the aggregate across ranks, written by rank 0
 * from every rank's samples. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/progress.h"
#include "common/size.h"
#include "common/stats.h"

#include <math.h>
#include <stdio.h>

/* What one point's rows need beyond the row itself. */
struct point_rows {
    struct rfl_gbw_ctx *c;
    const struct rfl_gbw_config *cfg;
    uint64_t wss;
    size_t n_vec;
};

static void write_row(void *arg, struct rfl_csv *csv, const struct rfl_gpu_rank_row *row)
{
    const struct point_rows *pr = arg;
    struct rfl_gbw_ctx *c = pr->c;
    const struct rfl_gbw_config *cfg = pr->cfg;
    const uint64_t wss = pr->wss;
    const int aggregate = row->aggregate;
    const double mhz = row->mhz;
    const struct rfl_stats st = row->st;
    const struct rfl_gbw_kernel_info *k = &rfl_gbw_kernels[cfg->kernel];
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    /* Bytes moved per trial on one GPU: rfl_gbw_vectors_moved. */
    const double bytes_per_trial =
        rfl_gbw_vectors_moved(cfg, pr->n_vec) * RFL_GBW_VEC_BYTES * (aggregate ? c->ranks : 1);
    const double bytes = bytes_per_trial * (double)row->trials;
    const double gbs = bytes / st.min * 1e-9;
    const int clocked = !aggregate && mhz > 0;
    char spec[32];
    rfl_gpu_blocks_format(&cfg->spec, spec, sizeof spec);

    rfl_csv_str(csv, k->name);
    rfl_csv_str(csv, k->lo_kernel);
    rfl_csv_str(csv, rfl_gbw_access_names[cfg->access]); /* memcpy_d2d: copy */
    rfl_csv_str(csv, memcpy_kernel ? "" : rfl_gpu_precisions[cfg->prec].name);
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
    rfl_csv_str(csv, rfl_gpu_level_column(rfl_gbw_level_of(&c->dev, cfg->kernel, wss)));
    rfl_csv_u64(csv, cfg->kernel == RFL_GBW_SHARED || cfg->kernel == RFL_GBW_GLOBAL_BULK ||
                             cfg->kernel == RFL_GBW_L2_CHUNKS
                         ? cfg->tile_vecs * RFL_GBW_VEC_BYTES
                         : 0);
    rfl_csv_double(csv, bytes_per_trial);
    rfl_csv_u64(csv, row->trials);
    rfl_csv_int(csv, c->experiments);
    rfl_csv_samples(csv, &st, bytes);
    rfl_csv_double(csv, clocked ? mhz : NAN);
    rfl_csv_double(csv, clocked ? bytes / st.min / (c->dev.sm_count * mhz * 1e6) : NAN);
    rfl_csv_double(csv, !aggregate && c->dev.datasheet ? gbs / c->dev.datasheet->mem_gbytes_per_s : NAN);
    rfl_csv_int(csv, 1);
    rfl_csv_end_row(csv);

    if (aggregate || row->rank != 0)
        return;
    /* Rank 0's own GPU is the one the evidence speaks for. */
    rfl_gbw_note_best(c, cfg, wss, bytes / st.min, mhz, clocked);
}

int rfl_gbw_emit_point(struct rfl_gbw_ctx *c, struct rfl_session *out, const struct rfl_gbw_config *cfg,
                       uint64_t wss_bytes, size_t n_vec, const struct rfl_gpu_point *p, double *best_of_cfg)
{
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    const char *name = rfl_gbw_kernels[cfg->kernel].name;
    const char *access = rfl_gbw_access_names[cfg->access];
    const char *prec = memcpy_kernel ? "" : rfl_gpu_precisions[cfg->prec].name;
    char sz[32], point[160], what[96];
    rfl_format_size(wss_bytes, sz, sizeof sz);
    snprintf(point, sizeof point, "%s %s %s at %s", name, access, prec, sz);
    snprintf(what, sizeof what, "%s at %s", name, sz);
    struct point_rows pr = {.c = c, .cfg = cfg, .wss = wss_bytes, .n_vec = n_vec};
    const struct rfl_gpu_point_rows pt = {.ranks = c->ranks, .experiments = c->experiments, .measured = p,
                                          .device = c->dev.index, .point = point, .what = what,
                                          .write_row = write_row, .arg = &pr};
    int rows_written = 0;
    const int stop = rfl_gpu_point_rows(out, &pt, &rows_written);
    if (!rows_written)
        return stop;
    double t_min = INFINITY;
    for (unsigned e = 0; e < c->experiments; e++)
        t_min = p->times[e] < t_min ? p->times[e] : t_min;
    const double gbs = rfl_gbw_vectors_moved(cfg, n_vec) * RFL_GBW_VEC_BYTES * (double)p->trials / t_min * 1e-9;
    const enum rfl_gpu_level level = rfl_gbw_level_of(&c->dev, cfg->kernel, wss_bytes);
    if (level != RFL_GPU_NO_LEVEL && gbs > best_of_cfg[level]) /* l1_l2 (no level) has no column */
        best_of_cfg[level] = gbs;
    rfl_progress("%s %s %s %ux%u  %s  %.1f GB/s", name, access, prec, cfg->blocks, cfg->threads, sz, gbs);
    return stop;
}
