/* rfl plot: a self-contained gnuplot script per chart (data inline, labels
 * placed by chart.c), rendered to PNG when gnuplot is there. */
#include "config.h"
#include "chart.h"
#include "driver.h"
#include "gpu.h"
#include "model.h"
#include "plot.h"
#include "common/csv.h"
#include "common/log.h"
#include "common/size.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define pow2_floor rfl_plot_pow2_floor
#define pow2_ceil rfl_plot_pow2_ceil
#define nice_value rfl_plot_nice
#define corner_text rfl_plot_corner
#define size_tics rfl_plot_size_tics
#define data_point rfl_plot_point

const char *const rfl_plot_palette[RFL_PLOT_NPALETTE] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a",
                                      "#66a61e", "#c99700", "#a6761d", "#555555"};
#define palette rfl_plot_palette
#define NPALETTE RFL_PLOT_NPALETTE
#define SPEC_COLOR "#8c8c8c"
#define APP_COLOR "#b2182b"

static const char *level_color(const char *name, size_t index)
{
    if (!strcmp(name, "DRAM"))
        return palette[3];
    if (name[0] == 'L' && name[1] >= '1' && name[1] <= '3')
        return palette[name[1] - '1'];
    return palette[(4 + index) % NPALETTE];
}

static const char *compute_color(const char *precision, size_t index)
{
    if (!strcmp(precision, "fp64"))
        return index ? "#5a5a5a" : "#1a1a1a";
    if (!strcmp(precision, "fp32"))
        return index ? "#5b7fbf" : "#1f4e9c";
    return "#6b3fa0";
}

double rfl_plot_pow2_floor(double v) { return pow(2, floor(log2(v) + 1e-9)); }
double rfl_plot_pow2_ceil(double v) { return pow(2, ceil(log2(v) - 1e-9)); }
static double pow10_floor(double v) { return pow(10, floor(log10(v) + 1e-9)); }

/* 1, 2 or 5 x 10^k at or above v (at or below with down). */
double rfl_plot_nice(double v, int down)
{
    double p = pow10_floor(v), steps[] = {1, 2, 5, 10};
    if (down) {
        for (int i = 3; i >= 0; i--)
            if (steps[i] * p <= v * (1 + 1e-9))
                return steps[i] * p;
        return p;
    }
    for (int i = 0; i < 4; i++)
        if (steps[i] * p >= v * (1 - 1e-9))
            return steps[i] * p;
    return 10 * p;
}

void rfl_plot_corner(const struct rfl_model *m, char *buf, size_t len)
{
    snprintf(buf, len, "host %s | rfl %s | measured %s", m->host, m->version[0] ? m->version : "?",
             m->date[0] ? m->date : "?");
}

