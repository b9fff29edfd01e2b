/* The label boxes of a chart in a uniform grid (chart_index.h). */
#include "config.h"
#include "chart_index.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* Cells about two lines of text tall: a label spans a few, and a cell holds
 * few boxes however many points the chart has. */
#define CELL_PX 24.0

struct cell {
    uint32_t *ids;
    uint32_t n, cap;
};

struct rfl_chart_index {
    int nx, ny;
    struct cell *cells;
    unsigned char *hard;  /* per id */
    uint32_t *stamp;      /* per id: the last query that counted it */
    size_t cap;           /* of hard and stamp */
    uint32_t query;
};

struct rfl_chart_index *rfl_chart_index_new(double width, double height)
{
    struct rfl_chart_index *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    /* A canvas of any size maps to a bounded grid: boxes off it are clamped
     * to its border cells. */
    x->nx = (int)fmin(fmax(ceil(width / CELL_PX), 1), 1024);
    x->ny = (int)fmin(fmax(ceil(height / CELL_PX), 1), 1024);
    x->cells = calloc((size_t)x->nx * (size_t)x->ny, sizeof *x->cells);
    if (!x->cells) {
        free(x);
        return NULL;
    }
    return x;
}

void rfl_chart_index_free(struct rfl_chart_index *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < (size_t)x->nx * (size_t)x->ny; i++)
        free(x->cells[i].ids);
    free(x->cells);
    free(x->hard);
    free(x->stamp);
    free(x);
}

static int axis_aligned(const struct rfl_box *b) { return b->angle == 0; }

int rfl_box_overlap(const struct rfl_box *a, const struct rfl_box *b)
{
    double dx = b->cx - a->cx, dy = b->cy - a->cy;
    if (axis_aligned(a) && axis_aligned(b))
        return fabs(dx) <= a->hw + b->hw && fabs(dy) <= a->hh + b->hh;
    double ca = cos(a->angle), sa = sin(a->angle), cb = cos(b->angle), sb = sin(b->angle);
    double axes[4][2] = {{ca, sa}, {-sa, ca}, {cb, sb}, {-sb, cb}};
    for (int i = 0; i < 4; i++) {
        double ux = axes[i][0], uy = axes[i][1];
        double ra = a->hw * fabs(ca * ux + sa * uy) + a->hh * fabs(-sa * ux + ca * uy);
        double rb = b->hw * fabs(cb * ux + sb * uy) + b->hh * fabs(-sb * ux + cb * uy);
        if (fabs(dx * ux + dy * uy) > ra + rb)
            return 0;
    }
    return 1;
}

/* The cells under the box's bounding rectangle, clamped to the grid; 0
 * when the box is not finite. */
static int cell_span(const struct rfl_chart_index *x, const struct rfl_box *b, int *i0, int *i1, int *j0, int *j1)
{
    double c = fabs(cos(b->angle)), s = fabs(sin(b->angle));
    double ex = b->hw * c + b->hh * s, ey = b->hw * s + b->hh * c;
    if (!isfinite(b->cx) || !isfinite(b->cy) || !isfinite(ex) || !isfinite(ey))
        return 0;
    *i0 = (int)fmax(0, fmin(x->nx - 1, floor((b->cx - ex) / CELL_PX)));
    *i1 = (int)fmax(0, fmin(x->nx - 1, floor((b->cx + ex) / CELL_PX)));
    *j0 = (int)fmax(0, fmin(x->ny - 1, floor((b->cy - ey) / CELL_PX)));
    *j1 = (int)fmax(0, fmin(x->ny - 1, floor((b->cy + ey) / CELL_PX)));
    return 1;
}

int rfl_chart_index_add(struct rfl_chart_index *x, const struct rfl_box *boxes, size_t id, int hard)
{
    if (id >= UINT32_MAX)
        return -1;
    if (id >= x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 256;
        while (cap <= id)
            cap *= 2;
        unsigned char *h = realloc(x->hard, cap);
        if (!h)
            return -1;
        x->hard = h;
        uint32_t *st = realloc(x->stamp, cap * sizeof *st);
        if (!st)
            return -1;
        for (size_t i = x->cap; i < cap; i++)
            st[i] = 0, h[i] = 0;
        x->stamp = st;
        x->cap = cap;
    }
    x->hard[id] = (unsigned char)(hard != 0);
    const struct rfl_box *b = &boxes[id];
    int i0, i1, j0, j1;
    if (!cell_span(x, b, &i0, &i1, &j0, &j1))
        return 0;
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++) {
            /* A long diagonal line is filed only under the cells it crosses. */
            if (!axis_aligned(b)) {
                struct rfl_box cellbox = {(i + 0.5) * CELL_PX, (j + 0.5) * CELL_PX, CELL_PX / 2, CELL_PX / 2, 0};
                if (!rfl_box_overlap(&cellbox, b))
                    continue;
            }
            struct cell *cl = &x->cells[(size_t)j * (size_t)x->nx + (size_t)i];
            if (cl->n == cl->cap) {
                uint32_t cap = cl->cap ? 2 * cl->cap : 8;
                uint32_t *more = realloc(cl->ids, cap * sizeof *more);
                if (!more)
                    return -1;
                cl->ids = more;
                cl->cap = cap;
            }
            cl->ids[cl->n++] = (uint32_t)id;
        }
    return 0;
}

size_t rfl_chart_index_hits(struct rfl_chart_index *x, const struct rfl_box *boxes, const struct rfl_box *b,
                            size_t *soft, int stop_at_hard)
{
    size_t hard = 0, nsoft = 0;
    int i0, i1, j0, j1;
    if (soft)
        *soft = 0;
    if (!cell_span(x, b, &i0, &i1, &j0, &j1))
        return 0;
    if (++x->query == 0) { /* wrapped: every stamp is stale */
        for (size_t i = 0; i < x->cap; i++)
            x->stamp[i] = 0;
        x->query = 1;
    }
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++) {
            const struct cell *cl = &x->cells[(size_t)j * (size_t)x->nx + (size_t)i];
            for (uint32_t k = 0; k < cl->n; k++) {
                uint32_t id = cl->ids[k];
                if (x->stamp[id] == x->query)
                    continue;
                x->stamp[id] = x->query;
                if (!x->hard[id] && !soft)
                    continue;
                if (!rfl_box_overlap(&boxes[id], b))
                    continue;
                if (x->hard[id]) {
                    hard++;
                    if (stop_at_hard)
                        goto done;
                } else {
                    nsoft++;
                }
            }
        }
done:
    if (soft)
        *soft = nsoft;
    return hard;
}
