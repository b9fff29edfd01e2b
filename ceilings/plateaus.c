/* The plateau that sets a memory level's ceiling, the same for the CPU's
 * and the GPU's curves: of every used curve, the best point of the plateau
 * that names the level; the CPU's DRAM from each curve's memory plateau
 * (common/plateau.h), confirmed ones first. */
#include "config.h"
#include "load.h"
#include "model.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

struct rfl_levels_input rfl_curve_input(const struct rfl_bw_curve *c)
{
    struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->capacity, 0};
    if (c->memory_known)
        in.memory_from = rfl_plateau_memory_from(&c->memory, c->x, c->n);
    return in;
}

int rfl_curve_levels(struct rfl_bw_curve *c, const char *path, const char *what, const char *what2)
{
    struct rfl_levels_input in = rfl_curve_input(c);
    if (rfl_levels_detect(&in, &c->levels) == 0)
        return 0;
    rfl_error("%s: the %s %s %s curve cannot be analysed (%zu points, working sets not positive)", path, c->kernel,
              what, what2, c->n);
    return -1;
}

void rfl_curve_find_memory(struct rfl_bw_curve *c, double measured_end)
{
    double *spread = malloc((c->n ? c->n : 1) * sizeof *spread);
    for (size_t i = 0; spread && i < c->n; i++)
        spread[i] = c->y_median && c->y_median[i] > 0 ? c->y[i] / c->y_median[i] - 1 : 0;
    double llc = c->ncache ? c->capacity[c->ncache - 1] : 0, inner = c->ncache > 1 ? c->capacity[c->ncache - 2] : 0;
    rfl_plateau_find_in_run(c->x, c->y, spread, c->n, llc, inner, c->nontemporal, measured_end, &c->memory);
    c->memory_known = 1;
    free(spread); /* out of memory: spreads of 0, the strictest reading */
}

void rfl_plateau_pick(const struct rfl_bw_curve *curves, size_t ncurves, int level, int per_job, double *trans,
                      struct rfl_plateau_pick *p)
{
    memset(p, 0, sizeof *p);
    /* The CPU's memory level: where some used curve's memory plateau is
     * confirmed, only such curves set the ceiling: an unconfirmed one (its
     * tail still falling, or cut short by the sweep) may hold cached data. */
    int confirmed = 0;
    for (size_t i = 0; i < ncurves && !confirmed; i++) {
        const struct rfl_bw_curve *c = &curves[i];
        confirmed = c->used && c->memory_known && c->level_of[c->ncache] == level && c->memory.confirmed &&
                    c->memory.memory_first < c->n;
    }
    /* Where some curve reaches well past its last cache (two points or
     * more), the memory level's ceiling comes from such curves alone: a
     * curve the sweep cut short of there would offer its fitted plateau,
     * whose first points may still be half cached (a 16-thread sum cut at
     * 530 MiB read 266 GB/s on a 300 MiB L3 where every curve past 1.2 GiB
     * read at most 153). */
    int deep = 0;
    for (size_t i = 0; i < ncurves && !deep; i++) {
        const struct rfl_bw_curve *c = &curves[i];
        struct rfl_levels_input in = rfl_curve_input(c);
        deep = c->used && !c->memory_known && c->ncache && c->level_of[c->ncache] == level &&
               rfl_levels_dram_points(&in) >= 2;
    }
    for (size_t i = 0; i < ncurves; i++) {
        const struct rfl_bw_curve *c = &curves[i];
        if (!c->used)
            continue;
        for (unsigned l = 0; l <= c->ncache; l++) {
            if (c->level_of[l] != level)
                continue;
            p->with_points += c->levels.points[l] > 0;
            struct rfl_levels_input in = rfl_curve_input(c);
            size_t best = 0, first = 0, last = 0;
            size_t count = rfl_levels_value(&in, &c->levels, l, &best, &first, &last);
            if (!count)
                continue;
            const int memory = l == c->ncache && c->memory_known;
            const int cut_short = memory ? confirmed && !c->memory.confirmed
                                         : deep && l == c->ncache && rfl_levels_dram_points(&in) < 2;
            if (!cut_short && (!p->curve || c->y[best] > p->curve->y[p->best])) {
                p->curve = c;
                p->local = l;
                p->best = best;
                p->first = first;
                p->last = last;
                p->count = count;
                p->unconfirmed = memory && !c->memory.confirmed;
            }
            double tr = rfl_levels_transition(&in, &c->levels, l);
            if (tr > 0)
                trans[p->ntrans++] = per_job ? tr * (double)(c->ranks * c->threads_per_rank) : tr;
        }
    }
    qsort(trans, p->ntrans, sizeof *trans, cmp_double);
}

/* Two ceilings of one plateau are "the same plateau" only where their
 * values agree within their spreads (each one's median to best overlap):
 * L2 at 156.5 and L3 at 126.8 GB/s from one fitted segment are not. */
static int agree(const struct rfl_ceiling *a, const struct rfl_ceiling *b)
{
    double alo = isfinite(a->value_low) ? a->value_low : a->value, blo = isfinite(b->value_low) ? b->value_low : b->value;
    return a->value >= blo && b->value >= alo;
}

void rfl_mark_shared(struct rfl_model *m, size_t first)
{
    for (size_t i = first; i < m->nceilings; i++) {
        struct rfl_ceiling *a = &m->ceilings[i];
        if (a->curve < 0)
            continue;
        size_t used = 0;
        for (size_t j = first; j < m->nceilings; j++) {
            const struct rfl_ceiling *b = &m->ceilings[j];
            if (j != i && b->curve == a->curve && b->segment == a->segment && agree(a, b))
                used += (size_t)snprintf(a->shared_with + used, sizeof a->shared_with - used, "%s%s",
                                         used ? " " : "", b->name);
        }
    }
}
