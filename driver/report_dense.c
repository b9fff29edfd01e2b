/* The report's table of rfl_dense's rows (report_dense.h). */
#include "config.h"
#include "report_dense.h"
#include "ceilings/dense.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "ceilings/profile.h"
#include "common/csv.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const factorizations[] = {"lu", "cholesky", "qr"};
static const char *const fact_text[] = {"LU", "Cholesky", "QR"};
static const char *const methods[] = {"lapack", "cusolver", "hybrid", "gpu_panel"};
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
    if (!strcmp(r->method, "lapack") || !m->gpu || !m->gpu->dev.known)
        return 0; /* the host's, or no GPU roofline drawn */
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
    snprintf(t->caption, sizeof t->caption,
             "rfl_dense (dense.csv): every verified factorization, by precision, factorization, n and method. "
             "GFLOP/s from the standard flop counts (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3) and the fastest of its "
             "samples; %% of GEMM: of the GEMM rate the same run measured at that n on the same device; the "
             "backward error ||A x - F x|| / (||A|| ||x|| n eps) against the bound it must stay under; time: the "
             "fastest sample, and where the blocked methods' time went (the CPU's panels, the waits for transfers, "
             "the GPU's updates the CPU did not hide). # is the point's number on the GPU roofline (the largest n "
             "of each factorization, method and precision).");
    for (int p = 0; p < 2; p++)
        for (int f = 0; f < 3; f++) {
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
                for (int k = 0; k < 4; k++)
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
