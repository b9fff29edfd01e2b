/* roofline.png (and roofline-gpuN.png): the ceilings of one device as a
 * roofline, with the application points (CPU) or GEMM kernels (GPU); in a
 * run on several GPUs also each other GPU's own ceilings (its members,
 * roofline-gpuN.png) and the GPUs together (roofline-gpus.png), without
 * the points (those are the model's own GPU's). */
#include "config.h"
#include "charts.h"
#include "profile_points.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/members.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"
#include "common/csv.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The outside key of the GPU's roofline: a row at spacing 1.25 of a 10 pt font, and a column of
 * entries (their text cut to about 30 characters), in pixels. */
#define KEY_ROW_PX 17.5
#define KEY_COLUMN_PX 330.0

#define APP_COLOR "#b2182b"

static const char *level_color(const char *name, size_t index)
{
    if (!strcmp(name, "DRAM"))
        return rfl_plot_palette[3];
    if (name[0] == 'L' && name[1] >= '1' && name[1] <= '3')
        return rfl_plot_palette[name[1] - '1'];
    return rfl_plot_palette[(4 + index) % RFL_PLOT_NPALETTE];
}

static const char *compute_color(const char *precision, size_t index)
{
    if (!strcmp(precision, "fp64"))
        return index ? "#5a5a5a" : "#1a1a1a";
    if (!strcmp(precision, "fp32"))
        return index ? "#5b7fbf" : "#1f4e9c";
    return "#6b3fa0";
}


struct line {
    char label[256];
    const char *color;
    double x0, y0, x1, y1;
    int spec;
};

/* Two compute roofs of one kind ("bf16 tensor", "fp16 tensor": the same
 * words after the first) whose values are within 10%: a few pixels apart on a log axis. */
static int coincident_roofs(const struct rfl_ceiling *a, const struct rfl_ceiling *b)
{
    const char *sa = strchr(a->name, ' '), *sb = strchr(b->name, ' ');
    return sa && sb && !strcmp(sa, sb) && a->value > 0 && fabs(b->value / a->value - 1) < 0.10;
}

/* A labelled dot: an application point (CPU) or a GEMM kernel (GPU). */
struct dot {
    char label[160];
    double x, y;
    const char *color; /* GPU: the precision's colour and the kernel's marker */
    int pt;
};

/* The GEMM kernels on a GPU roofline: per kernel and precision its fastest
 * row, labelled with its percent of the roofline above it. */
static size_t gemm_dots(const struct rfl_model *m, struct dot *dots, size_t max)
{
    const struct rfl_gpu_data *g = m->gpu;
    size_t n = 0;
    for (size_t i = 0; g && i < g->ngemm && n < max; i++) {
        const struct rfl_gpu_gemm *r = &g->gemm[i], *best = r;
        int seen = 0;
        for (size_t j = 0; j < g->ngemm; j++) {
            const struct rfl_gpu_gemm *q = &g->gemm[j];
            if (strcmp(q->kernel, r->kernel) || strcmp(q->precision, r->precision))
                continue;
            if (j < i)
                seen = 1;
            if (q->gflops > best->gflops)
                best = q;
        }
        if (seen)
            continue;
        struct dot *d = &dots[n++];
        d->x = 2.0 * best->m * best->n * best->k / rfl_gpu_gemm_bytes(best);
        d->y = best->gflops;
        double att = best->attainable;
        char size[64];
        if (best->m == best->n && best->n == best->k)
            snprintf(size, sizeof size, "%ld", best->m);
        else
            snprintf(size, sizeof size, "%ldx%ldx%ld", best->m, best->n, best->k);
        if (att > 0)
            snprintf(d->label, sizeof d->label, "%s %s %s: %.0f%%", best->kernel, best->precision, size,
                     100 * best->gflops / att);
        else
            snprintf(d->label, sizeof d->label, "%s %s %s", best->kernel, best->precision, size);
        d->color = rfl_plot_precision_color(best->precision);
        d->pt = rfl_plot_kernel_point(best->kernel);
    }
    return n;
}

