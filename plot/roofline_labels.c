/* Every text on a roofline chart (roofline_chart.h): the title and the
 * canvas the key needs, each line's label (a roof's name, value and
 * spread; roofs within 10% of each other named once; spec lines of one
 * value named together), the key, the labels placed clear of the lines,
 * the dots and each other, and the plot command's titles. */
#include "config.h"
#include "profile_points.h"
#include "roofline_chart.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The outside key of the GPU's roofline: a row at spacing 1.25 of a 10 pt font, and a column of
 * entries (their text cut to about 30 characters), in pixels. */
#define KEY_ROW_PX 17.5
#define KEY_COLUMN_PX 330.0

#define APP_COLOR "#b2182b"

int rfl_roofline_begin(struct rfl_chart *c, const struct rfl_roofline *r, const char *base)
{
    const struct rfl_model *m = r->m;
    const int gpu = r->gpu;
    char title[512], corner[512];
    long ranks = r->nbw ? r->bw[0]->ranks : r->cp[0]->ranks;
    long threads = r->nbw ? r->bw[0]->threads_per_rank : r->cp[0]->threads_per_rank;
    if (gpu && !strcmp(r->device, "gpus"))
        snprintf(title, sizeof title, "Roofline: %s, %ld GPUs together (%s, %u SMs each)", m->machine, ranks,
                 m->gpu->dev.name, m->gpu->dev.sm_count);
    else if (gpu)
        snprintf(title, sizeof title, "Roofline: %s %s (%s, %u SMs)", m->machine, r->device, m->gpu->dev.name,
                 m->gpu->dev.sm_count);
    else {
        /* the layout of the file the bandwidth roofs came from */
        const char *where = r->nbw && r->bw[0]->file[0] ? rfl_plot_input_layout(m, r->bw[0]->file) : "";
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
        const size_t nkey = 4 + (r->ndots ? 1 + r->ndots : 0) + (r->points ? rfl_plot_kernels_nkey(m, gpu) : 0);
        const size_t rows = (size_t)(height * (plot_top - plot_bottom) / KEY_ROW_PX), cols = (nkey + rows - 1) / rows;
        if (cols > 1) { /* the key names at most 40 kernels (profile_points.c): a few columns */
            const double plot_px = width * plot_right;
            width += (double)(cols - 1) * KEY_COLUMN_PX;
            right = plot_px / width;
        }
    }
    if (rfl_chart_begin(c, base, width, height, 0.08, right, plot_bottom, plot_top, title, corner) != 0)
        return -1;
    if (gpu)
        c->font_pt = 9; /* roofs a few percent apart (bf16 and fp16 tensor) need the room */
    rfl_chart_ranges(c, r->xlo, r->xhi, r->ylo, r->yhi);
    rfl_plot_ai_tics(c, r->xlo, r->xhi);
    rfl_chart_printf(c, "set format y \"%%g\"\n");
    rfl_chart_printf(c, "set xlabel \"arithmetic intensity (flops per byte)\"\n");
    rfl_chart_printf(c, "set ylabel \"GFLOP/s\"\n");
    return 0;
}

/* Two compute roofs of one kind ("bf16 tensor", "fp16 tensor": the same
 * words after the first) whose values are within 10%: a few pixels apart on a log axis. */
static int coincident_roofs(const struct rfl_ceiling *a, const struct rfl_ceiling *b)
{
    const char *sa = strchr(a->name, ' '), *sb = strchr(b->name, ' ');
    return sa && sb && !strcmp(sa, sb) && a->value > 0 && fabs(b->value / a->value - 1) < 0.10;
}

static void bandwidth_label(const struct rfl_roofline *r, struct rfl_roofline_line *l)
{
    const struct rfl_ceiling *b = r->bw[l->roof];
    char buf[64], text[160];
    if (r->link_merged && !strncmp(b->name, "host link", 9))
        snprintf(l->label, sizeof l->label, "host link %s GB/s (pinned, both ways)",
                 rfl_chart_num(buf, sizeof buf, b->value));
    else
        snprintf(l->label, sizeof l->label, "%s %s", b->name, rfl_plot_roof_text(text, sizeof text, b, "GB/s"));
}

