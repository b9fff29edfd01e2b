/* rfl_bandwidth's memory plateau (see memory.h). */
#include "config.h"
#include "memory.h"
#include "kernels.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/plateau.h"
#include "common/rfl.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCURVES (RFL_NISA * RFL_NPRECISION * RFL_BW_NKERNELS)

int rfl_bw_llc_hint(const struct rfl_topo *t, struct rfl_bw_llc_hint *hint)
{
    const char *test = getenv("RFL_TEST_LLC_BYTES");
    if (test) {
        if (rfl_parse_size(test, &hint->bytes) != 0) {
            rfl_error("RFL_TEST_LLC_BYTES: invalid value '%s' (expected a size such as 4M; testing only)", test);
            return RFL_EXIT_USAGE;
        }
        hint->source = "RFL_TEST_LLC_BYTES";
        return RFL_EXIT_OK;
    }
    uint64_t hw = rfl_topo_llc_total_bytes(t), cpuid = rfl_topo_cpuid_llc_total_bytes(t);
    hint->bytes = hw > cpuid ? hw : cpuid;
    hint->source = !hint->bytes ? "none" : hw == cpuid ? "hwloc and cpuid" : hw > cpuid ? "hwloc" : "cpuid";
    return RFL_EXIT_OK;
}

double rfl_bw_job_capacity(const struct rfl_cache_level *c, int node_threads, uint64_t job_threads)
{
    unsigned used = c->instances < (unsigned)node_threads ? c->instances : (unsigned)node_threads;
    return (double)c->size_bytes * used / node_threads * (double)job_threads;
}

int rfl_bw_extend_grid(uint64_t **wss, size_t *n, uint64_t max)
{
    if (*n == 0 || !*wss)
        return 0;
    size_t room = *n + (size_t)(2 * log2((double)max / (double)(*wss)[*n - 1] + 1)) + 2;
    uint64_t *more = realloc(*wss, room * sizeof *more);
    if (!more) {
        free(*wss);
        *wss = NULL;
        return -1;
    }
    *wss = more;
    for (double w = (double)more[*n - 1] * M_SQRT2; w <= (double)max && *n < room; w *= M_SQRT2)
        more[(*n)++] = (uint64_t)llround(w);
    return 0;
}

int rfl_bw_memory_curve(int isa, int prec, int kid) { return (isa * RFL_NPRECISION + prec) * RFL_BW_NKERNELS + kid; }

int rfl_bw_memory_init(struct rfl_bw_memory *m, size_t npoints, const struct rfl_topo *t, int node_threads,
                       uint64_t job_threads)
{
    memset(m, 0, sizeof *m);
    m->npoints = npoints ? npoints : 1;
    m->job_threads = job_threads ? job_threads : 1;
    m->ncache = t->ncache;
    for (unsigned l = 0; l < t->ncache; l++) {
        m->level[l] = t->cache[l].level;
        m->capacity[l] = rfl_bw_job_capacity(&t->cache[l], node_threads, 1); /* one thread's share */
    }
    m->x = calloc(NCURVES * m->npoints, sizeof *m->x);
    m->rate = calloc(NCURVES * m->npoints, sizeof *m->rate);
    m->spread = calloc(NCURVES * m->npoints, sizeof *m->spread);
    if (!m->x || !m->rate || !m->spread) {
        rfl_bw_memory_free(m);
        return -1;
    }
    return 0;
}

void rfl_bw_memory_free(struct rfl_bw_memory *m)
{
    free(m->x);
    free(m->rate);
    free(m->spread);
    m->x = m->rate = m->spread = NULL;
}

void rfl_bw_counted_rate(double rate, double spread, const double sustained[2], double *counted,
                         double *counted_spread)
{
    *counted = rate;
    *counted_spread = spread;
    if (sustained[0] > rate) {
        *counted = sustained[0];
        *counted_spread = sustained[1] > 0 && sustained[1] <= sustained[0] ? sustained[0] / sustained[1] - 1 : 0;
    }
}

int rfl_bw_sustained_counts(const struct rfl_topo *topo, unsigned node_threads, uint64_t wss_thread)
{
    double size[RFL_TOPO_MAX_CACHE];
    unsigned instances[RFL_TOPO_MAX_CACHE];
    for (unsigned l = 0; l < topo->ncache; l++) {
        size[l] = (double)topo->cache[l].size_bytes;
        instances[l] = topo->cache[l].instances;
    }
    return (double)wss_thread <= rfl_private_cache_bytes(size, instances, topo->ncache, (long)node_threads);
}

