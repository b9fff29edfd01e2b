/* Which of the run's threads share FMA units (see smt_probe.h). */
#include "config.h"
#include "smt_probe.h"
#include "verify.h"
#include "cpu/team.h"
#include "cpu/topo.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/timer.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

#define PROBE_FPE 256                           /* 128 FMAs per element loaded: FMA-bound */
#define PROBE_ELEMS (4 * RFL_FL_ELEM_QUANTUM)   /* 8 KiB of fp64: in L1 */
#define PROBE_SAMPLES 2                         /* the best of, per measurement */
#define PROBE_MAX_TRIALS (1ull << 40)

const char *const rfl_fl_smt_mode_names[RFL_FL_NSMT_MODE + 1] = {"auto", "on", "off", NULL};

int rfl_fl_smt_shared(double pair_ratio)
{
    return pair_ratio < RFL_FL_SMT_SHARED_BELOW; /* NaN: not shared */
}

size_t rfl_fl_smt_group(size_t n, rfl_fl_pair_ratio_fn ratio, void *ctx, int *group, size_t *tests)
{
    size_t offsets[RFL_FL_SMT_MAX_OFFSETS], noff = 0, ntests = 0;
    *tests = 0;
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        group[i] = -1;
    /* The first CPU against every other: its siblings, and the offsets at
     * which this machine numbers a CPU's siblings. */
    group[0] = 0;
    for (size_t j = 1; j < n; j++) {
        ntests++;
        if (rfl_fl_smt_shared(ratio(ctx, 0, j))) {
            group[j] = 0;
            if (noff < RFL_FL_SMT_MAX_OFFSETS)
                offsets[noff++] = j;
        }
    }
    /* Every CPU not yet placed leads a set; its candidates are at the same
     * offsets, each confirmed by its own test. */
    int next = 1;
    for (size_t i = 1; i < n; i++) {
        if (group[i] >= 0)
            continue;
        group[i] = next;
        for (size_t k = 0; k < noff; k++) {
            size_t j = i + offsets[k];
            if (j >= n || group[j] >= 0)
                continue;
            ntests++;
            if (rfl_fl_smt_shared(ratio(ctx, i, j)))
                group[j] = next;
        }
        next++;
    }
    *tests = ntests;
    return (size_t)next;
}

static int hypervisor(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return (int)(ecx >> 31 & 1);
#endif
    return 0;
}

/* Where the job's threads run, the same on every rank. */
struct cpu_slot {
    int node, pu, core; /* node index, OS CPU number, hwloc core (logical index) */
    int rep;            /* the lowest job thread on it: it runs the probe's kernel there */
};
struct rfl_fl_smt_layout {
    int njob;
    int *node, *pu, *core; /* per job thread */
    int *slot;             /* per job thread: its CPU in slots */
    struct cpu_slot *slots; /* distinct CPUs, by node then CPU number */
    size_t nslots;
    size_t *node_first;    /* slots of node k: node_first[k] .. node_first[k+1] - 1 */
    int nnodes;
};

static void layout_free(struct rfl_fl_smt_layout *L)
{
    if (!L)
        return;
    free(L->node);
    free(L->pu);
    free(L->core);
    free(L->slot);
    free(L->slots);
    free(L->node_first);
    free(L);
}

static int cmp_slots(const void *a, const void *b)
{
    const struct cpu_slot *x = a, *y = b;
    if (x->node != y->node)
        return x->node < y->node ? -1 : 1;
    return x->pu < y->pu ? -1 : x->pu > y->pu;
}

/* Rank 0 parses every rank's "host pu:core ..." line into node, pu, core
 * per job thread (vals, 3 a thread); 0 where a rank has another count. */
