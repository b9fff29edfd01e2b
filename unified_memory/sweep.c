/* The sweep of rfl_unified_memory: mechanism x working set x reuse.  Each
 * (mechanism, working set) allocates its arrays once and runs the reuses
 * in increasing order, so the time of the next point can be predicted from
 * the ones before it and a point that would pass --point-timeout is
 * skipped rather than left to run for minutes.  Every rank measures each
 * point on its GPU; rank 0 writes one row per rank. */
#include "config.h"
#include "unified_memory/sweep.h"
#include "unified_memory/plan.h"
#include "gpu/gpu.h"
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

/* The CSV's status column, by enum rfl_um_point_status. */
static const char *const status_names[RFL_UM_NSTATUS] = {"ok",           "timeout",      "skipped_timeout",
                                                        "skipped_memory", "alloc_failed", "unsupported",
                                                        "skipped_budget"};

/* What every rank sends rank 0 about one point. */
enum { V_DEVICE, V_STATUS, V_TRIALS, V_EXPERIMENTS, V_TMIN, V_TMED, V_TMAX, V_TO_DEVICE, V_GPU, V_TO_HOST, V_CPU,
       V_BAD, V_DEVICE_REF, NV };

static void write_row(struct rfl_csv *csv, int rank, enum rfl_um_mechanism m, size_t n, unsigned reuse,
                      const double *v)
{
    const int status = (int)v[V_STATUS];
    const int measured = status == RFL_UM_POINT_OK || status == RFL_UM_POINT_TIMEOUT;
    rfl_csv_int(csv, rank);
    rfl_csv_int(csv, (long long)v[V_DEVICE]);
    rfl_csv_str(csv, rfl_um_mechanisms[m].name);
    rfl_csv_str(csv, rfl_um_mechanisms[m].fig7_panel);
    rfl_csv_u64(csv, (uint64_t)n * sizeof(double));
    rfl_csv_u64(csv, n);
    rfl_csv_u64(csv, reuse);
    if (measured) {
        const unsigned long long trials = (unsigned long long)v[V_TRIALS];
        const double bytes = rfl_um_effective_bytes(n, trials, reuse);
        const double gbs = bytes / v[V_TMIN] * 1e-9;
        const double moved = v[V_TO_DEVICE] + v[V_TO_HOST];
        const int moves = rfl_um_mechanisms[m].explicit_copy || m == RFL_UM_MANAGED_PREFETCH;
        rfl_csv_u64(csv, trials);
        rfl_csv_int(csv, (long long)v[V_EXPERIMENTS]);
        rfl_csv_double(csv, v[V_TMIN]);
        rfl_csv_double(csv, v[V_TMED]);
        rfl_csv_double(csv, v[V_TMAX]);
        rfl_csv_double(csv, bytes);
        rfl_csv_double(csv, gbs);
        rfl_csv_double(csv, bytes / v[V_TMED] * 1e-9);
        rfl_csv_double(csv, gbs / v[V_DEVICE_REF]);
        rfl_csv_double(csv, v[V_TO_DEVICE]);
        rfl_csv_double(csv, v[V_GPU]);
        rfl_csv_double(csv, v[V_TO_HOST]);
        rfl_csv_double(csv, v[V_CPU]);
        rfl_csv_double(csv, moves && moved > 0 ? 2.0 * (double)n * sizeof(double) / moved * 1e-9 : NAN);
    } else {
        for (int i = 0; i < 14; i++)
            rfl_csv_str(csv, "");
    }
    rfl_csv_str(csv, status_names[status]);
    if (measured)
        rfl_csv_int(csv, 1);
    else
        rfl_csv_str(csv, "");
    rfl_csv_end_row(csv);
}

/* A point's weight under a budget: its samples, and its trials' bytes (a
 * GiB moved and passed over counts as much as the samples). */
static double point_weight(size_t n, unsigned reuse)
{
    return 1.0 + (double)n * sizeof(double) * (reuse + 2.0) / (double)(1ull << 30);
}

