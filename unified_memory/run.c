/* The sweep of rfl_unified_memory: mechanism x working set x reuse.  Each
 * (mechanism, working set) allocates its arrays once and runs the reuses
 * in increasing order, so the time of the next point can be predicted from
 * the ones before it and a point that would pass --point-timeout is
 * skipped rather than left to run for minutes.  Samples are timed on the
 * host clock: a trial ends with the CPU pass. */
#include "config.h"
#include "unified_memory/unified_memory.h"
#include "unified_memory/cpu.h"
#include "unified_memory/kernels.h"
#include "unified_memory/mechanisms.h"
#include "unified_memory/plan.h"
#include "gpu/gpu.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/size.h"
#include "common/stats.h"
#include "common/timer.h"
#include "common/selftest.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define MAX_EXPERIMENTS 100
#define MAX_TRIALS (1ull << 40)
/* The reference copies and passes use an array of at most this size. */
#define REF_MAX_BYTES (1ull << 30)
#define REF_SAMPLES 5
/* A reference device-pass sample lasts at least this long. */
#define REF_MIN_TIME_S 0.02
/* Host arrays stay under this share of the node's memory (per rank). */
#define HOST_MEMORY_FRACTION 0.5

static const char *const *const columns = rfl_schema_unified_memory_columns; /* schema/unified_memory.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_UNIFIED_MEMORY_NCOLUMNS)

enum point_status { ST_OK, ST_TIMEOUT, ST_SKIPPED_TIMEOUT, ST_SKIPPED_MEMORY, ST_ALLOC_FAILED, ST_UNSUPPORTED, NSTATUS };
static const char *const status_names[NSTATUS] = {"ok",           "timeout",      "skipped_timeout",
                                                  "skipped_memory", "alloc_failed", "unsupported"};

/* Reference rates of one rank (10^9 B/s; NAN: not measured). */
struct reference {
    double bytes, h2d, d2h, device_rmw, cpu_rmw;
};
#define REF_NVALS 5

struct point {
    int status;
    unsigned long long trials;
    unsigned experiments;
    double times[MAX_EXPERIMENTS];
    struct rfl_um_phases ph; /* per trial */
    int have_ph;
    long long bad;
    char detail[256];
};

/* What every rank sends rank 0 about one point. */
enum { V_DEVICE, V_STATUS, V_TRIALS, V_EXPERIMENTS, V_TMIN, V_TMED, V_TMAX, V_TO_DEVICE, V_GPU, V_TO_HOST, V_CPU,
       V_BAD, V_DEVICE_REF, NV };

struct ctx {
    const struct rfl_unified_memory_opts *o;
    struct rfl_gpu_device dev;
    double min_time, timeout;
    unsigned experiments, threads;
    int breakdown, resident, ranks;
    uint64_t mem_limit;
    struct reference ref;
};

/* ------------------------------------------------------------------------
 * One point
 * ---------------------------------------------------------------------- */

static unsigned blocks_for(const struct ctx *c, size_t n)
{
    const size_t vectors = n / 2;
    size_t want = (vectors + c->threads - 1) / c->threads;
    const size_t resident = (size_t)c->resident * (size_t)c->dev.sm_count;
    if (want > resident)
        want = resident;
    return want < 1 ? 1 : (unsigned)want;
}

