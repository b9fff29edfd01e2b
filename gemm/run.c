/* The run of rfl_gemm: the mix microbenchmark, then for each precision
 * and transposition the tuning of tiled and dmma over their tile shapes,
 * then for each size one group of fresh random inputs (rotating sets
 * twice the L2 size, so no launch finds its inputs in L2), one reference
 * (cuBLAS; cuBLAS itself against the host in long double), and each
 * kernel checked against it and timed with events.  Last the model table
 * (Lai and Seznec, Eqs. 6-9; Volkov and Demmel, Tables 2-3) at the model
 * size, and the evidence lines. */
#include "config.h"
#include "gemm/blas.h"
#include "gemm/gemm_internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/stats.h"
#include "common/timer.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const *const rfl_gemm_columns = rfl_schema_gemm_columns;
const size_t rfl_gemm_ncolumns = RFL_SCHEMA_GEMM_NCOLUMNS;
const char *const *const rfl_gemm_mix_columns = rfl_schema_gemm_mix_columns;
const size_t rfl_gemm_nmix_columns = RFL_SCHEMA_GEMM_MIX_NCOLUMNS;
const char *const *const rfl_gemm_model_columns = rfl_schema_gemm_model_columns;
const size_t rfl_gemm_nmodel_columns = RFL_SCHEMA_GEMM_MODEL_NCOLUMNS;

#define MAX_SETS 256
#define MAX_EXPERIMENTS 1000
#define MAX_CHOICES 32
#define HOST_ROWS 8
#define HOST_COLS 8

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

double rfl_gemm_nvml_mhz(const struct rfl_gemm_ctx *c)
{
    json_t *j = rfl_gpu_nvml_json(&c->dev);
    json_t *v = j ? json_object_get(j, "sm_clock_mhz") : NULL;
    double mhz = v && json_is_number(v) ? json_number_value(v) : NAN;
    json_decref(j);
    return mhz > 0 ? mhz : NAN;
}

char *rfl_gemm_companion_path(const char *output, const char *suffix)
{
    if (strcmp(output, "-") == 0)
        return strdup("-");
    size_t len = strlen(output);
    size_t stem = len >= 4 && strcmp(output + len - 4, ".csv") == 0 ? len - 4 : len;
    char *p = malloc(stem + strlen(suffix) + 6);
    if (p)
        sprintf(p, "%.*s_%s.csv", (int)stem, output, suffix);
    return p;
}

static unsigned long long mix64(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static int family_has(enum rfl_gemm_family f, enum rfl_gemm_prec p)
{
    switch (f) {
    case RFL_GEMM_VOLKOV:
    case RFL_GEMM_TILED:
        return p == RFL_GEMM_FP64 || p == RFL_GEMM_FP32;
    case RFL_GEMM_DMMA:
        return p == RFL_GEMM_FP64;
    default:
        return 1;
    }
}

/* ------------------------------------------------------------------------
 * A group: the inputs of one (precision, transposition, size)
 * ---------------------------------------------------------------------- */

struct group {
    enum rfl_gemm_prec p;
    int transb;
    unsigned m, n, k;
    size_t es; /* bytes per element of A, B, C (fp64: 8, else 4) */
    int lda, ldb, ldc;
    int nsets, half;
    void *a[MAX_SETS], *b[MAX_SETS], *c[MAX_SETS], *a16[MAX_SETS], *b16[MAX_SETS];
    void *r; /* the reference result */
    unsigned long long seed;
};

static void group_free(struct group *g)
{
    for (int s = 0; s < g->nsets; s++) {
        cudaFree(g->a[s]);
        cudaFree(g->b[s]);
        cudaFree(g->c[s]);
        cudaFree(g->a16[s]);
        cudaFree(g->b16[s]);
    }
    cudaFree(g->r);
    memset(g, 0, sizeof *g);
}

static enum rfl_gemm_prec storage_prec(enum rfl_gemm_prec p)
{
    return p == RFL_GEMM_FP64 ? RFL_GEMM_FP64 : RFL_GEMM_FP32;
}

static int fill_c(struct rfl_gemm_ctx *c, struct group *g, int set)
{
    return RFL_CUDA(rfl_gemm_fill(storage_prec(g->p), g->c[set], (size_t)g->m * g->n, g->seed + 4ull * set + 2,
                                  c->stream));
}

/* 0 ok, -1 failure, 1 does not fit in device memory (skipped). */
static int group_alloc(struct rfl_gemm_ctx *c, struct group *g, enum rfl_gemm_prec p, int transb,
                       struct rfl_gemm_size s, int rotate, unsigned long long seed)
{
    memset(g, 0, sizeof *g);
    g->p = p;
    g->transb = transb;
    g->m = s.m;
    g->n = s.n;
    g->k = s.k;
    g->es = p == RFL_GEMM_FP64 ? 8 : 4;
    g->lda = (int)s.m;
    g->ldb = transb ? (int)s.n : (int)s.k;
    g->ldc = (int)s.m;
    g->half = p == RFL_GEMM_BF16 || p == RFL_GEMM_FP16;
    g->seed = seed;
    const size_t na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n, nc = (size_t)s.m * s.n;
    const size_t set_bytes = (na + nb + nc) * g->es + (g->half ? (na + nb) * 2 : 0);
    size_t free_bytes = 0, total = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total)))
        return -1;
    const double usable = 0.85 * (double)free_bytes - (double)nc * g->es;
    int nsets = 1;
    if (rotate && c->dev.l2_bytes)
        nsets = (int)ceil(2.0 * (double)c->dev.l2_bytes / (double)set_bytes);
    if (nsets > MAX_SETS)
        nsets = MAX_SETS;
    if ((double)nsets * set_bytes > usable)
        nsets = (int)(usable / (double)set_bytes);
    if (nsets < 1)
        return 1;
    for (int i = 0; i < nsets; i++) {
        g->nsets = i + 1;
        if (RFL_CUDA(cudaMalloc(&g->a[i], na * g->es)) || RFL_CUDA(cudaMalloc(&g->b[i], nb * g->es)) ||
            RFL_CUDA(cudaMalloc(&g->c[i], nc * g->es)))
            return -1;
        const enum rfl_gemm_prec sp = storage_prec(p);
        if (RFL_CUDA(rfl_gemm_fill(sp, g->a[i], na, seed + 4ull * i, c->stream)) ||
            RFL_CUDA(rfl_gemm_fill(sp, g->b[i], nb, seed + 4ull * i + 1, c->stream)) || fill_c(c, g, i))
            return -1;
        if (g->half) {
            if (RFL_CUDA(cudaMalloc(&g->a16[i], na * 2)) || RFL_CUDA(cudaMalloc(&g->b16[i], nb * 2)) ||
                RFL_CUDA(rfl_gemm_to_half(p, (const float *)g->a[i], g->a16[i], na, c->stream)) ||
                RFL_CUDA(rfl_gemm_to_half(p, (const float *)g->b[i], g->b16[i], nb, c->stream)))
                return -1;
        }
    }
    if (RFL_CUDA(cudaMalloc(&g->r, nc * g->es)) || RFL_CUDA(cudaStreamSynchronize(c->stream)))
        return -1;
    return 0;
}

static void group_args(const struct rfl_gemm_ctx *c, const struct group *g, int set, int use16, void *out,
                       struct rfl_gemm_args *a)
{
    a->m = (int)g->m;
    a->n = (int)g->n;
    a->k = (int)g->k;
    a->lda = g->lda;
    a->ldb = g->ldb;
    a->ldc = g->ldc;
    a->alpha = c->o->alpha;
    a->beta = c->o->beta;
    a->a = use16 ? g->a16[set] : g->a[set];
    a->b = use16 ? g->b16[set] : g->b[set];
    a->c = out ? out : g->c[set];
}

/* ------------------------------------------------------------------------
 * Runners: one kernel, or cuBLAS in one precision
 * ---------------------------------------------------------------------- */

struct runner {
    enum rfl_gemm_family family;
    const struct rfl_gemm_kernel *k; /* NULL for cuBLAS */
    enum rfl_gemm_prec prec;
    int transb;
};

static int run_once(struct rfl_gemm_ctx *c, const struct runner *r, const struct rfl_gemm_args *a)
{
    if (r->family == RFL_GEMM_CUBLAS)
        return RFL_CUBLAS(rfl_gemm_cublas(c->blas, r->prec, r->transb, a));
    return RFL_CUDA(rfl_gemm_launch(r->k, a, c->stream));
}

/* R = alpha A op(B) + beta C0 by cuBLAS (FP32 for the tensor precisions). */
static int group_reference(struct rfl_gemm_ctx *c, struct group *g)
{
    struct rfl_gemm_args a;
    group_args(c, g, 0, 0, g->r, &a);
    const struct runner ref = {RFL_GEMM_CUBLAS, NULL, storage_prec(g->p), g->transb};
    if (RFL_CUDA(rfl_gemm_fill(storage_prec(g->p), g->r, (size_t)g->m * g->n, g->seed + 2, c->stream)) ||
        run_once(c, &ref, &a) || RFL_CUDA(cudaStreamSynchronize(c->stream)))
        return -1;
    return 0;
}