static int parse_lines(char *all, int ranks, int threads, int *vals)
{
    char **hosts = calloc((size_t)ranks, sizeof *hosts);
    int nhosts = 0, ok = hosts != NULL, r = 0;
    char *save = NULL;
    for (char *line = all ? strtok_r(all, "\n", &save) : NULL; ok && line; line = strtok_r(NULL, "\n", &save), r++) {
        char *save2 = NULL, *host = strtok_r(line, " ", &save2);
        int node = -1, t = 0;
        for (int h = 0; host && h < nhosts; h++)
            if (strcmp(hosts[h], host) == 0)
                node = h;
        if (!host || r >= ranks)
            ok = 0;
        else if (node < 0) {
            hosts[nhosts] = host;
            node = nhosts++;
        }
        for (char *tok = strtok_r(NULL, " ", &save2); ok && tok; tok = strtok_r(NULL, " ", &save2), t++) {
            int pu, core;
            if (t >= threads || sscanf(tok, "%d:%d", &pu, &core) != 2) {
                ok = 0;
                break;
            }
            int *v = vals + 3 * ((size_t)r * threads + t);
            v[0] = node, v[1] = pu, v[2] = core;
        }
        if (t != threads)
            ok = 0;
    }
    free(hosts);
    return ok && r == ranks;
}

/* The master of every rank: gathers where every job thread runs and builds
 * the same layout on every rank. NULL where it cannot (then nothing is known). */
static struct rfl_fl_smt_layout *exchange(struct rfl_fl_smt *s)
{
    const int ranks = s->ranks, threads = s->threads;
    char host[128] = "host";
    gethostname(host, sizeof host - 1);
    host[strcspn(host, " \n")] = '\0';
    size_t len = strlen(host) + (size_t)threads * 24 + 2;
    char *mine = malloc(len);
    if (mine) {
        size_t used = (size_t)snprintf(mine, len, "%s", host[0] ? host : "host");
        for (int t = 0; t < threads; t++)
            used += (size_t)snprintf(mine + used, len - used, " %d:%d", s->pu[t], s->core[t]);
    }
    char *all = rfl_mpi_gather_strings(mine ? mine : "", "\n");
    free(mine);
    const size_t njob = (size_t)ranks * (size_t)threads;
    int *vals = calloc(3 * njob, sizeof *vals);
    int ok = vals != NULL;
    if (rfl_mpi_rank() == 0)
        ok = ok && parse_lines(all, ranks, threads, vals);
    free(all);
    ok = rfl_mpi_max_int(!ok) == 0;
    if (ok)
        rfl_mpi_bcast_int(vals, (int)(3 * njob));
    struct rfl_fl_smt_layout *L = ok ? calloc(1, sizeof *L) : NULL;
    if (L) {
        L->njob = (int)njob;
        L->node = malloc(njob * sizeof *L->node);
        L->pu = malloc(njob * sizeof *L->pu);
        L->core = malloc(njob * sizeof *L->core);
        L->slot = malloc(njob * sizeof *L->slot);
        L->slots = malloc(njob * sizeof *L->slots);
        L->node_first = calloc(njob + 1, sizeof *L->node_first);
    }
    if (!L || !L->node || !L->pu || !L->core || !L->slot || !L->slots || !L->node_first) {
        free(vals);
        layout_free(L);
        return NULL;
    }
    for (size_t g = 0; g < njob; g++) {
        L->node[g] = vals[3 * g], L->pu[g] = vals[3 * g + 1], L->core[g] = vals[3 * g + 2];
        if (L->node[g] + 1 > L->nnodes)
            L->nnodes = L->node[g] + 1;
    }
    free(vals);
    /* Distinct CPUs; a CPU's representative is its lowest job thread. */
    for (size_t g = 0; g < njob; g++) {
        size_t k;
        for (k = 0; k < L->nslots; k++)
            if (L->slots[k].node == L->node[g] && L->slots[k].pu == L->pu[g])
                break;
        if (k == L->nslots)
            L->slots[L->nslots++] = (struct cpu_slot){L->node[g], L->pu[g], L->core[g], (int)g};
    }
    qsort(L->slots, L->nslots, sizeof *L->slots, cmp_slots);
    for (size_t g = 0; g < njob; g++)
        for (size_t k = 0; k < L->nslots; k++)
            if (L->slots[k].node == L->node[g] && L->slots[k].pu == L->pu[g])
                L->slot[g] = (int)k;
    for (int node = 0, k = 0; node <= L->nnodes; node++) {
        while ((size_t)k < L->nslots && L->slots[k].node < node)
            k++;
        L->node_first[node] = (size_t)k;
    }
    return L;
}

