/* The model's own bookkeeping: notes, ceiling rows, the peak of a device,
 * level names, and freeing it all. */
#include "config.h"
#include "dense.h"
#include "gpu.h"
#include "model.h"
#include "gpu_link.h"
#include "network.h"
#include "common/log.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_model_note(struct rfl_model *m, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    char **more = realloc(m->notes, (m->nnotes + 1) * sizeof *more);
    if (!more)
        return;
    m->notes = more;
    m->notes[m->nnotes] = strdup(line);
    if (m->notes[m->nnotes])
        m->nnotes++;
}

struct rfl_ceiling *rfl_model_add_ceiling(struct rfl_model *m)
{
    struct rfl_ceiling *more = realloc(m->ceilings, (m->nceilings + 1) * sizeof *more);
    if (!more) {
        rfl_error("out of memory");
        return NULL;
    }
    m->ceilings = more;
    struct rfl_ceiling *c = &m->ceilings[m->nceilings++];
    memset(c, 0, sizeof *c);
    c->spec = NAN;
    c->flops_per_elem = c->synchronised = NAN;
    c->value_low = c->value_high = NAN;
    c->curve = c->segment = -1;
    return c;
}

const struct rfl_ceiling *rfl_model_peak(const struct rfl_model *m, const char *device, const char *precision)
{
    const struct rfl_ceiling *best = NULL;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        if (c->kind != RFL_CEILING_COMPUTE || strcmp(c->device, device) != 0 ||
            (precision && *precision && strcmp(c->precision, precision) != 0))
            continue;
        if (!best || c->value > best->value)
            best = c;
    }
    return best;
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


void rfl_level_name(const struct rfl_model *m, unsigned level, char *buf, size_t len)
{
    if (level < m->ncache)
        snprintf(buf, len, "L%d", m->cache[level].level);
    else
        snprintf(buf, len, "DRAM");
}

const char *rfl_ceiling_unit(const struct rfl_ceiling *c)
{
    return c->kind == RFL_CEILING_BANDWIDTH ? "GB/s" : "GFLOP/s";
}

double rfl_ceiling_percent(const struct rfl_ceiling *c)
{
    return c->spec > 0 ? 100.0 * c->value / c->spec : NAN;
}
