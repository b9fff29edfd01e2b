/* rfl_bandwidth within a time budget (see budget_plan.h). */
#include "config.h"
#include "budget_plan.h"
#include "common/budget.h"
#include "common/plateau.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_bw_end_names[] = {"sweep_end", "plateau", "llc", "budget", "not_measured", "none", "memory_limit",
                                        "unavailable", NULL};

/* What is kept for the end of the run (verification is per point; the
 * commit and the summary are quick). */
static double reserve_s(const struct rfl_bw_budget *b) { return 0.02 + 0.02 * b->clock.total_s; }

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

size_t rfl_bw_grid(uint64_t min, uint64_t max, double growth, const double *cap, unsigned ncache, uint64_t *out,
                   size_t room)
{
    size_t n = 0;
    const double llc = ncache ? cap[ncache - 1] : 0;
    const double tail = llc > 0 ? RFL_BW_GRID_FINE_FROM * llc : (double)max;
#define ADD(v)                                                                                                     \
    do {                                                                                                           \
        double v_ = (v);                                                                                           \
        if (n < room && v_ >= (double)min && v_ <= (double)max)                                                    \
            out[n++] = (uint64_t)llround(v_);                                                                      \
    } while (0)
    for (double w = (double)min; w < tail && w < (double)max; w *= growth)
        ADD(w);
    /* Two points inside each cache level the sweep leaves with fewer. */
    for (unsigned l = 0; l < ncache; l++) {
        double lo = l ? 1.25 * cap[l - 1] : (double)min, hi = 0.8 * cap[l];
        if (hi <= lo)
            continue;
        size_t inside = 0;
        for (size_t i = 0; i < n; i++)
            inside += (double)out[i] > lo && (double)out[i] <= hi;
        if (inside < 2) {
            ADD(lo * pow(hi / lo, 1.0 / 3));
            ADD(lo * pow(hi / lo, 2.0 / 3));
        }
    }
    /* Past 2 x the LLC: steps of sqrt(2), whatever the growth, as the
     * extension's, so the memory plateau is found at the same resolution. */
    if (llc > 0)
        for (double w = tail; w < (double)max; w *= M_SQRT2)
            ADD(w);
    ADD((double)max);
#undef ADD
    qsort(out, n, sizeof *out, cmp_u64);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || (double)out[i] > 1.02 * (double)out[m - 1])
            out[m++] = out[i];
        else if (i == n - 1)
            out[m - 1] = out[i]; /* the last point is the maximum */
    return m;
}

int rfl_bw_plateau_reached(const double *x, const double *rate, const double *spread, size_t n, double llc,
                           double *from)
{
    if (llc <= 0 || n == 0 || x[n - 1] <= llc)
        return 0; /* no hint of where memory begins, or not past it yet */
    /* Only the last two octaves decide whether the plateau is confirmed:
     * the run from the end reaches them or breaks before; so the cost of a
     * check after every point stays that of those points (a --growth 1.01
     * sweep has thousands). */
    size_t k = n - 1;
    while (k > 0 && x[n - 1] < RFL_PLATEAU_MIN_SPAN * x[k])
        k--;
    while (k > 0 && !(rate[k] > 0)) /* a point not run (a stride) opens no window */
        k--;
    if (x[k] < llc)
        return 0; /* the window must lie wholly past where memory begins */
    struct rfl_plateau p;
    rfl_plateau_find(x + k, rate + k, spread + k, n - k, llc, 0, &p);
    if (!p.confirmed)
        return 0;
    if (from)
        *from = x[k + p.first];
    return 1;
}

