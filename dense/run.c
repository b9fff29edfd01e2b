/* rfl_dense's run: for each precision and size, the GEMM reference of each
 * device (reference.h: sampled before and after the factorizations), and
 * each factorization by each method, timed on fresh copies of one matrix and
 * verified after timing (BabelStream's order). Rank 0 measures: the host
 * methods use every core of the node (the BLAS's threads). */
#include "config.h"
#include "dense.h"
#include "lapack.h"
#include "reference.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#include "gpu/gpu.h"
#endif
#include "cpu/isa.h"
#include "schema/schema.h"
#include "common/budget.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/selftest.h"
#include "common/session.h"
#include "common/stats.h"
#include "common/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The threads the host BLAS runs with: its own variable, else OpenMP's, else the CPUs. */
static int blas_threads(void)
{
    static const char *const vars[] = {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && atoi(v) > 0)
            return atoi(v);
    }
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* The hybrid QR's panel (geqrf, the explicit V, larft's T) on a 40 x 8 panel: Q^T A = A - V T^T V^T A
 * must give R above and zeros below; the largest deviation, relative. */
static double qr_panel_check(void)
{
    enum { M = 40, N = 8 };
    double a[M * N], a0[M * N], v[M * N], t[N * N], tau[N], w[N * N], w2[N * N];
    unsigned long long s = 99;
    for (int i = 0; i < M * N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        a0[i] = a[i] = (double)(s >> 11) * 0x1p-52 - 1.0;
    }
    if (rfl_dense_lapack_qr_panel(1, M, N, a, M, tau, v, t) != 0)
        return INFINITY;
    for (int j = 0; j < N; j++) /* W = V^T A0 */
        for (int i = 0; i < N; i++) {
            double x = 0;
            for (int k = 0; k < M; k++)
                x += v[k + i * M] * a0[k + j * M];
            w[i + j * N] = x;
        }
    for (int j = 0; j < N; j++) /* W2 = T^T W, T upper */
        for (int i = 0; i < N; i++) {
            double x = 0;
            for (int k = 0; k <= i; k++)
                x += t[k + i * N] * w[k + j * N];
            w2[i + j * N] = x;
        }
    double worst = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) {
            double x = a0[i + j * M];
            for (int k = 0; k < N; k++)
                x -= v[i + k * M] * w2[k + j * N];
            const double want = i <= j ? a[i + j * M] : 0;
            worst = fmax(worst, fabs(x - want));
        }
    return worst;
}

