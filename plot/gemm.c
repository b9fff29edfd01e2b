/* gemm.png: GEMM GFLOP/s against size, per kernel and precision. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * gemm.png
 * ------------------------------------------------------------------------- */

static double gemm_size(const struct rfl_gpu_gemm *r) { return cbrt((double)r->m * r->n * r->k); }

/* Which panel a row goes to: FP64, FP32 or the tensor-core input types. */
static int gemm_group(const struct rfl_gpu_gemm *r)
{
    return !strcmp(r->precision, "fp64") ? 0 : !strcmp(r->precision, "fp32") ? 1 : 2;
}

static const char *kernel_color(const char *kernel)
{
    static const char *const kernels[] = {"cublas", "tiled", "dmma", "volkov"};
    static const char *const colors[] = {"#1a1a1a", "#1f4e9c", "#1b9e77", "#d95f02"};
    for (int k = 0; k < 4; k++)
        if (!strcmp(kernels[k], kernel))
            return colors[k];
    return "#7570b3";
}

static void raw_title(struct rfl_chart *c, const struct rfl_model *m, const char *title, const char *subtitle)
{
    char a[32], corner[512];
    rfl_chart_printf(c, "set label 1001 %s at screen 0.5,%s center font \"sans,14\"\n", rfl_chart_literal(c, title),
                     rfl_plot_coord(a, sizeof a, 1 - 28.0 / c->height));
    if (subtitle)
        rfl_chart_printf(c, "set label 1002 %s at screen 0.5,%s center font \"sans,10\" textcolor rgb \"#404040\"\n",
                         rfl_chart_literal(c, subtitle), rfl_plot_coord(a, sizeof a, 1 - 52.0 / c->height));
    rfl_plot_corner(m, corner, sizeof corner);
    rfl_chart_printf(c, "set label 1000 %s at screen 0.995,0.012 right font \"sans,9\" textcolor rgb \"#707070\"\n",
                     rfl_chart_literal(c, corner));
}

static void raw_panel(struct rfl_chart *c, double l, double r, double b, double t)
{
    char a[32], e[32];
    rfl_chart_printf(c, "set lmargin at screen %s\nset rmargin at screen %s\n", rfl_plot_coord(a, sizeof a, l),
                     rfl_plot_coord(e, sizeof e, r));
    rfl_chart_printf(c, "set tmargin at screen %s\nset bmargin at screen %s\n", rfl_plot_coord(a, sizeof a, t),
                     rfl_plot_coord(e, sizeof e, b));
}