void rfl_bw_memory_add(struct rfl_bw_memory *m, int curve, size_t j, double x_thread, double rate, double spread)
{
    if (!m->rate || curve < 0 || curve >= NCURVES || j >= m->npoints)
        return;
    size_t at = (size_t)curve * m->npoints + j;
    m->x[at] = x_thread;
    m->rate[at] = rate;
    m->spread[at] = spread;
}

/* One curve's plateau with hwloc's last cache and the one before it. */
static void find_own(const struct rfl_bw_memory *m, int curve, struct rfl_plateau *p)
{
    size_t at = (size_t)curve * m->npoints;
    double llc = m->ncache ? m->capacity[m->ncache - 1] : 0, inner = m->ncache > 1 ? m->capacity[m->ncache - 2] : 0;
    rfl_plateau_find(m->x + at, m->rate + at, m->spread + at, m->npoints, llc, inner, p);
}

/* Non-temporal stores bypass the cache: such a curve's own steps do not
 * show where the last cache ends. */
static int nontemporal(int curve) { return rfl_bw_kernels[curve % RFL_BW_NKERNELS].nontemporal; }

double rfl_bw_memory_measured_end(const struct rfl_bw_memory *m)
{
    double end = 0;
    for (int c = 0; m->rate && c < NCURVES; c++) {
        struct rfl_plateau p;
        if (nontemporal(c))
            continue;
        find_own(m, c, &p);
        const double e = rfl_plateau_measured_end(&p, m->x + (size_t)c * m->npoints, m->npoints);
        end = e > end ? e : end;
    }
    return end;
}

/* One curve's plateau, as rfl ceilings finds it from the CSV
 * (rfl_curve_find_memory, through the same rfl_plateau_find_in_run). */
static void find(const struct rfl_bw_memory *m, int curve, struct rfl_plateau *p)
{
    size_t at = (size_t)curve * m->npoints;
    double llc = m->ncache ? m->capacity[m->ncache - 1] : 0, inner = m->ncache > 1 ? m->capacity[m->ncache - 2] : 0;
    rfl_plateau_find_in_run(m->x + at, m->rate + at, m->spread + at, m->npoints, llc, inner, nontemporal(curve),
                            rfl_bw_memory_measured_end(m), p);
}

int rfl_bw_memory_range(const struct rfl_bw_memory *m, int curve, size_t *first, size_t *last)
{
    if (!m->rate || curve < 0 || curve >= NCURVES)
        return -1;
    struct rfl_plateau p;
    find(m, curve, &p);
    if (p.memory_first >= m->npoints)
        return -1;
    *first = p.memory_first;
    *last = p.last;
    return 0;
}

static const struct rfl_bw_item *item_of(const struct rfl_bw_budget *bb, int curve)
{
    for (size_t i = 0; i < bb->nitems; i++)
        if (rfl_bw_memory_curve(bb->items[i].isa, bb->items[i].prec, bb->items[i].kid) == curve)
            return &bb->items[i];
    return NULL;
}

static void curve_name(const struct rfl_bw_item *it, char *buf, size_t len)
{
    snprintf(buf, len, "%s %s %s", rfl_bw_kernels[it->kid].name, rfl_precision_names[it->prec],
             rfl_isa_names[it->isa]);
}

static uint64_t job_bytes(const struct rfl_bw_memory *m, double x_thread)
{
    return (uint64_t)llround(x_thread * (double)m->job_threads);
}

/* "hwloc (sysfs) L3 32M; CPUID L3 32M" */
static void hints_text(const struct rfl_topo *t, char *buf, size_t len)
{
    char a[32], b[32];
    int used = 0;
    if (t->ncache)
        used = snprintf(buf, len, "hwloc (%s) L%d %s", t->cache_source, t->cache[t->ncache - 1].level,
                        rfl_format_size(rfl_topo_llc_total_bytes(t), a, sizeof a));
    else
        used = snprintf(buf, len, "hwloc: no caches");
    if (used >= 0 && (size_t)used < len)
        snprintf(buf + used, len - (size_t)used, t->ncpuid_cache ? "; CPUID L%d %s" : "; no CPUID caches",
                 t->ncpuid_cache ? t->cpuid_cache[t->ncpuid_cache - 1].level : 0,
                 rfl_format_size(rfl_topo_cpuid_llc_total_bytes(t), b, sizeof b));
}

