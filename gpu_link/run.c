/* rfl_gpu_link's run: in one process, every series (an ordered pair of
 * GPUs, a direction, a method) over the sizes, each point timed on the
 * host clock around `repeats` copies and the streams' synchronisation,
 * then checked where the copy arrived; the rows and the fit
 * T = latency + bytes / bandwidth of each series (common/fit.h). */
#include "config.h"
#include "gpu_link/gpu_link.h"
#include "gpu_link/kernels.h"
#include "gpu/budget.h"
#include "gpu/gpu.h"
#include "common/fit.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/stats.h"
#include "common/timer.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPEATS (1u << 20)
#define MIN_TIME_FLOOR_S 0.0005
#define EXPERIMENTS_FLOOR 2

/* One series: src -> dst (bidir: both ways at once), one method. */
struct series {
    int src, dst, dir, method, peer;
};

/* One measured point (the series' index, its size and times). */
struct point {
    size_t series;
    uint64_t bytes;
    unsigned repeats;
    double t_min, t_median, t_max;
};

struct ctx {
    const struct rfl_gpu_link_opts *o;
    int n;                         /* devices */
    struct rfl_gpu_device *dev;    /* [n] */
    unsigned char **src, **dst;    /* [n]: each device's source and destination buffer */
    struct rfl_gpu_mismatch **mm;  /* [n] */
    cudaStream_t *stream;          /* [n] */
    unsigned char *pinned;         /* the host-staging buffer; NULL: every pair has peer access */
    int *can, *enabled;            /* [dst * n + src]: dst may read src's memory; peer access enabled */
    uint64_t hi;
    double min_time;
    unsigned experiments;
    int injected;
    struct rfl_session *s;
};

static int can_read(const struct ctx *c, int reader, int owner) { return c->enabled[reader * c->n + owner]; }

/* Moved per copy: bidir moves `bytes` each way. */
static double moved(const struct series *k, uint64_t bytes) { return (double)bytes * (k->dir == RFL_GLK_BIDIR ? 2 : 1); }

/* One way, a -> b, `repeats` times, enqueued (the host-staged copy waits
 * for each half). */
static int enqueue(struct ctx *c, int method, int a, int b, size_t bytes, unsigned repeats)
{
    if (method == RFL_GLK_MEMCPY_PEER) {
        if (RFL_CUDA(cudaSetDevice(a)))
            return -1;
        for (unsigned r = 0; r < repeats; r++)
            if (RFL_CUDA(cudaMemcpyPeerAsync(c->dst[b], b, c->src[a], a, bytes, c->stream[a])))
                return -1;
    } else if (method == RFL_GLK_PEER_KERNEL) {
        if (RFL_CUDA(cudaSetDevice(b)))
            return -1;
        const unsigned blocks = (unsigned)c->dev[b].sm_count * 4u;
        for (unsigned r = 0; r < repeats; r++)
            if (RFL_CUDA(rfl_glk_peer_read(c->dst[b], c->src[a], bytes, blocks, c->stream[b])))
                return -1;
    } else {
        for (unsigned r = 0; r < repeats; r++)
            if (RFL_CUDA(cudaSetDevice(a)) ||
                RFL_CUDA(cudaMemcpyAsync(c->pinned, c->src[a], bytes, cudaMemcpyDeviceToHost, c->stream[a])) ||
                RFL_CUDA(cudaStreamSynchronize(c->stream[a])) || RFL_CUDA(cudaSetDevice(b)) ||
                RFL_CUDA(cudaMemcpyAsync(c->dst[b], c->pinned, bytes, cudaMemcpyHostToDevice, c->stream[b])) ||
                RFL_CUDA(cudaStreamSynchronize(c->stream[b])))
                return -1;
    }
    return 0;
}

static int sample(struct ctx *c, const struct series *k, size_t bytes, unsigned repeats, double *sec)
{
    const int a = k->src, b = k->dst;
    const double t0 = rfl_now_s();
    if (enqueue(c, k->method, a, b, bytes, repeats) ||
        (k->dir == RFL_GLK_BIDIR && enqueue(c, k->method, b, a, bytes, repeats)) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream[a])) || RFL_CUDA(cudaStreamSynchronize(c->stream[b])))
        return -1;
    *sec = rfl_now_s() - t0;
    return 0;
}