static int run_point(struct ctx *c, struct rfl_um_buffers *b, const struct rfl_um_launch *l, unsigned reuse,
                     double trial_pred, double warm_pred, int *warmed, double *offset, struct point *p)
{
    const struct rfl_um_plan plan = rfl_um_plan_point(trial_pred, *warmed ? 0 : warm_pred, c->min_time,
                                                      c->experiments, c->breakdown, c->timeout);
    if (!plan.run) {
        p->status = ST_SKIPPED_TIMEOUT;
        if (isinf(trial_pred))
            snprintf(p->detail, sizeof p->detail, "skipped for time at the smaller working set");
        else
            snprintf(p->detail, sizeof p->detail, "predicted %.3g s per trial, %.3g s for the point > %.3g s",
                     trial_pred, plan.predicted_s, c->timeout);
        return 0;
    }
    const double inc = rfl_um_trial_increment(reuse);
    const double start = rfl_now_s();
    /* The first trial on fresh arrays pays for page tables and mappings. */
    if (!*warmed) {
        if (rfl_um_trials(b, l, 1, 1, NULL))
            return -1;
        *offset += rfl_um_trial_increment(1);
        *warmed = 1;
    }
    unsigned long long trials = 1;
    /* How long the next sample should last: from calibration, else predicted. */
    double last = trial_pred > 0 ? trial_pred : 0;
    if (plan.calibrate) {
        for (;;) {
            const double t0 = rfl_now_s();
            if (rfl_um_trials(b, l, reuse, trials, NULL))
                return -1;
            last = rfl_now_s() - t0;
            *offset += inc * (double)trials;
            if (last >= c->min_time || rfl_now_s() - start > c->timeout || trials >= MAX_TRIALS)
                break;
            trials *= 2;
        }
    }
    /* The instrumented sample first: it is what the evidence on copies
     * reads, and it warms up once more before the timed samples. */
    if (plan.breakdown && rfl_now_s() - start + last <= c->timeout) {
        struct rfl_um_phases ph = {0, 0, 0, 0};
        if (rfl_um_trials(b, l, reuse, trials, &ph))
            return -1;
        *offset += inc * (double)trials;
        const double per = 1.0 / (double)trials;
        p->ph = (struct rfl_um_phases){ph.to_device_s * per, ph.gpu_s * per, ph.to_host_s * per, ph.cpu_s * per};
        p->have_ph = 1;
    }
    double slowest = 0;
    unsigned e;
    int cut = 0;
    for (e = 0; e < plan.experiments; e++) {
        if (e > 0 && rfl_now_s() - start + slowest > c->timeout) {
            cut = 1;
            break;
        }
        const double t0 = rfl_now_s();
        if (rfl_um_trials(b, l, reuse, trials, NULL))
            return -1;
        p->times[e] = rfl_now_s() - t0;
        *offset += inc * (double)trials;
        if (p->times[e] > slowest)
            slowest = p->times[e];
    }
    p->experiments = e;
    p->trials = trials;
    p->status = cut ? ST_TIMEOUT : ST_OK;
    if (c->o->inject_fault)
        b->host[b->n / 2] += 1.0;
    size_t first = 0;
    const size_t bad = rfl_um_cpu_check(b->host, b->n, *offset, &first);
    if (bad) {
        p->bad = (long long)bad;
        snprintf(p->detail, sizeof p->detail, "%zu wrong values; first [%zu] = %.17g, expected %.17g", bad, first,
                 b->host[first], rfl_um_expected(first, *offset));
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Reference measurements: a large pinned cudaMemcpy each way, the GPU pass
 * on device memory (the ceiling the effective bandwidth tends to as reuse
 * grows) and the CPU pass, in the same run as the sweep.
 * ---------------------------------------------------------------------- */

static double best_of(double *t, int n)
{
    double best = INFINITY;
    for (int i = 0; i < n; i++)
        best = t[i] < best ? t[i] : best;
    return best;
}

/* Returns an RFL_EXIT_* code; unmeasured rates stay NAN. */
static int measure_reference(struct ctx *c, size_t n, struct reference *r, char *detail, size_t len)
{
    *r = (struct reference){(double)n * sizeof(double), NAN, NAN, NAN, NAN};
    const size_t bytes = n * sizeof(double);
    double *h = NULL, *d = NULL;
    cudaError_t err = cudaMallocHost((void **)&h, bytes);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&d, bytes);
    if (err != cudaSuccess) {
        char sz[32];
        rfl_warn("reference measurements skipped: %s of %s: %s", h ? "cudaMalloc" : "cudaMallocHost",
                 rfl_format_size(bytes, sz, sizeof sz), cudaGetErrorString(err));
        (void)cudaGetLastError();
        if (h)
            cudaFreeHost(h);
        return RFL_EXIT_OK;
    }
    int rc = RFL_EXIT_FAILURE;
    double t[REF_SAMPLES + 1];
    rfl_um_cpu_fill(h, n);
    /* The first sample of each warms up and is not counted. */
    for (int s = 0; s <= REF_SAMPLES; s++) {
        const double t0 = rfl_now_s();
        if (RFL_CUDA(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice)))
            goto out;
        t[s] = rfl_now_s() - t0;
    }
    r->h2d = (double)bytes / best_of(t + 1, REF_SAMPLES) * 1e-9;
    for (int s = 0; s <= REF_SAMPLES; s++) {
        const double t0 = rfl_now_s();
        if (RFL_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost)))
            goto out;
        t[s] = rfl_now_s() - t0;
    }
    r->d2h = (double)bytes / best_of(t + 1, REF_SAMPLES) * 1e-9;

    const struct rfl_um_launch l = {blocks_for(c, n), c->threads};
    struct rfl_gpu_timer timer;
    if (rfl_gpu_timer_create(&timer, 0)) {
        rfl_gpu_timer_destroy(&timer);
        goto out;
    }
    unsigned long long passes = 1, applied = 0;
    int ok = 1;
    for (int s = 0; s <= REF_SAMPLES && ok; s++) {
        ok = rfl_gpu_timer_start(&timer) == 0;
        for (unsigned long long k = 0; ok && k < passes; k++)
            ok = RFL_CUDA(rfl_um_gpu_pass(d, n, l.blocks, l.threads, RFL_UM_BETA, RFL_UM_GPU_ALPHA, 0)) == 0;
        ok = ok && rfl_gpu_timer_stop(&timer, &t[s]) == 0;
        if (!ok)
            break;
        applied += passes;
        if (s == 0) /* sized from the warm-up: samples long enough to time */
            passes = t[0] > 0 && t[0] < REF_MIN_TIME_S ? (unsigned long long)ceil(REF_MIN_TIME_S / t[0]) : 1;
        else
            t[s] /= (double)passes;
    }
    rfl_gpu_timer_destroy(&timer);
    if (!ok || RFL_CUDA(cudaDeviceSynchronize()))
        goto out;
    r->device_rmw = 2.0 * (double)bytes / best_of(t + 1, REF_SAMPLES) * 1e-9;
    if (RFL_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost)))
        goto out;
    for (int s = 0; s <= REF_SAMPLES; s++) {
        const double t0 = rfl_now_s();
        rfl_um_cpu_pass(h, n, RFL_UM_BETA, RFL_UM_CPU_ALPHA);
        t[s] = rfl_now_s() - t0;
    }
    r->cpu_rmw = 2.0 * (double)bytes / best_of(t + 1, REF_SAMPLES) * 1e-9;
    const double offset = (double)applied * RFL_UM_GPU_ALPHA + (REF_SAMPLES + 1) * RFL_UM_CPU_ALPHA;
    if (c->o->inject_fault)
        h[n / 3] -= 1.0;
    size_t first = 0;
    const size_t bad = rfl_um_cpu_check(h, n, offset, &first);
    if (bad) {
        snprintf(detail, len, "reference passes: %zu wrong values; first [%zu] = %.17g, expected %.17g", bad, first,
                 h[first], rfl_um_expected(first, offset));
        rc = RFL_EXIT_VERIFY;
        goto out;
    }
    rc = RFL_EXIT_OK;
