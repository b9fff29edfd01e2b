/* The working-set sweep of rfl_bandwidth (Lo et al., Section 4, Fig. 1 right):
 * one OpenMP parallel region for the whole run; every thread owns a static
 * range of its rank's buffer, first-touched inside the region; each timed
 * sample is fenced by an OpenMP and an MPI barrier and timed by rank 0's
 * master thread. */
#include "config.h"
#include "bandwidth.h"
#include "kernels.h"
#include "budget_plan.h"
#include "remote.h"
#include "memory.h"
#include "verify.h"
#include "cpu/balance.h"
#include "cpu/buffer.h"
#include "cpu/noise.h"
#include "common/budget.h"
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

/* Gaps between arrays, so a[i], b[i] and c[i] do not share a 4 KiB offset. */
#define ARRAY_PAD_BYTES 256
#define BARRIER_REPS 1000

static const char *const *const columns = rfl_schema_bandwidth_columns; /* schema/bandwidth.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_BANDWIDTH_NCOLUMNS)

/* Everything the run decides before the parallel region. */
struct plan {
    struct rfl_team team; /* the job: ranks, threads (per rank), node_threads */
    unsigned kernels, precisions, isas;
    double growth, min_time_s;
    unsigned experiments;
    uint64_t wss_min, wss_max;     /* whole job */
    int wss_default;               /* the range is the default one (no --wss) */
    uint64_t wss_extension_max;    /* the default range may extend to this (memory.h); else wss_max */
    struct rfl_bw_llc_hint llc_hint;
    size_t region_bytes;           /* per thread, a multiple of 2 MiB: room for wss_extension_max */
    size_t touch_bytes;            /* per thread, first touched before the sweep: room for wss_max */
    int remote;                    /* measure the remote-memory curve (remote.h) */
    struct rfl_topo topo;
};

/* Shared between the threads of the region; written by the master thread. */
struct shared {
    int stop;                         /* interrupted, or a wrong value */
    int go, end_curve, end_sweep;     /* the budget's decisions (budget_plan.h) */
    unsigned experiments;             /* of the current curve */
    double min_time_s;
    struct rfl_bw_mismatch *mismatch; /* one per thread */
    int moved_failed;                 /* threads whose pages could not move (the remote curve) */
};

/* One row of bandwidth.csv: the job's (rank < 0: empty rank and host), or a
 * rank's own share of the bytes over its own min, median and max times. */
struct row_shape {
    const struct rfl_bw_kernel *k;
    enum rfl_precision prec;
    enum rfl_isa isa;
    int ranks, threads;
    uint64_t wss_job, wss_thread;
    const char *level;
    uint64_t n, elem, trials;
    int experiments;
    int remote;    /* the memory column: "remote" (remote.h) or "local" */
};

static void write_row(struct rfl_csv *csv, const struct row_shape *r, double bytes, double wa_bytes, const double t[3],
                      const double sustained[2], int rank, const char *host)
{
    rfl_csv_str(csv, r->k->name);
    rfl_csv_str(csv, rfl_precision_names[r->prec]);
    rfl_csv_str(csv, rfl_isa_names[r->isa]);
    rfl_csv_int(csv, r->k->nontemporal);
    rfl_csv_int(csv, r->ranks);
    rfl_csv_int(csv, r->threads);
    rfl_csv_u64(csv, r->wss_job);
    rfl_csv_u64(csv, r->wss_thread);
    rfl_csv_str(csv, r->level);
    rfl_csv_u64(csv, r->n);
    rfl_csv_u64(csv, (uint64_t)r->k->reads * r->elem);
    rfl_csv_u64(csv, (uint64_t)r->k->writes * r->elem);
    rfl_csv_u64(csv, r->trials);
    rfl_csv_int(csv, r->experiments);
    rfl_csv_double(csv, bytes);
    for (int i = 0; i < 3; i++)
        rfl_csv_double(csv, t[i]);
    for (int i = 0; i < 3; i++)
        rfl_csv_double(csv, bytes / t[i] * 1e-9);
    rfl_csv_double(csv, wa_bytes / t[0] * 1e-9);
    rfl_csv_int(csv, 1);
    rfl_csv_double(csv, sustained[0]); /* sustained: best and median part; NAN (empty): not measured */
    rfl_csv_double(csv, sustained[1]);
    rfl_csv_str(csv, r->remote ? "remote" : "local");
    if (rank < 0) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_int(csv, rank);
        rfl_csv_str(csv, host);
    }
    rfl_csv_end_row(csv);
}

