/* The run of rfl_gpu_bandwidth: the sweep's settings, the device buffers,
 * the output session, the loop over configurations x working sets (each
 * point measured in sample.c, its rows written in rows.c) within the time
 * budget (gpu/budget.h), and the sidecar's settings and evidence. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "gpu/budget.h"
#include "gpu/sweep.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/size.h"
#include "schema/schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const *const columns = rfl_schema_gpu_bandwidth_columns; /* schema/gpu_bandwidth.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_GPU_BANDWIDTH_NCOLUMNS)

/* Under a time budget: a point's time beyond its samples (fill, check,
 * rows), and the least the samples come down to. */
#define POINT_OVERHEAD_S 0.002
#define MIN_TIME_FLOOR_S 0.001
#define EXPERIMENTS_FLOOR 3

static int print_columns(const struct rfl_gpu_run_opts *o)
{
    (void)o;
    rfl_schema_print(stdout, &rfl_schema_gpu_bandwidth);
    return RFL_EXIT_OK;
}

/* The sweep's configurations over its working sets (rfl_gpu_sweep's hooks). */
struct sweep {
    struct rfl_gbw_ctx *c;
    const struct rfl_gbw_config *cfgs;
    int ncfg;
    const uint64_t *wss;
    double (*best)[RFL_GPU_NLEVELS];
};

/* The bytes of a configuration's working set of n_vec vectors. */
static uint64_t bytes_of(const struct rfl_gbw_config *cfg, size_t n_vec)
{
    return (uint64_t)rfl_gbw_accesses[cfg->access].arrays * n_vec * RFL_GBW_VEC_BYTES; /* copy and memcpy_d2d: 2 arrays */
}

/* The vectors of working set j of configuration i; 0 where it is no point
 * of the sweep (its working set beyond the buffer). */
static size_t point_vectors(void *arg, int i, size_t j)
{
    const struct sweep *s = arg;
    const struct rfl_gbw_ctx *c = s->c;
    const struct rfl_gbw_config *cfg = &s->cfgs[i];
    const uint64_t wss = s->wss[j];
    /* l1_set and l2_waves past the L2 measure nothing the others do not; write and
     * copy are for the device-memory ceiling: the default sweep runs them
     * past the L2 only (an explicit --wss, everywhere; memcpy_d2d, the peer,
     * everywhere). */
    if ((cfg->kernel == RFL_GBW_L1_SET || cfg->kernel == RFL_GBW_L2_WAVES) && wss > c->dev.l2_bytes)
        return 0;
    if ((cfg->access == RFL_GBW_WRITE || cfg->access == RFL_GBW_COPY) && cfg->kernel != RFL_GBW_MEMCPY &&
        !c->o->wss[0] && wss <= c->dev.l2_bytes)
        return 0;
    const size_t n_vec = rfl_gbw_vectors_for(wss / rfl_gbw_accesses[cfg->access].arrays);
    return bytes_of(cfg, n_vec) > c->buf_bytes ? 0 : n_vec;
}

static int point_priority(void *arg, int i, size_t j)
{
    const struct sweep *s = arg;
    return rfl_gbw_priority(s->cfgs, s->ncfg, i, rfl_gbw_is_anchor(&s->c->dev, s->wss[j]));
}

/* A point's weight under a budget: its samples, and filling and checking
 * its working set (a GiB counts as much as the samples). */
static double point_weight(void *arg, int i, size_t n_vec)
{
    const struct sweep *s = arg;
    return 1.0 + (double)bytes_of(&s->cfgs[i], n_vec) / (double)(1ull << 30);
}

static int run_point(void *arg, int i, size_t n_vec, struct rfl_gpu_point *p)
{
    const struct sweep *s = arg;
    return rfl_gbw_run_point(s->c, &s->cfgs[i], n_vec, p);
}

static int emit_point(void *arg, struct rfl_session *out, int i, size_t n_vec, const struct rfl_gpu_point *p)
{
    const struct sweep *s = arg;
    return rfl_gbw_emit_point(s->c, out, &s->cfgs[i], bytes_of(&s->cfgs[i], n_vec), n_vec, p, s->best[i]);
}

static void config_name(void *arg, int i, char *buf, size_t len)
{
    const struct rfl_gbw_config *cfg = &((const struct sweep *)arg)->cfgs[i];
    if (cfg->kernel == RFL_GBW_MEMCPY)
        snprintf(buf, len, "%s", rfl_gbw_kernels[cfg->kernel].name);
    else
        snprintf(buf, len, "%s %s %s %ux%u", rfl_gbw_kernels[cfg->kernel].name, rfl_gbw_access_names[cfg->access],
                 rfl_gpu_precisions[cfg->prec].name, cfg->blocks, cfg->threads);
}

