/* gpu_bandwidth.png: the GPU's bandwidth curves against working set, the
 * best launch shape of each kernel and access (drawn by working_set.c). */
#include "config.h"
#include "charts.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A kernel's place in the kernel table (schema/gpu_kernels.inc), the key's
 * order; RFL_GBW_NKERNELS, last, for one it does not name. */
static int kernel_order(const char *kernel) { return rfl_gbw_kernel_of(kernel); }

static double curve_max(const struct rfl_bw_curve *c)
{
    double v = 0;
    for (size_t k = 0; k < c->n; k++)
        v = fmax(v, c->y[k]);
    return v;
}

/* Per kernel and access, the launch shape that reached the most, in the
 * precision of the device-memory ceiling's curve (every access is 16
 * bytes, so the precisions tell the same story); the L1 and L2 sizes. */
static void prepare(const struct rfl_model *m, struct rfl_plot_ws_view *v)
{
    const struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    v->device = d->label;
    if (!g->ncurves)
        return;
    const char *prec = g->curves[0].precision;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (!strcmp(ce->device, d->label) && ce->kind == RFL_CEILING_BANDWIDTH && ce->curve >= 0 &&
            (size_t)ce->curve < g->ncurves)
            prec = g->curves[ce->curve].precision;
    }
    const struct rfl_bw_curve **sel = v->curves;
    size_t nsel = 0;
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_bw_curve *c = &g->curves[i];
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
            const struct rfl_bw_curve *t = sel[j];
            sel[j] = sel[j - 1];
            sel[j - 1] = t;
        }
    v->ncurves = nsel;
    char extra[64], size[32];
    snprintf(extra, sizeof extra, "%s, 16-byte accesses", prec[0] ? prec : "bytes");
    rfl_plot_gpu_title(m, v->title, sizeof v->title, "GPU bandwidth", extra);
    /* The transitions' labels keep clear of the L2 line only. */
    double l1 = (double)d->sm_count * (double)d->l1_bytes_per_sm;
    if (l1 > 0) {
        v->marks[v->nmarks] = (struct rfl_plot_ws_mark){l1, "", 0};
        snprintf(v->marks[v->nmarks++].text, sizeof v->marks[0].text, "L1/shared %s",
                 rfl_format_size((uint64_t)l1, size, sizeof size));
    }
    v->marks[v->nmarks] = (struct rfl_plot_ws_mark){(double)d->l2_bytes, "", 1};
    snprintf(v->marks[v->nmarks++].text, sizeof v->marks[0].text, "L2 %s",
             rfl_format_size(d->l2_bytes, size, sizeof size));
}

static void describe(const struct rfl_bw_curve *c, size_t index, struct rfl_plot_line *out)
{
    const int k = kernel_order(c->kernel), a = rfl_gbw_access_of(c->access);
    /* Lo et al.'s kernels are named by their letter too. */
    const char *lo = k < RFL_GBW_NKERNELS && strcmp(rfl_gbw_kernels[k].lo_kernel, "-") ? rfl_gbw_kernels[k].lo_kernel
                                                                                       : "";
    /* In the access table's order: read solid, rmw dashed, write dotted, copy
     * dash-dot; a curve that sets no ceiling (the peer) solid. */
    const int dt = a < RFL_GBW_NACCESS && c->used ? a + 1 : 1;
    snprintf(out->comment, sizeof out->comment, "%s %s %ldx%ld", c->kernel, c->access, c->blocks,
             c->threads_per_block);
    snprintf(out->style, sizeof out->style, "dt %d lw 1.8 pt %d ps 0.8", dt, dt == 1 ? 7 : dt == 2 ? 6 : dt + 2);
    /* A colour of the palette each for the first kernels of the table; those past it share
     * three, by their place in the key. */
    out->color = rfl_plot_palette[k < RFL_PLOT_NPALETTE ? k : (int)(index % 3)];
    snprintf(out->title, sizeof out->title, "%s%s%s %s%s", lo, *lo ? " " : "", c->kernel, c->access,
             c->used ? "" : " (peer)");
}

static const struct rfl_plot_ws_device gpu_working_set = {
    .name = "gpu_bandwidth",
    .right = 0.745,
    .headroom = 5,
    .xlabel = "working set per GPU (bytes)",
    .key_samplen = 3,
    .plateau_widen = 1.4,
    /* Short labels (the kernel of each ceiling is in the table and the
     * key's curves): nine curves leave little room. */
    .plateau_shows_kernel = 0,
    .merge_shared_plateaus = 0,
    .capacity_key = "L1/shared (all SMs), L2 size",
    .key_lists_absent = 0,
    .x_text = rfl_plot_coord,
    .prepare = prepare,
    .describe = describe,
};

int rfl_plot_gpu_bandwidth(const struct rfl_model *m, const char *dir)
{
    return rfl_plot_working_set(m, dir, &gpu_working_set);
}