static int make_plan(const struct rfl_bandwidth_opts *o, struct plan *p)
{
    memset(p, 0, sizeof *p);
    int team_rc = rfl_team_load(&p->team, &p->topo, o->threads);
    if (team_rc != 0)
        return team_rc;
    p->kernels = o->kernels ? o->kernels : (1u << RFL_BW_NKERNELS) - 1;
    p->precisions = o->precisions ? o->precisions : (1u << RFL_NPRECISION) - 1;
    p->isas = o->isas ? o->isas : 1u << rfl_isa_best();
    for (int i = 0; i < RFL_NISA; i++)
        if ((p->isas >> i & 1) && !rfl_isa_supported((enum rfl_isa)i)) {
            rfl_error("option --isa: this CPU does not support '%s' (supported: c%s%s)", rfl_isa_names[i],
                      rfl_isa_supported(RFL_ISA_AVX2) ? ", avx2" : "",
                      rfl_isa_supported(RFL_ISA_AVX512) ? ", avx512" : "");
            return RFL_EXIT_USAGE;
        }
    const int remote = rfl_bw_remote_wanted(o->remote, &p->topo, o->wss[0] != 0, p->kernels >> RFL_BW_SUM & 1);
    if (remote < 0)
        return -remote;
    p->remote = remote;
    p->growth = o->growth ? o->growth : o->quick ? 2.0 : M_SQRT2;
    p->min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.001 : 0.002;
    p->experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;

    uint64_t total_threads = (uint64_t)p->team.ranks * (uint64_t)p->team.threads;
    int nodes = p->team.ranks / rfl_mpi_local_size();
    if (nodes < 1)
        nodes = 1;
    const double mem_limit = rfl_buffer_node_limit(o->mem_limit);
    int hint_rc = rfl_bw_llc_hint(&p->topo, &p->llc_hint);
    if (hint_rc != RFL_EXIT_OK)
        return hint_rc;
    const uint64_t llc = p->llc_hint.bytes;
    const double huge_page = RFL_HUGE_PAGE_BYTES;
    if (o->wss[0]) {
        p->wss_min = o->wss[0];
        p->wss_max = o->wss[1];
    } else {
        p->wss_default = 1;
        p->wss_min = 4096 * total_threads;
        p->wss_max = (llc ? 8 * llc : (uint64_t)1 << 30) * (uint64_t)nodes;
        /* The default stays inside the memory limit; an explicit --wss is checked below. */
        double cap = 0.9 * mem_limit * nodes;
        if ((double)p->wss_max > cap)
            p->wss_max = (uint64_t)cap;
        if (p->wss_max < p->wss_min)
            p->wss_max = p->wss_min;
        /* The extension, until the memory plateau is confirmed: as far as
         * whole huge pages of each thread's region fit that limit. */
        double region_max = floor(0.9 * mem_limit / p->team.node_threads / huge_page) * huge_page - 3 * ARRAY_PAD_BYTES;
        p->wss_extension_max = region_max > 0 ? (uint64_t)(region_max * (double)total_threads) : 0;
        /* ... and no further than RFL_BW_EXTENSION_FACTOR x the hint (at least
         * 2 GiB a node): a curve still not flat there moves with the machine,
         * not with a cache, and is reported unconfirmed rather than swept
         * through all of memory (on a busy 2-core VM it went to 8 GiB). */
        const double ext_cap = fmax(RFL_BW_EXTENSION_FACTOR * (double)llc, 0x1p31) * nodes;
        if ((double)p->wss_extension_max > ext_cap)
            p->wss_extension_max = (uint64_t)ext_cap;
    }
    if (p->wss_extension_max < p->wss_max)
        p->wss_extension_max = p->wss_max;
    /* The smallest point: one quantum of one array per thread. */
    uint64_t floor_bytes = RFL_BW_ELEM_QUANTUM * 4 * total_threads;
    if (p->wss_max < floor_bytes) {
        char a[32], b[32];
        rfl_error("option --wss: maximum %s is below the smallest working set for %llu threads (%s)",
                  rfl_format_size(p->wss_max, a, sizeof a), (unsigned long long)total_threads,
                  rfl_format_size(floor_bytes, b, sizeof b));
        return RFL_EXIT_USAGE;
    }
    /* In floating point first: near 2^64 bytes the rounding below would wrap
     * to a small buffer and the sweep would write past it. */
    double per_thread = ceil((double)p->wss_extension_max / (double)total_threads) + 3 * ARRAY_PAD_BYTES;
    double node_bytes = ceil(per_thread / huge_page) * huge_page * p->team.node_threads;
    if (!rfl_buffer_node_fits(node_bytes, mem_limit))
        return RFL_EXIT_USAGE;
    p->region_bytes = (size_t)(ceil(per_thread / huge_page) * huge_page);
    double default_thread = ceil((double)p->wss_max / (double)total_threads) + 3 * ARRAY_PAD_BYTES;
    p->touch_bytes = (size_t)(ceil(default_thread / huge_page) * huge_page);
    if (p->touch_bytes > p->region_bytes)
        p->touch_bytes = p->region_bytes;
    return RFL_EXIT_OK;
}