static int self_test(void)
{
    int failures = 0;
    unsigned s[RFL_DENSE_MAX_SIZES];
    size_t n = 0;
    EXPECT(rfl_dense_parse_sizes("256:4096", s, RFL_DENSE_MAX_SIZES, &n) == 0 && n == 5 && s[0] == 256 &&
           s[4] == 4096);
    EXPECT(rfl_dense_parse_sizes("1000,64,1000", s, RFL_DENSE_MAX_SIZES, &n) == 0 && n == 2 && s[0] == 64);
    EXPECT(rfl_dense_parse_sizes("8", s, RFL_DENSE_MAX_SIZES, &n) != 0);
    EXPECT(rfl_dense_parse_sizes("512:256", s, RFL_DENSE_MAX_SIZES, &n) != 0);
    EXPECT(fabs(rfl_dense_flops(RFL_DENSE_LU, 3) - 18) < 1e-12);
    EXPECT(fabs(rfl_dense_flops(RFL_DENSE_CHOLESKY, 3) - 9) < 1e-12);
    EXPECT(fabs(rfl_dense_flops(RFL_DENSE_QR, 3) - 36) < 1e-12);
    /* Each factorization of a small matrix verifies, and fails once a factor is corrupted. */
    for (int fp64 = 0; fp64 < 2; fp64++)
        for (int f = 0; f < RFL_DENSE_NFACTOR; f++) {
            const int k = 48;
            const size_t es = fp64 ? 8 : 4;
            struct rfl_dense_matrix a = {fp64, k, calloc((size_t)k * k, es)}, w = {fp64, k, calloc((size_t)k * k, es)};
            int ipiv[48];
            double tau[48];
            if (!a.a || !w.a) {
                free(a.a), free(w.a);
                EXPECT(0);
                continue;
            }
            rfl_dense_fill(&a, (enum rfl_dense_factor)f, 7);
            memcpy(w.a, a.a, (size_t)k * k * es);
            EXPECT(rfl_dense_lapack_factor(&w, (enum rfl_dense_factor)f, ipiv, tau) == 0);
            const double good = rfl_dense_backward_error(&a, &w, (enum rfl_dense_factor)f, ipiv, tau, 1);
            EXPECT(good <= RFL_DENSE_BACKWARD_ERROR_BOUND);
            if (fp64)
                ((double *)w.a)[k + 1] += 0.5;
            else
                ((float *)w.a)[k + 1] += 0.5f;
            EXPECT(rfl_dense_backward_error(&a, &w, (enum rfl_dense_factor)f, ipiv, tau, 1) >
                   RFL_DENSE_BACKWARD_ERROR_BOUND);
            free(a.a), free(w.a);
        }
    EXPECT(qr_panel_check() < 1e-12);
    /* The GEMM reference's check: a true product passes, one wrong element fails. */
    for (int fp64 = 0; fp64 < 2; fp64++) {
        const int k = 40;
        const size_t es = fp64 ? 8 : 4;
        struct rfl_dense_matrix b = {fp64, k, calloc((size_t)k * k, es)}, c = {fp64, k, calloc((size_t)k * k, es)};
        double t = 0;
        if (!b.a || !c.a) {
            free(b.a), free(c.a);
            EXPECT(0);
            continue;
        }
        rfl_dense_fill(&b, RFL_DENSE_QR, 5);
        EXPECT(rfl_dense_lapack_gemm(fp64, k, b.a, b.a, c.a, &t) == 0);
        EXPECT(rfl_dense_gemm_error(&b, &b, &c, 3) <= RFL_DENSE_BACKWARD_ERROR_BOUND);
        if (fp64)
            ((double *)c.a)[k + 1] += 0.5;
        else
            ((float *)c.a)[k + 1] += 0.5f;
        EXPECT(rfl_dense_gemm_error(&b, &b, &c, 3) > RFL_DENSE_BACKWARD_ERROR_BOUND);
        free(b.a), free(c.a);
    }
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL, 1u << RFL_DENSE_QR, (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL, 1u << RFL_DENSE_LU | 1u << RFL_DENSE_QR,
                                       (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL | 1u << RFL_DENSE_HYBRID,
                                       1u << RFL_DENSE_LU | 1u << RFL_DENSE_QR, (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL, 0, (char[256]){0}, 256) == 0);
    /* a factorization not asked is no clash (gpu_panel -f lu was refused for QR) */
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL, 1u << RFL_DENSE_LU, (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_GPU_PANEL, 1u << RFL_DENSE_CHOLESKY, (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(0, 1u << RFL_DENSE_QR, (char[256]){0}, 256) == 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_RECURSIVE, 1u << RFL_DENSE_QR, (char[256]){0}, 256) != 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_RECURSIVE | 1u << RFL_DENSE_GPU_PANEL, 1u << RFL_DENSE_QR,
                                       (char[256]){0}, 256) != 0);
    EXPECT(rfl_dense_check_combination(1u << RFL_DENSE_RECURSIVE, 1u << RFL_DENSE_LU | 1u << RFL_DENSE_CHOLESKY,
                                       (char[256]){0}, 256) == 0);
    return rfl_selftest_result("rfl_dense", failures);
}

/* Half the memory available now, in bytes (the matrices of a size must fit in it). */
static double memory_budget(void)
{
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? 0.5 * (double)pages * (double)page : 1e9;
}

