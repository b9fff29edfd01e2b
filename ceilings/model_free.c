/* Freeing the model and every part it owns: the curves and series, the
 * GPU's, the network's, the GPU links' and rfl_dense's data, the timed
 * series inside them and the points. Each part's free function is here,
 * with the model's own, so the loaders that make the parts own no free
 * function the model calls: ceilings/ has no call circle (tests/layout.sh). */
#include "config.h"
#include "dense.h"
#include "gpu.h"
#include "gpu_link.h"
#include "model.h"
#include "network.h"
#include "timed.h"

#include <stdlib.h>
#include <string.h>

void rfl_timed_free(struct rfl_timed_points *p)
{
    free(p->bytes);
    free(p->t_min);
    free(p->t_median);
    free(p->samples);
    memset(p, 0, sizeof *p);
}

void rfl_bw_curve_free(struct rfl_bw_curve *c)
{
    free(c->x), free(c->y), free(c->wss), free(c->clock_mhz), free(c->y_median), free(c->samples), free(c->sync);
}

void rfl_flops_series_free(struct rfl_flops_series *f)
{
    free(f->fpe), free(f->gflops), free(f->wss), free(f->model), free(f->unroll);
    free(f->row_peak), free(f->clock_mhz), free(f->tpb), free(f->blocks), free(f->median), free(f->samples), free(f->sync);
}

void rfl_gpu_free(struct rfl_gpu_data *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->ncurves; i++)
        rfl_bw_curve_free(&g->curves[i]);
    for (size_t i = 0; i < g->nflops; i++)
        rfl_flops_series_free(&g->flops[i]);
    for (size_t i = 0; i < g->ntransfers; i++)
        rfl_timed_free(&g->transfers[i].pts);
    for (size_t i = 0; i < g->nchase; i++) {
        free(g->chase[i].bytes);
        free(g->chase[i].cycles);
        free(g->chase[i].ns);
    }
    free(g->curves), free(g->flops), free(g->transfers), free(g->chase), free(g->gemm), free(g->model);
    free(g->um), free(g->launch), free(g->barrier), free(g->pipeline), free(g->stride);
    free(g);
}

void rfl_net_free(struct rfl_net_data *d)
{
    if (!d)
        return;
    for (int c = 0; c < RFL_NET_MODEL_CLASSES; c++)
        rfl_timed_free(&d->cls[c].pts);
    free(d);
}

void rfl_link_free(struct rfl_link_data *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        rfl_timed_free(&d->s[i].pts);
    free(d->s);
    free(d);
}

void rfl_dense_free(struct rfl_dense_data *d)
{
    if (!d)
        return;
    free(d->rows);
    free(d);
}

void rfl_kernels_free(struct rfl_app *k, size_t n)
{
    for (size_t i = 0; k && i < n; i++) {
        free(k[i].name);
        free(k[i].label);
        free(k[i].device_name);
    }
    free(k);
}

void rfl_model_free(struct rfl_model *m)
{
    for (size_t i = 0; i < m->ninputs; i++) {
        free(m->inputs[i].command_line);
        free(m->inputs[i].warnings);
    }
    for (size_t i = 0; i < m->ncurves; i++)
        rfl_bw_curve_free(&m->curves[i]);
    for (size_t i = 0; i < m->nseries; i++)
        rfl_flops_series_free(&m->series[i]);
    for (size_t i = 0; i < m->nnotes; i++)
        free(m->notes[i]);
    for (size_t i = 0; m->apps && i < m->napps; i++)
        free(m->apps[i].name);
    rfl_kernels_free(m->kernels, m->nkernels);
    free(m->inputs);
    free(m->curves);
    free(m->series);
    free(m->ceilings);
    free(m->apps);
    free(m->notes);
    rfl_gpu_free(m->gpu);
    rfl_net_free(m->net);
    rfl_link_free(m->link);
    rfl_dense_free(m->dense);
    free(m->member_rows);
    free(m->members);
    memset(m, 0, sizeof *m);
}