static const char *gpu_level_color(const char *name)
{
    static const char *const names[] = {"shared", "L1", "L2", "device memory", "host link h2d", "host link d2h"};
    static const char *const colors[] = {"#66a61e", "#1b9e77", "#d95f02", "#e7298a", "#a6761d", "#a6761d"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return colors[i];
    return "#555555";
}

static int is_tensor(const struct rfl_ceiling *c)
{
    size_t n = strlen(c->name);
    return n > 7 && !strcmp(c->name + n - 7, " tensor");
}

/* Whether a point, a percentage or a table holds something against this
 * compute roof: each precision's best roof is the one rfl_app_attainable,
 * the profiled and the dense points take (rfl_model_peak); and any roof a
 * point names as its bound ("fp64 avx2 peak", "fp32 c+fp64 avx2 peak"). */
static int roof_in_use(const struct rfl_model *m, const struct rfl_ceiling *c)
{
    if (rfl_model_peak(m, c->device, c->precision) == c)
        return 1;
    size_t n = strlen(c->name);
    for (int list = 0; list < 2; list++) {
        const struct rfl_app *p = list ? m->kernels : m->apps;
        size_t np = list ? m->nkernels : m->napps;
        for (size_t i = 0; i < np; i++) {
            /* A name in the '+'-separated list before " peak". */
            for (const char *b = p[i].bound; (b = strstr(b, c->name)) != NULL; b++)
                if ((b == p[i].bound || b[-1] == '+') && (b[n] == '+' || !strcmp(b + n, " peak")))
                    return 1;
        }
    }
    return 0;
}

/* The roofline of `device` from the ceilings given (of that device); with
 * the points when `points`. */
static int plot_roofline(const struct rfl_model *m, const struct rfl_ceiling *ceilings, size_t nceilings,
                         const char *dir, const char *device, const char *base, int points)
{
    const int gpu = strcmp(device, "cpu") != 0;
    const struct rfl_ceiling *bw[32], *cp[32];
    size_t nbw = 0, ncp = 0;
    for (size_t i = 0; i < nceilings; i++) {
        const struct rfl_ceiling *c = &ceilings[i];
        if (strcmp(c->device, device) != 0)
            continue;
        if (c->kind == RFL_CEILING_BANDWIDTH && nbw < 32) {
            bw[nbw++] = c;
        } else if (c->kind == RFL_CEILING_COMPUTE && ncp < 32) {
            cp[ncp++] = c;
        }
    }
    /* Compute ceilings, highest first. A roof that a point, a percentage or
     * a table refers to is always drawn; another within 8% of a drawn one
     * adds nothing on a CPU (on a GPU every roof is a different unit or
     * precision: all are drawn). */
    for (size_t i = 1; i < ncp; i++)
        for (size_t j = i; j > 0 && cp[j]->value > cp[j - 1]->value; j--) {
            const struct rfl_ceiling *t = cp[j];
            cp[j] = cp[j - 1];
            cp[j - 1] = t;
        }
    int in_use[32];
    for (size_t i = 0; i < ncp; i++)
        in_use[i] = roof_in_use(m, cp[i]);
    size_t kept = 0, optional = 0;
    const struct rfl_ceiling *keep[32];
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < ncp; i++) {
            if (in_use[i] != !pass)
                continue;
            int close = 0;
            for (size_t j = 0; j < kept && !gpu && pass; j++)
                close |= fabs(cp[i]->value / keep[j]->value - 1) < 0.08;
            if (!close && (!pass || optional++ < (gpu ? 8u : 6u)))
                keep[kept++] = cp[i];
        }
    /* In order again, highest first. */
    ncp = 0;
    for (size_t i = 0; i < 32 && ncp < kept; i++)
        for (size_t j = 0; j < kept; j++)
            if (keep[j] == cp[i]) {
                cp[ncp++] = cp[i];
                break;
            }

    if (!nbw && !ncp)
        return 0; /* nothing to draw: no script */
    size_t maxdots = !points ? 0 : gpu ? m->gpu->ngemm : m->napps;
    struct dot *dots = calloc(maxdots ? maxdots : 1, sizeof *dots);
    size_t ndots = 0;
    if (!dots)
        return -1;
    if (gpu) {
        ndots = points ? gemm_dots(m, dots, maxdots) : 0;
    } else {
        for (size_t i = 0; i < m->napps && ndots < maxdots; i++) {
            double att = m->apps[i].attainable;
            if (att > 0)
                snprintf(dots[ndots].label, sizeof dots[0].label, "%s (%.0f%% of roofline)", m->apps[i].name,
                         100 * m->apps[i].gflops / att);
            else
                snprintf(dots[ndots].label, sizeof dots[0].label, "%s", m->apps[i].name);
            dots[ndots].x = m->apps[i].ai;
            dots[ndots++].y = m->apps[i].gflops;
        }
    }

    /* Spec values: one line per compute precision and per bandwidth level. */
    double spec_peak_max = 0, spec_bw_max = 0;
    for (size_t i = 0; i < ncp; i++)
        if (cp[i]->spec > spec_peak_max)
            spec_peak_max = cp[i]->spec;
    for (size_t i = 0; i < nbw; i++)
        if (bw[i]->spec > spec_bw_max)
            spec_bw_max = bw[i]->spec;

    /* The host link's two directions are one line when they agree within 5%. */
    int link_merged = 0;
    for (size_t i = 0; gpu && i < nbw; i++)
        if (!strcmp(bw[i]->name, "host link d2h"))
            for (size_t j = 0; j < nbw; j++)
                if (!strcmp(bw[j]->name, "host link h2d") && fabs(bw[i]->value / bw[j]->value - 1) < 0.05) {
                    const struct rfl_ceiling *lower = bw[i]->value < bw[j]->value ? bw[i] : bw[j];
                    bw[j] = lower;
                    memmove(&bw[i], &bw[i + 1], (nbw - i - 1) * sizeof bw[0]);
                    nbw--;
                    link_merged = 1;
                    break;
                }
    double top = ncp ? cp[0]->value : NAN;
    double bmax = 0, bmin = INFINITY;
    for (size_t i = 0; i < nbw; i++) {
        bmax = fmax(bmax, bw[i]->value);
        /* The host link sets no range: the GPU's own levels do. */
        if (!gpu || strncmp(bw[i]->name, "host link", 9) || nbw == 1)
            bmin = fmin(bmin, bw[i]->value);
    }
    if (!isfinite(bmin))
        bmin = bmax;
    double roof = ncp ? fmax(top, spec_peak_max) : NAN;
    double xlo = 1.0 / 16, xhi = 16;
    if (nbw && ncp) {
        /* A GPU's roofs span more: its slowest line (the host link) meets the
         * top roof far right, so less margin there. */
        xlo = fmin(xlo, roof / fmax(bmax, spec_bw_max) / 8);
        xhi = fmax(xhi, roof / bmin * (gpu ? 2 : 8));
        /* Room for the measured lines' labels left of their ridge, however
         * far below the spec the measured roofs are. */
        if (gpu)
            xlo = fmin(xlo, top / bmax / 16);
    }
    double app_min = INFINITY, app_ymin = INFINITY;
    for (size_t i = 0; i < ndots; i++) {
        xlo = fmin(xlo, dots[i].x / 2);
        xhi = fmax(xhi, dots[i].x * 2);
        app_min = fmin(app_min, dots[i].x);
        app_ymin = fmin(app_ymin, dots[i].y);
    }
    if (points)
        rfl_plot_kernels_extent(m, gpu, &xlo, &xhi, &app_ymin);
    rfl_chart_bound_axis(&xlo, &xhi); /* an intensity of 1e308 or 1e-300 is still a finite chart */
    xlo = rfl_plot_pow2_floor(xlo);
    xhi = rfl_plot_pow2_ceil(xhi);
    double yhi, ylo;
    if (ncp)
        yhi = rfl_plot_nice(roof * 2.5, 0);
    else
        yhi = rfl_plot_nice(bmax * xhi * 2, 0);
    if (nbw)
        ylo = rfl_plot_nice(bmin * xlo / 2, 1);
    else
        ylo = rfl_plot_nice(cp[ncp - 1]->value / 20, 1);
    if (app_ymin < ylo * 2)
        ylo = rfl_plot_nice(app_ymin / 3, 1);
    if (gpu && ncp && cp[ncp - 1]->value < ylo * 3)
        ylo = rfl_plot_nice(cp[ncp - 1]->value / 3, 1);
    rfl_chart_bound_axis(&ylo, &yhi);

    char title[512], corner[512], buf[64], gp[2048];
    long ranks = nbw ? bw[0]->ranks : cp[0]->ranks, threads = nbw ? bw[0]->threads_per_rank : cp[0]->threads_per_rank;
    if (gpu && !strcmp(device, "gpus"))
        snprintf(title, sizeof title, "Roofline: %s, %ld GPUs together (%s, %u SMs each)", m->machine, ranks,
                 m->gpu->dev.name, m->gpu->dev.sm_count);
    else if (gpu)
        snprintf(title, sizeof title, "Roofline: %s %s (%s, %u SMs)", m->machine, device, m->gpu->dev.name,
                 m->gpu->dev.sm_count);
    else {
        /* the layout of the file the bandwidth roofs came from */
        const char *where = nbw && bw[0]->file[0] ? rfl_plot_input_layout(m, bw[0]->file) : "";
        snprintf(title, sizeof title, "Roofline: %s%s%s%s, %ld rank%s x %ld thread%s%s%s", m->machine,
                 m->cpu_model[0] ? " (" : "", m->cpu_model, m->cpu_model[0] ? ")" : "", ranks, ranks == 1 ? "" : "s",
                 threads, threads == 1 ? "" : "s", where[0] ? ", " : "", where);
    }
    rfl_plot_corner(m, corner, sizeof corner);
    /* The GPU's key is outside on the right, one entry a GEMM and a profiled kernel: where they
     * need more than one column the canvas widens by a column each, or gnuplot draws the next
     * column over the plot and its labels (an H200 profile of 21 kernels beside 17 GEMMs). */
    const double height = gpu ? 850 : 800, plot_bottom = 0.09, plot_top = 0.93, plot_right = gpu ? 0.755 : 0.97;
    double width = gpu ? 1400 : 1200, right = plot_right;
    if (gpu) {
        const size_t nkey = 4 + (ndots ? 1 + ndots : 0) + (points ? rfl_plot_kernels_nkey(m, gpu) : 0);
        const size_t rows = (size_t)(height * (plot_top - plot_bottom) / KEY_ROW_PX), cols = (nkey + rows - 1) / rows;
        if (cols > 1) { /* the key names at most 40 kernels (profile_points.c): a few columns */
            const double plot_px = width * plot_right;
            width += (double)(cols - 1) * KEY_COLUMN_PX;
            right = plot_px / width;
        }
    }
    struct rfl_chart c;
    if (rfl_chart_begin(&c, base, width, height, 0.08, right, plot_bottom, plot_top, title, corner) != 0) {
        free(dots);
        return -1;
    }
    if (gpu)
        c.font_pt = 9; /* roofs a few percent apart (bf16 and fp16 tensor) need the room */
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_plot_ai_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"arithmetic intensity (flops per byte)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");

    struct line lines[80];
    size_t nlines = 0;
    char text[160];
    /* Measured bandwidth: from the left edge up to the top compute ceiling. */
    for (size_t i = 0; i < nbw && nlines < 80; i++) {
        struct line *l = &lines[nlines++];
        double end = ncp ? top / bw[i]->value : xhi;
        if (link_merged && !strncmp(bw[i]->name, "host link", 9))
            snprintf(l->label, sizeof l->label, "host link %s GB/s (pinned, both ways)",
                     rfl_chart_num(buf, sizeof buf, bw[i]->value));
        else
            snprintf(l->label, sizeof l->label, "%s %s", bw[i]->name,
                     rfl_plot_roof_text(text, sizeof text, bw[i], "GB/s"));
        l->color = gpu ? gpu_level_color(bw[i]->name) : level_color(bw[i]->name, i);
        l->x0 = xlo;
        l->y0 = bw[i]->value * xlo;
        l->x1 = end;
        l->y1 = ncp ? top : bw[i]->value * xhi;
        l->spec = 0;
    }
    size_t first_compute = nlines;
    for (size_t i = 0; i < ncp && nlines < 80; i++) {
        struct line *l = &lines[nlines++];
        snprintf(l->label, sizeof l->label, "%s %s", cp[i]->name,
                 rfl_plot_roof_text(text, sizeof text, cp[i], "GFLOP/s"));
        /* Roofs within 10% of each other (bf16 and fp16 tensor) are one line
         * on a log axis: one label names both, the first one's. */
        for (size_t j = 0; j < ncp; j++) {
            if (j == i || !coincident_roofs(cp[i], cp[j]))
                continue;
            if (j < i) {
                l->label[0] = '\0';
                break;
            }
            /* "bf16/fp16 tensor 746025/711170 GFLOP/s (median 742000/708000, 70%/66% of spec)" */
            char mi[48], mj[48], pj[16] = "", pi[16] = "", second[32], paren[160] = "";
            rfl_spread_text(mi, sizeof mi, cp[i]);
            rfl_spread_text(mj, sizeof mj, cp[j]);
            if (cp[i]->spec > 0 && cp[j]->spec > 0) {
                snprintf(pi, sizeof pi, "%.0f%%", 100.0 * cp[i]->value / cp[i]->spec);
                snprintf(pj, sizeof pj, "%.0f%%", 100.0 * cp[j]->value / cp[j]->spec);
            }
            if (*mi && *mj)
                snprintf(paren, sizeof paren, "%s/%s", mi, mj + strlen("median "));
            if (*pi)
                snprintf(paren + strlen(paren), sizeof paren - strlen(paren), "%s%s/%s of spec", *paren ? ", " : "",
                         pi, pj);
            const char *sp = strchr(cp[i]->name, ' ');
            snprintf(l->label, sizeof l->label, "%.*s/%.*s%s %s/%s GFLOP/s%s%s%s", (int)(sp - cp[i]->name),
                     cp[i]->name, (int)(strchr(cp[j]->name, ' ') - cp[j]->name), cp[j]->name, sp,
                     rfl_chart_num(buf, sizeof buf, cp[i]->value), rfl_chart_num(second, sizeof second, cp[j]->value),
                     *paren ? " (" : "", paren, *paren ? ")" : "");
        }
        size_t same_prec = 0;
        for (size_t j = 0; j < i; j++)
            same_prec += !strcmp(cp[j]->precision, cp[i]->precision);
        l->color = gpu ? rfl_plot_precision_color(cp[i]->precision) : compute_color(cp[i]->precision, same_prec);
        l->x0 = nbw ? cp[i]->value / bmax : xlo;
        l->y0 = l->y1 = cp[i]->value;
        l->x1 = xhi;
        l->spec = gpu && is_tensor(cp[i]) ? 2 : 0;
    }
    size_t first_spec = nlines;
    /* Textbook lines: spec peaks per precision, spec bandwidth per level
     * (on a GPU one line per value: L1 and shared are one SRAM). */
    /* On a GPU a spec line within 10% of its measured roof adds only a
     * label (the percent is in the roof's own label): those are left out. */
    for (size_t i = 0; i < ncp && nlines < 80; i++) {
        if (!(cp[i]->spec > 0) || (gpu && cp[i]->value >= 0.9 * cp[i]->spec))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            if (gpu ? fabs(cp[j]->spec / cp[i]->spec - 1) < 0.01 && cp[j]->value < 0.9 * cp[j]->spec
                    : !strcmp(cp[j]->precision, cp[i]->precision) && cp[j]->spec == cp[i]->spec)
                seen = 1;
        if (seen)
            continue;
        char sname[96];
        snprintf(sname, sizeof sname, "%s", gpu ? cp[i]->name : cp[i]->precision);
        for (size_t j = i + 1; gpu && j < ncp; j++)
            if (fabs(cp[j]->spec / cp[i]->spec - 1) < 0.01 && cp[j]->value < 0.9 * cp[j]->spec) {
                /* "bf16 tensor" + "fp16 tensor" -> "bf16/fp16 tensor" */
                const char *sp = strchr(cp[j]->name, ' ');
                size_t len = sp ? (size_t)(sp - cp[j]->name) : strlen(cp[j]->name);
                char *mine = strchr(sname, ' ');
                if (mine && sp && !strcmp(mine, sp))
                    snprintf(mine, sizeof sname - (size_t)(mine - sname), "/%.*s%s", (int)len, cp[j]->name, sp);
            }
        struct line *l = &lines[nlines++];
        snprintf(l->label, sizeof l->label, "spec %s %s GFLOP/s", sname, rfl_chart_num(buf, sizeof buf, cp[i]->spec));
        l->color = RFL_PLOT_SPEC_COLOR;
        double bw_top = fmax(bmax, spec_bw_max);
        l->x0 = nbw ? cp[i]->spec / bw_top : xlo;
        l->y0 = l->y1 = cp[i]->spec;
        l->x1 = xhi;
        l->spec = 1;
    }
    for (size_t i = 0; i < nbw && nlines < 80; i++) {
        if (!(bw[i]->spec > 0) || (gpu && bw[i]->value >= 0.9 * bw[i]->spec))
            continue;
        int seen = 0;
        for (size_t j = 0; gpu && j < i; j++)
            seen |= fabs(bw[j]->spec / bw[i]->spec - 1) < 0.01 && bw[j]->value < 0.9 * bw[j]->spec;
        if (seen)
            continue;
        char name[96];
        snprintf(name, sizeof name, "%s", bw[i]->name);
        for (size_t j = i + 1; gpu && j < nbw; j++)
            if (fabs(bw[j]->spec / bw[i]->spec - 1) < 0.01 && bw[j]->value < 0.9 * bw[j]->spec)
                snprintf(name + strlen(name), sizeof name - strlen(name), "/%s", bw[j]->name);
        struct line *l = &lines[nlines++];
        snprintf(l->label, sizeof l->label, "spec %s %s GB/s", name, rfl_chart_num(buf, sizeof buf, bw[i]->spec));
        l->color = RFL_PLOT_SPEC_COLOR;
        double r = ncp ? roof : bw[i]->spec * xhi;
        l->x0 = xlo;
        l->y0 = bw[i]->spec * xlo;
        l->x1 = ncp ? fmin(r / bw[i]->spec, xhi) : xhi;
        l->y1 = ncp ? bw[i]->spec * l->x1 : bw[i]->spec * xhi;
        l->spec = 1;
    }
    /* Clip lines that start below the chart so labels stay on the visible part. */
    for (size_t i = 0; i < nlines; i++)
        if (lines[i].y0 < ylo && lines[i].y1 > lines[i].y0) {
            double slope = log(lines[i].y1 / lines[i].y0) / log(lines[i].x1 / lines[i].x0);
            lines[i].x0 = lines[i].x0 * pow(ylo / lines[i].y0, 1 / slope);
            lines[i].y0 = ylo;
        }

    rfl_chart_printf(&c, "$ceilings << EOD\n");
    for (size_t i = 0; i < nlines; i++) {
        rfl_chart_printf(&c, "# %s\n",
                         rfl_chart_literal(&c, lines[i].label[0] ? lines[i].label
                                                                 : "(the roof above, within 10%: one label)"));
        rfl_plot_point(&c, lines[i].x0, lines[i].y0);
        rfl_plot_point(&c, lines[i].x1, lines[i].y1);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    if (ndots) {
        rfl_chart_printf(&c, "$apps << EOD\n");
        for (size_t i = 0; i < ndots; i++) {
            rfl_chart_printf(&c, "# %s\n", rfl_chart_literal(&c, gpu ? dots[i].label : m->apps[i].name));
            rfl_plot_point(&c, dots[i].x, dots[i].y);
        }
        rfl_chart_printf(&c, "EOD\n");
    }
    if (points)
        rfl_plot_kernels_data(&c, m, gpu);

    /* The key, top left: what a solid, a dashed line and a dot are. */
    int ntensor = 0;
    for (size_t i = first_compute; i < first_spec; i++)
        ntensor |= lines[i].spec == 2;
    if (gpu) {
        /* Outside: the GEMM points are named there, one entry each. */
        rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.25 font \"sans,10\"\n");
    } else {
        int nkey = 1 + (first_spec < nlines) + (ndots > 0) + ntensor;
        if (points)
            nkey += (int)rfl_plot_kernels_nkey(m, gpu);
        rfl_chart_printf(&c, "set key top left box opaque samplen 3 spacing 1.3 font \"sans,10\" width 1\n");
        double key_w = 230, key_h = 22.0 * nkey + 12;
        double kx = c.left * c.width + key_w / 2 + 6, ky = c.top * c.height - key_h / 2 - 6;
        rfl_chart_add_box(&c, (struct rfl_box){kx, ky, key_w / 2 + 4, key_h / 2 + 4, 0});
    }

    for (size_t i = 0; i < nlines; i++)
        rfl_chart_block_line(&c, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1);
    for (size_t i = 0; i < ndots; i++)
        rfl_chart_block_point(&c, dots[i].x, dots[i].y, 6);

    /* Labels: compute at the right end, bandwidth along the middle of the
     * diagonal, spec lines after, application names last. */
    for (size_t i = first_compute; i < first_spec; i++)
        if (lines[i].label[0])
            rfl_chart_label_line(&c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1,
                                 lines[i].y1, 0.97, 0.2);
    for (size_t i = 0; i < first_compute; i++)
        rfl_chart_label_line(&c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                             0.6, 0.05);
    for (size_t i = first_spec; i < nlines; i++)
        rfl_chart_label_line(&c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                             lines[i].y0 == lines[i].y1 ? 0.97 : 0.6, lines[i].y0 == lines[i].y1 ? 0.2 : 0.05);
    for (size_t i = 0; i < ndots && !gpu; i++)
        rfl_chart_label_point(&c, dots[i].label, APP_COLOR, dots[i].x, dots[i].y);
    if (points)
        rfl_plot_kernels_labels(&c, m, gpu);

    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < nlines; i++)
        rfl_chart_printf(&c, "  $ceilings index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         lines[i].spec == 1 ? "dt 2 lw 1.5" : lines[i].spec == 2 ? "dt 4 lw 3" : "lw 3",
                         lines[i].color);
    if (ndots && !gpu)
        rfl_chart_printf(&c, "  $apps using 1:2 with points pt 7 ps 1.6 lc rgb \"%s\" notitle, \\\n", APP_COLOR);
    if (points)
        rfl_plot_kernels_plot(&c, m, gpu);
    rfl_chart_printf(&c, "  NaN with lines lw 3 lc rgb \"#303030\" title \"measured ceiling (rfl)\"");
    if (ntensor)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 4 lw 3 lc rgb \"#303030\" title \"tensor cores (best GEMM)\"");
    if (first_spec < nlines)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"%s\"", RFL_PLOT_SPEC_COLOR,
                         gpu ? "spec, where 10% or more above" : "textbook (spec)");
    if (ndots && !gpu)
        rfl_chart_printf(&c, ", \\\n  NaN with points pt 7 ps 1.6 lc rgb \"%s\" title \"application\"", APP_COLOR);
    if (ndots && gpu) {
        rfl_chart_printf(&c, ", \\\n  NaN with lines lc rgb \"#ffffff\" title \"GEMM (rfl_gemm): %% of its roofline\"");
        for (size_t i = 0; i < ndots; i++)
            rfl_chart_printf(&c, ", \\\n  $apps index 0 every ::%zu::%zu using 1:2 with points pt %d ps 1.6 lw 2 "
                                 "lc rgb \"%s\" title %s",
                             i, i, dots[i].pt, dots[i].color, rfl_chart_literal(&c, dots[i].label));
    }
    if (points)
        rfl_plot_kernels_key(&c, m, gpu);
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, base);
    free(dots);
    return rfl_chart_end(&c, gp);
}