/* The pattern on `owner`'s source, the destination on `to` cleared. */
static int prepare(struct ctx *c, int owner, int to, size_t bytes, unsigned seed)
{
    return RFL_CUDA(cudaSetDevice(owner)) || RFL_CUDA(rfl_glk_fill(c->src[owner], bytes, seed, c->stream[owner])) ||
                   RFL_CUDA(cudaStreamSynchronize(c->stream[owner])) || RFL_CUDA(cudaSetDevice(to)) ||
                   RFL_CUDA(cudaMemsetAsync(c->dst[to], 0, bytes, c->stream[to])) ||
                   RFL_CUDA(cudaStreamSynchronize(c->stream[to]))
               ? -1
               : 0;
}

/* What arrived on `to` from a source of this seed: its wrong bytes. */
static int verify(struct ctx *c, int to, size_t bytes, unsigned seed, struct rfl_gpu_mismatch *m)
{
    if (RFL_CUDA(cudaSetDevice(to)))
        return -1;
    if (c->o->inject_fault && !c->injected) {
        c->injected = 1;
        if (RFL_CUDA(cudaMemsetAsync(c->dst[to], (int)((seed ^ 0x5au) & 0xffu), 1, c->stream[to])))
            return -1;
    }
    if (rfl_gpu_mismatch_reset(c->mm[to], c->stream[to]) ||
        RFL_CUDA(rfl_glk_check(c->dst[to], bytes, seed, c->mm[to], c->stream[to])) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream[to])) ||
        RFL_CUDA(cudaMemcpy(m, c->mm[to], sizeof *m, cudaMemcpyDeviceToHost)))
        return -1;
    return 0;
}

/* Calibrates, times and checks one point; 0, -1 (a CUDA call failed) or
 * RFL_EXIT_VERIFY (s->failure says where). */
static int measure(struct ctx *c, const struct series *k, size_t bytes, unsigned seed, struct point *p)
{
    const int a = k->src, b = k->dst, bidir = k->dir == RFL_GLK_BIDIR;
    if (prepare(c, a, b, bytes, seed) || (bidir && prepare(c, b, a, bytes, seed + 101u)))
        return -1;
    unsigned repeats = 1;
    double sec = 0, times[1000];
    for (;;) {
        if (sample(c, k, bytes, repeats, &sec))
            return -1;
        if (sec >= c->min_time || repeats >= MAX_REPEATS)
            break;
        repeats *= 2;
    }
    for (unsigned e = 0; e < c->experiments; e++) {
        if (sample(c, k, bytes, repeats, &sec))
            return -1;
        times[e] = sec / repeats;
    }
    for (int way = 0; way < 1 + bidir; way++) {
        struct rfl_gpu_mismatch m;
        const int from = way ? b : a, to = way ? a : b;
        if (verify(c, to, bytes, way ? seed + 101u : seed, &m))
            return -1;
        if (m.count) {
            rfl_error("verification failed: GPU %d -> GPU %d, %s %s, %zu bytes: %llu wrong bytes arrived, the first "
                      "at %llu",
                      from, to, rfl_glk_method_names[k->method], rfl_glk_direction_names[k->dir], bytes, m.count,
                      m.first_index);
            snprintf(c->s->failure, sizeof c->s->failure, "GPU %d -> GPU %d, %s %s, %zu bytes: %llu wrong bytes",
                     from, to, rfl_glk_method_names[k->method], rfl_glk_direction_names[k->dir], bytes, m.count);
            return RFL_EXIT_VERIFY;
        }
    }
    struct rfl_stats st;
    rfl_stats_compute(times, c->experiments, &st);
    p->bytes = bytes;
    p->repeats = repeats;
    p->t_min = st.min;
    p->t_median = st.median;
    p->t_max = st.max;
    return 0;
}

/* The series, in the order a budget ranks them: one-way cudaMemcpyPeer
 * (the link roof), both ways, the peer-reading kernel, host-staged. */
