/* launch: kernel launch overhead (Volkov 3.1).  The simplest kernel (one
 * word updated) launched N times: asynchronously with one synchronization
 * at the end, with a synchronization after each launch, and as the
 * replay of a CUDA graph of captured launches.  Host wall-clock time per
 * launch: what a program waits for. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/stats.h"
#include "common/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_launch_table = {"launch", rfl_schema_gpu_micro_launch_columns,
                                                        RFL_SCHEMA_GPU_MICRO_LAUNCH_NCOLUMNS};

enum { ASYNC, LAUNCH_SYNC, GRAPH_REPLAY, NMETHODS };
static const char *const method_names[NMETHODS] = {"async", "launch_sync", "graph_replay"};

/* Kernels captured per graph: a replay is one cudaGraphLaunch. */
#define GRAPH_KERNELS 1000u

struct launch_run {
    struct rfl_gmi_ctx *c;
    unsigned blocks, threads, launches;
    cudaGraphExec_t exec;
    unsigned graph_kernels;
};

/* One sample: `launches` kernels the method's way; seconds per launch. */
static int sample(struct launch_run *r, int method, double *per_launch, unsigned long long *issued)
{
    struct rfl_gmi_ctx *c = r->c;
    const double t0 = rfl_now_s();
    unsigned long long done = 0;
    if (method == GRAPH_REPLAY) {
        const unsigned replays = (r->launches + r->graph_kernels - 1) / r->graph_kernels;
        for (unsigned i = 0; i < replays; i++)
            if (RFL_CUDA(cudaGraphLaunch(r->exec, c->stream)))
                return -1;
        done = (unsigned long long)replays * r->graph_kernels;
        if (RFL_CUDA(cudaStreamSynchronize(c->stream)))
            return -1;
    } else {
        for (unsigned i = 0; i < r->launches; i++) {
            if (RFL_CUDA(rfl_gmi_tick(r->blocks, r->threads, c->words, c->stream)))
                return -1;
            if (method == LAUNCH_SYNC && RFL_CUDA(cudaStreamSynchronize(c->stream)))
                return -1;
        }
        if (method == ASYNC && RFL_CUDA(cudaStreamSynchronize(c->stream)))
            return -1;
        done = r->launches;
    }
    *per_launch = (rfl_now_s() - t0) / (double)done;
    *issued += done;
    return 0;
}

static int build_graph(struct launch_run *r)
{
    struct rfl_gmi_ctx *c = r->c;
    cudaGraph_t graph = NULL;
    r->graph_kernels = r->launches < GRAPH_KERNELS ? r->launches : GRAPH_KERNELS;
    if (RFL_CUDA(cudaStreamBeginCapture(c->stream, cudaStreamCaptureModeThreadLocal)))
        return -1;
    for (unsigned i = 0; i < r->graph_kernels; i++)
        if (RFL_CUDA(rfl_gmi_tick(r->blocks, r->threads, c->words, c->stream))) {
            cudaStreamEndCapture(c->stream, &graph);
            if (graph)
                cudaGraphDestroy(graph);
            return -1;
        }
    if (RFL_CUDA(cudaStreamEndCapture(c->stream, &graph)))
        return -1;
    int rc = RFL_CUDA(cudaGraphInstantiate(&r->exec, graph, 0));
    cudaGraphDestroy(graph);
    return rc;
}

int rfl_gmi_mode_launch(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    struct rfl_gmi_table t;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_launch_table))
        return -1;
    const unsigned launches = o->launches ? o->launches : o->quick ? 1000 : 10000;
    /* One warp on one SM, and a block of 1024 threads on every SM. */
    const unsigned grids[2][2] = {{1, 32}, {(unsigned)c->dev.sm_count, 1024}};
    double best[NMETHODS];
    for (int m = 0; m < NMETHODS; m++)
        best[m] = NAN;
    for (int i = 0; i < 2 * NMETHODS; i++)
        rfl_gmi_expect(c, 0, 1);
    int stop = 0;
    for (int g = 0; g < 2 && !stop; g++)
        for (int m = 0; m < NMETHODS && !stop; m++) {
            char what[64];
            snprintf(what, sizeof what, "launch %s %ux%u", method_names[m], grids[g][0], grids[g][1]);
            if (!rfl_gmi_admit(c, 0, 1, what))
                continue;
            struct launch_run r = {c, grids[g][0], grids[g][1], launches, NULL, 0};
            if (RFL_CUDA(cudaMemsetAsync(c->words, 0, sizeof *c->words, c->stream)))
                return rfl_gmi_abort(c, &t);
            if (m == GRAPH_REPLAY && build_graph(&r))
                return rfl_gmi_abort(c, &t);
            unsigned long long issued = 0;
            double warm, times[1000];
            /* The first sample warms the path up (and the graph's upload). */
            int failed = sample(&r, m, &warm, &issued);
            for (unsigned e = 0; e < c->experiments && !failed; e++)
                failed = sample(&r, m, &times[e], &issued);
            if (r.exec)
                cudaGraphExecDestroy(r.exec);
            unsigned long long counted = 0;
            if (failed || RFL_CUDA(cudaMemcpy(&counted, c->words, sizeof counted, cudaMemcpyDeviceToHost)))
                return rfl_gmi_abort(c, &t);
            if (o->inject_fault)
                counted++;
            char detail[160];
            snprintf(detail, sizeof detail, "%s: the counter reads %llu after %llu launches", method_names[m], counted,
                     issued);
            struct rfl_stats st;
            rfl_stats_compute(times, c->experiments, &st);
            if (g == 0)
                best[m] = st.min;
            struct rfl_gmi_cell cells[] = {
                RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(method_names[m]), RFL_GMI_I(r.blocks),
                RFL_GMI_I(r.threads), RFL_GMI_I(launches), RFL_GMI_I(c->experiments), RFL_GMI_D(st.min * 1e6),
                RFL_GMI_D(st.median * 1e6), RFL_GMI_D(st.max * 1e6), RFL_GMI_I(1)};
            stop = rfl_gmi_emit(c, &t, cells, counted != issued, detail);
            rfl_gmi_done(c);
        }
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        rfl_gpu_evidence(ev, "launch_async_us", best[ASYNC] * 1e6, "us", NULL, NAN, 0,
                         "per launch, one warp, one synchronization at the end (Volkov: 3-7 us)");
        rfl_gpu_evidence(ev, "launch_sync_us", best[LAUNCH_SYNC] * 1e6, "us", NULL, NAN, 0,
                         "launch + cudaStreamSynchronize (Volkov: 10-14 us)");
        rfl_gpu_evidence(ev, "launch_graph_replay_us", best[GRAPH_REPLAY] * 1e6, "us", NULL, NAN, 0,
                         "per kernel node of a replayed CUDA graph");
        json_object_set_new(c->mode_meta, "launches", json_integer(launches));
        json_object_set_new(c->mode_meta, "graph_kernels", json_integer(launches < GRAPH_KERNELS ? launches : GRAPH_KERNELS));
        json_object_set_new(c->mode_meta, "timer", json_string("host monotonic clock around the launches and the final synchronization"));
    }
    return rfl_gmi_table_close(c, &t);
}
