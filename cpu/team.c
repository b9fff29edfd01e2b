#include "config.h"
#include "team.h"
#include "balance.h"
#include "layout.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/stats.h"
#include "common/timer.h"

#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first `count` cores that intersect `set`, from the `skip`-th on
 * (wrapping), their PUs within `set` into `out`; returns how many. */
static unsigned take_cores(hwloc_topology_t topo, hwloc_const_cpuset_t set, unsigned skip, unsigned count,
                           hwloc_bitmap_t out)
{
    const int n = hwloc_get_nbobjs_inside_cpuset_by_type(topo, set, HWLOC_OBJ_CORE);
    hwloc_bitmap_zero(out);
    if (n <= 0) { /* no cores known: the PUs themselves */
        hwloc_bitmap_copy(out, set);
        return (unsigned)hwloc_bitmap_weight(set);
    }
    unsigned got = 0;
    for (unsigned i = 0; i < count && i < (unsigned)n; i++) {
        hwloc_obj_t core = hwloc_get_obj_inside_cpuset_by_type(topo, set, HWLOC_OBJ_CORE, (skip + i) % (unsigned)n);
        hwloc_bitmap_t pus = hwloc_bitmap_dup(core->cpuset);
        hwloc_bitmap_and(pus, pus, set);
        hwloc_bitmap_or(out, out, pus);
        hwloc_bitmap_free(pus);
        got++;
    }
    return got;
}

/* The union of every local rank's binding, from their lists joined by ';'. */
static void union_of(const char *lists, hwloc_bitmap_t out)
{
    hwloc_bitmap_zero(out);
    char *work = lists ? strdup(lists) : NULL, *save = NULL;
    hwloc_bitmap_t one = hwloc_bitmap_alloc();
    for (char *tok = work && one ? strtok_r(work, ";", &save) : NULL; tok; tok = strtok_r(NULL, ";", &save))
        if (hwloc_bitmap_list_sscanf(one, tok) == 0)
            hwloc_bitmap_or(out, out, one);
    hwloc_bitmap_free(one);
    free(work);
}

/* Where this rank's threads run (see team.h): fills team->use, source and
 * narrow. Collective over the node. */
static int place(struct rfl_team *team, const struct rfl_topo *topo, struct rfl_layout_share *share)
{
    hwloc_topology_t t = topo->topology;
    char key[512], host[256] = "", bound[256] = "";
    gethostname(host, sizeof host - 1);
    hwloc_bitmap_list_snprintf(bound, sizeof bound, topo->allowed);
    snprintf(key, sizeof key, "%s@%s", bound, host);
    int peer_index, peer_count;
    rfl_mpi_peers(key, &peer_index, &peer_count); /* the ranks started on the same CPUs */
    char *bindings = rfl_mpi_local_allgather_strings(bound, ";");
    team->use = hwloc_bitmap_alloc();
    hwloc_bitmap_t others = hwloc_bitmap_alloc(), busy = hwloc_bitmap_alloc();
    if (!bindings || !team->use || !others || !busy) {
        free(bindings);
        hwloc_bitmap_free(others);
        hwloc_bitmap_free(busy);
        return RFL_EXIT_FAILURE;
    }
    const unsigned bound_cores = topo->allowed_cores;
    const char *how;
    if (getenv("OMP_PROC_BIND")) {
        hwloc_bitmap_copy(team->use, topo->allowed);
        how = "OpenMP (OMP_PROC_BIND)";
    } else if (peer_count > 1 && hwloc_bitmap_isincluded(share->cpuset, topo->allowed)) {
        hwloc_bitmap_copy(team->use, share->cpuset);
        how = "fair share";
    } else if (peer_count > 1) {
        /* a shared binding that does not hold the share: split it among its ranks */
        const unsigned each = bound_cores / (unsigned)peer_count ? bound_cores / (unsigned)peer_count : 1;
        take_cores(t, topo->allowed, (unsigned)peer_index * each, each, team->use);
        how = "the launcher's shared binding, split";
    } else if (bound_cores >= share->cores) {
        hwloc_bitmap_copy(team->use, topo->allowed);
        how = hwloc_bitmap_isequal(topo->allowed, share->cpuset) ? "fair share"
              : rfl_launcher_kind_of_env() == RFL_LAUNCHER_UNKNOWN ? "inherited binding"
                                                                  : "the launcher's binding";
    } else if (rfl_launcher_kind_of_env() == RFL_LAUNCHER_UNKNOWN) {
        /* narrower, but not by an MPI launcher (taskset, numactl): the user's choice */
        hwloc_bitmap_copy(team->use, topo->allowed);
        how = "inherited binding";
    } else {
        /* Narrower than its share: widen when the share's other CPUs (those no
         * rank of this job was bound to) are idle. */
        union_of(bindings, others);
        hwloc_bitmap_andnot(others, share->cpuset, others);
        if (rfl_layout_busy_cpus(others, busy, 0.05) == 0) {
            hwloc_bitmap_copy(team->use, share->cpuset);
            how = "widened from the launcher's binding";
        } else {
            hwloc_bitmap_copy(team->use, topo->allowed);
            team->narrow = 1;
            how = "launcher, narrower than its share";
        }
    }
    snprintf(team->source, sizeof team->source, "%s", how);
    free(bindings);
    hwloc_bitmap_free(others);
    hwloc_bitmap_free(busy);
    team->rank_cores = (unsigned)hwloc_get_nbobjs_inside_cpuset_by_type(t, team->use, HWLOC_OBJ_CORE);
    if (team->rank_cores < 1)
        team->rank_cores = (unsigned)hwloc_bitmap_weight(team->use) > 0 ? (unsigned)hwloc_bitmap_weight(team->use) : 1;
    return 0;
}

