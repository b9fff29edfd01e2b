/* Timing and tuning in rfl_gemm: a sample is a run of launches between
 * two events, with the SM clock read (NVML) while they run; launches per
 * sample grow until a sample is long enough to time. Tuning times every
 * configuration of a family (tiled, dmma) at one size, each verified
 * first, and ranks them; a size then takes the best one that gives every
 * SM a block. */
#include "config.h"
#include "gemm/gemm_internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Timing
 * ---------------------------------------------------------------------- */

/* One sample: `reps` launches, cycling through the sets; seconds per GEMM
 * in *t, the SM clock (NVML, read while they run) in *mhz. */
static int sample(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g, unsigned reps,
                  unsigned *next_set, double *t, double *mhz)
{
    struct rfl_gemm_args a;
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer))
        return -1;
    for (unsigned i = 0; i < reps; i++) {
        const int set = (int)(*next_set % (unsigned)g->nsets);
        (*next_set)++;
        rfl_gemm_runner_args(c, g, r, set, &a);
        if (rfl_gemm_run_once(c, r, &a))
            return -1;
    }
    /* The stop event goes in before the NVML reading (a millisecond or more),
     * which then happens while the launches run and stays out of the time. */
    float ms = 0;
    if (RFL_CUDA(cudaEventRecord(c->timer.stop, c->stream)))
        return -1;
    *mhz = rfl_gpu_nvml_sm_mhz(&c->dev);
    if (RFL_CUDA(cudaEventSynchronize(c->timer.stop)) ||
        RFL_CUDA(cudaEventElapsedTime(&ms, c->timer.start, c->timer.stop)))
        return -1;
    *t = ms * 1e-3 / reps;
    return 0;
}

int rfl_gemm_time_runner(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                         unsigned experiments, double *times, double *mhz_at, unsigned *reps_out, double *mhz_min)
{
    unsigned next = 1, reps = 1, samples = 0;
    double t, mhz;
    for (;;) {
        if (sample(c, r, g, reps, &next, &t, &mhz))
            return -1;
        samples++;
        double total = t * reps;
        total = c->ranks > 1 ? rfl_mpi_max_double(total) : total;
        if (total >= c->min_time_s || reps >= (1u << 16))
            break;
        unsigned want = (unsigned)ceil(c->min_time_s / (total / reps) * 1.1);
        reps = want > reps * 16 ? reps * 16 : want > reps * 2 ? want : reps * 2;
        if (reps > (1u << 16))
            reps = 1u << 16;
    }
    /* The warm-up: a sample at the final count, unless the first one was it (a
     * GEMM that alone outlasts min_time, after the verification run). */
    if (samples > 1 && sample(c, r, g, reps, &next, &t, &mhz))
        return -1;
    double best = INFINITY;
    *mhz_min = NAN;
    for (unsigned e = 0; e < experiments; e++) {
        if (sample(c, r, g, reps, &next, &times[e], &mhz))
            return -1;
        if (mhz_at)
            mhz_at[e] = mhz;
        if (times[e] < best) {
            best = times[e];
            *mhz_min = mhz;
        }
    }
    *reps_out = reps;
    return 0;
}