static size_t plan_series(const struct ctx *c, struct series *out)
{
    size_t m = 0;
    const int n = c->n;
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++)
            if (s != d)
                out[m++] = (struct series){s, d, RFL_GLK_UNI, RFL_GLK_MEMCPY_PEER, can_read(c, d, s)};
    for (int s = 0; s < n; s++)
        for (int d = s + 1; d < n; d++)
            out[m++] = (struct series){s, d, RFL_GLK_BIDIR, RFL_GLK_MEMCPY_PEER, can_read(c, d, s) && can_read(c, s, d)};
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++)
            if (s != d && can_read(c, d, s))
                out[m++] = (struct series){s, d, RFL_GLK_UNI, RFL_GLK_PEER_KERNEL, 1};
    for (int s = 0; s < n; s++)
        for (int d = s + 1; d < n; d++)
            if (can_read(c, d, s) && can_read(c, s, d))
                out[m++] = (struct series){s, d, RFL_GLK_BIDIR, RFL_GLK_PEER_KERNEL, 1};
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++)
            if (s != d && !can_read(c, d, s))
                out[m++] = (struct series){s, d, RFL_GLK_UNI, RFL_GLK_HOST_STAGED, 0};
    return m;
}

static int priority(const struct series *k)
{
    return k->method == RFL_GLK_MEMCPY_PEER ? k->dir : k->method == RFL_GLK_PEER_KERNEL ? 2 : 3;
}

static double weight(const struct series *k, uint64_t bytes) { return 1.0 + moved(k, bytes) / (double)(256u << 20); }

/* Peer access: what CUDA says of every ordered pair, and enabled where it
 * may be (an enable that fails is reported and the pair counts as without). */
static int peer_access(struct ctx *c)
{
    const int n = c->n;
    for (int d = 0; d < n; d++)
        for (int s = 0; s < n; s++) {
            int v = 0;
            if (s != d && RFL_CUDA(cudaDeviceCanAccessPeer(&v, d, s)))
                return -1;
            c->can[d * n + s] = v;
            if (!v)
                continue;
            if (RFL_CUDA(cudaSetDevice(d)))
                return -1;
            const cudaError_t e = cudaDeviceEnablePeerAccess(s, 0);
            if (e == cudaSuccess || e == cudaErrorPeerAccessAlreadyEnabled) {
                (void)cudaGetLastError();
                c->enabled[d * n + s] = 1;
            } else {
                (void)cudaGetLastError();
                rfl_warn("GPU %d may read GPU %d's memory, but cudaDeviceEnablePeerAccess failed: %s: measured as "
                         "without peer access",
                         d, s, cudaGetErrorName(e));
            }
        }
    return 0;
}

static void print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_gpu_link);
    rfl_schema_print(stdout, &rfl_schema_gpu_link_fit);
}