void rfl_bw_memory_print(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb, const struct rfl_topo *t,
                         const struct rfl_bw_llc_hint *hint)
{
    if (rfl_mpi_rank() != 0 || !m->rate)
        return;
    char head[128];
    int n = snprintf(head, sizeof head, "%-22s", "best GB/s");
    for (unsigned i = 0; i < m->ncache; i++)
        n += snprintf(head + n, sizeof head - (size_t)n, " %9s%d", "L", m->level[i]);
    snprintf(head + n, sizeof head - (size_t)n, " %10s", "DRAM");
    fprintf(stderr, "%s\n", head);
    size_t with_memory = 0, confirmed = 0;
    uint64_t end_lo = UINT64_MAX, end_hi = 0, step_lo = UINT64_MAX, step_hi = 0;
    for (int c = 0; c < NCURVES; c++) {
        const struct rfl_bw_item *it = item_of(bb, c);
        if (!it)
            continue;
        const size_t at = (size_t)c * m->npoints;
        struct rfl_plateau p;
        find(m, c, &p);
        const double from = rfl_plateau_memory_from(&p, m->x + at, m->npoints);
        double best[RFL_TOPO_MAX_CACHE + 1] = {0};
        for (size_t j = 0; j < m->npoints; j++) {
            unsigned l = rfl_plateau_level_of(m->x[at + j], m->capacity, m->ncache, from);
            if (m->rate[at + j] > 0 && l < m->ncache && m->rate[at + j] > best[l])
                best[l] = m->rate[at + j];
        }
        if (p.best < m->npoints)
            best[m->ncache] = m->rate[at + p.best];
        char name[64];
        curve_name(it, name, sizeof name);
        fprintf(stderr, "%-22s", name);
        for (unsigned l = 0; l <= m->ncache; l++)
            if (best[l] <= 0)
                fprintf(stderr, " %10s", "-");
            else if (l == m->ncache && !p.confirmed)
                fprintf(stderr, " %9.1f*", best[l]);
            else
                fprintf(stderr, " %10.1f", best[l]);
        fputc('\n', stderr);
        if (p.best < m->npoints && it->tier == 1) {
            with_memory++;
            confirmed += (size_t)p.confirmed;
            if (p.measured) {
                uint64_t e = job_bytes(m, m->x[at + p.first]), s = job_bytes(m, p.step);
                end_lo = e < end_lo ? e : end_lo;
                end_hi = e > end_hi ? e : end_hi;
                step_lo = s < step_lo ? s : step_lo;
                step_hi = s > step_hi ? s : step_hi;
            }
        }
    }
    char hints[160], a[32], b[32], c[32], d[32], ends[160] = "no step of the last cache's own was seen";
    hints_text(t, hints, sizeof hints);
    if (end_hi)
        snprintf(ends, sizeof ends, "the last cache's step lies at %s%s%s and the memory plateau begins at %s%s%s "
                 "(the job's working set)", rfl_format_size(step_lo, c, sizeof c), step_hi > step_lo ? " to " : "",
                 step_hi > step_lo ? rfl_format_size(step_hi, d, sizeof d) : "", rfl_format_size(end_lo, a, sizeof a),
                 end_hi > end_lo ? " to " : "", end_hi > end_lo ? rfl_format_size(end_hi, b, sizeof b) : "");
    if (with_memory)
        rfl_info("DRAM: the best rate on each curve's memory plateau, confirmed (flat within its noise over two "
                 "octaves) for %zu of %zu curves (*: not confirmed); %s; cache sizes: %s (hint %s)",
                 confirmed, with_memory, ends, hints, hint->source);
}

