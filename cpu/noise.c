/* The noise probe of the CPU sweeps (see noise.h). */
#include "config.h"
#include "noise.h"
#include "common/mpi_shim.h"
#include "common/stats.h"
#include "common/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NOISE_ELEMS (RFL_NOISE_BYTES / sizeof(double))

int rfl_noise_init(struct rfl_noise *nz, int threads, uint64_t job_threads, double t0)
{
    *nz = (struct rfl_noise){
        .t0 = t0, .threads = threads, .job_threads = job_threads, .gap_s = RFL_NOISE_MIN_GAP_S, .last_s = -INFINITY};
    nz->scratch = calloc((size_t)(threads > 0 ? threads : 1), sizeof *nz->scratch);
    return nz->scratch ? 0 : -1;
}

void rfl_noise_free(struct rfl_noise *nz)
{
    for (int t = 0; nz->scratch && t < nz->threads; t++)
        free(nz->scratch[t]);
    free(nz->scratch);
    nz->scratch = NULL;
}

/* Eight independent sums: a steady, load-bound loop on any core. */
static double probe_sum(const double *a, uint64_t trials)
{
    double s[8] = {0};
    for (uint64_t t = 0; t < trials; t++) {
        for (size_t i = 0; i < NOISE_ELEMS; i += 8)
            for (size_t j = 0; j < 8; j++)
                s[j] += a[i + j];
        __asm__ __volatile__("" ::: "memory");
    }
    return s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];
}

static double sample(struct rfl_noise *nz, struct rfl_team *team, const double *a)
{
    rfl_team_sample_begin(team);
    double v = a ? probe_sum(a, nz->trials) : 0;
    double t = rfl_team_sample_end(team);
    if (a && v < 0)
        nz->sink = v; /* never: keeps the sum alive */
    return t;
}

void rfl_noise_probe(struct rfl_noise *nz, struct rfl_team *team, int tid, int force)
{
    if (!nz->scratch)
        return;
#pragma omp barrier
#pragma omp master
    {
        double now = rfl_now_s() - nz->t0;
        int due = !team->interrupted && nz->nprobes < RFL_NOISE_MAX_PROBES &&
                  (force || now - nz->last_s >= nz->gap_s);
        int v[1] = {due};
        rfl_mpi_bcast_int(v, 1); /* rank 0 decides for every rank */
        nz->due = v[0];
    }
#pragma omp barrier
    if (!nz->due)
        return;
    double start = rfl_now_s();
    if (!nz->scratch[tid]) {
        double *a = aligned_alloc(64, RFL_NOISE_BYTES);
        if (a)
            for (size_t i = 0; i < NOISE_ELEMS; i++)
                a[i] = 1.0;
        nz->scratch[tid] = a; /* NULL: this thread only keeps the barriers */
    }
    const double *a = nz->scratch[tid];
    if (nz->trials == 0) {
        /* Calibrate once, so every probe of the run does the same work. */
#pragma omp barrier
#pragma omp master
        nz->trials = 1;
#pragma omp barrier
        for (;;) {
            double t = sample(nz, team, a);
            if (t >= RFL_NOISE_SAMPLE_S || nz->trials >= (1ull << 30) || team->interrupted)
                break;
#pragma omp barrier
#pragma omp master
            nz->trials *= 2;
#pragma omp barrier
        }
    }
    for (int s = 0; s < RFL_NOISE_SAMPLES && !team->interrupted; s++) {
        double t = sample(nz, team, a);
#pragma omp master
        nz->times[s] = t;
    }
#pragma omp barrier
#pragma omp master
    if (!team->interrupted) {
        struct rfl_stats st;
        double times[RFL_NOISE_SAMPLES];
        memcpy(times, nz->times, sizeof times);
        rfl_stats_compute(times, RFL_NOISE_SAMPLES, &st);
        const double bytes = (double)nz->job_threads * RFL_NOISE_BYTES * (double)nz->trials;
        double now = rfl_now_s();
        double v[1] = {now - nz->t0};
        rfl_mpi_bcast_double(v, 1);
        struct rfl_noise_probe *p = &nz->probes[nz->nprobes++];
        p->t_s = v[0];
        p->best = st.min > 0 ? bytes / st.min * 1e-9 : 0;
        p->median = st.median > 0 ? bytes / st.median * 1e-9 : 0;
        p->worst = st.max > 0 ? bytes / st.max * 1e-9 : 0;
        nz->last_s = v[0];
        double cost = now - start;
        nz->cost_s += cost;
        /* at most 1% of the run */
        nz->gap_s = 100 * cost > RFL_NOISE_MIN_GAP_S ? 100 * cost : RFL_NOISE_MIN_GAP_S;
    }
#pragma omp barrier
}

json_t *rfl_noise_to_json(const struct rfl_noise *nz)
{
    json_t *probes = json_array();
    for (size_t i = 0; i < nz->nprobes; i++) {
        const struct rfl_noise_probe *p = &nz->probes[i];
        json_array_append_new(probes, json_pack("[f, f, f, f]", p->t_s, p->best, p->median, p->worst));
    }
    return json_pack("{s:s, s:i, s:i, s:I, s:f, s:f, s:s, s:o}", "kernel",
                     "a sum of 8 independent fp64 chains over 8 KiB per thread, in L1", "bytes_per_thread",
                     RFL_NOISE_BYTES, "samples", RFL_NOISE_SAMPLES, "trials", (json_int_t)nz->trials, "sample_s",
                     RFL_NOISE_SAMPLE_S, "cost_s", nz->cost_s, "columns",
                     "t_s (since the program started), gbytes_per_s best, median, worst", "probes", probes);
}