/* One row: a factorization by a method, or (gemm) the GEMM reference of its device. */
struct point {
    enum rfl_dense_factor factor;
    enum rfl_dense_method method;
    int fp64;
    unsigned n, block;
    char device[16];
    double flops, gemm_gflops, error;
    struct rfl_stats t;
    struct rfl_dense_split split;
    int verified, gemm;
};

static void write_row(struct rfl_csv *csv, const struct point *p)
{
    const int host = !strcmp(p->device, "cpu");
    rfl_csv_int(csv, 0);
    rfl_csv_str(csv, p->device);
    rfl_csv_str(csv, p->gemm ? "gemm" : rfl_dense_factor_names[p->factor]);
    rfl_csv_str(csv, p->gemm ? (host ? "blas" : "cublas") : rfl_dense_method_names[p->method]);
    rfl_csv_str(csv, p->fp64 ? "fp64" : "fp32");
    rfl_csv_u64(csv, p->n);
    if (p->block)
        rfl_csv_u64(csv, p->block);
    else
        rfl_csv_str(csv, ""); /* LAPACK's or cuSOLVER's own */
    if (p->gemm ? host : p->method == RFL_DENSE_LAPACK || p->method == RFL_DENSE_HYBRID)
        rfl_csv_int(csv, blas_threads());
    else
        rfl_csv_str(csv, "");
    rfl_csv_double(csv, p->flops);
    rfl_csv_int(csv, (long long)p->t.count);
    rfl_csv_double(csv, p->t.min);
    rfl_csv_double(csv, p->t.median);
    rfl_csv_double(csv, p->t.max);
    rfl_csv_double(csv, p->flops / p->t.min * 1e-9);
    rfl_csv_double(csv, p->flops / p->t.median * 1e-9);
    /* The reference's own row holds no reference: it is the roof. */
    rfl_csv_double(csv, p->gemm ? NAN : p->gemm_gflops);
    rfl_csv_double(csv, !p->gemm && p->gemm_gflops > 0 ? p->flops / p->t.min * 1e-9 / p->gemm_gflops : NAN);
    rfl_csv_double(csv, p->split.panel_s);
    rfl_csv_double(csv, p->split.update_s);
    rfl_csv_double(csv, p->split.transfer_s);
    rfl_csv_double(csv, p->error);
    rfl_csv_double(csv, isnan(p->error) ? NAN : RFL_DENSE_BACKWARD_ERROR_BOUND);
    rfl_csv_int(csv, p->verified);
    rfl_csv_end_row(csv);
}

/* The reference's row: its samples over the whole size, its worst check. */
static void ref_point(const struct rfl_dense_ref *r, const char *device, struct point *p)
{
    memset(p, 0, sizeof *p);
    p->gemm = 1;
    p->fp64 = r->fp64;
    p->n = r->n;
    snprintf(p->device, sizeof p->device, "%s", device);
    p->flops = 2.0 * r->n * (double)r->n * r->n;
    p->gemm_gflops = NAN;
    double t[RFL_DENSE_REF_MAX_SAMPLES];
    memcpy(t, r->times, r->count * sizeof *t);
    rfl_stats_compute(t, r->count, &p->t);
    p->split = (struct rfl_dense_split){NAN, NAN, NAN};
    p->error = r->error;
    p->verified = rfl_dense_ref_verified(r);
}

/* The GPU side of a run: the device, or NULL where the GPU methods do not run. */
struct gpu_side {
    struct rfl_dense_gpu *g;
    char name[256];
};

/* One factorization by one method at one size: timed on fresh copies, the last one's factors
 * verified on the host. */