out:
    RFL_CUDA(cudaFree(d));
    RFL_CUDA(cudaFreeHost(h));
    return rc;
}

/* ------------------------------------------------------------------------
 * Rows, evidence and the summary
 * ---------------------------------------------------------------------- */

static void write_row(struct rfl_csv *csv, int rank, enum rfl_um_mechanism m, size_t n, unsigned reuse,
                      const double *v)
{
    const int status = (int)v[V_STATUS];
    const int measured = status == ST_OK || status == ST_TIMEOUT;
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

/* Rank 0's own rows, kept for the evidence and the summary. */
struct table {
    size_t nw;
    int nr;
    uint64_t *wss;     /* bytes of each working-set index (8 x elements) */
    double *gbs;       /* [m][w][r] effective GB/s; NAN: not measured */
    double *transfer;  /* [m][w][r] transfer GB/s of the instrumented trial */
};

static double *cell(const struct table *t, double *base, int m, size_t w, int r)
{
    return &base[((size_t)m * t->nw + w) * (size_t)t->nr + (size_t)r];
}

/* Working sets at least this many times the L2 are "large": the passes
 * stream from device memory rather than from the L2. */
#define LARGE_L2_FACTOR 4

/* A (working set, reuse) where every listed mechanism was measured in
 * `base`: the largest working set, preferring large ones (>= 4 x L2), and
 * at it the smallest reuse (top = 0) or the largest (top = 1). 0 when
 * there is none. */
static int pick(const struct table *t, const double *base, const int *mechs, int nm, uint64_t large, int top,
                long *w_out, int *r_out)
{
    for (int pass = 0; pass < 2; pass++)
        for (long w = (long)t->nw - 1; w >= 0; w--) {
            if (pass == 0 && t->wss[w] < large)
                continue;
            for (int i = 0; i < t->nr; i++) {
                const int r = top ? t->nr - 1 - i : i;
                int all = 1;
                for (int k = 0; k < nm; k++)
                    all = all && isfinite(base[((size_t)mechs[k] * t->nw + (size_t)w) * (size_t)t->nr + (size_t)r]);
                if (all) {
                    *w_out = w;
                    *r_out = r;
                    return 1;
                }
            }
        }
    return 0;
}

static void evidence(const struct ctx *c, const struct table *t, json_t *list, json_t *half, unsigned mechs)
{
    const struct reference *ref = &c->ref;
    const unsigned *reuse = c->o->reuse;
    const uint64_t large = LARGE_L2_FACTOR * (uint64_t)c->dev.l2_bytes;
    char note[256], a[32];
    long w;
    int r;
    rfl_info("evidence: device %s, %d SMs, L2 %.0f MiB, PCI %s", c->dev.name, c->dev.sm_count,
             c->dev.l2_bytes / 1048576.0, c->dev.pci_bus_id);
    const double round_trip = 2.0 / (1.0 / ref->h2d + 1.0 / ref->d2h);
    const char *ge = isfinite(round_trip) ? ">=" : NULL; /* no target without the reference */
    snprintf(note, sizeof note, "cudaMemcpy of %s from cudaMallocHost memory, best of %d",
             rfl_format_size((uint64_t)ref->bytes, a, sizeof a), REF_SAMPLES);
    rfl_gpu_evidence(list, "reference_memcpy_h2d", ref->h2d, "GB/s", NULL, NAN, 0, note);
    rfl_gpu_evidence(list, "reference_memcpy_d2h", ref->d2h, "GB/s", NULL, NAN, 0, note);
    rfl_gpu_evidence(list, "reference_device_pass", ref->device_rmw, "GB/s", NULL, NAN, 0,
                     "the GPU pass on cudaMalloc memory: the ceiling as reuse grows");
    rfl_gpu_evidence(list, "reference_cpu_pass", ref->cpu_rmw, "GB/s", NULL, NAN, 0,
                     "the OpenMP CPU pass on pinned host memory");

    for (int pm = RFL_UM_PINNED_REGISTER; pm <= RFL_UM_PINNED_ALLOC; pm++) {
        if (!(mechs >> pm & 1))
            continue;
        const int one[1] = {pm};
        char name[96];
        int found = pick(t, t->transfer, one, 1, large, 0, &w, &r);
        snprintf(name, sizeof name, "%s_copy_vs_memcpy", rfl_um_mechanisms[pm].name);
        snprintf(note, sizeof note, "2 x wss / (H2D + D2H) at %s, reuse %u; target 0.95 x %.4g GB/s (pinned memcpy)",
                 found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0, round_trip);
        rfl_gpu_evidence(list, name, found ? *cell(t, t->transfer, pm, (size_t)w, r) : NAN, "GB/s", ge,
                         0.95 * round_trip, 0, note);
        found = pick(t, t->gbs, one, 1, large, 1, &w, &r);
        snprintf(name, sizeof name, "%s_top_reuse_vs_device", rfl_um_mechanisms[pm].name);
        snprintf(note, sizeof note, "effective %.4g GB/s at %s, reuse %u, over the device pass %.4g GB/s",
                 found ? *cell(t, t->gbs, pm, (size_t)w, r) : NAN, found ? rfl_format_size(t->wss[w], a, sizeof a) : "-",
                 found ? reuse[r] : 0, ref->device_rmw);
        rfl_gpu_evidence(list, name, found ? *cell(t, t->gbs, pm, (size_t)w, r) / ref->device_rmw : NAN, "fraction",
                         NULL, NAN, 0, note);
    }
    if (mechs >> RFL_UM_ZERO_COPY & 1) {
        /* Flat in reuse: no reuse gains more than 10% over the smallest. */
        const int zc[1] = {RFL_UM_ZERO_COPY};
        double gain = NAN;
        unsigned at = 0;
        int found = pick(t, t->gbs, zc, 1, large, 0, &w, &r) && r == 0;
        if (found) {
            const double base = *cell(t, t->gbs, RFL_UM_ZERO_COPY, (size_t)w, 0);
            int measured = 0;
            for (int i = 0; i < t->nr; i++) {
                const double v = *cell(t, t->gbs, RFL_UM_ZERO_COPY, (size_t)w, i);
                if (isfinite(v) && (measured++ == 0 || v / base > gain)) {
                    gain = v / base;
                    at = reuse[i];
                }
            }
            if (measured < 2)
                gain = NAN;
        }
        snprintf(note, sizeof note, "best effective rate over the one at reuse %u, at %s (best at reuse %u)", reuse[0],
                 found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", at);
        rfl_gpu_evidence(list, "zero_copy_reuse_gain", gain, "ratio", "<=", 1.1, 0, note);
    }
    const int pair[2] = {RFL_UM_MANAGED, RFL_UM_PINNED_ALLOC};
    if ((mechs >> RFL_UM_MANAGED & 1) && (mechs >> RFL_UM_PINNED_ALLOC & 1)) {
        for (int top = 0; top < 2; top++) {
            int found = pick(t, t->gbs, pair, 2, large, top, &w, &r);
            snprintf(note, sizeof note, "managed %.4g GB/s, pinned_alloc %.4g GB/s at %s, reuse %u",
                     found ? *cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r) : NAN,
                     found ? *cell(t, t->gbs, RFL_UM_PINNED_ALLOC, (size_t)w, r) : NAN,
                     found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0);
            rfl_gpu_evidence(list, top ? "managed_vs_pinned_high_reuse" : "managed_vs_pinned_low_reuse",
                             found ? *cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r) /
                                         *cell(t, t->gbs, RFL_UM_PINNED_ALLOC, (size_t)w, r)
                                   : NAN,
                             "ratio", top ? ">=" : "<=", top ? 0.9 : 1.0, 0, note);
        }
    }
    if ((mechs >> RFL_UM_MANAGED & 1) && (mechs >> RFL_UM_MANAGED_PREFETCH & 1)) {
        const int mp[2] = {RFL_UM_MANAGED_PREFETCH, RFL_UM_MANAGED};
        for (int top = 0; top < 2; top++) {
            int found = pick(t, t->gbs, mp, 2, large, top, &w, &r);
            snprintf(note, sizeof note, "what prefetching buys: managed_prefetch over managed at %s, reuse %u",
                     found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0);
            rfl_gpu_evidence(list, top ? "managed_prefetch_vs_managed_high_reuse" : "managed_prefetch_vs_managed_low_reuse",
                             found ? *cell(t, t->gbs, RFL_UM_MANAGED_PREFETCH, (size_t)w, r) /
                                         *cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r)
                                   : NAN,
                             "ratio", NULL, NAN, 0, note);
        }
    }
    /* The reuse needed for half the device pass's rate, per mechanism and
     * working set (JSON), and at the largest working set (printed). */
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        if (!(mechs >> m & 1))
            continue;
        long printed = -1;
        unsigned printed_reuse = 0;
        for (long v = (long)t->nw - 1; v >= 0; v--) {
            int any = 0, found = -1;
            for (int i = 0; i < t->nr; i++) {
                const double g = *cell(t, t->gbs, m, (size_t)v, i);
                any = any || isfinite(g);
                if (found < 0 && isfinite(g) && g >= 0.5 * ref->device_rmw)
                    found = i;
            }
            if (!any)
                continue;
            if (half)
                json_array_append_new(half, json_pack("{s:s, s:I, s:o}", "mechanism", rfl_um_mechanisms[m].name,
                                                      "wss_bytes", (json_int_t)t->wss[v], "reuse",
                                                      found >= 0 ? json_integer(reuse[found]) : json_null()));
            if (printed < 0) {
                printed = v;
                printed_reuse = found >= 0 ? reuse[found] : 0;
            }
        }
        char name[96];
        snprintf(name, sizeof name, "reuse_to_half_device_%s", rfl_um_mechanisms[m].name);
        snprintf(note, sizeof note, "smallest reuse measured with >= 0.5 x %.4g GB/s at %s%s", ref->device_rmw,
                 printed >= 0 ? rfl_format_size(t->wss[printed], a, sizeof a) : "-",
                 printed >= 0 && !printed_reuse ? " (not reached)" : "");
        rfl_gpu_evidence(list, name, printed_reuse ? (double)printed_reuse : NAN, "reuse", NULL, NAN, 0, note);
    }
}