static void compute_label(const struct rfl_roofline *r, struct rfl_roofline_line *l)
{
    const struct rfl_ceiling *const *cp = r->cp;
    const size_t i = l->roof;
    char buf[64], text[160];
    snprintf(l->label, sizeof l->label, "%s %s", cp[i]->name, rfl_plot_roof_text(text, sizeof text, cp[i], "GFLOP/s"));
    /* Roofs within 10% of each other (bf16 and fp16 tensor) are one line
     * on a log axis: one label names both, the first one's. */
    for (size_t j = 0; j < r->ncp; j++) {
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
            snprintf(paren + strlen(paren), sizeof paren - strlen(paren), "%s%s/%s of spec", *paren ? ", " : "", pi,
                     pj);
        const char *sp = strchr(cp[i]->name, ' ');
        snprintf(l->label, sizeof l->label, "%.*s/%.*s%s %s/%s GFLOP/s%s%s%s", (int)(sp - cp[i]->name), cp[i]->name,
                 (int)(strchr(cp[j]->name, ' ') - cp[j]->name), cp[j]->name, sp,
                 rfl_chart_num(buf, sizeof buf, cp[i]->value), rfl_chart_num(second, sizeof second, cp[j]->value),
                 *paren ? " (" : "", paren, *paren ? ")" : "");
    }
}

/* A spec line names every roof of the same spec value (on a GPU, those 10% or more below it). */
static void spec_compute_label(const struct rfl_roofline *r, struct rfl_roofline_line *l)
{
    const struct rfl_ceiling *const *cp = r->cp;
    const size_t i = l->roof;
    char buf[64], sname[96];
    snprintf(sname, sizeof sname, "%s", r->gpu ? cp[i]->name : cp[i]->precision);
    for (size_t j = i + 1; r->gpu && j < r->ncp; j++)
        if (fabs(cp[j]->spec / cp[i]->spec - 1) < 0.01 && cp[j]->value < 0.9 * cp[j]->spec) {
            /* "bf16 tensor" + "fp16 tensor" -> "bf16/fp16 tensor" */
            const char *sp = strchr(cp[j]->name, ' ');
            size_t len = sp ? (size_t)(sp - cp[j]->name) : strlen(cp[j]->name);
            char *mine = strchr(sname, ' ');
            if (mine && sp && !strcmp(mine, sp))
                snprintf(mine, sizeof sname - (size_t)(mine - sname), "/%.*s%s", (int)len, cp[j]->name, sp);
        }
    snprintf(l->label, sizeof l->label, "spec %s %s GFLOP/s", sname, rfl_chart_num(buf, sizeof buf, cp[i]->spec));
}

static void spec_bandwidth_label(const struct rfl_roofline *r, struct rfl_roofline_line *l)
{
    const struct rfl_ceiling *const *bw = r->bw;
    const size_t i = l->roof;
    char buf[64], name[96];
    snprintf(name, sizeof name, "%s", bw[i]->name);
    for (size_t j = i + 1; r->gpu && j < r->nbw; j++)
        if (fabs(bw[j]->spec / bw[i]->spec - 1) < 0.01 && bw[j]->value < 0.9 * bw[j]->spec)
            snprintf(name + strlen(name), sizeof name - strlen(name), "/%s", bw[j]->name);
    snprintf(l->label, sizeof l->label, "spec %s %s GB/s", name, rfl_chart_num(buf, sizeof buf, bw[i]->spec));
}

void rfl_roofline_name_lines(struct rfl_roofline *r)
{
    for (size_t i = 0; i < r->nlines; i++) {
        struct rfl_roofline_line *l = &r->lines[i];
        switch (l->kind) {
        case RFL_LINE_BANDWIDTH:
            bandwidth_label(r, l);
            break;
        case RFL_LINE_COMPUTE:
            compute_label(r, l);
            break;
        case RFL_LINE_SPEC_COMPUTE:
            spec_compute_label(r, l);
            break;
        case RFL_LINE_SPEC_BANDWIDTH:
            spec_bandwidth_label(r, l);
            break;
        }
    }
}

/* The lines' data block, each line named by its label. */
void rfl_roofline_lines_data(struct rfl_chart *c, const struct rfl_roofline *r)
{
    rfl_chart_printf(c, "$ceilings << EOD\n");
    for (size_t i = 0; i < r->nlines; i++) {
        const struct rfl_roofline_line *l = &r->lines[i];
        rfl_chart_printf(c, "# %s\n", rfl_chart_literal(c, l->label[0] ? l->label : "(the roof above, within 10%: one label)"));
        rfl_plot_point(c, l->x0, l->y0);
        rfl_plot_point(c, l->x1, l->y1);
        rfl_chart_printf(c, "\n\n");
    }
    rfl_chart_printf(c, "EOD\n");
}

