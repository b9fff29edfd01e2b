/* transfer: host<->device copies from 1 byte to 1 GiB, pinned and pageable,
 * both directions (Volkov 3.2), timed on the host around synchronous
 * cudaMemcpy calls (and a device synchronization, since a pageable upload
 * may return once its data is staged), and the fit
 * T = latency + bytes / bandwidth over each series (Volkov Eq. 1). */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/fit.h"
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

static void fill_host(unsigned char *a, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        a[i] = (unsigned char)(i * 131u + seed);
}

static size_t check_host(const unsigned char *a, size_t n, unsigned seed, size_t *first)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != (unsigned char)(i * 131u + seed)) {
            if (!bad)
                *first = i;
            bad++;
        }
    return bad;
}

struct series {
    double bytes[64], t_min[64], t_median[64], t_max[64];
    unsigned repeats[64];
    int n;
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
    unsigned char *dev = NULL, *pinned = NULL, *pageable = NULL;
    if (RFL_CUDA(cudaMalloc((void **)&dev, hi)) || RFL_CUDA(cudaMallocHost((void **)&pinned, hi)) ||
        !(pageable = malloc(hi))) {
        if (!pageable && dev && pinned)
            rfl_error_all("cannot allocate %llu bytes of host memory", (unsigned long long)hi);
        cudaFree(dev);
        cudaFreeHost(pinned);
        free(sizes);
        return rfl_gmi_failed(c);
    }
    /* Filling touches every page, so no first-touch fault lands in a sample. */
    fill_host(pinned, hi, SEED_HOST);
    fill_host(pageable, hi, SEED_HOST);