static void print_summary(const struct ctx *c, const struct table *t, unsigned mechs)
{
    fprintf(stderr, "effective GB/s at the largest working set measured (rank 0's GPU)\n%-18s %8s", "mechanism",
            "wss");
    for (int r = 0; r < t->nr; r++)
        fprintf(stderr, " %8u", c->o->reuse[r]);
    fputc('\n', stderr);
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        if (!(mechs >> m & 1))
            continue;
        long w = (long)t->nw - 1;
        for (; w >= 0; w--) {
            int any = 0;
            for (int r = 0; r < t->nr; r++)
                any = any || isfinite(*cell(t, t->gbs, m, (size_t)w, r));
            if (any)
                break;
        }
        char sz[32];
        fprintf(stderr, "%-18s %8s", rfl_um_mechanisms[m].name, w >= 0 ? rfl_format_size(t->wss[w], sz, sizeof sz) : "-");
        for (int r = 0; r < t->nr; r++) {
            const double v = w >= 0 ? *cell(t, t->gbs, m, (size_t)w, r) : NAN;
            if (isfinite(v))
                fprintf(stderr, " %8.1f", v);
            else
                fprintf(stderr, " %8s", "-");
        }
        fputc('\n', stderr);
    }
}

static int print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_unified_memory);
    return RFL_EXIT_OK;
}

