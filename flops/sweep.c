/* The sweep of rfl_flops (Lo et al., Section 5): one OpenMP parallel region
 * for the whole run; every thread owns a static range of its rank's buffer,
 * first-touched inside the region; each timed sample is fenced by an OpenMP
 * and an MPI barrier and timed by rank 0's master thread. For each thread
 * count the core clock is measured first, with every active thread running
 * the add chain at once, so the theoretical peak of the rows that follow
 * uses the clock the cores keep with that many of them busy.
 *
 * The plan is made in plan.c, the clock and the timed samples in sample.c,
 * the CSV rows and the summary in rows.c, the sidecar in sidecar.c; this
 * file runs them and checks every point. */
#include "config.h"
#include "flops.h"
#include "budget_plan.h"
#include "plan.h"
#include "rows.h"
#include "sample.h"
#include "sidecar.h"
#include "verify.h"
#include "cpu/balance.h"
#include "cpu/buffer.h"
#include "cpu/noise.h"
#include "common/budget.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "schema/schema.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BARRIER_REPS 1000

static const char *const *const columns = rfl_schema_flops_columns; /* schema/flops.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_FLOPS_NCOLUMNS)

/* Rank 0's master, after every thread has checked its elements: reports the
 * first wrong value of this rank, agrees on the job's count and, where any
 * is wrong, stops the run with RFL_EXIT_VERIFY. Returns whether all were
 * right. */
static int agree_verification(const struct rfl_fl_plan *p, const struct rfl_fl_point *pt,
                              const struct rfl_fl_shared *sh, struct rfl_session *out)
{
    const struct rfl_fl_config *c = &p->configs[pt->config_index];
    long long bad = 0;
    const struct rfl_fl_mismatch *first = NULL;
    for (unsigned t = 0; t < pt->active; t++) {
        bad += (long long)sh->mismatch[t].count;
        if (sh->mismatch[t].count && !first)
            first = &sh->mismatch[t];
    }
    if (first)
        rfl_error_all("verification failed: %s %s %s unroll %u, FPE %u, %zu elements per thread, %llu trials: "
                      "%lld wrong values; first a[%zu] = %.17g, expected %.17g",
                      rfl_fl_variant_names[c->variant], rfl_fl_config_isa_label(c), rfl_precision_names[c->prec],
                      c->unroll, pt->fpe, pt->n, (unsigned long long)pt->applied, bad, first->index, first->got,
                      first->expected);
    bad = rfl_mpi_sum_ll(bad);
    if (!bad)
        return 1;
    out->status = RFL_EXIT_VERIFY;
    snprintf(out->failure, sizeof out->failure, "%s %s %s unroll %u FPE %u: %lld wrong values",
             rfl_fl_variant_names[c->variant], rfl_fl_config_isa_label(c), rfl_precision_names[c->prec], c->unroll,
             pt->fpe, bad);
    return 0;
}

