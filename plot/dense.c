/* dense.png: rfl_dense's GFLOP/s against the matrix order n, one line per
 * factorization, method and precision, under the roof they are held
 * against: the GEMM of the same library at the same n, one curve per
 * precision and device (a one-number roof from another size or another
 * library let a factorization sit above it). A series reads off three
 * channels named in the key: colour the method, marker the precision,
 * line the factorization (a host-only run has one method: colour alone
 * told its six lines apart by nothing). */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/dense.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *const factorizations[] = {"lu", "cholesky", "qr"};
static const char *const fact_text[] = {"LU", "Cholesky", "QR"};
static const int fact_dt[] = {1, 2, 4}; /* solid, dashed, dash-dot */
static const char *const precisions[] = {"fp64", "fp32"};
static const int prec_pt[] = {7, 4}; /* filled circle, open square */
static const char *const roof_text[] = {"host", "GPU"};
static const char *const roof_library[] = {"host BLAS", "cuBLAS"};
static const char *const roof_color[] = {"#7f7f7f", "#1a1a1a"};
#define KEY_COLOR "#404040" /* the key's samples of a marker or a line alone */
#define MAX_N 64            /* sizes of one curve: rfl_dense takes at most 32 */

/* x tics at the orders themselves (256, 1024, ...): n is a count, not a size in bytes. */
static void order_tics(struct rfl_chart *c, double lo, double hi) { rfl_plot_pow2_tics(c, lo, hi, ""); }

int rfl_plot_dense(const struct rfl_model *m, const char *dir)
{
    const struct rfl_dense_data *d = m->dense;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; d && i < d->n; i++) {
        xlo = fmin(xlo, (double)d->rows[i].n);
        xhi = fmax(xhi, (double)d->rows[i].n);
        ylo = fmin(ylo, d->rows[i].gflops);
        yhi = fmax(yhi, d->rows[i].gflops);
    }
    if (!(xhi > 0))
        return 0; /* nothing verified: no script */
    /* The roofs: per precision, the host's (under lapack) and the GPU's (under the other methods). */
    uint64_t roof_n[2][2][MAX_N];
    double roof_v[2][2][MAX_N];
    size_t roof_k[2][2];
    for (int p = 0; p < 2; p++)
        for (int g = 0; g < 2; g++) {
            roof_k[p][g] = rfl_dense_gemm_curve(d, precisions[p], g, roof_n[p][g], roof_v[p][g], MAX_N);
            for (size_t i = 0; i < roof_k[p][g]; i++) {
                xlo = fmin(xlo, (double)roof_n[p][g][i]);
                xhi = fmax(xhi, (double)roof_n[p][g][i]);
                yhi = fmax(yhi, roof_v[p][g][i]);
            }
        }
    char title[512], corner[512], gp[2048];
    snprintf(title, sizeof title, "Dense factorizations under the GEMM of the same n: %s", m->machine);
    rfl_plot_corner(m, corner, sizeof corner);
    xlo = rfl_plot_pow2_floor(xlo);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 2, 0);
    struct rfl_chart c;
    if (rfl_plot_begin(&c, "dense", 0.72, title, corner, xlo, xhi, ylo, yhi) != 0)
        return -1;
    order_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"matrix order n\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3, GEMM 2n^3 flops; best sample)\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    /* One block per series that has rows, in a fixed order; the plot command walks the same order. */
    int have[3][RFL_DENSE_ROW_NMETHOD][2] = {{{0}}}, used_f[3] = {0}, used_k[RFL_DENSE_ROW_NMETHOD] = {0}, used_p[2] = {0};
    rfl_chart_printf(&c, "$dense << EOD\n");
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < (int)RFL_DENSE_ROW_NMETHOD; k++)
            for (int p = 0; p < 2; p++) {
                for (size_t i = 0; i < d->n; i++) {
                    const struct rfl_dense_row *r = &d->rows[i];
                    if (strcmp(r->factorization, factorizations[f]) || strcmp(r->method, rfl_dense_row_methods[k]) ||
                        strcmp(r->precision, precisions[p]))
                        continue;
                    if (!have[f][k][p]++)
                        rfl_chart_printf(&c, "# %s %s %s: n, GFLOP/s\n", factorizations[f], rfl_dense_row_methods[k], precisions[p]);
                    rfl_plot_point(&c, (double)r->n, r->gflops);
                }
                if (have[f][k][p]) {
                    rfl_chart_printf(&c, "\n\n");
                    used_f[f] = used_k[k] = used_p[p] = 1;
                }
            }
    rfl_chart_printf(&c, "EOD\n");
    rfl_chart_printf(&c, "$gemm << EOD\n");
    for (int p = 0; p < 2; p++)
        for (int g = 0; g < 2; g++) {
            if (!roof_k[p][g])
                continue;
            rfl_chart_printf(&c, "# %s %s GEMM (%s): n, GFLOP/s\n", roof_text[g], precisions[p], roof_library[g]);
            for (size_t i = 0; i < roof_k[p][g]; i++)
                rfl_plot_point(&c, (double)roof_n[p][g][i], roof_v[p][g][i]);
            rfl_chart_printf(&c, "\n\n");
        }
    rfl_chart_printf(&c, "EOD\n");
    rfl_chart_printf(&c, "plot \\\n");
    size_t b = 0;
    for (int p = 0; p < 2; p++)
        for (int g = 0; g < 2; g++) {
            if (!roof_k[p][g])
                continue;
            char name[96];
            snprintf(name, sizeof name, "%s %s GEMM (%s, same n): the roof", roof_text[g], precisions[p],
                     roof_library[g]);
            rfl_chart_printf(&c, "  $gemm index %zu with linespoints lw 3 pt %d ps 0.9 lc rgb \"%s\" title %s, \\\n", b++,
                             prec_pt[p], roof_color[g], rfl_chart_literal(&c, name));
        }
    b = 0;
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < (int)RFL_DENSE_ROW_NMETHOD; k++)
            for (int p = 0; p < 2; p++)
                if (have[f][k][p])
                    rfl_chart_printf(&c,
                                     "  $dense index %zu with linespoints pt %d ps 1.2 lw 1.5 dt %d lc rgb \"%s\" "
                                     "notitle, \\\n",
                                     b++, prec_pt[p], fact_dt[f], rfl_plot_palette[k]);
    /* The key: what each channel means, one entry per value in use. */
    char entry[96];
    for (int k = 0; k < (int)RFL_DENSE_ROW_NMETHOD; k++)
        if (used_k[k]) {
            snprintf(entry, sizeof entry, "colour: %s", rfl_dense_row_method_labels[k]);
            rfl_chart_printf(&c, "  NaN with lines lw 4 lc rgb \"%s\" title %s, \\\n", rfl_plot_palette[k],
                             rfl_chart_literal(&c, entry));
        }
    for (int p = 0; p < 2; p++)
        if (used_p[p]) {
            snprintf(entry, sizeof entry, "marker: %s", precisions[p]);
            rfl_chart_printf(&c, "  NaN with points pt %d ps 1.2 lc rgb \"%s\" title %s, \\\n", prec_pt[p], KEY_COLOR,
                             rfl_chart_literal(&c, entry));
        }
    for (int f = 0; f < 3; f++)
        if (used_f[f]) {
            snprintf(entry, sizeof entry, "line: %s", fact_text[f]);
            rfl_chart_printf(&c, "  NaN with lines lw 1.5 dt %d lc rgb \"%s\" title %s, \\\n", fact_dt[f], KEY_COLOR,
                             rfl_chart_literal(&c, entry));
        }
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/dense.gp", dir);
    return rfl_chart_end(&c, gp);
}