int rfl_gemm_time_rested(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                         unsigned samples, double *best_s)
{
    unsigned next = 0;
    *best_s = INFINITY;
    for (unsigned e = 0; e < samples; e++) {
        double waited = 0;
        if (rfl_gpu_nvml_settle(&c->dev, c->settle_max_s, &waited) >= 0)
            c->settle_s += waited;
        if (c->ranks > 1)
            rfl_mpi_barrier();
        struct rfl_gemm_args a;
        rfl_gemm_runner_args(c, g, r, (int)(next++ % (unsigned)g->nsets), &a);
        double s = 0;
        /* 200 us: far longer than queuing the start event, a cuBLAS launch and the stop event */
        if (RFL_CUDA(rfl_gemm_wait(200000, c->stream)) || rfl_gpu_timer_start(&c->timer) ||
            rfl_gemm_run_once(c, r, &a) || rfl_gpu_timer_stop(&c->timer, &s))
            return -1;
        if (s > 0)
            *best_s = fmin(*best_s, s);
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Choices of configuration (tiled, dmma) and their tuning
 * ---------------------------------------------------------------------- */

void rfl_gemm_choices_for(const struct rfl_gemm_opts *o, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                          struct rfl_gemm_choice *ch)
{
    int n;
    const struct rfl_gemm_kernel *t = rfl_gemm_kernel_table(&n);
    memset(ch, 0, sizeof *ch);
    for (int i = 0; i < n && ch->n < RFL_GEMM_MAX_CHOICES; i++)
        if (t[i].family == f && t[i].prec == p && t[i].transb == transb &&
            (f == RFL_GEMM_VOLKOV || !o->config || strstr(t[i].symbol, o->config)))
            ch->k[ch->n++] = &t[i];
}

/* The configuration for a size: the best-ranked one that fits and gives
 * every SM a block; where none does (small matrices), the one that fits
 * with the most blocks (ties: the better ranked). */
const struct rfl_gemm_kernel *rfl_gemm_pick(const struct rfl_gemm_choice *ch, struct rfl_gemm_size s, int sms)
{
    const struct rfl_gemm_kernel *most = NULL;
    unsigned most_blocks = 0;
    for (int i = 0; i < ch->n; i++) {
        const struct rfl_gemm_kernel *k = ch->k[i];
        if (!rfl_gemm_kernel_fits(k, s.m, s.n, s.k))
            continue;
        const unsigned blocks = (s.m / (unsigned)k->bm) * (s.n / (unsigned)k->bn);
        if (blocks >= (unsigned)sms)
            return k;
        if (blocks > most_blocks) {
            most = k;
            most_blocks = blocks;
        }
    }
    return most;
}

int rfl_gemm_tune(struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                  struct rfl_gemm_choice *ch, json_t *tuning)
{
    if (ch->n <= 1 || c->o->no_tune)
        return 0;
    const unsigned ts = c->o->tune_size ? c->o->tune_size : c->o->quick ? 1024 : 4096;
    const struct rfl_gemm_size s = {ts, ts, ts};
    struct rfl_gemm_group g;
    const unsigned long long seed = rfl_gemm_mix64(c->o->seed ^ 0x7475u) + (unsigned)(f * 16 + p * 2 + transb);
    int rc = rfl_gemm_group_alloc(c, &g, p, transb, s, 0, seed);
    if (rc < 0) {
        rfl_gemm_group_free(&g);
        return -1;
    }
    rc = rfl_mpi_max_int(rc);
    if (rc != 0) {
        rfl_gemm_group_free(&g);
        if (rc > 0)
            rfl_warn("tuning %s %s %s: %u^3 does not fit in device memory; the first configuration is used",
                     rfl_gemm_family_names[f], rfl_gemm_prec_names[p], rfl_gemm_trans_names[transb], ts);
        return rc > 0 ? 0 : -1;
    }
    if (rfl_gemm_group_reference(c, &g)) {
        rfl_gemm_group_free(&g);
        return -1;
    }
    double *mine = calloc((size_t)ch->n, sizeof *mine);
    double times[8], mhz_min;
    unsigned reps;
    for (int i = 0; i < ch->n && mine; i++) {
        mine[i] = 0;
        if (!rfl_gemm_kernel_fits(ch->k[i], ts, ts, ts))
            continue;
        /* Collective (every rank tunes the same configurations): a signal
         * stops the tuning, with the session's status 130. */
        if (rfl_interrupt_agree(0, &c->out.status)) {
            free(mine);
            rfl_gemm_group_free(&g);
            return -1;
        }
        const struct rfl_gemm_runner r = {f, ch->k[i], p, transb, NULL, 0};
        struct rfl_gemm_check ck;
        if (rfl_gemm_verify(c, &r, &g, &ck) || rfl_gemm_time_runner(c, &r, &g, 3, times, NULL, &reps, &mhz_min)) {
            free(mine);
            rfl_gemm_group_free(&g);
            return -1;
        }
        long long bad = !(ck.err <= ck.bound);
        if (bad)
            rfl_error_all("verification failed: %s %s %s %u^3 (tuning): max |C - R| / max |R| = %.3g > %.3g: %s",
                          ch->k[i]->symbol, rfl_gemm_prec_names[p], rfl_gemm_trans_names[transb], ts, ck.err,
                          ck.bound, ck.detail);
        if ((c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad) != 0) {
            snprintf(c->out.failure, sizeof c->out.failure, "%s (tuning, %u^3): max_rel_error %.3g > %.3g",
                     ch->k[i]->symbol, ts, ck.err, ck.bound);
            c->out.status = RFL_EXIT_VERIFY;
            free(mine);
            rfl_gemm_group_free(&g);
            return -1;
        }
        double best = INFINITY;
        for (int e = 0; e < 3; e++)
            best = times[e] < best ? times[e] : best;
        mine[i] = 2.0 * ts * (double)ts * ts / best * 1e-9;
        char cfg[96];
        rfl_gemm_kernel_config(ch->k[i], cfg, sizeof cfg);
        rfl_progress("tuning %s %s %s: %s %.0f GFLOP/s", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                     rfl_gemm_trans_names[transb], cfg, mine[i]);
        if (c->root && tuning)
            json_array_append_new(tuning, json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:f, s:f}", "kernel",
                                                    rfl_gemm_family_names[f], "symbol", ch->k[i]->symbol, "config",
                                                    cfg, "precision", rfl_gemm_prec_names[p], "transb",
                                                    rfl_gemm_trans_names[transb], "size", (int)ts, "gflops_per_s",
                                                    mine[i], "max_rel_error", ck.err));
    }
    rfl_gemm_group_free(&g);
    if (!mine)
        return -1;
    /* Rank 0's ranking, so every rank runs the same kernels. */
    rfl_mpi_bcast_double(mine, ch->n);
    for (int i = 0; i < ch->n; i++)
        ch->gflops[i] = mine[i];
    free(mine);
    for (int i = 1; i < ch->n; i++)
        for (int j = i; j > 0 && ch->gflops[j] > ch->gflops[j - 1]; j--) {
            const struct rfl_gemm_kernel *tk = ch->k[j];
            double tg = ch->gflops[j];
            ch->k[j] = ch->k[j - 1];
            ch->gflops[j] = ch->gflops[j - 1];
            ch->k[j - 1] = tk;
            ch->gflops[j - 1] = tg;
        }
    rfl_progress_done();
    if (c->root) {
        char cfg[96];
        rfl_gemm_kernel_config(ch->k[0], cfg, sizeof cfg);
        rfl_info("tuned %s %s %s at %u^3: %s (%.0f GFLOP/s)", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                 rfl_gemm_trans_names[transb], ts, cfg, ch->gflops[0]);
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * cuBLASLt: the heuristic's algorithms at the point's own shape
 * ---------------------------------------------------------------------- */

int rfl_gemm_lt_pick(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, struct rfl_gemm_lt_plan *plan, json_t *list)
{
    /* Every rank tries the same algorithms, and runs rank 0's fastest. */
    const int n = c->ranks > 1 ? rfl_mpi_min_int(plan->nalgo) : plan->nalgo;
    double rate[RFL_GEMM_LT_ALGOS] = {0}, times[1], mhz_min;
    unsigned reps;
    const double flops = 2.0 * g->m * (double)g->n * g->k;
    json_t *tried = c->root && list ? json_array() : NULL;
    const char *c_type = rfl_gemm_c_type(g->p, plan->c16);
    for (int i = 0; i < n; i++) {
        if (rfl_interrupt_agree(0, &c->out.status)) {
            json_decref(tried);
            return -1;
        }
        plan->pick = i;
        const struct rfl_gemm_runner r = {RFL_GEMM_CUBLASLT, NULL, g->p, g->transb, plan, plan->c16};
        struct rfl_gemm_check ck;
        /* Each algorithm's arithmetic is checked before it is timed: one
         * that is fast and wrong must not become a roof. */
        if (rfl_gemm_verify(c, &r, g, &ck) || rfl_gemm_time_runner(c, &r, g, 1, times, NULL, &reps, &mhz_min)) {
            json_decref(tried);
            return -1;
        }
        const long long bad = !(ck.err <= ck.bound);
        if (bad)
            rfl_error_all("verification failed: cublaslt algo %d %s %s C %s %ux%ux%u: max |C - R| / max |R| = %.3g > "
                          "%.3g (against %s): %s",
                          plan->id[i], rfl_gemm_prec_names[g->p], rfl_gemm_trans_names[g->transb], c_type, g->m, g->n,
                          g->k, ck.err, ck.bound, ck.reference, ck.detail);
        if ((c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad) != 0) {
            snprintf(c->out.failure, sizeof c->out.failure,
                     "cublaslt algo %d %s C %s %ux%ux%u: max_rel_error %.3g > %.3g", plan->id[i],
                     rfl_gemm_prec_names[g->p], c_type, g->m, g->n, g->k, ck.err, ck.bound);
            c->out.status = RFL_EXIT_VERIFY;
            json_decref(tried);
            return -1;
        }
        rate[i] = flops / times[0] * 1e-9;
        if (tried)
            json_array_append_new(tried, json_pack("{s:i, s:i, s:f, s:f}", "heuristic", i + 1, "algo_id", plan->id[i],
                                                   "gflops_per_s", rate[i], "max_rel_error", ck.err));
    }
    rfl_mpi_bcast_double(rate, n);
    plan->pick = 0;
    for (int i = 1; i < n; i++)
        if (rate[i] > rate[plan->pick])
            plan->pick = i;
    if (tried)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:[i, i, i], s:i, s:i, s:o}", "precision",
                                              rfl_gemm_prec_names[g->p], "c_type", c_type, "transb",
                                              rfl_gemm_trans_names[g->transb], "size", (int)g->m, (int)g->n, (int)g->k,
                                              "offered", plan->nalgo, "picked", plan->pick + 1, "algorithms", tried));
    return 0;
}