/* Rank 0: one line with the launcher's options that give each rank its share. */
static void advise(const struct rfl_layout_share *share)
{
    const enum rfl_launcher_kind kind = rfl_launcher_kind_of_env();
    char buf[256], *words[8], line[320] = "";
    size_t n = rfl_launcher_binding_words(kind, share->cores, share->per_domain, buf, sizeof buf, words, 8);
    for (size_t i = 0; i < n; i++) {
        strncat(line, " ", sizeof line - strlen(line) - 1);
        strncat(line, words[i], sizeof line - strlen(line) - 1);
    }
    rfl_warn("the launcher bound ranks to fewer cores than their share of this node (%u cores each) and other "
             "processes use the rest: measuring them as bound; for %u rank%s x %u cores, start %s -n %u%s",
             share->cores, share->nranks, share->nranks == 1 ? "" : "s", share->cores,
             kind == RFL_LAUNCHER_SLURM ? "srun" : kind == RFL_LAUNCHER_OPEN_MPI ? "mpirun" : "mpiexec",
             share->nranks, n ? line : " with each rank bound to that many cores");
}

int rfl_team_load(struct rfl_team *team, struct rfl_topo *topo, unsigned requested)
{
    if (rfl_topo_load(topo) != 0)
        return RFL_EXIT_FAILURE;
    return rfl_team_plan(team, topo, requested);
}

int rfl_team_plan(struct rfl_team *team, const struct rfl_topo *topo, unsigned requested)
{
    memset(team, 0, sizeof *team);
    struct rfl_layout_share share;
    if (rfl_layout_plan(topo->topology, hwloc_topology_get_allowed_cpuset(topo->topology),
                        (unsigned)rfl_mpi_local_size(), (unsigned)rfl_mpi_local_rank(), &share) != 0) {
        rfl_error_all("hwloc finds no core this process may use");
        return RFL_EXIT_FAILURE;
    }
    int rc = place(team, topo, &share);
    rfl_layout_describe_rule(&share, team->rule, sizeof team->rule);
    if (rfl_mpi_max_int(team->narrow) && rfl_mpi_rank() == 0)
        advise(&share);
    rfl_layout_share_free(&share);
    /* every rank runs as many threads as the rank with the fewest cores */
    const int fewest = rfl_mpi_min_int(rc == 0 ? (int)team->rank_cores : INT_MAX);
    if (rc != 0)
        return rc;
    if (requested)
        omp_set_num_threads((int)requested);
    else if (!getenv("OMP_NUM_THREADS"))
        omp_set_num_threads(fewest);
    team->ranks = rfl_mpi_size();
    team->threads = omp_get_max_threads();
    team->node_threads = rfl_mpi_local_size() * team->threads;
    if ((unsigned)team->node_threads > topo->cores)
        rfl_warn("oversubscribed: %d threads on %u cores of this node; the rates measure the "
                 "scheduler as much as the machine", team->node_threads, topo->cores);
    team->bind = getenv("OMP_PROC_BIND") == NULL;
    if (rfl_mpi_rank() == 0)
        team->hosts = calloc((size_t)team->ranks, sizeof *team->hosts);
    rc = rfl_test_slow_rank(&team->slow_factor);
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
    team->window_rate = calloc((size_t)team->threads * RFL_TEAM_MAX_WINDOWS, sizeof *team->window_rate);
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
    return team->binding && (team->hosts || rfl_mpi_rank() != 0) && team->busy && team->busy_send && team->window_rate &&
                   ((team->busy_all && team->on_cpu_all) || rfl_mpi_rank() != 0)
               ? 0
               : RFL_EXIT_FAILURE;
}