/* The master of every rank, on the layout: hwloc's count, and whether the
 * probe runs (the same decision on every rank). */
static int classify(struct rfl_fl_smt *s, const struct rfl_fl_smt_layout *L, int have_kernel)
{
    s->source = "none";
    for (int g = 0; g < L->njob; g++)
        if (L->pu[g] < 0 || L->core[g] < 0) {
            snprintf(s->reason, sizeof s->reason,
                     "the threads are not each bound to one CPU (OMP_PROC_BIND with wider places): the peak counts "
                     "min(threads, cores) per rank, as hwloc shows them");
            return 0;
        }
    s->group = malloc((size_t)L->njob * sizeof *s->group);
    int *slot_group = malloc((L->nslots ? L->nslots : 1) * sizeof *slot_group);
    if (!s->group || !slot_group) {
        free(slot_group);
        return 0;
    }
    unsigned sets = 0;
    for (size_t k = 0; k < L->nslots; k++) {
        slot_group[k] = -1;
        for (size_t j = 0; j < k && slot_group[k] < 0; j++)
            if (L->slots[j].node == L->slots[k].node && L->slots[j].core == L->slots[k].core)
                slot_group[k] = slot_group[j];
        if (slot_group[k] < 0)
            slot_group[k] = (int)sets++;
    }
    for (int g = 0; g < L->njob; g++)
        s->group[g] = slot_group[L->slot[g]];
    free(slot_group);
    s->source = "hwloc";
    s->logical = (unsigned)L->nslots;
    s->physical = s->hwloc_physical = sets;
    int pairs = 0;
    for (int node = 0; node < L->nnodes; node++)
        pairs |= L->node_first[node + 1] - L->node_first[node] >= 2;
    if (s->physical < s->logical)
        snprintf(s->reason, sizeof s->reason, "hwloc: the %u CPUs the threads run on are %u core%s (the PUs of one "
                 "core share its FMA units)", s->logical, s->physical, s->physical == 1 ? "" : "s");
    else
        snprintf(s->reason, sizeof s->reason, "hwloc: the %u CPU%s the threads run on %s %u core%s", s->logical,
                 s->logical == 1 ? "" : "s", s->logical == 1 ? "is" : "are", s->physical, s->physical == 1 ? "" : "s");
    if (s->mode == RFL_FL_SMT_OFF)
        return 0;
    if (s->mode == RFL_FL_SMT_AUTO && !(s->hypervisor && s->physical == s->logical)) {
        if (s->physical == s->logical)
            strncat(s->reason, "; not a virtual machine, so hwloc's cores are trusted (no probe)",
                    sizeof s->reason - strlen(s->reason) - 1);
        return 0;
    }
    if (!pairs || !have_kernel) {
        strncat(s->reason, pairs ? "; no FMA kernel to probe with" : "; one CPU per node: no pair to probe",
                sizeof s->reason - strlen(s->reason) - 1);
        return 0;
    }
    return 1;
}

/* One thread's view of the probe (every thread computes the same). */
struct probe_ctx {
    struct rfl_team *team;
    struct rfl_fl_smt *s;
    const struct rfl_fl_smt_layout *L;
    int me;                 /* this thread's job index */
    rfl_fl_fn fn;
    struct rfl_fl_work w;
    uint64_t applied, trials;
    size_t first;           /* the node's first slot */
    double *single;         /* per slot: one thread's rate alone (NaN: not yet) */
    double *ratio;          /* every pair's final ratio, in test order */
    int *shared;
    size_t nlog;
};

/* The CPU time thread `g` of the job spent in this sample's kernel, on
 * every rank (the master's, between barriers). */
