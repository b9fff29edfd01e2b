/* rfl_flops within a time budget (see budget_plan.h). */
#include "config.h"
#include "budget_plan.h"
#include "common/budget.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_fl_end_names[] = {"all", "every_other_fpe", "budget", "not_measured", "none", NULL};

static double reserve_s(const struct rfl_fl_budget *b) { return 0.02 + 0.02 * b->clock.total_s; }

/* The independent chains that cover the FMA latency at this ISA's width. */
static unsigned chains_needed(const struct rfl_fl_plan *p, enum rfl_fl_isa isa)
{
    int w = rfl_fl_width_index(rfl_fl_isa_vector_bytes(isa));
    double chains = w >= 0 ? p->cpu.fma_latency_cycles * p->cpu.fma_per_cycle[w] : 0;
    return chains > 0 ? (unsigned)ceil(chains) : 1;
}

/* Tier 1: ref, and per simd ISA and precision the unroll a compute ceiling
 * comes from: the fewest chains that cover the latency, else the most. */
static int config_tier(const struct rfl_fl_plan *p, const struct rfl_fl_config *c)
{
    if (c->variant == RFL_FL_REF)
        return 1;
    unsigned need = chains_needed(p, c->isa), pick = 0, most = 0;
    for (size_t i = 0; i < p->nconfigs; i++) {
        const struct rfl_fl_config *o = &p->configs[i];
        if (o->variant != RFL_FL_SIMD || o->isa != c->isa || o->prec != c->prec)
            continue;
        most = o->unroll > most ? o->unroll : most;
        if (o->unroll >= need && (!pick || o->unroll < pick))
            pick = o->unroll;
    }
    return c->unroll == (pick ? pick : most) ? 1 : 2;
}

void rfl_fl_budget_order(struct rfl_fl_plan *p, int on)
{
    if (!on)
        return;
    struct rfl_fl_config sorted[RFL_FL_MAX_CONFIGS];
    int tier[RFL_FL_MAX_CONFIGS];
    size_t n = 0;
    for (size_t i = 0; i < p->nconfigs; i++)
        tier[i] = config_tier(p, &p->configs[i]);
    for (int t = 1; t <= 2; t++)
        for (size_t i = 0; i < p->nconfigs; i++)
            if (tier[i] == t)
                sorted[n++] = p->configs[i];
    memcpy(p->configs, sorted, n * sizeof *sorted);
}

void rfl_fl_budget_init(struct rfl_fl_budget *b, const struct rfl_budget *clock, const struct rfl_fl_plan *p)
{
    memset(b, 0, sizeof *b);
    b->clock = *clock;
    b->on = rfl_budget_limited(clock);
    b->e0 = p->experiments;
    b->mt0 = p->min_time_s;
    b->nthread_counts = p->nthread_counts;
    b->nconfigs = p->nconfigs;
    b->nrows_per_item = (p->wss_default ? 1 : p->nwss) * p->nfpe;
    for (size_t tc = 0; tc < p->nthread_counts; tc++)
        for (size_t ci = 0; ci < p->nconfigs; ci++) {
            struct rfl_fl_item *it = &b->items[tc * p->nconfigs + ci];
            it->tier = b->on ? config_tier(p, &p->configs[ci]) : 1;
            it->end = RFL_FL_END_NONE;
        }
}

/* The settings of a ladder step (see budget_plan.h). */
static void ladder(const struct rfl_fl_budget *b, int level, unsigned *e, double *mt, int *thin1, int *thin2,
                   int *tier2)
{
    const double floor = b->mt0 < 0.0005 ? b->mt0 : 0.0005;
    unsigned half = b->e0 / 2 > 5 ? b->e0 / 2 : 5;
    *e = b->e0;
    *mt = b->mt0;
    *thin1 = level >= 6;
    *thin2 = level >= 3;
    *tier2 = level < 4;
    if (level >= 1 && *e > half)
        *e = half;
    if (level >= 2) {
        *e = *e > 5 ? 5 : *e;
        *mt = b->mt0 / 2 > floor ? b->mt0 / 2 : floor;
    }
    if (level >= 5) {
        *e = *e > 3 ? 3 : *e;
        *mt = b->mt0 / 4 > floor ? b->mt0 / 4 : floor;
    }
}

