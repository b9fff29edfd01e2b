/* The points on a roofline chart (roofline_chart.h): the application
 * points (CPU) or the GEMM kernels (GPU) as labelled dots, each at the
 * intensity and under the roofline the model keeps on it; the axes that
 * hold the roofs, the dots and rfl profile's points (profile_points.c);
 * the points' data blocks. */
#include "config.h"
#include "profile_points.h"
#include "roofline_chart.h"
#include "style.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GEMM kernels on a GPU roofline: per kernel and precision its fastest
 * row, labelled with its percent of the roofline above it. */
static size_t gemm_dots(const struct rfl_model *m, struct rfl_roofline_dot *dots, size_t max)
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
        struct rfl_roofline_dot *d = &dots[n++];
        d->x = best->ai;
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

/* The application points on the CPU's, each with its percent of the
 * roofline above it; dot i is application point i. */
static size_t app_dots(const struct rfl_model *m, struct rfl_roofline_dot *dots, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < m->napps && n < max; i++) {
        double att = m->apps[i].attainable;
        if (att > 0)
            snprintf(dots[n].label, sizeof dots[0].label, "%s (%.0f%% of roofline)", m->apps[i].name,
                     100 * m->apps[i].gflops / att);
        else
            snprintf(dots[n].label, sizeof dots[0].label, "%s", m->apps[i].name);
        dots[n].x = m->apps[i].ai;
        dots[n++].y = m->apps[i].gflops;
    }
    return n;
}

/* Whether a point, a percentage or a table holds something against this
 * compute roof: each precision's best roof is the one rfl_app_attainable,
 * the profiled and the dense points take (the model marks it: peak); and
 * any roof a point names as its bound ("fp64 avx2 peak", "fp32 c+fp64
 * avx2 peak"). */
int rfl_roofline_roof_in_use(const struct rfl_model *m, const struct rfl_ceiling *c)
{
    if (c->peak)
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

int rfl_roofline_dots(struct rfl_roofline *r)
{
    const struct rfl_model *m = r->m;
    const size_t max = !r->points ? 0 : r->gpu ? m->gpu->ngemm : m->napps;
    r->ndots = 0;
    r->dots = calloc(max ? max : 1, sizeof *r->dots);
    if (!r->dots)
        return -1;
    r->ndots = r->gpu ? (r->points ? gemm_dots(m, r->dots, max) : 0) : app_dots(m, r->dots, max);
    return 0;
}

void rfl_roofline_axes(struct rfl_roofline *r)
{
    const size_t nbw = r->nbw, ncp = r->ncp;
    r->top = ncp ? r->cp[0]->value : NAN;
    r->bmax = 0, r->bmin = INFINITY;
    for (size_t i = 0; i < nbw; i++) {
        r->bmax = fmax(r->bmax, r->bw[i]->value);
        /* The host link sets no range: the GPU's own levels do. */
        if (!r->gpu || strncmp(r->bw[i]->name, "host link", 9) || nbw == 1)
            r->bmin = fmin(r->bmin, r->bw[i]->value);
    }
    if (!isfinite(r->bmin))
        r->bmin = r->bmax;
    r->roof = ncp ? fmax(r->top, r->spec_peak_max) : NAN;
    r->xlo = 1.0 / 16, r->xhi = 16;
    if (nbw && ncp) {
        /* A GPU's roofs span more: its slowest line (the host link) meets the
         * top roof far right, so less margin there. */
        r->xlo = fmin(r->xlo, r->roof / fmax(r->bmax, r->spec_bw_max) / 8);
        r->xhi = fmax(r->xhi, r->roof / r->bmin * (r->gpu ? 2 : 8));
        /* Room for the measured lines' labels left of their ridge, however
         * far below the spec the measured roofs are. */
        if (r->gpu)
            r->xlo = fmin(r->xlo, r->top / r->bmax / 16);
    }
    double app_ymin = INFINITY;
    for (size_t i = 0; i < r->ndots; i++) {
        r->xlo = fmin(r->xlo, r->dots[i].x / 2);
        r->xhi = fmax(r->xhi, r->dots[i].x * 2);
        app_ymin = fmin(app_ymin, r->dots[i].y);
    }
    if (r->points)
        rfl_plot_kernels_extent(r->m, r->gpu, &r->xlo, &r->xhi, &app_ymin);
    rfl_chart_bound_axis(&r->xlo, &r->xhi); /* an intensity of 1e308 or 1e-300 is still a finite chart */
    r->xlo = rfl_plot_pow2_floor(r->xlo);
    r->xhi = rfl_plot_pow2_ceil(r->xhi);
    if (ncp)
        r->yhi = rfl_plot_nice(r->roof * 2.5, 0);
    else
        r->yhi = rfl_plot_nice(r->bmax * r->xhi * 2, 0);
    if (nbw)
        r->ylo = rfl_plot_nice(r->bmin * r->xlo / 2, 1);
    else
        r->ylo = rfl_plot_nice(r->cp[ncp - 1]->value / 20, 1);
    if (app_ymin < r->ylo * 2)
        r->ylo = rfl_plot_nice(app_ymin / 3, 1);
    if (r->gpu && ncp && r->cp[ncp - 1]->value < r->ylo * 3)
        r->ylo = rfl_plot_nice(r->cp[ncp - 1]->value / 3, 1);
    rfl_chart_bound_axis(&r->ylo, &r->yhi);
}

void rfl_roofline_points_data(struct rfl_chart *c, const struct rfl_roofline *r)
{
    if (r->ndots) {
        rfl_chart_printf(c, "$apps << EOD\n");
        for (size_t i = 0; i < r->ndots; i++) {
            rfl_chart_printf(c, "# %s\n", rfl_chart_literal(c, r->gpu ? r->dots[i].label : r->m->apps[i].name));
            rfl_plot_point(c, r->dots[i].x, r->dots[i].y);
        }
        rfl_chart_printf(c, "EOD\n");
    }
    if (r->points)
        rfl_plot_kernels_data(c, r->m, r->gpu);
}