static double runner_seconds(const struct probe_ctx *c, int slot)
{
    const int g = c->L->slots[slot].rep;
    const double mine = g / c->s->threads == rfl_mpi_rank() ? c->s->cpu_s[g % c->s->threads] : 0.0;
    return rfl_mpi_max_double(mine);
}

/* One team sample in which the representatives of slots a and b (b < 0:
 * only a) run the kernel. Returns its wall seconds; *rate gets the flop/s of
 * the runners, each over its own thread's CPU time, so another process
 * that takes a CPU for a while does not count, while a sibling that
 * shares the FMA units halves it. The same on every thread. */
static double sample(struct probe_ctx *c, int a, int b, double *rate)
{
    struct rfl_fl_smt *s = c->s;
    const int tid = c->me % s->threads;
    const int run = c->me == c->L->slots[a].rep || (b >= 0 && c->me == c->L->slots[b].rep);
    c->w.trials = c->trials;
    c->w.first_trial = c->applied;
    rfl_team_sample_begin(c->team);
    if (run) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        c->fn(&c->w);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        s->cpu_s[tid] = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    }
    double t = rfl_team_sample_end(c->team);
    if (run)
        c->applied += c->trials;
#pragma omp master
    {
        const double flops = (double)PROBE_ELEMS * PROBE_FPE * (double)c->trials;
        const double ta = runner_seconds(c, a), tb = b >= 0 ? runner_seconds(c, b) : 0.0;
        s->rate = (ta > 0 ? flops / ta : 0.0) + (tb > 0 ? flops / tb : 0.0);
    }
#pragma omp barrier
    *rate = s->rate;
#pragma omp barrier
    return t;
}

/* The best rate (flop/s) of PROBE_SAMPLES samples; NaN once stopped. */
static double measure(struct probe_ctx *c, int a, int b)
{
    if (c->s->stop)
        return NAN;
    double best = 0;
    for (int k = 0; k < PROBE_SAMPLES; k++) {
        double rate;
        sample(c, a, b, &rate);
        best = rate > best ? rate : best;
    }
#pragma omp master
    c->s->stop = rfl_interrupt_agree(c->s->stop, &c->s->stop_status);
#pragma omp barrier
    return c->s->stop ? NAN : best;
}

static double ratio_of(struct probe_ctx *c, size_t a, size_t b, int fresh)
{
    const int sa = (int)(c->first + a), sb = (int)(c->first + b);
    if (fresh || isnan(c->single[sa]))
        c->single[sa] = measure(c, sa, -1);
    if (fresh || isnan(c->single[sb]))
        c->single[sb] = measure(c, sb, -1);
    double pair = measure(c, sa, sb);
    return 2.0 * pair / (c->single[sa] + c->single[sb]);
}

static double pair_ratio(void *ctx, size_t a, size_t b)
{
    struct probe_ctx *c = ctx;
    double r = ratio_of(c, a, b, 0);
    if (c->s->forced_ratio > 0 && !isnan(r))
        r = c->s->forced_ratio; /* tests: RFL_TEST_SMT_PAIR_RATIO */
    else if (rfl_fl_smt_shared(r)) {
        /* Shared only if a second look, all three measured back to back,
         * agrees: another process on one of the CPUs during the pair's
         * samples alone would pass for a sibling. */
        double again = ratio_of(c, a, b, 1);
        r = isnan(again) ? NAN : again > r ? again : r;
    }
    c->ratio[c->nlog] = r;
    c->shared[c->nlog++] = rfl_fl_smt_shared(r);
    return r;
}