static size_t rows_of(const struct rfl_fl_budget *b, int thin)
{
    return thin ? (b->nrows_per_item + 1) / 2 : b->nrows_per_item;
}

/* One row: the calibration (about twice the minimum time), the
 * experiments (about 1.4 x it each) and the clock measured after it. */
static double row_cost(const struct rfl_fl_budget *b, unsigned e, double mt)
{
    return 1e-4 + (b->clock_s > 0 ? b->clock_s : 0.03) + 2 * mt + 1.4 * mt * e;
}

static double correction(const struct rfl_fl_budget *b)
{
    if (b->model_s < 0.02)
        return 1;
    double k = b->actual_s / b->model_s;
    return k < 0.5 ? 0.5 : k > 5 ? 5 : k;
}

static double predict(const struct rfl_fl_budget *b, size_t from, int level)
{
    unsigned e;
    double mt;
    int thin1, thin2, tier2;
    ladder(b, level, &e, &mt, &thin1, &thin2, &tier2);
    double rows = 0;
    for (size_t i = from; i < b->nthread_counts * b->nconfigs; i++) {
        if (b->items[i].tier == 2 && !tier2)
            continue;
        rows += (double)rows_of(b, b->items[i].tier == 2 ? thin2 : thin1);
    }
    return rows * row_cost(b, e, mt) * correction(b);
}

int rfl_fl_budget_fpe_runs(const struct rfl_fl_budget *b, size_t tc, size_t ci, size_t fi, size_t nfpe)
{
    const struct rfl_fl_item *it = &b->items[tc * b->nconfigs + ci];
    return !it->thin || (nfpe - 1 - fi) % 2 == 0; /* every other, the largest kept */
}

int rfl_fl_budget_item_begin(struct rfl_fl_budget *b, size_t tc, size_t ci, double now, unsigned *experiments,
                             double *min_time_s)
{
    size_t i = tc * b->nconfigs + ci;
    struct rfl_fl_item *it = &b->items[i];
    if (b->spent) {
        it->end = RFL_FL_END_DROPPED;
        return 0;
    }
    if (!b->on) {
        it->experiments = *experiments = b->e0;
        it->min_time_s = *min_time_s = b->mt0;
        return 1;
    }
    double left = b->clock.total_s - now - reserve_s(b);
    int level = 0;
    while (level < RFL_FL_LADDER - 1 && predict(b, i, level) > left)
        level++;
    b->level = level;
    unsigned e;
    double mt;
    int thin1, thin2, tier2;
    ladder(b, level, &e, &mt, &thin1, &thin2, &tier2);
    if (it->tier == 2 && !tier2) {
        it->end = RFL_FL_END_DROPPED;
        return 0;
    }
    if (b->rows > 0 && row_cost(b, e, mt) * correction(b) > left) {
        b->spent = 1;
        it->end = RFL_FL_END_DROPPED;
        return 0;
    }
    it->thin = it->tier == 2 ? thin2 : thin1;
    it->experiments = *experiments = e;
    it->min_time_s = *min_time_s = mt;
    return 1;
}

void rfl_fl_budget_row_begin(struct rfl_fl_budget *b, double now) { b->row_start = now; }

void rfl_fl_budget_clock_cost(struct rfl_fl_budget *b, double seconds)
{
    if (b->clock_s <= 0)
        b->clock_s = seconds;
}

int rfl_fl_budget_row_end(struct rfl_fl_budget *b, size_t tc, size_t ci, double now)
{
    struct rfl_fl_item *it = &b->items[tc * b->nconfigs + ci];
    b->rows++;
    it->rows++;
    b->actual_s += now - b->row_start;
    b->model_s += row_cost(b, it->experiments, it->min_time_s);
    if (!b->on)
        return 0;
    double left = b->clock.total_s - now - reserve_s(b);
    if (row_cost(b, it->experiments, it->min_time_s) * correction(b) > left) {
        b->spent = 1;
        it->end = RFL_FL_END_BUDGET;
        return 2;
    }
    return 0;
}