/* One repetition of a sustained window (cpu/team.h): the point's sample on
 * this thread, the arrays refilled first when the closed form needs it (that
 * time is not counted). */
struct window_rep {
    rfl_bw_fn fn;
    struct rfl_bw_work *w;
    uint64_t *applied, refill;
    enum rfl_bw_kernel_id kid;
    enum rfl_precision prec;
};

static double window_rep(void *ctx)
{
    struct window_rep *r = ctx;
    double excluded = 0;
    if (*r->applied + r->w->trials > r->refill) {
        const double t0 = rfl_now_s();
        rfl_bw_fill(r->kid, r->prec, r->w);
        *r->applied = 0;
        excluded = rfl_now_s() - t0;
    }
    r->fn(r->w);
    *r->applied += r->w->trials;
    return excluded;
}

/* One timed sample of `fn` on every thread of every rank (see team.h). */
static double timed_sample(struct rfl_team *team, rfl_bw_fn fn, struct rfl_bw_work *w)
{
    rfl_team_sample_begin(team);
    fn(w);
    return rfl_team_sample_end(team);
}

static void thread_arrays(const struct plan *p, char *buffer, int tid, const struct rfl_bw_kernel *k,
                          enum rfl_precision prec, size_t n, struct rfl_bw_work *w)
{
    char *base = buffer + (size_t)tid * p->region_bytes;
    size_t bytes = n * rfl_precision_bytes(prec);
    memset(w, 0, sizeof *w);
    w->n = n;
    w->a = base;
    w->b = k->arrays > 1 ? base + bytes + ARRAY_PAD_BYTES : NULL;
    w->c = k->arrays > 2 ? base + 2 * (bytes + ARRAY_PAD_BYTES) : NULL;
}

static int supported(int isa, int prec, int kid)
{
    return rfl_bw_lookup((enum rfl_isa)isa, (enum rfl_precision)prec, (enum rfl_bw_kernel_id)kid) != NULL;
}

/* Job-wide capacity of each cache level: its per-thread share (as
 * rfl_topo_level_name counts it) times the job's threads. */
static void capacities(const struct plan *p, double *cap)
{
    for (unsigned i = 0; i < p->topo.ncache; i++)
        cap[i] = rfl_bw_job_capacity(&p->topo.cache[i], p->team.node_threads, (uint64_t)p->team.ranks * (uint64_t)p->team.threads);
}