int rfl_plot_roofline_cpu(const struct rfl_model *m, const char *dir)
{
    return plot_roofline(m, m->ceilings, m->nceilings, dir, "cpu", "roofline", 1);
}

int rfl_plot_roofline_gpu(const struct rfl_model *m, const char *dir)
{
    char base[64];
    snprintf(base, sizeof base, "roofline-%s", m->gpu->dev.label);
    return plot_roofline(m, m->ceilings, m->nceilings, dir, m->gpu->dev.label, base, 1);
}

int rfl_plot_roofline_members(const struct rfl_model *m, const char *dir)
{
    int g[RFL_PLOT_MAX_GPUS];
    const size_t ngpus = rfl_members_other_gpus(m, g, RFL_PLOT_MAX_GPUS);
    for (size_t i = 0; i < ngpus; i++) {
        char device[16], base[64];
        snprintf(device, sizeof device, "gpu%d", g[i]);
        snprintf(base, sizeof base, "roofline-%s", device);
        struct rfl_ceiling *own;
        size_t n;
        if (rfl_members_ceilings(m, device, &own, &n) != 0) {
            rfl_error("out of memory");
            return -1;
        }
        int rc = plot_roofline(m, own, n, dir, device, base, 0);
        free(own);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int rfl_plot_roofline_gpus(const struct rfl_model *m, const char *dir)
{
    return plot_roofline(m, m->ceilings, m->nceilings, dir, "gpus", "roofline-gpus", 0);
}