int rfl_bw_budget_init(struct rfl_bw_budget *b, const struct rfl_budget *clock, unsigned e0, double mt0, const uint64_t *wss,
                       size_t npoints, uint64_t job_threads, double llc_thread, unsigned kernels, unsigned precisions,
                       unsigned isas, int (*supported)(int isa, int prec, int kid))
{
    memset(b, 0, sizeof *b);
    b->clock = *clock;
    b->on = rfl_budget_limited(&b->clock);
    b->e0 = e0;
    b->mt0 = mt0;
    b->wss = wss;
    b->npoints = npoints;
    b->default_last = npoints ? npoints - 1 : 0;
    b->job_threads = job_threads ? job_threads : 1;
    b->llc_thread = llc_thread;
    b->rate = calloc(npoints ? npoints : 1, sizeof *b->rate);
    b->spread = calloc(npoints ? npoints : 1, sizeof *b->spread);
    b->curve_rate = calloc(npoints ? npoints : 1, sizeof *b->curve_rate);
    if (!b->rate || !b->spread || !b->curve_rate) {
        rfl_bw_budget_free(b);
        return -1;
    }
    /* The last point inside the LLC (second tier). */
    size_t in_llc = npoints ? npoints - 1 : 0;
    if (llc_thread > 0) {
        in_llc = 0;
        for (size_t j = 0; j < npoints; j++)
            if ((double)wss[j] / (double)b->job_threads <= llc_thread)
                in_llc = j;
    }
    /* Without a budget: the plain order. Within one: the first precision
     * asked for first, every kernel of it, then the others up to the LLC. */
    int first_prec = -1;
    for (int p = 0; p < RFL_NPRECISION && first_prec < 0; p++)
        if (precisions >> p & 1)
            first_prec = p;
    for (int tier = 1; tier <= (b->on ? 2 : 1); tier++)
        for (int isa = 0; isa < RFL_NISA; isa++)
            for (int prec = 0; prec < RFL_NPRECISION; prec++)
                for (int kid = 0; kid < RFL_BW_NKERNELS; kid++) {
                    if (!(isas >> isa & 1) || !(precisions >> prec & 1) || !(kernels >> kid & 1) ||
                        !supported(isa, prec, kid))
                        continue;
                    int t = b->on && prec != first_prec && llc_thread > 0 ? 2 : 1;
                    if (t != tier)
                        continue;
                    struct rfl_bw_item *it = &b->items[b->nitems++];
                    it->isa = isa;
                    it->prec = prec;
                    it->kid = kid;
                    it->tier = t;
                    it->last = t == 2 ? in_llc : npoints ? npoints - 1 : 0;
                    it->end = RFL_BW_END_NONE;
                }
    return 0;
}

int rfl_bw_budget_add_remote(struct rfl_bw_budget *b, int isa, int prec, int kid)
{
    if (b->nitems >= RFL_BW_MAX_ITEMS || b->npoints == 0)
        return -1;
    struct rfl_bw_item *it = &b->items[b->nitems];
    memset(it, 0, sizeof *it);
    *it = (struct rfl_bw_item){.isa = isa, .prec = prec, .kid = kid, .tier = 3, .remote = 1,
                               .last = b->default_last, .end = RFL_BW_END_NONE};
    while (it->first < it->last && (double)b->wss[it->first] / (double)b->job_threads < 2 * b->llc_thread)
        it->first++;
    return (int)b->nitems++;
}

void rfl_bw_budget_remote_range(struct rfl_bw_budget *b, size_t i, size_t first, size_t last)
{
    b->items[i].first = first;
    b->items[i].last = last < b->npoints ? last : b->npoints - 1;
}

void rfl_bw_budget_extend(struct rfl_bw_budget *b, size_t default_last)
{
    b->extendable = default_last + 1 < b->npoints;
    b->default_last = default_last < b->npoints ? default_last : b->npoints ? b->npoints - 1 : 0;
}

void rfl_bw_budget_free(struct rfl_bw_budget *b)
{
    free(b->rate);
    free(b->spread);
    free(b->curve_rate);
    b->rate = b->spread = b->curve_rate = NULL;
}

/* The settings of a ladder step: fewer experiments, shorter samples, no
 * second tier, then fewer working sets. */