int rfl_flops_run(const struct rfl_flops_opts *o)
{
    struct rfl_budget clock;
    rfl_budget_start(&clock, o->time_budget_s);
    struct rfl_fl_plan p;
    int rc = rfl_fl_plan_make(o, &p);
    if (rc != RFL_EXIT_OK) {
        rfl_fl_plan_free(&p);
        return rc;
    }
    int root = rfl_mpi_rank() == 0;
    rfl_fl_budget_order(&p, rfl_budget_limited(&clock));
    static struct rfl_fl_budget bb; /* large; one run at a time */
    rfl_fl_budget_init(&bb, &clock, &p);
    const unsigned experiments_asked = p.experiments;
    const double min_time_asked = p.min_time_s;
    struct rfl_noise noise;
    int noise_ok = rfl_noise_init(&noise, p.threads, (uint64_t)p.ranks * (uint64_t)p.threads, clock.t_start) == 0;

    size_t buffer_bytes = p.region_bytes * (size_t)p.threads;
    int madvise_ok;
    char *buffer = rfl_buffer_alloc(buffer_bytes, &madvise_ok);
    if (!buffer) {
        rfl_noise_free(&noise);
        rfl_fl_plan_free(&p);
        return RFL_EXIT_FAILURE;
    }

    const struct rfl_session_spec out_spec = {.program = "rfl_flops", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS};
    struct rfl_session out;
    if (rfl_session_open(&out, &out_spec) != 0) {
        free(buffer);
        rfl_noise_free(&noise);
        rfl_fl_plan_free(&p);
        return RFL_EXIT_FAILURE;
    }

    struct rfl_fl_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.mismatch = calloc((size_t)p.threads, sizeof *sh.mismatch);
    sh.ghz = calloc((size_t)p.threads, sizeof *sh.ghz);
    sh.integer_ghz = calloc((size_t)p.threads, sizeof *sh.integer_ghz);
    struct rfl_fl_tally tally = {.best = calloc(p.nconfigs ? p.nconfigs : 1, sizeof *tally.best)};
    struct rfl_fl_clocks clocks;
    memset(&clocks, 0, sizeof clocks);
    /* rank 0: each thread's best busy time of every point, folded */
    const size_t job_threads = (size_t)p.ranks * (size_t)p.threads;
    struct rfl_balance balance;
    int balance_ok = root && rfl_balance_init(&balance, job_threads, RFL_FL_BALANCE_POINTS) == 0;

#pragma omp parallel num_threads(p.threads)
    {
        const int tid = omp_get_thread_num();
        rfl_team_enter(&p.team, &p.topo, tid);
        char *base = buffer + (size_t)tid * p.region_bytes;
        /* First touch: each thread's pages come from its own NUMA node. */
        rfl_buffer_first_touch(base, p.region_bytes);
        rfl_team_measure_barriers(&p.team, o->quick || bb.on ? BARRIER_REPS / 5 : BARRIER_REPS);
        rfl_fl_smt_probe(&p.smt, &p.team, &p.topo, p.peak_isa, tid, base);
        if (noise_ok)
            rfl_noise_probe(&noise, &p.team, tid, 1);
        struct rfl_fl_point pt;
        memset(&pt, 0, sizeof pt);

        for (size_t tc = 0; tc < p.nthread_counts && !sh.stop && !sh.end_sweep; tc++) {
            const unsigned active = p.thread_counts[tc];
#pragma omp master
            sh.clock_start = rfl_budget_used_s_all(&clock);
            rfl_fl_measure_clock(&p, &sh, tid, active, &clocks.groups[tc]);
#pragma omp master
            {
                clocks.ngroups = tc + 1;
                rfl_fl_budget_clock_cost(&bb, rfl_budget_used_s_all(&clock) - sh.clock_start);
            }
            const struct rfl_fl_clock_group *g = &clocks.groups[tc];
            pt.active = active;
            pt.job_threads = (uint64_t)p.ranks * active;
            pt.node_threads = rfl_mpi_local_size() * (int)active;

            for (size_t ci = 0; ci < p.nconfigs && !sh.stop && !sh.end_sweep; ci++) {
#pragma omp barrier
#pragma omp master
                sh.go = rfl_fl_budget_item_begin(&bb, tc, ci, rfl_budget_used_s_all(&clock), &p.experiments, &p.min_time_s);
#pragma omp barrier
                if (!sh.go)
                    continue;
                const struct rfl_fl_config *c = &p.configs[ci];
                const size_t elem = rfl_precision_bytes(c->prec);
                size_t last_n = 0;
                pt.config_index = ci;
                for (size_t wi = 0; wi < (p.wss_default ? 1 : p.nwss) && !sh.stop && !sh.end_sweep; wi++) {
                    uint64_t per_thread = p.wss_default ? p.wss_thread_default : p.wss[wi] / pt.job_threads;
                    size_t n = (size_t)(per_thread / elem) / RFL_FL_ELEM_QUANTUM * RFL_FL_ELEM_QUANTUM;
                    if (n < RFL_FL_ELEM_QUANTUM)
                        n = RFL_FL_ELEM_QUANTUM;
                    if (n == last_n)
                        continue; /* rounding mapped two working sets to one */
                    last_n = n;
                    pt.n = n;

                    for (size_t fi = 0; fi < p.nfpe && !sh.stop && !sh.end_sweep; fi++) {
                        if (!rfl_fl_budget_fpe_runs(&bb, tc, ci, fi, p.nfpe))
                            continue;
                        const unsigned fpe = p.fpe[fi];
#pragma omp master
                        rfl_fl_budget_row_begin(&bb, rfl_budget_used_s_all(&clock));
                        pt.fpe = fpe;
                        rfl_fl_fn kernel = c->variant == RFL_FL_REF ? rfl_fl_ref_lookup(c->prec, fpe)
                                                                    : rfl_fl_simd_lookup(c->isa, c->prec, c->unroll);
                        rfl_fl_fn fn = (unsigned)tid < active ? kernel : NULL;
                        struct rfl_fl_work w;
                        memset(&w, 0, sizeof w);
                        w.a = base;
                        w.n = n;
                        rfl_fl_coefficients(&w, fpe);
                        if (fn)
                            rfl_fl_fill(c->prec, &w);
                        rfl_fl_time_point(&p, fn, &w, &pt);
                        if (p.team.interrupted) {
                            /* a signal during the samples: the point is
                             * dropped unchecked (every rank alike) */
#pragma omp master
                            {
                                rfl_interrupt_agree(0, &out.status); /* collective: 130 */
                                sh.stop = 1;
                            }
#pragma omp barrier
                            break;
                        }

                        /* The clock drifts under sustained vector load (power
                         * and thermal limits, other tenants of a shared host):
                         * it is measured again right after the samples, and
                         * the row is judged against the mean of the clocks
                         * just before it (after the previous row, or at the
                         * thread count's start) and just after it. */
#pragma omp master
                        sh.ghz_before = g->ghz_mean;
                        rfl_fl_measure_clock(&p, &sh, tid, active, &clocks.groups[tc]);
                        if (o->inject_fault && tid == 0) {
                            if (c->prec == RFL_FP64)
                                ((double *)w.a)[n / 2] += 2.0;
                            else
                                ((float *)w.a)[n / 2] += 2.0f;
                        }
                        if (fn)
                            rfl_fl_check(c->prec, &w, pt.applied, &sh.mismatch[tid]);
                        else
                            memset(&sh.mismatch[tid], 0, sizeof sh.mismatch[tid]);
#pragma omp barrier
#pragma omp master
                        {
                            /* each rank's own samples: its rows beside the job's */
                            double *per_rank = p.ranks > 1 ? rfl_team_rank_stats(pt.own, p.experiments) : NULL;
                            if (!agree_verification(&p, &pt, &sh, &out))
                                sh.stop = 1;
                            else {
                                const double *on_cpu = NULL;
                                const double *busy = rfl_team_busy_gather(&p.team, pt.active, &on_cpu); /* collective */
                                if (balance_ok && rfl_fl_balance_counts(&p, &pt))
                                    rfl_balance_add(&balance, busy, on_cpu);
                                if (root)
                                    rfl_fl_write_row(&p, &pt, g, sh.ghz_before, &out.csv, &tally, per_rank);
                            }
                            free(per_rank);
                            sh.stop = rfl_interrupt_agree(sh.stop, &out.status);
                            if (!sh.stop)
                                sh.end_sweep = rfl_fl_budget_row_end(&bb, tc, ci, rfl_budget_used_s_all(&clock)) == 2;
                        }
#pragma omp barrier
                        if (noise_ok && !sh.stop)
                            rfl_noise_probe(&noise, &p.team, tid, 0);
                    }
                }
#pragma omp master
                if (!sh.stop)
                    rfl_fl_budget_item_end(&bb, tc, ci);
            }
        }
        /* The clock again at the end, every thread busy: did it drift? */
        if (!sh.stop)
            rfl_fl_measure_clock(&p, &sh, tid, (unsigned)p.threads, &clocks.end);
        if (noise_ok && !sh.stop)
            rfl_noise_probe(&noise, &p.team, tid, 1);
    }
    p.experiments = experiments_asked; /* the sidecar's "sweep": what was asked */
    p.min_time_s = min_time_asked;
    double elapsed = rfl_session_stop(&out);
    rfl_team_leave(&p.team, &p.topo);
    rfl_team_describe(&p.team, &p.topo, out.meta);
    char **labels = rfl_team_thread_labels(&p.team); /* collective */

    const struct rfl_fl_clock_group *top = rfl_fl_clocks_top(&clocks);
    const struct rfl_fl_clock_group *end = &clocks.end;
    json_t *meta = rfl_session_outcome(&out);
    if (meta) {
        rfl_fl_describe_run(meta, &p, &clocks, elapsed, madvise_ok, buffer_bytes, tally.above_rows);
        json_object_set_new(meta, "budget", rfl_fl_budget_to_json(&bb, &p));
        json_object_set_new(meta, "noise_probe", noise_ok ? rfl_noise_to_json(&noise) : json_null());
        json_object_set_new(meta, "thread_balance", balance_ok ? rfl_balance_to_json(&balance, labels) : json_null());
    }
    if (root) { /* before the commit: the sidecar's "warnings" carry them to the report */
        if (tally.above_rows)
            rfl_warn("%zu rows exceed the theoretical peak (up to %.3f x): the cores most likely ran above the "
                     "measured clock during those samples (turbo), or the CPU has more FMA units than assumed "
                     "(--fma-units)",
                     tally.above_rows, tally.above_max);
        if (end->threads && top->threads == end->threads && top->ghz_mean > 0 &&
            fabs(end->ghz_mean / top->ghz_mean - 1.0) > 0.05)
            rfl_warn("the clock moved during the run: %.3f GHz before the %u-thread rows, %.3f GHz at the end",
                     top->ghz_mean, top->threads, end->ghz_mean);
        if (balance_ok)
            rfl_balance_warn(&balance, labels);
    }
    rfl_session_commit(&out);
    if (root) {
        rfl_info("%s, %s; clock %.3f GHz with %u threads per rank (%s load), %lld cores: peak %.1f GFLOP/s fp64",
                 p.cpu.uarch, p.peak_isa == RFL_FL_NISA ? rfl_fl_ref_target() : rfl_fl_isa_names[p.peak_isa],
                 top->ghz_mean, top->threads, rfl_clock_load_names[p.clock_load], top->cores_used,
                 rfl_fl_peak_gflops(&p, top, p.peak_vector_bytes, p.peak_fma, RFL_FP64));
        rfl_fl_smt_print(&p.smt);
        if (!p.cpu.known || p.cpu.fma_units_override)
            rfl_info("peak assumption: %s%s", p.cpu.assumption,
                     p.cpu.fma_units_override ? " (FMA units set by --fma-units)" : "");
        if (out.csv.rows)
            rfl_fl_print_summary(&p, tally.best, top);
        if (bb.on && out.status == RFL_EXIT_OK) {
            rfl_budget_print_cuts(&clock, json_object_get(meta, "budget"));
        }
    }
    int exit_code = rfl_session_close(&out);
    rfl_noise_free(&noise);
    if (balance_ok)
        rfl_balance_free(&balance);
    rfl_team_labels_free(&p.team, labels);
    rfl_fl_clocks_free(&clocks);
    free(tally.best);
    free(sh.mismatch);
    free(sh.ghz);
    free(sh.integer_ghz);
    free(buffer);
    rfl_fl_plan_free(&p);
    return exit_code;
}