static const struct rfl_gpu_sweep sweep_hooks = {
    .overhead_s = POINT_OVERHEAD_S, .min_time_floor_s = MIN_TIME_FLOOR_S, .experiments_floor = EXPERIMENTS_FLOOR,
    .size = point_vectors, .priority = point_priority, .weight = point_weight, .name = config_name, .run = run_point,
    .emit = emit_point};

static void free_ctx(struct rfl_gbw_ctx *c)
{
    rfl_gpu_timer_destroy(&c->timer);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    cudaFree(c->buf);
    cudaFree(c->block_sums);
    cudaFree(c->clock);
    cudaFree(c->mismatch);
    free(c->host_sums);
}

/* The sidecar's settings of the sweep, its kernels and their evidence (rank 0). */
static void sidecar(const struct rfl_gbw_ctx *c, json_t *meta, unsigned kernels, uint64_t wss_min, uint64_t wss_max,
                    double growth, double limit, double elapsed)
{
    const struct rfl_gpu_bandwidth_opts *o = c->o;
    json_t *kl = json_array();
    for (int k = 0; k < RFL_GBW_NKERNELS; k++)
        if (kernels >> k & 1)
            json_array_append_new(kl, json_pack("{s:s, s:s, s:b, s:s}", "name", rfl_gbw_kernels[k].name, "lo_kernel",
                                                rfl_gbw_kernels[k].lo_kernel, "trials_inside",
                                                rfl_gbw_kernels[k].trials_inside, "description",
                                                rfl_gbw_kernels[k].description));
    json_object_set_new(meta, "sweep",
                        json_pack("{s:I, s:I, s:f, s:f, s:i, s:o, s:o, s:f, s:f}", "wss_min_bytes", (json_int_t)wss_min,
                                  "wss_max_bytes", (json_int_t)wss_max, "growth", growth, "min_time_s", c->min_time_s,
                                  "experiments", (int)c->experiments, "threads_per_block",
                                  rfl_gpu_uints_json(o->threads, o->nthreads), "blocks",
                                  rfl_gpu_blocks_json(o->blocks, o->nblocks), "mem_limit_bytes", limit, "elapsed_s",
                                  elapsed));
    json_object_set_new(meta, "kernels", kl);
    json_object_set_new(json_object_get(meta, "sweep"), "fixed_trials", json_integer(o->trials));
    if (kernels & RFL_GBW_UNROLLED_KERNELS)
        json_object_set_new(meta, "l2_own",
                            json_pack("{s:i, s:i, s:s}", "unroll", (int)rfl_gbw_unroll_of(o, RFL_GBW_L2_OWN),
                                      "l2_waves_unroll", (int)rfl_gbw_unroll_of(o, RFL_GBW_L2_WAVES), "l2_loads",
                                      rfl_gbw_l2_load_names[o->l2_loads]));
}