static void ai_tics(struct rfl_chart *c, double lo, double hi)
{
    rfl_chart_printf(c, "set xtics (");
    int first = 1;
    int span = (int)lround(log2(hi / lo));
    int step = span > 14 ? 2 : 1;
    for (double x = lo; x <= hi * 1.0001; x *= (step == 2 ? 4 : 2)) {
        char lab[32];
        if (x >= 1)
            snprintf(lab, sizeof lab, "%.0f", x);
        else
            snprintf(lab, sizeof lab, "1/%.0f", 1 / x);
        char v[32];
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s\" %s", first ? "" : ", ", lab, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

void rfl_plot_size_tics(struct rfl_chart *c, double lo, double hi)
{
    rfl_chart_printf(c, "set xtics (");
    int first = 1;
    int span = (int)lround(log2(hi / lo));
    double mult = span > 24 ? 16 : span > 12 ? 4 : 2;
    for (double x = lo; x <= hi * 1.0001; x *= mult) {
        char lab[32], v[32];
        rfl_format_size((uint64_t)x, lab, sizeof lab);
        rfl_format_double(v, sizeof v, "%.9g", x);
        rfl_chart_printf(c, "%s\"%s\" %s", first ? "" : ", ", lab, v);
        first = 0;
    }
    rfl_chart_printf(c, ")\nset mxtics 1\n");
}

void rfl_plot_point(struct rfl_chart *c, double x, double y)
{
    char a[32], b[32];
    rfl_format_double(a, sizeof a, "%.7g", x);
    rfl_format_double(b, sizeof b, "%.7g", y);
    rfl_chart_printf(c, "%s %s\n", a, b);
}

/* ---------------------------------------------------------------------------
 * roofline.png
 * ------------------------------------------------------------------------- */

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

static void percent_suffix(char *buf, size_t len, const struct rfl_ceiling *c)
{
    if (c->spec > 0)
        snprintf(buf, len, " (%.0f%% of spec)", 100.0 * c->value / c->spec);
    else
        buf[0] = '\0';
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
        double att = rfl_gpu_gemm_attainable(m, best);
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

static int plot_roofline(const struct rfl_model *m, const char *dir, const char *device, const char *base)
{
    const int gpu = strcmp(device, "cpu") != 0;
    const struct rfl_ceiling *bw[32], *cp[32];
    size_t nbw = 0, ncp = 0;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        if (strcmp(c->device, device) != 0)
            continue;
        if (c->kind == RFL_CEILING_BANDWIDTH && nbw < 32) {
            bw[nbw++] = c;
        } else if (c->kind == RFL_CEILING_COMPUTE && ncp < 32) {
            cp[ncp++] = c;
        }
    }
    /* Compute ceilings, highest first; one within 8% of a drawn one adds
     * nothing (on a GPU every roof is a different unit or precision: all
     * are drawn). */
    for (size_t i = 1; i < ncp; i++)
        for (size_t j = i; j > 0 && cp[j]->value > cp[j - 1]->value; j--) {
            const struct rfl_ceiling *t = cp[j];
            cp[j] = cp[j - 1];
            cp[j - 1] = t;
        }
    size_t kept = 0;
    for (size_t i = 0; i < ncp; i++) {
        int close = 0;
        for (size_t j = 0; j < kept && !gpu; j++)
            if (cp[i]->value > cp[j]->value / 1.08)
                close = 1;
        if (!close && kept < (gpu ? 8u : 6u))
            cp[kept++] = cp[i];
    }
    ncp = kept;

    struct dot dots[64];
    size_t ndots = 0;
    if (gpu) {
        ndots = gemm_dots(m, dots, 64);
    } else {
        for (size_t i = 0; i < m->napps && ndots < 64; i++) {
            char bound[96];
            double att = rfl_app_attainable(m, &m->apps[i], bound, sizeof bound);
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
    xlo = pow2_floor(xlo);
    xhi = pow2_ceil(xhi);
    double yhi, ylo;
    if (ncp)
        yhi = nice_value(roof * 2.5, 0);
    else
        yhi = nice_value(bmax * xhi * 2, 0);
    if (nbw)
        ylo = nice_value(bmin * xlo / 2, 1);
    else
        ylo = nice_value(cp[ncp - 1]->value / 20, 1);
    if (app_ymin < ylo * 2)
        ylo = nice_value(app_ymin / 3, 1);
    if (gpu && ncp && cp[ncp - 1]->value < ylo * 3)
        ylo = nice_value(cp[ncp - 1]->value / 3, 1);

    char png[256], title[512], corner[512], buf[64], gp[2048];
    snprintf(png, sizeof png, "%s", base);
    long ranks = nbw ? bw[0]->ranks : cp[0]->ranks, threads = nbw ? bw[0]->threads_per_rank : cp[0]->threads_per_rank;
    if (gpu)
        snprintf(title, sizeof title, "Roofline: %s %s (%s, %u SMs)", m->machine, device, m->gpu->dev.name,
                 m->gpu->dev.sm_count);
    else
        snprintf(title, sizeof title, "Roofline: %s%s%s%s, %ld rank%s x %ld thread%s", m->machine,
                 m->cpu_model[0] ? " (" : "", m->cpu_model, m->cpu_model[0] ? ")" : "", ranks, ranks == 1 ? "" : "s",
                 threads, threads == 1 ? "" : "s");
    corner_text(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, png, gpu ? 1400 : 1200, gpu ? 850 : 800, 0.08, gpu ? 0.755 : 0.97, 0.09, 0.93, title,
                        corner) != 0)
        return -1;
    if (gpu)
        c.font_pt = 9; /* roofs a few percent apart (bf16 and fp16 tensor) need the room */
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    ai_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"arithmetic intensity (flops per byte)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");

    struct line lines[80];
    size_t nlines = 0;
    char pct[64];
    /* Measured bandwidth: from the left edge up to the top compute ceiling. */
    for (size_t i = 0; i < nbw && nlines < 80; i++) {
        struct line *l = &lines[nlines++];
        double end = ncp ? top / bw[i]->value : xhi;
        percent_suffix(pct, sizeof pct, bw[i]);
        if (link_merged && !strncmp(bw[i]->name, "host link", 9))
            snprintf(l->label, sizeof l->label, "host link %s GB/s (pinned, both ways)",
                     rfl_chart_num(buf, sizeof buf, bw[i]->value));
        else
            snprintf(l->label, sizeof l->label, "%s %s GB/s%s", bw[i]->name,
                     rfl_chart_num(buf, sizeof buf, bw[i]->value), pct);
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
        percent_suffix(pct, sizeof pct, cp[i]);
        snprintf(l->label, sizeof l->label, "%s %s GFLOP/s%s", cp[i]->name, rfl_chart_num(buf, sizeof buf, cp[i]->value),
                 pct);
        /* Roofs within 10% of each other (bf16 and fp16 tensor) are one line
         * on a log axis: one label names both, the first one's. */
        for (size_t j = 0; j < ncp; j++) {
            if (j == i || !coincident_roofs(cp[i], cp[j]))
                continue;
            if (j < i) {
                l->label[0] = '\0';
                break;
            }
            char second[32], pj[16] = "", pi[16] = "";
            if (cp[i]->spec > 0 && cp[j]->spec > 0) {
                snprintf(pi, sizeof pi, "%.0f%%", 100.0 * cp[i]->value / cp[i]->spec);
                snprintf(pj, sizeof pj, "%.0f%%", 100.0 * cp[j]->value / cp[j]->spec);
            }
            const char *sp = strchr(cp[i]->name, ' ');
            snprintf(l->label, sizeof l->label, "%.*s/%.*s%s %s/%s GFLOP/s%s%s%s%s%s", (int)(sp - cp[i]->name),
                     cp[i]->name, (int)(strchr(cp[j]->name, ' ') - cp[j]->name), cp[j]->name, sp,
                     rfl_chart_num(buf, sizeof buf, cp[i]->value), rfl_chart_num(second, sizeof second, cp[j]->value),
                     *pi ? " (" : "", pi, *pi ? "/" : "", pj, *pi ? " of spec)" : "");
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
        l->color = SPEC_COLOR;
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
        l->color = SPEC_COLOR;
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
        rfl_chart_printf(&c, "# %s\n", lines[i].label[0] ? lines[i].label : "(the roof above, within 10%: one label)");
        data_point(&c, lines[i].x0, lines[i].y0);
        data_point(&c, lines[i].x1, lines[i].y1);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    if (ndots) {
        rfl_chart_printf(&c, "$apps << EOD\n");
        for (size_t i = 0; i < ndots; i++) {
            rfl_chart_printf(&c, "# %s\n", gpu ? dots[i].label : m->apps[i].name);
            data_point(&c, dots[i].x, dots[i].y);
        }
        rfl_chart_printf(&c, "EOD\n");
    }

    /* The key, top left: what a solid, a dashed line and a dot are. */
    int ntensor = 0;
    for (size_t i = first_compute; i < first_spec; i++)
        ntensor |= lines[i].spec == 2;
    if (gpu) {
        /* Outside: the GEMM points are named there, one entry each. */
        rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.25 font \"sans,10\"\n");
    } else {
        int nkey = 1 + (first_spec < nlines) + (ndots > 0) + ntensor;
        rfl_chart_printf(&c, "set key top left box opaque samplen 3 spacing 1.3 font \"sans,10\" width 1\n");
        double key_w = 230, key_h = 22.0 * nkey + 12;
        double kx = c.left * c.width + key_w / 2 + 6, ky = c.top * c.height - key_h / 2 - 6;
        c.boxes[c.nboxes++] = (struct rfl_box){kx, ky, key_w / 2 + 4, key_h / 2 + 4, 0};
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

    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < nlines; i++)
        rfl_chart_printf(&c, "  $ceilings index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         lines[i].spec == 1 ? "dt 2 lw 1.5" : lines[i].spec == 2 ? "dt 4 lw 3" : "lw 3",
                         lines[i].color);
    if (ndots && !gpu)
        rfl_chart_printf(&c, "  $apps using 1:2 with points pt 7 ps 1.6 lc rgb \"%s\" notitle, \\\n", APP_COLOR);
    rfl_chart_printf(&c, "  NaN with lines lw 3 lc rgb \"#303030\" title \"measured ceiling (rfl)\"");
    if (ntensor)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 4 lw 3 lc rgb \"#303030\" title \"tensor cores (best GEMM)\"");
    if (first_spec < nlines)
        rfl_chart_printf(&c, ", \\\n  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"%s\"", SPEC_COLOR,
                         gpu ? "spec, where 10% or more above" : "textbook (spec)");
    if (ndots && !gpu)
        rfl_chart_printf(&c, ", \\\n  NaN with points pt 7 ps 1.6 lc rgb \"%s\" title \"application\"", APP_COLOR);
    if (ndots && gpu) {
        char q[256];
        rfl_chart_printf(&c, ", \\\n  NaN with lines lc rgb \"#ffffff\" title \"GEMM (rfl_gemm): %% of its roofline\"");
        for (size_t i = 0; i < ndots; i++) {
            rfl_chart_quote(q, sizeof q, dots[i].label);
            rfl_chart_printf(&c, ", \\\n  $apps index 0 every ::%zu::%zu using 1:2 with points pt %d ps 1.6 lw 2 "
                                 "lc rgb \"%s\" title \"%s\"",
                             i, i, dots[i].pt, dots[i].color, q);
        }
    }
    rfl_chart_printf(&c, "\n");
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, base);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * bandwidth.png
 * ------------------------------------------------------------------------- */

static int plot_bandwidth(const struct rfl_model *m, const char *dir)
{
    /* The curves of the ISA, precision and job shape that set the first ceiling. */
    const struct rfl_bw_curve *ref = NULL;
    for (size_t i = 0; i < m->nceilings && !ref; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || strcmp(ce->device, "cpu"))
            continue;
        for (size_t j = 0; j < m->ncurves && !ref; j++) {
            const struct rfl_bw_curve *cv = &m->curves[j];
            if (!strcmp(cv->kernel, ce->kernel) && !strcmp(cv->precision, ce->precision) &&
                !strcmp(cv->isa, ce->isa) && !strcmp(m->inputs[cv->input].file, ce->file))
                ref = cv;
        }
    }
    if (!ref && m->ncurves)
        ref = &m->curves[0];
    if (!ref)
        return 0;
    const struct rfl_bw_curve *sel[64];
    size_t nsel = 0;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (size_t j = 0; j < m->ncurves && nsel < 64; j++) {
        const struct rfl_bw_curve *cv = &m->curves[j];
        if (strcmp(cv->precision, ref->precision) || strcmp(cv->isa, ref->isa) || cv->ranks != ref->ranks ||
            cv->threads_per_rank != ref->threads_per_rank || cv->input != ref->input || !cv->used)
            continue;
        sel[nsel++] = cv;
        for (size_t k = 0; k < cv->n; k++) {
            xlo = fmin(xlo, (double)cv->wss[k]);
            xhi = fmax(xhi, (double)cv->wss[k]);
            ylo = fmin(ylo, cv->y[k]);
            yhi = fmax(yhi, cv->y[k]);
        }
    }
    if (!nsel)
        return 0;
    xlo = pow2_floor(xlo / 1.5);
    xhi = pow2_ceil(xhi * 1.5);
    ylo = nice_value(ylo / 2, 1);
    yhi = nice_value(yhi * 2.5, 0);

    char title[512], corner[512], buf[64], gp[2048], q[64];
    snprintf(title, sizeof title, "Bandwidth: %s, %s %s, %ld rank%s x %ld thread%s", m->machine, ref->precision,
             ref->isa, ref->ranks, ref->ranks == 1 ? "" : "s", ref->threads_per_rank,
             ref->threads_per_rank == 1 ? "" : "s");
    corner_text(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "bandwidth", 1200, 800, 0.08, 0.83, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    size_tics(&c, xlo, xhi);
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"working set (bytes, all ranks and threads)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GB/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 2 spacing 1.2 font \"sans,10\"\n");

    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_printf(&c, "# %s\n$curve%zu << EOD\n", sel[i]->kernel, i);
        for (size_t k = 0; k < sel[i]->n; k++)
            data_point(&c, (double)sel[i]->wss[k], sel[i]->y[k]);
        rfl_chart_printf(&c, "EOD\n");
        for (size_t k = 0; k + 1 < sel[i]->n; k++)
            rfl_chart_block_line(&c, (double)sel[i]->wss[k], sel[i]->y[k], (double)sel[i]->wss[k + 1],
                                 sel[i]->y[k + 1]);
    }
    /* Cache capacities (dashed, named at the top) and detected transitions
     * (dotted, at the bottom). */
    double job_threads = (double)(ref->ranks * ref->threads_per_rank);
    for (unsigned l = 0; l < m->ncache; l++) {
        double cap = ref->capacity[l] * job_threads;
        if (cap <= xlo || cap >= xhi)
            continue;
        char name[16], size[32], text[64];
        rfl_level_name(m, l, name, sizeof name);
        snprintf(text, sizeof text, "%s %s", name, rfl_format_size((uint64_t)llround(cap), size, sizeof size));
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 1 nohead dt 2 lw 1.5 lc rgb \"#606060\" back\n",
                         rfl_chart_num(buf, sizeof buf, cap), rfl_chart_num(buf, sizeof buf, cap));
        rfl_chart_label_vertical(&c, text, "#404040", cap, 1, 1);
        rfl_chart_block_line(&c, cap, ylo, cap, yhi);
    }
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || !ce->transition_bytes || strcmp(ce->device, "cpu"))
            continue;
        double t = (double)ce->transition_bytes;
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= m->ceilings[j].transition_bytes == ce->transition_bytes;
        if (dup || t <= xlo || t >= xhi)
            continue;
        char size[32], text[64];
        snprintf(text, sizeof text, "detected %s", rfl_format_size((uint64_t)t, size, sizeof size));
        rfl_chart_printf(&c, "set arrow from %s, graph 0 to %s, graph 0.25 nohead dt 3 lw 2 lc rgb \"#b2182b\" back\n",
                         rfl_chart_num(buf, sizeof buf, t), rfl_chart_num(buf, sizeof buf, t));
        /* On the side away from the nearest cache line. */
        int side = -1;
        double nearest = INFINITY;
        for (unsigned l = 0; l < m->ncache; l++) {
            double cap = ref->capacity[l] * job_threads, d = fabs(log(t / cap));
            if (d < nearest) {
                nearest = d;
                side = t < cap ? -1 : 1;
            }
        }
        rfl_chart_label_vertical(&c, text, "#b2182b", t, 0, side);
        rfl_chart_block_line(&c, t, ylo, t, ylo * pow(yhi / ylo, 0.25));
    }
    /* Each level's ceiling over the plateau that set it. */
    rfl_chart_printf(&c, "$plateaus << EOD\n");
    size_t nplat = 0;
    double plat[32][3];
    const struct rfl_ceiling *pce[32];
    for (size_t i = 0; i < m->nceilings && nplat < 32; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || strcmp(ce->device, "cpu"))
            continue;
        int dup = 0;
        for (size_t j = 0; j < nplat; j++)
            dup |= pce[j]->value == ce->value && pce[j]->wss_min_bytes == ce->wss_min_bytes;
        if (dup)
            continue;
        double x0 = (double)ce->wss_min_bytes, x1 = (double)ce->wss_max_bytes;
        if (x1 <= x0) {
            x0 /= 1.2;
            x1 *= 1.2;
        }
        plat[nplat][0] = x0;
        plat[nplat][1] = x1;
        plat[nplat][2] = ce->value;
        pce[nplat++] = ce;
        data_point(&c, x0, ce->value);
        data_point(&c, x1, ce->value);
        rfl_chart_printf(&c, "\n\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    for (size_t i = 0; i < nplat; i++)
        rfl_chart_block_line(&c, plat[i][0], plat[i][2], plat[i][1], plat[i][2]);
    for (size_t i = 0; i < nplat; i++) {
        char text[256];
        snprintf(text, sizeof text, "%s %s GB/s (%s)", pce[i]->name, rfl_chart_num(buf, sizeof buf, pce[i]->value),
                 pce[i]->kernel);
        /* Over the plateau, centred; a long label may run past a short one. */
        rfl_chart_label_line(&c, text, "#202020", plat[i][0] / 1.5, plat[i][2], plat[i][1] * 1.5, plat[i][2], 0.5, NAN);
    }

    rfl_chart_printf(&c, "plot \\\n");
    rfl_chart_printf(&c, "  $plateaus with lines lw 8 lc rgb \"#c8c8c8\" title \"level ceiling (plateau)\", \\\n");
    for (size_t i = 0; i < nsel; i++) {
        rfl_chart_quote(q, sizeof q, sel[i]->kernel);
        rfl_chart_printf(&c, "  $curve%zu with linespoints lw 1.5 pt 7 ps 0.6 lc rgb \"%s\" title \"%s\", \\\n",
                         i, palette[i % NPALETTE], q);
    }
    rfl_chart_printf(&c, "  NaN with lines dt 2 lw 1.5 lc rgb \"#606060\" title \"cache capacity (hwloc)\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines dt 3 lw 2 lc rgb \"#b2182b\" title \"detected transition\"\n");
    snprintf(gp, sizeof gp, "%s/bandwidth.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * flops.png
 * ------------------------------------------------------------------------- */

static int plot_flops(const struct rfl_model *m, const char *dir)
{
    if (!m->nseries)
        return 0;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    int have_model = 0;
    for (size_t i = 0; i < m->nseries; i++)
        for (size_t k = 0; k < m->series[i].n; k++) {
            const struct rfl_flops_series *f = &m->series[i];
            xlo = fmin(xlo, f->fpe[k]);
            xhi = fmax(xhi, f->fpe[k]);
            ylo = fmin(ylo, f->gflops[k]);
            yhi = fmax(yhi, f->gflops[k]);
            if (f->model[k] > 0) {
                have_model = 1;
                ylo = fmin(ylo, f->model[k]);
                yhi = fmax(yhi, f->model[k]);
            }
        }
    for (size_t i = 0; i < m->nceilings; i++)
        if (m->ceilings[i].kind == RFL_CEILING_COMPUTE && m->ceilings[i].spec > 0 &&
            !strcmp(m->ceilings[i].device, "cpu"))
            yhi = fmax(yhi, m->ceilings[i].spec);
    xlo = pow2_floor(xlo / 1.5);
    xhi = pow2_ceil(xhi * 1.5);
    ylo = nice_value(ylo / 2, 1);
    yhi = nice_value(yhi * 3, 0);
    const struct rfl_flops_series *f0 = &m->series[0];
    char title[512], corner[512], buf[64], gp[2048], q[128];
    snprintf(title, sizeof title, "Compute: %s, %ld rank%s x %ld thread%s", m->machine, f0->ranks,
             f0->ranks == 1 ? "" : "s", f0->threads_per_rank, f0->threads_per_rank == 1 ? "" : "s");
    corner_text(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "flops", 1200, 800, 0.08, 0.80, 0.09, 0.93, title, corner) != 0)
        return -1;
    rfl_chart_ranges(&c, xlo, xhi, ylo, yhi);
    rfl_chart_printf(&c, "set xtics (");
    for (double x = xlo; x <= xhi * 1.0001; x *= 2)
        rfl_chart_printf(&c, "%s\"%g\" %g", x == xlo ? "" : ", ", x, x);
    rfl_chart_printf(&c, ")\nset mxtics 1\nset format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xlabel \"flops per element (arithmetic intensity grows with it)\"\n");
    rfl_chart_printf(&c, "set ylabel \"GFLOP/s\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 2 spacing 1.2 font \"sans,10\"\n");
    rfl_chart_printf(&c, "$series << EOD\n");
    for (size_t i = 0; i < m->nseries; i++) {
        const struct rfl_flops_series *f = &m->series[i];
        rfl_chart_printf(&c, "# %s %s %s\n", f->precision, f->isa, f->variant);
        for (size_t k = 0; k < f->n; k++) {
            char a[32], b[32], d[32];
            rfl_format_double(a, sizeof a, "%.7g", f->fpe[k]);
            rfl_format_double(b, sizeof b, "%.7g", f->gflops[k]);
            if (f->model[k] > 0)
                rfl_format_double(d, sizeof d, "%.7g", f->model[k]);
            else
                snprintf(d, sizeof d, "NaN");
            rfl_chart_printf(&c, "%s %s %s\n", a, b, d);
        }
        rfl_chart_printf(&c, "\n\n");
        for (size_t k = 0; k + 1 < f->n; k++)
            rfl_chart_block_line(&c, f->fpe[k], f->gflops[k], f->fpe[k + 1], f->gflops[k + 1]);
    }
    rfl_chart_printf(&c, "EOD\n");
    /* Peaks: measured (solid) and spec (dashed), labelled at the right. */
    struct {
        double v;
        char text[160];
        const char *color;
        int spec;
    } peaks[32];
    size_t npeaks = 0;
    for (size_t i = 0; i < m->nceilings && npeaks < 30; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_COMPUTE || strcmp(ce->device, "cpu"))
            continue;
        /* In the colour of the series that reached it. */
        const char *color = "#1a1a1a";
        for (size_t j = 0; j < m->nseries; j++) {
            const struct rfl_flops_series *f = &m->series[j];
            size_t vl = strlen(f->variant);
            if (!strcmp(f->precision, ce->precision) && !strcmp(f->isa, ce->isa) &&
                !strncmp(ce->kernel, f->variant, vl) && (ce->kernel[vl] == ' ' || ce->kernel[vl] == '\0')) {
                color = palette[j % NPALETTE];
                break;
            }
        }
        peaks[npeaks].v = ce->value;
        snprintf(peaks[npeaks].text, sizeof peaks[0].text, "%s %s GFLOP/s", ce->name,
                 rfl_chart_num(buf, sizeof buf, ce->value));
        peaks[npeaks].color = color;
        peaks[npeaks++].spec = 0;
        int seen = 0;
        for (size_t j = 0; j + 1 < npeaks; j++)
            seen |= peaks[j].spec && peaks[j].v == ce->spec;
        if (ce->spec > 0 && !seen) {
            peaks[npeaks].v = ce->spec;
            snprintf(peaks[npeaks].text, sizeof peaks[0].text, "spec %s %s GFLOP/s", ce->precision,
                     rfl_chart_num(buf, sizeof buf, ce->spec));
            peaks[npeaks].color = SPEC_COLOR;
            peaks[npeaks++].spec = 1;
        }
    }
    rfl_chart_printf(&c, "$peaks << EOD\n");
    for (size_t i = 0; i < npeaks; i++) {
        data_point(&c, xlo, peaks[i].v);
        data_point(&c, xhi, peaks[i].v);
        rfl_chart_printf(&c, "\n\n");
        rfl_chart_block_line(&c, xlo, peaks[i].v, xhi, peaks[i].v);
    }
    rfl_chart_printf(&c, "EOD\n");
    for (size_t i = 0; i < npeaks; i++)
        rfl_chart_label_line(&c, peaks[i].text, peaks[i].color, xlo, peaks[i].v, xhi, peaks[i].v, 0.3, 0.97);

    rfl_chart_printf(&c, "plot \\\n");
    for (size_t i = 0; i < npeaks; i++)
        rfl_chart_printf(&c, "  $peaks index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         peaks[i].spec ? "dt 2 lw 1.5" : "lw 1", peaks[i].color);
    int shapes = 0; /* several job shapes (a thread sweep): say which line is which */
    for (size_t i = 1; i < m->nseries; i++)
        shapes |= m->series[i].threads_per_rank != m->series[0].threads_per_rank ||
                  m->series[i].ranks != m->series[0].ranks;
    for (size_t i = 0; i < m->nseries; i++) {
        const struct rfl_flops_series *f = &m->series[i];
        char name[128];
        if (shapes)
            snprintf(name, sizeof name, "%s %s %s, %ldx%ld", f->precision, f->isa, f->variant, f->ranks,
                     f->threads_per_rank);
        else
            snprintf(name, sizeof name, "%s %s %s", f->precision, f->isa, f->variant);
        rfl_chart_quote(q, sizeof q, name);
        rfl_chart_printf(&c, "  $series index %zu using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb \"%s\" title \"%s\", \\\n",
                         i, palette[i % NPALETTE], q);
        if (have_model)
            rfl_chart_printf(&c, "  $series index %zu using 1:3 with lines dt 4 lw 1.2 lc rgb \"%s\" notitle, \\\n", i,
                             palette[i % NPALETTE]);
    }
    if (have_model)
        rfl_chart_printf(&c, "  NaN with lines dt 4 lw 1.2 lc rgb \"#404040\" title \"model (rfl_flops)\", \\\n");
    rfl_chart_printf(&c, "  NaN with lines lw 1 lc rgb \"#1a1a1a\" title \"measured peak\"\n");
    snprintf(gp, sizeof gp, "%s/flops.gp", dir);
    return rfl_chart_end(&c, gp);
}

/* ---------------------------------------------------------------------------
 * Rendering
 * ------------------------------------------------------------------------- */

const char *rfl_gnuplot_path(char *buf, size_t len)
{
    const char *env = getenv("GNUPLOT");
    if (env && *env && strchr(env, '/'))
        return access(env, X_OK) == 0 ? env : NULL;
    const char *name = env && *env ? env : "gnuplot";
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        char cand[4096];
        if (n && (size_t)snprintf(cand, sizeof cand, "%.*s/%s", (int)n, p, name) < sizeof cand &&
            access(cand, X_OK) == 0 && strlen(cand) < len) {
            memcpy(buf, cand, strlen(cand) + 1);
            return buf;
        }
        p += n + (p[n] == ':');
    }
    return NULL;
}