static int measure(const struct rfl_dense_opts *o, struct gpu_side *gs, struct point *p,
                   const struct rfl_dense_matrix *orig, struct rfl_dense_matrix *work, int *ipiv, void *tau)
{
    const size_t bytes = (size_t)p->n * p->n * (p->fp64 ? 8 : 4);
    double times[RFL_DENSE_MAX_EXPERIMENTS];
    p->split = (struct rfl_dense_split){NAN, NAN, NAN};
    for (unsigned e = 0; e < o->experiments; e++) {
        if (p->method == RFL_DENSE_LAPACK) {
            memcpy(work->a, orig->a, bytes);
            const double t0 = rfl_now_s();
            const int info = rfl_dense_lapack_factor(work, p->factor, ipiv, tau);
            times[e] = rfl_now_s() - t0;
            if (info != 0) {
                rfl_error("%s lapack %s n=%u: LAPACK info %d", rfl_dense_factor_names[p->factor],
                          p->fp64 ? "fp64" : "fp32", p->n, info);
                return -1;
            }
        } else {
#ifdef HAVE_CUDA
            if (rfl_dense_gpu_factor(gs->g, p->method, p->factor, p->block, e + 1 == o->experiments, work, ipiv, tau,
                                     &times[e], &p->split) != 0)
                return -1;
#else
            (void)gs;
            return -1;
#endif
        }
    }
    rfl_stats_compute(times, o->experiments, &p->t);
    if (o->inject_fault) {
        if (p->fp64)
            ((double *)work->a)[p->n + 1] += 1.0;
        else
            ((float *)work->a)[p->n + 1] += 1.0f;
    }
    p->error = rfl_dense_backward_error(orig, work, p->factor, ipiv, tau, o->seed + p->n);
    p->verified = p->error <= RFL_DENSE_BACKWARD_ERROR_BOUND;
    return 0;
}

/* The methods that run: those asked (default: all), those a CPU-only build or a machine without
 * a GPU has; the GPU opened for the largest size. An RFL_EXIT_* code. */
static int open_methods(const struct rfl_dense_opts *o, unsigned *methods, struct gpu_side *gs)
{
    const unsigned gpu_methods = ((1u << RFL_DENSE_NMETHOD) - 1) & ~(1u << RFL_DENSE_LAPACK);
    *methods = o->methods ? o->methods : (1u << RFL_DENSE_NMETHOD) - 1;
    gs->g = NULL;
    gs->name[0] = '\0';
    if (!(*methods & gpu_methods))
        return RFL_EXIT_OK;
#ifdef HAVE_CUDA
    int count = 0;
    char why[256];
    if (rfl_gpu_count(&count, why, sizeof why) != 0 || count < 1) {
        if (o->methods) {
            rfl_error("no CUDA device for the GPU methods asked: %s", why);
            return RFL_EXIT_FAILURE;
        }
        rfl_warn("no CUDA device (%s): the GPU methods are skipped", why);
        *methods &= ~gpu_methods;
        return RFL_EXIT_OK;
    }
    return rfl_dense_gpu_open(&gs->g, o->device, o->sizes[o->nsizes - 1], &o->tune, gs->name, sizeof gs->name);
#else
    if (o->methods) {
        rfl_error("option --method: the GPU methods need a build with CUDA (./configure --with-cuda)");
        return RFL_EXIT_USAGE;
    }
    *methods &= ~gpu_methods;
    return RFL_EXIT_OK;
#endif
}

/* --time-budget: the sizes of a precision run in ascending order, each precision within an even
 * share of the time left when it starts; a size runs when its estimate (the last size measured,
 * scaled by the cube of the size ratio: the flops) fits in what is left of the share, and once one
 * does not, it and the larger sizes of its precision are cut. The first size of the run always
 * runs. Rank 0 decides; every rank takes its decision. */
struct dense_budget {
    struct rfl_budget clock;
    double precision_end;  /* clock's used_s by which the precision's share ends */
    double last_s;         /* seconds of the last size measured (0: none yet) */
    unsigned last_n;
    int precision_cut;     /* the rest of this precision is cut */
    unsigned long run, cut;
    json_t *cuts;          /* rank 0: one sentence per cut */
};

