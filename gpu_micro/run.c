/* rfl_gpu_micro: the modes in turn, each with its own CSV and sidecar. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "gpu/sweep.h"
#include "common/interrupt.h"
#include "common/fit.h"
#include "common/log.h"
#include "common/session.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/timer.h"
#include "common/selftest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Self-test and columns
 * ---------------------------------------------------------------------- */

static const struct rfl_gmi_table_spec *const all_tables[] = {
    &rfl_gmi_launch_table, &rfl_gmi_transfer_table, &rfl_gmi_transfer_fit_table, &rfl_gmi_chase_table,
    &rfl_gmi_pipeline_table, &rfl_gmi_stride_table, &rfl_gmi_barrier_table};

static int print_columns(const struct rfl_gpu_run_opts *o)
{
    for (size_t i = 0; i < sizeof all_tables / sizeof all_tables[0]; i++)
        rfl_schema_print_columns(stdout, o->output, all_tables[i]->suffix, all_tables[i]->columns);
    return RFL_EXIT_OK;
}

static int self_test(void)
{
    int failures = rfl_gpu_self_test();
    /* The fit recovers a model it was given, exactly and under noise. */
    double b[31], t[31];
    for (int i = 0; i < 31; i++) {
        b[i] = ldexp(1.0, i);
        t[i] = 10e-6 + b[i] / 25e9;
    }
    struct rfl_fit f;
    EXPECT(rfl_fit_latency_bandwidth(b, t, 31, &f) == 0);
    EXPECT(fabs(f.latency_s / 10e-6 - 1) < 1e-9 && fabs(f.bandwidth_bytes_per_s / 25e9 - 1) < 1e-9);
    EXPECT(f.max_relative < 1e-9);
    for (int i = 0; i < 31; i++)
        t[i] *= 1.0 + 0.02 * ((i % 3) - 1); /* +-2% */
    EXPECT(rfl_fit_latency_bandwidth(b, t, 31, &f) == 0);
    EXPECT(fabs(f.latency_s / 10e-6 - 1) < 0.05 && fabs(f.bandwidth_bytes_per_s / 25e9 - 1) < 0.05);
    EXPECT(f.max_relative <= 0.05 && f.rms_relative > 0);
    EXPECT(rfl_fit_latency_bandwidth(b, t, 1, &f) != 0);
    /* Latency steps: L1 -> L2 -> memory. */
    const double lat[] = {40, 41, 40, 250, 260, 255, 700, 710};
    int at[4];
    EXPECT(rfl_gmi_transitions(lat, 8, 1.3, at, 4) == 2 && at[0] == 3 && at[1] == 6);
    /* The pipeline replay: zero steps give the start value. */
    EXPECT(rfl_gmi_pipeline_replay(1, 3, 0) == 0x3ff6000000000000ull); /* 1.375 */
    EXPECT(rfl_gmi_pipeline_replay(0, 3, 0) == 0x3fb00000u);            /* 1.375f */
    EXPECT(rfl_gmi_pipeline_replay(0, 3, 4) != rfl_gmi_pipeline_replay(0, 4, 4));
    for (size_t i = 0; i < sizeof all_tables / sizeof all_tables[0]; i++)
        EXPECT(all_tables[i]->ncols >= 3 && strcmp(all_tables[i]->columns[0], "rank") == 0 &&
               strcmp(all_tables[i]->columns[1], "device") == 0 &&
               strcmp(all_tables[i]->columns[all_tables[i]->ncols - 1], "verified") == 0);
    return rfl_selftest_result("rfl_gpu_micro", failures);
}

/* ------------------------------------------------------------------------
 * The run
 * ---------------------------------------------------------------------- */

/* Under a time budget: the modes in this order, each with this share of
 * the time left to the modes still to run (what one leaves goes to the
 * next): transfer first, its fit being the host-link ceiling, then the
 * short ones, and chase, the longest, last. */
static const int budget_order[RFL_GMI_NMODES] = {RFL_GMI_TRANSFER, RFL_GMI_LAUNCH,  RFL_GMI_PIPELINE,
                                                 RFL_GMI_STRIDE,   RFL_GMI_BARRIER, RFL_GMI_CHASE};
static const double budget_weight[RFL_GMI_NMODES] = {[RFL_GMI_LAUNCH] = 1, [RFL_GMI_TRANSFER] = 3,
                                                     [RFL_GMI_CHASE] = 3,  [RFL_GMI_PIPELINE] = 1,
                                                     [RFL_GMI_STRIDE] = 1, [RFL_GMI_BARRIER] = 1};
/* Points of a run, about (for the samples' plan), and the least the samples come down to. */
#define BUDGET_POINTS 300
#define MIN_TIME_FLOOR_S 0.001
#define EXPERIMENTS_FLOOR 3

/* A mode with no time left: its files, with every point cut (so its
 * sidecar says so), and none of its set-up. */