/* The key, top left: what a solid, a dashed line and a dot are. */
void rfl_roofline_key(struct rfl_chart *c, const struct rfl_roofline *r)
{
    if (r->gpu) {
        /* Outside: the GEMM points are named there, one entry each. */
        rfl_chart_printf(c, "set key outside right top vertical Left reverse samplen 3 spacing 1.25 font \"sans,10\"\n");
        return;
    }
    int nkey = 1 + (r->first_spec < r->nlines) + (r->ndots > 0) + r->ntensor;
    if (r->points)
        nkey += (int)rfl_plot_kernels_nkey(r->m, r->gpu);
    rfl_chart_printf(c, "set key top left box opaque samplen 3 spacing 1.3 font \"sans,10\" width 1\n");
    double key_w = 230, key_h = 22.0 * nkey + 12;
    double kx = c->left * c->width + key_w / 2 + 6, ky = c->top * c->height - key_h / 2 - 6;
    rfl_chart_add_box(c, (struct rfl_box){kx, ky, key_w / 2 + 4, key_h / 2 + 4, 0});
}

/* Labels: compute at the right end, bandwidth along the middle of the
 * diagonal, spec lines after, application names last; every line and dot
 * an obstacle first. */
void rfl_roofline_labels(struct rfl_chart *c, const struct rfl_roofline *r)
{
    const struct rfl_roofline_line *lines = r->lines;
    for (size_t i = 0; i < r->nlines; i++)
        rfl_chart_block_line(c, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1);
    for (size_t i = 0; i < r->ndots; i++)
        rfl_chart_block_point(c, r->dots[i].x, r->dots[i].y, 6);

    for (size_t i = r->first_compute; i < r->first_spec; i++)
        if (lines[i].label[0])
            rfl_chart_label_line(c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1,
                                 lines[i].y1, 0.97, 0.2);
    for (size_t i = 0; i < r->first_compute; i++)
        rfl_chart_label_line(c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                             0.6, 0.05);
    for (size_t i = r->first_spec; i < r->nlines; i++)
        rfl_chart_label_line(c, lines[i].label, lines[i].color, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
                             lines[i].y0 == lines[i].y1 ? 0.97 : 0.6, lines[i].y0 == lines[i].y1 ? 0.2 : 0.05);
    for (size_t i = 0; i < r->ndots && !r->gpu; i++)
        rfl_chart_label_point(c, r->dots[i].label, APP_COLOR, r->dots[i].x, r->dots[i].y);
    if (r->points)
        rfl_plot_kernels_labels(c, r->m, r->gpu);
}

void rfl_roofline_plot(struct rfl_chart *c, const struct rfl_roofline *r)
{
    const int gpu = r->gpu;
    rfl_chart_printf(c, "plot \\\n");
    for (size_t i = 0; i < r->nlines; i++)
        rfl_chart_printf(c, "  $ceilings index %zu with lines %s lc rgb \"%s\" notitle, \\\n", i,
                         r->lines[i].spec == 1 ? "dt 2 lw 1.5" : r->lines[i].spec == 2 ? "dt 4 lw 3" : "lw 3",
                         r->lines[i].color);
    if (r->ndots && !gpu)
        rfl_chart_printf(c, "  $apps using 1:2 with points pt 7 ps 1.6 lc rgb \"%s\" notitle, \\\n", APP_COLOR);
    if (r->points)
        rfl_plot_kernels_plot(c, r->m, gpu);
    rfl_chart_printf(c, "  NaN with lines lw 3 lc rgb \"#303030\" title \"measured ceiling (rfl)\"");
    if (r->ntensor)
        rfl_chart_printf(c, ", \\\n  NaN with lines dt 4 lw 3 lc rgb \"#303030\" title \"tensor cores (best GEMM)\"");
    if (r->first_spec < r->nlines)
        rfl_chart_printf(c, ", \\\n  NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"%s\"", RFL_PLOT_SPEC_COLOR,
                         gpu ? "spec, where 10% or more above" : "textbook (spec)");
    if (r->ndots && !gpu)
        rfl_chart_printf(c, ", \\\n  NaN with points pt 7 ps 1.6 lc rgb \"%s\" title \"application\"", APP_COLOR);
    if (r->ndots && gpu) {
        rfl_chart_printf(c, ", \\\n  NaN with lines lc rgb \"#ffffff\" title \"GEMM (rfl_gemm): %% of its roofline\"");
        for (size_t i = 0; i < r->ndots; i++)
            rfl_chart_printf(c, ", \\\n  $apps index 0 every ::%zu::%zu using 1:2 with points pt %d ps 1.6 lw 2 "
                                "lc rgb \"%s\" title %s",
                             i, i, r->dots[i].pt, r->dots[i].color, rfl_chart_literal(c, r->dots[i].label));
    }
    if (r->points)
        rfl_plot_kernels_key(c, r->m, gpu);
    rfl_chart_printf(c, "\n");
}