static void runner_config(const struct runner *r, char *buf, size_t len)
{
    if (r->family == RFL_GEMM_CUBLAS) {
        const char *call = rfl_gemm_cublas_call(r->prec);
        snprintf(buf, len, "%.*s", (int)strcspn(call, " "), call);
    } else {
        rfl_gemm_kernel_config(r->k, buf, len);
    }
}

/* ------------------------------------------------------------------------
 * Verification
 * ---------------------------------------------------------------------- */

struct check {
    double err, bound;
    const char *reference;
    char detail[384];
};

/* Runs r once on set 0 (C refilled with C0) and compares: with the group's
 * reference on the device, or, for cuBLAS in FP32/FP64 (the reference
 * itself), 8 x 8 entries against the host in long double. 0: compared (see
 * ck->err against ck->bound); -1: a call failed. */
static int verify(struct rfl_gemm_ctx *c, const struct runner *r, struct group *g, struct check *ck)
{
    const int host = r->family == RFL_GEMM_CUBLAS && (r->prec == RFL_GEMM_FP64 || r->prec == RFL_GEMM_FP32);
    const int fp64 = g->p == RFL_GEMM_FP64;
    const size_t es = g->es;
    ck->bound = rfl_gemm_error_bound(r->prec, g->k);
    ck->detail[0] = '\0';
    ck->reference = host                       ? "host_long_double"
                    : g->p == RFL_GEMM_FP64    ? "cublas_dgemm"
                                               : "cublas_sgemm";
    if (fill_c(c, g, 0))
        return -1;
    int rows[HOST_ROWS], cols[HOST_COLS];
    char *ha = NULL, *hb = NULL, *hc0 = NULL, *hc = NULL;
    long double *ref = NULL;
    int rc = -1;
    if (host) {
        ha = malloc((size_t)HOST_ROWS * g->k * es);
        hb = malloc((size_t)HOST_COLS * g->k * es);
        hc0 = malloc((size_t)HOST_ROWS * HOST_COLS * es);
        hc = malloc((size_t)HOST_ROWS * HOST_COLS * es);
        ref = malloc((size_t)HOST_ROWS * HOST_COLS * sizeof *ref);
        if (!ha || !hb || !hc0 || !hc || !ref) {
            rfl_error_all("out of memory");
            goto out;
        }
        for (int i = 0; i < HOST_ROWS; i++)
            rows[i] = i == 0 ? 0 : (int)(mix64(g->seed + 17 + (unsigned)i) % g->m);
        for (int j = 0; j < HOST_COLS; j++)
            cols[j] = j == 0 ? 0 : (int)(mix64(g->seed + 101 + (unsigned)j) % g->n);
        if (RFL_CUDA(cudaStreamSynchronize(c->stream)))
            goto out;
        for (int i = 0; i < HOST_ROWS; i++)
            if (RFL_CUDA(cudaMemcpy2D(ha + (size_t)i * g->k * es, es, (const char *)g->a[0] + (size_t)rows[i] * es,
                                      (size_t)g->lda * es, es, g->k, cudaMemcpyDeviceToHost)))
                goto out;
        for (int j = 0; j < HOST_COLS; j++) {
            int bad_copy = g->transb
                               ? RFL_CUDA(cudaMemcpy2D(hb + (size_t)j * g->k * es, es,
                                                       (const char *)g->b[0] + (size_t)cols[j] * es,
                                                       (size_t)g->ldb * es, es, g->k, cudaMemcpyDeviceToHost))
                               : RFL_CUDA(cudaMemcpy(hb + (size_t)j * g->k * es,
                                                     (const char *)g->b[0] + (size_t)cols[j] * g->ldb * es,
                                                     g->k * es, cudaMemcpyDeviceToHost));
            if (bad_copy)
                goto out;
        }
        for (int i = 0; i < HOST_ROWS; i++)
            for (int j = 0; j < HOST_COLS; j++)
                if (RFL_CUDA(cudaMemcpy(hc0 + ((size_t)i * HOST_COLS + j) * es,
                                        (const char *)g->c[0] + ((size_t)rows[i] + (size_t)cols[j] * g->ldc) * es, es,
                                        cudaMemcpyDeviceToHost)))
                    goto out;
    }
    struct rfl_gemm_args a;
    group_args(c, g, 0, g->half, NULL, &a);
    if (run_once(c, r, &a))
        goto out;
    if (c->o->inject_fault && RFL_CUDA(cudaMemsetAsync(g->c[0], 0x7f, es, c->stream)))
        goto out;
    if (RFL_CUDA(cudaStreamSynchronize(c->stream)))
        goto out;
    if (host) {
        for (int i = 0; i < HOST_ROWS; i++)
            for (int j = 0; j < HOST_COLS; j++)
                if (RFL_CUDA(cudaMemcpy(hc + ((size_t)i * HOST_COLS + j) * es,
                                        (const char *)g->c[0] + ((size_t)rows[i] + (size_t)cols[j] * g->ldc) * es, es,
                                        cudaMemcpyDeviceToHost)))
                    goto out;
        rfl_gemm_host_reference(fp64, ha, hb, hc0, HOST_ROWS, HOST_COLS, g->k, c->o->alpha, c->o->beta, ref);
        long double worst = 0, scale = 0;
        int wi = 0, nonfinite = 0;
        for (int e = 0; e < HOST_ROWS * HOST_COLS; e++) {
            long double got = fp64 ? (long double)((const double *)hc)[e] : (long double)((const float *)hc)[e];
            if (!isfinite((double)got)) {
                nonfinite++;
                wi = e;
                continue;
            }
            long double d = fabsl(got - ref[e]);
            if (d > worst) {
                worst = d;
                wi = e;
            }
            if (fabsl(ref[e]) > scale)
                scale = fabsl(ref[e]);
        }
        ck->err = nonfinite ? INFINITY : scale > 0 ? (double)(worst / scale) : (worst > 0 ? INFINITY : 0.0);
        long double got_w = fp64 ? (long double)((const double *)hc)[wi] : (long double)((const float *)hc)[wi];
        snprintf(ck->detail, sizeof ck->detail, "C[%d,%d] = %.17Lg, the host (long double) %.17Lg", rows[wi / HOST_COLS],
                 cols[wi % HOST_COLS], got_w, ref[wi]);
    } else {
        struct rfl_gemm_diff d;
        if (RFL_CUDA(rfl_gemm_compare(fp64, g->c[0], g->r, (int)g->m, (int)g->n, g->ldc, c->diff, c->stream)) ||
            RFL_CUDA(cudaMemcpyAsync(&d, c->diff, sizeof d, cudaMemcpyDeviceToHost, c->stream)) ||
            RFL_CUDA(cudaStreamSynchronize(c->stream)))
            goto out;
        ck->err = d.nonfinite                ? INFINITY
                  : d.max_abs_ref > 0        ? d.max_abs_diff / d.max_abs_ref
                  : d.max_abs_diff > 0       ? INFINITY
                                             : 0.0;
        if (d.worst_index != ~0ull) {
            const size_t i = (size_t)(d.worst_index % g->m), j = (size_t)(d.worst_index / g->m);
            double cv = 0, rv = 0;
            char raw[8];
            if (cudaMemcpy(raw, (const char *)g->c[0] + (i + j * g->ldc) * es, es, cudaMemcpyDeviceToHost) ==
                cudaSuccess)
                cv = fp64 ? *(double *)raw : *(float *)raw;
            if (cudaMemcpy(raw, (const char *)g->r + (i + j * g->ldc) * es, es, cudaMemcpyDeviceToHost) == cudaSuccess)
                rv = fp64 ? *(double *)raw : *(float *)raw;
            snprintf(ck->detail, sizeof ck->detail, "C[%zu,%zu] = %.17g, the reference %.17g (%llu elements not finite)",
                     i, j, cv, rv, d.nonfinite);
        }
    }
    rc = 0;
out:
    free(ha);
    free(hb);
    free(hc0);
    free(hc);
    free(ref);
    return rc;
}

/* ------------------------------------------------------------------------
 * Timing
 * ---------------------------------------------------------------------- */

/* One sample: `reps` launches, cycling through the sets; seconds per GEMM
 * in *t, the SM clock (NVML, read while they run) in *mhz. */
static int sample(struct rfl_gemm_ctx *c, const struct runner *r, struct group *g, unsigned reps, unsigned *next_set,
                  double *t, double *mhz)
{
    struct rfl_gemm_args a;
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer))
        return -1;
    for (unsigned i = 0; i < reps; i++) {
        const int set = (int)(*next_set % (unsigned)g->nsets);
        (*next_set)++;
        group_args(c, g, set, g->half, NULL, &a);
        if (run_once(c, r, &a))
            return -1;
    }
    /* The stop event goes in before the NVML reading (a millisecond or more),
     * which then happens while the launches run and stays out of the time. */
    float ms = 0;
    if (RFL_CUDA(cudaEventRecord(c->timer.stop, c->stream)))
        return -1;
    *mhz = rfl_gemm_nvml_mhz(c);
    if (RFL_CUDA(cudaEventSynchronize(c->timer.stop)) ||
        RFL_CUDA(cudaEventElapsedTime(&ms, c->timer.start, c->timer.stop)))
        return -1;
    *t = ms * 1e-3 / reps;
    return 0;
}