static double median_of(const double *v, const int *shared, size_t n, int want)
{
    double *x = malloc((n ? n : 1) * sizeof *x);
    size_t m = 0;
    for (size_t i = 0; x && i < n; i++)
        if (shared[i] == want && isfinite(v[i]))
            x[m++] = v[i];
    for (size_t i = 1; i < m; i++)
        for (size_t j = i; j > 0 && x[j - 1] > x[j]; j--) {
            double t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    double r = !m ? NAN : m % 2 ? x[m / 2] : 0.5 * (x[m / 2 - 1] + x[m / 2]);
    free(x);
    return r;
}

/* Every thread: the probe over every node in turn; the master keeps the result. */
static void run_probe(struct rfl_team *team, struct rfl_fl_smt *s, const struct rfl_fl_smt_layout *L, int tid,
                      void *base, rfl_fl_fn fn)
{
    struct probe_ctx c;
    memset(&c, 0, sizeof c);
    c.team = team, c.s = s, c.L = L, c.fn = fn;
    c.me = rfl_mpi_rank() * s->threads + tid;
    c.w.a = base;
    c.w.n = PROBE_ELEMS;
    rfl_fl_coefficients(&c.w, PROBE_FPE);
    rfl_fl_fill(RFL_FP64, &c.w);
    const size_t n = L->nslots;
    c.single = malloc(n * sizeof *c.single);
    /* At most n - 1 tests from the first CPU and the offsets' from every other. */
    c.ratio = malloc((1 + RFL_FL_SMT_MAX_OFFSETS) * n * sizeof *c.ratio);
    c.shared = malloc((1 + RFL_FL_SMT_MAX_OFFSETS) * n * sizeof *c.shared);
    int *group = malloc(n * sizeof *group), *slot_group = malloc(n * sizeof *slot_group);
    int ok = c.single && c.ratio && c.shared && group && slot_group;
    /* Every thread allocated alike or the probe is skipped by all. */
#pragma omp master
    s->stop = 0;
    s->bad[tid] = !ok;
#pragma omp barrier
#pragma omp master
    {
        long long failed = 0;
        for (int t = 0; t < s->threads; t++)
            failed += s->bad[t];
        s->stop = rfl_mpi_sum_ll(failed) != 0;
    }
#pragma omp barrier
    unsigned sets = 0;
    size_t tests = 0;
    if (!s->stop) {
        for (size_t k = 0; k < n; k++)
            c.single[k] = NAN;
        /* Trials for one sample of sample_s, on the first CPU alone. */
        c.trials = 1;
        double rate;
        while (sample(&c, 0, -1, &rate) < s->sample_s && c.trials < PROBE_MAX_TRIALS)
            c.trials *= 2;
        for (int node = 0; node < L->nnodes; node++) {
            c.first = L->node_first[node];
            size_t t = 0, count = L->node_first[node + 1] - c.first;
            size_t g = rfl_fl_smt_group(count, pair_ratio, &c, group + c.first, &t);
            for (size_t k = 0; k < count; k++)
                slot_group[c.first + k] = (int)sets + group[c.first + k];
            sets += (unsigned)g;
            tests += t;
        }
        /* The check: every element after an odd number of trials. */
        if (c.applied && !(c.applied & 1)) {
            c.w.trials = 1;
            c.w.first_trial = c.applied;
            c.fn(&c.w);
            c.applied++;
        }
        struct rfl_fl_mismatch mm;
        s->bad[tid] = c.applied ? (long long)rfl_fl_check(RFL_FP64, &c.w, c.applied, &mm) : 0;
    }
#pragma omp barrier
#pragma omp master
    {
        long long bad = 0;
        for (int t = 0; t < s->threads; t++)
            bad += s->bad[t];
        bad = rfl_mpi_sum_ll(bad);
        s->ran = !s->stop;
        s->verified = s->ran && bad == 0;
        if (s->stop)
            strncat(s->reason, "; the probe was stopped before it finished", sizeof s->reason - strlen(s->reason) - 1);
        else if (bad) {
            strncat(s->reason, "; the probe's results failed verification and are not used",
                    sizeof s->reason - strlen(s->reason) - 1);
            rfl_warn("FMA-unit probe: %lld wrong values after its samples: its finding is not used", bad);
        } else {
            s->source = "probe";
            s->pairs = tests;
            s->physical = sets;
            for (int g = 0; g < L->njob; g++)
                s->group[g] = slot_group[L->slot[g]];
            s->ratio_shared = median_of(c.ratio, c.shared, c.nlog, 1);
            s->ratio_separate = median_of(c.ratio, c.shared, c.nlog, 0);
            char a[32] = "", b[32] = "";
            if (isfinite(s->ratio_shared))
                snprintf(a, sizeof a, "%.2f", s->ratio_shared);
            if (isfinite(s->ratio_separate))
                snprintf(b, sizeof b, "%.2f", s->ratio_separate);
            if (s->physical < s->logical)
                snprintf(s->reason, sizeof s->reason,
                         "probe: two threads on sibling CPUs ran the FMA kernel at %s x one thread's rate%s%s%s, so "
                         "the %u CPUs the threads run on are %u set%s of FMA units (hwloc shows %u cores%s)",
                         a, b[0] ? " (other pairs at " : "", b, b[0] ? " x)" : "", s->logical, s->physical,
                         s->physical == 1 ? "" : "s", s->hwloc_physical, s->hypervisor ? " under a hypervisor" : "");
            else
                snprintf(s->reason, sizeof s->reason,
                         "probe: every pair of the %u CPUs the threads run on ran the FMA kernel at %s x one "
                         "thread's rate (%u pair%s): no two share FMA units",
                         s->logical, b[0] ? b : "?", (unsigned)tests, tests == 1 ? "" : "s");
            if (s->forced_ratio > 0)
                strncat(s->reason, " [pair ratios set by RFL_TEST_SMT_PAIR_RATIO]",
                        sizeof s->reason - strlen(s->reason) - 1);
        }
    }
#pragma omp barrier
    free(c.single);
    free(c.ratio);
    free(c.shared);
    free(group);
    free(slot_group);
}

void rfl_fl_smt_probe(struct rfl_fl_smt *s, struct rfl_team *team, const struct rfl_topo *t, enum rfl_fl_isa isa,
                      int tid, void *base)
{
    hwloc_topology_t topo = t->topology;
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    s->pu[tid] = s->core[tid] = -1;
    if (set && hwloc_get_cpubind(topo, set, HWLOC_CPUBIND_THREAD) == 0 && hwloc_bitmap_weight(set) == 1) {
        hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(topo, (unsigned)hwloc_bitmap_first(set));
        hwloc_obj_t core = pu ? hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu) : NULL;
        s->pu[tid] = pu ? (int)pu->os_index : -1;
        s->core[tid] = core ? (int)core->logical_index : pu ? (int)pu->logical_index : -1;
    }
    if (set)
        hwloc_bitmap_free(set);
    rfl_fl_fn fn = isa != RFL_FL_NISA ? rfl_fl_simd_lookup(isa, RFL_FP64, 16) : NULL;
    if (!fn)
        fn = rfl_fl_ref_lookup(RFL_FP64, PROBE_FPE);
#pragma omp barrier
#pragma omp master
    {
        s->elapsed_s = rfl_now_s();
        s->hypervisor = hypervisor();
        s->layout = exchange(s);
        s->probing = s->layout ? classify(s, s->layout, fn != NULL) : 0;
        if (!s->layout)
            snprintf(s->reason, sizeof s->reason, "the threads' places could not be gathered");
    }
#pragma omp barrier
    if (s->probing)
        run_probe(team, s, s->layout, tid, base, fn);
#pragma omp master
    s->elapsed_s = rfl_now_s() - s->elapsed_s;
}