/* gnuplot writes the PNG in a scratch folder of the run directory; it is
 * renamed into place only when gnuplot succeeded, so an interrupted or
 * failed rendering leaves no half-written PNG. */
static int render(const char *gnuplot, const char *dir, const char *base)
{
    char scratch[2048], gp[1100], png[2200], made[3200];
    snprintf(scratch, sizeof scratch, "%s/.render-XXXXXX", dir);
    if (!mkdtemp(scratch)) {
        rfl_error("%s: cannot make a scratch folder: %s", dir, strerror(errno));
        return -1;
    }
    snprintf(gp, sizeof gp, "../%s.gp", base);
    snprintf(png, sizeof png, "%s/%s.png", dir, base);
    snprintf(made, sizeof made, "%s/%s.png", scratch, base);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        rfl_error("cannot start gnuplot: %s", strerror(errno));
        rmdir(scratch);
        return -1;
    }
    if (pid == 0) {
        if (chdir(scratch) != 0)
            _exit(127);
        int fd = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, STDIN_FILENO);
            close(fd);
        }
        execl(gnuplot, gnuplot, gp, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 127 << 8;
            break;
        }
    struct stat st;
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && stat(made, &st) == 0 && st.st_size > 0 &&
             rename(made, png) == 0;
    unlink(made);
    rmdir(scratch);
    if (!ok) {
        rfl_error("%s/%s.gp: gnuplot failed (exit %d); the script is kept", dir, base,
                  WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
        return -1;
    }
    return 0;
}

