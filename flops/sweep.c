/* The sweep of rfl_flops (Lo et al., Section 5): one OpenMP parallel region
 * for the whole run; every thread owns a static range of its rank's buffer,
 * first-touched inside the region; each timed sample is fenced by an OpenMP
 * and an MPI barrier and timed by rank 0's master thread. For each thread
 * count the core clock is measured first, with every active thread running
 * the add chain at once, so the theoretical peak of the rows that follow
 * uses the clock the cores keep with that many of them busy. */
#include "config.h"
#include "flops.h"
#include "cpu.h"
#include "kernels.h"
#include "verify.h"
#include "cpu/clock.h"
#include "cpu/buffer.h"
#include "common/interrupt.h"
#include "cpu/isa.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/size.h"
#include "common/stats.h"
#include "cpu/team.h"
#include "common/timer.h"
#include "schema/schema.h"
#include "cpu/topo.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BARRIER_REPS 1000
#define MAX_EXPERIMENTS 1000
#define MAX_CONFIGS (RFL_FL_NVARIANT * RFL_FL_NISA * RFL_NPRECISION * RFL_FL_NUNROLL)
#define MAX_THREAD_COUNTS 40
#define CLOCK_SECONDS 0.0005 /* short runs, many: their median ignores a preempted minority */
#define CLOCK_REPS 20
#define DEFAULT_FPE_TEXT "1:1024"
#define QUICK_FPE_TEXT "1,4,16,64,256,1024"

static const char *const *const columns = rfl_schema_flops_columns; /* schema/flops.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_FLOPS_NCOLUMNS)

/* One kernel the sweep runs: a variant, its ISA, a precision, an unroll. */
struct config {
    enum rfl_fl_variant variant;
    enum rfl_fl_isa isa; /* RFL_FL_NISA for ref */
    enum rfl_precision prec;
    unsigned unroll;
};

/* The clock and peak of one thread count. */
struct group {
    unsigned threads;       /* per rank */
    long long cores_used;   /* job-wide */
    double ghz_mean, ghz_min, ghz_max, integer_ghz_mean;
    char *per_thread;       /* rank 0: "rankR.tT=GHz" of every thread, joined by spaces */
};

/* Everything the run decides before the parallel region. */
struct plan {
    struct rfl_team team;
    int ranks, threads, node_threads;
    struct config configs[MAX_CONFIGS];
    size_t nconfigs;
    unsigned fpe[RFL_FLOPS_MAX_FPE_VALUES];
    size_t nfpe;
    unsigned thread_counts[MAX_THREAD_COUNTS];
    size_t nthread_counts;
    double growth, min_time_s;
    unsigned experiments;
    int wss_default;               /* one point: wss_thread_default per thread */
    uint64_t wss_thread_default;   /* bytes per thread */
    uint64_t wss_min, wss_max;     /* whole job, with --wss */
    uint64_t *wss;                 /* the points of a --wss sweep */
    size_t nwss;
    size_t region_bytes;           /* per thread */
    struct rfl_topo topo;
    unsigned rank_cores;           /* cores this rank's threads may spread over */
    struct rfl_fl_cpu cpu;
    enum rfl_fl_isa peak_isa;      /* widest supported: sets the peak (RFL_FL_NISA: ref's) */
    unsigned peak_vector_bytes;
    int peak_fma;
    enum rfl_clock_load clock_load;
};

/* Shared between the threads of the region; written by the master thread. */
struct shared {
    int stop;
    struct rfl_fl_mismatch *mismatch; /* one per thread */
    double *ghz, *integer_ghz;        /* one per thread */
    double ghz_before;                /* the clock before the current row */
};

struct best {
    double gflops_per_s, fraction;
    unsigned threads, unroll, fpe;
};

static const char *isa_label(const struct config *c)
{
    return c->variant == RFL_FL_REF ? "c" : rfl_fl_isa_names[c->isa];
}

/* Vector width and FMA of the code a row ran (the model's input). */
static void row_code(const struct config *c, unsigned fpe, unsigned *vector_bytes, int *fma)
{
    if (c->variant == RFL_FL_REF) {
        *vector_bytes = rfl_fl_ref_compiled(fpe) ? rfl_fl_ref_vector_bytes() : rfl_precision_bytes(c->prec);
        *fma = rfl_fl_ref_has_fma();
    } else {
        *vector_bytes = rfl_fl_isa_vector_bytes(c->isa);
        *fma = rfl_fl_isa_has_fma(c->isa);
    }
}