/* Launches per sample double until a sample lasts min_time; one warm-up
 * sample; then `experiments` samples. */
static int time_runner(struct rfl_gemm_ctx *c, const struct runner *r, struct group *g, unsigned experiments,
                       double *times, double *mhz_at, unsigned *reps_out, double *mhz_min)
{
    unsigned next = 1, reps = 1, samples = 0;
    double t, mhz;
    for (;;) {
        if (sample(c, r, g, reps, &next, &t, &mhz))
            return -1;
        samples++;
        double total = t * reps;
        total = c->ranks > 1 ? rfl_mpi_max_double(total) : total;
        if (total >= c->min_time_s || reps >= (1u << 16))
            break;
        unsigned want = (unsigned)ceil(c->min_time_s / (total / reps) * 1.1);
        reps = want > reps * 16 ? reps * 16 : want > reps * 2 ? want : reps * 2;
        if (reps > (1u << 16))
            reps = 1u << 16;
    }
    /* The warm-up: a sample at the final count, unless the first one was it (a
     * GEMM that alone outlasts min_time, after the verification run). */
    if (samples > 1 && sample(c, r, g, reps, &next, &t, &mhz))
        return -1;
    double best = INFINITY;
    *mhz_min = NAN;
    for (unsigned e = 0; e < experiments; e++) {
        if (sample(c, r, g, reps, &next, &times[e], &mhz))
            return -1;
        if (mhz_at)
            mhz_at[e] = mhz;
        if (times[e] < best) {
            best = times[e];
            *mhz_min = mhz;
        }
    }
    *reps_out = reps;
    return 0;
}

/* ------------------------------------------------------------------------
 * Choices of configuration (tiled, dmma) and their tuning
 * ---------------------------------------------------------------------- */

struct choice {
    int n;
    const struct rfl_gemm_kernel *k[MAX_CHOICES];
    double gflops[MAX_CHOICES];
};

static void choices_for(const struct rfl_gemm_opts *o, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                        struct choice *ch)
{
    int n;
    const struct rfl_gemm_kernel *t = rfl_gemm_kernel_table(&n);
    memset(ch, 0, sizeof *ch);
    for (int i = 0; i < n && ch->n < MAX_CHOICES; i++)
        if (t[i].family == f && t[i].prec == p && t[i].transb == transb &&
            (f == RFL_GEMM_VOLKOV || !o->config || strstr(t[i].symbol, o->config)))
            ch->k[ch->n++] = &t[i];
}

/* The configuration for a size: the best-ranked one that fits and gives
 * every SM a block; where none does (small matrices), the one that fits
 * with the most blocks (ties: the better ranked). */
static const struct rfl_gemm_kernel *pick(const struct choice *ch, struct rfl_gemm_size s, int sms)
{
    const struct rfl_gemm_kernel *most = NULL;
    unsigned most_blocks = 0;
    for (int i = 0; i < ch->n; i++) {
        const struct rfl_gemm_kernel *k = ch->k[i];
        if (!rfl_gemm_kernel_fits(k, s.m, s.n, s.k))
            continue;
        const unsigned blocks = (s.m / (unsigned)k->bm) * (s.n / (unsigned)k->bn);
        if (blocks >= (unsigned)sms)
            return k;
        if (blocks > most_blocks) {
            most = k;
            most_blocks = blocks;
        }
    }
    return most;
}