int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, int *rendered)
{
    char names[32][64];
    size_t n = 0;
    /* One roofline per device. */
    for (size_t i = 0; i < m->nceilings && n < 14; i++) {
        const char *dev = m->ceilings[i].device;
        char base[64];
        if (!strcmp(dev, "cpu"))
            snprintf(base, sizeof base, "roofline");
        else
            snprintf(base, sizeof base, "roofline-%s", dev);
        int seen = 0;
        for (size_t j = 0; j < n; j++)
            seen |= !strcmp(names[j], base);
        if (seen)
            continue;
        if (plot_roofline(m, dir, dev, base) != 0)
            return RFL_PLOT_FAILED;
        snprintf(names[n++], sizeof names[0], "%s", base);
    }
    if (m->ncurves) {
        if (plot_bandwidth(m, dir) != 0)
            return RFL_PLOT_FAILED;
        snprintf(names[n++], sizeof names[0], "bandwidth");
    }
    if (m->nseries) {
        if (plot_flops(m, dir) != 0)
            return RFL_PLOT_FAILED;
        snprintf(names[n++], sizeof names[0], "flops");
    }
    if (m->gpu && rfl_gpu_plot(m, dir, names, &n, sizeof names / sizeof names[0]) != 0)
        return RFL_PLOT_FAILED;
    for (size_t i = 0; i < n; i++)
        rfl_info("wrote %s/%s.gp", dir, names[i]);
    *rendered = 0;
    if (!do_render)
        return RFL_PLOT_OK;
    char buf[1024];
    const char *gnuplot = rfl_gnuplot_path(buf, sizeof buf);
    if (!gnuplot) {
        rfl_warn("gnuplot not found (set GNUPLOT or install gnuplot-nox): PNGs skipped, the .gp scripts are in %s",
                 dir);
        return RFL_PLOT_NO_GNUPLOT;
    }
    for (size_t i = 0; i < n; i++) {
        if (render(gnuplot, dir, names[i]) != 0)
            return RFL_PLOT_FAILED;
        rfl_info("wrote %s/%s.png", dir, names[i]);
        (*rendered)++;
    }
    return RFL_PLOT_OK;
}
