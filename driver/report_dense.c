/* The report's table of rfl_dense's rows (report_dense.h). */
#include "config.h"
#include "report_dense.h"
#include "ceilings/bound.h"
#include "ceilings/dense.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "common/csv.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GEMM references first: each n's roof, then what it bounds. */
static const char *const factorizations[] = {"gemm", "lu", "cholesky", "qr"};
static const char *const fact_text[] = {"GEMM", "LU", "Cholesky", "QR"};
static const char *const methods[] = {"blas", "cublas",
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) #name,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
};
#define NFACT (sizeof factorizations / sizeof *factorizations)
#define NMETH (sizeof methods / sizeof *methods)
/* Above this fraction of its GEMM a row is flagged: the GEMM of the same n and library bounds a
 * factorization, so only noise (or a GEMM measured too low) puts one above it. */
#define ABOVE_GEMM 1.0
static const char *const precisions[] = {"fp64", "fp32"};

static void number(char *buf, size_t len, double v, const char *fmt)
{
    if (isfinite(v))
        rfl_format_double(buf, len, fmt, v);
    else
        snprintf(buf, len, "-");
}

static void duration(char *buf, size_t len, double s)
{
    if (!isfinite(s))
        snprintf(buf, len, "-");
    else if (s < 1e-3)
        number(buf, len, s * 1e6, "%.3g us");
    else if (s < 1)
        number(buf, len, s * 1e3, "%.3g ms");
    else
        number(buf, len, s, "%.3g s");
}

/* The row's number on the GPU roofline (its point: the largest n of its factorization, method and
 * precision), 0: not drawn there. In the order plot/profile_points.c numbers the points. */
static size_t chart_number(const struct rfl_model *m, const struct rfl_dense_row *r)
{
    if (!rfl_dense_on_gpu(r) || rfl_dense_is_gemm(r) || !m->gpu || !m->gpu->dev.known)
        return 0; /* the host's, a roof, or no GPU roofline drawn */
    char name[96];
    const size_t f = !strcmp(r->factorization, "lu") ? 0 : !strcmp(r->factorization, "cholesky") ? 1 : 2;
    snprintf(name, sizeof name, "%s %s %s n=%llu", f == 0 ? "LU" : f == 1 ? "Chol" : "QR", r->method, r->precision,
             (unsigned long long)r->n);
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->device, "gpu") || !rfl_kernel_placed(k))
            continue;
        n++;
        if (!strcmp(k->tool, "dense") && !strcmp(k->name, name))
            return n;
    }
    return 0;
}

int rfl_dense_table(const struct rfl_model *m, struct rfl_dense_table *t)
{
    memset(t, 0, sizeof *t);
    const struct rfl_dense_data *d = m->dense;
    if (!d || !d->n)
        return 0;
    static const char *const head[RFL_DTABLE_COLS] = {
        "#", "precision", "n", "factorization", "method", "GFLOP/s", "% of GEMM", "backward error / bound", "time",
        "panel / update / transfer"};
    for (size_t c = 0; c < RFL_DTABLE_COLS; c++)
        t->head[c] = head[c];
    t->cell = calloc(d->n, sizeof *t->cell);
    if (!t->cell)
        return -1;
    size_t above = 0;
    for (size_t i = 0; i < d->n; i++)
        above += !rfl_dense_is_gemm(&d->rows[i]) && d->rows[i].fraction > ABOVE_GEMM;
    int written = snprintf(t->caption, sizeof t->caption,
                      "rfl_dense (dense.csv): each verified row by precision, factorization, n and method, the GEMM "
                      "references first. GFLOP/s from the standard counts (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3, GEMM "
                      "2n^3) and the fastest sample; %% of GEMM: of the GEMM the same run measured at that n with the "
                      "same library (blas: the host's, for lapack; cublas: for the GPU methods), the roof on dense.png; "
                      "the error against its bound (a GEMM's: its product checked); time: the fastest sample, and "
                      "where it went: the hybrid's CPU panels, GPU updates not hidden, and transfer waits; "
                      "gpu_panel's and recursive's GPU time in panels (or leaves) and in updates, CUDA events "
                      "(gpu_panel's two streams overlap: the two may add to more than the time). #: the point "
                      "on the GPU roofline.");
    if (above && written > 0 && (size_t)written < sizeof t->caption)
        snprintf(t->caption + written, sizeof t->caption - (size_t)written,
                 " %zu row%s ran above the GEMM of the same n and library (marked \"above its GEMM\"): a "
                 "factorization cannot outrun it, so that GEMM was measured too low (noise) and the roof is "
                 "not trustworthy there.",
                 above, above == 1 ? "" : "s");
    for (int p = 0; p < 2; p++)
        for (size_t f = 0; f < NFACT; f++) {
            /* by n, then method */
            uint64_t last = 0;
            for (;;) {
                uint64_t n = 0;
                for (size_t i = 0; i < d->n; i++) {
                    const struct rfl_dense_row *r = &d->rows[i];
                    if (!strcmp(r->precision, precisions[p]) && !strcmp(r->factorization, factorizations[f]) &&
                        r->n > last && (!n || r->n < n))
                        n = r->n;
                }
                if (!n)
                    break;
                last = n;
                for (size_t k = 0; k < NMETH; k++)
                    for (size_t i = 0; i < d->n; i++) {
                        const struct rfl_dense_row *r = &d->rows[i];
                        if (strcmp(r->precision, precisions[p]) || strcmp(r->factorization, factorizations[f]) ||
                            r->n != n || strcmp(r->method, methods[k]))
                            continue;
                        char(*row)[64] = t->cell[t->nrows++];
                        const size_t at = chart_number(m, r);
                        if (at)
                            snprintf(row[0], sizeof row[0], "%zu", at);
                        else
                            snprintf(row[0], sizeof row[0], "-");
                        snprintf(row[1], sizeof row[1], "%s", r->precision);
                        snprintf(row[2], sizeof row[2], "%llu", (unsigned long long)r->n);
                        snprintf(row[3], sizeof row[3], "%s", fact_text[f]);
                        snprintf(row[4], sizeof row[4], "%s", r->method);
                        number(row[5], sizeof row[5], r->gflops, r->gflops >= 100 ? "%.0f" : "%.3g");
                        if (rfl_dense_is_gemm(r))
                            snprintf(row[6], sizeof row[6], "roof");
                        else if (r->fraction > ABOVE_GEMM)
                            number(row[6], sizeof row[6], 100 * r->fraction, "%.0f%% (above its GEMM)");
                        else
                            number(row[6], sizeof row[6], 100 * r->fraction, "%.0f%%");
                        char e[24], b[24];
                        number(e, sizeof e, r->error, "%.3g");
                        number(b, sizeof b, r->bound, "%.3g");
                        snprintf(row[7], sizeof row[7], "%s / %s", e, b);
                        duration(row[8], sizeof row[8], r->time_s);
                        if (isfinite(r->panel_s) || isfinite(r->update_s) || isfinite(r->transfer_s)) {
                            char a[20], u[20], x[20];
                            duration(a, sizeof a, r->panel_s);
                            duration(u, sizeof u, r->update_s);
                            duration(x, sizeof x, r->transfer_s);
                            snprintf(row[9], sizeof row[9], "%s / %s / %s", a, u, x);
                        } else {
                            snprintf(row[9], sizeof row[9], "-");
                        }
                    }
            }
        }
    return 1;
}

void rfl_dense_table_free(struct rfl_dense_table *t)
{
    free(t->cell);
    t->cell = NULL;
    t->nrows = 0;
}