int rfl_bandwidth_run(const struct rfl_bandwidth_opts *o)
{
    struct rfl_budget clock;
    rfl_budget_start(&clock, o->time_budget_s);
    struct plan p;
    int rc = make_plan(o, &p);
    if (rc != RFL_EXIT_OK) {
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return rc;
    }
    int root = rfl_mpi_rank() == 0;
    const uint64_t job_threads = (uint64_t)p.team.ranks * (uint64_t)p.team.threads;
    double cap[RFL_TOPO_MAX_CACHE];
    capacities(&p, cap);

    /* One buffer for the whole run, with room for the extension (its pages
     * touched only as the sweep reaches them); where the system refuses
     * that much address space, the default range alone. */
    int madvise_ok;
    char *buffer = rfl_buffer_try_alloc(p.region_bytes * (size_t)p.team.threads, &madvise_ok);
    if (!buffer && p.touch_bytes < p.region_bytes) {
        char a[32];
        rfl_warn("cannot reserve %s for the sweep's extension past the default range: it ends at %s",
                 rfl_format_size(p.region_bytes * (size_t)p.team.threads, a, sizeof a),
                 rfl_format_size(p.wss_max, a, sizeof a));
        p.region_bytes = p.touch_bytes;
        p.wss_extension_max = p.wss_max;
    }
    size_t buffer_bytes = p.region_bytes * (size_t)p.team.threads;
    if (!buffer && !(buffer = rfl_buffer_alloc(buffer_bytes, &madvise_ok))) {
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return RFL_EXIT_FAILURE;
    }

    /* Working sets of the whole job: geometric from min to max inclusive;
     * within a budget, the default range placed from the cache sizes. */
    size_t npoints = 0, cap_points = 16;
    uint64_t *wss = malloc(cap_points * sizeof *wss);
    if (rfl_budget_limited(&clock) && p.wss_default) {
        cap_points = (size_t)(log((double)p.wss_max / (double)p.wss_min) / log(p.growth)) + 64;
        free(wss);
        wss = malloc(cap_points * sizeof *wss);
        npoints = wss ? rfl_bw_grid(p.wss_min, p.wss_max, p.growth, cap, p.topo.ncache, wss, cap_points) : 0;
    } else {
        for (double w = (double)p.wss_min; wss; w *= p.growth) {
            uint64_t v = w > (double)p.wss_max ? p.wss_max : (uint64_t)llround(w);
            if (npoints == cap_points) {
                uint64_t *more = realloc(wss, (cap_points *= 2) * sizeof *wss);
                if (!more) {
                    free(wss);
                    wss = NULL;
                    break;
                }
                wss = more;
            }
            wss[npoints++] = v;
            if (v >= p.wss_max)
                break;
        }
    }
    /* The default range's extension (memory.h): first-tier curves go on
     * past its end, by sqrt(2), until their memory plateau is confirmed. */
    const size_t default_last = npoints ? npoints - 1 : 0;
    if (p.wss_default && p.wss_extension_max > p.wss_max && rfl_bw_extend_grid(&wss, &npoints, p.wss_extension_max))
        npoints = 0;
    struct rfl_bw_budget bb;
    struct rfl_bw_memory curves;
    struct rfl_noise noise;
    const double llc_thread = rfl_bw_llc_hint_thread(&p.llc_hint, &p.topo, p.team.node_threads);
    if (!wss || rfl_bw_budget_init(&bb, &clock, p.experiments, p.min_time_s, wss, npoints, job_threads, llc_thread,
                                   p.kernels, p.precisions, p.isas, supported) != 0) {
        rfl_error_all("out of memory");
        free(wss);
        free(buffer);
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return RFL_EXIT_FAILURE;
    }
    if (p.wss_default) {
        rfl_bw_budget_extend(&bb, default_last);
        /* the first curve's probe of memory: 1 GiB a node, within the extension */
        bb.dram_check = (uint64_t)1 << 30;
        bb.dram_check *= (uint64_t)(p.team.ranks / rfl_mpi_local_size() > 1 ? p.team.ranks / rfl_mpi_local_size() : 1);
        bb.dram_check = bb.dram_check < p.wss_extension_max ? bb.dram_check : p.wss_extension_max;
    }
    if (p.remote) { /* the widest ISA asked for, the first precision */
        int isa = RFL_NISA - 1, prec = 0;
        while (isa > 0 && !(p.isas >> isa & 1))
            isa--;
        while (prec < RFL_NPRECISION - 1 && !(p.precisions >> prec & 1))
            prec++;
        if (rfl_bw_budget_add_remote(&bb, isa, prec, RFL_BW_SUM) < 0)
            p.remote = 0;
    }
    if (rfl_bw_memory_init(&curves, npoints, &p.topo, p.team.node_threads, job_threads) != 0)
        rfl_warn("out of memory: no summary table and no memory plateau record");
    int noise_ok = rfl_noise_init(&noise, p.team.threads, job_threads, clock.t_start) == 0;

    const struct rfl_session_spec out_spec = {.program = "rfl_bandwidth", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS};
    struct rfl_session out;
    if (rfl_session_open(&out, &out_spec) != 0) {
        free(buffer);
        rfl_noise_free(&noise);
        rfl_bw_memory_free(&curves);
        rfl_bw_budget_free(&bb);
        free(wss);
        rfl_team_free(&p.team);
        rfl_topo_free(&p.topo);
        return RFL_EXIT_FAILURE;
    }

    struct shared sh;
    memset(&sh, 0, sizeof sh);
    sh.mismatch = calloc((size_t)p.team.threads, sizeof *sh.mismatch);
    /* rank 0: each thread's best busy time of every L1 point, folded */
    struct rfl_balance balance;
    int balance_ok = root && rfl_balance_init(&balance, job_threads, "working sets in L1") == 0;

#pragma omp parallel num_threads(p.team.threads)
    {
        const int tid = omp_get_thread_num();
        rfl_team_enter(&p.team, &p.topo, tid);
        /* First touch: each thread's pages come from its own NUMA node;
         * the extension's as the sweep reaches them (touched). */
        char *const region = buffer + (size_t)tid * p.region_bytes;
        size_t touched = p.touch_bytes;
        rfl_buffer_first_touch(region, touched);
        rfl_team_measure_barriers(&p.team, o->quick || bb.on ? BARRIER_REPS / 5 : BARRIER_REPS);
        if (noise_ok)
            rfl_noise_probe(&noise, &p.team, tid, 1);

        /* The curves in the budget's order (budget_plan.h: without a budget,
         * ISA, precision, kernel), each over its working sets. */
        for (size_t ii = 0; ii < bb.nitems && !sh.stop && !sh.end_sweep; ii++) {
#pragma omp barrier
#pragma omp master
            {
                sh.go = rfl_bw_budget_item_begin(&bb, ii, rfl_budget_used_s_all(&clock), &sh.experiments, &sh.min_time_s);
                sh.end_curve = 0;
            }
#pragma omp barrier
            if (sh.go && bb.items[ii].remote)
                rfl_bw_remote_begin(&p.topo, &bb, ii, &curves, &sh.go, &sh.moved_failed, region, touched);
            if (!sh.go)
                continue;
            const struct rfl_bw_item *item = &bb.items[ii];
            const int isa = item->isa, prec = item->prec, kid = item->kid;
            const enum rfl_precision pr = (enum rfl_precision)prec;
            const struct rfl_bw_kernel *k = &rfl_bw_kernels[kid];
            rfl_bw_fn fn = rfl_bw_lookup((enum rfl_isa)isa, pr, (enum rfl_bw_kernel_id)kid);
            const size_t elem = rfl_precision_bytes(pr);
            const uint64_t refill = rfl_bw_refill_after((enum rfl_bw_kernel_id)kid, pr);
            size_t last_n = 0;
            for (size_t j = 0; j <= item->last && j < npoints && !sh.stop && !sh.end_curve; j++) {
                if (!rfl_bw_budget_point_runs(&bb, ii, j))
                    continue;
                uint64_t per_thread = wss[j] / job_threads;
                size_t n = (size_t)(per_thread / (k->arrays * elem)) / RFL_BW_ELEM_QUANTUM * RFL_BW_ELEM_QUANTUM;
                if (n < RFL_BW_ELEM_QUANTUM)
                    n = RFL_BW_ELEM_QUANTUM;
                if (n == last_n)
                    continue; /* rounding mapped two working sets to one */
                last_n = n;
                /* the curve's settings: the budget may lower them between points */
                const unsigned experiments = item->experiments;
                const double min_time_s = item->min_time_s;
#pragma omp master
                rfl_bw_budget_point_begin(&bb, rfl_budget_used_s_all(&clock));
                const size_t reach = k->arrays * (n * elem + ARRAY_PAD_BYTES);
                if (reach > touched && touched < p.region_bytes) {
                    size_t upto = (reach + RFL_HUGE_PAGE_BYTES - 1) / RFL_HUGE_PAGE_BYTES * RFL_HUGE_PAGE_BYTES;
                    upto = upto < p.region_bytes ? upto : p.region_bytes;
                    rfl_buffer_first_touch(region + touched, upto - touched);
                    touched = upto;
                }
                struct rfl_bw_work w;
                thread_arrays(&p, buffer, tid, k, pr, n, &w);
                w.scalar = kid == RFL_BW_RMW ? RFL_BW_RMW_BETA : RFL_BW_TRIAD_SCALAR;
                w.addend = RFL_BW_RMW_ALPHA;
                rfl_bw_fill((enum rfl_bw_kernel_id)kid, pr, &w);
                uint64_t applied = 0, trials = 1;

                /* Double the trials until one sample is long enough to time. */
                for (;;) {
                    if (applied + trials > refill) {
                        rfl_bw_fill((enum rfl_bw_kernel_id)kid, pr, &w);
                        applied = 0;
                    }
                    w.trials = trials;
                    double t = timed_sample(&p.team, fn, &w);
                    applied += trials;
                    if (t >= min_time_s || trials >= (1ull << 40) || p.team.interrupted)
                        break;
                    trials *= 2;
                }
                /* A preempted sample can end the doubling early; the
                 * criterion must hold for the fastest timed sample too,
                 * or the trials grow and the experiments run again. */
                double times[1000], own[1000];
                for (int retry = 0; !p.team.interrupted; retry++) {
                    double fastest = INFINITY;
                    w.trials = trials;
                    rfl_team_busy_begin(&p.team); /* each thread's best of this retry's samples */
                    for (unsigned e = 0; e < experiments && !p.team.interrupted; e++) {
                        if (applied + trials > refill) {
                            rfl_bw_fill((enum rfl_bw_kernel_id)kid, pr, &w);
                            applied = 0;
                        }
                        times[e] = timed_sample(&p.team, fn, &w);
                        own[e] = p.team.own_elapsed;
                        applied += trials;
                        fastest = times[e] < fastest ? times[e] : fastest;
                    }
                    if (fastest >= 0.5 * min_time_s || retry == 8 || trials >= (1ull << 40) || p.team.interrupted)
                        break;
                    trials *= fastest > 0 && min_time_s / fastest < 64 ? (uint64_t)ceil(min_time_s / fastest) : 64;
                }
                rfl_team_busy_end(&p.team);
                /* threads uneven: the rate they sustain at their own pace, beside the synchronised one */
                double sustained[2] = {NAN, NAN};
                if (!p.team.interrupted && rfl_team_uneven(&p.team, (unsigned)p.team.threads)) {
                    struct window_rep rep = {fn, &w, &applied, refill, (enum rfl_bw_kernel_id)kid, pr};
                    const double rep_bytes = (double)n * (double)elem * (k->reads + k->writes) * (double)trials;
                    sustained[0] = 1e-9 * rfl_team_sustained(&p.team, experiments * min_time_s, experiments, window_rep,
                                                             &rep, rep_bytes);
                    sustained[1] = 1e-9 * p.team.sustained_median;
                }
                /* A signal during the samples: the point is dropped
                 * unchecked, and the agreement below stops the run. */
                const int dropped = p.team.interrupted;
                if (o->inject_fault && tid == 0)
                    ((unsigned char *)w.a)[0] ^= 0x40;
                if (!dropped)
                    rfl_bw_check((enum rfl_bw_kernel_id)kid, pr, &w, applied, trials, &sh.mismatch[tid]);
#pragma omp barrier
#pragma omp master
                if (dropped) {
                    rfl_interrupt_agree(0, &out.status); /* collective: 130 */
                    sh.stop = 1;
                } else {
                    long long bad = 0;
                    const struct rfl_bw_mismatch *first = NULL;
                    for (int t = 0; t < p.team.threads; t++) {
                        bad += (long long)sh.mismatch[t].count;
                        if (sh.mismatch[t].count && !first)
                            first = &sh.mismatch[t];
                    }
                    if (first)
                        rfl_error_all("verification failed: %s %s %s, %zu elements per thread: "
                                      "%lld wrong values; first %c[%zu] = %.17g, expected %.17g",
                                      k->name, rfl_precision_names[prec], rfl_isa_names[isa], n, bad,
                                      first->array, first->index, first->got, first->expected);
                    bad = rfl_mpi_sum_ll(bad);
                    const double *on_cpu = NULL;
                    const double *busy = rfl_team_busy_gather(&p.team, (unsigned)p.team.threads, &on_cpu); /* collective */
                    struct rfl_stats st;
                    rfl_stats_compute(times, experiments, &st);
                    const uint64_t wss_thread = (uint64_t)n * k->arrays * elem;
                    const double bytes = (double)job_threads * (double)n * (double)elem *
                                         (k->reads + k->writes) * (double)trials;
                    const double wa_bytes = k->nontemporal ? bytes
                        : bytes / (k->reads + k->writes) * (k->reads + 2 * k->writes);
                    /* what the point counts for, in the summary and the budget alike */
                    double counted, counted_spread;
                    const double not_counted[2] = {NAN, NAN};
                    rfl_bw_counted_rate(bytes / st.min * 1e-9, st.median / st.min - 1,
                                        rfl_bw_sustained_counts(&p.topo, (unsigned)p.team.node_threads, wss_thread)
                                            ? sustained
                                            : not_counted,
                                        &counted,
                                        &counted_spread);
                    char level[16];
                    unsigned li = rfl_topo_level_name(&p.topo, p.team.node_threads, wss_thread, level, sizeof level);
                    /* each rank's own samples: its rows beside the job's */
                    double *per_rank = p.team.ranks > 1 ? rfl_team_rank_stats(own, experiments) : NULL;
                    if (bad) {
                        sh.stop = 1;
                        out.status = RFL_EXIT_VERIFY;
                        snprintf(out.failure, sizeof out.failure, "%s %s %s at %llu bytes: %lld wrong values",
                                 k->name, rfl_precision_names[prec], rfl_isa_names[isa],
                                 (unsigned long long)(wss_thread * job_threads), bad);
                    } else if (root) {
                        if (balance_ok && li == 0 && p.topo.ncache > 0 && !item->remote)
                            rfl_balance_add(&balance, busy, on_cpu);
                        const struct row_shape shape = {k, prec, isa, p.team.ranks, p.team.threads, wss_thread * job_threads,
                                                        wss_thread, level, n, elem, trials, experiments, item->remote};
                        const double job[3] = {st.min, st.median, st.max};
                        write_row(&out.csv, &shape, bytes, wa_bytes, job, sustained, -1, NULL);
                        /* a rank's own rows: local memory's (the members' per-domain DRAM) */
                        for (int r = 0; per_rank && !item->remote && r < p.team.ranks; r++)
                            write_row(&out.csv, &shape, bytes / p.team.ranks, wa_bytes / p.team.ranks, per_rank + 3 * r,
                                      (const double[2]){NAN, NAN}, r, p.team.hosts[r]);
                        if (!item->remote)
                            rfl_bw_memory_add(&curves, rfl_bw_memory_curve(isa, prec, kid), j, (double)wss_thread,
                                              counted, counted_spread);
                        char sz[32];
                        rfl_progress("%s %s %s  %s  %.1f GB/s", k->name, rfl_precision_names[prec],
                                     rfl_isa_names[isa], rfl_format_size(wss_thread * job_threads, sz, sizeof sz),
                                     bytes / st.min * 1e-9);
                    }
                    free(per_rank);
                    sh.stop = rfl_interrupt_agree(sh.stop, &out.status);
                    if (!sh.stop) {
                        /* the budget: go on, end the curve, or end the sweep */
                        int next = rfl_bw_budget_point_end(&bb, ii, j, counted, counted_spread, rfl_budget_used_s_all(&clock));
                        sh.end_curve = next >= 1;
                        sh.end_sweep = next == 2;
                    }
                }
#pragma omp barrier
                if (noise_ok && !sh.stop)
                    rfl_noise_probe(&noise, &p.team, tid, 0);
            }
#pragma omp master
            if (!sh.stop) {
                rfl_bw_budget_item_end(&bb, ii);
                /* where memory begins for the curves to come (rank 0's record) */
                double end[1] = {root ? rfl_bw_memory_measured_end(&curves) : 0};
                rfl_mpi_bcast_double(end, 1);
                bb.measured_end = end[0];
            }
        }
        if (noise_ok && !sh.stop)
            rfl_noise_probe(&noise, &p.team, tid, 1);
    }
    double elapsed = rfl_session_stop(&out);
    rfl_team_leave(&p.team, &p.topo);
    rfl_team_describe(&p.team, &p.topo, out.meta);
    char **labels = rfl_team_thread_labels(&p.team); /* collective */

    json_t *meta = rfl_session_outcome(&out);
    if (meta) {
        json_object_set_new(meta, "topology", rfl_topo_to_json(&p.topo));
        json_object_set_new(meta, "huge_pages", rfl_buffer_hugepages_json(madvise_ok, buffer_bytes));
        json_t *sweep = json_pack("{s:I, s:I, s:f, s:f, s:i, s:f, s:f, s:i}", "wss_min_bytes", (json_int_t)p.wss_min,
                                  "wss_max_bytes", (json_int_t)p.wss_max, "growth", p.growth, "min_time_s",
                                  p.min_time_s, "experiments", (int)p.experiments, "timer_resolution_s",
                                  rfl_timer_resolution_s(), "elapsed_s", elapsed, "points", (int)npoints);
        json_object_set_new(sweep, "memory_plateau", rfl_bw_memory_to_json(&curves, &bb, &p.llc_hint, p.wss_max,
                                                                           p.wss_extension_max));
        json_object_set_new(meta, "sweep", sweep);
        json_object_set_new(meta, "budget", rfl_bw_budget_to_json(&bb));
        json_object_set_new(meta, "noise_probe", noise_ok ? rfl_noise_to_json(&noise) : json_null());
        json_object_set_new(meta, "thread_balance", balance_ok ? rfl_balance_to_json(&balance, labels) : json_null());
        json_t *kernels = json_array();
        for (int k = 0; k < RFL_BW_NKERNELS; k++)
            if (p.kernels >> k & 1)
                json_array_append_new(kernels, json_pack("{s:s, s:i, s:i, s:i, s:b, s:s}", "name",
                                                         rfl_bw_kernels[k].name, "arrays", rfl_bw_kernels[k].arrays,
                                                         "reads_per_elem", rfl_bw_kernels[k].reads,
                                                         "writes_per_elem", rfl_bw_kernels[k].writes, "nontemporal",
                                                         rfl_bw_kernels[k].nontemporal, "formula",
                                                         rfl_bw_kernels[k].formula));
        json_object_set_new(meta, "kernels", kernels);
    }
    if (root && balance_ok) /* before the commit: the sidecar's "warnings" carry it to the report */
        rfl_balance_warn(&balance, labels);
    if (root && out.status == RFL_EXIT_OK)
        rfl_bw_memory_warn(&curves, &bb);
    rfl_session_commit(&out);
    if (root) {
        rfl_info("barriers: OpenMP %.2f us, MPI %.2f us, per-sample overhead %.2f us", p.team.omp_barrier_us,
                 p.team.mpi_barrier_us, p.team.sample_overhead_us);
        rfl_bw_memory_print(&curves, &bb, &p.topo, &p.llc_hint);
        if (bb.on && out.status == RFL_EXIT_OK) {
            rfl_budget_print_cuts(&clock, json_object_get(meta, "budget"));
        }
    }
    int exit_code = rfl_session_close(&out);
    if (balance_ok)
        rfl_balance_free(&balance);
    rfl_team_labels_free(&p.team, labels);
    rfl_bw_memory_free(&curves);
    free(sh.mismatch);
    rfl_team_free(&p.team);
    free(buffer);
    rfl_noise_free(&noise);
    rfl_bw_budget_free(&bb);
    free(wss);
    rfl_topo_free(&p.topo);
    return exit_code;
}