static int tune(struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb, struct choice *ch,
                json_t *tuning)
{
    if (ch->n <= 1 || c->o->no_tune)
        return 0;
    const unsigned ts = c->o->tune_size ? c->o->tune_size : c->o->quick ? 1024 : 4096;
    const struct rfl_gemm_size s = {ts, ts, ts};
    struct group g;
    int rc = group_alloc(c, &g, p, transb, s, 0, mix64(c->o->seed ^ 0x7475u) + (unsigned)(f * 16 + p * 2 + transb));
    if (rc < 0) {
        group_free(&g);
        return -1;
    }
    rc = rfl_mpi_max_int(rc);
    if (rc != 0) {
        group_free(&g);
        if (rc > 0)
            rfl_warn("tuning %s %s %s: %u^3 does not fit in device memory; the first configuration is used",
                     rfl_gemm_family_names[f], rfl_gemm_prec_names[p], rfl_gemm_trans_names[transb], ts);
        return rc > 0 ? 0 : -1;
    }
    if (group_reference(c, &g)) {
        group_free(&g);
        return -1;
    }
    double *mine = calloc((size_t)ch->n, sizeof *mine);
    double times[8], mhz_min;
    unsigned reps;
    for (int i = 0; i < ch->n && mine; i++) {
        mine[i] = 0;
        if (!rfl_gemm_kernel_fits(ch->k[i], ts, ts, ts))
            continue;
        const struct runner r = {f, ch->k[i], p, transb};
        struct check ck;
        if (verify(c, &r, &g, &ck) || time_runner(c, &r, &g, 3, times, NULL, &reps, &mhz_min)) {
            free(mine);
            group_free(&g);
            return -1;
        }
        long long bad = !(ck.err <= ck.bound);
        if (bad)
            rfl_error_all("verification failed: %s %s %s %u^3 (tuning): max |C - R| / max |R| = %.3g > %.3g: %s",
                          ch->k[i]->symbol, rfl_gemm_prec_names[p], rfl_gemm_trans_names[transb], ts, ck.err,
                          ck.bound, ck.detail);
        if ((c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad) != 0) {
            snprintf(c->failure, sizeof c->failure, "%s (tuning, %u^3): max_rel_error %.3g > %.3g", ch->k[i]->symbol,
                     ts, ck.err, ck.bound);
            c->status = RFL_EXIT_VERIFY;
            free(mine);
            group_free(&g);
            return -1;
        }
        double best = INFINITY;
        for (int e = 0; e < 3; e++)
            best = times[e] < best ? times[e] : best;
        mine[i] = 2.0 * ts * (double)ts * ts / best * 1e-9;
        char cfg[96];
        rfl_gemm_kernel_config(ch->k[i], cfg, sizeof cfg);
        rfl_progress("tuning %s %s %s: %s %.0f GFLOP/s", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                     rfl_gemm_trans_names[transb], cfg, mine[i]);
        if (c->root && tuning)
            json_array_append_new(tuning, json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:f, s:f}", "kernel",
                                                    rfl_gemm_family_names[f], "symbol", ch->k[i]->symbol, "config",
                                                    cfg, "precision", rfl_gemm_prec_names[p], "transb",
                                                    rfl_gemm_trans_names[transb], "size", (int)ts, "gflops_per_s",
                                                    mine[i], "max_rel_error", ck.err));
    }
    group_free(&g);
    if (!mine)
        return -1;
    /* Rank 0's ranking, so every rank runs the same kernels. */
    rfl_mpi_bcast_double(mine, ch->n);
    for (int i = 0; i < ch->n; i++)
        ch->gflops[i] = mine[i];
    free(mine);
    for (int i = 1; i < ch->n; i++)
        for (int j = i; j > 0 && ch->gflops[j] > ch->gflops[j - 1]; j--) {
            const struct rfl_gemm_kernel *tk = ch->k[j];
            double tg = ch->gflops[j];
            ch->k[j] = ch->k[j - 1];
            ch->gflops[j] = ch->gflops[j - 1];
            ch->k[j - 1] = tk;
            ch->gflops[j - 1] = tg;
        }
    rfl_progress_done();
    if (c->root) {
        char cfg[96];
        rfl_gemm_kernel_config(ch->k[0], cfg, sizeof cfg);
        rfl_info("tuned %s %s %s at %u^3: %s (%.0f GFLOP/s)", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                 rfl_gemm_trans_names[transb], ts, cfg, ch->gflops[0]);
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Results kept for the model table and the evidence (rank 0's numbers)
 * ---------------------------------------------------------------------- */

struct result {
    enum rfl_gemm_family family;
    enum rfl_gemm_prec prec;
    int transb;
    struct rfl_gemm_size size;
    const struct rfl_gemm_kernel *kernel; /* NULL: cuBLAS */
    double gflops, mhz, peak, err;
    struct rfl_gemm_bound bound;
};

struct results {
    struct result *r;
    int n, cap;
};

static struct result *results_add(struct results *rs)
{
    if (rs->n == rs->cap) {
        int cap = rs->cap ? rs->cap * 2 : 64;
        struct result *p = realloc(rs->r, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        rs->r = p;
        rs->cap = cap;
    }
    memset(&rs->r[rs->n], 0, sizeof rs->r[0]);
    return &rs->r[rs->n++];
}

static const struct result *results_find(const struct results *rs, enum rfl_gemm_family f, enum rfl_gemm_prec p,
                                         int transb, unsigned m, unsigned n, unsigned k)
{
    for (int i = 0; i < rs->n; i++) {
        const struct result *r = &rs->r[i];
        if (r->family == f && r->prec == p && r->transb == transb && r->size.m == m && r->size.n == n &&
            r->size.k == k)
            return r;
    }
    return NULL;
}

/* ------------------------------------------------------------------------
 * One point: verify, time, write the rows
 * ---------------------------------------------------------------------- */

static int run_point(struct rfl_gemm_ctx *c, const struct runner *r, struct group *g, struct rfl_csv *csv,
                     const struct rfl_gemm_mix *mix, struct results *rs)
{
    struct check ck;
    if (verify(c, r, g, &ck))
        return -1;
    char cfg[96];
    runner_config(r, cfg, sizeof cfg);
    long long bad = !(ck.err <= ck.bound);
    if (bad)
        rfl_error_all("verification failed: %s %s %s %s %ux%ux%u: max |C - R| / max |R| = %.3g > %.3g (against %s): %s",
                      rfl_gemm_family_names[r->family], cfg, rfl_gemm_prec_names[r->prec],
                      rfl_gemm_trans_names[r->transb], g->m, g->n, g->k, ck.err, ck.bound, ck.reference, ck.detail);
    if ((c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad) != 0) {
        snprintf(c->failure, sizeof c->failure, "%s %s %s %ux%ux%u: max_rel_error %.3g > %.3g",
                 rfl_gemm_family_names[r->family], rfl_gemm_prec_names[r->prec], rfl_gemm_trans_names[r->transb],
                 g->m, g->n, g->k, ck.err, ck.bound);
        c->status = RFL_EXIT_VERIFY;
        return -1;
    }
    double times[MAX_EXPERIMENTS], mhz_min;
    unsigned reps;
    if (time_runner(c, r, g, c->experiments, times, NULL, &reps, &mhz_min))
        return -1;
    const int nv = (int)c->experiments + 4;
    double *mine = calloc((size_t)nv, sizeof *mine);
    if (!mine)
        return -1;
    memcpy(mine, times, c->experiments * sizeof *mine);
    mine[c->experiments] = mhz_min;
    mine[c->experiments + 1] = ck.err;
    mine[c->experiments + 2] = c->dev.index;
    mine[c->experiments + 3] = reps;
    double *all = rfl_gpu_gather_doubles(mine, nv);
    free(mine);
    const double flops = 2.0 * g->m * (double)g->n * g->k;
    const enum rfl_gemm_unit unit = rfl_gemm_unit_of(&c->dev, r->family, r->prec);
    const double per_clock = rfl_gemm_unit_flops_per_clock(&c->dev, unit);
    if (c->root && all) {
        for (int rank = 0; rank < c->ranks; rank++) {
            const double *v = all + (size_t)rank * nv;
            double sorted[MAX_EXPERIMENTS];
            memcpy(sorted, v, c->experiments * sizeof *sorted);
            struct rfl_stats st;
            rfl_stats_compute(sorted, c->experiments, &st);
            /* NVML's clock, else the one the mix kernels ran at (read inside them). */
            const double mhz = v[c->experiments] > 0 ? v[c->experiments] : mix && mix->mhz > 0 ? mix->mhz : NAN;
            const double gflops = flops / st.min * 1e-9;
            const double peak = per_clock > 0 && mhz > 0 ? per_clock * c->dev.sm_count * mhz * 1e-3 : NAN;
            struct rfl_gemm_bound b;
            memset(&b, 0, sizeof b);
            b.p_potential_gflops = NAN;
            if (r->k)
                rfl_gemm_model_bound(r->k, mix, &c->dev, mhz, &b);
            if (rank == 0) {
                struct result *res = results_add(rs);
                if (res) {
                    res->family = r->family;
                    res->prec = r->prec;
                    res->transb = r->transb;
                    res->size = (struct rfl_gemm_size){g->m, g->n, g->k};
                    res->kernel = r->k;
                    res->gflops = gflops;
                    res->mhz = mhz;
                    res->peak = peak;
                    res->err = v[c->experiments + 1];
                    res->bound = b;
                }
            }
            if (!csv)
                continue;
            rfl_csv_int(csv, rank);
            rfl_csv_int(csv, (long long)v[c->experiments + 2]);
            rfl_csv_str(csv, rfl_gemm_family_names[r->family]);
            rfl_csv_str(csv, cfg);
            rfl_csv_str(csv, rfl_gemm_prec_names[r->prec]);
            rfl_csv_str(csv, rfl_gemm_unit_names[unit]);
            rfl_csv_str(csv, "n");
            rfl_csv_str(csv, r->transb ? "t" : "n");
            rfl_csv_u64(csv, g->m);
            rfl_csv_u64(csv, g->n);
            rfl_csv_u64(csv, g->k);
            rfl_csv_double(csv, c->o->alpha);
            rfl_csv_double(csv, c->o->beta);
            rfl_csv_str(csv, rfl_gemm_l2_names[c->o->l2]);
            rfl_csv_int(csv, g->nsets);
            rfl_csv_double(csv, flops);
            rfl_csv_u64(csv, (uint64_t)v[c->experiments + 3]);
            rfl_csv_int(csv, c->experiments);
            rfl_csv_double(csv, st.min);
            rfl_csv_double(csv, st.median);
            rfl_csv_double(csv, st.max);
            rfl_csv_double(csv, gflops);
            rfl_csv_double(csv, flops / st.median * 1e-9);
            rfl_csv_double(csv, mhz);
            rfl_csv_double(csv, peak);
            rfl_csv_double(csv, peak > 0 ? gflops / peak : NAN);
            rfl_csv_double(csv, b.p_potential_gflops);
            rfl_csv_double(csv, b.p_potential_gflops > 0 ? b.p_potential_gflops / gflops : NAN);
            rfl_csv_str(csv, ck.reference);
            rfl_csv_double(csv, v[c->experiments + 1]);
            rfl_csv_double(csv, ck.bound);
            rfl_csv_int(csv, 1);
            rfl_csv_end_row(csv);
        }
        rfl_progress("%s %s %s %ux%ux%u: %.0f GFLOP/s", rfl_gemm_family_names[r->family], rfl_gemm_prec_names[r->prec],
                     rfl_gemm_trans_names[r->transb], g->m, g->n, g->k, flops / all[0] * 1e-9);
    }
    free(all);
    return 0;
}

/* ------------------------------------------------------------------------
 * The model table (Lai and Seznec Fig. 3 / Eq. 9; Volkov and Demmel
 * Tables 2 and 3): rows of gemm_model.csv and a table on stderr
 * ---------------------------------------------------------------------- */

struct model_row {
    const struct result *res;
    const struct result *peer; /* cuBLAS, same precision, transposition and size */
    int regs, blocks_per_sm;
};

static void model_rows(struct rfl_gemm_ctx *c, const struct results *rs, unsigned ms, struct model_row *rows, int *n,
                       int cap)
{
    *n = 0;
    for (int t = 0; t < 2; t++)
        for (int p = 0; p < RFL_GEMM_NPREC; p++)
            for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
                const struct result *r = results_find(rs, (enum rfl_gemm_family)f, (enum rfl_gemm_prec)p, t, ms, ms, ms);
                if (!r || *n >= cap)
                    continue;
                struct model_row *row = &rows[(*n)++];
                row->res = r;
                row->peer = results_find(rs, RFL_GEMM_CUBLAS, r->prec, t, ms, ms, ms);
                row->regs = 0;
                row->blocks_per_sm = 0;
                if (r->kernel) {
                    struct cudaFuncAttributes fa;
                    if (cudaFuncGetAttributes(&fa, r->kernel->func) == cudaSuccess)
                        row->regs = fa.numRegs;
                    int b = 0;
                    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, r->kernel->func, r->kernel->threads,
                                                                      r->kernel->dynamic_smem ? r->kernel->smem_bytes
                                                                                              : 0) == cudaSuccess)
                        row->blocks_per_sm = b;
                }
            }
    (void)c;
}