static int make_plan(const struct rfl_flops_opts *o, struct plan *p)
{
    memset(p, 0, sizeof *p);
    if (rfl_topo_load(&p->topo) != 0)
        return RFL_EXIT_FAILURE;
    /* One thread per core by default: SMT siblings share the FMA pipes, so
     * they add nothing to the peak. */
    if (rfl_team_plan(&p->team, &p->topo, o->threads) != 0)
        return RFL_EXIT_FAILURE;
    p->rank_cores = p->team.rank_cores;
    p->ranks = p->team.ranks;
    p->threads = p->team.threads;
    p->node_threads = p->team.node_threads;

    /* Variants, ISAs, precisions, unrolls. "all" ISAs means all this CPU has. */
    unsigned isas = o->isas;
    if (isas == (1u << RFL_FL_NISA) - 1) {
        isas = 0;
        for (int i = 0; i < RFL_FL_NISA; i++)
            if (rfl_fl_isa_supported((enum rfl_fl_isa)i))
                isas |= 1u << i;
    }
    for (int i = 0; i < RFL_FL_NISA; i++)
        if ((isas >> i & 1) && !rfl_fl_isa_supported((enum rfl_fl_isa)i)) {
            char supported[64] = "";
            for (int j = 0; j < RFL_FL_NISA; j++)
                if (rfl_fl_isa_supported((enum rfl_fl_isa)j)) {
                    strncat(supported, supported[0] ? ", " : "", sizeof supported - strlen(supported) - 1);
                    strncat(supported, rfl_fl_isa_names[j], sizeof supported - strlen(supported) - 1);
                }
            rfl_error("option --isa: this CPU does not support '%s' (supported: %s)", rfl_fl_isa_names[i],
                      supported[0] ? supported : "none; only --variant ref runs here");
            return RFL_EXIT_USAGE;
        }
    enum rfl_fl_isa best = rfl_fl_isa_best();
    if (!isas && best != RFL_FL_NISA)
        isas = 1u << best;
    const int want_ref = o->variant == RFL_FL_REF || o->variant == RFL_FL_NVARIANT;
    const int want_simd = o->variant == RFL_FL_SIMD || o->variant == RFL_FL_NVARIANT;
    if (want_simd && !isas) {
        if (o->variant == RFL_FL_SIMD) {
            rfl_error("option --variant: this architecture has no simd variant (use --variant ref)");
            return RFL_EXIT_USAGE;
        }
        rfl_warn("no simd variant for this architecture: only ref runs");
    }
    unsigned precisions = o->precisions ? o->precisions : (1u << RFL_NPRECISION) - 1;
    unsigned unrolls = o->unrolls ? o->unrolls : (1u << RFL_FL_NUNROLL) - 1;
    for (int prec = 0; prec < RFL_NPRECISION; prec++) {
        if (!(precisions >> prec & 1))
            continue;
        if (want_ref)
            p->configs[p->nconfigs++] =
                (struct config){RFL_FL_REF, RFL_FL_NISA, (enum rfl_precision)prec, 1};
    }
    for (int isa = 0; isa < RFL_FL_NISA && want_simd; isa++)
        for (int prec = 0; prec < RFL_NPRECISION; prec++)
            for (int u = 0; u < RFL_FL_NUNROLL; u++)
                if ((isas >> isa & 1) && (precisions >> prec & 1) && (unrolls >> u & 1))
                    p->configs[p->nconfigs++] = (struct config){RFL_FL_SIMD, (enum rfl_fl_isa)isa,
                                                                (enum rfl_precision)prec, rfl_fl_unrolls[u]};

    /* FPE values. */
    if (o->nfpe) {
        memcpy(p->fpe, o->fpe, o->nfpe * sizeof *p->fpe);
        p->nfpe = o->nfpe;
    } else {
        rfl_flops_parse_fpe(o->quick ? QUICK_FPE_TEXT : DEFAULT_FPE_TEXT, p->fpe, RFL_FLOPS_MAX_FPE_VALUES,
                            &p->nfpe);
    }

    /* Thread counts: 1, 2, 4, ... and the full count. */
    if (o->thread_sweep)
        for (unsigned t = 1; t < (unsigned)p->threads && p->nthread_counts < MAX_THREAD_COUNTS - 1; t *= 2)
            p->thread_counts[p->nthread_counts++] = t;
    p->thread_counts[p->nthread_counts++] = (unsigned)p->threads;

    p->growth = o->growth ? o->growth : 2.0;
    p->min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.001 : 0.002;
    p->experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;

    /* Working sets. */
    const struct rfl_cache_level *l1 = rfl_topo_cache(&p->topo, 1);
    uint64_t l1_bytes = l1 && l1->size_bytes ? l1->size_bytes : 32768;
    p->wss_thread_default = l1_bytes / 2;
    uint64_t per_thread_max;
    unsigned fewest = p->thread_counts[0];
    if (o->wss[0]) {
        p->wss_min = o->wss[0];
        p->wss_max = o->wss[1];
        size_t cap = 16;
        p->wss = malloc(cap * sizeof *p->wss);
        for (double w = (double)p->wss_min;; w *= p->growth) {
            uint64_t v = w > (double)p->wss_max ? p->wss_max : (uint64_t)llround(w);
            if (p->nwss == cap)
                p->wss = realloc(p->wss, (cap *= 2) * sizeof *p->wss);
            p->wss[p->nwss++] = v;
            if (v >= p->wss_max)
                break;
        }
        per_thread_max = p->wss_max / ((uint64_t)p->ranks * fewest);
    } else {
        p->wss_default = 1;
        per_thread_max = p->wss_thread_default;
    }
    const uint64_t quantum_bytes = RFL_FL_ELEM_QUANTUM * sizeof(double);
    if (per_thread_max < quantum_bytes)
        per_thread_max = quantum_bytes;
    p->region_bytes = (size_t)((per_thread_max + RFL_HUGE_PAGE_BYTES - 1) / RFL_HUGE_PAGE_BYTES * RFL_HUGE_PAGE_BYTES);
    double mem_limit = o->mem_limit ? (double)o->mem_limit : 0.5 * rfl_buffer_available_memory();
    double node_bytes = (double)p->region_bytes * p->node_threads;
    if (node_bytes > mem_limit) {
        char a[32], b[32];
        rfl_error("option --wss: buffers need %s per node, above the memory limit of %s "
                  "(lower --wss or raise --mem-limit)",
                  rfl_format_size((uint64_t)node_bytes, a, sizeof a),
                  rfl_format_size((uint64_t)mem_limit, b, sizeof b));
        return RFL_EXIT_USAGE;
    }

    /* The peak: the widest ISA this CPU runs, or ref's code where no simd
     * variant exists. */
    rfl_fl_cpu_detect(&p->cpu);
    p->peak_isa = best;
    if (best != RFL_FL_NISA) {
        p->peak_vector_bytes = rfl_fl_isa_vector_bytes(best);
        p->peak_fma = rfl_fl_isa_has_fma(best);
    } else {
        p->peak_vector_bytes = rfl_fl_ref_vector_bytes();
        p->peak_fma = rfl_fl_ref_has_fma();
    }
    if (o->fma_units)
        rfl_fl_cpu_override_fma(&p->cpu, o->fma_units, p->peak_vector_bytes);
    p->clock_load = best == RFL_FL_AVX512 ? RFL_CLOCK_AVX512 : best == RFL_FL_AVX2 ? RFL_CLOCK_AVX2
                                                                                  : RFL_CLOCK_INTEGER;

    return RFL_EXIT_OK;
}