static void budget_precision(struct dense_budget *b, int precisions_left)
{
    b->precision_cut = 0;
    if (rfl_budget_limited(&b->clock))
        b->precision_end = rfl_budget_used_s(&b->clock) + rfl_budget_share_s(&b->clock, precisions_left);
}

/* Whether size si of the precision runs (collective); cuts are recorded on rank 0. */
static int budget_admit(struct dense_budget *b, const struct rfl_dense_opts *o, const char *prec, size_t si)
{
    if (!rfl_budget_limited(&b->clock))
        return 1;
    int go = 1;
    if (rfl_mpi_rank() == 0 && b->precision_cut)
        go = 0;
    else if (rfl_mpi_rank() == 0 && b->last_s > 0) {
        const double r = (double)o->sizes[si] / b->last_n, est = b->last_s * r * r * r;
        const double left = b->precision_end - rfl_budget_used_s(&b->clock);
        if (est > left) {
            char text[256];
            snprintf(text, sizeof text, "%s n=%u%s (%zu size%s): its estimate %.2f s exceeded the %.2f s left to %s", prec,
                     o->sizes[si], o->nsizes - si > 1 ? " and above" : "", o->nsizes - si, o->nsizes - si > 1 ? "s" : "",
                     est, left > 0 ? left : 0.0, prec);
            if (!b->cuts)
                b->cuts = json_array();
            json_array_append_new(b->cuts, json_string(text));
            b->cut += o->nsizes - si;
            b->precision_cut = 1;
            go = 0;
        }
    }
    return !rfl_mpi_max_int(!go);
}

static void budget_done(struct dense_budget *b, unsigned n, double seconds)
{
    b->last_n = n;
    b->last_s = seconds > 0 ? seconds : 1e-6;
    b->run++;
}

/* The sidecar's "budget" (null without one). */
static json_t *budget_json(const struct dense_budget *b)
{
    if (!rfl_budget_limited(&b->clock))
        return json_null();
    return json_pack("{s:f, s:f, s:b, s:o, s:I, s:I}", "seconds", b->clock.total_s, "used_s",
                     rfl_budget_used_s(&b->clock), "spent", b->cut > 0 || rfl_budget_spent(&b->clock), "cuts",
                     b->cuts ? json_incref(b->cuts) : json_array(), "sizes_run", (json_int_t)b->run, "sizes_cut",
                     (json_int_t)b->cut);
}

/* Samples of the GEMM reference, in seconds at least, where its samples are short (small n):
 * enough to find its best, which is all it contributes. */
#define REF_MIN_S 0.01

/* The fastest factorization measured on the reference's device. */
static double fastest_on(const struct point *pts, size_t np, int gpu)
{
    double best = 0;
    for (size_t i = 0; i < np; i++)
        if ((strcmp(pts[i].device, "cpu") != 0) == gpu)
            best = fmax(best, pts[i].flops / pts[i].t.min * 1e-9);
    return best;
}

/* One size of one precision on rank 0: the references (host BLAS where lapack runs, cuBLAS where
 * the GPU methods do), half their samples before the factorizations and half after, then more
 * while a factorization still beat its reference (up to `experiments` more: beyond that it is
 * the report's to flag); their rows first, then the factorizations'. 1: a step failed. */