static void write_model_csv(struct rfl_csv *csv, const struct model_row *rows, int n, const struct rfl_gemm_mix *mix)
{
    for (int i = 0; i < n; i++) {
        const struct result *r = rows[i].res;
        const struct rfl_gemm_bound *b = &r->bound;
        const struct rfl_gemm_kernel *k = r->kernel;
        char cfg[96] = "", tile[32] = "";
        if (k) {
            rfl_gemm_kernel_config(k, cfg, sizeof cfg);
            snprintf(tile, sizeof tile, "%dx%d", k->tm, k->tn);
        } else {
            const struct runner run = {RFL_GEMM_CUBLAS, NULL, r->prec, r->transb};
            runner_config(&run, cfg, sizeof cfg);
        }
        const int counted = k && b->sass && b->sass->has_loop;
        rfl_csv_str(csv, rfl_gemm_family_names[r->family]);
        rfl_csv_str(csv, cfg);
        rfl_csv_str(csv, rfl_gemm_prec_names[r->prec]);
        rfl_csv_str(csv, r->transb ? "t" : "n");
        rfl_csv_u64(csv, r->size.m);
        rfl_csv_u64(csv, r->size.n);
        rfl_csv_u64(csv, r->size.k);
        rfl_csv_double(csv, rows[i].regs ? rows[i].regs : NAN);
        rfl_csv_double(csv, k ? k->threads : NAN);
        rfl_csv_double(csv, rows[i].blocks_per_sm ? rows[i].blocks_per_sm : NAN);
        rfl_csv_str(csv, tile);
        rfl_csv_double(csv, counted ? b->loop : NAN);
        rfl_csv_double(csv, counted ? b->fma : NAN);
        rfl_csv_str(csv, k ? rfl_gemm_op_names[k->op] : "");
        rfl_csv_double(csv, counted ? b->lds : NAN);
        rfl_csv_double(csv, counted ? b->lds_bytes : NAN);
        rfl_csv_double(csv, k ? k->lds_distinct : NAN);
        rfl_csv_double(csv, counted ? b->other : NAN);
        rfl_csv_double(csv, k ? b->f_i : NAN);
        rfl_csv_double(csv, k && isfinite(b->fma_per_lds) ? b->fma_per_lds : NAN);
        rfl_csv_double(csv, k ? b->mix_fma_per_clock : NAN);
        rfl_csv_double(csv, k ? b->mix_instr_per_clock : NAN);
        rfl_csv_double(csv, k ? b->fma_peak_per_clock : NAN);
        rfl_csv_double(csv, k ? b->f_t : NAN);
        rfl_csv_double(csv, r->mhz);
        rfl_csv_double(csv, r->peak);
        rfl_csv_double(csv, k ? b->p_sm_lai_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_sm_gflops : NAN);
        rfl_csv_double(csv, k ? b->intensity : NAN);
        rfl_csv_double(csv, mix ? mix->l2_gbytes_per_s : NAN);
        rfl_csv_double(csv, mix ? mix->dram_gbytes_per_s : NAN);
        rfl_csv_double(csv, k ? b->p_mem_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_mem_dram_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_potential_gflops : NAN);
        rfl_csv_double(csv, r->gflops);
        rfl_csv_double(csv, k && b->p_potential_gflops > 0 ? b->p_potential_gflops / r->gflops : NAN);
        rfl_csv_double(csv, rows[i].peer ? rows[i].peer->gflops : NAN);
        rfl_csv_double(csv, rows[i].peer ? r->gflops / rows[i].peer->gflops : NAN);
        rfl_csv_end_row(csv);
    }
}

/* v with `decimals` digits after the point, `suffix` after it; "-" for NAN. */
static void fmt(char *buf, size_t len, double v, int decimals, const char *suffix)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.*f%s", decimals, v, suffix);
}

