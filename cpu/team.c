#include "config.h"
#include "team.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/stats.h"
#include "common/timer.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int rfl_team_plan(struct rfl_team *team, const struct rfl_topo *topo, unsigned requested)
{
    memset(team, 0, sizeof *team);
    char key[512], host[256] = "";
    gethostname(host, sizeof host - 1);
    hwloc_bitmap_list_snprintf(key, sizeof key, topo->allowed);
    strncat(key, host, sizeof key - strlen(key) - 1);
    int peer_index, peer_count;
    rfl_mpi_peers(key, &peer_index, &peer_count);
    team->rank_cores = topo->allowed_cores / (unsigned)(peer_count > 0 ? peer_count : 1);
    if (team->rank_cores < 1)
        team->rank_cores = 1;
    if (requested)
        omp_set_num_threads((int)requested);
    else if (!getenv("OMP_NUM_THREADS"))
        omp_set_num_threads((int)team->rank_cores);
    team->ranks = rfl_mpi_size();
    team->threads = omp_get_max_threads();
    team->node_threads = rfl_mpi_local_size() * team->threads;
    if ((unsigned)team->node_threads > topo->cores)
        rfl_warn("oversubscribed: %d threads on %u cores of this node; the rates measure the "
                 "scheduler as much as the machine", team->node_threads, topo->cores);
    /* Consecutive cores per rank; when oversubscribed, rfl_topo_bind_thread
     * wraps around, spreading ranks evenly over the cores. */
    team->bind = getenv("OMP_PROC_BIND") == NULL;
    if (team->bind)
        team->bind_offset = (unsigned)(peer_index * team->threads);
    if (rfl_mpi_rank() == 0)
        team->hosts = calloc((size_t)team->ranks, sizeof *team->hosts);
    int rc = rfl_test_slow_rank(&team->slow_factor);
    if (rc == 0)
        rc = rfl_host_names(team->hosts, &team->hosts_from_test);
    if (rc) {
        free(team->hosts);
        team->hosts = NULL;
        return rc;
    }
    team->binding = calloc((size_t)team->threads, sizeof *team->binding);
    team->busy = aligned_alloc(64, (size_t)team->threads * sizeof *team->busy);
    team->busy_send = calloc(2 * (size_t)team->threads, sizeof *team->busy_send);
    const size_t job_threads = (size_t)team->ranks * (size_t)team->threads;
    team->busy_all = rfl_mpi_rank() == 0 ? calloc(job_threads, sizeof *team->busy_all) : NULL;
    team->on_cpu_all = rfl_mpi_rank() == 0 ? calloc(job_threads, sizeof *team->on_cpu_all) : NULL;
    if (team->busy)
        memset(team->busy, 0, (size_t)team->threads * sizeof *team->busy);
    /* Test only (tests/flops/balance.sh): a thread that takes four times its time. */
    const char *slow = getenv("RFL_TEST_SLOW_THREAD");
    char *end = NULL;
    long k = slow && *slow ? strtol(slow, &end, 10) : -1;
    team->slow_test_tid = end && *end == '\0' && k >= 0 && k < team->threads ? (int)k : -1;
    return team->binding && (team->hosts || rfl_mpi_rank() != 0) && team->busy && team->busy_send &&
                   ((team->busy_all && team->on_cpu_all) || rfl_mpi_rank() != 0)
               ? 0
               : RFL_EXIT_FAILURE;
}

void rfl_team_free(struct rfl_team *team)
{
    free(team->binding);
    free(team->busy);
    free(team->busy_send);
    free(team->busy_all);
    free(team->on_cpu_all);
    team->busy_send = team->busy_all = team->on_cpu_all = NULL;
    team->binding = NULL;
    free(team->hosts);
    team->hosts = NULL;
    team->busy = NULL;
}

void rfl_team_enter(struct rfl_team *team, const struct rfl_topo *topo, int tid)
{
    if (team->bind)
        rfl_topo_bind_thread(topo, team->bind_offset + (unsigned)tid);
    rfl_topo_describe_thread(topo, team->binding[tid], sizeof team->binding[tid]);
}

void rfl_team_leave(const struct rfl_team *team, const struct rfl_topo *topo)
{
    if (team->bind)
        hwloc_set_cpubind(topo->topology, topo->allowed, HWLOC_CPUBIND_THREAD);
}

void rfl_team_sample_begin(struct rfl_team *team)
{
#pragma omp barrier
#pragma omp master
    {
        rfl_mpi_barrier();
        team->t0 = rfl_now_s();
    }
#pragma omp barrier
    struct rfl_team_busy *b = &team->busy[omp_get_thread_num()];
    if (b->on)
        b->cpu0 = rfl_thread_cpu_s();
}

