/* transfer: host<->device copies from 1 byte to 1 GiB, pinned and pageable,
 * both directions (Volkov 3.2), timed on the host around synchronous
 * cudaMemcpy calls (and a device synchronization, since a pageable upload
 * may return once its data is staged), and the fit
 * T = latency + bytes / bandwidth over each series (Volkov Eq. 1), checked
 * before it may stand for the host link (fit_check, ceiling_from). */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/fit.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/size.h"
#include "common/stats.h"
#include "common/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_transfer_table = {"transfer", rfl_schema_gpu_micro_transfer_columns,
                                                          RFL_SCHEMA_GPU_MICRO_TRANSFER_NCOLUMNS};

const struct rfl_gmi_table_spec rfl_gmi_transfer_fit_table = {
    "transfer_fit", rfl_schema_gpu_micro_transfer_fit_columns, RFL_SCHEMA_GPU_MICRO_TRANSFER_FIT_NCOLUMNS};

#define SEED_HOST 7u
#define SEED_DEVICE 91u
#define MAX_REPEATS (1u << 20)

/* The check the evidence holds a pinned fit to: its bandwidth within 5% of
 * the largest copy's rate. An H100's first quick run fitted 37.3 GB/s
 * where the largest copy read 49.3 (max error 52%) and the next run's fit
 * 53.0: a fit that fails it is measured again, up to MAX_ATTEMPTS times in
 * all, within the budget. */
#define FIT_TOLERANCE 0.05
#define MAX_ATTEMPTS 3
/* A copy is long enough for its rate to stand for the link's bandwidth
 * when it takes at least this many times the smallest copy (about the
 * latency): the latency is then under 2% of it. */
#define DIRECT_OVER_LATENCY 50.0

/* One series (direction x host memory): per size its calibrated repeats
 * and the samples of every attempt, pooled (each the time of one copy). */
struct series {
    size_t n;
    uint64_t bytes[64];
    unsigned repeats[64];
    unsigned nt[64];
    int measured[64];
    long long bad[64];
    char detail[64][160];
    double *times; /* n x cap */
    unsigned cap;
};

/* The fit check's verdict and where the host link comes from (words of
 * the fit table's fit_check and ceiling_from). */
enum { CHECK_NO_FIT, CHECK_PASS, CHECK_FAIL };
static const char *const check_names[] = {"no_fit", "pass", "fail"};
enum { FROM_FIT, FROM_LARGEST_COPIES, FROM_NONE };
static const char *const from_names[] = {"fit", "largest_copies", "none"};

struct series_result {
    struct rfl_fit fit;
    int ok, pass, attempts, check, from;
    double largest_gbs, direct_gbs, ceiling_gbs;
};

static int timed(struct rfl_gmi_ctx *c, void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind,
                 unsigned repeats, double *seconds)
{
    if (c->ranks > 1)
        rfl_mpi_barrier();
    const double t0 = rfl_now_s();
    for (unsigned r = 0; r < repeats; r++)
        if (RFL_CUDA(cudaMemcpy(dst, src, bytes, kind)))
            return -1;
    if (RFL_CUDA(cudaDeviceSynchronize()))
        return -1;
    *seconds = rfl_now_s() - t0;
    return 0;
}

/* A point's weight under a budget: its samples, and its copies (64 MiB
 * count as much as the samples). */
static double transfer_weight(uint64_t bytes) { return 1.0 + (double)bytes / (double)(64u << 20); }

static const char *const memory_names[2] = {"pinned", "pageable"};
static const char *const direction_names[2] = {"h2d", "d2h"};

/* One attempt over the sizes: each admitted point calibrated (first
 * attempt) and its samples added, what arrived checked. -1: a CUDA
 * failure. */