static int one_size(const struct rfl_dense_opts *o, struct gpu_side *gs, unsigned methods, unsigned factors, int fp64,
                    unsigned n, const char *gpu_label, struct rfl_csv *csv, int *failed_checks)
{
    const char *prec = fp64 ? "fp64" : "fp32";
    const size_t es = fp64 ? 8 : 4, bytes = (size_t)n * n * es;
    struct rfl_dense_matrix a = {fp64, (int)n, malloc(bytes)}, w = {fp64, (int)n, malloc(bytes)};
    struct rfl_dense_matrix b = {fp64, (int)n, malloc(bytes)}, c = {fp64, (int)n, malloc(bytes)};
    void *tau = malloc((size_t)n * es);
    int *ipiv = malloc((size_t)n * sizeof *ipiv);
    struct point pts[RFL_DENSE_NFACTOR * RFL_DENSE_NMETHOD];
    size_t np = 0;
    struct rfl_dense_ref ref[2];
    const int use[2] = {methods >> RFL_DENSE_LAPACK & 1, gs->g != NULL};
    const unsigned before = (o->experiments + 1) / 2, after = o->experiments > before ? o->experiments - before : 1;
    int fail = 0;
    if (!a.a || !w.a || !b.a || !c.a || !tau || !ipiv) {
        rfl_error("n=%u: out of memory", n);
        fail = 1;
    } else {
        rfl_dense_fill(&b, RFL_DENSE_QR, o->seed + 2 * n + 1);
    }
    for (int d = 0; d < 2 && !fail; d++) {
        rfl_dense_ref_init(&ref[d], d, fp64, n);
        if (use[d])
            rfl_progress("%s n=%u: GEMM", prec, n);
        if (use[d] && rfl_dense_ref_sample(&ref[d], gs->g, &b, &c, before, REF_MIN_S, o->inject_fault, o->seed + 3 * n))
            fail = 1;
    }
    for (int f = 0; f < RFL_DENSE_NFACTOR && !fail && !rfl_interrupted(); f++) {
        if (!(factors >> f & 1))
            continue;
        rfl_dense_fill(&a, (enum rfl_dense_factor)f, o->seed + n);
#ifdef HAVE_CUDA
        if (gs->g && rfl_dense_gpu_load(gs->g, &a)) {
            fail = 1;
            break;
        }
#endif
        for (int m = 0; m < RFL_DENSE_NMETHOD && !fail && !rfl_interrupted(); m++) {
            const int blocked = m != RFL_DENSE_LAPACK && m != RFL_DENSE_CUSOLVER; /* the libraries block their own */
            if (!(methods >> m & 1) || !(rfl_dense_method_factors((enum rfl_dense_method)m) >> f & 1))
                continue;
            rfl_progress("%s n=%u: %s %s", prec, n, rfl_dense_factor_names[f], rfl_dense_method_names[m]);
            struct point *p = &pts[np];
            *p = (struct point){(enum rfl_dense_factor)f, (enum rfl_dense_method)m, fp64, n, blocked ? rfl_dense_block_for(o, (enum rfl_dense_factor)f, (enum rfl_dense_method)m, n) : 0,
                                "cpu", rfl_dense_flops((enum rfl_dense_factor)f, n), NAN, NAN, {0}, {NAN, NAN, NAN},
                                0, 0};
            if (m != RFL_DENSE_LAPACK)
                snprintf(p->device, sizeof p->device, "%s", gpu_label);
            if (measure(o, gs, p, &a, &w, ipiv, tau) != 0)
                fail = 1;
            else
                np++;
        }
    }
    for (int d = 0; d < 2 && !fail && !rfl_interrupted(); d++) {
        if (!use[d])
            continue;
        rfl_progress("%s n=%u: GEMM again", prec, n);
        fail = rfl_dense_ref_sample(&ref[d], gs->g, &b, &c, after, 0, o->inject_fault, o->seed + 3 * n) != 0;
        for (unsigned more = 0; !fail && more < o->experiments && !rfl_interrupted() &&
                                !(rfl_dense_ref_gflops(&ref[d]) >= fastest_on(pts, np, d));
             more++)
            fail = rfl_dense_ref_sample(&ref[d], gs->g, &b, &c, 1, 0, o->inject_fault, o->seed + 3 * n) != 0;
    }
    /* What was measured is written even after a failure or an interrupt (the run keeps its rows). */
    for (int d = 0; d < 2; d++) {
        if (!use[d] || !ref[d].count)
            continue;
        struct point r;
        ref_point(&ref[d], d ? gpu_label : "cpu", &r);
        write_row(csv, &r);
        /* The reference is no result of the run's: one that fails its check is kept as a row
         * (verified 0) and sets no roof, and the factorizations, verified on their own, stand. */
        if (!r.verified)
            rfl_warn("gemm %s %s n=%u: scaled error %.3g of its product above the bound %.3g: no GEMM roof at this n",
                     d ? "cublas" : "blas", prec, n, r.error, RFL_DENSE_BACKWARD_ERROR_BOUND);
    }
    for (size_t i = 0; i < np; i++) {
        struct point *p = &pts[i];
        const int d = p->method != RFL_DENSE_LAPACK;
        p->gemm_gflops = rfl_dense_ref_verified(&ref[d]) ? rfl_dense_ref_gflops(&ref[d]) : NAN;
        write_row(csv, p);
        const double rate = p->flops / p->t.min * 1e-9;
        if (p->gemm_gflops > 0 && rate > p->gemm_gflops)
            rfl_warn("%s %s %s n=%u: %.4g GFLOP/s, above the %s GEMM at the same n (%.4g GFLOP/s, best of %u samples): "
                     "noise, or a GEMM measured too low",
                     rfl_dense_factor_names[p->factor], rfl_dense_method_names[p->method], prec, n, rate,
                     d ? "cuBLAS" : "host BLAS", p->gemm_gflops, ref[d].count);
        if (!p->verified) {
            rfl_error("%s %s %s n=%u: backward error %.3g above the bound %.3g", rfl_dense_factor_names[p->factor],
                      rfl_dense_method_names[p->method], prec, n, p->error, RFL_DENSE_BACKWARD_ERROR_BOUND);
            (*failed_checks)++;
        }
    }
    free(a.a), free(w.a), free(b.a), free(c.a), free(tau), free(ipiv);
    return fail;
}