    struct rfl_gmi_table t, tf;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_transfer_table)) {
        cudaFree(dev);
        cudaFreeHost(pinned);
        free(pageable);
        free(sizes);
        return -1;
    }
    if (rfl_gmi_table_open(c, &tf, &rfl_gmi_transfer_fit_table)) {
        rfl_gmi_abort(c, &t);
        cudaFree(dev);
        cudaFreeHost(pinned);
        free(pageable);
        free(sizes);
        return -1;
    }
    static const char *const memory_names[2] = {"pinned", "pageable"};
    static const char *const direction_names[2] = {"h2d", "d2h"};
    struct rfl_fit fits[2][2];
    double largest_gbs[2][2] = {{0}};
    int fitted[2][2] = {{0}};
    int stop = 0, failed = 0;
    /* Under a budget the pinned copies (the host-link ceiling) come first. */
    for (int mem = 0; mem < 2; mem++)
        for (int dir = 0; dir < 2; dir++)
            for (size_t i = 0; i < npoints; i++)
                rfl_gmi_expect(c, mem, transfer_weight(sizes[i]));
    for (int mem = 0; mem < 2 && !stop && !failed; mem++)
        for (int dir = 0; dir < 2 && !stop && !failed; dir++) {
            unsigned char *host = mem == 0 ? pinned : pageable;
            const enum cudaMemcpyKind kind = dir == 0 ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
            if (dir == 1 && (RFL_CUDA(rfl_gmi_bytes_fill(dev, hi, SEED_DEVICE, c->stream)) ||
                             RFL_CUDA(cudaStreamSynchronize(c->stream)))) {
                failed = 1;
                break;
            }
            struct series s;
            memset(&s, 0, sizeof s);
            long long bad[64] = {0};
            char detail[64][160];
            for (size_t i = 0; i < npoints && !failed; i++) {
                const size_t bytes = (size_t)sizes[i];
                char what[64];
                snprintf(what, sizeof what, "transfer %s %s", direction_names[dir], memory_names[mem]);
                if (!rfl_gmi_admit(c, mem, transfer_weight(sizes[i]), what))
                    continue;
                void *dst = dir == 0 ? (void *)dev : (void *)host;
                const void *src = dir == 0 ? (const void *)host : (const void *)dev;
                unsigned repeats = 1;
                double sec = 0;
                for (;;) {
                    if (timed(c, dst, src, bytes, kind, repeats, &sec)) {
                        failed = 1;
                        break;
                    }
                    sec = c->ranks > 1 ? rfl_mpi_max_double(sec) : sec;
                    if (sec >= c->min_time_s || repeats >= MAX_REPEATS)
                        break;
                    repeats *= 2;
                }
                double times[1000];
                for (unsigned e = 0; e < c->experiments && !failed; e++) {
                    if (timed(c, dst, src, bytes, kind, repeats, &sec))
                        failed = 1;
                    times[e] = sec / repeats * rfl_gpu_slow_factor; /* 1 but under RFL_TEST_SLOW_RANK */
                }
                if (failed)
                    break;
                /* Verify what arrived. */
                detail[i][0] = '\0';
                if (dir == 0) {
                    struct rfl_gpu_mismatch m;
                    if (o->inject_fault && RFL_CUDA(cudaMemsetAsync(dev, 0, 1, c->stream)))
                        failed = 1;
                    if (failed || rfl_gmi_mismatch_reset(c) ||
                        RFL_CUDA(rfl_gmi_bytes_check(dev, bytes, SEED_HOST, c->mismatch, c->stream)) ||
                        rfl_gmi_mismatch_read(c, &m)) {
                        failed = 1;
                        break;
                    }
                    bad[i] = (long long)m.count;
                    if (m.count)
                        snprintf(detail[i], sizeof detail[i], "h2d %s %zu bytes: %llu wrong bytes, first at %llu",
                                 memory_names[mem], bytes, m.count, m.first_index);
                } else {
                    if (o->inject_fault)
                        host[0] ^= 0xff;
                    size_t first = 0, n = check_host(host, bytes, SEED_DEVICE, &first);
                    bad[i] = (long long)n;
                    if (n)
                        snprintf(detail[i], sizeof detail[i], "d2h %s %zu bytes: %zu wrong bytes, first at %zu",
                                 memory_names[mem], bytes, n, first);
                }
                struct rfl_stats st;
                rfl_stats_compute(times, c->experiments, &st);
                s.bytes[s.n] = (double)bytes;
                s.t_min[s.n] = st.min;
                s.t_median[s.n] = st.median;
                s.t_max[s.n] = st.max;
                s.repeats[s.n] = repeats;
                s.n++;
                rfl_gmi_done(c);
            }
            if (failed)
                break;
            /* (The downloads overwrote this host buffer's pattern: the order
             * h2d then d2h per buffer never uploads from it again.) */
            struct rfl_fit fit;
            const int ok = rfl_fit_latency_bandwidth(s.bytes, s.t_min, s.n, &fit) == 0;
            for (int i = 0; i < s.n && !stop; i++) {
                const double model = ok ? fit.latency_s + s.bytes[i] / fit.bandwidth_bytes_per_s : NAN;
                struct rfl_gmi_cell cells[] = {
                    RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(direction_names[dir]), RFL_GMI_S(memory_names[mem]),
                    RFL_GMI_I(s.bytes[i]), RFL_GMI_I(s.repeats[i]), RFL_GMI_I(c->experiments), RFL_GMI_D(s.t_min[i]),
                    RFL_GMI_D(s.t_median[i]), RFL_GMI_D(s.t_max[i]), RFL_GMI_D(s.bytes[i] / s.t_min[i] * 1e-9),
                    RFL_GMI_D(s.bytes[i] / s.t_median[i] * 1e-9), RFL_GMI_D(model),
                    RFL_GMI_D(ok ? model / s.t_min[i] - 1 : NAN), RFL_GMI_I(1)};
                stop = rfl_gmi_emit(c, &t, cells, bad[i], detail[i]);
            }
            if (stop)
                break;
            const int last = s.n - 1;
            const double largest = last >= 0 ? s.bytes[last] / s.t_min[last] : NAN;
            struct rfl_gmi_cell cells[] = {
                RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(direction_names[dir]), RFL_GMI_S(memory_names[mem]),
                RFL_GMI_I(s.n), RFL_GMI_I(s.n ? s.bytes[0] : 0), RFL_GMI_I(last >= 0 ? s.bytes[last] : 0),
                RFL_GMI_D(ok ? fit.latency_s * 1e6 : NAN), RFL_GMI_D(ok ? fit.bandwidth_bytes_per_s * 1e-9 : NAN),
                RFL_GMI_D(ok ? fit.rms_relative : NAN), RFL_GMI_D(ok ? fit.max_relative : NAN),
                RFL_GMI_I(last >= 0 ? s.bytes[last] : 0), RFL_GMI_D(largest * 1e-9),
                RFL_GMI_D(ok ? fit.bandwidth_bytes_per_s / largest : NAN), RFL_GMI_I(1)};
            stop = rfl_gmi_emit(c, &tf, cells, 0, NULL);
            fits[mem][dir] = fit;
            fitted[mem][dir] = ok;
            largest_gbs[mem][dir] = largest * 1e-9;
        }
    cudaFree(dev);
    cudaFreeHost(pinned);
    free(pageable);
    if (failed) {
        free(sizes);
        rfl_gmi_abort(c, &tf);
        return rfl_gmi_abort(c, &t);
    }
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        char sz[32], name[64], note[256];
        rfl_format_size(hi, sz, sizeof sz);
        for (int mem = 0; mem < 2; mem++)
            for (int dir = 0; dir < 2; dir++) {
                const struct rfl_fit *f = &fits[mem][dir];
                snprintf(name, sizeof name, "transfer_fit_%s_%s_gbytes_per_s", memory_names[mem], direction_names[dir]);
                snprintf(note, sizeof note, "T = %.1f us + bytes / %.2f GB/s (max error %.0f%%); %s copy of %s: %.2f GB/s",
                         f->latency_s * 1e6, f->bandwidth_bytes_per_s * 1e-9, f->max_relative * 100,
                         memory_names[mem], sz, largest_gbs[mem][dir]);
                /* The issue holds the pinned fit to within 5% of the largest pinned copy. */
                rfl_gpu_evidence(ev, name, fitted[mem][dir] ? f->bandwidth_bytes_per_s * 1e-9 : NAN, "GB/s",
                                 mem == 0 ? "~" : NULL, largest_gbs[mem][dir], 0.05, note);
            }
        json_t *sl = json_array();
        for (size_t i = 0; i < npoints; i++)
            json_array_append_new(sl, json_integer((json_int_t)sizes[i]));
        json_object_set_new(c->mode_meta, "bytes", sl);
        json_object_set_new(c->mode_meta, "fit",
                            json_string("weighted least squares of T = latency + bytes/bandwidth on each size's "
                                        "fastest sample, minimising relative residuals (weights 1/T^2)"));
        json_object_set_new(c->mode_meta, "timer",
                            json_string("host monotonic clock around repeated synchronous cudaMemcpy calls and a "
                                        "final cudaDeviceSynchronize"));
    }
    free(sizes);
    int rc = rfl_gmi_table_close(c, &tf);
    return rfl_gmi_table_close(c, &t) || rc ? -1 : 0;
}