static int measure(struct rfl_gmi_ctx *c, struct series *s, int mem, int dir, unsigned char *dev,
                   unsigned char *host, int attempt)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const enum cudaMemcpyKind kind = dir == 0 ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    /* Retries rank below the first pinned copies and share the rest's time. */
    const int prio = attempt ? 1 : mem;
    if (attempt)
        for (size_t i = 0; i < s->n; i++)
            if (s->measured[i])
                rfl_gmi_expect(c, prio, transfer_weight(s->bytes[i]));
    for (size_t i = 0; i < s->n; i++) {
        if (attempt && !s->measured[i])
            continue;
        const size_t bytes = (size_t)s->bytes[i];
        char what[64];
        snprintf(what, sizeof what, "transfer %s %s%s", direction_names[dir], memory_names[mem],
                 attempt ? " (fit retry)" : "");
        if (!rfl_gmi_admit(c, prio, transfer_weight(s->bytes[i]), what))
            continue;
        void *dst = dir == 0 ? (void *)dev : (void *)host;
        const void *src = dir == 0 ? (const void *)host : (const void *)dev;
        double sec = 0;
        if (!attempt) {
            unsigned repeats = 1;
            for (;;) {
                if (timed(c, dst, src, bytes, kind, repeats, &sec))
                    return -1;
                sec = c->ranks > 1 ? rfl_mpi_max_double(sec) : sec;
                if (sec >= c->min_time_s || repeats >= MAX_REPEATS)
                    break;
                repeats *= 2;
            }
            s->repeats[i] = repeats;
        }
        for (unsigned e = 0; e < c->experiments; e++) {
            if (timed(c, dst, src, bytes, kind, s->repeats[i], &sec))
                return -1;
            /* rfl_gpu_slow_factor: 1 but under RFL_TEST_SLOW_RANK */
            s->times[i * s->cap + s->nt[i]++] = sec / s->repeats[i] * rfl_gpu_slow_factor;
        }
        if (dir == 0) {
            struct rfl_gpu_mismatch m;
            if ((o->inject_fault && RFL_CUDA(cudaMemsetAsync(dev, 0, 1, c->stream))) || rfl_gmi_mismatch_reset(c) ||
                RFL_CUDA(rfl_gmi_bytes_check(dev, bytes, SEED_HOST, c->mismatch, c->stream)) ||
                rfl_gmi_mismatch_read(c, &m))
                return -1;
            if (m.count && !s->bad[i])
                snprintf(s->detail[i], sizeof s->detail[i], "h2d %s %zu bytes: %llu wrong bytes, first at %llu",
                         memory_names[mem], bytes, m.count, m.first_index);
            s->bad[i] += (long long)m.count;
        } else {
            if (o->inject_fault)
                host[0] ^= 0xff;
            struct rfl_gpu_mismatch m = {0, RFL_GPU_NO_INDEX};
            rfl_gpu_bytes_check_host(host, bytes, SEED_DEVICE, &m);
            if (m.count && !s->bad[i])
                snprintf(s->detail[i], sizeof s->detail[i], "d2h %s %zu bytes: %llu wrong bytes, first at %llu",
                         memory_names[mem], bytes, m.count, m.first_index);
            s->bad[i] += (long long)m.count;
        }
        s->measured[i] = 1;
        rfl_gmi_done(c);
    }
    return 0;
}

/* The fit over each size's fastest copy, its check, and what a host-link
 * ceiling takes: the fit where it passed, else the direct figure (the
 * best rate of the copies long enough, DIRECT_OVER_LATENCY), else none. */