int rfl_dense_run(const struct rfl_dense_opts *o)
{
    if (o->print_columns) {
        rfl_schema_print(stdout, &rfl_schema_dense);
        return RFL_EXIT_OK;
    }
    if (o->self_test)
        return self_test();
    struct dense_budget budget = {0};
    rfl_budget_start(&budget.clock, o->time_budget_s);
    unsigned methods = 0;
    struct gpu_side gs;
    int rc = rfl_mpi_rank() == 0 ? open_methods(o, &methods, &gs) : RFL_EXIT_OK;
    rc = rfl_mpi_max_int(rc);
    if (rc != RFL_EXIT_OK) {
#ifdef HAVE_CUDA
        rfl_dense_gpu_close(gs.g);
#endif
        return rc;
    }
    struct rfl_session s;
    if (rfl_session_open(&s, &(struct rfl_session_spec){"rfl_dense", o->argc, o->argv, o->output, rfl_schema_dense_columns,
                                                        rfl_schema_dense.count, NULL, 0}) != 0) {
#ifdef HAVE_CUDA
        rfl_dense_gpu_close(gs.g);
#endif
        return RFL_EXIT_FAILURE;
    }
    const unsigned factors = o->factors ? o->factors : (1u << RFL_DENSE_NFACTOR) - 1;
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_NPRECISION) - 1;
    const double mem = memory_budget();
    int stop = 0, failed_checks = 0;
    char gpu_label[16] = "gpu";
#ifdef HAVE_CUDA
    if (gs.g)
        snprintf(gpu_label, sizeof gpu_label, "gpu%d", rfl_dense_gpu_index(gs.g));