static void ladder(const struct rfl_bw_budget *b, int level, unsigned *e, double *mt, int *tier2, unsigned *stride)
{
    const double floor = b->mt0 < 0.0005 ? b->mt0 : 0.0005;
    *e = b->e0;
    *mt = b->mt0;
    *tier2 = level < 3;
    *stride = level >= 6 ? 4 : level >= 5 ? 2 : 1;
    if (level >= 1 && *e > 3)
        *e = 3;
    if (level >= 2)
        *mt = b->mt0 / 2 > floor ? b->mt0 / 2 : floor;
    if (level >= 4) {
        *e = *e > 2 ? 2 : *e;
        *mt = b->mt0 / 4 > floor ? b->mt0 / 4 : floor;
    }
}

/* A guess of the job's rate before anything is measured there. */
static double guess(const struct rfl_bw_budget *b, size_t j)
{
    double x = (double)b->wss[j] / (double)b->job_threads;
    return (b->llc_thread <= 0 || x <= b->llc_thread ? 25.0 : 5.0) * (double)b->job_threads;
}

static double rate_at(const struct rfl_bw_budget *b, size_t j)
{
    if (b->rate[j] > 0)
        return b->rate[j];
    for (size_t d = 1; d < b->npoints; d++) {
        if (j >= d && b->rate[j - d] > 0)
            return b->rate[j - d] * guess(b, j) / guess(b, j - d);
        if (j + d < b->npoints && b->rate[j + d] > 0)
            return b->rate[j + d] * guess(b, j) / guess(b, j + d);
    }
    return guess(b, j);
}

/* The model of one point's cost: a fill, the calibration (trials double up
 * to the minimum time: about twice it, or one pass) and the experiments
 * (about 1.4 x the minimum time each, or one pass). */
static double point_cost(const struct rfl_bw_budget *b, size_t j, int kid, unsigned e, double mt)
{
    const struct rfl_bw_kernel *k = &rfl_bw_kernels[kid];
    double wss = (double)b->wss[j];
    double rate = rate_at(b, j) * 1e9;
    double pass = wss / k->arrays * (k->reads + k->writes) / rate;
    double sample = pass > mt ? pass : 1.4 * mt;
    double calib = pass > mt ? pass : 2 * mt;
    return 2e-4 + wss / rate + calib + e * sample;
}

/* Measured over modelled cost of the points so far. */
static double correction(const struct rfl_bw_budget *b)
{
    if (b->model_s < 0.02)
        return 1;
    double k = b->actual_s / b->model_s;
    return k < 0.5 ? 0.5 : k > 5 ? 5 : k;
}

/* Where a curve not yet run is expected to end: where the first-tier
 * curves that confirmed their memory plateau did, else the default range's
 * end (an extension is not planned for: it is paid for as it happens). */
static size_t expected_last(const struct rfl_bw_budget *b, size_t i)
{
    const struct rfl_bw_item *it = &b->items[i];
    if (it->tier != 1)
        return it->last;
    size_t last = 0;
    int found = 0;
    for (size_t k = 0; k < b->nitems; k++)
        if (b->items[k].end == RFL_BW_END_PLATEAU)
            for (size_t j = 0; j < b->npoints; j++)
                if (b->wss[j] == b->items[k].last_wss) {
                    last = j > last ? j : last;
                    found = 1;
                }
    if (!found)
        last = b->default_last;
    return last < it->last ? last : it->last;
}

static int on_stride(size_t j, size_t last, unsigned stride) { return stride <= 1 || j % stride == 0 || j == last; }