int rfl_gpu_bandwidth_run(const struct rfl_gpu_bandwidth_opts *o)
{
    struct rfl_gpu_budget budget;
    struct rfl_gbw_ctx c = {.o = o, .ranks = rfl_mpi_size()};
    int rc;
    if (rfl_gpu_run_start(&o->run, print_columns, rfl_gbw_self_test, &budget, &c.dev, &rc))
        return rc;
    uint64_t *wss = NULL;
    struct rfl_gbw_config *cfgs = NULL;
    double(*best)[RFL_GPU_NLEVELS] = NULL;
    const int root = rfl_mpi_rank() == 0;
    rfl_gpu_run_sampling(&o->run, &c.min_time_s, &c.experiments);
    const double growth = o->growth ? o->growth : o->quick ? 4.0 : 2.0;
    const unsigned kernels = o->kernels ? o->kernels : (1u << RFL_GBW_NKERNELS) - 1;
    const unsigned accesses = o->accesses ? o->accesses : (1u << RFL_GBW_NACCESS) - 1;
    unsigned precisions = o->precisions;
    for (int p = 0; !o->precisions && p < RFL_GPU_NPRECISION; p++) /* default: every one with kernels */
        precisions |= (unsigned)rfl_gpu_precisions[p].bandwidth << p;
    uint64_t wss_min = o->wss[0] ? o->wss[0] : o->quick ? 64 << 10 : 4 << 10;
    uint64_t wss_max = o->wss[0] ? o->wss[1] : o->quick ? 1ull << 30 : 4ull << 30;

    /* Buffers stay within the memory limit; every rank keeps to the
     * smallest limit, so all sweep the same points. */
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes))) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }
    double limit = o->mem_limit ? (double)o->mem_limit : 0.5 * (double)free_bytes / c.dev.ranks_sharing;
    limit = -rfl_mpi_max_double(-limit);
    if ((double)wss_max > limit) {
        char a[32], b[32];
        if (o->wss[0]) {
            rfl_error("option --wss: maximum %s exceeds the device memory limit of %s (lower --wss or raise --mem-limit)",
                      rfl_format_size(wss_max, a, sizeof a), rfl_format_size((uint64_t)limit, b, sizeof b));
            rc = RFL_EXIT_USAGE;
            goto done;
        }
        wss_max = (uint64_t)limit;
        rfl_warn("the working set stops at %s, half the free device memory", rfl_format_size(wss_max, a, sizeof a));
    }
    if (wss_max < RFL_GBW_QUANTUM * RFL_GBW_VEC_BYTES * 2) {
        rfl_error("option --wss: maximum %llu bytes is below the smallest working set (2 KiB)", (unsigned long long)wss_max);
        rc = RFL_EXIT_USAGE;
        goto done;
    }
    if (wss_min > wss_max)
        wss_min = wss_max;
    size_t npoints = 0;
    wss = rfl_gbw_working_sets(&c.dev, wss_min, wss_max, growth, &npoints);
    if (!wss) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }

    const uint64_t chunk_bytes = o->chunk_bytes ? o->chunk_bytes : 16 << 10;
    /* The configurations, each resolved against this device. */
    int ncfg = 0;
    rc = rfl_gbw_configs(&c, kernels, accesses, precisions, chunk_bytes, &cfgs, &ncfg);
    if (rc != RFL_EXIT_OK)
        goto done;

    c.buf_bytes = (size_t)((wss_max + 1023) / 1024 * 1024);
    if (c.max_blocks < RFL_GBW_WAVE_SUMS) /* l2_waves' slots */
        c.max_blocks = RFL_GBW_WAVE_SUMS;
    c.host_sums = calloc(c.max_blocks + 1, sizeof *c.host_sums);
    best = calloc((size_t)ncfg + 1, sizeof *best);
    if (RFL_CUDA(cudaMalloc((void **)&c.buf, c.buf_bytes)) ||
        RFL_CUDA(cudaMalloc((void **)&c.block_sums, (c.max_blocks + 1) * sizeof(double))) ||
        RFL_CUDA(cudaMalloc((void **)&c.clock, sizeof *c.clock)) ||
        RFL_CUDA(cudaMalloc((void **)&c.mismatch, sizeof *c.mismatch)) ||
        RFL_CUDA(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c.timer, c.stream) || !c.host_sums || !best) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }

    struct rfl_session out;
    if (rfl_gpu_session_open(&out,
                             &(struct rfl_session_spec){.program = "rfl_gpu_bandwidth", .argc = o->argc,
                                                        .argv = o->argv, .output = o->output, .columns = columns,
                                                        .ncols = NCOLUMNS},
                             &c.dev) != 0) {
        rc = RFL_EXIT_FAILURE;
        goto done;
    }

    /* The budget: a point costs about the same at any working set, its samples lasting
     * min_time, but for filling and checking its array. */
    struct sweep sw = {&c, cfgs, ncfg, wss, best};
    rfl_gpu_sweep_run(&sweep_hooks, &sw, ncfg, npoints, &o->run, &budget, &out, &c.min_time_s, &c.experiments);
    const double elapsed = rfl_gpu_session_stop(&out, &c.dev);

    if (root) {
        json_t *ev = json_array();
        if (out.status == RFL_EXIT_OK)
            rfl_gbw_evidence(&c, ev, kernels);
        json_t *meta = rfl_session_outcome(&out);
        sidecar(&c, meta, kernels, wss_min, wss_max, growth, limit, elapsed);
        json_object_set_new(meta, "evidence", ev);
        json_object_set_new(meta, "budget", rfl_gpu_budget_json(&budget));
    }
    rfl_session_commit(&out);
    if (root && (out.status == RFL_EXIT_OK || out.status == RFL_EXIT_INTERRUPTED))
        rfl_gbw_print_summary(cfgs, ncfg, best);
    rc = rfl_session_close(&out);
done:
    free(best);
    free(cfgs);
    free(wss);
    free_ctx(&c);
    rfl_gpu_budget_free(&budget);
    return rc;
}