#endif
    int precisions_left = 0;
    for (int pr = 0; pr < RFL_NPRECISION; pr++)
        precisions_left += precisions >> pr & 1;
    for (int pr = 0; pr < RFL_NPRECISION && !stop; pr++) {
        if (!(precisions >> pr & 1))
            continue;
        budget_precision(&budget, precisions_left--);
        const int fp64 = !strcmp(rfl_precision_names[pr], "fp64");
        const size_t es = fp64 ? 8 : 4;
        for (size_t si = 0; si < o->nsizes && !stop; si++) {
            const unsigned n = o->sizes[si];
            const size_t bytes = (size_t)n * n * es;
            if (4.0 * (double)bytes > mem) {
                if (s.root)
                    rfl_warn("n=%u %s: 4 matrices of %zu bytes do not fit in half the available memory; skipped", n,
                             rfl_precision_names[pr], bytes);
                continue;
            }
            if (!budget_admit(&budget, o, rfl_precision_names[pr], si))
                break;
            int fail = 0;
            const double t_size = rfl_now_s();
            if (s.root) {
                fail = one_size(o, &gs, methods, factors, fp64, n, gpu_label, &s.csv, &failed_checks);
                budget_done(&budget, n, rfl_now_s() - t_size);
            }
            if (rfl_mpi_max_int(fail)) {
                s.status = RFL_EXIT_FAILURE;
                snprintf(s.failure, sizeof s.failure, "a factorization failed (see the messages above)");
                stop = 1;
            }
            stop = rfl_interrupt_agree(stop, &s.status);
        }
    }
    if (rfl_mpi_max_int(failed_checks) && s.status == RFL_EXIT_OK) {
        s.status = RFL_EXIT_VERIFY;
        snprintf(s.failure, sizeof s.failure, "%d factorizations or GEMM products above their error bound",
                 failed_checks);
    }
    rfl_session_stop(&s);
    json_t *meta = rfl_session_outcome(&s);
    if (meta) {
        json_t *ran = json_array();
        for (int m = 0; m < RFL_DENSE_NMETHOD; m++)
            if (methods >> m & 1)
                json_array_append_new(ran, json_string(rfl_dense_method_names[m]));
        json_object_set_new(meta, "dense",
                            json_pack("{s:i, s:o, s:o, s:s?, s:f, s:s, s:s, s:s}", "experiments", (int)o->experiments,
                                      "block", o->block ? json_integer(o->block) : json_string(RFL_DENSE_AUTO_BLOCK),
                                      "methods", ran, "gpu", gs.name[0] ? gs.name : NULL,
                                      "backward_error_bound", RFL_DENSE_BACKWARD_ERROR_BOUND, "backward_error",
                                      "||A x - F x||_inf / (||A||_inf ||x||_inf n u), x uniform in [-1, 1], u = 2^-53 "
                                      "(fp64) or 2^-24 (fp32), F the product of the factors",
                                      "blas", "the host's LAPACK and BLAS (Fortran entry points)", "gemm",
                                      "C = B B at each n (n x n x n) by the host's BLAS (blas, where lapack runs) and "
                                      "cuBLAS (cublas, where the GPU methods run): half its samples before the "
                                      "factorizations of that n, half after, and more while one of them ran faster; "
                                      "its product checked as ||C x - B (B x)||_inf / (||B||_inf^2 ||x||_inf n u), |x_j| uniform in [1/2, 1] with random signs"));
    }
#ifdef HAVE_CUDA
    if (meta && gs.g) {
        const struct rfl_dense_tuning *t = &o->tune;
        json_object_set_new(json_object_get(meta, "dense"), "gpu_tuning",
                            json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "side_priority", t->side_priority, "syrk_leaf",
                                      t->syrk_leaf, "lu_panel_leaf", t->lu_panel_leaf, "leaf_kernel", t->leaf_kernel,
                                      "inverse", t->inverse, "sm_reserve", t->sm_reserve, "trsm_leaf", t->trsm_leaf));
    }
#endif
    if (meta) {
        json_object_set_new(meta, "budget", budget_json(&budget));
        if (rfl_budget_limited(&budget.clock))
            rfl_budget_print_cuts(&budget.clock, json_object_get(meta, "budget"));
    }
    json_decref(budget.cuts);
    rfl_session_commit(&s);
#ifdef HAVE_CUDA
    rfl_dense_gpu_close(gs.g);
#endif
    return rfl_session_close(&s);
}
