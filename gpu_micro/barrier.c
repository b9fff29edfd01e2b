/* barrier: a device-wide barrier inside one kernel against the barrier a
 * kernel boundary gives (Volkov 3.8): cooperative groups' grid sync, an
 * atomic counter barrier (in global memory, as Volkov's), and one launch
 * per phase.  One block per SM and every SM full.  Each barrier is checked
 * by the blocks themselves (a neighbour's flag must have advanced). */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_barrier_table = {"barrier", rfl_schema_gpu_micro_barrier_columns,
                                                         RFL_SCHEMA_GPU_MICRO_BARRIER_NCOLUMNS};

static const char *const method_names[RFL_GMI_NBARRIER] = {"grid_sync", "atomic", "relaunch"};
#define THREADS 256

int rfl_gmi_mode_barrier(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const unsigned iters = o->barriers ? o->barriers : o->quick ? 200 : 2000;
    unsigned *flags = NULL, *words = NULL; /* words: errors, counter, generation */
    const size_t max_blocks = (size_t)c->dev.sm_count * 64;
    if (RFL_CUDA(cudaMalloc((void **)&flags, max_blocks * sizeof *flags)) ||
        RFL_CUDA(cudaMalloc((void **)&words, 4 * sizeof *words))) {
        cudaFree(flags);
        return rfl_gmi_failed(c);
    }
    if (!c->dev.cooperative_launch)
        rfl_warn("%s cannot launch cooperative kernels: only the relaunch barrier is measured", c->dev.name);
    struct rfl_gmi_table t;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_barrier_table)) {
        cudaFree(flags);
        cudaFree(words);
        return -1;
    }
    double best[RFL_GMI_NBARRIER][2] = {{NAN, NAN}, {NAN, NAN}, {NAN, NAN}};
    int stop = 0, failed = 0;
    for (int m = 0; m < RFL_GMI_NBARRIER && !stop && !failed; m++) {
        if (m != RFL_GMI_RELAUNCH && !c->dev.cooperative_launch)
            continue;
        int resident = 0;
        if (RFL_CUDA(rfl_gmi_barrier_occupancy((enum rfl_gmi_barrier)m, THREADS, &resident))) {
            failed = 1;
            break;
        }
        if (resident < 1)
            resident = 1;
        if ((size_t)resident > max_blocks / c->dev.sm_count)
            resident = (int)(max_blocks / c->dev.sm_count);
        const int per_sm[2] = {1, resident};
        for (int g = 0; g < 2 && !stop && !failed; g++) {
            if (g == 1 && resident == 1)
                continue; /* the same grid as the row before */
            const unsigned blocks = (unsigned)(c->dev.sm_count * per_sm[g]);
            char what[64];
            snprintf(what, sizeof what, "barrier %s", method_names[m]);
            if (!rfl_gmi_admit(c, 0, 1, what))
                continue;
            double times[1001];
            unsigned errors = 0, total_errors = 0;
            for (unsigned e = 0; e < c->experiments + 1 && !failed; e++) {
                if (c->ranks > 1)
                    rfl_mpi_barrier();
                double sec = 0;
                if (RFL_CUDA(cudaMemsetAsync(flags, 0, blocks * sizeof *flags, c->stream)) ||
                    RFL_CUDA(cudaMemsetAsync(words, 0, 4 * sizeof *words, c->stream)) ||
                    rfl_gpu_timer_start(&c->timer) ||
                    RFL_CUDA(rfl_gmi_barrier((enum rfl_gmi_barrier)m, blocks, THREADS, iters, flags, words + 1,
                                             words, c->stream)) ||
                    rfl_gpu_timer_stop(&c->timer, &sec) ||
                    RFL_CUDA(cudaMemcpy(&errors, words, sizeof errors, cudaMemcpyDeviceToHost))) {
                    failed = 1;
                    break;
                }
                total_errors += errors;
                if (e > 0) /* the first run warms up */
                    times[e - 1] = sec / iters;
            }
            if (failed)
                break;
            if (o->inject_fault)
                total_errors++;
            char detail[160];
            snprintf(detail, sizeof detail, "%s, %u blocks: %u blocks saw a neighbour's flag behind the barrier",
                     method_names[m], blocks, total_errors);
            struct rfl_stats st;
            rfl_stats_compute(times, c->experiments, &st);
            best[m][g] = st.min * 1e6;
            struct rfl_gmi_cell cells[] = {
                RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(method_names[m]), RFL_GMI_I(blocks), RFL_GMI_I(per_sm[g]),
                RFL_GMI_I(THREADS), RFL_GMI_I(iters), RFL_GMI_I(c->experiments), RFL_GMI_D(st.min * 1e6),
                RFL_GMI_D(st.median * 1e6), RFL_GMI_D(st.max * 1e6), RFL_GMI_I(1)};
            stop = rfl_gmi_emit(c, &t, cells, total_errors, detail);
            rfl_gmi_done(c);
        }
    }
    cudaFree(flags);
    cudaFree(words);
    if (failed)
        return rfl_gmi_abort(c, &t);
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        char note[160];
        snprintf(note, sizeof note, "one block per SM; atomic %.2f us, relaunch %.2f us (Volkov: 1.3-2.0 us vs 1.5-5.4x more)",
                 best[RFL_GMI_ATOMIC][0], best[RFL_GMI_RELAUNCH][0]);
        rfl_gpu_evidence(ev, "barrier_grid_sync_us", best[RFL_GMI_GRID_SYNC][0], "us", NULL, NAN, 0, note);
        rfl_gpu_evidence(ev, "barrier_atomic_us", best[RFL_GMI_ATOMIC][0], "us", NULL, NAN, 0,
                         "atomic counter + generation word in global memory, one block per SM");
        rfl_gpu_evidence(ev, "barrier_relaunch_us", best[RFL_GMI_RELAUNCH][0], "us", NULL, NAN, 0,
                         "back-to-back launches on one stream, one block per SM");
        json_object_set_new(c->mode_meta, "iterations", json_integer(iters));
        json_object_set_new(c->mode_meta, "threads_per_block", json_integer(THREADS));
    }
    return rfl_gmi_table_close(c, &t);
}