static void skip_mode(struct rfl_gmi_ctx *c, int m)
{
    static const struct rfl_gmi_table_spec *const tables[RFL_GMI_NMODES][2] = {
        [RFL_GMI_LAUNCH] = {&rfl_gmi_launch_table, NULL},
        [RFL_GMI_TRANSFER] = {&rfl_gmi_transfer_table, &rfl_gmi_transfer_fit_table},
        [RFL_GMI_CHASE] = {&rfl_gmi_chase_table, NULL},
        [RFL_GMI_PIPELINE] = {&rfl_gmi_pipeline_table, NULL},
        [RFL_GMI_STRIDE] = {&rfl_gmi_stride_table, NULL},
        [RFL_GMI_BARRIER] = {&rfl_gmi_barrier_table, NULL}};
    char what[64];
    snprintf(what, sizeof what, "%s: every point (no time left)", rfl_gmi_mode_names[m]);
    rfl_gpu_budget_cut(c->budget, what, 1);
    for (int i = 0; i < 2 && tables[m][i] && c->status == RFL_EXIT_OK; i++) {
        struct rfl_gmi_table t;
        if (rfl_gmi_table_open(c, &t, tables[m][i]) == 0)
            rfl_gmi_table_close(c, &t);
    }
}

int rfl_gpu_micro_run(const struct rfl_gpu_micro_opts *o)
{
    struct rfl_gpu_budget budget;
    struct rfl_gmi_ctx c = {.o = o, .budget = &budget, .ranks = rfl_mpi_size(), .root = rfl_mpi_rank() == 0};
    int rc;
    if (rfl_gpu_run_start(&o->run, print_columns, self_test, &budget, &c.dev, &rc))
        return rc;
    rfl_gpu_run_sampling(&o->run, &c.min_time_s, &c.experiments);
    rfl_gpu_budget_plan_samples(&budget, BUDGET_POINTS, 0.001, &c.min_time_s, o->min_time_s > 0, MIN_TIME_FLOOR_S,
                                &c.experiments, o->experiments > 0, EXPERIMENTS_FLOOR);
    if (RFL_CUDA(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c.timer, c.stream) ||
        RFL_CUDA(cudaMalloc((void **)&c.mismatch, sizeof *c.mismatch)) ||
        RFL_CUDA(cudaMalloc((void **)&c.clock, sizeof *c.clock)) ||
        RFL_CUDA(cudaMalloc((void **)&c.words, 8 * sizeof *c.words)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    if (c.root) {
        rfl_info("evidence: device %s, %d SMs, L2 %.0f MiB", c.dev.name, c.dev.sm_count, c.dev.l2_bytes / 1048576.0);
    }
    const unsigned modes = o->modes ? o->modes : (1u << RFL_GMI_NMODES) - 1;
    int (*const run[RFL_GMI_NMODES])(struct rfl_gmi_ctx *) = {
        rfl_gmi_mode_launch, rfl_gmi_mode_transfer, rfl_gmi_mode_chase,
        rfl_gmi_mode_pipeline, rfl_gmi_mode_stride, rfl_gmi_mode_barrier};
    const double t0 = rfl_now_s();
    const int limited = rfl_gpu_budget_limited(&budget);
    for (int i = 0; i < RFL_GMI_NMODES && c.status == RFL_EXIT_OK; i++) {
        const int m = limited ? budget_order[i] : i;
        if (!(modes >> m & 1))
            continue;
        double weights = 0;
        for (int j = i; j < RFL_GMI_NMODES; j++)
            if (modes >> (limited ? budget_order[j] : j) & 1)
                weights += budget_weight[limited ? budget_order[j] : j];
        rfl_gpu_budget_phase(&budget, budget_weight[m] / weights,
                             rfl_gpu_budget_point_s(0.001, c.min_time_s, c.experiments));
        c.mode_meta = c.root ? json_object() : NULL;
        /* Rank 0's clock decides, for every rank. */
        int skip = limited && budget.run > 0 && !(rfl_gpu_budget_phase_left_s(&budget) > 0);
        if (c.ranks > 1)
            rfl_mpi_bcast_int(&skip, 1);
        if (skip)
            skip_mode(&c, m);
        else
            run[m](&c);
        json_decref(c.mode_meta);
        c.mode_meta = NULL;
    }
    if (c.root) {
        if (c.status == RFL_EXIT_INTERRUPTED)
            rfl_error("interrupted: the rows measured so far are kept");
        else if (c.status == RFL_EXIT_OK)
            rfl_info("done (%.1f s)", rfl_now_s() - t0);
    }
    rfl_gpu_timer_destroy(&c.timer);
    cudaStreamDestroy(c.stream);
    cudaFree(c.mismatch);
    cudaFree(c.clock);
    cudaFree(c.words);
    rfl_gpu_budget_free(&budget);
    return rfl_mpi_max_int(c.status);
}