/* The rows, the fit rows and the sidecar's summary of the fits. */
static void write_out(struct ctx *c, struct rfl_csv *csv, struct rfl_csv *fit_csv, const struct series *ks, size_t nk,
                      const struct point *pt, size_t npt, json_t *links)
{
    double *x = malloc((npt + 1) * sizeof *x), *y = malloc((npt + 1) * sizeof *y);
    size_t i = 0;
    while (i < npt) {
        const struct series *k = &ks[pt[i].series];
        size_t j = i;
        int m = 0;
        for (; j < npt && pt[j].series == pt[i].series; j++, m++) {
            if (x && y) {
                x[m] = moved(k, pt[j].bytes);
                y[m] = pt[j].t_min;
            }
        }
        struct rfl_fit f;
        const int ok = x && y && rfl_fit_latency_bandwidth(x, y, m, &f) == 0;
        double best = 0;
        for (size_t r = i; r < j; r++) {
            const struct point *p = &pt[r];
            const double b = moved(k, p->bytes), model = ok ? f.latency_s + b / f.bandwidth_bytes_per_s : NAN;
            rfl_csv_int(csv, k->src);
            rfl_csv_int(csv, k->dst);
            rfl_csv_int(csv, k->peer);
            rfl_csv_str(csv, rfl_glk_direction_names[k->dir]);
            rfl_csv_str(csv, rfl_glk_method_names[k->method]);
            rfl_csv_int(csv, (long long)p->bytes);
            rfl_csv_int(csv, p->repeats);
            rfl_csv_int(csv, c->experiments);
            rfl_csv_double(csv, p->t_min);
            rfl_csv_double(csv, p->t_median);
            rfl_csv_double(csv, p->t_max);
            rfl_csv_double(csv, b / p->t_min * 1e-9);
            rfl_csv_double(csv, b / p->t_median * 1e-9);
            rfl_csv_double(csv, model);
            rfl_csv_double(csv, ok ? model / p->t_min - 1 : NAN);
            rfl_csv_int(csv, 1);
            rfl_csv_end_row(csv);
        }
        const struct point *last = &pt[j - 1];
        best = moved(k, last->bytes) / last->t_min;
        rfl_csv_int(fit_csv, k->src);
        rfl_csv_int(fit_csv, k->dst);
        rfl_csv_int(fit_csv, k->peer);
        rfl_csv_str(fit_csv, rfl_glk_direction_names[k->dir]);
        rfl_csv_str(fit_csv, rfl_glk_method_names[k->method]);
        rfl_csv_int(fit_csv, m);
        rfl_csv_int(fit_csv, (long long)pt[i].bytes);
        rfl_csv_int(fit_csv, (long long)last->bytes);
        rfl_csv_double(fit_csv, ok ? f.latency_s * 1e6 : NAN);
        rfl_csv_double(fit_csv, ok ? f.bandwidth_bytes_per_s * 1e-9 : NAN);
        rfl_csv_double(fit_csv, ok ? f.rms_relative : NAN);
        rfl_csv_double(fit_csv, ok ? f.max_relative : NAN);
        rfl_csv_int(fit_csv, (long long)last->bytes);
        rfl_csv_double(fit_csv, best * 1e-9);
        rfl_csv_double(fit_csv, ok ? f.bandwidth_bytes_per_s / best : NAN);
        rfl_csv_int(fit_csv, 1);
        rfl_csv_end_row(fit_csv);
        if (links)
            json_array_append_new(links, json_pack("{s:i, s:i, s:s, s:s, s:b, s:i, s:o, s:o, s:f}", "src", k->src,
                                                   "dst", k->dst, "direction", rfl_glk_direction_names[k->dir],
                                                   "method", rfl_glk_method_names[k->method], "peer_access",
                                                   k->peer, "points", m, "latency_us",
                                                   ok ? json_real(f.latency_s * 1e6) : json_null(),
                                                   "bandwidth_gbytes_per_s",
                                                   ok ? json_real(f.bandwidth_bytes_per_s * 1e-9) : json_null(),
                                                   "largest_gbytes_per_s", best * 1e-9));
        if (ok)
            rfl_info("evidence: GPU %d %s GPU %d, %s: T = %.2f us + bytes / %.2f GB/s; %.2f GB/s at %llu bytes%s",
                     k->src, k->dir == RFL_GLK_BIDIR ? "<->" : "->", k->dst, rfl_glk_method_names[k->method],
                     f.latency_s * 1e6, f.bandwidth_bytes_per_s * 1e-9, best * 1e-9, (unsigned long long)last->bytes,
                     k->peer ? "" : " (no peer access)");
        i = j;
    }
    (void)nk;
    free(x);
    free(y);
}

/* The sidecar's keys of this program. */
static void describe(struct ctx *c, json_t *meta, const uint64_t *sizes, size_t nsizes, json_t *links,
                     struct rfl_gpu_budget *budget)
{
    json_t *devs = json_array(), *pa = json_array(), *sl = json_array();
    for (int i = 0; i < c->n; i++)
        json_array_append_new(devs, rfl_gpu_device_json(&c->dev[i]));
    for (int s = 0; s < c->n; s++)
        for (int d = 0; d < c->n; d++)
            if (s != d)
                json_array_append_new(pa, json_pack("{s:i, s:i, s:b, s:b}", "src", s, "dst", d, "possible",
                                                    c->can[d * c->n + s], "enabled", c->enabled[d * c->n + s]));
    for (size_t i = 0; i < nsizes; i++)
        json_array_append_new(sl, json_integer((json_int_t)sizes[i]));
    json_object_set_new(meta, "devices", devs);
    json_object_set_new(meta, "peer_access", pa);
    json_object_set_new(meta, "bytes", sl);
    json_object_set_new(meta, "min_time_s", json_real(c->min_time));
    json_object_set_new(meta, "experiments", json_integer(c->experiments));
    json_object_set_new(meta, "timer", json_string("host monotonic clock around `repeats` copies enqueued on each "
                                                   "source's stream (the peer kernel: the destination's) and the "
                                                   "streams' synchronisation; bidir: both ways enqueued at once on "
                                                   "two streams"));
    json_object_set_new(meta, "fit", json_string("weighted least squares of T = latency + bytes moved / bandwidth "
                                                 "over each series' sizes, on each size's fastest sample, "
                                                 "minimising relative residuals (weights 1/T^2)"));
    json_object_set_new(meta, "links", links);
    json_object_set_new(meta, "budget", rfl_gpu_budget_json(budget));
}

