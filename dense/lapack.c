/* LAPACK and BLAS on the host (Fortran entry points: OpenBLAS and the
 * reference libraries both export them), and the O(n^2) checks of a
 * factorization against the matrix it came from. */
#include "config.h"
#include "lapack.h"
#include "common/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef int fint;
/* Character arguments carry their lengths at the end (gfortran's convention;
 * routines written in C ignore them). */
void dgetrf_(const fint *m, const fint *n, double *a, const fint *lda, fint *ipiv, fint *info);
void sgetrf_(const fint *m, const fint *n, float *a, const fint *lda, fint *ipiv, fint *info);
void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info, size_t);
void spotrf_(const char *uplo, const fint *n, float *a, const fint *lda, fint *info, size_t);
void dgeqrf_(const fint *m, const fint *n, double *a, const fint *lda, double *tau, double *work, const fint *lwork,
             fint *info);
void sgeqrf_(const fint *m, const fint *n, float *a, const fint *lda, float *tau, float *work, const fint *lwork,
             fint *info);
void dtrsm_(const char *side, const char *uplo, const char *ta, const char *diag, const fint *m, const fint *n,
            const double *alpha, const double *a, const fint *lda, double *b, const fint *ldb, size_t, size_t, size_t,
            size_t);
void strsm_(const char *side, const char *uplo, const char *ta, const char *diag, const fint *m, const fint *n,
            const float *alpha, const float *a, const fint *lda, float *b, const fint *ldb, size_t, size_t, size_t,
            size_t);
void dlarft_(const char *direct, const char *storev, const fint *n, const fint *k, const double *v, const fint *ldv,
             const double *tau, double *t, const fint *ldt, size_t, size_t);
void slarft_(const char *direct, const char *storev, const fint *n, const fint *k, const float *v, const fint *ldv,
             const float *tau, float *t, const fint *ldt, size_t, size_t);
void dgemm_(const char *ta, const char *tb, const fint *m, const fint *n, const fint *k, const double *alpha,
            const double *a, const fint *lda, const double *b, const fint *ldb, const double *beta, double *c,
            const fint *ldc, size_t, size_t);
void sgemm_(const char *ta, const char *tb, const fint *m, const fint *n, const fint *k, const float *alpha,
            const float *a, const fint *lda, const float *b, const fint *ldb, const float *beta, float *c,
            const fint *ldc, size_t, size_t);

static unsigned long long splitmix(unsigned long long *s)
{
    unsigned long long z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [-1, 1). */
static double uniform(unsigned long long *s) { return (double)(splitmix(s) >> 11) * 0x1p-52 - 1.0; }

static double get(const struct rfl_dense_matrix *m, int i, int j)
{
    const size_t k = (size_t)i + (size_t)j * (size_t)m->n;
    return m->fp64 ? ((const double *)m->a)[k] : (double)((const float *)m->a)[k];
}

static void set(struct rfl_dense_matrix *m, int i, int j, double v)
{
    const size_t k = (size_t)i + (size_t)j * (size_t)m->n;
    if (m->fp64)
        ((double *)m->a)[k] = v;
    else
        ((float *)m->a)[k] = (float)v;
}

void rfl_dense_fill(struct rfl_dense_matrix *m, enum rfl_dense_factor f, unsigned long long seed)
{
    unsigned long long s = seed;
    const int n = m->n;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            if (f != RFL_DENSE_CHOLESKY)
                set(m, i, j, uniform(&s));
            else if (i == j)
                set(m, i, j, n);
            else if (i > j) {
                const double v = uniform(&s);
                set(m, i, j, v);
                set(m, j, i, v);
            }
        }
}

/* LAPACK's factorizations in either precision, one call each: info. */
static fint getrf(int fp64, fint m, fint n, void *a, fint lda, int *ipiv)
{
    fint info = 0;
    if (fp64)
        dgetrf_(&m, &n, a, &lda, ipiv, &info);
    else
        sgetrf_(&m, &n, a, &lda, ipiv, &info);
    return info;
}

static fint potrf(int fp64, fint n, void *a, fint lda)
{
    fint info = 0;
    if (fp64)
        dpotrf_("L", &n, a, &lda, &info, 1);
    else
        spotrf_("L", &n, a, &lda, &info, 1);
    return info;
}

/* lwork -1: the workspace it asks for in work[0] (a double or a float). */
static fint geqrf(int fp64, fint m, fint n, void *a, fint lda, void *tau, void *work, fint lwork)
{
    fint info = 0;
    if (fp64)
        dgeqrf_(&m, &n, a, &lda, tau, work, &lwork, &info);
    else
        sgeqrf_(&m, &n, a, &lda, tau, work, &lwork, &info);
    return info;
}