int rfl_fl_smt_init(struct rfl_fl_smt *s, int mode, int quick, int ranks, int threads)
{
    memset(s, 0, sizeof *s);
    s->mode = mode;
    s->sample_s = quick ? 0.01 : 0.02;
    s->source = "none";
    s->ratio_shared = s->ratio_separate = NAN;
    const char *forced = getenv("RFL_TEST_SMT_PAIR_RATIO");
    s->forced_ratio = forced ? strtod(forced, NULL) : 0.0;
    s->ranks = ranks;
    s->threads = threads;
    s->pu = calloc((size_t)threads, sizeof *s->pu);
    s->core = calloc((size_t)threads, sizeof *s->core);
    s->bad = calloc((size_t)threads, sizeof *s->bad);
    s->cpu_s = calloc((size_t)threads, sizeof *s->cpu_s);
    return s->pu && s->core && s->bad && s->cpu_s ? 0 : -1;
}

long long rfl_fl_smt_units(const struct rfl_fl_smt *s, unsigned active)
{
    const size_t njob = (size_t)s->ranks * (size_t)s->threads;
    char *seen = s->group && active ? calloc(njob ? njob : 1, 1) : NULL;
    if (!seen)
        return -1;
    const int threads = (int)active < s->threads ? (int)active : s->threads;
    long long count = 0;
    for (int r = 0; r < s->ranks && count >= 0; r++)
        for (int t = 0; t < threads; t++) {
            const int g = s->group[(size_t)r * s->threads + t];
            if (g < 0 || (size_t)g >= njob) {
                count = -1;
                break;
            }
            count += !seen[g];
            seen[g] = 1;
        }
    free(seen);
    return count;
}