static void judge(const struct series *s, const double *t_min, struct series_result *r)
{
    double x[64], y[64];
    int m = 0;
    double shortest = INFINITY;
    for (size_t i = 0; i < s->n; i++)
        if (s->measured[i]) {
            x[m] = (double)s->bytes[i];
            y[m] = t_min[i];
            shortest = fmin(shortest, t_min[i]);
            m++;
        }
    r->ok = rfl_fit_latency_bandwidth(x, y, m, &r->fit) == 0;
    r->largest_gbs = m ? x[m - 1] / y[m - 1] * 1e-9 : NAN;
    r->direct_gbs = NAN;
    for (int i = 0; i < m; i++)
        if (y[i] >= DIRECT_OVER_LATENCY * shortest && (isnan(r->direct_gbs) || x[i] / y[i] * 1e-9 > r->direct_gbs))
            r->direct_gbs = x[i] / y[i] * 1e-9;
    r->pass = r->ok && r->largest_gbs > 0 &&
              fabs(r->fit.bandwidth_bytes_per_s * 1e-9 / r->largest_gbs - 1) <= FIT_TOLERANCE;
    r->check = !r->ok ? CHECK_NO_FIT : r->pass ? CHECK_PASS : CHECK_FAIL;
    r->ceiling_gbs = r->pass ? r->fit.bandwidth_bytes_per_s * 1e-9 : r->direct_gbs;
    r->from = r->pass ? FROM_FIT : isfinite(r->direct_gbs) ? FROM_LARGEST_COPIES : FROM_NONE;
}

/* The mode's buffers (the copies of the largest size each way) and samples. */
static void release(unsigned char *dev, unsigned char *pinned, unsigned char *pageable, struct series *s)
{
    cudaFree(dev);
    cudaFreeHost(pinned);
    free(pageable);
    free(s->times);
}