int rfl_dense_lapack_factor(struct rfl_dense_matrix *m, enum rfl_dense_factor f, int *ipiv, void *tau)
{
    const fint n = m->n;
    switch (f) {
    case RFL_DENSE_LU:
        return getrf(m->fp64, n, n, m->a, n, ipiv);
    case RFL_DENSE_CHOLESKY:
        return potrf(m->fp64, n, m->a, n);
    case RFL_DENSE_QR: {
        /* The workspace LAPACK asks for (its blocked code's n x nb). */
        union {
            double d;
            float s;
        } size = {0};
        fint info = geqrf(m->fp64, n, n, m->a, n, tau, &size, -1);
        if (info != 0)
            return info;
        fint lwork = (fint)(m->fp64 ? size.d : size.s);
        if (lwork < n)
            lwork = n;
        void *work = malloc((size_t)lwork * (m->fp64 ? sizeof(double) : sizeof(float)));
        if (!work)
            return -1000;
        info = geqrf(m->fp64, n, n, m->a, n, tau, work, lwork);
        free(work);
        return info;
    }
    default:
        return -1000;
    }
}

int rfl_dense_lapack_getrf(int fp64, int m, int n, void *a, int lda, int *ipiv)
{
    return getrf(fp64, m, n, a, lda, ipiv);
}

int rfl_dense_lapack_potrf_panel(int fp64, int m, int n, void *a, int lda)
{
    const fint fn = n, fl = lda, below = m - n;
    const fint info = potrf(fp64, n, a, lda);
    if (info != 0 || below <= 0)
        return info;
    /* A21 := A21 L11^-T */
    if (fp64) {
        const double one = 1;
        dtrsm_("R", "L", "T", "N", &below, &fn, &one, a, &fl, (double *)a + n, &fl, 1, 1, 1, 1);
    } else {
        const float one = 1;
        strsm_("R", "L", "T", "N", &below, &fn, &one, a, &fl, (float *)a + n, &fl, 1, 1, 1, 1);
    }
    return 0;
}

int rfl_dense_lapack_qr_panel(int fp64, int m, int n, void *a, int lda, void *tau, void *v, void *t)
{
    const fint fm = m, fn = n;
    /* geqr2's workspace is n elements; geqrf asks for more, blocked. The panel is narrow: unblocked. */
    const size_t es = fp64 ? 8 : 4;
    void *work = malloc((size_t)n * es * 64);
    if (!work)
        return -1000;
    const fint info = geqrf(fp64, m, n, a, lda, tau, work, n * 64);
    free(work);
    if (info != 0)
        return info;
    /* V: the reflectors with their unit diagonal and zeros above it, m x n (ld m). */
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            const size_t src = (size_t)i + (size_t)j * lda, dst = (size_t)i + (size_t)j * m;
            if (fp64)
                ((double *)v)[dst] = i < j ? 0 : i == j ? 1 : ((const double *)a)[src];
            else
                ((float *)v)[dst] = i < j ? 0 : i == j ? 1 : ((const float *)a)[src];
        }
    if (fp64)
        dlarft_("F", "C", &fm, &fn, v, &fm, tau, t, &fn, 1, 1);
    else
        slarft_("F", "C", &fm, &fn, v, &fm, tau, t, &fn, 1, 1);
    return 0;
}

int rfl_dense_lapack_gemm(int fp64, int n, const void *a, const void *b, void *c, double *seconds)
{
    const fint fn = n;
    const double t0 = rfl_now_s();
    if (fp64) {
        const double one = 1, zero = 0;
        dgemm_("N", "N", &fn, &fn, &fn, &one, a, &fn, b, &fn, &zero, c, &fn, 1, 1);
    } else {
        const float one = 1, zero = 0;
        sgemm_("N", "N", &fn, &fn, &fn, &one, a, &fn, b, &fn, &zero, c, &fn, 1, 1);
    }
    *seconds = rfl_now_s() - t0;
    return 0;
}

/* The products below walk the column-major factors by columns: by rows, each element was a
 * cache miss and the check of an n = 16384 factorization took seconds. */

/* y = U x, U the upper triangle of the factors (`trans`: of their transpose, L^T). */
static void upper_times(const struct rfl_dense_matrix *fact, int trans, const double *x, double *y)
{
    const int n = fact->n;
    if (trans) { /* y_i = sum over j >= i of L(j, i) x_j: column i of L */
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = i; j < n; j++)
                s += get(fact, j, i) * x[j];
            y[i] = s;
        }
        return;
    }
    for (int i = 0; i < n; i++)
        y[i] = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++)
            y[i] += get(fact, i, j) * x[j];
}

/* y = L x, L the lower triangle of the factors (`unit`: with a unit diagonal, LU's). */
static void lower_times(const struct rfl_dense_matrix *fact, int unit, const double *x, double *y)
{
    const int n = fact->n;
    for (int i = 0; i < n; i++)
        y[i] = unit ? x[i] : 0;
    for (int j = 0; j < n; j++)
        for (int i = unit ? j + 1 : j; i < n; i++)
            y[i] += get(fact, i, j) * x[j];
}