void rfl_fl_budget_item_end(struct rfl_fl_budget *b, size_t tc, size_t ci)
{
    struct rfl_fl_item *it = &b->items[tc * b->nconfigs + ci];
    if (it->end == RFL_FL_END_NONE && it->rows)
        it->end = it->thin ? RFL_FL_END_THINNED : RFL_FL_END_ALL;
}

json_t *rfl_fl_budget_to_json(const struct rfl_fl_budget *b, const struct rfl_fl_plan *p)
{
    if (!b->on)
        return json_null();
    json_t *configs = json_array(), *cuts = json_array();
    size_t nthin = 0, nfewer = 0, nmeasured = 0, ndropped = 0;
    unsigned emin = b->e0;
    double mtmin = b->mt0;
    char dropped[1024] = "", name[96], text[1400], spent_at[96] = "";
    for (size_t tc = 0; tc < b->nthread_counts; tc++)
        for (size_t ci = 0; ci < b->nconfigs; ci++) {
            const struct rfl_fl_item *it = &b->items[tc * b->nconfigs + ci];
            const struct rfl_fl_config *c = &p->configs[ci];
            snprintf(name, sizeof name, "%s %s %s unroll %u%s", rfl_fl_variant_names[c->variant],
                     rfl_fl_config_isa_label(c), rfl_precision_names[c->prec], c->unroll,
                     b->nthread_counts > 1 ? " (thread sweep)" : "");
            json_array_append_new(
                configs, json_pack("{s:s, s:s, s:s, s:i, s:i, s:i, s:s, s:i, s:f, s:I}", "variant",
                                   rfl_fl_variant_names[c->variant], "isa", rfl_fl_config_isa_label(c), "precision",
                                   rfl_precision_names[c->prec], "unroll", (int)c->unroll, "threads_per_rank",
                                   (int)p->thread_counts[tc], "tier", it->tier, "end", rfl_fl_end_names[it->end],
                                   "experiments", (int)it->experiments, "min_time_s", it->min_time_s, "rows",
                                   (json_int_t)it->rows));
            if (it->rows) {
                nmeasured++;
                nthin += it->thin;
                if (it->experiments < b->e0 || it->min_time_s < b->mt0) {
                    nfewer++;
                    emin = it->experiments < emin ? it->experiments : emin;
                    mtmin = it->min_time_s < mtmin ? it->min_time_s : mtmin;
                }
            }
            if (it->end == RFL_FL_END_BUDGET)
                snprintf(spent_at, sizeof spent_at, "%s", name);
            if (it->end == RFL_FL_END_DROPPED || (it->end == RFL_FL_END_NONE && b->spent)) {
                size_t used = strlen(dropped);
                if (used < sizeof dropped - 100)
                    snprintf(dropped + used, sizeof dropped - used, "%s%s", ndropped ? ", " : "", name);
                ndropped++;
            }
        }
    if (nthin) {
        snprintf(text, sizeof text, "%zu configurations with every other FPE value only", nthin);
        json_array_append_new(cuts, json_string(text));
    }
    if (nfewer) {
        char how[160];
        rfl_budget_samples_text(how, sizeof how, "row", emin, b->e0, mtmin, b->mt0);
        snprintf(text, sizeof text, "%zu of %zu configurations with fewer or shorter samples: down to %s", nfewer,
                 nmeasured, how);
        json_array_append_new(cuts, json_string(text));
    }
    if (spent_at[0]) {
        snprintf(text, sizeof text, "the budget ran out in %s: its FPE sweep ends there", spent_at);
        json_array_append_new(cuts, json_string(text));
    }
    return rfl_budget_json(&b->clock, b->spent, cuts, ndropped, dropped, "configurations", configs);
}
