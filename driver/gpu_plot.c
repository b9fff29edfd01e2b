/* The GPU charts: bandwidth against working set, GFLOP/s against flops per
 * element, the unified-memory heat maps (Lo et al. Fig. 7) and the reuse
 * each mechanism needs, GEMM rates, pointer-chase latency and host-device
 * transfer time. Each is a self-contained gnuplot script, like plot.c's. */
#include "config.h"
#include "gpu.h"
#include "model.h"
#include "plot.h"
#include "common/csv.h"
#include "common/log.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPEC_COLOR "#8c8c8c"

static const char *num(char *buf, size_t len, double v) { return rfl_chart_num(buf, len, v); }

/* A coordinate in a script: enough digits to land on the pixel. */
static const char *coord(char *buf, size_t len, double v)
{
    rfl_format_double(buf, len, "%.7g", v);
    return buf;
}

static void title_of(const struct rfl_model *m, char *buf, size_t len, const char *what, const char *extra)
{
    const struct rfl_gpu_device *d = &m->gpu->dev;
    snprintf(buf, len, "%s: %s %s (%s)%s%s", what, m->machine, d->label, d->name, extra && *extra ? ", " : "",
             extra ? extra : "");
}

/* Vertical capacity marks: a dashed line across the plot, named at the top. */
static void capacity_mark(struct rfl_chart *c, double x, const char *text)
{
    char a[32], b[32];
    if (x <= c->xmin || x >= c->xmax)
        return;
    rfl_chart_printf(c, "set arrow from %s, graph 0 to %s, graph 1 nohead dt 2 lw 1.5 lc rgb \"#606060\" back\n",
                     coord(a, sizeof a, x), coord(b, sizeof b, x));
    rfl_chart_label_vertical(c, text, "#404040", x, 1, 1);
    rfl_chart_block_line(c, x, c->ymin, x, c->ymax);
}

static void pow2_tics(struct rfl_chart *c, double lo, double hi, const char *fmt_prefix)
{
    rfl_chart_printf(c, "set xtics (");
    int span = (int)lround(log2(hi / lo));
    double mult = span > 14 ? 4 : 2;
    int first = 1;
    for (double x = lo; x <= hi * 1.0001; x *= mult) {
        char v[32];
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s%s\" %s", first ? "" : ", ", fmt_prefix, v, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

/* ---------------------------------------------------------------------------
 * gpu_bandwidth.png
 * ------------------------------------------------------------------------- */

static int kernel_order(const char *kernel)
{
    static const char *const order[] = {"global_inside", "global_launch", "shared_blocked", "global_stream",
                                        "memcpy_d2d",    "global_bulk"};
    const int n = (int)(sizeof order / sizeof order[0]);
    for (int i = 0; i < n; i++)
        if (!strcmp(kernel, order[i]))
            return i;
    return n;
}

static double curve_max(const struct rfl_gpu_bw_curve *c)
{
    double v = 0;
    for (size_t k = 0; k < c->n; k++)
        v = fmax(v, c->y[k]);
    return v;
}

static int plot_bandwidth(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    /* The precision of the device-memory ceiling's curve (every access is 16
     * bytes, so the precisions tell the same story). */
    const char *prec = g->curves[0].precision;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!strcmp(ce->device, d->label) && ce->kind == RFL_CEILING_BANDWIDTH && ce->curve >= 0 &&
            (size_t)ce->curve < g->ncurves)
            prec = g->curves[ce->curve].precision;
    }
    /* Per kernel and access, the launch shape that reached the most. */
    const struct rfl_gpu_bw_curve *sel[32];
    size_t nsel = 0;
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_gpu_bw_curve *c = &g->curves[i];
        if (strcmp(c->precision, prec) && c->precision[0])
            continue;
        size_t j = 0;
        while (j < nsel && !(strcmp(sel[j]->kernel, c->kernel) == 0 && strcmp(sel[j]->access, c->access) == 0))
            j++;
        if (j < nsel) {
            if (curve_max(c) > curve_max(sel[j]))
                sel[j] = c;
        } else if (nsel < 32) {
            sel[nsel++] = c;
        }
    }
    for (size_t i = 1; i < nsel; i++)
        for (size_t j = i; j > 0; j--) {
            int a = kernel_order(sel[j - 1]->kernel), b = kernel_order(sel[j]->kernel);
            if (a < b || (a == b && strcmp(sel[j - 1]->access, sel[j]->access) <= 0))
                break;
            const struct rfl_gpu_bw_curve *t = sel[j];
            sel[j] = sel[j - 1];
            sel[j - 1] = t;
        }
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < nsel; i++)
        for (size_t k = 0; k < sel[i]->n; k++) {
            xlo = fmin(xlo, sel[i]->x[k]);
            xhi = fmax(xhi, sel[i]->x[k]);
            ylo = fmin(ylo, sel[i]->y[k]);
            yhi = fmax(yhi, sel[i]->y[k]);
        }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 5, 0);

    char title[512], corner[512], extra[64], buf[64], q[128], gp[2048];
    snprintf(extra, sizeof extra, "%s, 16-byte accesses", prec[0] ? prec : "bytes");
    title_of(m, title, sizeof title, "GPU bandwidth", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_bandwidth", 1200, 800, 0.08, 0.745, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set per GPU (bytes)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GB/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_printf(&c, "# %s %s %ldx%ld\n$curve%zu << EOD\n", sel[i]->kernel, sel[i]->access, sel[i]->blocks,
                         sel[i]->threads_per_block, i);
        for (size_t k = 0; k < sel[i]->n; k++)
            rfl_plot_point(&c, sel[i]->x[k], sel[i]->y[k]);
        rfl_chart_printf(&c, "EOD\n");
        for (size_t k = 0; k + 1 < sel[i]->n; k++)
            rfl_chart_block_line(&c, sel[i]->x[k], sel[i]->y[k], sel[i]->x[k + 1], sel[i]->y[k + 1]);
    }
    /* Capacities from the device properties; detected transitions. */
    char size[32], text[192];
    double l1 = (double)d->sm_count * (double)d->l1_bytes_per_sm;
    if (l1 > 0) {
        snprintf(text, sizeof text, "L1/shared %s", rfl_format_size((uint64_t)l1, size, sizeof size));
        capacity_mark(&c, l1, text);
    }
    snprintf(text, sizeof text, "L2 %s", rfl_format_size(d->l2_bytes, size, sizeof size));
    capacity_mark(&c, (double)d->l2_bytes, text);
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_BANDWIDTH || !ce->transition_bytes)
            continue;
        double t = (double)ce->transition_bytes;
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= !strcmp(m->ceilings[j].device, d->label) && m->ceilings[j].transition_bytes == ce->transition_bytes;
        if (dup || t <= xlo || t >= xhi)
            continue;
        snprintf(text, sizeof text, "detected %s", rfl_format_size(ce->transition_bytes, size, sizeof size));
        char a[32], b[32];
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 0.25 nohead dt 3 lw 2 lc rgb \"#b2182b\" back\n",
                         coord(a, sizeof a, t), coord(b, sizeof b, t));
        rfl_chart_label_vertical(&c, text, "#b2182b", t, 0, t < (double)d->l2_bytes ? -1 : 1);
        rfl_chart_block_line(&c, t, ylo, t, ylo * pow(yhi / ylo, 0.25));
    }
    /* Each level's ceiling over the plateau that set it. */
    rfl_chart_printf(&c, "$plateaus << EOD\n");
    const struct rfl_ceiling *pce[16];
    double plat[16][2];
    size_t nplat = 0;
    for (size_t i = 0; i < m->nceilings && nplat < 16; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_BANDWIDTH || ce->curve < 0)
            continue;
        double x0 = (double)ce->wss_min_bytes, x1 = (double)ce->wss_max_bytes;
        if (x1 <= x0) {
            x0 /= 1.4;
            x1 *= 1.4;
        }
        plat[nplat][0] = x0;
        plat[nplat][1] = x1;
        pce[nplat++] = ce;
        rfl_plot_point(&c, x0, ce->value);
        rfl_plot_point(&c, x1, ce->value);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    for (size_t i = 0; i < nplat; i++)
        rfl_chart_block_line(&c, plat[i][0], pce[i]->value, plat[i][1], pce[i]->value);
    /* Short labels (the kernel of each ceiling is in the table and the key's
     * curves): nine curves leave little room. */
    for (size_t i = 0; i < nplat; i++) {
        snprintf(text, sizeof text, "%s %s GB/s", pce[i]->name, num(buf, sizeof buf, pce[i]->value));
        rfl_chart_label_line(&c, text, "#202020", plat[i][0] / 1.5, pce[i]->value, plat[i][1] * 1.5, pce[i]->value,
                             0.5, NAN);
    }
    rfl_chart_printf(&c, "plot \\\n");
    if (nplat)
        rfl_chart_printf(&c, "  $plateaus with lines lw 8 lc rgb \"#c8c8c8\" title \"level ceiling (plateau)\", \\\n");
    for (size_t i = 0; i < nsel; i++) {
        const struct rfl_gpu_bw_curve *cv = sel[i];
        static const char *const lo[] = {"A ", "B ", "C ", "", "", ""};
        int k = kernel_order(cv->kernel);
        char name[96];
        snprintf(name, sizeof name, "%s%s %s%s", k < 6 ? lo[k] : "", cv->kernel, cv->access,
                 cv->used ? "" : " (peer)");
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $curve%zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title \"%s\", \\\n", i,
                         !strcmp(cv->access, "rmw") ? "dt 2" : "dt 1", !strcmp(cv->access, "rmw") ? 6 : 7,
                         rfl_plot_palette[(k < 6 ? k : 6 + (int)(i % 3)) % RFL_PLOT_NPALETTE], q);
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"L1/shared (all SMs), L2 size\"");
    int any_trans = 0;
    for (size_t i = 0; i < m->nceilings; i++)
        any_trans |= !strcmp(m->ceilings[i].device, d->label) && m->ceilings[i].transition_bytes > 0;
    if (any_trans)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 3 lw 2 lc rgb \"#b2182b\" title \"detected transition\"");
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/gpu_bandwidth.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * gpu_flops.png
 * ------------------------------------------------------------------------- */