static void release(struct ctx *c)
{
    for (int i = 0; i < c->n; i++) {
        if (c->stream && c->stream[i])
            cudaStreamDestroy(c->stream[i]);
        if (c->src)
            cudaFree(c->src[i]);
        if (c->dst)
            cudaFree(c->dst[i]);
        if (c->mm)
            cudaFree(c->mm[i]);
    }
    if (c->pinned)
        cudaFreeHost(c->pinned);
    free(c->dev);
    free(c->src);
    free(c->dst);
    free(c->mm);
    free(c->stream);
    free(c->can);
    free(c->enabled);
}

/* Devices, streams, buffers and peer access; an exit code. */
static int set_up(struct ctx *c)
{
    const int n = c->n;
    c->dev = calloc((size_t)n, sizeof *c->dev);
    c->src = calloc((size_t)n, sizeof *c->src);
    c->dst = calloc((size_t)n, sizeof *c->dst);
    c->mm = calloc((size_t)n, sizeof *c->mm);
    c->stream = calloc((size_t)n, sizeof *c->stream);
    c->can = calloc((size_t)(n * n), sizeof *c->can);
    c->enabled = calloc((size_t)(n * n), sizeof *c->enabled);
    if (!c->dev || !c->src || !c->dst || !c->mm || !c->stream || !c->can || !c->enabled) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    for (int i = 0; i < n; i++) {
        const int rc = rfl_gpu_select(i, &c->dev[i]);
        if (rc != RFL_EXIT_OK)
            return rc;
        if (RFL_CUDA(cudaStreamCreateWithFlags(&c->stream[i], cudaStreamNonBlocking)) ||
            RFL_CUDA(cudaMalloc((void **)&c->mm[i], sizeof *c->mm[i])) ||
            RFL_CUDA(cudaMalloc((void **)&c->src[i], c->hi)) || RFL_CUDA(cudaMalloc((void **)&c->dst[i], c->hi)))
            return RFL_EXIT_FAILURE;
    }
    if (peer_access(c))
        return RFL_EXIT_FAILURE;
    int staged = 0;
    for (int d = 0; d < n; d++)
        for (int s = 0; s < n; s++)
            staged |= s != d && !can_read(c, d, s);
    if (staged && RFL_CUDA(cudaMallocHost((void **)&c->pinned, c->hi)))
        return RFL_EXIT_FAILURE;
    return RFL_EXIT_OK;
}