void rfl_um_sweep(struct rfl_um_ctx *c, const uint64_t *wss, size_t nw, struct rfl_um_table *tab,
                  struct rfl_session *out, json_t *skipped)
{
    const struct rfl_unified_memory_opts *o = c->o;
    const unsigned mechs = c->mechs;
    const int root = rfl_mpi_rank() == 0;
    int stop = 0;
    double mine[NV];
    int mechs_left = 0;
    for (int m = 0; m < RFL_UM_NMECH; m++)
        mechs_left += mechs >> m & 1;
    for (int m = 0; m < RFL_UM_NMECH && !stop; m++) {
        if (!(mechs >> m & 1))
            continue;
        /* Under a budget each mechanism gets an even share of the time left
         * (its points are expected, so they are thinned evenly within it). */
        rfl_gpu_budget_phase(c->budget, 1.0 / mechs_left--,
                             rfl_gpu_budget_point_s(0.001, c->min_time, c->experiments));
        for (size_t j = 0, last = 0; j < nw; j++) {
            const size_t n = rfl_um_elements_for(wss[j]);
            for (int r = 0; r < o->nreuse && n != last; r++)
                rfl_gpu_budget_expect(c->budget, 0, point_weight(n, o->reuse[r]));
            last = n;
        }
        struct rfl_um_seen seen_prev, seen_here;
        memset(&seen_prev, 0, sizeof seen_prev);
        size_t prev_n = 0, last_n = 0;
        for (size_t j = 0; j < nw && !stop; j++) {
            const size_t n = rfl_um_elements_for(wss[j]);
            if (n == last_n)
                continue;
            last_n = n;
            memset(&seen_here, 0, sizeof seen_here);
            /* No time left for even its first point: the working set is not
             * allocated (rank 0's clock decides for every rank). */
            int no_time = rfl_gpu_budget_limited(c->budget) && c->budget->run > 0 &&
                          rfl_gpu_budget_estimate_s(c->budget, point_weight(n, o->reuse[0])) >
                              rfl_gpu_budget_phase_left_s(c->budget);
            if (c->ranks > 1)
                rfl_mpi_bcast_int(&no_time, 1);
            struct rfl_um_buffers buf;
            char why[256];
            const enum rfl_um_alloc_result got =
                no_time ? RFL_UM_ALLOC_OK
                        : rfl_um_buffers_alloc(&buf, (enum rfl_um_mechanism)m, c->dev.index, n, c->mem_limit, why,
                                               sizeof why);
            const int alloc_status = no_time                           ? RFL_UM_POINT_SKIPPED_BUDGET
                                     : got == RFL_UM_ALLOC_OK          ? RFL_UM_POINT_OK
                                     : got == RFL_UM_ALLOC_REFUSED    ? RFL_UM_POINT_SKIPPED_MEMORY
                                     : got == RFL_UM_ALLOC_UNSUPPORTED ? RFL_UM_POINT_UNSUPPORTED
                                                                      : RFL_UM_POINT_ALLOC_FAILED;
            char sz[32];
            rfl_format_size(n * sizeof(double), sz, sizeof sz);
            if (alloc_status != RFL_UM_POINT_OK && alloc_status != RFL_UM_POINT_SKIPPED_BUDGET) {
                rfl_warn("%s at %s: %s; its points are skipped (%s)", rfl_um_mechanisms[m].name, sz, why,
                         status_names[alloc_status]);
                if (skipped)
                    json_array_append_new(skipped, json_pack("{s:s, s:I, s:n, s:s, s:s}", "mechanism",
                                                             rfl_um_mechanisms[m].name, "wss_bytes",
                                                             (json_int_t)(n * sizeof(double)), "reuse", "status",
                                                             status_names[alloc_status], "reason", why));
            }
            const struct rfl_um_launch launch = {rfl_um_blocks_for(c, n), c->threads};
            double offset = 0;
            int warmed = 0, told = 0;
            for (int r = 0; r < o->nreuse && !stop; r++) {
                const unsigned k = o->reuse[r];
                struct rfl_um_point p;
                memset(&p, 0, sizeof p);
                p.status = alloc_status;
                if (c->ranks > 1)
                    rfl_mpi_barrier();
                /* The budget: a point runs when it fits (collective), and
                 * within the lesser of --point-timeout and its share left. */
                char what[64];
                snprintf(what, sizeof what, "%s", rfl_um_mechanisms[m].name);
                int admitted = 1;
                if (alloc_status == RFL_UM_POINT_OK) {
                    admitted = rfl_gpu_budget_admit(c->budget, 0, point_weight(n, k), what);
                } else {
                    rfl_gpu_budget_forget(c->budget, 0, point_weight(n, k));
                    if (alloc_status == RFL_UM_POINT_SKIPPED_BUDGET)
                        rfl_gpu_budget_cut(c->budget, what, 1);
                }
                if (!admitted) {
                    p.status = RFL_UM_POINT_SKIPPED_BUDGET;
                    snprintf(p.detail, sizeof p.detail, "the time budget is spent");
                } else if (alloc_status == RFL_UM_POINT_OK) {
                    const double ratio = prev_n ? (double)n / (double)prev_n : 1.0;
                    const double pred = rfl_um_predict_trial_s(&seen_here, prev_n ? &seen_prev : NULL, ratio, k);
                    const double warm = rfl_um_predict_trial_s(&seen_here, prev_n ? &seen_prev : NULL, ratio, 1);
                    /* (The run's first point runs whatever is left: see gpu/budget.h.) */
                    const double point_timeout = c->timeout,
                                 left = c->budget->run ? rfl_gpu_budget_phase_left_s(c->budget) : INFINITY;
                    c->timeout = left < point_timeout ? left : point_timeout;
                    const int failed =
                        rfl_um_run_point(c, &buf, &launch, k, pred, warm > 0 ? warm : 0, &warmed, &offset, &p);
                    if (p.status == RFL_UM_POINT_SKIPPED_TIMEOUT && c->timeout < point_timeout) {
                        p.status = RFL_UM_POINT_SKIPPED_BUDGET;
                        rfl_gpu_budget_withdraw(c->budget, what);
                        snprintf(p.detail, sizeof p.detail, "predicted past the %.3g s left of the time budget",
                                 c->timeout);
                    } else if (p.status == RFL_UM_POINT_SKIPPED_TIMEOUT) {
                        rfl_gpu_budget_withdraw(c->budget, NULL); /* --point-timeout's, not the budget's */
                    }
                    c->timeout = point_timeout;
                    if (failed) {
                        out->status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                        stop = 1;
                        break;
                    }
                }
                rfl_gpu_budget_done(c->budget);
                /* A signal on any rank during the samples: the point is
                 * dropped on every rank and the sweep stops (exit 130). */
                if ((c->ranks > 1 ? rfl_mpi_max_int(p.interrupted) : p.interrupted) != 0) {
                    if (out->status == RFL_EXIT_OK)
                        out->status = RFL_EXIT_INTERRUPTED;
                    stop = 1;
                    break;
                }
                if (alloc_status == RFL_UM_POINT_OK) {
                    if (p.status == RFL_UM_POINT_SKIPPED_BUDGET) {
                        rfl_um_seen_add(&seen_here, k, INFINITY);
                    } else if (p.status == RFL_UM_POINT_SKIPPED_TIMEOUT) {
                        rfl_um_seen_add(&seen_here, k, INFINITY);
                        if (!told) {
                            rfl_info("%s at %s: reuse %u and above skipped: %s", rfl_um_mechanisms[m].name, sz, k,
                                     p.detail);
                            told = 1;
                        }
                        if (skipped)
                            json_array_append_new(skipped,
                                                  json_pack("{s:s, s:I, s:i, s:s, s:s}", "mechanism",
                                                            rfl_um_mechanisms[m].name, "wss_bytes",
                                                            (json_int_t)(n * sizeof(double)), "reuse", (int)k,
                                                            "status", status_names[p.status], "reason", p.detail));
                    } else if (!p.bad) {
                        double t_min = rfl_um_best_of(p.times, (int)p.experiments);
                        rfl_um_seen_add(&seen_here, k, t_min / (double)p.trials);
                    }
                }
                const int measured = p.status == RFL_UM_POINT_OK || p.status == RFL_UM_POINT_TIMEOUT;
                double sorted[RFL_UM_MAX_EXPERIMENTS];
                struct rfl_stats st = {0, NAN, NAN, NAN, NAN};
                if (measured) {
                    memcpy(sorted, p.times, p.experiments * sizeof *sorted);
                    rfl_stats_compute(sorted, p.experiments, &st);
                }
                mine[V_DEVICE] = c->dev.index;
                mine[V_STATUS] = p.status;
                mine[V_TRIALS] = (double)p.trials;
                mine[V_EXPERIMENTS] = p.experiments;
                mine[V_TMIN] = st.min;
                mine[V_TMED] = st.median;
                mine[V_TMAX] = st.max;
                mine[V_TO_DEVICE] = p.have_ph ? p.ph.to_device_s : NAN;
                mine[V_GPU] = p.have_ph ? p.ph.gpu_s : NAN;
                mine[V_TO_HOST] = p.have_ph ? p.ph.to_host_s : NAN;
                mine[V_CPU] = p.have_ph ? p.ph.cpu_s : NAN;
                mine[V_BAD] = (double)p.bad;
                mine[V_DEVICE_REF] = c->ref.device_rmw;
                double *all = rfl_gpu_gather_doubles(mine, NV);
                if (p.bad)
                    rfl_error_all("verification failed: %s at %s, reuse %u: %s", rfl_um_mechanisms[m].name, sz, k,
                                  p.detail);
                const long long bad = c->ranks > 1 ? rfl_mpi_sum_ll(p.bad) : p.bad;
                if (bad) {
                    out->status = RFL_EXIT_VERIFY;
                    snprintf(out->failure, sizeof out->failure, "%s at %s, reuse %u: %lld wrong values",
                             rfl_um_mechanisms[m].name, sz, k, bad);
                    stop = 1;
                } else if (root && all) {
                    for (int rank = 0; rank < c->ranks; rank++)
                        write_row(&out->csv, rank, (enum rfl_um_mechanism)m, n, k, all + (size_t)rank * NV);
                    if (measured) {
                        const double gbs = rfl_um_effective_bytes(n, p.trials, k) / st.min * 1e-9;
                        *rfl_um_cell(tab, tab->gbs, m, j, r) = gbs;
                        const double moved = p.ph.to_device_s + p.ph.to_host_s;
                        if (p.have_ph && moved > 0 &&
                            (rfl_um_mechanisms[m].explicit_copy || m == RFL_UM_MANAGED_PREFETCH))
                            *rfl_um_cell(tab, tab->transfer, m, j, r) = 2.0 * (double)n * sizeof(double) / moved * 1e-9;
                        rfl_progress("%s %s reuse %u  %.2f GB/s", rfl_um_mechanisms[m].name, sz, k, gbs);
                    }
                }
                free(all);
                stop = rfl_interrupt_agree(stop, &out->status);
            }
            if (alloc_status == RFL_UM_POINT_OK)
                rfl_um_buffers_free(&buf);
            seen_prev = seen_here;
            prev_n = n;
        }
    }
}