const char *rfl_plot_precision_color(const char *p)
{
    if (!strcmp(p, "fp64"))
        return "#1a1a1a";
    if (!strcmp(p, "fp32"))
        return "#1f4e9c";
    if (!strcmp(p, "fp16"))
        return "#8e24aa";
    if (!strcmp(p, "tf32"))
        return "#00838f";
    if (!strcmp(p, "bf16"))
        return "#d95f02";
    return "#555555";
}

int rfl_plot_kernel_point(const char *kernel)
{
    static const char *const kernels[] = {"cublas", "tiled", "dmma", "volkov"};
    static const int points[] = {7, 5, 13, 9};
    for (int k = 0; k < 4; k++)
        if (!strcmp(kernels[k], kernel))
            return points[k];
    return 11;
}

#define prec_color rfl_plot_precision_color

static int plot_flops(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    long max_chains = 0;
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_gpu_flops_series *s = &g->flops[i];
        max_chains = s->chains > max_chains ? s->chains : max_chains;
        for (size_t k = 0; k < s->n; k++) {
            xlo = fmin(xlo, s->fpe[k]);
            xhi = fmax(xhi, s->fpe[k]);
            ylo = fmin(ylo, s->gflops[k]);
            yhi = fmax(yhi, fmax(s->gflops[k], s->peak[k] > 0 ? s->peak[k] : 0));
        }
    }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 3, 0);
    char title[512], corner[512], buf[64], q[128], gp[2048];
    title_of(m, title, sizeof title, "GPU compute", "FMA chains per thread");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_flops", 1200, 800, 0.08, 0.80, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    pow2_tics(&c, xlo, xhi, "");
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"flops per element (arithmetic intensity grows with it)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$series << EOD\n");
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_gpu_flops_series *s = &g->flops[i];
        rfl_chart_printf(&c, "# %s, %ld chains\n", s->precision, s->chains);
        for (size_t k = 0; k < s->n; k++)
            rfl_plot_point(&c, s->fpe[k], s->gflops[k]);
        rfl_chart_printf(&c, "\n\n");
        for (size_t k = 0; k + 1 < s->n; k++)
            rfl_chart_block_line(&c, s->fpe[k], s->gflops[k], s->fpe[k + 1], s->gflops[k + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    /* Measured peaks (solid) and the clock-derived peak (dashed), labelled. */
    struct {
        double v;
        char text[160];
        const char *color;
        int spec;
    } peaks[16];
    size_t npeaks = 0;
    for (size_t i = 0; i < m->nceilings && npeaks < 14; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (strcmp(ce->device, d->label) || ce->kind != RFL_CEILING_COMPUTE || strcmp(ce->program, "rfl_gpu_flops"))
            continue;
        peaks[npeaks].v = ce->value;
        snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s GFLOP/s", ce->name, num(buf, sizeof buf, ce->value));
        peaks[npeaks].color = prec_color(ce->precision);
        peaks[npeaks++].spec = 0;
        if (ce->spec > 0) {
            peaks[npeaks].v = ce->spec;
            snprintf(peaks[npeaks].text, sizeof peaks[0].text, "peak %s %s GFLOP/s", ce->precision,
                     num(buf, sizeof buf, ce->spec));
            peaks[npeaks].color = SPEC_COLOR;
            peaks[npeaks++].spec = 1;
        }
    }
    rfl_chart_printf(&c, "$peaks << EOD\n");
    for (size_t i = 0; i < npeaks; i++) {
        rfl_plot_point(&c, xlo, peaks[i].v);
        rfl_plot_point(&c, xhi, peaks[i].v);
        rfl_chart_printf(&c, "\n\n");
        rfl_chart_block_line(&c, xlo, peaks[i].v, xhi, peaks[i].v);
    }
    rfl_chart_printf(&c, "EOD\n");
    for (size_t i = 0; i < npeaks; i++)
        rfl_chart_label_line(&c, peaks[i].text, peaks[i].color, xlo, peaks[i].v, xhi, peaks[i].v, 0.03, 0.6);
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < npeaks; i++)
        rfl_chart_printf(&c, "  $peaks index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         peaks[i].spec ? "dt 2 lw 1.5" : "lw 1", peaks[i].color);
    for (size_t i = 0; i < g->nflops; i++) {
        const struct rfl_gpu_flops_series *s = &g->flops[i];
        char name[96];
        snprintf(name, sizeof name, "%s%s, %ld chain%s", s->precision, !strcmp(s->precision, "fp16") ? " (half2)" : "",
                 s->chains, s->chains == 1 ? "" : "s");
        rfl_chart_quote(q, sizeof q, name);
        int full = s->chains == max_chains;
        rfl_chart_printf(&c, "  $series index %zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title \"%s\", \\\n",
                         i, full ? "dt 1" : "dt 2", full ? 7 : 6, prec_color(s->precision), q);
    }
    rfl_chart_printf(&c, "  NaN with lines lw 1 lc rgb \"#1a1a1a\" title \"measured peak\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"SMs x clock x FMA/clk\"\n", SPEC_COLOR);
    snprintf(gp, sizeof gp, "%s/gpu_flops.gp", dir);
    return rfl_chart_end(&c, gp);
}

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

/* A raw multi-panel script (no label placement: keys say what is what). */
static int raw_begin(struct rfl_chart *c, const char *base, double width, double height)
{
    memset(c, 0, sizeof *c);
    c->f = open_memstream(&c->text, &c->len);
    if (!c->f)
        return -1;
    c->width = width;
    c->height = height;
    rfl_chart_printf(c, "# Written by rfl plot; render with: gnuplot %s.gp (in this directory).\n", base);
    rfl_chart_printf(c, "# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.\n");
    rfl_chart_printf(c, "set terminal pngcairo size %.0f,%.0f font \"sans,11\" noenhanced\n", width, height);
    rfl_chart_printf(c, "set output \"%s.png\"\nset encoding utf8\n", base);
    return 0;
}

static void raw_title(struct rfl_chart *c, const struct rfl_model *m, const char *title, const char *subtitle)
{
    char q[512], a[32], corner[512];
    rfl_chart_quote(q, sizeof q, title);
    rfl_chart_printf(c, "set label 1001 \"%s\" at screen 0.5,%s center font \"sans,14\"\n", q,
                     coord(a, sizeof a, 1 - 28.0 / c->height));
    if (subtitle) {
        rfl_chart_quote(q, sizeof q, subtitle);
        rfl_chart_printf(c, "set label 1002 \"%s\" at screen 0.5,%s center font \"sans,10\" textcolor rgb \"#404040\"\n",
                         q, coord(a, sizeof a, 1 - 52.0 / c->height));
    }
    rfl_plot_corner(m, corner, sizeof corner);
    rfl_chart_quote(q, sizeof q, corner);
    rfl_chart_printf(c, "set label 1000 \"%s\" at screen 0.995,0.012 right font \"sans,9\" textcolor rgb \"#707070\"\n",
                     q);
}

static void raw_panel(struct rfl_chart *c, double l, double r, double b, double t)
{
    char a[32], e[32];
    rfl_chart_printf(c, "set lmargin at screen %s\nset rmargin at screen %s\n", coord(a, sizeof a, l),
                     coord(e, sizeof e, r));
    rfl_chart_printf(c, "set tmargin at screen %s\nset bmargin at screen %s\n", coord(a, sizeof a, t),
                     coord(e, sizeof e, b));
}

static int plot_gemm(const struct rfl_model *m, const char *dir)
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
    if (raw_begin(&c, "gemm", width, height) != 0)
        return -1;
    char title[512], a[32], b[32], e[32], q[192];
    title_of(m, title, sizeof title, "GEMM", NULL);
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
                rfl_chart_printf(&c, "# %s %s n%s, %s: size, GFLOP/s, model bound\n", f->kernel, f->precision,
                                 f->transb, square ? "square" : "rectangular");
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
                    rfl_chart_printf(&c, "%s %s %s\n", coord(a, sizeof a, done), coord(b, sizeof b, next->gflops),
                                     next->bound > 0 ? coord(e, sizeof e, next->bound) : "NaN");
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
        rfl_chart_printf(&c, "set xrange [%s:%s]\nset yrange [%s:%s]\n", coord(a, sizeof a, xlo),
                         coord(b, sizeof b, xhi), coord(e, sizeof e, ylo), coord(q, sizeof q, yhi));
        pow2_tics(&c, xlo, xhi, "");
        rfl_chart_printf(&c, "%s", panel == 0 ? "set ylabel \"GFLOP/s\" font \"sans,10\"\n" : "unset ylabel\n");
        rfl_chart_printf(&c, "plot \\\n");
        for (size_t k = 0; k < npeaks; k++) {
            char unit[16], v[32];
            memcpy(unit, units[k], sizeof unit);
            for (char *p = unit; *p; p++)
                if (*p == '_')
                    *p = ' ';
            snprintf(q, sizeof q, "peak %s %s", unit, num(v, sizeof v, peaks[k]));
            rfl_chart_printf(&c, "  %s with lines dt %d lw 1.5 lc rgb \"%s\" title \"%s\", \\\n",
                             coord(a, sizeof a, peaks[k]), k ? 4 : 2, SPEC_COLOR, q);
        }
        for (size_t s = 0; s < nser; s++) {
            const struct rfl_gpu_gemm *f = first[s];
            const char *color = grp == 2 ? prec_color(f->precision) : kernel_color(f->kernel);
            char name[96];
            if (both_trans)
                snprintf(name, sizeof name, "%s %s n%s", f->kernel, f->precision, f->transb);
            else
                snprintf(name, sizeof name, "%s %s", f->kernel, f->precision);
            rfl_chart_quote(q, sizeof q, name);
            /* nt: dashed, open markers (the filled ones less one). */
            int nt = both_trans && !strcmp(f->transb, "t"), pt = rfl_plot_kernel_point(f->kernel) - nt;
            rfl_chart_printf(&c, "  $g%d index %zu using 1:2 with linespoints dt %d lw 1.8 pt %d ps 1.1 lc rgb \"%s\" "
                                 "title \"%s\", \\\n",
                             grp, 2 * s, nt ? 2 : 1, pt, color, q);
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

/* ---------------------------------------------------------------------------
 * gpu_latency.png
 * ------------------------------------------------------------------------- */

static int plot_latency(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0, clock = 0;
    uint64_t strides[16];
    size_t nstrides = 0;
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        size_t k = 0;
        while (k < nstrides && strides[k] != s->stride)
            k++;
        if (k == nstrides && nstrides < 16)
            strides[nstrides++] = s->stride;
        for (size_t j = 0; j < s->n; j++) {
            xlo = fmin(xlo, s->bytes[j]);
            xhi = fmax(xhi, s->bytes[j]);
            ylo = fmin(ylo, s->cycles[j]);
            yhi = fmax(yhi, s->cycles[j]);
            if (clock == 0 && s->ns[j] > 0)
                clock = s->cycles[j] / s->ns[j];
        }
    }
    for (size_t a = 1; a < nstrides; a++)
        for (size_t b = a; b > 0 && strides[b - 1] > strides[b]; b--) {
            uint64_t t = strides[b];
            strides[b] = strides[b - 1];
            strides[b - 1] = t;
        }
    xlo = rfl_plot_pow2_floor(xlo / 1.5);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 1.6, 1);
    yhi = rfl_plot_nice(yhi * 1.8, 0);
    char title[512], corner[512], extra[96], q[128], gp[2048], a[32], b[32];
    if (clock > 0)
        snprintf(extra, sizeof extra, "one thread, SM clock %.0f MHz", clock * 1000);
    else
        snprintf(extra, sizeof extra, "one thread");
    title_of(m, title, sizeof title, "Pointer chase", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_latency", 1200, 800, 0.08, 0.72, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    /* Latencies span about two decades: 1-2-5 tics read better than decades. */
    rfl_chart_printf(&c, "set ytics (");
    int firsttic = 1;
    for (double t = rfl_plot_nice(ylo, 0); t <= yhi * 1.0001; t = rfl_plot_nice(t * 1.5, 0)) {
        rfl_chart_printf(&c, "%s\"%s\" %s", firsttic ? "" : ", ", coord(a, sizeof a, t), coord(b, sizeof b, t));
        firsttic = 0;
    }
    rfl_chart_printf(&c, ")\nset mytics 1\n");
    rfl_chart_printf(&c, "set xlabel \"array size (bytes)\"\n");
    rfl_chart_printf(&c, "set ylabel \"latency (SM cycles per access)\"\n");
    if (clock > 0) {
        /* The same axis in ns, at the run's clock. */
        rfl_chart_printf(&c, "set y2range [%s:%s]\nset logscale y2\nset y2tics (", coord(a, sizeof a, ylo / clock),
                         coord(b, sizeof b, yhi / clock));
        int first2 = 1;
        for (double t = rfl_plot_nice(ylo / clock, 0); t <= yhi / clock * 1.0001; t = rfl_plot_nice(t * 1.5, 0)) {
            rfl_chart_printf(&c, "%s\"%s\" %s", first2 ? "" : ", ", coord(a, sizeof a, t), coord(b, sizeof b, t));
            first2 = 0;
        }
        rfl_chart_printf(&c, ")\nset my2tics 1\n");
        rfl_chart_printf(&c, "set y2label \"ns per access\"\n");
    }
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$chase << EOD\n");
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        rfl_chart_printf(&c, "# %s, stride %llu\n", s->memory, (unsigned long long)s->stride);
        for (size_t j = 0; j < s->n; j++)
            rfl_plot_point(&c, s->bytes[j], s->cycles[j]);
        rfl_chart_printf(&c, "\n\n");
        for (size_t j = 0; j + 1 < s->n; j++)
            rfl_chart_block_line(&c, s->bytes[j], s->cycles[j], s->bytes[j + 1], s->cycles[j + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    char size[32], text[96];
    if (d->l1_bytes_per_sm) {
        snprintf(text, sizeof text, "L1/shared %s (one SM)", rfl_format_size(d->l1_bytes_per_sm, size, sizeof size));
        capacity_mark(&c, (double)d->l1_bytes_per_sm, text);
    }
    snprintf(text, sizeof text, "L2 %s", rfl_format_size(d->l2_bytes, size, sizeof size));
    capacity_mark(&c, (double)d->l2_bytes, text);
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < g->nchase; i++) {
        const struct rfl_gpu_chase *s = &g->chase[i];
        size_t k = 0;
        while (k < nstrides && strides[k] != s->stride)
            k++;
        int memk = !strcmp(s->memory, "global_ca")             ? 0
                   : !strcmp(s->memory, "global_cg")           ? 1
                   : !strcmp(s->memory, "global_cg_scattered") ? 3
                                                               : 2;
        static const char *const dts[] = {"dt 1", "dt 2", "dt 3", "dt 4"};
        static const int pts[] = {7, 5, 9, 11};
        char name[96];
        snprintf(name, sizeof name, "%s, stride %s", s->memory, rfl_format_size(s->stride, size, sizeof size));
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $chase index %zu with linespoints %s lw 1.8 pt %d ps 0.8 lc rgb \"%s\" title \"%s\", \\\n",
                         i, dts[memk], pts[memk], rfl_plot_palette[k % RFL_PLOT_NPALETTE], q);
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"capacity (device properties)\"\n");
    snprintf(gp, sizeof gp, "%s/gpu_latency.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * gpu_transfer.png
 * ------------------------------------------------------------------------- */

static int plot_transfer(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < g->ntransfers; i++)
        for (size_t k = 0; k < g->transfers[i].n; k++) {
            xlo = fmin(xlo, g->transfers[i].bytes[k]);
            xhi = fmax(xhi, g->transfers[i].bytes[k]);
            ylo = fmin(ylo, g->transfers[i].time_s[k] * 1e6);
            yhi = fmax(yhi, g->transfers[i].time_s[k] * 1e6);
        }
    xlo = rfl_plot_pow2_floor(xlo);
    xhi = rfl_plot_pow2_ceil(xhi * 1.5);
    ylo = rfl_plot_nice(ylo / 2, 1);
    yhi = rfl_plot_nice(yhi * 2, 0);
    char title[512], corner[512], q[192], gp[2048];
    title_of(m, title, sizeof title, "Host-device copies", "cudaMemcpy");
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "gpu_transfer", 1200, 800, 0.08, 0.72, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"bytes per copy\"\n");
    rfl_chart_printf(&c, "set ylabel \"time per copy (µs)\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$copies << EOD\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        rfl_chart_printf(&c, "# %s %s: bytes, us\n", x->direction, x->host_memory);
        for (size_t k = 0; k < x->n; k++)
            rfl_plot_point(&c, x->bytes[k], x->time_s[k] * 1e6);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n$fits << EOD\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        rfl_chart_printf(&c, "# %s %s fit\n", x->direction, x->host_memory);
        if (x->have_fit)
            for (double b = xlo; b <= xhi * 1.0001; b *= 2)
                rfl_plot_point(&c, b, x->latency_us + b / (x->gbytes_per_s * 1e3));
        else
            rfl_chart_printf(&c, "NaN NaN\n");
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        int pinned = !strcmp(x->host_memory, "pinned"), h2d = !strcmp(x->direction, "h2d");
        const char *color = rfl_plot_palette[(pinned ? 0 : 2) + (h2d ? 0 : 1)];
        char name[160], lat[32], bw[32];
        snprintf(name, sizeof name, "%s %s", x->direction, x->host_memory);
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $copies index %zu with points pt %d ps 1.0 lc rgb \"%s\" title \"%s\", \\\n", i,
                         pinned ? 7 : 5, color, q);
        if (x->have_fit) {
            snprintf(name, sizeof name, "  fit %s µs + bytes / %s GB/s", num(lat, sizeof lat, x->latency_us),
                     num(bw, sizeof bw, x->gbytes_per_s));
            rfl_chart_quote(q, sizeof q, name);
            rfl_chart_printf(&c, "  $fits index %zu with lines %s lw 1.5 lc rgb \"%s\" title \"%s\", \\\n", i,
                             pinned ? "dt 1" : "dt 2", color, q);
        }
    }
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/gpu_transfer.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * unified_memory.png: one heat map per mechanism, one colour scale
 * ------------------------------------------------------------------------- */

struct um_axes {
    char mech[12][24], panel[12][4];
    size_t nmech;
    uint64_t wss[64];
    size_t nwss;
    long reuse[32];
    size_t nreuse;
};

static void um_axes_of(const struct rfl_gpu_data *g, struct um_axes *ax)
{
    memset(ax, 0, sizeof *ax);
    for (size_t i = 0; i < g->num; i++) {
        const struct rfl_gpu_um *p = &g->um[i];
        size_t k = 0;
        while (k < ax->nmech && strcmp(ax->mech[k], p->mechanism))
            k++;
        if (k == ax->nmech && ax->nmech < 12) {
            snprintf(ax->mech[ax->nmech], sizeof ax->mech[0], "%s", p->mechanism);
            snprintf(ax->panel[ax->nmech++], sizeof ax->panel[0], "%s", p->panel);
        }
        k = 0;
        while (k < ax->nwss && ax->wss[k] != p->wss)
            k++;
        if (k == ax->nwss && ax->nwss < 64)
            ax->wss[ax->nwss++] = p->wss;
        k = 0;
        while (k < ax->nreuse && ax->reuse[k] != p->reuse)
            k++;
        if (k == ax->nreuse && ax->nreuse < 32)
            ax->reuse[ax->nreuse++] = p->reuse;
    }
    for (size_t a = 1; a < ax->nwss; a++)
        for (size_t b = a; b > 0 && ax->wss[b - 1] > ax->wss[b]; b--) {
            uint64_t t = ax->wss[b];
            ax->wss[b] = ax->wss[b - 1];
            ax->wss[b - 1] = t;
        }
    for (size_t a = 1; a < ax->nreuse; a++)
        for (size_t b = a; b > 0 && ax->reuse[b - 1] > ax->reuse[b]; b--) {
            long t = ax->reuse[b];
            ax->reuse[b] = ax->reuse[b - 1];
            ax->reuse[b - 1] = t;
        }
}

/* Cell edges of a sorted geometric sweep: half way (in log) to each neighbour. */
static void cell_edges(const double *v, size_t n, size_t i, double *lo, double *hi)
{
    double left = i > 0 ? sqrt(v[i - 1] * v[i]) : n > 1 ? v[0] * sqrt(v[0] / v[1]) : v[0] / 2;
    double right = i + 1 < n ? sqrt(v[i] * v[i + 1]) : n > 1 ? v[i] * sqrt(v[i] / v[i - 1]) : v[0] * 2;
    *lo = left;
    *hi = right;
}

static const char *mech_text(const char *mech)
{
    static const char *const names[][2] = {
        {"pageable", "malloc + cudaMemcpy"},
        {"pinned_register", "cudaHostRegister + cudaMemcpy"},
        {"pinned_alloc", "cudaMallocHost + cudaMemcpy"},
        {"zero_copy", "mapped host memory"},
        {"managed", "cudaMallocManaged"},
        {"managed_prefetch", "managed + prefetch, advise"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(mech, names[i][0]))
            return names[i][1];
    return NULL;
}

static void size_label(char *buf, size_t len, double bytes)
{
    rfl_format_size((uint64_t)llround(bytes), buf, len);
}

static int plot_um(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    struct um_axes ax;
    um_axes_of(g, &ax);
    if (!ax.nmech || !ax.nwss || !ax.nreuse)
        return 0;
    double vmin = INFINITY, vmax = 0;
    for (size_t i = 0; i < g->num; i++)
        if (g->um[i].gbytes_per_s > 0) {
            vmin = fmin(vmin, g->um[i].gbytes_per_s);
            vmax = fmax(vmax, g->um[i].gbytes_per_s);
        }
    if (!(vmax > 0))
        return 0;
    double cblo = floor(log10(vmin)), cbhi = ceil(log10(vmax));
    if (cbhi <= cblo)
        cbhi = cblo + 1;
    size_t cols = ax.nmech <= 3 ? ax.nmech : ax.nmech == 4 ? 2 : 3;
    size_t rows = (ax.nmech + cols - 1) / cols;
    double width = cols == 1 ? 700 : cols == 2 ? 1200 : 1600, height = rows == 1 ? 560 : rows == 2 ? 1000 : 1400;
    double wv[64], rv[32];
    for (size_t i = 0; i < ax.nwss; i++)
        wv[i] = (double)ax.wss[i];
    for (size_t i = 0; i < ax.nreuse; i++)
        rv[i] = (double)ax.reuse[i];
    double xlo, xhi, ylo, yhi, t;
    cell_edges(wv, ax.nwss, 0, &xlo, &t);
    cell_edges(wv, ax.nwss, ax.nwss - 1, &t, &xhi);
    cell_edges(rv, ax.nreuse, 0, &ylo, &t);
    cell_edges(rv, ax.nreuse, ax.nreuse - 1, &t, &yhi);

    struct rfl_chart c;
    memset(&c, 0, sizeof c);
    c.f = open_memstream(&c.text, &c.len);
    if (!c.f)
        return -1;
    char q[512], corner[512], title[512], a[32], b[32], v[32], e[32], f[32], h[32];
    rfl_chart_printf(&c, "# Written by rfl plot; render with: gnuplot unified_memory.gp (in this directory).\n");
    rfl_chart_printf(&c, "# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.\n");
    rfl_chart_printf(&c, "set terminal pngcairo size %.0f,%.0f font \"sans,11\" noenhanced\n", width, height);
    rfl_chart_printf(&c, "set output \"unified_memory.png\"\nset encoding utf8\n");
    /* Fixed point (no dimming), viridis-like and readable in grey. */
    rfl_chart_printf(&c, "set palette defined (0 \"#440154\", 1 \"#3b528b\", 2 \"#21918c\", 3 \"#5ec962\", "
                         "4 \"#fde725\")\n");
    rfl_chart_printf(&c, "set cbrange [%s:%s]\n", coord(a, sizeof a, cblo), coord(b, sizeof b, cbhi));
    rfl_chart_printf(&c, "set cbtics (");
    for (double k = cblo; k <= cbhi + 1e-9; k += 1)
        rfl_chart_printf(&c, "%s\"%s\" %s", k > cblo ? ", " : "", coord(v, sizeof v, pow(10, k)),
                         coord(a, sizeof a, k));
    rfl_chart_printf(&c, ")\nset cblabel \"effective GB/s\"\n");
    rfl_chart_printf(&c, "set logscale xy\nset xrange [%s:%s]\nset yrange [%s:%s]\n", coord(a, sizeof a, xlo),
                     coord(b, sizeof b, xhi), coord(e, sizeof e, ylo), coord(f, sizeof f, yhi));
    rfl_chart_printf(&c, "set xtics (");
    size_t step = ax.nwss > 8 ? 2 : 1;
    for (size_t i = 0; i < ax.nwss; i += step) {
        char s[32];
        size_label(s, sizeof s, wv[i]);
        rfl_chart_printf(&c, "%s\"%s\" %s", i ? ", " : "", s, coord(a, sizeof a, wv[i]));
    }
    rfl_chart_printf(&c, ") scale 0 font \"sans,9\"\nset ytics (");
    for (size_t i = 0; i < ax.nreuse; i++)
        rfl_chart_printf(&c, "%s\"%ld\" %s", i ? ", " : "", ax.reuse[i], coord(a, sizeof a, rv[i]));
    rfl_chart_printf(&c, ") scale 0 font \"sans,9\"\nset mxtics 1\nset mytics 1\nunset key\nset border lc rgb \"#404040\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set\" font \"sans,10\"\nset ylabel \"reuse (GPU passes per CPU pass)\" "
                         "font \"sans,10\"\n");
    /* The data: every cell with its edges, value and text colour. */
    double half = g->um_device_pass > 0 ? 0.5 * g->um_device_pass : NAN;
    for (size_t p = 0; p < ax.nmech; p++) {
        rfl_chart_printf(&c, "# %s: wss, reuse, x0, x1, y0, y1, log10 GB/s, GB/s\n$m%zu << EOD\n", ax.mech[p], p);
        size_t nskip = 0, nhalf = 0;
        for (size_t i = 0; i < g->num; i++) {
            const struct rfl_gpu_um *u = &g->um[i];
            if (strcmp(u->mechanism, ax.mech[p]))
                continue;
            if (!(u->gbytes_per_s > 0)) {
                nskip++;
                continue;
            }
            nhalf += u->fraction >= 0.5;
            size_t wi = 0, ri = 0;
            while (wi < ax.nwss && ax.wss[wi] != u->wss)
                wi++;
            while (ri < ax.nreuse && ax.reuse[ri] != u->reuse)
                ri++;
            double x0, x1, y0, y1;
            cell_edges(wv, ax.nwss, wi, &x0, &x1);
            cell_edges(rv, ax.nreuse, ri, &y0, &y1);
            rfl_chart_printf(&c, "%s %ld %s %s %s %s %s %s\n", coord(a, sizeof a, (double)u->wss), u->reuse,
                             coord(b, sizeof b, x0), coord(e, sizeof e, x1), coord(f, sizeof f, y0),
                             coord(h, sizeof h, y1), coord(v, sizeof v, log10(u->gbytes_per_s)),
                             num(q, sizeof q, u->gbytes_per_s));
        }
        rfl_chart_printf(&c, "EOD\n$skip%zu << EOD\n", p);
        for (size_t i = 0; i < g->num; i++) {
            const struct rfl_gpu_um *u = &g->um[i];
            if (strcmp(u->mechanism, ax.mech[p]) || u->gbytes_per_s > 0)
                continue;
            size_t wi = 0, ri = 0;
            while (wi < ax.nwss && ax.wss[wi] != u->wss)
                wi++;
            while (ri < ax.nreuse && ax.reuse[ri] != u->reuse)
                ri++;
            double x0, x1, y0, y1;
            cell_edges(wv, ax.nwss, wi, &x0, &x1);
            cell_edges(rv, ax.nreuse, ri, &y0, &y1);
            rfl_chart_printf(&c, "%s %ld %s %s %s %s\n", coord(a, sizeof a, (double)u->wss), u->reuse,
                             coord(b, sizeof b, x0), coord(e, sizeof e, x1), coord(f, sizeof f, y0),
                             coord(h, sizeof h, y1));
        }
        if (!nskip)
            rfl_chart_printf(&c, "NaN NaN NaN NaN NaN NaN\n");
        rfl_chart_printf(&c, "EOD\n$half%zu << EOD\n", p);
        for (size_t i = 0; i < g->num; i++) {
            const struct rfl_gpu_um *u = &g->um[i];
            if (strcmp(u->mechanism, ax.mech[p]) || !(u->fraction >= 0.5))
                continue;
            size_t wi = 0, ri = 0;
            while (wi < ax.nwss && ax.wss[wi] != u->wss)
                wi++;
            while (ri < ax.nreuse && ax.reuse[ri] != u->reuse)
                ri++;
            double x0, x1, y0, y1;
            cell_edges(wv, ax.nwss, wi, &x0, &x1);
            cell_edges(rv, ax.nreuse, ri, &y0, &y1);
            rfl_chart_printf(&c, "%s %ld %s %s %s %s\n", coord(a, sizeof a, (double)u->wss), u->reuse,
                             coord(b, sizeof b, x0), coord(e, sizeof e, x1), coord(f, sizeof f, y0),
                             coord(h, sizeof h, y1));
        }
        if (!nhalf)
            rfl_chart_printf(&c, "NaN NaN NaN NaN NaN NaN\n");
        rfl_chart_printf(&c, "EOD\n");
    }
    /* Layout: panels in a grid, the colour bar at the right, the title and
     * the legend in words at the top. */
    double top = 1 - 105.0 / height, bottom = 90.0 / height, left = 75.0 / width, right = 1 - 130.0 / width;
    double gapx = 85.0 / width, gapy = 95.0 / height;
    double pw = (right - left - gapx * (double)(cols - 1)) / (double)cols;
    double ph = (top - bottom - gapy * (double)(rows - 1)) / (double)rows;
    title_of(m, title, sizeof title, "Unified memory", "effective bandwidth over working set and reuse");
    rfl_chart_printf(&c, "set multiplot\n");
    rfl_chart_quote(q, sizeof q, title);
    rfl_chart_printf(&c, "set label 1001 \"%s\" at screen 0.5,%s center font \"sans,14\"\n", q,
                     coord(a, sizeof a, 1 - 28.0 / height));
    char legend[512];
    if (half > 0)
        snprintf(legend, sizeof legend, "cells: GB/s = 2 x 8 B x elements x trials x (reuse + 1) / time;  outlined: "
                                        "at least half of the device pass (%s GB/s);  grey: not measured",
                 num(v, sizeof v, g->um_device_pass));
    else
        snprintf(legend, sizeof legend, "cells: GB/s = 2 x 8 B x elements x trials x (reuse + 1) / time;  outlined: at "
                                        "least half of the device pass;  grey: not measured");
    rfl_chart_quote(q, sizeof q, legend);
    rfl_chart_printf(&c, "set label 1002 \"%s\" at screen 0.5,%s center font \"sans,10\" textcolor rgb \"#404040\"\n",
                     q, coord(a, sizeof a, 1 - 52.0 / height));
    rfl_plot_corner(m, corner, sizeof corner);
    rfl_chart_quote(q, sizeof q, corner);
    rfl_chart_printf(&c, "set label 1000 \"%s\" at screen 0.995,0.012 right font \"sans,9\" textcolor rgb \"#707070\"\n",
                     q);
    for (size_t p = 0; p < ax.nmech; p++) {
        size_t r = p / cols, col = p % cols;
        double l = left + (double)col * (pw + gapx), t0 = top - (double)r * (ph + gapy);
        rfl_chart_printf(&c, "set lmargin at screen %s\nset rmargin at screen %s\n", coord(a, sizeof a, l),
                         coord(b, sizeof b, l + pw));
        rfl_chart_printf(&c, "set tmargin at screen %s\nset bmargin at screen %s\n", coord(a, sizeof a, t0),
                         coord(b, sizeof b, t0 - ph));
        char ptitle[192];
        const char *what = mech_text(ax.mech[p]);
        int lettered = ax.panel[p][0] && strcmp(ax.panel[p], "-");
        snprintf(ptitle, sizeof ptitle, "%s%s%s%s%s%s", lettered ? "(" : "", lettered ? ax.panel[p] : "",
                 lettered ? ") " : "", ax.mech[p], what ? ": " : "", what ? what : "");
        rfl_chart_quote(q, sizeof q, ptitle);
        rfl_chart_printf(&c, "set title \"%s\" font \"sans,11\"\n", q);
        if (p + 1 == ax.nmech)
            rfl_chart_printf(&c, "set colorbox user origin screen %s,screen %s size screen %s,screen %s\n",
                             coord(a, sizeof a, 1 - 95.0 / width), coord(b, sizeof b, bottom),
                             coord(e, sizeof e, 18.0 / width), coord(f, sizeof f, top - bottom));
        else
            rfl_chart_printf(&c, "unset colorbox\n");
        /* Cells, grey cells not measured, outlines, the numbers. */
        rfl_chart_printf(&c, "plot $skip%zu using 1:2:3:4:5:6 with boxxyerror fs solid 1.0 noborder lc rgb \"#d9d9d9\", "
                             "\\\n  $m%zu using 1:2:3:4:5:6:7 with boxxyerror fs solid 1.0 noborder lc palette, \\\n"
                             "  $half%zu using 1:2:3:4:5:6 with boxxyerror fs empty lc rgb \"#000000\" lw 2, \\\n"
                             "  $m%zu using 1:2:8:($7 < %s ? 0xffffff : 0x000000) with labels tc rgb variable font "
                             "\"sans,8\"\n",
                         p, p, p, p, coord(a, sizeof a, cblo + 0.55 * (cbhi - cblo)));
    }
    rfl_chart_printf(&c, "unset multiplot\n");
    char gp[2048];
    snprintf(gp, sizeof gp, "%s/unified_memory.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * unified_memory_reuse.png: the reuse each mechanism needs to reach half of
 * the device pass, per working set
 * ------------------------------------------------------------------------- */

static int plot_um_reuse(const struct rfl_model *m, const char *dir)
{
    const struct rfl_gpu_data *g = m->gpu;
    struct um_axes ax;
    um_axes_of(g, &ax);
    int have_fraction = 0;
    for (size_t i = 0; i < g->num; i++)
        have_fraction |= g->um[i].fraction >= 0;
    if (!ax.nmech || !have_fraction)
        return 0;
    double xlo = rfl_plot_pow2_floor((double)ax.wss[0] / 2), xhi = rfl_plot_pow2_ceil((double)ax.wss[ax.nwss - 1] * 2);
    double rmax = (double)ax.reuse[ax.nreuse - 1];
    double never = rmax * 4, ylo = (double)ax.reuse[0] / 2, yhi = rmax * 10;
    char title[512], corner[512], extra[128], q[192], gp[2048], a[32], b[32], v[32];
    if (g->um_device_pass > 0)
        snprintf(extra, sizeof extra, "device pass %s GB/s", num(v, sizeof v, g->um_device_pass));
    else
        extra[0] = '\0';
    title_of(m, title, sizeof title, "Reuse for half of device-memory bandwidth", extra);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "unified_memory_reuse", 1200, 800, 0.08, 0.74, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set ytics (");
    for (size_t i = 0; i < ax.nreuse; i++)
        rfl_chart_printf(&c, "%s\"%ld\" %s", i ? ", " : "", ax.reuse[i], coord(a, sizeof a, (double)ax.reuse[i]));
    rfl_chart_printf(&c, ", \"never\" %s)\nset mytics 1\n", coord(a, sizeof a, never));
    rfl_chart_printf(&c, "set xlabel \"working set\"\n");
    rfl_chart_printf(&c, "set ylabel \"smallest reuse with >= 50%% of the device pass\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    rfl_chart_printf(&c, "set arrow from graph 0, first %s to graph 1, first %s nohead dt 3 lw 1 lc rgb \"#909090\" "
                         "back\n",
                     coord(a, sizeof a, sqrt(rmax * never)), coord(b, sizeof b, sqrt(rmax * never)));
    /* Mechanisms side by side within a working set, so equal values show. */
    for (size_t p = 0; p < ax.nmech; p++) {
        double shift = pow(1.12, (double)p - 0.5 * (double)(ax.nmech - 1));
        rfl_chart_printf(&c, "# %s: wss, reuse (reached), reuse (never)\n$r%zu << EOD\n", ax.mech[p], p);
        for (size_t w = 0; w < ax.nwss; w++) {
            long reuse = 0;
            int measured = 0;
            for (size_t i = 0; i < g->num; i++) {
                const struct rfl_gpu_um *u = &g->um[i];
                if (strcmp(u->mechanism, ax.mech[p]) || u->wss != ax.wss[w] || !(u->gbytes_per_s > 0))
                    continue;
                measured = 1;
                if (u->fraction >= 0.5 && (!reuse || u->reuse < reuse))
                    reuse = u->reuse;
            }
            if (!measured)
                continue;
            double x = (double)ax.wss[w] * shift;
            if (reuse)
                rfl_chart_printf(&c, "%s %ld NaN\n", coord(a, sizeof a, x), reuse);
            else
                rfl_chart_printf(&c, "%s NaN %s\n", coord(a, sizeof a, x), coord(b, sizeof b, never));
        }
        rfl_chart_printf(&c, "EOD\n");
    }
    rfl_chart_printf(&c, "plot \\\n");
    for (size_t p = 0; p < ax.nmech; p++) {
        const char *color = rfl_plot_palette[p % RFL_PLOT_NPALETTE];
        char name[96];
        snprintf(name, sizeof name, "%s%s%s%s", ax.panel[p][0] && strcmp(ax.panel[p], "-") ? "(" : "",
                 ax.panel[p][0] && strcmp(ax.panel[p], "-") ? ax.panel[p] : "",
                 ax.panel[p][0] && strcmp(ax.panel[p], "-") ? ") " : "", ax.mech[p]);
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $r%zu using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb \"%s\" title \"%s\", \\\n",
                         p, color, q);
        rfl_chart_printf(&c, "  $r%zu using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb \"%s\" notitle, \\\n", p, color);
    }
    rfl_chart_printf(&c, "  NaN with points pt 6 ps 1.4 lw 2 lc rgb \"#404040\" title \"never reached (open)\"\n");
    snprintf(gp, sizeof gp, "%s/unified_memory_reuse.gp", dir);
    return rfl_chart_end(&c, gp);
}

int rfl_gpu_plot(const struct rfl_model *m, const char *dir, char names[][64], size_t *n, size_t max)
{
    const struct rfl_gpu_data *g = m->gpu;
    if (!g || !g->dev.known)
        return 0;
    struct {
        const char *name;
        int want;
        int (*fn)(const struct rfl_model *, const char *);
    } charts[] = {
        {"gpu_bandwidth", g->ncurves > 0, plot_bandwidth},
        {"gpu_flops", g->nflops > 0, plot_flops},
        {"gemm", g->ngemm > 0, plot_gemm},
        {"unified_memory", g->num > 0, plot_um},
        {"unified_memory_reuse", g->num > 0, plot_um_reuse},
        {"gpu_latency", g->nchase > 0, plot_latency},
        {"gpu_transfer", g->ntransfers > 0, plot_transfer},
    };
    for (size_t i = 0; i < sizeof charts / sizeof charts[0] && *n < max; i++) {
        if (!charts[i].want)
            continue;
        char gp[2048];
        snprintf(gp, sizeof gp, "%s/%s.gp", dir, charts[i].name);
        /* A chart with nothing to draw writes no script: remove a stale one. */
        remove(gp);
        if (charts[i].fn(m, dir) != 0)
            return -1;
        FILE *f = fopen(gp, "r");
        if (f) {
            fclose(f);
            snprintf(names[(*n)++], 64, "%s", charts[i].name);
        }
    }
    return 0;
}