static json_t *number_or_null(double v) { return isfinite(v) ? json_real(v) : json_null(); }

json_t *rfl_fl_smt_to_json(const struct rfl_fl_smt *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "source", json_string(s->source));
    json_object_set_new(o, "threads", json_integer((json_int_t)s->ranks * s->threads));
    json_object_set_new(o, "logical_cpus", s->logical ? json_integer(s->logical) : json_null());
    json_object_set_new(o, "physical", s->physical ? json_integer(s->physical) : json_null());
    json_object_set_new(o, "hwloc_cores", s->hwloc_physical ? json_integer(s->hwloc_physical) : json_null());
    json_object_set_new(o, "probe", json_string(rfl_fl_smt_mode_names[s->mode]));
    json_object_set_new(o, "probe_ran", json_boolean(s->ran));
    json_object_set_new(o, "hypervisor", json_boolean(s->hypervisor));
    json_object_set_new(o, "pairs_tested", json_integer((json_int_t)s->pairs));
    json_object_set_new(o, "pair_ratio_shared", number_or_null(s->ratio_shared));
    json_object_set_new(o, "pair_ratio_separate", number_or_null(s->ratio_separate));
    json_object_set_new(o, "shared_below", json_real(RFL_FL_SMT_SHARED_BELOW));
    json_object_set_new(o, "sample_s", json_real(s->sample_s));
    json_object_set_new(o, "elapsed_s", json_real(s->elapsed_s));
    json_object_set_new(o, "verified", s->ran ? json_boolean(s->verified) : json_null());
    json_object_set_new(o, "reason", json_string(s->reason));
    /* The OS CPU numbers of each set (node by node). */
    json_t *sets = json_array();
    const struct rfl_fl_smt_layout *L = s->layout;
    for (unsigned set = 0; L && s->group && set < s->physical; set++) {
        json_t *cpus = json_array();
        for (size_t k = 0; k < L->nslots; k++)
            if (s->group[L->slots[k].rep] == (int)set)
                json_array_append_new(cpus, json_integer(L->slots[k].pu));
        json_array_append_new(sets, cpus);
    }
    json_object_set_new(o, "cpu_sets", sets);
    return o;
}

void rfl_fl_smt_print(const struct rfl_fl_smt *s)
{
    if (rfl_mpi_rank() != 0)
        return;
    const long long threads = (long long)s->ranks * s->threads;
    if (s->ran || (s->physical && (long long)s->physical < threads))
        rfl_info("FMA units: %s; the peak counts %u set%s of FMA units for %lld thread%s", s->reason, s->physical,
                 s->physical == 1 ? "" : "s", threads, threads == 1 ? "" : "s");
}

void rfl_fl_smt_free(struct rfl_fl_smt *s)
{
    layout_free(s->layout);
    free(s->group);
    free(s->pu);
    free(s->core);
    free(s->bad);
    free(s->cpu_s);
    memset(s, 0, sizeof *s);
}