/* The rest from curve `from`'s working set `jfrom` on, at a ladder step. */
static double predict(const struct rfl_bw_budget *b, size_t from, size_t jfrom, int level)
{
    unsigned e, stride;
    double mt;
    int tier2;
    ladder(b, level, &e, &mt, &tier2, &stride);
    double sum = 0;
    for (size_t i = from; i < b->nitems; i++) {
        if (b->items[i].tier == 2 && !tier2)
            continue;
        size_t last = expected_last(b, i);
        for (size_t j = i == from ? jfrom : b->items[i].first; j <= last && j < b->npoints; j++)
            if (on_stride(j, b->items[i].last, stride))
                sum += point_cost(b, j, b->items[i].kid, e, mt);
    }
    return sum * correction(b);
}

int rfl_bw_budget_point_runs(const struct rfl_bw_budget *b, size_t i, size_t j)
{
    return j >= b->items[i].first && on_stride(j, b->items[i].last, b->items[i].stride);
}

int rfl_bw_budget_item_begin(struct rfl_bw_budget *b, size_t i, double now, unsigned *experiments, double *min_time_s)
{
    struct rfl_bw_item *it = &b->items[i];
    for (size_t j = 0; j < b->npoints; j++)
        b->curve_rate[j] = b->spread[j] = 0;
    if (b->spent) {
        it->end = RFL_BW_END_DROPPED;
        return 0;
    }
    it->stride = 1;
    if (!b->on) {
        it->experiments = *experiments = b->e0;
        it->min_time_s = *min_time_s = b->mt0;
        return 1;
    }
    double left = b->clock.total_s - now - reserve_s(b);
    int level = 0;
    while (level < RFL_BW_LADDER - 1 && predict(b, i, 0, level) > left)
        level++;
    b->level = level;
    unsigned e, stride;
    double mt;
    int tier2;
    ladder(b, level, &e, &mt, &tier2, &stride);
    if (it->tier == 2 && !tier2) {
        it->end = RFL_BW_END_DROPPED;
        return 0;
    }
    /* Not even its first point fits: the sweep ends with what it has (but
     * never without a row). */
    if (b->rows > 0 && point_cost(b, 0, it->kid, e, mt) * correction(b) > left) {
        b->spent = 1;
        it->end = RFL_BW_END_DROPPED;
        return 0;
    }
    it->experiments = *experiments = e;
    it->min_time_s = *min_time_s = mt;
    it->stride = stride;
    return 1;
}

/* Whether curve i's memory plateau is confirmed over its first n working
 * sets; records where the plateau begins. */
static int curve_confirmed(struct rfl_bw_budget *b, size_t i, size_t n)
{
    double *x = malloc((n ? n : 1) * sizeof *x), from = 0;
    if (!x)
        return 0; /* out of memory: the curve runs its whole range */
    for (size_t k = 0; k < n; k++)
        x[k] = (double)b->wss[k] / (double)b->job_threads;
    /* No cache known: the default range's end is 8 x where it would be. */
    double llc = b->llc_thread > 0 ? b->llc_thread : (double)b->wss[b->default_last] / (double)b->job_threads / 8;
    llc = b->measured_end > llc ? b->measured_end : llc; /* where earlier curves' transitions ended */
    int held = rfl_bw_plateau_reached(x, b->curve_rate, b->spread, n, llc, &from);
    free(x);
    if (held)
        b->items[i].plateau_from = (uint64_t)llround(from * (double)b->job_threads);
    return held;
}

/* How a curve that ran to its last working set ended: a second-tier curve
 * at the LLC, an extended first-tier one at the memory limit. */
static int range_end(const struct rfl_bw_budget *b, const struct rfl_bw_item *it)
{
    if (it->tier == 2 && it->last + 1 < b->npoints)
        return RFL_BW_END_LLC;
    return it->tier == 1 && b->extendable ? RFL_BW_END_MEMORY : RFL_BW_END_SWEEP;
}

void rfl_bw_budget_point_begin(struct rfl_bw_budget *b, double now) { b->point_start = now; }