void rfl_team_free(struct rfl_team *team)
{
    if (team->use)
        hwloc_bitmap_free(team->use);
    team->use = NULL;
    free(team->binding);
    free(team->busy);
    free(team->busy_send);
    free(team->window_rate);
    team->window_rate = NULL;
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
    if (team->bind) {
        /* one PU of the tid-th core (wrapping when oversubscribed): the
         * scheduler must not move it between SMT siblings */
        hwloc_bitmap_t set = hwloc_bitmap_alloc();
        if (set && take_cores(topo->topology, team->use, (unsigned)tid, 1, set) > 0) {
            hwloc_bitmap_singlify(set);
            hwloc_set_cpubind(topo->topology, set, HWLOC_CPUBIND_THREAD);
        }
        hwloc_bitmap_free(set);
    }
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

int rfl_team_uneven(struct rfl_team *team, unsigned active)
{
#pragma omp barrier
#pragma omp master
    {
        const double *busy = rfl_team_busy_gather(team, active, NULL); /* collective */
        int v[1] = {0};
        if (busy) {
            double ratio = rfl_balance_point_ratio(busy, (size_t)team->ranks * (size_t)team->threads, NULL);
            v[0] = ratio < RFL_BALANCE_SLOW;
        }
        rfl_mpi_bcast_int(v, 1);
        team->uneven = v[0];
    }
#pragma omp barrier
    return team->uneven;
}

double rfl_team_sustained(struct rfl_team *team, double window_s, unsigned parts, double (*rep)(void *ctx), void *ctx,
                          double work)
{
    const int tid = omp_get_thread_num();
    parts = parts < 1 ? 1 : parts > RFL_TEAM_MAX_WINDOWS ? RFL_TEAM_MAX_WINDOWS : parts;
    double *mine = team->window_rate + (size_t)tid * RFL_TEAM_MAX_WINDOWS;
    rfl_team_sample_begin(team);
    for (unsigned k = 0; k < parts; k++) {
        mine[k] = 0;
        if (!rep)
            continue;
        const double t0 = rfl_now_s();
        double excluded = 0, own;
        uint64_t reps = 0;
        do {
            excluded += rep(ctx);
            reps++;
            own = rfl_now_s() - t0 - excluded;
        } while (own < window_s / parts);
        mine[k] = (double)reps * work / own;
    }
    rfl_team_sample_end(team);
#pragma omp master
    {
        double job[RFL_TEAM_MAX_WINDOWS];
        for (unsigned k = 0; k < parts; k++) {
            double sum = 0;
            for (int t = 0; t < team->threads; t++)
                sum += team->window_rate[(size_t)t * RFL_TEAM_MAX_WINDOWS + k];
            job[k] = rfl_mpi_sum_double(sum);
        }
        struct rfl_stats st;
        rfl_stats_compute(job, parts, &st); /* sorts */
        team->sustained = st.max;
        team->sustained_median = st.median;
    }
#pragma omp barrier
    return team->sustained;
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

/* Collective: rank 0's "layout" object (NULL elsewhere). */
static json_t *layout_json(const struct rfl_team *team, const struct rfl_topo *topo)
{
    char host[256] = "", cpus[256] = "", bound[256] = "", numa[64], packages[64];
    gethostname(host, sizeof host - 1);
    hwloc_bitmap_list_snprintf(cpus, sizeof cpus, team->use);
    hwloc_bitmap_list_snprintf(bound, sizeof bound, topo->allowed);
    rfl_layout_where(topo->topology, team->use, numa, sizeof numa, packages, sizeof packages);
    json_t *mine = json_pack("{s:i, s:o, s:s, s:i, s:s, s:s, s:s, s:s}", "rank", rfl_mpi_rank(), "host",
                             rfl_json_text(host), "cpus", cpus, "cores", (int)team->rank_cores, "numa", numa,
                             "packages", packages, "source", team->source, "launcher_cpus", bound);
    char *text = mine ? json_dumps(mine, JSON_COMPACT) : NULL;
    json_decref(mine);
    char *all = rfl_mpi_gather_strings(text ? text : "{}", "\n");
    free(text);
    if (!all)
        return NULL;
    struct rfl_layout_node node;
    rfl_layout_node_read(topo->topology, hwloc_topology_get_allowed_cpuset(topo->topology), &node);
    json_t *ranks = json_array();
    for (char *save = NULL, *line = strtok_r(all, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_t *one = json_loads(line, 0, NULL);
        json_array_append_new(ranks, one ? one : json_object());
    }
    free(all);
    return json_pack("{s:{s:i, s:i, s:i, s:i}, s:i, s:s, s:i, s:o}", "node", "cores", (int)node.cores, "pus",
                     (int)node.pus, "numa_domains", (int)node.domains, "packages", (int)node.packages,
                     "ranks_per_node", rfl_mpi_local_size(), "rule", team->rule, "threads_per_rank", team->threads,
                     "ranks", ranks);
}

void rfl_team_describe(const struct rfl_team *team, const struct rfl_topo *topo, json_t *meta)
{
    json_t *layout = layout_json(team, topo);
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
        json_object_set_new(meta, "layout", layout ? layout : json_null());
        layout = NULL;
        if (team->hosts_from_test)
            json_object_set_new(meta, "host_names", json_string("RFL_TEST_HOSTS (testing only)"));
        if (getenv("RFL_TEST_SLOW_RANK"))
            json_object_set_new(meta, "test_slow_rank", json_string(getenv("RFL_TEST_SLOW_RANK")));
        json_object_set_new(meta, "barrier_overhead",
                            json_pack("{s:f, s:f, s:f}", "omp_barrier_us", team->omp_barrier_us, "mpi_barrier_us",
                                      team->mpi_barrier_us, "sample_overhead_us", team->sample_overhead_us));
    }
    json_decref(layout);
    free(bindings);
    free(placement);
}
