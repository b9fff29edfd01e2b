/* dense.png: rfl_dense's GFLOP/s against n, one line per factorization,
 * method and precision (colour: method; marker: factorization; dashed:
 * fp32), under the same run's GEMM rate of each precision and device as
 * the roof (gemm.csv's best where rfl_gemm ran, else dense.csv's own GEMM
 * reference at its largest n). */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/dense.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const factorizations[] = {"lu", "cholesky", "qr"};
static const char *const fact_text[] = {"LU", "Cholesky", "QR"};
static const int fact_pt[] = {7, 5, 9};
static const char *const methods[] = {"lapack", "cusolver", "hybrid", "gpu_panel"};
static const char *const precisions[] = {"fp64", "fp32"};

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
    /* The roofs: per precision, the host's (lapack rows) and the GPU's (the other methods). */
    double roof[2][2];
    const char *source[2][2];
    int drawn[2][2] = {{0}};
    for (size_t i = 0; i < d->n; i++)
        for (int p = 0; p < 2; p++)
            if (!strcmp(d->rows[i].precision, precisions[p]))
                drawn[p][strcmp(d->rows[i].method, "lapack") != 0] = 1;
    for (int p = 0; p < 2; p++)
        for (int g = 0; g < 2; g++) {
            roof[p][g] = drawn[p][g] ? rfl_dense_gemm_roof(m, precisions[p], g, &source[p][g]) : NAN;
            if (roof[p][g] > 0)
                yhi = fmax(yhi, roof[p][g]);
        }
    char title[512], corner[512], gp[2048];
    snprintf(title, sizeof title, "Dense factorizations against the GEMM roof: %s", m->machine);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_plot_size_time_begin(&c, "dense", title, corner, &xlo, &xhi, &ylo, &yhi, "matrix order n",
                                 "GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3 flops; best sample)") != 0)
        return -1;
    /* One block per series that has rows, in a fixed order; the plot command walks the same order. */
    int have[3][4][2] = {{{0}}};
    rfl_chart_printf(&c, "$dense << EOD\n");
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < 4; k++)
            for (int p = 0; p < 2; p++) {
                for (size_t i = 0; i < d->n; i++) {
                    const struct rfl_dense_row *r = &d->rows[i];
                    if (strcmp(r->factorization, factorizations[f]) || strcmp(r->method, methods[k]) ||
                        strcmp(r->precision, precisions[p]))
                        continue;
                    if (!have[f][k][p]++)
                        rfl_chart_printf(&c, "# %s %s %s: n, GFLOP/s\n", factorizations[f], methods[k], precisions[p]);
                    rfl_plot_point(&c, (double)r->n, r->gflops);
                }
                if (have[f][k][p])
                    rfl_chart_printf(&c, "\n\n");
            }
    rfl_chart_printf(&c, "EOD\n");
    struct rfl_plot_peak peaks[4];
    size_t npeaks = 0;
    for (int p = 0; p < 2; p++)
        for (int g = 1; g >= 0; g--) {
            if (!(roof[p][g] > 0))
                continue;
            struct rfl_plot_peak *k = &peaks[npeaks++];
            char v[32];
            k->v = roof[p][g];
            k->color = rfl_plot_precision_color(precisions[p]);
            k->spec = !g; /* the host's dashed */
            snprintf(k->text, sizeof k->text, "%s %s GEMM %s GFLOP/s (%s)", g ? "GPU" : "host", precisions[p],
                     rfl_chart_num(v, sizeof v, roof[p][g]), source[p][g]);
        }
    rfl_plot_peaks_data(&c, peaks, npeaks, xlo, xhi, 0.05, 0.6);
    rfl_chart_printf(&c, "plot \\\n");
    rfl_plot_peaks_lines(&c, peaks, npeaks);
    size_t b = 0;
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < 4; k++)
            for (int p = 0; p < 2; p++) {
                if (!have[f][k][p])
                    continue;
                char name[96];
                snprintf(name, sizeof name, "%s %s %s", fact_text[f], methods[k], precisions[p]);
                rfl_chart_printf(&c,
                                 "  $dense index %zu with linespoints pt %d ps 1.2 lw 1.5 dt %d lc rgb \"%s\" "
                                 "title %s, \\\n",
                                 b++, fact_pt[f], p ? 2 : 1, rfl_plot_palette[k], rfl_chart_literal(&c, name));
            }
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/dense.gp", dir);
    return rfl_chart_end(&c, gp);
}