/* ------------------------------------------------------------------------
 * Self-test (host only)
 * ---------------------------------------------------------------------- */

static int self_test(void)
{
    int failures = rfl_gpu_self_test();
    EXPECT(rfl_um_elements_for(1) == RFL_UM_QUANTUM);
    EXPECT(rfl_um_elements_for(4096) == 512);
    EXPECT(rfl_um_elements_for(4096 + 100) == 512);
    EXPECT(rfl_um_elements_for(1ull << 30) == (1ull << 27));
    /* Fig. 6: bytes = 2 * sizeof(double) * n * trials * (reuse + 1). */
    EXPECT(rfl_um_effective_bytes(1000, 3, 7) == 2.0 * 8 * 1000 * 3 * 8);
    EXPECT(rfl_um_trial_increment(4) == 4.5);

    /* The closed form against the passes run by hand. */
    enum { N = 4 * RFL_UM_QUANTUM };
    static double a[N];
    rfl_um_cpu_fill(a, N);
    for (int k = 0; k < 3; k++)
        rfl_um_cpu_pass(a, N, RFL_UM_BETA, RFL_UM_GPU_ALPHA);
    rfl_um_cpu_pass(a, N, RFL_UM_BETA, RFL_UM_CPU_ALPHA);
    size_t first = 12345;
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(3), &first) == 0 && first == 12345);
    a[77] += 0.5;
    a[300] = -1;
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(3), &first) == 2 && first == 77);
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(2), &first) == N && first == 0);

    /* Prediction: a line through the last two reuses measured here. */
    struct rfl_um_seen here = {{0}, {0}, 0}, smaller = {{0}, {0}, 0};
    EXPECT(rfl_um_predict_trial_s(&here, NULL, 2.0, 1) < 0);
    rfl_um_seen_add(&smaller, 1, 0.1);
    rfl_um_seen_add(&smaller, 4, INFINITY);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, &smaller, 4.0, 1) - 0.4) < 1e-12);
    EXPECT(isinf(rfl_um_predict_trial_s(&here, &smaller, 4.0, 4)));
    rfl_um_seen_add(&here, 1, 0.3);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 4) - 1.2) < 1e-12);
    rfl_um_seen_add(&here, 4, 0.6);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 16) - 1.8) < 1e-12); /* 0.3 + 0.1 x (16 - 1) */
    rfl_um_seen_add(&here, 16, INFINITY);                                      /* skips are no basis */
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 64) - 6.6) < 1e-12);
    struct rfl_um_seen noisy = {{0}, {0}, 0};
    rfl_um_seen_add(&noisy, 1, 2e-5);
    rfl_um_seen_add(&noisy, 2, 1e-5);
    EXPECT(rfl_um_predict_trial_s(&noisy, NULL, 1.0, 1024) == 1e-5); /* never a falling line */

    /* The plan: unknown runs in full; long trials cut samples; too long skips. */
    struct rfl_um_plan p = rfl_um_plan_point(-1, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.calibrate && p.experiments == 3 && p.breakdown);
    p = rfl_um_plan_point(1e-4, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.calibrate && p.experiments == 3 && p.breakdown && p.predicted_s < 0.2);
    p = rfl_um_plan_point(1.0, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && !p.calibrate && p.experiments == 3 && p.breakdown && fabs(p.predicted_s - 4) < 1e-12);
    p = rfl_um_plan_point(2.0, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.experiments == 1 && p.breakdown && fabs(p.predicted_s - 4) < 1e-12);
    p = rfl_um_plan_point(2.0, 0, 0.01, 3, 0, 5);
    EXPECT(p.run && p.experiments == 2 && !p.breakdown);
    p = rfl_um_plan_point(2.0, 2.0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.experiments == 1 && !p.breakdown);
    p = rfl_um_plan_point(6.0, 0, 0.01, 3, 1, 5);
    EXPECT(!p.run && p.experiments == 0 && p.predicted_s > 5);
    p = rfl_um_plan_point(INFINITY, 0, 0.01, 3, 1, 5);
    EXPECT(!p.run);

    /* The mechanism table. */
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        EXPECT(rfl_um_mechanism_names[m] && strcmp(rfl_um_mechanism_names[m], rfl_um_mechanisms[m].name) == 0);
        EXPECT(rfl_um_mechanisms[m].per_trial && rfl_um_mechanisms[m].host_memory);
    }
    EXPECT(rfl_um_mechanism_names[RFL_UM_NMECH] == NULL);
    EXPECT(strcmp(rfl_um_mechanisms[RFL_UM_ZERO_COPY].fig7_panel, "c") == 0);
    return rfl_selftest_result("rfl_unified_memory", failures);
}

/* ------------------------------------------------------------------------
 * The run
 * ---------------------------------------------------------------------- */