/* y = F x for the factors in `fact`, in double (the factors' own values). */
static void apply_factors(const struct rfl_dense_matrix *fact, enum rfl_dense_factor f, const int *ipiv,
                          const void *tau, const double *x, double *y, double *t)
{
    const int n = fact->n;
    if (f == RFL_DENSE_LU) {
        /* t = U x, y = L t (unit diagonal), then P^T: the row swaps in reverse. */
        upper_times(fact, 0, x, t);
        lower_times(fact, 1, t, y);
        for (int i = n - 1; i >= 0; i--) {
            const int p = ipiv[i] - 1;
            const double v = y[i];
            y[i] = y[p];
            y[p] = v;
        }
    } else if (f == RFL_DENSE_CHOLESKY) {
        /* t = L^T x, y = L t. */
        upper_times(fact, 1, x, t);
        lower_times(fact, 0, t, y);
    } else {
        /* y = R x, then Q y = H_1 H_2 ... H_n y: the reflectors from the last,
         * H_k = I - tau_k v_k v_k^T, v_k = (0.., 1, A(k+1:n, k)). */
        upper_times(fact, 0, x, y);
        for (int k = n - 1; k >= 0; k--) {
            const double tk = fact->fp64 ? ((const double *)tau)[k] : (double)((const float *)tau)[k];
            double d = y[k];
            for (int i = k + 1; i < n; i++)
                d += get(fact, i, k) * y[i];
            d *= tk;
            y[k] -= d;
            for (int i = k + 1; i < n; i++)
                y[i] -= d * get(fact, i, k);
        }
    }
}

/* y = M x and the infinity norm of M (NaN when out of memory). */
static double mat_vec(const struct rfl_dense_matrix *m, const double *x, double *y)
{
    const int n = m->n;
    double *row = calloc((size_t)n, sizeof *row);
    if (!row)
        return NAN;
    for (int i = 0; i < n; i++)
        y[i] = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            const double v = get(m, i, j);
            y[i] += v * x[j];
            row[i] += fabs(v);
        }
    double norm = 0;
    for (int i = 0; i < n; i++)
        norm = fmax(norm, row[i]);
    free(row);
    return norm;
}

double rfl_dense_backward_error(const struct rfl_dense_matrix *orig, const struct rfl_dense_matrix *fact,
                                enum rfl_dense_factor f, const int *ipiv, const void *tau, unsigned long long seed)
{
    const int n = orig->n;
    double *x = malloc(3 * (size_t)n * sizeof *x);
    if (!x)
        return NAN;
    double *y = x + n, *t = y + n;
    unsigned long long s = seed ^ 0x5eedull;
    double xnorm = 0;
    for (int i = 0; i < n; i++) {
        x[i] = uniform(&s);
        xnorm = fmax(xnorm, fabs(x[i]));
    }
    apply_factors(fact, f, ipiv, tau, x, y, t);
    const double anorm = mat_vec(orig, x, t); /* t: A x, the work of apply_factors done */
    double rnorm = 0;
    for (int i = 0; i < n; i++)
        rnorm = fmax(rnorm, fabs(t[i] - y[i]));
    free(x);
    const double u = orig->fp64 ? 0x1p-53 : 0x1p-24;
    return anorm > 0 && xnorm > 0 ? rnorm / (anorm * xnorm * n * u) : NAN;
}

double rfl_dense_gemm_error(const struct rfl_dense_matrix *a, const struct rfl_dense_matrix *b,
                            const struct rfl_dense_matrix *c, unsigned long long seed)
{
    const int n = a->n;
    /* Zeroed: GCC's -Wmaybe-uninitialized does not see the loop below fill x. */
    double *x = calloc(4 * (size_t)n, sizeof *x);
    if (!x)
        return NAN;
    double *bx = x + n, *abx = bx + n, *cx = abx + n;
    unsigned long long s = seed ^ 0x9e33ull;
    double xnorm = 0;
    for (int i = 0; i < n; i++) {
        /* |x_j| in [1/2, 1]: one wrong element e of C shows as at least e/2 in C x, never hidden by
         * an x_j near 0 (uniform [-1, 1] missed 0.5 on one element of a 40 x 40 fp32 product). */
        const double v = uniform(&s);
        x[i] = v < 0 ? v / 2 - 0.5 : v / 2 + 0.5;
        xnorm = fmax(xnorm, fabs(x[i]));
    }
    const double bnorm = mat_vec(b, x, bx), anorm = mat_vec(a, bx, abx);
    mat_vec(c, x, cx);
    double rnorm = 0;
    for (int i = 0; i < n; i++)
        rnorm = fmax(rnorm, fabs(cx[i] - abx[i]));
    free(x);
    const double u = a->fp64 ? 0x1p-53 : 0x1p-24, scale = anorm * bnorm * xnorm * n * u;
    return scale > 0 ? rnorm / scale : NAN;
}
