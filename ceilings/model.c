/* The model's own bookkeeping: notes, ceiling rows, the peak of a device,
 * level names (freeing it all: model_free.c). */
#include "config.h"
#include "model.h"
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

void rfl_level_name(const struct rfl_model *m, unsigned level, char *buf, size_t len)
{
    if (level < m->ncache)
        snprintf(buf, len, "L%d", m->cache[level].level);
    else
        snprintf(buf, len, "DRAM");
}

void rfl_flops_best(const struct rfl_flops_series *f, const struct rfl_flops_series **best, size_t *row)
{
    for (size_t r = 0; r < f->n; r++)
        if (!*best || f->gflops[r] > (*best)->gflops[*row]) {
            *best = f;
            *row = r;
        }
}

void rfl_ceiling_fit_span(struct rfl_ceiling *c, uint64_t bytes_min, uint64_t bytes_max, long points,
                          const char *file)
{
    c->wss_min_bytes = bytes_min;
    c->wss_max_bytes = bytes_max;
    c->points = (size_t)(points > 0 ? points : 0);
    snprintf(c->file, sizeof c->file, "%s", file);
}

const char *rfl_ceiling_unit(const struct rfl_ceiling *c)
{
    return c->kind == RFL_CEILING_BANDWIDTH ? "GB/s" : "GFLOP/s";
}

double rfl_ceiling_percent(const struct rfl_ceiling *c)
{
    return c->spec > 0 ? 100.0 * c->value / c->spec : NAN;
}