int rfl_bw_budget_point_end(struct rfl_bw_budget *b, size_t i, size_t j, double gbytes_per_s, double spread,
                            double now)
{
    struct rfl_bw_item *it = &b->items[i];
    b->rows++;
    it->rows++;
    it->last_wss = b->wss[j];
    b->actual_s += now - b->point_start;
    b->model_s += point_cost(b, j, it->kid, it->experiments, it->min_time_s);
    if (gbytes_per_s > b->rate[j])
        b->rate[j] = gbytes_per_s;
    b->curve_rate[j] = gbytes_per_s;
    b->spread[j] = spread;
    /* The first tier's memory plateau: within a budget a curve ends as soon
     * as it is confirmed; without one at the default range's end, or past
     * it, in the extension. */
    /* The run's first curve is its probe of memory: it reaches dram_check
     * before it may end, so a transition past its first flat stretch is
     * seen (a VM read 60 GB/s flat from 128 to 512 MiB and 30 from 724 MiB
     * on), and every later curve's memory begins past it (memory.h). */
    const int probing = i == 0 && b->wss[j] < b->dram_check && j + 1 < b->npoints;
    if (it->tier == 1 && !probing && curve_confirmed(b, i, j + 1) && (b->on || j >= b->default_last)) {
        it->end = j > b->default_last || (b->on && j < it->last) ? RFL_BW_END_PLATEAU : RFL_BW_END_SWEEP;
        return 1;
    }
    if (j >= it->last) {
        it->end = range_end(b, it);
        return 1;
    }
    if (b->on) {
        double left = b->clock.total_s - now - reserve_s(b);
        /* The rest no longer fits at this step: the next one, from the next
         * point of this curve on. */
        if (b->level < RFL_BW_LADDER - 1 && predict(b, i, j + 1, b->level) > left) {
            while (b->level < RFL_BW_LADDER - 1 && predict(b, i, j + 1, b->level) > left)
                b->level++;
            unsigned e, stride;
            double mt;
            int tier2;
            ladder(b, b->level, &e, &mt, &tier2, &stride);
            it->experiments = e < it->experiments ? e : it->experiments;
            it->min_time_s = mt < it->min_time_s ? mt : it->min_time_s;
            it->stride = stride > it->stride ? stride : it->stride;
        }
        size_t next = j + 1;
        while (next < it->last && !on_stride(next, it->last, it->stride))
            next++;
        b->cost_next = point_cost(b, next, it->kid, it->experiments, it->min_time_s) * correction(b);
        if (b->cost_next > left) {
            b->spent = 1;
            it->end = RFL_BW_END_BUDGET;
            return 2;
        }
        /* In the extension: only while the curves after it still fit too. */
        if (j >= b->default_last && b->cost_next + (i + 1 < b->nitems ? predict(b, i + 1, 0, b->level) : 0) > left) {
            it->end = RFL_BW_END_BUDGET;
            return 1;
        }
    }
    return 0;
}

void rfl_bw_budget_item_end(struct rfl_bw_budget *b, size_t i)
{
    struct rfl_bw_item *it = &b->items[i];
    if (it->end == RFL_BW_END_NONE && it->rows)
        it->end = range_end(b, it);
}

static const char *curve_name(const struct rfl_bw_item *it, char *buf, size_t len)
{
    snprintf(buf, len, "%s %s %s", rfl_bw_kernels[it->kid].name, rfl_precision_names[it->prec],
             rfl_isa_names[it->isa]);
    return buf;
}