int rfl_gpu_link_run(const struct rfl_gpu_link_opts *o)
{
    if (o->print_columns) {
        print_columns();
        return RFL_EXIT_OK;
    }
    if (o->list_devices)
        return rfl_gpu_list_devices(stdout);
    if (rfl_mpi_size() > 1) {
        rfl_error("runs in one process, which drives every GPU it sees; this run has %d MPI ranks (run it without "
                  "mpiexec)",
                  rfl_mpi_size());
        return RFL_EXIT_USAGE;
    }
    struct ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    char why[256] = "";
    if (rfl_gpu_count(&c.n, why, sizeof why) != 0 || c.n < 2) {
        rfl_error("needs 2 or more GPUs, this process sees %d%s%s: skipped", c.n, why[0] ? ": " : "", why);
        return RFL_GLK_EXIT_SKIP;
    }
    const uint64_t lo = o->sizes[1] ? o->sizes[0] : 4;
    c.hi = o->sizes[1] ? o->sizes[1] : o->quick ? 32u << 20 : o->full ? 1u << 30 : 256u << 20;
    size_t nsizes = 0;
    uint64_t *sizes = rfl_gpu_geometric(lo, c.hi, 2.0, &nsizes);
    c.min_time = o->min_time_s > 0 ? o->min_time_s : o->quick ? 0.002 : 0.005;
    c.experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
    struct rfl_gpu_budget budget;
    rfl_gpu_budget_begin(&budget, o->time_budget_s, 0);
    const size_t cap = (size_t)c.n * (size_t)c.n * 3;
    struct series *ks = malloc(cap * sizeof *ks);
    struct point *pt = NULL;
    int rc = !sizes || !ks ? RFL_EXIT_FAILURE : set_up(&c);
    if (rc == RFL_EXIT_FAILURE && (!sizes || !ks))
        rfl_error("out of memory");
    const size_t nk = rc == RFL_EXIT_OK ? plan_series(&c, ks) : 0;
    if (rc == RFL_EXIT_OK && !(pt = calloc(nk * nsizes + 1, sizeof *pt))) {
        rfl_error("out of memory");
        rc = RFL_EXIT_FAILURE;
    }
    if (rc != RFL_EXIT_OK)
        goto out;
    double total = 0;
    for (size_t k = 0; k < nk; k++)
        for (size_t i = 0; i < nsizes; i++) {
            rfl_gpu_budget_expect(&budget, priority(&ks[k]), weight(&ks[k], sizes[i]));
            total += weight(&ks[k], sizes[i]);
        }
    rfl_gpu_budget_plan_samples(&budget, total, 0.001, &c.min_time, o->min_time_s > 0, MIN_TIME_FLOOR_S,
                                &c.experiments, o->experiments > 0, EXPERIMENTS_FLOOR);
    rfl_gpu_budget_phase(&budget, 1.0, rfl_gpu_budget_point_s(0.001, c.min_time, c.experiments));

    const struct rfl_session_spec spec = {.program = "rfl_gpu_link", .argc = o->argc, .argv = o->argv,
                                          .output = o->output, .columns = rfl_schema_gpu_link_columns,
                                          .ncols = RFL_SCHEMA_GPU_LINK_NCOLUMNS};
    struct rfl_session s;
    if (rfl_gpu_session_open(&s, &spec, &c.dev[0]) != 0) {
        rc = RFL_EXIT_FAILURE;
        goto out;
    }
    c.s = &s;
    int failed = 0;
    struct rfl_csv *fit_csv = rfl_session_companion(&s, "fit", rfl_schema_gpu_link_fit_columns,
                                                    RFL_SCHEMA_GPU_LINK_FIT_NCOLUMNS, &failed);
    if (failed) {
        rc = RFL_EXIT_FAILURE;
        goto out;
    }
    size_t npt = 0;
    int stop = 0;
    for (size_t k = 0; k < nk && !stop; k++)
        for (size_t i = 0; i < nsizes && !stop; i++) {
            char what[96];
            snprintf(what, sizeof what, "%s %s", rfl_glk_method_names[ks[k].method], rfl_glk_direction_names[ks[k].dir]);
            if (!rfl_gpu_budget_admit(&budget, priority(&ks[k]), weight(&ks[k], sizes[i]), what))
                continue;
            const unsigned seed = 1u + (unsigned)k * 7u + (unsigned)i * 13u;
            const int r = measure(&c, &ks[k], (size_t)sizes[i], seed, &pt[npt]);
            if (r == 0) {
                pt[npt++].series = k;
                rfl_gpu_budget_done(&budget);
            } else {
                rfl_gpu_budget_withdraw(&budget, NULL);
                s.status = r < 0 ? RFL_EXIT_FAILURE : RFL_EXIT_VERIFY;
                if (r < 0)
                    snprintf(s.failure, sizeof s.failure, "GPU %d -> GPU %d, %s %s, %llu bytes: a CUDA call failed",
                             ks[k].src, ks[k].dst, rfl_glk_method_names[ks[k].method],
                             rfl_glk_direction_names[ks[k].dir], (unsigned long long)sizes[i]);
                stop = 1;
            }
            stop = rfl_interrupt_agree(stop, &s.status);
        }
    rfl_gpu_session_stop(&s, &c.dev[0]);
    json_t *meta = rfl_session_outcome(&s);
    json_t *links = meta ? json_array() : NULL;
    write_out(&c, &s.csv, fit_csv, ks, nk, pt, npt, links);
    if (meta)
        describe(&c, meta, sizes, nsizes, links, &budget);
    rfl_session_commit(&s);
    rc = rfl_session_close(&s);
out:
    release(&c);
    rfl_gpu_budget_free(&budget);
    free(sizes);
    free(ks);
    free(pt);
    return rc;
}
