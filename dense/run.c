/* rfl_dense's run: for each precision and size, the GEMM reference, then
 * each factorization by each method, timed on fresh copies of one matrix and
 * verified after timing (BabelStream's order). Rank 0 measures: the host
 * methods use every core of the node (the BLAS's threads). */
#include "config.h"
#include "dense.h"
#include "lapack.h"
#include "cpu/isa.h"
#include "schema/schema.h"
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
    return rfl_selftest_result("rfl_dense", failures);
}

/* Half the memory available now, in bytes (the matrices of a size must fit in it). */
static double memory_budget(void)
{
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? 0.5 * (double)pages * (double)page : 1e9;
}

struct point {
    enum rfl_dense_factor factor;
    const char *factorization, *method;
    int fp64;
    unsigned n;
    double flops, gemm_gflops, error;
    struct rfl_stats t;
    int verified;
};

static void write_row(struct rfl_csv *csv, const struct point *p)
{
    rfl_csv_int(csv, 0);
    rfl_csv_str(csv, "cpu");
    rfl_csv_str(csv, p->factorization);
    rfl_csv_str(csv, p->method);
    rfl_csv_str(csv, p->fp64 ? "fp64" : "fp32");
    rfl_csv_u64(csv, p->n);
    rfl_csv_str(csv, ""); /* block: LAPACK's own (ilaenv) */
    rfl_csv_int(csv, blas_threads());
    rfl_csv_double(csv, p->flops);
    rfl_csv_int(csv, (long long)p->t.count);
    rfl_csv_double(csv, p->t.min);
    rfl_csv_double(csv, p->t.median);
    rfl_csv_double(csv, p->t.max);
    rfl_csv_double(csv, p->flops / p->t.min * 1e-9);
    rfl_csv_double(csv, p->flops / p->t.median * 1e-9);
    rfl_csv_double(csv, p->gemm_gflops);
    rfl_csv_double(csv, p->gemm_gflops > 0 ? p->flops / p->t.min * 1e-9 / p->gemm_gflops : NAN);
    for (int i = 0; i < 3; i++)
        rfl_csv_str(csv, ""); /* panel, update, transfer: one step on the host */
    rfl_csv_double(csv, p->error);
    rfl_csv_double(csv, isnan(p->error) ? NAN : RFL_DENSE_BACKWARD_ERROR_BOUND);
    rfl_csv_int(csv, p->verified);
    rfl_csv_end_row(csv);
}

/* The GEMM reference at n: C = A B, the best of the experiments. */
static double gemm_rate(const struct rfl_dense_opts *o, int fp64, unsigned n, const void *a, const void *b, void *c)
{
    double best = INFINITY;
    for (unsigned e = 0; e < o->experiments; e++) {
        double s = 0;
        rfl_dense_lapack_gemm(fp64, (int)n, a, b, c, &s);
        best = fmin(best, s);
    }
    return best > 0 ? 2.0 * n * (double)n * n / best * 1e-9 : NAN;
}

