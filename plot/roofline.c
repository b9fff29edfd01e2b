/* roofline.png (and roofline-gpuN.png): the ceilings of one device as a
 * roofline, with the application points (CPU) or GEMM kernels (GPU); in a
 * run on several GPUs also each other GPU's own ceilings (its members,
 * roofline-gpuN.png) and the GPUs together (roofline-gpus.png), without
 * the points (those are the model's own GPU's). This file: which roofs
 * are drawn and every line, and the stages in order; the points and the
 * axes that hold them are roofline_points.c's, every text
 * roofline_labels.c's (roofline_chart.h). */
#include "config.h"
#include "charts.h"
#include "roofline_chart.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/members.h"
#include "ceilings/model.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char *gpu_level_color(const char *name)
{
    static const char *const colors[RFL_GPU_NROLES] = {"#66a61e", "#1b9e77", "#d95f02", "#e7298a", "#a6761d", "#555555"};
    return colors[rfl_gpu_roof_role(name)];
}

static int is_tensor(const struct rfl_ceiling *c)
{
    size_t n = strlen(c->name);
    return n > 7 && !strcmp(c->name + n - 7, " tensor");
}

/* The roofs of r->device among the ceilings given. Compute ceilings,
 * highest first: a roof that a point, a percentage or a table refers to is
 * always drawn; another within 8% of a drawn one adds nothing on a CPU (on
 * a GPU every roof is a different unit or precision: all are drawn). */
static void pick_roofs(struct rfl_roofline *r, const struct rfl_ceiling *ceilings, size_t nceilings)
{
    const struct rfl_ceiling **bw = r->bw, **cp = r->cp;
    size_t nbw = 0, ncp = 0;
    for (size_t i = 0; i < nceilings; i++) {
        const struct rfl_ceiling *c = &ceilings[i];
        if (strcmp(c->device, r->device) != 0)
            continue;
        if (c->kind == RFL_CEILING_BANDWIDTH && nbw < RFL_ROOFLINE_MAX_ROOFS) {
            bw[nbw++] = c;
        } else if (c->kind == RFL_CEILING_COMPUTE && ncp < RFL_ROOFLINE_MAX_ROOFS) {
            cp[ncp++] = c;
        }
    }
    for (size_t i = 1; i < ncp; i++)
        for (size_t j = i; j > 0 && cp[j]->value > cp[j - 1]->value; j--) {
            const struct rfl_ceiling *t = cp[j];
            cp[j] = cp[j - 1];
            cp[j - 1] = t;
        }
    int in_use[RFL_ROOFLINE_MAX_ROOFS];
    for (size_t i = 0; i < ncp; i++)
        in_use[i] = rfl_roofline_roof_in_use(r->m, cp[i]);
    size_t kept = 0, optional = 0;
    const struct rfl_ceiling *keep[RFL_ROOFLINE_MAX_ROOFS];
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < ncp; i++) {
            if (in_use[i] != !pass)
                continue;
            int close = 0;
            for (size_t j = 0; j < kept && !r->gpu && pass; j++)
                close |= fabs(cp[i]->value / keep[j]->value - 1) < 0.08;
            if (!close && (!pass || optional++ < (r->gpu ? 8u : 6u)))
                keep[kept++] = cp[i];
        }
    /* In order again, highest first. */
    ncp = 0;
    for (size_t i = 0; i < RFL_ROOFLINE_MAX_ROOFS && ncp < kept; i++)
        for (size_t j = 0; j < kept; j++)
            if (keep[j] == cp[i]) {
                cp[ncp++] = cp[i];
                break;
            }
    r->nbw = nbw;
    r->ncp = ncp;
}

/* The spec values' tops; the host link's two directions as one line when
 * they agree within 5%. */
static void merge_roofs(struct rfl_roofline *r)
{
    const struct rfl_ceiling **bw = r->bw;
    for (size_t i = 0; i < r->ncp; i++)
        if (r->cp[i]->spec > r->spec_peak_max)
            r->spec_peak_max = r->cp[i]->spec;
    for (size_t i = 0; i < r->nbw; i++)
        if (bw[i]->spec > r->spec_bw_max)
            r->spec_bw_max = bw[i]->spec;
    for (size_t i = 0; r->gpu && i < r->nbw; i++)
        if (!strcmp(bw[i]->name, "host link d2h"))
            for (size_t j = 0; j < r->nbw; j++)
                if (!strcmp(bw[j]->name, "host link h2d") && fabs(bw[i]->value / bw[j]->value - 1) < 0.05) {
                    const struct rfl_ceiling *lower = bw[i]->value < bw[j]->value ? bw[i] : bw[j];
                    bw[j] = lower;
                    memmove(&bw[i], &bw[i + 1], (r->nbw - i - 1) * sizeof bw[0]);
                    r->nbw--;
                    r->link_merged = 1;
                    break;
                }
}

static struct rfl_roofline_line *new_line(struct rfl_roofline *r, enum rfl_roofline_line_kind kind, size_t roof,
                                          const char *color)
{
    struct rfl_roofline_line *l = &r->lines[r->nlines++];
    l->kind = kind;
    l->roof = roof;
    l->color = color;
    return l;
}

/* The lines (their labels: roofline_labels.c): measured bandwidth from the
 * left edge up to the top compute roof, the compute roofs, then the
 * textbook lines: spec peaks per precision, spec bandwidth per level (on a
 * GPU one line per value: L1 and shared are one SRAM; a spec line within
 * 10% of its measured roof adds only a label, the percent is in the roof's
 * own: those are left out). */