/* One timed sample (see team.h). Threads with no kernel (beyond the active
 * count of a thread sweep) only take part in the barriers. */
static double timed_sample(struct rfl_team *team, rfl_fl_fn fn, const struct rfl_fl_work *w)
{
    rfl_team_sample_begin(team);
    if (fn)
        fn(w);
    return rfl_team_sample_end(team);
}

/* The clock of every active thread's core, all measured at once; the
 * master folds them into `g` (job-wide: every rank's threads count). */
static void measure_clock(const struct plan *p, struct shared *sh, int tid, unsigned active, struct group *g)
{
#pragma omp barrier
#pragma omp master
    rfl_mpi_barrier();
#pragma omp barrier
    if ((unsigned)tid < active) {
        sh->ghz[tid] = rfl_clock_ghz(p->clock_load, CLOCK_SECONDS, CLOCK_REPS);
        sh->integer_ghz[tid] = p->clock_load == RFL_CLOCK_INTEGER
                                   ? sh->ghz[tid]
                                   : rfl_clock_ghz(RFL_CLOCK_INTEGER, CLOCK_SECONDS / 2, CLOCK_REPS);
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
        g->threads = active;
        g->cores_used = rfl_mpi_sum_ll((long long)cores);
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

static double peak_gflops(const struct plan *p, const struct group *g, unsigned vector_bytes, int fma,
                          enum rfl_precision prec)
{
    return (double)g->cores_used * g->ghz_mean * rfl_fl_flops_per_cycle(&p->cpu, vector_bytes, fma, prec);
}

static void print_summary(const struct plan *p, const struct best *best, const struct group *top)
{
    if (rfl_mpi_rank() != 0)
        return;
    fprintf(stderr, "%-20s %12s %9s %8s %7s %6s  %s\n", "best", "GFLOP/s", "of peak", "threads", "unroll",
            "FPE", "peak GFLOP/s");
    for (size_t i = 0; i < p->nconfigs; i++) {
        const struct config *c = &p->configs[i];
        /* One line per variant, ISA and precision: the best over unrolls. */
        size_t j;
        for (j = 0; j < i; j++)
            if (p->configs[j].variant == c->variant && p->configs[j].isa == c->isa &&
                p->configs[j].prec == c->prec)
                break;
        if (j < i)
            continue;
        const struct best *b = NULL;
        for (size_t k = i; k < p->nconfigs; k++)
            if (p->configs[k].variant == c->variant && p->configs[k].isa == c->isa &&
                p->configs[k].prec == c->prec && best[k].gflops_per_s > 0 &&
                (!b || best[k].gflops_per_s > b->gflops_per_s))
                b = &best[k];
        if (!b)
            continue;
        char name[64], frac[16] = "-";
        snprintf(name, sizeof name, "%s %s %s", rfl_fl_variant_names[c->variant], isa_label(c),
                 rfl_precision_names[c->prec]);
        if (b->fraction > 0)
            snprintf(frac, sizeof frac, "%.3f", b->fraction);
        fprintf(stderr, "%-20s %12.1f %9s %8u %7u %6u  %.1f\n", name, b->gflops_per_s, frac, b->threads,
                b->unroll, b->fpe, peak_gflops(p, top, p->peak_vector_bytes, p->peak_fma, c->prec));
    }
}

static json_t *uint_array(const unsigned *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

int rfl_flops_run(const struct rfl_flops_opts *o)
{
    struct plan p;
    int rc = make_plan(o, &p);
    if (rc != RFL_EXIT_OK) {
        free(p.wss);
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return rc;
    }
    int root = rfl_mpi_rank() == 0;

    size_t buffer_bytes = p.region_bytes * (size_t)p.threads;
    int madvise_ok;
    char *buffer = rfl_buffer_alloc(buffer_bytes, &madvise_ok);
    if (!buffer) {
        free(p.wss);
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return RFL_EXIT_FAILURE;
    }

    const struct rfl_session_spec out_spec = {.program = "rfl_flops", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS};
    struct rfl_session out;
    if (rfl_session_open(&out, &out_spec) != 0) {
        free(buffer);
        free(p.wss);
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return RFL_EXIT_FAILURE;
    }

    struct shared sh;
    memset(&sh, 0, sizeof sh);
    sh.mismatch = calloc((size_t)p.threads, sizeof *sh.mismatch);
    sh.ghz = calloc((size_t)p.threads, sizeof *sh.ghz);
    sh.integer_ghz = calloc((size_t)p.threads, sizeof *sh.integer_ghz);
    struct best *best = calloc(p.nconfigs ? p.nconfigs : 1, sizeof *best);
    struct group groups[MAX_THREAD_COUNTS + 1];
    memset(groups, 0, sizeof groups);
    size_t ngroups = 0, above_rows = 0;
    double above_max = 0;

#pragma omp parallel num_threads(p.threads)
    {
        const int tid = omp_get_thread_num();
        rfl_team_enter(&p.team, &p.topo, tid);
        char *base = buffer + (size_t)tid * p.region_bytes;
        /* First touch: each thread's pages come from its own NUMA node. */
        memset(base, 0, p.region_bytes);
        rfl_team_measure_barriers(&p.team, o->quick ? BARRIER_REPS / 5 : BARRIER_REPS);

        for (size_t tc = 0; tc < p.nthread_counts && !sh.stop; tc++) {
            const unsigned active = p.thread_counts[tc];
            measure_clock(&p, &sh, tid, active, &groups[tc]);
#pragma omp master
            ngroups = tc + 1;
            const struct group *g = &groups[tc];
            const uint64_t job_threads = (uint64_t)p.ranks * active;
            const int node_threads = rfl_mpi_local_size() * (int)active;

            for (size_t ci = 0; ci < p.nconfigs && !sh.stop; ci++) {
                const struct config *c = &p.configs[ci];
                const size_t elem = rfl_precision_bytes(c->prec);
                size_t last_n = 0;
                for (size_t wi = 0; wi < (p.wss_default ? 1 : p.nwss) && !sh.stop; wi++) {
                    uint64_t per_thread = p.wss_default ? p.wss_thread_default : p.wss[wi] / job_threads;
                    size_t n = (size_t)(per_thread / elem) / RFL_FL_ELEM_QUANTUM * RFL_FL_ELEM_QUANTUM;
                    if (n < RFL_FL_ELEM_QUANTUM)
                        n = RFL_FL_ELEM_QUANTUM;
                    if (n == last_n)
                        continue; /* rounding mapped two working sets to one */
                    last_n = n;

                    for (size_t fi = 0; fi < p.nfpe && !sh.stop; fi++) {
                        const unsigned fpe = p.fpe[fi];
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
                        uint64_t applied = 0, trials = 1;

                        /* Double the trials until one sample is long enough to time. */
                        for (;;) {
                            w.trials = trials;
                            w.first_trial = applied;
                            double t = timed_sample(&p.team, fn, &w);
                            applied += trials;
                            if (t >= p.min_time_s || trials >= (1ull << 40))
                                break;
                            trials *= 2;
                        }
                        /* A calibration sample stretched by preemption stops the
                         * doubling early; samples that then come out far below
                         * the minimum time are retaken with more trials. Every
                         * thread sees the same times, so all decide alike. */
                        double times[MAX_EXPERIMENTS];
                        for (int attempt = 0;; attempt++) {
                            double shortest = INFINITY;
                            for (unsigned e = 0; e < p.experiments; e++) {
                                w.first_trial = applied;
                                times[e] = timed_sample(&p.team, fn, &w);
                                applied += trials;
                                shortest = times[e] < shortest ? times[e] : shortest;
                            }
                            if (shortest >= 0.5 * p.min_time_s || attempt >= 3 || trials >= (1ull << 40))
                                break;
                            while (shortest < p.min_time_s && trials < (1ull << 40)) {
                                trials *= 2;
                                shortest *= 2;
                            }
                            w.trials = trials;
                        }
                        /* An odd count of trials leaves every element away from
                         * its start value: a skipped element shows. */
                        if (!(applied & 1)) {
                            w.trials = 1;
                            w.first_trial = applied;
                            if (fn)
                                fn(&w);
                            applied++;
                        }
                        /* The clock drifts under sustained vector load (power
                         * and thermal limits, other tenants of a shared host):
                         * it is measured again right after the samples, and
                         * the row is judged against the mean of the clocks
                         * just before it (after the previous row, or at the
                         * thread count's start) and just after it. */
#pragma omp master
                        sh.ghz_before = g->ghz_mean;
                        measure_clock(&p, &sh, tid, active, &groups[tc]);
                        if (o->inject_fault && tid == 0) {
                            if (c->prec == RFL_FP64)
                                ((double *)w.a)[n / 2] += 2.0;
                            else
                                ((float *)w.a)[n / 2] += 2.0f;
                        }
                        if (fn)
                            rfl_fl_check(c->prec, &w, applied, &sh.mismatch[tid]);
                        else
                            memset(&sh.mismatch[tid], 0, sizeof sh.mismatch[tid]);
#pragma omp barrier
#pragma omp master
                        {
                            long long bad = 0;
                            const struct rfl_fl_mismatch *first = NULL;
                            for (unsigned t = 0; t < active; t++) {
                                bad += (long long)sh.mismatch[t].count;
                                if (sh.mismatch[t].count && !first)
                                    first = &sh.mismatch[t];
                            }
                            if (first)
                                rfl_error_all("verification failed: %s %s %s unroll %u, FPE %u, %zu elements "
                                              "per thread, %llu trials: %lld wrong values; first a[%zu] = %.17g, "
                                              "expected %.17g",
                                              rfl_fl_variant_names[c->variant], isa_label(c),
                                              rfl_precision_names[c->prec], c->unroll, fpe, n,
                                              (unsigned long long)applied, bad, first->index, first->got,
                                              first->expected);
                            bad = rfl_mpi_sum_ll(bad);
                            if (bad) {
                                sh.stop = 1;
                                out.status = RFL_EXIT_VERIFY;
                                snprintf(out.failure, sizeof out.failure, "%s %s %s unroll %u FPE %u: %lld wrong values",
                                         rfl_fl_variant_names[c->variant], isa_label(c),
                                         rfl_precision_names[c->prec], c->unroll, fpe, bad);
                            } else if (root) {
                                struct rfl_stats st;
                                rfl_stats_compute(times, p.experiments, &st);
                                const double flops = (double)job_threads * (double)n * fpe * (double)trials;
                                const unsigned bytes_per_elem =
                                    (rfl_fl_kernel.reads_per_elem + rfl_fl_kernel.writes_per_elem) * (unsigned)elem;
                                const double ai = (double)fpe / bytes_per_elem;
                                const double gflops = flops / st.min * 1e-9;
                                unsigned vb;
                                int fma;
                                row_code(c, fpe, &vb, &fma);
                                struct group rg = *g;
                                if (sh.ghz_before > 0 && g->ghz_mean > 0)
                                    rg.ghz_mean = 0.5 * (sh.ghz_before + g->ghz_mean);
                                const char *bound = "";
                                double model = (double)rg.cores_used * rg.ghz_mean *
                                               rfl_fl_model_flops_per_cycle(&p.cpu, vb, fma, c->prec, fpe, &bound);
                                double peak = peak_gflops(&p, &rg, p.peak_vector_bytes, p.peak_fma, c->prec);
                                double isa_peak = peak_gflops(&p, &rg, vb, fma, c->prec);
                                /* ref may be compiled wider than the simd ISA
                                 * that sets the peak (-march=native). */
                                if (isa_peak > peak)
                                    peak = isa_peak;
                                char level[16];
                                rfl_topo_level_name(&p.topo, node_threads, (uint64_t)n * elem, level, sizeof level);

                                rfl_csv_str(&out.csv, rfl_fl_variant_names[c->variant]);
                                rfl_csv_str(&out.csv, isa_label(c));
                                rfl_csv_str(&out.csv, rfl_precision_names[c->prec]);
                                rfl_csv_int(&out.csv, c->unroll);
                                rfl_csv_int(&out.csv, p.ranks);
                                rfl_csv_int(&out.csv, active);
                                rfl_csv_u64(&out.csv, (uint64_t)n * elem * job_threads);
                                rfl_csv_u64(&out.csv, (uint64_t)n * elem);
                                rfl_csv_u64(&out.csv, n);
                                rfl_csv_int(&out.csv, fpe);
                                rfl_csv_int(&out.csv, bytes_per_elem);
                                rfl_csv_double(&out.csv, ai);
                                rfl_csv_u64(&out.csv, trials);
                                rfl_csv_int(&out.csv, p.experiments);
                                rfl_csv_double(&out.csv, flops);
                                rfl_csv_double(&out.csv, st.min);
                                rfl_csv_double(&out.csv, st.median);
                                rfl_csv_double(&out.csv, st.max);
                                rfl_csv_double(&out.csv, gflops);
                                rfl_csv_double(&out.csv, flops / st.median * 1e-9);
                                rfl_csv_double(&out.csv, flops / st.max * 1e-9);
                                rfl_csv_double(&out.csv, gflops / ai);
                                double fraction = 0;
                                if (peak > 0) {
                                    fraction = gflops / peak;
                                    /* Odd FPE may pass the FMA peak on cores with
                                     * separate add pipes; the model knows how far. */
                                    const int above = gflops > peak && gflops > model;
                                    rfl_csv_double(&out.csv, peak);
                                    rfl_csv_double(&out.csv, fraction);
                                    rfl_csv_int(&out.csv, above);
                                    if (above) {
                                        above_rows++;
                                        above_max = fraction > above_max ? fraction : above_max;
                                    }
                                } else {
                                    rfl_csv_str(&out.csv, "");
                                    rfl_csv_str(&out.csv, "");
                                    rfl_csv_str(&out.csv, "");
                                }
                                if (model > 0)
                                    rfl_csv_double(&out.csv, model);
                                else
                                    rfl_csv_str(&out.csv, "");
                                rfl_csv_int(&out.csv, 1);
                                rfl_csv_str(&out.csv, level);
                                rfl_csv_str(&out.csv, c->variant == RFL_FL_SIMD ? "intrinsics"
                                                  : rfl_fl_ref_compiled(fpe) ? "unrolled" : "loop");
                                if (rg.ghz_mean > 0)
                                    rfl_csv_double(&out.csv, rg.ghz_mean);
                                else
                                    rfl_csv_str(&out.csv, "");
                                rfl_csv_int(&out.csv, g->cores_used);
                                if (isa_peak > 0) {
                                    rfl_csv_double(&out.csv, isa_peak);
                                    rfl_csv_double(&out.csv, gflops / isa_peak);
                                } else {
                                    rfl_csv_str(&out.csv, "");
                                    rfl_csv_str(&out.csv, "");
                                }
                                rfl_csv_str(&out.csv, model > 0 ? bound : "");
                                rfl_csv_end_row(&out.csv);

                                if (gflops > best[ci].gflops_per_s)
                                    best[ci] = (struct best){gflops, fraction, active, c->unroll, fpe};
                                rfl_progress("%s %s %s u%u  %u threads  FPE %u  %.1f GFLOP/s",
                                             rfl_fl_variant_names[c->variant], isa_label(c),
                                             rfl_precision_names[c->prec], c->unroll, active, fpe, gflops);
                            }
                            sh.stop = rfl_interrupt_agree(sh.stop, &out.status);
                        }
#pragma omp barrier
                    }
                }
            }
        }
        /* The clock again at the end, every thread busy: did it drift? */
        if (!sh.stop)
            measure_clock(&p, &sh, tid, (unsigned)p.threads, &groups[MAX_THREAD_COUNTS]);
    }
    double elapsed = rfl_session_stop(&out);
    rfl_team_leave(&p.team, &p.topo);
    rfl_team_describe(&p.team, out.meta);

    const struct group *top = ngroups ? &groups[ngroups - 1] : &groups[0];
    const struct group *end = &groups[MAX_THREAD_COUNTS];
    json_t *meta = rfl_session_outcome(&out);
    if (meta) {
        json_object_set_new(meta, "thread_counts", uint_array(p.thread_counts, p.nthread_counts));
        json_object_set_new(meta, "topology", rfl_topo_to_json(&p.topo));
        json_object_set_new(meta, "cpu", rfl_fl_cpu_to_json(&p.cpu));

        json_t *groups_json = json_array();
        for (size_t i = 0; i < ngroups; i++) {
            json_t *per_thread = json_array();
            for (char *tok = groups[i].per_thread ? strtok(groups[i].per_thread, " ") : NULL; tok;
                 tok = strtok(NULL, " "))
                json_array_append_new(per_thread, json_string(tok));
            json_array_append_new(groups_json,
                                  json_pack("{s:i, s:I, s:f, s:f, s:f, s:f, s:o}", "threads_per_rank",
                                            (int)groups[i].threads, "cores_used", (json_int_t)groups[i].cores_used,
                                            "ghz_mean", groups[i].ghz_mean, "ghz_min", groups[i].ghz_min,
                                            "ghz_max", groups[i].ghz_max, "integer_ghz_mean",
                                            groups[i].integer_ghz_mean, "per_thread", per_thread));
        }
        json_t *clock = json_pack("{s:s, s:s, s:f, s:i, s:o}", "method", rfl_clock_method(), "load",
                                  rfl_clock_load_names[p.clock_load], "seconds_per_run", CLOCK_SECONDS, "runs",
                                  CLOCK_REPS, "groups", groups_json);
        if (end->threads)
            json_object_set_new(clock, "end",
                                json_pack("{s:i, s:f, s:f}", "threads_per_rank", (int)end->threads, "ghz_mean",
                                          end->ghz_mean, "integer_ghz_mean", end->integer_ghz_mean));
        else
            json_object_set_new(clock, "end", json_null());
        json_object_set_new(meta, "clock", clock);

        json_t *per_prec = json_object();
        for (int prec = 0; prec < RFL_NPRECISION; prec++) {
            double fpc = rfl_fl_flops_per_cycle(&p.cpu, p.peak_vector_bytes, p.peak_fma, (enum rfl_precision)prec);
            json_object_set_new(per_prec, rfl_precision_names[prec],
                                json_pack("{s:f, s:f}", "flops_per_cycle_per_core", fpc, "gflops_per_s",
                                          (double)top->cores_used * top->ghz_mean * fpc));
        }
        json_object_set_new(
            meta, "peak",
            json_pack("{s:s, s:i, s:b, s:I, s:f, s:o, s:s}", "isa",
                      p.peak_isa == RFL_FL_NISA ? rfl_fl_ref_target() : rfl_fl_isa_names[p.peak_isa],
                      "vector_bits", (int)p.peak_vector_bytes * 8, "fma", p.peak_fma, "cores_used",
                      (json_int_t)top->cores_used, "clock_ghz", top->ghz_mean, "precisions", per_prec, "formula",
                      "cores_used x clock_ghz (measured, all threads busy) x flops_per_cycle_per_core "
                      "(2 x FMA pipes x lanes with FMA)"));
        json_object_set_new(
            meta, "model",
            json_pack("{s:s, s:s}", "description",
                      "issue-rate model of Lo et al. Section 5.3: per vector of the kernel, 1 load, 1 store, "
                      "FPE/2 FMAs (or a multiply and an add each without FMA) and 1 add for odd FPE; cycles = "
                      "max(FP instructions over the FP pipes, loads over load ports, stores over store ports); "
                      "ref rows use the build's vector width for compiled FPE values and scalar code for the "
                      "loop form",
                      "formula", "cores_used x clock_ghz x FPE x lanes / cycles per vector"));
        json_object_set_new(
            meta, "verification",
            json_pack("{s:s, s:f, s:s}", "scheme",
                      "start values 0/1 (hash of the index); beta0 = -FPE/2, alpha = 1, gamma = -(FPE/2+1) "
                      "(FPE 1: +1/-1 by trial parity): each trial swaps 0 and 1 (FPE 1: adds 1, subtracts 1); "
                      "checked after an odd number of trials",
                      "tolerance", 0.0, "note",
                      "every intermediate is an integer below 2^24: exact in fp32 and fp64, fused or not"));
        unsigned compiled[11];
        for (unsigned k = 0; k <= 10; k++)
            compiled[k] = 1u << k;
        json_t *unrolls = json_array(), *isas = json_array();
        for (size_t i = 0; i < p.nconfigs; i++) {
            const struct config *c = &p.configs[i];
            if (c->variant != RFL_FL_SIMD)
                continue;
            json_t *u = json_integer(c->unroll);
            size_t k;
            for (k = 0; k < json_array_size(unrolls); k++)
                if (json_integer_value(json_array_get(unrolls, k)) == (json_int_t)c->unroll)
                    break;
            if (k == json_array_size(unrolls))
                json_array_append(unrolls, u);
            json_decref(u);
            for (k = 0; k < json_array_size(isas); k++)
                if (strcmp(json_string_value(json_array_get(isas, k)), rfl_fl_isa_names[c->isa]) == 0)
                    break;
            if (k == json_array_size(isas))
                json_array_append_new(isas, json_string(rfl_fl_isa_names[c->isa]));
        }
        json_object_set_new(
            meta, "kernels",
            json_pack("{s:s, s:i, s:i, s:{s:s, s:i, s:b, s:o, s:s}, s:{s:o, s:o, s:i}}", "formula",
                      rfl_fl_kernel.formula, "reads_per_elem", (int)rfl_fl_kernel.reads_per_elem, "writes_per_elem",
                      (int)rfl_fl_kernel.writes_per_elem, "ref", "target", rfl_fl_ref_target(), "vector_bits", (int)rfl_fl_ref_vector_bytes() * 8,
                      "fma", rfl_fl_ref_has_fma(), "compiled_fpe", uint_array(compiled, 11), "other_fpe",
                      "a loop over the polynomial's degree", "simd", "isas", isas, "unrolls", unrolls,
                      "chains_to_cover_fma_latency",
                      (int)(p.cpu.fma_latency_cycles *
                            p.cpu.fma_per_cycle[rfl_fl_width_index(p.peak_vector_bytes)])));
        json_t *sweep = json_pack("{s:o, s:f, s:i, s:f, s:f}", "fpe", uint_array(p.fpe, p.nfpe), "min_time_s",
                                  p.min_time_s, "experiments", (int)p.experiments, "timer_resolution_s",
                                  rfl_timer_resolution_s(), "elapsed_s", elapsed);
        if (p.wss_default) {
            json_object_set_new(sweep, "wss_bytes_per_thread", json_integer((json_int_t)p.wss_thread_default));
        } else {
            json_object_set_new(sweep, "wss_min_bytes", json_integer((json_int_t)p.wss_min));
            json_object_set_new(sweep, "wss_max_bytes", json_integer((json_int_t)p.wss_max));
            json_object_set_new(sweep, "growth", json_real(p.growth));
        }
        json_object_set_new(meta, "sweep", sweep);
        json_object_set_new(meta, "huge_pages", rfl_buffer_hugepages_json(madvise_ok, buffer_bytes));
        json_object_set_new(meta, "above_peak_rows", json_integer((json_int_t)above_rows));
    }
    rfl_session_commit(&out);
    if (root) {

        rfl_info("%s, %s; clock %.3f GHz with %u threads per rank (%s load), %lld cores: peak %.1f GFLOP/s fp64",
                 p.cpu.uarch, p.peak_isa == RFL_FL_NISA ? rfl_fl_ref_target() : rfl_fl_isa_names[p.peak_isa],
                 top->ghz_mean, top->threads, rfl_clock_load_names[p.clock_load], top->cores_used,
                 peak_gflops(&p, top, p.peak_vector_bytes, p.peak_fma, RFL_FP64));
        if (!p.cpu.known || p.cpu.fma_units_override)
            rfl_info("peak assumption: %s%s", p.cpu.assumption,
                     p.cpu.fma_units_override ? " (FMA units set by --fma-units)" : "");
        if (out.csv.rows)
            print_summary(&p, best, top);
        if (above_rows)
            rfl_warn("%zu rows exceed the theoretical peak (up to %.3f x): the cores most likely ran above the "
                     "measured clock during those samples (turbo), or the CPU has more FMA units than assumed "
                     "(--fma-units)",
                     above_rows, above_max);
        if (end->threads && top->threads == end->threads && top->ghz_mean > 0 &&
            fabs(end->ghz_mean / top->ghz_mean - 1.0) > 0.05)
            rfl_warn("the clock moved during the run: %.3f GHz before the %u-thread rows, %.3f GHz at the end",
                     top->ghz_mean, top->threads, end->ghz_mean);
    }
    int exit_code = rfl_session_close(&out);
    for (size_t i = 0; i <= MAX_THREAD_COUNTS; i++)
        free(groups[i].per_thread);
    free(best);
    free(sh.mismatch);
    rfl_team_free(&p.team);
    free(sh.ghz);
    free(sh.integer_ghz);
    free(buffer);
    free(p.wss);
    rfl_topo_free(&p.topo);
    return exit_code;
}