double rfl_team_sample_end(struct rfl_team *team)
{
    const int tid = omp_get_thread_num();
    struct rfl_team_busy *b = &team->busy[tid];
    if (b->on) {
        /* t0 is the master's, read after the start barrier */
        double busy = rfl_now_s() - team->t0;
        if (tid == team->slow_test_tid) {
            /* Asleep, as the planted slow rank: a spinning thread took
             * CPU from the other threads of a busy machine, slowed them
             * with it and hid itself (CI read 0.72 for the 0.5 planted). */
            rfl_sleep_until(team->t0 + RFL_TEST_SLOW_THREAD_FACTOR * busy);
            busy *= RFL_TEST_SLOW_THREAD_FACTOR;
        }
        if (busy < b->best) {
            b->best = busy;
            /* two clocks of their own granularity: a share may read a hair over 1 */
            const double share = (rfl_thread_cpu_s() - b->cpu0) / busy;
            b->best_on_cpu = share > 1 ? 1 : share;
        }
    }
#pragma omp barrier
#pragma omp master
    {
        team->own_elapsed = rfl_now_s() - team->t0;
        if (team->slow_factor > 1) {
            /* RFL_TEST_SLOW_RANK (testing only): this rank waits until
             * its sample took FACTOR times its kernel's time, asleep: a
             * spinning rank took CPU time from the others on an
             * oversubscribed machine and slowed them down with it. */
            rfl_sleep_until(team->t0 + team->slow_factor * team->own_elapsed);
            team->own_elapsed = rfl_now_s() - team->t0;
        }
        rfl_mpi_barrier();
        /* one broadcast: the time and whether to stop */
        double v[2] = {rfl_now_s() - team->t0, rfl_interrupted() ? 1.0 : 0.0};
        rfl_mpi_bcast_double(v, 2);
        team->elapsed = v[0];
        team->interrupted = v[1] != 0.0;
    }
#pragma omp barrier
    return team->elapsed;
}

double *rfl_team_rank_stats(const double *own, unsigned experiments)
{
    double sorted[1000];
    const unsigned n = experiments < 1000 ? experiments : 1000;
    memcpy(sorted, own, n * sizeof *sorted);
    struct rfl_stats st;
    rfl_stats_compute(sorted, n, &st);
    const double mine[3] = {st.min, st.median, st.max};
    return rfl_mpi_gather_doubles(mine, 3);
}

void rfl_team_busy_begin(struct rfl_team *team)
{
    struct rfl_team_busy *b = &team->busy[omp_get_thread_num()];
    b->best = INFINITY;
    b->best_on_cpu = NAN;
    b->on = 1;
}

void rfl_team_busy_end(struct rfl_team *team) { team->busy[omp_get_thread_num()].on = 0; }

const double *rfl_team_busy_gather(const struct rfl_team *team, unsigned active, const double **on_cpu)
{
    /* per rank: its busy times, then its on-CPU shares; one gather */
    const int n = team->threads;
    double *mine = team->busy_send;
    for (int t = 0; t < n; t++) {
        const int ran = (unsigned)t < active && isfinite(team->busy[t].best);
        mine[t] = ran ? team->busy[t].best : NAN;
        mine[n + t] = ran ? team->busy[t].best_on_cpu : NAN;
    }
    double *all = rfl_mpi_gather_doubles(mine, 2 * n);
    for (int r = 0; all && team->busy_all && r < team->ranks; r++) {
        memcpy(team->busy_all + (size_t)r * n, all + (size_t)r * 2 * n, (size_t)n * sizeof *all);
        memcpy(team->on_cpu_all + (size_t)r * n, all + (size_t)r * 2 * n + n, (size_t)n * sizeof *all);
    }
    free(all);
    if (on_cpu)
        *on_cpu = team->on_cpu_all;
    return team->busy_all;
}

char **rfl_team_thread_labels(const struct rfl_team *team)
{
    size_t len = (size_t)team->threads * 112 + 32;
    char *mine = calloc(1, len);
    for (int t = 0; mine && t < team->threads; t++) {
        /* binding: "cpuN/bind=..." */
        const char *cpu = team->binding[t];
        size_t n = strcspn(cpu, "/");
        if (!strncmp(cpu, "cpu", 3) && n > 3) {
            cpu += 3;
            n -= 3;
        } else {
            cpu = "?";
            n = 1;
        }
        size_t used = strlen(mine);
        snprintf(mine + used, len - used, "%srank%d.t%d@%.*s", t ? " " : "", rfl_mpi_rank(), t, (int)n, cpu);
    }
    char *all = rfl_mpi_gather_strings(mine ? mine : "", " ");
    free(mine);
    if (rfl_mpi_rank() != 0) {
        free(all);
        return NULL;
    }
    size_t count = (size_t)team->ranks * (size_t)team->threads;
    char **labels = calloc(count ? count : 1, sizeof *labels);
    char *save = NULL;
    size_t i = 0;
    for (char *tok = labels && all ? strtok_r(all, " ", &save) : NULL; tok && i < count;
         tok = strtok_r(NULL, " ", &save))
        labels[i++] = strdup(tok);
    free(all);
    return labels;
}