json_t *rfl_bw_budget_to_json(const struct rfl_bw_budget *b)
{
    if (!b->on)
        return json_null();
    json_t *curves = json_array(), *cuts = json_array();
    size_t nllc = 0, nplateau = 0, nfewer = 0, nmeasured = 0, ndropped = 0, nthin = 0;
    unsigned stride_max = 1;
    uint64_t plo = UINT64_MAX, phi = 0;
    unsigned emin = b->e0;
    double mtmin = b->mt0;
    char dropped[1024] = "", name[64], a[32], c[32], d[32];
    const struct rfl_bw_item *spent_at = NULL;
    for (size_t i = 0; i < b->nitems; i++) {
        const struct rfl_bw_item *it = &b->items[i];
        json_array_append_new(
            curves, json_pack("{s:s, s:s, s:s, s:s, s:i, s:s, s:i, s:f, s:i, s:I, s:I}", "kernel",
                              rfl_bw_kernels[it->kid].name, "precision", rfl_precision_names[it->prec], "isa",
                              rfl_isa_names[it->isa], "memory", it->remote ? "remote" : "local", "tier", it->tier, "end", rfl_bw_end_names[it->end], "experiments", (int)it->experiments,
                              "min_time_s", it->min_time_s, "stride", (int)it->stride, "rows", (json_int_t)it->rows, "wss_max_bytes",
                              (json_int_t)it->last_wss));
        if (it->rows) {
            nmeasured++;
            if (it->stride > 1) {
                nthin++;
                stride_max = it->stride > stride_max ? it->stride : stride_max;
            }
            if (it->experiments < b->e0 || it->min_time_s < b->mt0) {
                nfewer++;
                emin = it->experiments < emin ? it->experiments : emin;
                mtmin = it->min_time_s < mtmin ? it->min_time_s : mtmin;
            }
        }
        nllc += it->end == RFL_BW_END_LLC;
        if (it->end == RFL_BW_END_PLATEAU && b->npoints && it->last_wss < b->wss[b->default_last]) {
            nplateau++;
            plo = it->last_wss < plo ? it->last_wss : plo;
            phi = it->last_wss > phi ? it->last_wss : phi;
        }
        if (it->end == RFL_BW_END_BUDGET)
            spent_at = it;
        if (it->end == RFL_BW_END_DROPPED || (it->end == RFL_BW_END_NONE && b->spent)) {
            size_t used = strlen(dropped);
            if (used < sizeof dropped - 80)
                snprintf(dropped + used, sizeof dropped - used, "%s%s", ndropped ? ", " : "",
                         curve_name(it, name, sizeof name));
            ndropped++;
        }
    }
    char text[1400];
    if (nllc) {
        snprintf(text, sizeof text,
                 "%zu second-precision curves stop at the last-level cache (%s per thread): past it bytes are "
                 "bytes, and the first precision's curves cover it",
                 nllc, rfl_format_size((uint64_t)b->llc_thread, a, sizeof a));
        json_array_append_new(cuts, json_string(text));
    }
    if (nplateau) {
        snprintf(text, sizeof text,
                 "%zu curves stop once their memory plateau is confirmed (flat within its noise over two octaves "
                 "past the last transition; at %s to %s) instead of going on to %s",
                 nplateau, rfl_format_size(plo, a, sizeof a), rfl_format_size(phi, c, sizeof c),
                 rfl_format_size(b->npoints ? b->wss[b->default_last] : 0, d, sizeof d));
        json_array_append_new(cuts, json_string(text));
    }
    if (nfewer) {
        char how[160];
        rfl_budget_samples_text(how, sizeof how, "point", emin, b->e0, mtmin, b->mt0);
        snprintf(text, sizeof text, "%zu of %zu curves with fewer or shorter samples: down to %s", nfewer, nmeasured,
                 how);
        json_array_append_new(cuts, json_string(text));
    }
    if (nthin) {
        snprintf(text, sizeof text, "%zu curves over every %s working set only (the first and last kept)", nthin,
                 stride_max > 2 ? "fourth" : "other");
        json_array_append_new(cuts, json_string(text));
    }
    if (spent_at) {
        snprintf(text, sizeof text, "the budget ran out in %s at %s: that curve ends there",
                 curve_name(spent_at, name, sizeof name), rfl_format_size(spent_at->last_wss, a, sizeof a));
        json_array_append_new(cuts, json_string(text));
    }
    return rfl_budget_json(&b->clock, b->spent, cuts, ndropped, dropped, "curves", curves);
}