void rfl_bw_memory_warn(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb)
{
    if (rfl_mpi_rank() != 0 || !m->rate)
        return;
    /* One line for the run (the report repeats every warning): the curves
     * grouped by what stopped them. */
    static const char *const why[] = {"the extension's end (64 x the LLC hint, or the memory limit: --mem-limit)",
                                      "the time budget", "the sweep's end", "the --wss range"};
    char text[4][640] = {{0}};
    size_t count = 0, curves = 0;
    for (int c = 0; c < NCURVES; c++) {
        const struct rfl_bw_item *it = item_of(bb, c);
        struct rfl_plateau p;
        find(m, c, &p);
        if (!it || it->tier != 1 || p.best >= m->npoints)
            continue;
        curves++;
        if (p.confirmed)
            continue;
        const int w = it->end == RFL_BW_END_MEMORY ? 0 : it->end == RFL_BW_END_BUDGET ? 1 : bb->extendable ? 2 : 3;
        char name[64], a[32];
        curve_name(it, name, sizeof name);
        size_t used = strlen(text[w]);
        snprintf(text[w] + used, sizeof text[w] - used, "%s%s at %s", used ? ", " : "", name,
                 rfl_format_size(it->last_wss, a, sizeof a));
        count++;
    }
    if (!count)
        return;
    char line[2800] = "";
    for (int w = 0; w < 4; w++)
        if (text[w][0]) {
            size_t used = strlen(line);
            snprintf(line + used, sizeof line - used, "%s%s (stopped by %s)", used ? "; " : "", text[w], why[w]);
        }
    rfl_warn("the memory plateau is not confirmed for %zu of %zu curves, whose DRAM figures may still hold cached "
             "data or noise: %s", count, curves, line);
}

double rfl_bw_llc_hint_thread(const struct rfl_bw_llc_hint *hint, const struct rfl_topo *t, int node_threads)
{
    if (!strcmp(hint->source, "RFL_TEST_LLC_BYTES"))
        return (double)hint->bytes / node_threads; /* the node's threads share it */
    double share = 0;
    if (t->ncache)
        share = rfl_bw_job_capacity(&t->cache[t->ncache - 1], node_threads, 1);
    if (t->ncpuid_cache) {
        double c = rfl_bw_job_capacity(&t->cpuid_cache[t->ncpuid_cache - 1], node_threads, 1);
        share = c > share ? c : share;
    }
    return share;
}

json_t *rfl_bw_memory_to_json(const struct rfl_bw_memory *m, const struct rfl_bw_budget *bb,
                              const struct rfl_bw_llc_hint *hint, uint64_t default_end, uint64_t extension_end)
{
    json_t *curves = json_array();
    for (int c = 0; c < NCURVES && m->rate; c++) {
        const struct rfl_bw_item *it = item_of(bb, c);
        if (!it || it->tier != 1 || !it->rows)
            continue;
        const size_t at = (size_t)c * m->npoints;
        struct rfl_plateau p;
        find(m, c, &p);
        const int has = p.points > 0, memory = p.best < m->npoints;
        json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "kernel", rfl_bw_kernels[it->kid].name, "precision",
                              rfl_precision_names[it->prec], "isa", rfl_isa_names[it->isa], "end",
                              rfl_bw_end_names[it->end]);
        json_object_set_new(o, "transition_step_bytes",
                            p.measured && p.step > 0 ? json_integer((json_int_t)job_bytes(m, p.step)) : json_null());
        json_object_set_new(o, "transition_end_bytes",
                            p.measured ? json_integer((json_int_t)job_bytes(m, m->x[at + p.first])) : json_null());
        json_object_set_new(o, "plateau_first_bytes",
                            has ? json_integer((json_int_t)job_bytes(m, m->x[at + p.first])) : json_null());
        json_object_set_new(o, "plateau_last_bytes",
                            has ? json_integer((json_int_t)job_bytes(m, m->x[at + p.last])) : json_null());
        json_object_set_new(o, "points", json_integer((json_int_t)p.points));
        json_object_set_new(o, "confirmed", json_boolean(p.confirmed));
        json_object_set_new(o, "measured", json_boolean(p.measured));
        json_object_set_new(o, "memory_from_bytes",
                            memory ? json_integer((json_int_t)job_bytes(m, m->x[at + p.memory_first])) : json_null());
        json_object_set_new(o, "gbytes_per_s", memory ? json_real(m->rate[at + p.best]) : json_null());
        json_object_set_new(o, "memory_limit_stopped", json_boolean(it->end == RFL_BW_END_MEMORY));
        json_array_append_new(curves, o);
    }
    return json_pack("{s:I, s:s, s:I, s:I, s:f, s:i, s:f, s:o}", "llc_hint_bytes", (json_int_t)hint->bytes,
                     "llc_hint_source", hint->source, "default_wss_max_bytes", (json_int_t)default_end,
                     "extension_max_bytes", (json_int_t)extension_end, "tolerance", RFL_PLATEAU_TOLERANCE,
                     "min_points", RFL_PLATEAU_MIN_POINTS, "min_span", RFL_PLATEAU_MIN_SPAN, "curves", curves);
}