/* Properties down, kernels across (nn rows only), as Volkov and Demmel's Table 3. */
static void print_model_table(const struct model_row *rows, int n, unsigned ms)
{
    const struct model_row *cols[16];
    int nc = 0;
    for (int i = 0; i < n && nc < 16; i++)
        if (rows[i].res->transb == 0)
            cols[nc++] = &rows[i];
    if (nc == 0)
        return;
    fprintf(stderr, "\nrfl_gemm: upper-bound model at %u^3, nn (Lai & Seznec Eqs. 6-9; counts: main loop, SASS)\n", ms);
    char line[1024], cell[64];
    enum { LABEL = 26, W = 12 };
#define ROW(label, expr)                                                                                      \
    do {                                                                                                      \
        int o_ = snprintf(line, sizeof line, "  %-*s", LABEL, label);                                         \
        for (int i_ = 0; i_ < nc; i_++) {                                                                     \
            const struct model_row *m_ = cols[i_];                                                            \
            const struct result *r_ = m_->res;                                                                \
            const struct rfl_gemm_bound *b_ = &r_->bound;                                                     \
            (void)m_;                                                                                         \
            (void)b_;                                                                                         \
            expr;                                                                                             \
            o_ += snprintf(line + o_, sizeof line - (size_t)o_, "%*s", W, cell);                              \
        }                                                                                                     \
        fprintf(stderr, "%s\n", line);                                                                        \
    } while (0)
    ROW("", snprintf(cell, sizeof cell, "%s", rfl_gemm_family_names[r_->family]));
    ROW("precision", snprintf(cell, sizeof cell, "%s", rfl_gemm_prec_names[r_->prec]));
    ROW("block tile", r_->kernel ? snprintf(cell, sizeof cell, "%dx%dx%d", r_->kernel->bm, r_->kernel->bn,
                                            r_->kernel->bk)
                                 : snprintf(cell, sizeof cell, "-"));
    ROW("C per thread (regs)", r_->kernel ? snprintf(cell, sizeof cell, "%dx%d", r_->kernel->tm, r_->kernel->tn)
                                          : snprintf(cell, sizeof cell, "-"));
    ROW("registers per thread", fmt(cell, sizeof cell, m_->regs ? m_->regs : NAN, 0, ""));
    ROW("threads x blocks per SM", m_->blocks_per_sm ? snprintf(cell, sizeof cell, "%dx%d", r_->kernel->threads,
                                                                m_->blocks_per_sm)
                                                     : snprintf(cell, sizeof cell, "-"));
    ROW("loop instructions", fmt(cell, sizeof cell, b_->sass ? b_->loop : NAN, 0, ""));
    ROW("  FMA-class", fmt(cell, sizeof cell, b_->sass ? b_->fma : NAN, 0, ""));
    ROW("  shared loads (LDS)", fmt(cell, sizeof cell, b_->sass ? b_->lds : NAN, 0, ""));
    ROW("  LDS width, bytes", fmt(cell, sizeof cell, b_->sass ? b_->lds_bytes : NAN, 0, ""));
    ROW("  other", fmt(cell, sizeof cell, b_->sass ? b_->other : NAN, 0, ""));
    ROW("F_I: FMA fraction", fmt(cell, sizeof cell, r_->kernel ? b_->f_i : NAN, 3, ""));
    ROW("FMA per LDS", fmt(cell, sizeof cell, r_->kernel && isfinite(b_->fma_per_lds) ? b_->fma_per_lds : NAN,
                           2, ""));
    ROW("F_T: mix throughput", fmt(cell, sizeof cell, r_->kernel ? b_->f_t : NAN, 3, ""));
    ROW("SM clock, MHz", fmt(cell, sizeof cell, r_->mhz, 0, ""));
    ROW("peak, GFLOP/s", fmt(cell, sizeof cell, r_->peak, 0, ""));
    ROW("P_SM Eq. 8, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_lai_gflops : NAN, 0, ""));
    ROW("P_SM (min), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_gflops : NAN, 0, ""));
    ROW("P_Mem Eq. 6 (L2), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_mem_gflops : NAN, 0, ""));
    ROW("bound Eq. 9, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_potential_gflops : NAN, 0, ""));
    ROW("bound, % of peak", fmt(cell, sizeof cell,
                                 r_->kernel && r_->peak > 0 ? 100 * b_->p_potential_gflops / r_->peak : NAN, 1, "%"));
    ROW("achieved, GFLOP/s", fmt(cell, sizeof cell, r_->gflops, 0, ""));
    ROW("achieved, % of peak", fmt(cell, sizeof cell, r_->peak > 0 ? 100 * r_->gflops / r_->peak : NAN, 1, "%"));
    ROW("bound / achieved", fmt(cell, sizeof cell,
                                r_->kernel && b_->p_potential_gflops > 0 ? b_->p_potential_gflops / r_->gflops : NAN,
                                3, ""));
    ROW("achieved / cuBLAS", fmt(cell, sizeof cell, m_->peer ? r_->gflops / m_->peer->gflops : NAN, 3, ""));
#undef ROW
}

/* ------------------------------------------------------------------------
 * Self-test (no GPU)
 * ---------------------------------------------------------------------- */

#define EXPECT(cond)                                                                                          \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "self-test: %s:%d: %s\n", __FILE__, __LINE__, #cond);                             \
            failures++;                                                                                       \
        }                                                                                                     \
    } while (0)

static int self_test(void)
{
    int failures = rfl_gpu_self_test();
    struct rfl_gemm_size s[4];
    int n = 0;
    EXPECT(rfl_gemm_parse_sizes("t", "8192,1024x2048x256", s, 4, &n) == 0 && n == 2);
    EXPECT(s[0].m == 8192 && s[0].n == 8192 && s[0].k == 8192 && s[1].m == 1024 && s[1].n == 2048 && s[1].k == 256);
    /* Bounds: FP32 at k = 4096 is 8 * 2^-24 * 64. */
    EXPECT(fabs(rfl_gemm_error_bound(RFL_GEMM_FP32, 4096) - 8.0 * 64 / 16777216.0) < 1e-12);
    EXPECT(rfl_gemm_error_bound(RFL_GEMM_BF16, 1) > rfl_gemm_error_bound(RFL_GEMM_TF32, 1));
    /* The SASS parser: address targets and label targets give the same loop. */
    static const char *const listings[] = {
        "\t\tFunction : k_addr\n"
        "        /*0000*/                   MOV R1, c[0x0][0x28] ;   /* 0x00000a0000017a02 */\n"
        "        /*0010*/                   LDS.128 R4, [R2] ;       /* 0x0000000002047984 */\n"
        "        /*0020*/                   FFMA R8, R4, R5, R8 ;    /* 0x0000000504087223 */\n"
        "        /*0030*/                   FFMA R9, R6, R7, R9 ;    /* 0x0000000706097223 */\n"
        "        /*0040*/              @!PT LDS RZ, [RZ] ;           /* 0x00000000ff00f984 */\n"
        "        /*0050*/               @P0 BRA 0x10 ;               /* 0xfffffffc00e00947 */\n"
        "        /*0060*/                   EXIT ;                   /* 0x000000000000794d */\n"
        "        /*0070*/                   BRA 0x70;                /* 0xfffffffc00fc7947 */\n",
        "\t\tFunction : k_label\n"
        "        /*0000*/                   MOV R1, c[0x0][0x28] ;\n"
        ".L_x_0:\n"
        "        /*0010*/                   LDS.128 R4, [R2] ;\n"
        "        /*0020*/                   FFMA R8, R4, R5, R8 ;\n"
        "        /*0030*/                   FFMA R9, R6, R7, R9 ;\n"
        "        /*0040*/              @!PT LDS RZ, [RZ] ;\n"
        "        /*0050*/               @P0 BRA `(.L_x_0) ;\n"
        "        /*0060*/                   EXIT ;\n"
        ".L_x_1:\n"
        "        /*0070*/                   BRA `(.L_x_1);\n",
    };
    for (int i = 0; i < 2; i++) {
        FILE *f = fmemopen((void *)listings[i], strlen(listings[i]), "r");
        struct rfl_sass_counts *list = NULL;
        char why[128];
        EXPECT(f && rfl_sass_parse(f, &list, &n, why, sizeof why) == 0 && n == 1);
        if (f)
            fclose(f);
        if (list && n == 1) {
            EXPECT(list[0].has_loop && list[0].loop_start == 0x10 && list[0].loop_end == 0x50);
            EXPECT(list[0].loop_instructions == 5 && list[0].loop[RFL_SASS_FFMA] == 2);
            EXPECT(list[0].loop[RFL_SASS_LDS128] == 1 && list[0].loop[RFL_SASS_NOP] == 1);
            EXPECT(list[0].instructions == 8);
        }
        free(list);
    }
    EXPECT(rfl_sass_classify("DMMA.8x8x4") == RFL_SASS_DMMA884 && rfl_sass_classify("LDS.U.64") == RFL_SASS_LDS64);
    EXPECT(rfl_sass_classify("LDGSTS.E.BYPASS.128") == RFL_SASS_LDGSTS && rfl_sass_classify("LDS") == RFL_SASS_LDS32);
    /* Interpolation in log2 of the ratio, clamped at the ends. */
    struct rfl_gemm_mix_point pts[4] = {
        {RFL_GEMM_OP_FFMA, 16, 8, 4, 1, 4, 3.0, 0.75, 1000}, {RFL_GEMM_OP_FFMA, 16, 8, 16, 1, 16, 3.8, 0.24, 1000},
        {RFL_GEMM_OP_FFMA, 16, 1, 4, 1, 4, 2.0, 0.5, 1000}, {RFL_GEMM_OP_FFMA, 16, 8, 64, 0, INFINITY, 4.0, 0, 1000}};
    struct rfl_gemm_mix m = {4, pts, 5000, 3000, 1000};
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 8) - 3.4) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 64) - 3.8) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 1) - 3.0) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 1, 8) - 2.0) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 32, 8) - 3.4) < 1e-9);
    EXPECT(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, INFINITY) == 4.0);
    EXPECT(isnan(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_DFMA, 16, 8, 8)));
    /* Peaks of an H100: 132 SMs, 256 FP32 and 256 FP64-tensor FLOPs per clock. */
    struct rfl_gpu_device d;
    memset(&d, 0, sizeof d);
    d.cc_major = 9;
    d.sm_count = 132;
    d.rates = rfl_gpu_sm_rates_for(9, 0);
    EXPECT(rfl_gemm_unit_flops_per_clock(&d, RFL_GEMM_UNIT_FP32) == 256);
    EXPECT(rfl_gemm_unit_flops_per_clock(&d, RFL_GEMM_UNIT_FP64_TENSOR) == 256);
    EXPECT(rfl_gemm_unit_of(&d, RFL_GEMM_CUBLAS, RFL_GEMM_FP64) == RFL_GEMM_UNIT_FP64_TENSOR);
    EXPECT(rfl_gemm_unit_of(&d, RFL_GEMM_TILED, RFL_GEMM_FP64) == RFL_GEMM_UNIT_FP64);
    /* Every built-in kernel has a main loop with FMAs in the SASS table (when the build had cuobjdump). */
    int nk;
    const struct rfl_gemm_kernel *t = rfl_gemm_kernel_table(&nk);
    EXPECT(nk > 0);
    if (rfl_gemm_sass_count > 0) {
        for (int i = 0; i < nk; i++) {
            const struct rfl_sass_counts *sc = rfl_gemm_sass_find(t[i].symbol);
            if (!sc || !sc->has_loop || rfl_sass_fma(sc->loop) == 0) {
                fprintf(stderr, "self-test: %s: no main loop with FMAs in the SASS table\n", t[i].symbol);
                failures++;
            } else if (sc->loop[RFL_SASS_LOCAL]) {
                fprintf(stderr, "self-test: %s: %d local loads/stores (spills) in the main loop\n", t[i].symbol,
                        sc->loop[RFL_SASS_LOCAL]);
                failures++;
            }
        }
        /* The model on a kernel's real counts: F_I within (0, 1], bound at most the peak. */
        struct rfl_gemm_bound b;
        for (int i = 0; i < nk; i++)
            if (t[i].family == RFL_GEMM_TILED && t[i].prec == RFL_GEMM_FP32) {
                EXPECT(rfl_gemm_model_bound(&t[i], &m, &d, 1000, &b) == 0);
                EXPECT(b.f_i > 0 && b.f_i <= 1 && b.p_sm_gflops <= b.peak_gflops * (1 + 1e-9));
                break;
            }
    } else {
        fprintf(stderr, "rfl_gemm: self-test: no SASS table in this build (%s)\n", rfl_gemm_sass_source);
    }
    if (failures == 0)
        fprintf(stderr, "rfl_gemm: self-test passed\n");
    return failures ? RFL_EXIT_FAILURE : RFL_EXIT_OK;
}

/* ------------------------------------------------------------------------
 * The run
 * ---------------------------------------------------------------------- */

static void print_columns(void)
{
    const struct {
        const char *file;
        const char *const *cols;
        size_t n;
    } files[] = {{"gemm.csv", rfl_gemm_columns, rfl_gemm_ncolumns},
                 {"gemm_mix.csv", rfl_gemm_mix_columns, rfl_gemm_nmix_columns},
                 {"gemm_model.csv", rfl_gemm_model_columns, rfl_gemm_nmodel_columns}};
    for (size_t f = 0; f < 3; f++) {
        printf("%s ", files[f].file);
        for (size_t i = 0; i < files[f].n; i++)
            printf("%s%s", i ? "," : "", files[f].cols[i]);
        printf("\n");
    }
}

static void free_ctx(struct rfl_gemm_ctx *c)
{
    if (c->have_blas)
        cublasDestroy(c->blas);
    rfl_gpu_timer_destroy(&c->timer);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    cudaFree(c->diff);
    cudaFree(c->clock);
    free(c->mix_path);
}

static int open_table(struct rfl_gemm_ctx *c, struct rfl_csv *csv, const char *path, const char *const *cols,
                      size_t n)
{
    int failed = 0;
    if (c->root)
        failed = rfl_csv_open(csv, path, cols, n) != 0;
    rfl_mpi_bcast_int(&failed, 1);
    return failed ? -1 : 0;
}