int rfl_gmi_mode_transfer(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const uint64_t lo = o->transfer[0] ? o->transfer[0] : 1;
    const uint64_t hi = o->transfer[0] ? o->transfer[1] : o->quick ? 64ull << 20 : 1ull << 30;
    size_t npoints = 0;
    uint64_t *sizes = rfl_gpu_geometric(lo, hi, 2.0, &npoints);
    if (!sizes || npoints > 64) {
        free(sizes);
        rfl_error("option --transfer-sizes: at most 64 sizes (doubling from MIN to MAX)");
        c->status = RFL_EXIT_USAGE;
        return -1;
    }
    struct series s;
    memset(&s, 0, sizeof s);
    s.n = npoints;
    s.cap = MAX_ATTEMPTS * c->experiments;
    memcpy(s.bytes, sizes, npoints * sizeof sizes[0]);
    unsigned char *dev = NULL, *pinned = NULL, *pageable = NULL;
    if (!(s.times = malloc(npoints * s.cap * sizeof *s.times)) || RFL_CUDA(cudaMalloc((void **)&dev, hi)) ||
        RFL_CUDA(cudaMallocHost((void **)&pinned, hi)) || !(pageable = malloc(hi))) {
        if (!s.times || (!pageable && dev && pinned))
            rfl_error_all("cannot allocate %llu bytes of host memory", (unsigned long long)hi);
        release(dev, pinned, pageable, &s);
        free(sizes);
        return rfl_gmi_failed(c);
    }
    /* Filling touches every page, so no first-touch fault lands in a sample. */
    rfl_gpu_bytes_fill_host(pinned, hi, SEED_HOST);
    rfl_gpu_bytes_fill_host(pageable, hi, SEED_HOST);

    struct rfl_gmi_table t, tf;
    const int opened = rfl_gmi_table_open(c, &t, &rfl_gmi_transfer_table) == 0;
    if (!opened || rfl_gmi_table_open(c, &tf, &rfl_gmi_transfer_fit_table)) {
        if (opened)
            rfl_gmi_abort(c, &t);
        release(dev, pinned, pageable, &s);
        free(sizes);
        return -1;
    }
    struct series_result res[2][2];
    memset(res, 0, sizeof res);
    int stop = 0, failed = 0;
    /* Under a budget the pinned copies (the host-link ceiling) come first. */
    for (int mem = 0; mem < 2; mem++)
        for (int dir = 0; dir < 2; dir++)
            for (size_t i = 0; i < npoints; i++)
                rfl_gmi_expect(c, mem, transfer_weight(sizes[i]));
    /* A link idle until now may still be in a power-saving state for the
     * first copies: one untimed copy each way wakes it. */
    if (RFL_CUDA(cudaMemcpy(dev, pinned, hi, cudaMemcpyHostToDevice)) ||
        RFL_CUDA(cudaMemcpy(pinned, dev, hi, cudaMemcpyDeviceToHost)))
        failed = 1;
    rfl_gpu_bytes_fill_host(pinned, hi, SEED_HOST);
    for (int mem = 0; mem < 2 && !stop && !failed; mem++)
        for (int dir = 0; dir < 2 && !stop && !failed; dir++) {
            unsigned char *host = mem == 0 ? pinned : pageable;
            if (dir == 1 && (RFL_CUDA(rfl_gmi_bytes_fill(dev, hi, SEED_DEVICE, c->stream)) ||
                             RFL_CUDA(cudaStreamSynchronize(c->stream)))) {
                failed = 1;
                break;
            }
            memset(s.nt, 0, sizeof s.nt);
            memset(s.measured, 0, sizeof s.measured);
            memset(s.bad, 0, sizeof s.bad);
            for (size_t i = 0; i < npoints; i++)
                s.detail[i][0] = '\0';
            struct series_result *r = &res[mem][dir];
            double t_min[64], t_median[64], t_max[64];
            for (r->attempts = 0; r->attempts < (mem == 0 ? MAX_ATTEMPTS : 1);) {
                if (measure(c, &s, mem, dir, dev, host, r->attempts)) {
                    failed = 1;
                    break;
                }
                r->attempts++;
                for (size_t i = 0; i < npoints; i++)
                    if (s.measured[i]) {
                        struct rfl_stats st;
                        rfl_stats_compute(s.times + i * s.cap, s.nt[i], &st);
                        t_min[i] = st.min, t_median[i] = st.median, t_max[i] = st.max;
                    }
                judge(&s, t_min, r);
                /* Every rank measures again while any rank's fit fails (collective). */
                const int again = c->ranks > 1 ? rfl_mpi_max_int(!r->pass) : !r->pass;
                if (!again || rfl_interrupt_agree(0, &c->status))
                    break;
            }
            if (failed)
                break;
            /* (The downloads overwrote this host buffer's pattern: the order
             * h2d then d2h per buffer never uploads from it again.) */
            const struct rfl_fit *fit = &r->fit;
            const int ok = r->ok;
            size_t last = 0;
            int nm = 0;
            for (size_t i = 0; i < npoints && !stop; i++) {
                if (!s.measured[i])
                    continue;
                const double b = (double)s.bytes[i];
                const double model = ok ? fit->latency_s + b / fit->bandwidth_bytes_per_s : NAN;
                struct rfl_gmi_cell cells[] = {
                    RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(direction_names[dir]), RFL_GMI_S(memory_names[mem]),
                    RFL_GMI_I(b), RFL_GMI_I(s.repeats[i]), RFL_GMI_I(s.nt[i]), RFL_GMI_D(t_min[i]),
                    RFL_GMI_D(t_median[i]), RFL_GMI_D(t_max[i]), RFL_GMI_D(b / t_min[i] * 1e-9),
                    RFL_GMI_D(b / t_median[i] * 1e-9), RFL_GMI_D(model), RFL_GMI_D(ok ? model / t_min[i] - 1 : NAN),
                    RFL_GMI_I(1)};
                stop = rfl_gmi_emit(c, &t, cells, s.bad[i], s.detail[i]);
                last = i;
                nm++;
            }
            if (stop)
                break;
            size_t first = 0;
            while (first < npoints && !s.measured[first])
                first++;
            struct rfl_gmi_cell cells[] = {
                RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(direction_names[dir]), RFL_GMI_S(memory_names[mem]),
                RFL_GMI_I(nm), RFL_GMI_I(nm ? s.bytes[first] : 0), RFL_GMI_I(nm ? s.bytes[last] : 0),
                RFL_GMI_D(ok ? fit->latency_s * 1e6 : NAN), RFL_GMI_D(ok ? fit->bandwidth_bytes_per_s * 1e-9 : NAN),
                RFL_GMI_D(ok ? fit->rms_relative : NAN), RFL_GMI_D(ok ? fit->max_relative : NAN),
                RFL_GMI_I(nm ? s.bytes[last] : 0), RFL_GMI_D(r->largest_gbs),
                RFL_GMI_D(ok ? fit->bandwidth_bytes_per_s * 1e-9 / r->largest_gbs : NAN), RFL_GMI_I(r->attempts),
                RFL_GMI_W(check_names, r->check), RFL_GMI_D(r->ceiling_gbs), RFL_GMI_W(from_names, r->from),
                RFL_GMI_I(1)};
            stop = rfl_gmi_emit(c, &tf, cells, 0, NULL);
        }
    release(dev, pinned, pageable, &s);
    if (failed) {
        free(sizes);
        rfl_gmi_abort(c, &tf);
        return rfl_gmi_abort(c, &t);
    }
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        char sz[32], name[64], note[384];
        rfl_format_size(hi, sz, sizeof sz);
        for (int mem = 0; mem < 2; mem++)
            for (int dir = 0; dir < 2; dir++) {
                const struct series_result *r = &res[mem][dir];
                const struct rfl_fit *f = &r->fit;
                char ceiling[160];
                if (r->from == FROM_FIT)
                    snprintf(ceiling, sizeof ceiling, "the fit is the host link");
                else if (r->from == FROM_LARGEST_COPIES)
                    snprintf(ceiling, sizeof ceiling, "not a ceiling: the host link is the best long copy, %.2f GB/s",
                             r->ceiling_gbs);
                else
                    snprintf(ceiling, sizeof ceiling, "not a ceiling, and no copy long enough to stand for one");
                snprintf(name, sizeof name, "transfer_fit_%s_%s_gbytes_per_s", memory_names[mem], direction_names[dir]);
                snprintf(note, sizeof note,
                         "T = %.1f us + bytes / %.2f GB/s (max error %.0f%%); %s copy of %s: %.2f GB/s; "
                         "%d measurement%s; %s",
                         f->latency_s * 1e6, f->bandwidth_bytes_per_s * 1e-9, f->max_relative * 100, memory_names[mem],
                         sz, r->largest_gbs, r->attempts, r->attempts == 1 ? "" : "s",
                         mem == 0 ? ceiling : "no ceiling (pageable)");
                /* The pinned fit is held to within FIT_TOLERANCE of the largest pinned copy. */
                rfl_gpu_evidence(ev, name, r->ok ? f->bandwidth_bytes_per_s * 1e-9 : NAN, "GB/s",
                                 mem == 0 ? "~" : NULL, r->largest_gbs, FIT_TOLERANCE, note);
            }
        json_t *sl = json_array();
        for (size_t i = 0; i < npoints; i++)
            json_array_append_new(sl, json_integer((json_int_t)sizes[i]));
        json_object_set_new(c->mode_meta, "bytes", sl);
        json_object_set_new(c->mode_meta, "fit",
                            json_string("weighted least squares of T = latency + bytes/bandwidth on each size's "
                                        "fastest sample, minimising relative residuals (weights 1/T^2)"));
        json_object_set_new(c->mode_meta, "fit_check",
                            json_pack("{s:f, s:i, s:f, s:s}", "tolerance", FIT_TOLERANCE, "max_attempts",
                                      MAX_ATTEMPTS, "direct_over_latency", DIRECT_OVER_LATENCY, "rule",
                                      "a pinned fit must lie within the tolerance of the largest copy's rate; one "
                                      "that does not is measured again (every size, samples pooled) up to "
                                      "max_attempts times within the budget; still failing, the host link is the "
                                      "best rate of the copies that took at least direct_over_latency times the "
                                      "shortest copy, else none"));
        json_object_set_new(c->mode_meta, "timer",
                            json_string("host monotonic clock around repeated synchronous cudaMemcpy calls and a "
                                        "final cudaDeviceSynchronize"));
    }
    free(sizes);
    int rc = rfl_gmi_table_close(c, &tf);
    return rfl_gmi_table_close(c, &t) || rc ? -1 : 0;
}