int rfl_unified_memory_run(const struct rfl_unified_memory_opts *o)
{
    if (o->print_columns)
        return print_columns();
    if (o->self_test)
        return self_test();
    if (o->list_devices)
        return rfl_gpu_list_devices(stdout);

    struct ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.ranks = rfl_mpi_size();
    int rc = rfl_gpu_select_agreed((int)o->device, &c.dev);
    if (rc != RFL_EXIT_OK)
        return rc;
    const int root = rfl_mpi_rank() == 0;
    c.min_time = o->min_time_s ? o->min_time_s : o->quick ? 0.005 : 0.01;
    c.experiments = o->experiments ? o->experiments : o->quick ? 2 : 3;
    c.timeout = o->point_timeout_s ? o->point_timeout_s : o->quick ? 1.5 : 5.0;
    c.threads = o->threads ? o->threads : 256;
    c.breakdown = !o->no_breakdown;
    const double growth = o->growth ? o->growth : o->quick ? 4.0 : 2.0;
    const unsigned mechs = o->mechanisms ? o->mechanisms : (1u << RFL_UM_NMECH) - 1;
    uint64_t wss_min = o->wss[0] ? o->wss[0] : o->quick ? 64 << 10 : 4 << 10;
    uint64_t wss_max = o->wss[0] ? o->wss[1] : o->quick ? 1ull << 30 : 4ull << 30;
    char a[32], b[32];

    /* Limits, all checked before anything is allocated; every rank keeps
     * to the smallest, so all sweep the same points. */
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    const double free_share = (double)free_bytes / (c.dev.ranks_sharing > 0 ? c.dev.ranks_sharing : 1);
    int usage = 0;
    if (o->mem_limit && (double)o->mem_limit > RFL_UM_MANAGED_FREE_FRACTION * free_share) {
        rfl_error_all("option --mem-limit: invalid value '%s' (more than 90%% of the %s free on device %d: "
                      "managed memory past the free memory can hang the GPU)",
                      rfl_format_size(o->mem_limit, a, sizeof a), rfl_format_size((uint64_t)free_share, b, sizeof b),
                      c.dev.index);
        usage = 1;
    }
    if (rfl_mpi_max_int(usage))
        return RFL_EXIT_USAGE;
    double limit = o->mem_limit ? (double)o->mem_limit : 0.5 * free_share;
    limit = -rfl_mpi_max_double(-limit);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    double host_limit = pages > 0 && page > 0 ? HOST_MEMORY_FRACTION * (double)pages * (double)page /
                                                    (rfl_mpi_local_size() > 0 ? rfl_mpi_local_size() : 1)
                                              : INFINITY;
    host_limit = -rfl_mpi_max_double(-host_limit);
    const double cap = limit < host_limit ? limit : host_limit;
    if ((double)wss_max > cap) {
        const int by_device = limit <= host_limit;
        if (o->wss[0]) {
            rfl_error("option --wss: maximum %s exceeds the %s of %s (%s)", rfl_format_size(wss_max, a, sizeof a),
                      by_device ? "device memory limit" : "host memory limit", rfl_format_size((uint64_t)cap, b, sizeof b),
                      by_device ? "half the free device memory, or --mem-limit" : "half the node's memory per rank");
            return RFL_EXIT_USAGE;
        }
        wss_max = (uint64_t)cap;
        rfl_warn("the working set stops at %s, the %s limit", rfl_format_size(wss_max, a, sizeof a),
                 by_device ? "device memory" : "host memory");
    }
    if (wss_max < RFL_UM_QUANTUM * sizeof(double)) {
        rfl_error("option --wss: maximum %llu bytes is below the smallest working set (1 KiB)",
                  (unsigned long long)wss_max);
        return RFL_EXIT_USAGE;
    }
    if (wss_min > wss_max)
        wss_min = wss_max;
    c.mem_limit = (uint64_t)limit;
    if (RFL_CUDA(rfl_um_gpu_occupancy(c.threads, &c.resident)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    if (c.resident < 1) {
        rfl_error("option --threads-per-block: %u threads per block cannot run on %s", c.threads, c.dev.name);
        return rfl_gpu_fail(RFL_EXIT_USAGE);
    }
    size_t nw = 0;
    uint64_t *wss = rfl_gpu_geometric(wss_min, wss_max, growth, &nw);
    struct table tab = {nw, o->nreuse, calloc(nw + 1, sizeof(uint64_t)), NULL, NULL};
    const size_t ncells = (size_t)RFL_UM_NMECH * (nw + 1) * (size_t)o->nreuse;
    tab.gbs = malloc(ncells * sizeof(double));
    tab.transfer = malloc(ncells * sizeof(double));
    if (!wss || !tab.wss || !tab.gbs || !tab.transfer) {
        free(wss);
        free(tab.wss);
        free(tab.gbs);
        free(tab.transfer);
        rfl_error_all("out of memory");
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }
    for (size_t i = 0; i < ncells; i++)
        tab.gbs[i] = tab.transfer[i] = NAN;
    for (size_t j = 0; j < nw; j++)
        tab.wss[j] = rfl_um_elements_for(wss[j]) * sizeof(double);

    const struct rfl_session_spec out_spec = {.program = "rfl_unified_memory", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS,
                                              .meta = rfl_gpu_meta_new("rfl_unified_memory", o->argc, o->argv, &c.dev)};
    struct rfl_session out;
    if (rfl_session_open(&out, &out_spec) != 0) {
        free(wss);
        free(tab.wss);
        free(tab.gbs);
        free(tab.transfer);
        return RFL_EXIT_FAILURE;
    }

    int stop = 0;
    json_t *skipped = root ? json_array() : NULL;

    /* References first: the rows' fraction_of_device needs the device pass. */
    c.ref = (struct reference){0, NAN, NAN, NAN, NAN};
    if (!o->no_reference) {
        char detail[256] = "";
        uint64_t ref_bytes = wss_max < REF_MAX_BYTES ? wss_max : REF_MAX_BYTES;
        int r = measure_reference(&c, rfl_um_elements_for(ref_bytes), &c.ref, detail, sizeof detail);
        if (r == RFL_EXIT_VERIFY)
            rfl_error_all("verification failed: %s", detail);
        if (r == RFL_EXIT_FAILURE)
            out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
        r = rfl_mpi_max_int(r);
        if (r != RFL_EXIT_OK) {
            out.status = r;
            stop = 1;
            if (r == RFL_EXIT_VERIFY)
                snprintf(out.failure, sizeof out.failure, "reference passes: wrong values");
        }
    }
    const double ref_mine[REF_NVALS] = {c.ref.bytes, c.ref.h2d, c.ref.d2h, c.ref.device_rmw, c.ref.cpu_rmw};
    double *ref_all = rfl_gpu_gather_doubles(ref_mine, REF_NVALS);

    double mine[NV];
    for (int m = 0; m < RFL_UM_NMECH && !stop; m++) {
        if (!(mechs >> m & 1))
            continue;
        struct rfl_um_seen seen_prev, seen_here;
        memset(&seen_prev, 0, sizeof seen_prev);
        size_t prev_n = 0, last_n = 0;
        for (size_t j = 0; j < nw && !stop; j++) {
            const size_t n = rfl_um_elements_for(wss[j]);
            if (n == last_n)
                continue;
            last_n = n;
            memset(&seen_here, 0, sizeof seen_here);
            struct rfl_um_buffers buf;
            char why[256];
            const enum rfl_um_alloc_result got =
                rfl_um_buffers_alloc(&buf, (enum rfl_um_mechanism)m, c.dev.index, n, c.mem_limit, why, sizeof why);
            const int alloc_status = got == RFL_UM_ALLOC_OK          ? ST_OK
                                     : got == RFL_UM_ALLOC_REFUSED    ? ST_SKIPPED_MEMORY
                                     : got == RFL_UM_ALLOC_UNSUPPORTED ? ST_UNSUPPORTED
                                                                      : ST_ALLOC_FAILED;
            char sz[32];
            rfl_format_size(n * sizeof(double), sz, sizeof sz);
            if (alloc_status != ST_OK) {
                rfl_warn("%s at %s: %s; its points are skipped (%s)", rfl_um_mechanisms[m].name, sz, why,
                         status_names[alloc_status]);
                if (skipped)
                    json_array_append_new(skipped, json_pack("{s:s, s:I, s:n, s:s, s:s}", "mechanism",
                                                             rfl_um_mechanisms[m].name, "wss_bytes",
                                                             (json_int_t)(n * sizeof(double)), "reuse", "status",
                                                             status_names[alloc_status], "reason", why));
            }
            const struct rfl_um_launch launch = {blocks_for(&c, n), c.threads};
            double offset = 0;
            int warmed = 0, told = 0;
            for (int r = 0; r < o->nreuse && !stop; r++) {
                const unsigned k = o->reuse[r];
                struct point p;
                memset(&p, 0, sizeof p);
                p.status = alloc_status;
                if (c.ranks > 1)
                    rfl_mpi_barrier();
                if (alloc_status == ST_OK) {
                    const double ratio = prev_n ? (double)n / (double)prev_n : 1.0;
                    const double pred = rfl_um_predict_trial_s(&seen_here, prev_n ? &seen_prev : NULL, ratio, k);
                    const double warm = rfl_um_predict_trial_s(&seen_here, prev_n ? &seen_prev : NULL, ratio, 1);
                    if (run_point(&c, &buf, &launch, k, pred, warm > 0 ? warm : 0, &warmed, &offset, &p)) {
                        out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                        stop = 1;
                        break;
                    }
                    if (p.status == ST_SKIPPED_TIMEOUT) {
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
                        double t_min = best_of(p.times, (int)p.experiments);
                        rfl_um_seen_add(&seen_here, k, t_min / (double)p.trials);
                    }
                }
                const int measured = p.status == ST_OK || p.status == ST_TIMEOUT;
                double sorted[MAX_EXPERIMENTS];
                struct rfl_stats st = {0, NAN, NAN, NAN, NAN};
                if (measured) {
                    memcpy(sorted, p.times, p.experiments * sizeof *sorted);
                    rfl_stats_compute(sorted, p.experiments, &st);
                }
                mine[V_DEVICE] = c.dev.index;
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
                mine[V_DEVICE_REF] = c.ref.device_rmw;
                double *all = rfl_gpu_gather_doubles(mine, NV);
                if (p.bad)
                    rfl_error_all("verification failed: %s at %s, reuse %u: %s", rfl_um_mechanisms[m].name, sz, k,
                                  p.detail);
                const long long bad = c.ranks > 1 ? rfl_mpi_sum_ll(p.bad) : p.bad;
                if (bad) {
                    out.status = RFL_EXIT_VERIFY;
                    snprintf(out.failure, sizeof out.failure, "%s at %s, reuse %u: %lld wrong values",
                             rfl_um_mechanisms[m].name, sz, k, bad);
                    stop = 1;
                } else if (root && all) {
                    for (int rank = 0; rank < c.ranks; rank++)
                        write_row(&out.csv, rank, (enum rfl_um_mechanism)m, n, k, all + (size_t)rank * NV);
                    if (measured) {
                        const double gbs = rfl_um_effective_bytes(n, p.trials, k) / st.min * 1e-9;
                        *cell(&tab, tab.gbs, m, j, r) = gbs;
                        const double moved = p.ph.to_device_s + p.ph.to_host_s;
                        if (p.have_ph && moved > 0 &&
                            (rfl_um_mechanisms[m].explicit_copy || m == RFL_UM_MANAGED_PREFETCH))
                            *cell(&tab, tab.transfer, m, j, r) = 2.0 * (double)n * sizeof(double) / moved * 1e-9;
                        rfl_progress("%s %s reuse %u  %.2f GB/s", rfl_um_mechanisms[m].name, sz, k, gbs);
                    }
                }
                free(all);
                stop = rfl_interrupt_agree(stop, &out.status);
            }
            if (alloc_status == ST_OK)
                rfl_um_buffers_free(&buf);
            seen_prev = seen_here;
            prev_n = n;
        }
    }
    const double elapsed = rfl_session_stop(&out);
    rfl_gpu_meta_finish(out.meta, &c.dev);

    if (root) {
        json_t *ev = json_array(), *half = json_array();
        if (out.status == RFL_EXIT_OK) {
            evidence(&c, &tab, ev, half, mechs);
            print_summary(&c, &tab, mechs);
        }
        json_t *meta = rfl_session_outcome(&out);
        json_t *rl = json_array(), *ml = json_array(), *refs = json_array();
        for (int r = 0; r < o->nreuse; r++)
            json_array_append_new(rl, json_integer(o->reuse[r]));
        for (int m = 0; m < RFL_UM_NMECH; m++)
            if (mechs >> m & 1)
                json_array_append_new(ml, json_pack("{s:s, s:s, s:b, s:b, s:s, s:s, s:s}", "name",
                                                    rfl_um_mechanisms[m].name, "fig7_panel",
                                                    rfl_um_mechanisms[m].fig7_panel, "explicit_copy",
                                                    rfl_um_mechanisms[m].explicit_copy, "managed",
                                                    rfl_um_mechanisms[m].managed, "host_memory",
                                                    rfl_um_mechanisms[m].host_memory, "gpu_memory",
                                                    rfl_um_mechanisms[m].gpu_memory, "per_trial",
                                                    rfl_um_mechanisms[m].per_trial));
        for (int r = 0; ref_all && r < c.ranks; r++) {
            const double *v = ref_all + (size_t)r * REF_NVALS;
            json_t *one = json_pack("{s:i, s:I}", "rank", r, "bytes", (json_int_t)v[0]);
            const char *keys[] = {NULL, "memcpy_h2d_gbytes_per_s", "memcpy_d2h_gbytes_per_s",
                                  "device_pass_gbytes_per_s", "cpu_pass_gbytes_per_s"};
            for (int i = 1; i < REF_NVALS; i++)
                json_object_set_new(one, keys[i], isfinite(v[i]) ? json_real(v[i]) : json_null());
            json_array_append_new(refs, one);
        }
        int omp_threads = 1;
#ifdef _OPENMP
        omp_threads = omp_get_max_threads();
#endif
        json_object_set_new(
            meta, "sweep",
            json_pack("{s:I, s:I, s:f, s:o, s:f, s:i, s:f, s:i, s:i, s:I, s:f, s:i, s:b, s:b, s:f}", "wss_min_bytes",
                      (json_int_t)wss_min, "wss_max_bytes", (json_int_t)wss_max, "growth", growth, "reuse", rl,
                      "min_time_s", c.min_time, "experiments", (int)c.experiments, "point_timeout_s", c.timeout,
                      "threads_per_block", (int)c.threads, "max_blocks_per_grid", c.resident * c.dev.sm_count,
                      "mem_limit_bytes", (json_int_t)c.mem_limit, "host_limit_bytes", isfinite(host_limit) ? host_limit : 0.0, "omp_threads",
                      omp_threads, "breakdown", c.breakdown, "reference", !o->no_reference, "elapsed_s", elapsed));
        json_object_set_new(meta, "mechanisms", ml);
        json_object_set_new(
            meta, "kernel",
            json_pack("{s:s, s:s, s:s, s:i, s:i, s:f, s:f, s:f, s:s, s:s}", "gpu",
                      "a[i] = beta * a[i] + gpu_alpha over double2 vectors, grid-stride, 4 loads in flight; one "
                      "launch per pass",
                      "cpu", "a[i] = beta * a[i] + cpu_alpha, OpenMP static schedule (one thread below 32768 elements)",
                      "fill", "a[i] = (i % 8) + 1", "element_bytes", (int)sizeof(double), "bytes_per_element_per_pass",
                      (int)(2 * sizeof(double)), "beta", RFL_UM_BETA, "gpu_alpha", RFL_UM_GPU_ALPHA, "cpu_alpha",
                      RFL_UM_CPU_ALPHA, "effective_bytes", "2 x 8 x elements x trials x (reuse + 1)", "check",
                      "after each point every element equals (i % 8) + 1 + trials x (reuse x gpu_alpha + cpu_alpha), "
                      "summed over every trial run on the array"));
        json_object_set_new(meta, "reference", refs);
        json_object_set_new(meta, "reuse_to_half_device", half);
        json_object_set_new(meta, "skipped", skipped ? skipped : json_array());
        json_object_set_new(meta, "evidence", ev);
    } else {
        json_decref(skipped);
    }
    rfl_session_commit(&out);
    int exit_code = rfl_session_close(&out);
    free(ref_all);
    free(wss);
    free(tab.wss);
    free(tab.gbs);
    free(tab.transfer);
    return exit_code;
}