static void evidence(struct rfl_gemm_ctx *c, const struct results *rs, unsigned ms, json_t *list)
{
    rfl_info("evidence: device %s, %d SMs, compute capability %d.%d", c->dev.name, c->dev.sm_count, c->dev.cc_major,
             c->dev.cc_minor);
    char note[512];
    const struct result *ts = results_find(rs, RFL_GEMM_TILED, RFL_GEMM_FP32, 0, ms, ms, ms);
    const struct result *cs = results_find(rs, RFL_GEMM_CUBLAS, RFL_GEMM_FP32, 0, ms, ms, ms);
    const struct result *dm = results_find(rs, RFL_GEMM_DMMA, RFL_GEMM_FP64, 0, ms, ms, ms);
    const struct result *cd = results_find(rs, RFL_GEMM_CUBLAS, RFL_GEMM_FP64, 0, ms, ms, ms);
    char name[96];
    if (ts && cs) {
        char cfg[96];
        rfl_gemm_kernel_config(ts->kernel, cfg, sizeof cfg);
        snprintf(note, sizeof note, "%u^3 nn: tiled %.0f, cuBLAS SGEMM %.0f GFLOP/s; %s", ms, ts->gflops, cs->gflops,
                 cfg);
        snprintf(name, sizeof name, "tiled_sgemm_over_cublas_%u", ms);
        rfl_gpu_evidence(list, name, ts->gflops / cs->gflops, "ratio", ">=", 0.90, 0, note);
    }
    if (dm && cd) {
        char cfg[96];
        rfl_gemm_kernel_config(dm->kernel, cfg, sizeof cfg);
        snprintf(note, sizeof note, "%u^3 nn: dmma %.0f, cuBLAS DGEMM %.0f GFLOP/s; %s", ms, dm->gflops, cd->gflops,
                 cfg);
        snprintf(name, sizeof name, "dmma_dgemm_over_cublas_%u", ms);
        rfl_gpu_evidence(list, name, dm->gflops / cd->gflops, "ratio", ">=", 0.80, 0, note);
    }
    for (int p = 0; p < 2; p++) {
        const struct result *v = results_find(rs, RFL_GEMM_VOLKOV, (enum rfl_gemm_prec)p, 0, ms, ms, ms);
        if (!v)
            continue;
        snprintf(note, sizeof note, "%u^3 nn: %.0f GFLOP/s of %.0f at %.0f MHz; verified (max_rel_error %.2g)", ms,
                 v->gflops, v->peak, v->mhz, v->err);
        snprintf(name, sizeof name, "volkov_%s_fraction_of_peak", p == RFL_GEMM_FP32 ? "sgemm" : "dgemm");
        rfl_gpu_evidence(list, name, v->peak > 0 ? v->gflops / v->peak : NAN, "fraction", NULL, NAN, 0, note);
    }
    const struct {
        enum rfl_gemm_family f;
        enum rfl_gemm_prec p;
        const char *name;
        int target;
    } bounds[] = {{RFL_GEMM_TILED, RFL_GEMM_FP32, "tiled_sgemm", 1},
                  {RFL_GEMM_TILED, RFL_GEMM_FP64, "tiled_dgemm", 0},
                  {RFL_GEMM_DMMA, RFL_GEMM_FP64, "dmma_dgemm", 0},
                  {RFL_GEMM_VOLKOV, RFL_GEMM_FP32, "volkov_sgemm", 0}};
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        const struct result *r = results_find(rs, bounds[i].f, bounds[i].p, 0, ms, ms, ms);
        if (!r)
            continue;
        const struct rfl_gemm_bound *b = &r->bound;
        const double ratio = b->valid ? b->p_potential_gflops / r->gflops : NAN;
        snprintf(note, sizeof note,
                 "bound %.0f (P_SM %.0f, Eq. 8 %.0f, P_Mem %.0f), achieved %.0f GFLOP/s; loop %d instr: %d FMA, %d LDS, "
                 "%d other; F_I %.3f, F_T %.3f",
                 b->p_potential_gflops, b->p_sm_gflops, b->p_sm_lai_gflops, b->p_mem_gflops, r->gflops, b->loop, b->fma,
                 b->lds, b->other, b->f_i, b->f_t);
        snprintf(name, sizeof name, "%s_bound_over_achieved", bounds[i].name);
        rfl_gpu_evidence(list, name, ratio, "ratio", bounds[i].target ? "<=" : NULL, 1.15, 0, note);
        if (bounds[i].target) {
            snprintf(name, sizeof name, "%s_bound_not_below_achieved", bounds[i].name);
            rfl_gpu_evidence(list, name, ratio, "ratio", ">=", 1.0, 0, "an upper bound must not be below the rate");
        }
    }
}