static void roof_lines(struct rfl_roofline *r)
{
    const struct rfl_ceiling *const *bw = r->bw, *const *cp = r->cp;
    const size_t nbw = r->nbw, ncp = r->ncp;
    const int gpu = r->gpu;
    for (size_t i = 0; i < nbw && r->nlines < RFL_ROOFLINE_MAX_LINES; i++) {
        struct rfl_roofline_line *l = new_line(r, RFL_LINE_BANDWIDTH, i,
                                               gpu ? gpu_level_color(bw[i]->name) : level_color(bw[i]->name, i));
        l->x0 = r->xlo;
        l->y0 = bw[i]->value * r->xlo;
        l->x1 = ncp ? r->top / bw[i]->value : r->xhi;
        l->y1 = ncp ? r->top : bw[i]->value * r->xhi;
    }
    r->first_compute = r->nlines;
    for (size_t i = 0; i < ncp && r->nlines < RFL_ROOFLINE_MAX_LINES; i++) {
        size_t same_prec = 0;
        for (size_t j = 0; j < i; j++)
            same_prec += !strcmp(cp[j]->precision, cp[i]->precision);
        struct rfl_roofline_line *l =
            new_line(r, RFL_LINE_COMPUTE, i,
                     gpu ? rfl_plot_precision_color(cp[i]->precision) : compute_color(cp[i]->precision, same_prec));
        l->x0 = nbw ? cp[i]->value / r->bmax : r->xlo;
        l->y0 = l->y1 = cp[i]->value;
        l->x1 = r->xhi;
        l->spec = gpu && is_tensor(cp[i]) ? 2 : 0;
    }
    r->first_spec = r->nlines;
    for (size_t i = 0; i < ncp && r->nlines < RFL_ROOFLINE_MAX_LINES; i++) {
        if (!(cp[i]->spec > 0) || (gpu && cp[i]->value >= 0.9 * cp[i]->spec))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            if (gpu ? fabs(cp[j]->spec / cp[i]->spec - 1) < 0.01 && cp[j]->value < 0.9 * cp[j]->spec
                    : !strcmp(cp[j]->precision, cp[i]->precision) && cp[j]->spec == cp[i]->spec)
                seen = 1;
        if (seen)
            continue;
        struct rfl_roofline_line *l = new_line(r, RFL_LINE_SPEC_COMPUTE, i, RFL_PLOT_SPEC_COLOR);
        l->x0 = nbw ? cp[i]->spec / fmax(r->bmax, r->spec_bw_max) : r->xlo;
        l->y0 = l->y1 = cp[i]->spec;
        l->x1 = r->xhi;
        l->spec = 1;
    }
    for (size_t i = 0; i < nbw && r->nlines < RFL_ROOFLINE_MAX_LINES; i++) {
        if (!(bw[i]->spec > 0) || (gpu && bw[i]->value >= 0.9 * bw[i]->spec))
            continue;
        int seen = 0;
        for (size_t j = 0; gpu && j < i; j++)
            seen |= fabs(bw[j]->spec / bw[i]->spec - 1) < 0.01 && bw[j]->value < 0.9 * bw[j]->spec;
        if (seen)
            continue;
        struct rfl_roofline_line *l = new_line(r, RFL_LINE_SPEC_BANDWIDTH, i, RFL_PLOT_SPEC_COLOR);
        l->x0 = r->xlo;
        l->y0 = bw[i]->spec * r->xlo;
        l->x1 = ncp ? fmin(r->roof / bw[i]->spec, r->xhi) : r->xhi;
        l->y1 = ncp ? bw[i]->spec * l->x1 : bw[i]->spec * r->xhi;
        l->spec = 1;
    }
    /* Clip lines that start below the chart so labels stay on the visible part. */
    for (size_t i = 0; i < r->nlines; i++) {
        struct rfl_roofline_line *l = &r->lines[i];
        if (l->y0 < r->ylo && l->y1 > l->y0) {
            double slope = log(l->y1 / l->y0) / log(l->x1 / l->x0);
            l->x0 = l->x0 * pow(r->ylo / l->y0, 1 / slope);
            l->y0 = r->ylo;
        }
    }
    for (size_t i = r->first_compute; i < r->first_spec; i++)
        r->ntensor |= r->lines[i].spec == 2;
}

/* The roofline of `device` from the ceilings given (of that device); with
 * the points when `points`. */
static int plot_roofline(const struct rfl_model *m, const struct rfl_ceiling *ceilings, size_t nceilings,
                         const char *dir, const char *device, const char *base, int points)
{
    struct rfl_roofline *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    r->m = m;
    r->device = device;
    r->gpu = strcmp(device, "cpu") != 0;
    r->points = points;
    pick_roofs(r, ceilings, nceilings);
    if (!r->nbw && !r->ncp) {
        free(r);
        return 0; /* nothing to draw: no script */
    }
    struct rfl_chart c;
    int rc = -1;
    if (rfl_roofline_dots(r) == 0) {
        merge_roofs(r);
        rfl_roofline_axes(r);
        if (rfl_roofline_begin(&c, r, base) == 0) {
            roof_lines(r);
            rfl_roofline_name_lines(r);
            rfl_roofline_lines_data(&c, r);
            rfl_roofline_points_data(&c, r);
            rfl_roofline_key(&c, r);
            rfl_roofline_labels(&c, r);
            rfl_roofline_plot(&c, r);
            char gp[2048];
            snprintf(gp, sizeof gp, "%s/%s.gp", dir, base);
            rc = rfl_chart_end(&c, gp);
        }
    }
    free(r->dots);
    free(r);
    return rc;
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