void rfl_team_labels_free(const struct rfl_team *team, char **labels)
{
    if (!labels)
        return;
    for (size_t i = 0; i < (size_t)team->ranks * (size_t)team->threads; i++)
        free(labels[i]);
    free(labels);
}

void rfl_team_measure_barriers(struct rfl_team *team, int reps)
{
    double best_omp = INFINITY, best_mpi = INFINITY, best_sample = INFINITY;
    for (int rep = 0; rep < 3; rep++) {
        double t = 0;
#pragma omp barrier
#pragma omp master
        t = rfl_now_s();
        for (int i = 0; i < reps; i++) {
#pragma omp barrier
        }
#pragma omp master
        {
            double omp = (rfl_now_s() - t) / reps;
            t = rfl_now_s();
            for (int i = 0; i < reps; i++)
                rfl_mpi_barrier();
            double mpi = (rfl_now_s() - t) / reps;
            best_omp = omp < best_omp ? omp : best_omp;
            best_mpi = mpi < best_mpi ? mpi : best_mpi;
        }
        double sum = 0;
        for (int i = 0; i < reps / 10; i++) {
            rfl_team_sample_begin(team);
            sum += rfl_team_sample_end(team);
        }
#pragma omp master
        if (sum / (reps / 10) < best_sample)
            best_sample = sum / (reps / 10);
    }
#pragma omp master
    {
        /* Rank 0's figures are the job's: every rank took part in each barrier. */
        double v[3] = {best_omp * 1e6, best_mpi * 1e6, best_sample * 1e6};
        rfl_mpi_bcast_double(v, 3);
        team->omp_barrier_us = v[0];
        team->mpi_barrier_us = v[1];
        team->sample_overhead_us = v[2];
    }
#pragma omp barrier
}

void rfl_team_describe(const struct rfl_team *team, json_t *meta)
{
    size_t len = (size_t)team->threads * 112 + 32;
    char *mine = calloc(1, len);
    for (int t = 0; mine && t < team->threads; t++) {
        size_t used = strlen(mine);
        snprintf(mine + used, len - used, "%srank%d.t%d=%s", t ? "\n" : "", rfl_mpi_rank(), t, team->binding[t]);
    }
    char *bindings = rfl_mpi_gather_strings(mine ? mine : "", "\n");
    char *placement = rfl_mpi_placement();
    free(mine);
    if (meta) {
        json_t *threads = json_array();
        for (char *line = bindings ? strtok(bindings, "\n") : NULL; line; line = strtok(NULL, "\n"))
            json_array_append_new(threads, json_string(line));
        char source[160];
        if (team->bind)
            snprintf(source, sizeof source, "rfl: hwloc, one core per thread");
        else {
            const char *places = getenv("OMP_PLACES");
            snprintf(source, sizeof source, "OpenMP: OMP_PROC_BIND=%s OMP_PLACES=%s", getenv("OMP_PROC_BIND"),
                     places ? places : "(unset)");
        }
        json_object_set_new(meta, "ranks", json_integer(team->ranks));
        json_object_set_new(meta, "threads_per_rank", json_integer(team->threads));
        json_object_set_new(meta, "rank_placement", json_string(placement ? placement : ""));
        json_object_set_new(meta, "binding", json_pack("{s:s, s:o}", "source", source, "threads", threads));
        if (team->hosts_from_test)
            json_object_set_new(meta, "host_names", json_string("RFL_TEST_HOSTS (testing only)"));
        if (getenv("RFL_TEST_SLOW_RANK"))
            json_object_set_new(meta, "test_slow_rank", json_string(getenv("RFL_TEST_SLOW_RANK")));
        json_object_set_new(meta, "barrier_overhead",
                            json_pack("{s:f, s:f, s:f}", "omp_barrier_us", team->omp_barrier_us, "mpi_barrier_us",
                                      team->mpi_barrier_us, "sample_overhead_us", team->sample_overhead_us));
    }
    free(bindings);
    free(placement);
}
