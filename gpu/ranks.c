/* The CSV rows of one measured point across the ranks (gpu/ranks.h). */
#include "config.h"
#include "gpu/ranks.h"
#include "gpu/gpu.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A row's first columns, and row->st. */
static void open_row(struct rfl_csv *csv, const struct rfl_gpu_point_rows *pt, struct rfl_gpu_rank_row *row)
{
    double sorted[RFL_GPU_MAX_EXPERIMENTS];
    memcpy(sorted, row->times, pt->experiments * sizeof *sorted);
    rfl_stats_compute(sorted, pt->experiments, &row->st);
    rfl_csv_str(csv, row->aggregate ? "aggregate" : "gpu");
    if (row->aggregate) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_int(csv, row->rank);
        rfl_csv_int(csv, row->device);
    }
    rfl_csv_int(csv, pt->ranks);
}

/* Rank 0: one row per rank from the gathered values (each rank's samples,
 * then its clock, wrong values and device), then the aggregate: the whole
 * job is as fast as its slowest rank in each sample. */
static void write_rows(struct rfl_csv *csv, const struct rfl_gpu_point_rows *pt, const double *all, int nvals)
{
    const unsigned n = pt->experiments;
    for (int r = 0; r < pt->ranks; r++) {
        const double *vals = all + (size_t)r * nvals;
        struct rfl_gpu_rank_row row = {.rank = r, .device = (int)vals[n + 2], .times = vals, .mhz = vals[n],
                                       .trials = pt->measured->trials};
        open_row(csv, pt, &row);
        pt->write_row(pt->arg, csv, &row);
    }
    if (pt->ranks < 2)
        return;
    double slowest[RFL_GPU_MAX_EXPERIMENTS];
    for (unsigned e = 0; e < n; e++) {
        slowest[e] = 0;
        for (int r = 0; r < pt->ranks; r++)
            if (all[(size_t)r * nvals + e] > slowest[e])
                slowest[e] = all[(size_t)r * nvals + e];
    }
    struct rfl_gpu_rank_row aggregate = {.aggregate = 1, .times = slowest, .trials = pt->measured->trials};
    open_row(csv, pt, &aggregate);
    pt->write_row(pt->arg, csv, &aggregate);
}

int rfl_gpu_point_rows(struct rfl_session *out, const struct rfl_gpu_point_rows *pt, int *rows_written)
{
    const unsigned n = pt->experiments;
    const int nvals = (int)n + 3;
    double mine[RFL_GPU_MAX_EXPERIMENTS + 3];
    for (unsigned e = 0; e < n; e++)
        mine[e] = pt->measured->times[e] * rfl_gpu_slow_factor; /* 1 but under RFL_TEST_SLOW_RANK */
    mine[n] = pt->measured->mhz_at_min;
    mine[n + 1] = (double)pt->measured->bad;
    mine[n + 2] = pt->device;
    double *all = rfl_gpu_gather_doubles(mine, nvals);
    const long long bad = pt->ranks > 1 ? rfl_mpi_sum_ll(pt->measured->bad) : pt->measured->bad;
    int stop = 0;
    *rows_written = 0;
    if (pt->measured->bad)
        rfl_error_all("verification failed: %s: %s", pt->point, pt->measured->detail);
    if (bad) {
        out->status = RFL_EXIT_VERIFY;
        snprintf(out->failure, sizeof out->failure, "%s: %lld wrong values", pt->what, bad);
        stop = 1;
    } else if (rfl_mpi_rank() == 0 && all) {
        write_rows(&out->csv, pt, all, nvals);
        *rows_written = 1;
    }
    free(all);
    return rfl_interrupt_agree(stop, &out->status);
}