/* One factorization at one size: timed on fresh copies, the last one verified. */
static int measure(const struct rfl_dense_opts *o, struct point *p, const struct rfl_dense_matrix *orig,
                   struct rfl_dense_matrix *work, int *ipiv, void *tau)
{
    const size_t bytes = (size_t)p->n * p->n * (p->fp64 ? 8 : 4);
    double times[RFL_DENSE_MAX_EXPERIMENTS];
    for (unsigned e = 0; e < o->experiments; e++) {
        memcpy(work->a, orig->a, bytes);
        const double t0 = rfl_now_s();
        const int info = rfl_dense_lapack_factor(work, p->factor, ipiv, tau);
        times[e] = rfl_now_s() - t0;
        if (info != 0) {
            rfl_error("%s %s %s n=%u: LAPACK info %d", p->factorization, p->method, p->fp64 ? "fp64" : "fp32", p->n,
                      info);
            return -1;
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

int rfl_dense_run(const struct rfl_dense_opts *o)
{
    if (o->print_columns) {
        rfl_schema_print(stdout, &rfl_schema_dense);
        return RFL_EXIT_OK;
    }
    if (o->self_test)
        return self_test();
    struct rfl_session s;
    if (rfl_session_open(&s, &(struct rfl_session_spec){"rfl_dense", o->argc, o->argv, o->output, rfl_schema_dense_columns,
                                                        rfl_schema_dense.count, NULL, 0}) != 0)
        return RFL_EXIT_FAILURE;
    const unsigned factors = o->factors ? o->factors : (1u << RFL_DENSE_NFACTOR) - 1;
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_NPRECISION) - 1;
    const double mem = memory_budget();
    int stop = 0, rows = 0, failed_checks = 0;
    for (int pr = 0; pr < RFL_NPRECISION && !stop; pr++) {
        if (!(precisions >> pr & 1))
            continue;
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
            int fail = 0;
            if (s.root) {
                struct rfl_dense_matrix a = {fp64, (int)n, malloc(bytes)}, w = {fp64, (int)n, malloc(bytes)};
                void *b = malloc(bytes), *tau = malloc((size_t)n * es);
                int *ipiv = malloc((size_t)n * sizeof *ipiv);
                if (!a.a || !w.a || !b || !tau || !ipiv) {
                    rfl_error("n=%u: out of memory", n);
                    fail = 1;
                } else {
                    rfl_progress("%s n=%u: GEMM", rfl_precision_names[pr], n);
                    rfl_dense_fill(&a, RFL_DENSE_LU, o->seed + n);
                    struct rfl_dense_matrix bm = {fp64, (int)n, b};
                    rfl_dense_fill(&bm, RFL_DENSE_QR, o->seed + 2 * n + 1);
                    const double gemm = gemm_rate(o, fp64, n, a.a, b, w.a);
                    for (int f = 0; f < RFL_DENSE_NFACTOR && !fail && !rfl_interrupted(); f++) {
                        if (!(factors >> f & 1))
                            continue;
                        rfl_progress("%s n=%u: %s", rfl_precision_names[pr], n, rfl_dense_factor_names[f]);
                        rfl_dense_fill(&a, (enum rfl_dense_factor)f, o->seed + n);
                        struct point p = {(enum rfl_dense_factor)f, rfl_dense_factor_names[f],
                                          rfl_dense_method_names[RFL_DENSE_LAPACK], fp64, n,
                                          rfl_dense_flops((enum rfl_dense_factor)f, n), gemm, NAN, {0}, 0};
                        if (measure(o, &p, &a, &w, ipiv, tau) != 0) {
                            fail = 1;
                            break;
                        }
                        write_row(&s.csv, &p);
                        rows++;
                        if (!p.verified) {
                            rfl_error("%s lapack %s n=%u: backward error %.3g above the bound %.3g",
                                      rfl_dense_factor_names[f], rfl_precision_names[pr], n, p.error,
                                      RFL_DENSE_BACKWARD_ERROR_BOUND);
                            failed_checks++;
                        }
                    }
                }
                free(a.a), free(w.a), free(b), free(tau), free(ipiv);
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
        snprintf(s.failure, sizeof s.failure, "%d factorizations above their backward-error bound", failed_checks);
    }
    rfl_session_stop(&s);
    json_t *meta = rfl_session_outcome(&s);
    if (meta)
        json_object_set_new(meta, "dense",
                            json_pack("{s:i, s:f, s:s, s:s}", "experiments", (int)o->experiments,
                                      "backward_error_bound", RFL_DENSE_BACKWARD_ERROR_BOUND, "backward_error",
                                      "||A x - F x||_inf / (||A||_inf ||x||_inf n u), x uniform in [-1, 1], u = 2^-53 "
                                      "(fp64) or 2^-24 (fp32), F the product of the factors",
                                      "blas", "the host's LAPACK and BLAS (Fortran entry points)"));
    rfl_session_commit(&s);
    (void)rows;
    return rfl_session_close(&s);
}