int rfl_gemm_run(const struct rfl_gemm_opts *o)
{
    if (o->print_columns) {
        print_columns();
        return RFL_EXIT_OK;
    }
    if (o->self_test)
        return self_test();
    if (o->sass_file)
        return rfl_gemm_print_sass(o->sass_file, stdout);
    if (o->list_kernels) {
        rfl_gemm_list_kernels(stdout);
        return RFL_EXIT_OK;
    }
    if (o->list_devices)
        return rfl_gpu_list_devices(stdout);

    struct rfl_gemm_ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.ranks = rfl_mpi_size();
    c.root = rfl_mpi_rank() == 0;
    int rc = rfl_mpi_max_int(rfl_gpu_select((int)o->device, &c.dev));
    if (rc != RFL_EXIT_OK)
        return rc;
    c.min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.005 : 0.02;
    c.experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
    const unsigned modes = o->modes ? o->modes : (1u << RFL_GEMM_NMODES) - 1;
    const int do_gemm = modes >> RFL_GEMM_MODE_GEMM & 1, do_model = modes >> RFL_GEMM_MODE_MODEL & 1;
    const int do_mix = (modes >> RFL_GEMM_MODE_MIX & 1) || do_model;
    const unsigned kernels = o->kernels ? o->kernels : (1u << RFL_GEMM_NFAMILY) - 1;
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_GEMM_NPREC) - 1;
    const unsigned trans = o->trans ? o->trans : 3;
    const unsigned ms = o->model_size ? o->model_size : o->quick ? 4096 : 8192;

    /* The sizes, with the model size added where the model needs it. */
    struct rfl_gemm_size sizes[RFL_GEMM_MAX_SIZES + 1];
    int nsizes = o->nsizes, have_ms = 0;
    memcpy(sizes, o->sizes, (size_t)nsizes * sizeof sizes[0]);
    for (int i = 0; i < nsizes; i++)
        have_ms |= sizes[i].m == ms && sizes[i].n == ms && sizes[i].k == ms;
    if (do_model && do_gemm && !have_ms)
        sizes[nsizes++] = (struct rfl_gemm_size){ms, ms, ms};

    if (RFL_CUDA(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c.timer, c.stream) || RFL_CUDA(cudaMalloc((void **)&c.diff, sizeof *c.diff)) ||
        RFL_CUDA(cudaMalloc((void **)&c.clock, sizeof *c.clock)) || rfl_gemm_cublas_create(&c.blas, c.stream)) {
        free_ctx(&c);
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }
    c.have_blas = 1;
    /* Dynamic shared memory past 48 KB must be asked for, once per kernel. */
    int nk;
    const struct rfl_gemm_kernel *table = rfl_gemm_kernel_table(&nk);
    for (int i = 0; i < nk; i++)
        if (table[i].dynamic_smem &&
            RFL_CUDA(cudaFuncSetAttribute(table[i].func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int)table[i].smem_bytes))) {
            free_ctx(&c);
            return rfl_gpu_fail(RFL_EXIT_FAILURE);
        }

    json_t *meta = rfl_gpu_meta_new("rfl_gemm", o->argc, o->argv, &c.dev);
    json_t *tuning = json_array();
    struct rfl_csv csv, model_csv;
    char *meta_path = NULL, *model_path = NULL;
    int csv_open = 0, model_open = 0;
    if (c.root) {
        meta_path = rfl_meta_sidecar_path(o->output);
        c.mix_path = rfl_gemm_companion_path(o->output, "mix");
        model_path = rfl_gemm_companion_path(o->output, "model");
    }
    int failed = 0;
    if (do_gemm) {
        failed = open_table(&c, &csv, o->output, rfl_gemm_columns, rfl_gemm_ncolumns);
        csv_open = !failed && c.root;
    }
    if (!failed && do_mix) {
        failed = open_table(&c, &c.mix_csv, c.mix_path, rfl_gemm_mix_columns, rfl_gemm_nmix_columns);
        c.mix_open = !failed && c.root;
    }
    if (!failed && do_model && do_gemm) {
        failed = open_table(&c, &model_csv, model_path, rfl_gemm_model_columns, rfl_gemm_nmodel_columns);
        model_open = !failed && c.root;
    }
    if (failed) {
        if (csv_open)
            rfl_csv_abort(&csv);
        if (c.mix_open)
            rfl_csv_abort(&c.mix_csv);
        json_decref(meta);
        json_decref(tuning);
        free(meta_path);
        free(model_path);
        free_ctx(&c);
        return RFL_EXIT_FAILURE;
    }

    rfl_interrupt_install();
    const double t_start = rfl_now_s();
    struct rfl_gemm_mix mix;
    memset(&mix, 0, sizeof mix);
    struct results rs = {NULL, 0, 0};
    int stop = 0;
    /* A CUDA or cuBLAS failure is one rank's alone: rfl_gpu_fail ends the
     * whole job under MPI (the other ranks would wait in a collective). */
    if (do_mix && rfl_gemm_mix_run(&c, &mix)) {
        c.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
        stop = 1;
    }
    if (!stop && do_mix && c.root)
        rfl_info("mix: %d points, SM clock %.0f MHz; L2 read %.0f GB/s; DRAM copy %.0f GB/s", mix.npoints, mix.mhz,
                 mix.l2_gbytes_per_s, mix.dram_gbytes_per_s);

    static const enum rfl_gemm_prec order[] = {RFL_GEMM_FP32, RFL_GEMM_FP64, RFL_GEMM_TF32, RFL_GEMM_BF16,
                                               RFL_GEMM_FP16};
    for (size_t pi = 0; pi < sizeof order / sizeof order[0] && do_gemm && !stop; pi++) {
        const enum rfl_gemm_prec p = order[pi];
        if (!(precisions >> p & 1))
            continue;
        for (int tb = 0; tb < 2 && !stop; tb++) {
            if (!(trans >> tb & 1))
                continue;
            struct choice ch[RFL_GEMM_NFAMILY];
            for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
                memset(&ch[f], 0, sizeof ch[f]);
                if (!(kernels >> f & 1) || !family_has((enum rfl_gemm_family)f, p) || f == RFL_GEMM_CUBLAS)
                    continue;
                choices_for(o, (enum rfl_gemm_family)f, p, tb, &ch[f]);
                if (ch[f].n == 0 && c.root)
                    rfl_warn("no %s kernel for %s %s%s%s", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                             rfl_gemm_trans_names[tb], o->config ? " named like " : "", o->config ? o->config : "");
                if (!stop && tune(&c, (enum rfl_gemm_family)f, p, tb, &ch[f], tuning)) {
                    if (c.status == RFL_EXIT_OK)
                        c.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                }
            }
            for (int si = 0; si < nsizes && !stop; si++) {
                const struct rfl_gemm_size s = sizes[si];
                struct group g;
                const unsigned long long seed =
                    mix64(((unsigned long long)o->seed << 32) ^ ((unsigned long long)p << 28) ^
                          ((unsigned long long)tb << 27) ^ ((unsigned long long)s.m * 131 + s.n * 7 + s.k));
                const int alloc = group_alloc(&c, &g, p, tb, s, o->l2 == RFL_GEMM_L2_ROTATE, seed);
                if (alloc < 0) {
                    group_free(&g);
                    c.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                    break;
                }
                if (rfl_mpi_max_int(alloc) > 0) {
                    if (c.root)
                        rfl_warn("%s %s %ux%ux%u: the inputs do not fit in device memory; skipped",
                                 rfl_gemm_prec_names[p], rfl_gemm_trans_names[tb], s.m, s.n, s.k);
                    group_free(&g);
                    continue;
                }
                if (group_reference(&c, &g)) {
                    group_free(&g);
                    c.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                    break;
                }
                for (int f = 0; f < RFL_GEMM_NFAMILY && !stop; f++) {
                    if (!(kernels >> f & 1) || !family_has((enum rfl_gemm_family)f, p))
                        continue;
                    struct runner r = {(enum rfl_gemm_family)f, NULL, p, tb};
                    if (f != RFL_GEMM_CUBLAS) {
                        r.k = pick(&ch[f], s, c.dev.sm_count);
                        if (!r.k) {
                            if (c.root && ch[f].n)
                                rfl_warn("%s %s %s: no configuration fits %ux%ux%u; skipped", rfl_gemm_family_names[f],
                                         rfl_gemm_prec_names[p], rfl_gemm_trans_names[tb], s.m, s.n, s.k);
                            continue;
                        }
                    }
                    if (run_point(&c, &r, &g, csv_open ? &csv : NULL, do_mix ? &mix : NULL, &rs)) {
                        if (c.status == RFL_EXIT_OK)
                            c.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                        stop = 1;
                    }
                    stop = rfl_interrupt_agree(stop, &c.status);
                }
                group_free(&g);
            }
        }
    }
    const double elapsed = rfl_now_s() - t_start;
    rfl_progress_done();
    if (c.status == RFL_EXIT_FAILURE && !c.failure[0])
        snprintf(c.failure, sizeof c.failure, "a CUDA or cuBLAS call failed (see the messages above)");
    rfl_gpu_meta_finish(meta, &c.dev);

    int exit_code = c.status;
    if (c.root) {
        struct model_row rows[64];
        int nrows = 0;
        if (do_model && do_gemm) {
            model_rows(&c, &rs, ms, rows, &nrows, 64);
            if (model_open)
                write_model_csv(&model_csv, rows, nrows, do_mix ? &mix : NULL);
            if (c.status == RFL_EXIT_OK)
                print_model_table(rows, nrows, ms);
        }
        json_t *ev = json_array();
        if (c.status == RFL_EXIT_OK && do_gemm)
            evidence(&c, &rs, ms, ev);
        rfl_meta_set_outcome(meta, c.status, c.failure);
        json_t *sl = json_array();
        for (int i = 0; i < nsizes; i++)
            json_array_append_new(sl, json_pack("[i, i, i]", (int)sizes[i].m, (int)sizes[i].n, (int)sizes[i].k));
        json_t *cublas = json_object();
        json_t *bounds = json_object();
        for (int p = 0; p < RFL_GEMM_NPREC; p++) {
            json_object_set_new(cublas, rfl_gemm_prec_names[p], json_string(rfl_gemm_cublas_call((enum rfl_gemm_prec)p)));
            json_object_set_new(bounds, rfl_gemm_prec_names[p],
                                json_string(p == RFL_GEMM_FP64   ? "8 * 2^-53 * sqrt(k), against cuBLAS DGEMM"
                                            : p == RFL_GEMM_FP32 ? "8 * 2^-24 * sqrt(k), against cuBLAS SGEMM"
                                            : p == RFL_GEMM_BF16 ? "8 * 2^-8, against cuBLAS SGEMM"
                                                                 : "8 * 2^-11, against cuBLAS SGEMM"));
        }
        json_object_set_new(meta, "gemm",
                            json_pack("{s:o, s:i, s:i, s:f, s:f, s:s, s:i, s:f, s:i, s:b, s:o, s:o, s:s, s:s, s:f}",
                                      "sizes", sl, "model_size", (int)ms, "tune_size",
                                      (int)(o->tune_size ? o->tune_size : o->quick ? 1024 : 4096), "alpha", o->alpha,
                                      "beta", o->beta, "l2", rfl_gemm_l2_names[o->l2], "seed", (int)o->seed,
                                      "min_time_s", c.min_time_s, "experiments", (int)c.experiments, "tuned",
                                      !o->no_tune, "cublas", cublas, "error_bound", bounds, "error_measure",
                                      "max |C - R| / max |R| over all elements (cuBLAS FP32/FP64 rows: 8 x 8 "
                                      "entries against the host in long double)",
                                      "sass_source", rfl_gemm_sass_source, "elapsed_s", elapsed));
        json_object_set_new(meta, "tuning", tuning);
        tuning = NULL;
        json_t *chosen = json_array();
        for (int i = 0; i < rs.n; i++)
            if (rs.r[i].kernel && rs.r[i].size.m == ms && rs.r[i].size.n == ms && rs.r[i].size.k == ms) {
                char cfg[96];
                rfl_gemm_kernel_config(rs.r[i].kernel, cfg, sizeof cfg);
                json_array_append_new(chosen, json_pack("{s:s, s:s, s:s, s:s, s:s}", "kernel",
                                                        rfl_gemm_family_names[rs.r[i].family], "precision",
                                                        rfl_gemm_prec_names[rs.r[i].prec], "transb",
                                                        rfl_gemm_trans_names[rs.r[i].transb], "symbol",
                                                        rs.r[i].kernel->symbol, "config", cfg));
            }
        json_object_set_new(meta, "chosen_at_model_size", chosen);
        if (do_mix)
            json_object_set_new(meta, "mix", json_pack("{s:i, s:f, s:f, s:f}", "points", mix.npoints, "sm_clock_mhz",
                                                       isfinite(mix.mhz) ? mix.mhz : 0.0, "l2_gbytes_per_s",
                                                       mix.l2_gbytes_per_s, "dram_gbytes_per_s",
                                                       mix.dram_gbytes_per_s));
        json_object_set_new(meta, "evidence", ev);
        if (csv_open && rfl_csv_commit(&csv) != 0)
            exit_code = RFL_EXIT_FAILURE;
        if (c.mix_open && rfl_csv_commit(&c.mix_csv) != 0)
            exit_code = RFL_EXIT_FAILURE;
        if (model_open && rfl_csv_commit(&model_csv) != 0)
            exit_code = RFL_EXIT_FAILURE;
        if (meta_path && rfl_meta_write(meta, meta_path) != 0)
            exit_code = RFL_EXIT_FAILURE;
        if (c.status == RFL_EXIT_INTERRUPTED)
            rfl_error("interrupted: the rows measured so far are in %s", o->output);
        else if (c.status == RFL_EXIT_OK)
            rfl_info("%zu rows in %s (%.1f s)", csv_open ? csv.rows : (size_t)0, do_gemm ? o->output : "-", elapsed);
    }
    json_decref(tuning);
    json_decref(meta);
    exit_code = rfl_mpi_max_int(exit_code);
    free(rs.r);
    rfl_gemm_mix_free(&mix);
    free(meta_path);
    free(model_path);
    free_ctx(&c);
    return exit_code;
}