int rfl_plot_gemm(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    int both_trans = 0, in_group[3] = {0, 0, 0};
    for (size_t i = 0; i < g->ngemm; i++) {
        both_trans |= strcmp(g->gemm[i].transb, g->gemm[0].transb) != 0;
        in_group[gemm_group(&g->gemm[i])] = 1;
    }
    int npanels = in_group[0] + in_group[1] + in_group[2];
    double width = 120 + 520.0 * npanels, height = 720;
    struct rfl_chart c;
    if (rfl_chart_open(&c, "gemm", width, height) != 0)
        return -1;
    char title[512], a[32], b[32], e[32], q[192];
    rfl_plot_gpu_title(m, title, sizeof title, "GEMM", NULL);
    raw_title(&c, m, title,
              both_trans ? "C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the "
                           "upper-bound model of each kernel"
                         : "C = alpha A B + beta C; GFLOP/s against size, with the peak of each unit and the "
                           "upper-bound model of each kernel");
    rfl_chart_printf(&c, "set logscale xy\nset format y \"%%.0f\"\nset grid xtics ytics mytics lc rgb \"#e4e4e4\" lw 1, "
                         "lc rgb \"#f2f2f2\" lw 1\nset border lc rgb \"#404040\"\nset mxtics 1\n");
    rfl_chart_printf(&c, "set xlabel \"size n (m = n = k; otherwise the cube root of m n k)\" font \"sans,10\"\n");
    rfl_chart_printf(&c, "set key bottom right vertical Left reverse samplen 3 spacing 1.15 font \"sans,9\" box opaque\n");
    rfl_chart_printf(&c, "set multiplot\n");
    static const char *const panel_titles[3] = {"FP64: CUDA cores (DFMA) and FP64 tensor cores",
                                                "FP32: CUDA cores (FFMA; cuBLAS with TF32 off)",
                                                "Tensor-core types (cuBLAS, FP32 accumulation)"};
    double left = 100.0 / width, right = 1 - 25.0 / width, gap = 75.0 / width;
    double pw = (right - left - gap * (npanels - 1)) / npanels;
    double top = 1 - 110.0 / height, bottom = 70.0 / height;
    int panel = 0;
    for (int grp = 0; grp < 3; grp++) {
        if (!in_group[grp])
            continue;
        /* Series of this panel: kernel x precision (x transposition). */
        const struct rfl_gpu_gemm *first[16];
        size_t nser = 0;
        double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
        int have_bound = 0, have_rect = 0;
        for (size_t i = 0; i < g->ngemm; i++) {
            const struct rfl_gpu_gemm *r = &g->gemm[i];
            if (gemm_group(r) != grp)
                continue;
            have_rect |= !(r->m == r->n && r->n == r->k);
            size_t k = 0;
            while (k < nser && !(strcmp(first[k]->kernel, r->kernel) == 0 &&
                                 strcmp(first[k]->precision, r->precision) == 0 &&
                                 (!both_trans || strcmp(first[k]->transb, r->transb) == 0)))
                k++;
            if (k == nser && nser < 16)
                first[nser++] = r;
            xlo = fmin(xlo, gemm_size(r));
            xhi = fmax(xhi, gemm_size(r));
            ylo = fmin(ylo, r->gflops);
            yhi = fmax(yhi, fmax(r->gflops, fmax(r->peak > 0 ? r->peak : 0, r->bound > 0 ? r->bound : 0)));
            have_bound |= r->bound > 0;
        }
        xlo = rfl_plot_pow2_floor(xlo / 1.3);
        xhi = rfl_plot_pow2_ceil(xhi * 1.3);
        ylo = rfl_plot_nice(ylo / 4, 1);
        yhi = rfl_plot_nice(yhi * 1.6, 0);
        /* The peak of each unit in the panel: its highest clock-derived value. */
        char units[4][16];
        double peaks[4];
        size_t npeaks = 0;
        for (size_t i = 0; i < g->ngemm; i++) {
            const struct rfl_gpu_gemm *r = &g->gemm[i];
            if (gemm_group(r) != grp || !(r->peak > 0))
                continue;
            size_t k = 0;
            while (k < npeaks && strcmp(units[k], r->unit))
                k++;
            if (k == npeaks) {
                if (npeaks == 4)
                    continue;
                snprintf(units[npeaks], sizeof units[0], "%s", r->unit);
                peaks[npeaks++] = 0;
            }
            peaks[k] = fmax(peaks[k], r->peak);
        }
        rfl_chart_printf(&c, "# panel %d: %s\n$g%d << EOD\n", panel, panel_titles[grp], grp);
        for (size_t s = 0; s < nser; s++) {
            const struct rfl_gpu_gemm *f = first[s];
            /* Block 2s: the square sizes (a line), 2s + 1: the rectangular ones
             * (points at the cube root of m n k). One point per size (the
             * fastest row there), ascending. */
            for (int square = 1; square >= 0; square--) {
                char what[128];
                snprintf(what, sizeof what, "%s %s n%s, %s: size, GFLOP/s, model bound", f->kernel, f->precision,
                         f->transb, square ? "square" : "rectangular");
                rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, what));
                double done = 0;
                int any = 0;
                for (;;) {
                    const struct rfl_gpu_gemm *next = NULL;
                    for (size_t i = 0; i < g->ngemm; i++) {
                        const struct rfl_gpu_gemm *r = &g->gemm[i];
                        int is_square = r->m == r->n && r->n == r->k;
                        if (strcmp(r->kernel, f->kernel) || strcmp(r->precision, f->precision) ||
                            (both_trans && strcmp(r->transb, f->transb)) || is_square != square ||
                            gemm_size(r) <= done * (1 + 1e-9))
                            continue;
                        if (!next || gemm_size(r) < gemm_size(next) * (1 - 1e-9) ||
                            (fabs(gemm_size(r) - gemm_size(next)) <= 1e-9 * gemm_size(r) && r->gflops > next->gflops))
                            next = r;
                    }
                    if (!next)
                        break;
                    done = gemm_size(next);
                    any = 1;
                    rfl_chart_printf(&c, "%s %s %s\n", rfl_plot_coord(a, sizeof a, done), rfl_plot_coord(b, sizeof b, next->gflops),
                                     next->bound > 0 ? rfl_plot_coord(e, sizeof e, next->bound) : "NaN");
                }
                if (!any)
                    rfl_chart_printf(&c, "NaN NaN NaN\n");
                rfl_chart_printf(&c, "\n\n");
            }
        }
        rfl_chart_printf(&c, "EOD\n");
        double l = left + panel * (pw + gap);
        raw_panel(&c, l, l + pw, bottom, top);
        rfl_chart_printf(&c, "set title \"%s\" font \"sans,11\"\n", panel_titles[grp]);
        rfl_chart_printf(&c, "set xrange [%s:%s]\nset yrange [%s:%s]\n", rfl_plot_coord(a, sizeof a, xlo),
                         rfl_plot_coord(b, sizeof b, xhi), rfl_plot_coord(e, sizeof e, ylo), rfl_plot_coord(q, sizeof q, yhi));
        rfl_plot_pow2_tics(&c, xlo, xhi, "");
        rfl_chart_printf(&c, "%s", panel == 0 ? "set ylabel \"GFLOP/s\" font \"sans,10\"\n" : "unset ylabel\n");
        rfl_chart_printf(&c, "plot \\\n");
        for (size_t k = 0; k < npeaks; k++) {
            char unit[16], v[32];
            memcpy(unit, units[k], sizeof unit);
            for (char *p = unit; *p; p++)
                if (*p == '_')
                    *p = ' ';
            snprintf(q, sizeof q, "peak %s %s", unit, rfl_chart_num(v, sizeof v, peaks[k]));
            rfl_chart_printf(&c, "  %s with lines dt %d lw 1.5 lc rgb \"%s\" title %s, \\\n",
                             rfl_plot_coord(a, sizeof a, peaks[k]), k ? 4 : 2, RFL_PLOT_SPEC_COLOR,
                             rfl_chart_literal(&c, q));
        }
        for (size_t s = 0; s < nser; s++) {
            const struct rfl_gpu_gemm *f = first[s];
            const char *color = grp == 2 ? rfl_plot_precision_color(f->precision) : kernel_color(f->kernel);
            char name[96];
            if (both_trans)
                snprintf(name, sizeof name, "%s %s n%s", f->kernel, f->precision, f->transb);
            else
                snprintf(name, sizeof name, "%s %s", f->kernel, f->precision);
            /* nt: dashed, open markers (the filled ones less one). */
            int nt = both_trans && !strcmp(f->transb, "t"), pt = rfl_plot_kernel_point(f->kernel) - nt;
            rfl_chart_printf(&c, "  $g%d index %zu using 1:2 with linespoints dt %d lw 1.8 pt %d ps 1.1 lc rgb \"%s\" "
                                 "title %s, \\\n",
                             grp, 2 * s, nt ? 2 : 1, pt, color, rfl_chart_literal(&c, name));
            rfl_chart_printf(&c, "  $g%d index %zu using 1:2 with points pt %d ps 1.1 lc rgb \"%s\" notitle, \\\n",
                             grp, 2 * s + 1, pt, color);
            if (have_bound)
                rfl_chart_printf(&c, "  $g%d index %zu using 1:3 with lines dt 3 lw 1.8 lc rgb \"%s\" notitle, \\\n",
                                 grp, 2 * s, color);
        }
        if (have_bound)
            rfl_chart_printf(&c, "  NaN with lines dt 3 lw 1.8 lc rgb \"#404040\" title \"model bound (Lai & Seznec)\", "
                                 "\\\n");
        if (have_rect)
            rfl_chart_printf(&c, "  NaN with points pt 1 ps 1.1 lc rgb \"#404040\" title \"points alone: m, n, k "
                                 "not all equal\", \\\n");
        rfl_chart_printf(&c, "  NaN notitle\n");
        panel++;
    }
    rfl_chart_printf(&c, "unset multiplot\n");
    char gp[2048];
    snprintf(gp, sizeof gp, "%s/gemm.gp", dir);
    return rfl_chart_end(&c, gp);
}

