/* The clock of a thread count and the timed samples of one point (see
 * sample.h). Each timed sample is fenced by an OpenMP and an MPI barrier
 * and timed by rank 0's master thread (see cpu/team.h). */
#include "config.h"
#include "sample.h"
#include "common/mpi_shim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One timed sample (see team.h). Threads with no kernel (beyond the active
 * count of a thread sweep) only take part in the barriers. */
static double timed_sample(struct rfl_team *team, rfl_fl_fn fn, const struct rfl_fl_work *w)
{
    rfl_team_sample_begin(team);
    if (fn)
        fn(w);
    return rfl_team_sample_end(team);
}

void rfl_fl_measure_clock(const struct rfl_fl_plan *p, struct rfl_fl_shared *sh, int tid, unsigned active,
                          struct rfl_fl_clock_group *g)
{
#pragma omp barrier
#pragma omp master
    rfl_mpi_barrier();
#pragma omp barrier
    if ((unsigned)tid < active) {
        sh->ghz[tid] = rfl_clock_ghz(p->clock_load, RFL_FL_CLOCK_SECONDS, RFL_FL_CLOCK_REPS);
        sh->integer_ghz[tid] = p->clock_load == RFL_CLOCK_INTEGER
                                   ? sh->ghz[tid]
                                   : rfl_clock_ghz(RFL_CLOCK_INTEGER, RFL_FL_CLOCK_SECONDS / 2, RFL_FL_CLOCK_REPS);
    }
#pragma omp barrier
#pragma omp master
    {
        double sum = 0, isum = 0, lo = INFINITY, hi = 0;
        for (unsigned t = 0; t < active; t++) {
            sum += sh->ghz[t];
            isum += sh->integer_ghz[t];
            lo = sh->ghz[t] < lo ? sh->ghz[t] : lo;
            hi = sh->ghz[t] > hi ? sh->ghz[t] : hi;
        }
        /* kHz sums as integers: the shim reduces long longs. */
        long long job_sum = rfl_mpi_sum_ll(llround(sum * 1e6));
        long long job_isum = rfl_mpi_sum_ll(llround(isum * 1e6));
        long long job_count = rfl_mpi_sum_ll((long long)active);
        unsigned cores = active < p->rank_cores ? active : p->rank_cores;
        /* Sets of FMA units (smt_probe.c) where known, else this rank's cores. */
        long long units = rfl_fl_smt_units(&p->smt, active);
        g->threads = active;
        g->cores_used = units > 0 ? units : rfl_mpi_sum_ll((long long)cores);
        g->ghz_mean = job_count ? (double)job_sum * 1e-6 / (double)job_count : 0.0;
        g->integer_ghz_mean = job_count ? (double)job_isum * 1e-6 / (double)job_count : 0.0;
        g->ghz_min = -rfl_mpi_max_double(-lo);
        g->ghz_max = rfl_mpi_max_double(hi);
        size_t len = (size_t)active * 40 + 1;
        char *mine = calloc(1, len);
        for (unsigned t = 0; mine && t < active; t++) {
            size_t used = strlen(mine);
            snprintf(mine + used, len - used, "%srank%d.t%u=%.4f", t ? " " : "", rfl_mpi_rank(), t, sh->ghz[t]);
        }
        free(g->per_thread);
        g->per_thread = rfl_mpi_gather_strings(mine ? mine : "", " ");
        free(mine);
    }
#pragma omp barrier
}

const struct rfl_fl_clock_group *rfl_fl_clocks_top(const struct rfl_fl_clocks *c)
{
    return c->ngroups ? &c->groups[c->ngroups - 1] : &c->groups[0];
}

void rfl_fl_clocks_free(struct rfl_fl_clocks *c)
{
    for (size_t i = 0; i < RFL_FL_MAX_THREAD_COUNTS; i++)
        free(c->groups[i].per_thread);
    free(c->end.per_thread);
}

/* One repetition of a sustained window: the point's sample on this thread. */
struct window_rep {
    rfl_fl_fn fn;
    struct rfl_fl_work *w;
    uint64_t *applied;
};

static double window_rep(void *ctx)
{
    struct window_rep *r = ctx;
    r->w->first_trial = *r->applied;
    r->fn(r->w);
    *r->applied += r->w->trials;
    return 0;
}

void rfl_fl_time_point(struct rfl_fl_plan *p, rfl_fl_fn fn, struct rfl_fl_work *w, struct rfl_fl_point *pt)
{
    uint64_t applied = 0, trials = 1;

    /* Double the trials until one sample is long enough to time. */
    for (;;) {
        w->trials = trials;
        w->first_trial = applied;
        double t = timed_sample(&p->team, fn, w);
        applied += trials;
        if (t >= p->min_time_s || trials >= (1ull << 40) || p->team.interrupted)
            break;
        trials *= 2;
    }
    /* A calibration sample stretched by preemption stops the doubling
     * early; samples that then come out far below the minimum time are
     * retaken with more trials. Every thread sees the same times, so all
     * decide alike. */
    for (int attempt = 0; !p->team.interrupted; attempt++) {
        double shortest = INFINITY;
        rfl_team_busy_begin(&p->team); /* each thread's best of this attempt's samples */
        for (unsigned e = 0; e < p->experiments && !p->team.interrupted; e++) {
            w->first_trial = applied;
            pt->times[e] = timed_sample(&p->team, fn, w);
            pt->own[e] = p->team.own_elapsed;
            applied += trials;
            shortest = pt->times[e] < shortest ? pt->times[e] : shortest;
        }
        if (shortest >= 0.5 * p->min_time_s || attempt >= 3 || trials >= (1ull << 40) || p->team.interrupted)
            break;
        while (shortest < p->min_time_s && trials < (1ull << 40)) {
            trials *= 2;
            shortest *= 2;
        }
        w->trials = trials;
    }
    rfl_team_busy_end(&p->team);
    pt->sustained_gflops = pt->sustained_median_gflops = NAN;
    if (!p->team.interrupted && rfl_team_uneven(&p->team, pt->active)) {
        struct window_rep r = {fn, w, &applied};
        const double flops = (double)w->n * pt->fpe * (double)w->trials; /* one repetition, one thread */
        pt->sustained_gflops = 1e-9 * rfl_team_sustained(&p->team, p->experiments * p->min_time_s, p->experiments,
                                                         fn ? window_rep : NULL, &r, flops);
        pt->sustained_median_gflops = 1e-9 * p->team.sustained_median;
    }
    /* An odd count of trials leaves every element away from its start
     * value: a skipped element shows. */
    if (!(applied & 1)) {
        w->trials = 1;
        w->first_trial = applied;
        if (fn)
            fn(w);
        applied++;
    }
    pt->trials = trials;
    pt->applied = applied;
}

double rfl_fl_peak_gflops(const struct rfl_fl_plan *p, const struct rfl_fl_clock_group *g, unsigned vector_bytes,
                          int fma, enum rfl_precision prec)
{
    return (double)g->cores_used * g->ghz_mean * rfl_fl_flops_per_cycle(&p->cpu, vector_bytes, fma, prec);
}
