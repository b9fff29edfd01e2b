/* What each kind of CSV contributes to the roofline model. */
#include "config.h"
#include "gpu.h"
#include "sources.h"
#include "bandwidth/kernels.h"
#include "common/log.h"

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * rfl_bandwidth: bandwidth against working set -> a ceiling per memory level
 * ------------------------------------------------------------------------- */

const char *const rfl_bandwidth_columns[] = {
    "kernel", "precision", "isa", "nontemporal", "ranks", "threads_per_rank", "wss_bytes",
    "wss_bytes_per_thread", "hwloc_level", "elems_per_thread", "bytes_read_per_elem",
    "bytes_written_per_elem", "trials", "experiments", "bytes_per_sample", "time_min_s",
    "time_median_s", "time_max_s", "gbytes_per_s", "gbytes_per_s_median", "gbytes_per_s_worst",
    "gbytes_per_s_with_write_allocate", "verified", NULL};

static int copy_text(char *dst, size_t len, const struct rfl_table *t, size_t row, int col)
{
    const char *s;
    if (rfl_table_text(t, row, col, &s) != 0)
        return -1;
    if (strlen(s) >= len) {
        rfl_error("%s:%d: column '%s': value too long '%s'", t->path, t->lineno[row], t->columns[col], s);
        return -1;
    }
    memcpy(dst, s, strlen(s) + 1);
    return 0;
}

/* Hosts in "rank0@a,rank1@a,rank2@b": the nodes the job ran on. */
static long count_nodes(const char *placement)
{
    if (!placement || !*placement)
        return 1;
    long nodes = 0;
    const char *p = placement;
    while (*p) {
        size_t len = strcspn(p, ",");
        const char *at = memchr(p, '@', len);
        const char *host = at ? at + 1 : p;
        size_t hlen = (size_t)(p + len - host);
        int seen = 0;
        for (const char *q = placement; q < p && !seen;) {
            size_t ql = strcspn(q, ",");
            const char *qa = memchr(q, '@', ql);
            const char *qh = qa ? qa + 1 : q;
            if ((size_t)(q + ql - qh) == hlen && strncmp(qh, host, hlen) == 0)
                seen = 1;
            q += ql + (q[ql] == ',');
        }
        nodes += !seen;
        p += len + (p[len] == ',');
    }
    return nodes ? nodes : 1;
}

static int topology_from_meta(struct rfl_model *m, const json_t *meta, const char *path)
{
    json_t *topo = json_object_get(meta, "topology");
    json_t *caches = json_object_get(topo, "caches");
    if (!json_is_array(caches)) {
        rfl_error("%s: no topology.caches (the cache sizes that name the levels)", path);
        return -1;
    }
    struct rfl_cache_info cache[RFL_LEVELS_MAX_CACHE];
    unsigned ncache = 0;
    size_t i;
    json_t *c;
    json_array_foreach(caches, i, c) {
        json_t *level = json_object_get(c, "level"), *size = json_object_get(c, "size_bytes");
        json_t *inst = json_object_get(c, "instances"), *share = json_object_get(c, "cores_sharing");
        if (!json_is_integer(level) || !json_is_integer(size) || !json_is_integer(inst) ||
            json_integer_value(size) <= 0 || json_integer_value(inst) <= 0) {
            rfl_error("%s: topology.caches[%zu]: expected integer level, size_bytes and instances", path, i);
            return -1;
        }
        if (ncache == RFL_LEVELS_MAX_CACHE) {
            rfl_error("%s: more than %d cache levels", path, RFL_LEVELS_MAX_CACHE);
            return -1;
        }
        cache[ncache].level = (int)json_integer_value(level);
        cache[ncache].size_bytes = (uint64_t)json_integer_value(size);
        cache[ncache].instances = (unsigned)json_integer_value(inst);
        cache[ncache].cores_sharing = json_is_integer(share) ? (unsigned)json_integer_value(share) : 0;
        ncache++;
    }
    json_t *mem = json_object_get(topo, "memory_bytes"), *cores = json_object_get(topo, "cores");
    json_t *model = json_object_get(topo, "cpu_model");
    if (m->ncache == 0 && m->memory_bytes == 0) {
        m->ncache = ncache;
        memcpy(m->cache, cache, sizeof cache);
        m->memory_bytes = json_is_integer(mem) ? (uint64_t)json_integer_value(mem) : 0;
        m->cores = json_is_integer(cores) ? (unsigned)json_integer_value(cores) : 0;
        if (json_is_string(model))
            snprintf(m->cpu_model, sizeof m->cpu_model, "%s", json_string_value(model));
        return 0;
    }
    int same = ncache == m->ncache;
    for (unsigned l = 0; same && l < ncache; l++)
        same = cache[l].level == m->cache[l].level && cache[l].size_bytes == m->cache[l].size_bytes;
    if (!same) {
        rfl_error("%s: its topology differs from the other files' (one run directory holds one machine)", path);
        return -1;
    }
    return 0;
}

static struct rfl_bw_curve *find_curve(struct rfl_model *m, size_t input, const char *kernel, const char *prec,
                                       const char *isa, int nt, long ranks, long threads)
{
    for (size_t i = 0; i < m->ncurves; i++) {
        struct rfl_bw_curve *c = &m->curves[i];
        if (c->input == input && c->nontemporal == nt && c->ranks == ranks && c->threads_per_rank == threads &&
            !strcmp(c->kernel, kernel) && !strcmp(c->precision, prec) && !strcmp(c->isa, isa))
            return c;
    }
    struct rfl_bw_curve *more = realloc(m->curves, (m->ncurves + 1) * sizeof *more);
    if (!more)
        return NULL;
    m->curves = more;
    struct rfl_bw_curve *c = &m->curves[m->ncurves++];
    memset(c, 0, sizeof *c);
    snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
    snprintf(c->precision, sizeof c->precision, "%s", prec);
    snprintf(c->isa, sizeof c->isa, "%s", isa);
    c->nontemporal = nt;
    c->ranks = ranks;
    c->threads_per_rank = threads;
    c->input = input;
    return c;
}

static int curve_push(struct rfl_bw_curve *c, double x, double y, uint64_t wss)
{
    double *nx = realloc(c->x, (c->n + 1) * sizeof *nx);
    if (nx)
        c->x = nx;
    double *ny = realloc(c->y, (c->n + 1) * sizeof *ny);
    if (ny)
        c->y = ny;
    uint64_t *nw = realloc(c->wss, (c->n + 1) * sizeof *nw);
    if (nw)
        c->wss = nw;
    if (!nx || !ny || !nw)
        return -1;
    c->x[c->n] = x;
    c->y[c->n] = y;
    c->wss[c->n] = wss;
    c->n++;
    return 0;
}

static void sort_curve(struct rfl_bw_curve *c)
{
    /* Insertion sort: the programs write ascending already. */
    for (size_t i = 1; i < c->n; i++)
        for (size_t j = i; j > 0 && c->x[j - 1] > c->x[j]; j--) {
            double tx = c->x[j], ty = c->y[j];
            uint64_t tw = c->wss[j];
            c->x[j] = c->x[j - 1], c->y[j] = c->y[j - 1], c->wss[j] = c->wss[j - 1];
            c->x[j - 1] = tx, c->y[j - 1] = ty, c->wss[j - 1] = tw;
        }
}

static int load_bandwidth(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (topology_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    json_t *placement = json_object_get(meta, "rank_placement");
    long nodes = count_nodes(json_is_string(placement) ? json_string_value(placement) : NULL);
    int c_kernel = rfl_table_column(t, "kernel"), c_prec = rfl_table_column(t, "precision");
    int c_isa = rfl_table_column(t, "isa"), c_nt = rfl_table_column(t, "nontemporal");
    int c_ranks = rfl_table_column(t, "ranks"), c_threads = rfl_table_column(t, "threads_per_rank");
    int c_wss = rfl_table_column(t, "wss_bytes"), c_wpt = rfl_table_column(t, "wss_bytes_per_thread");
    int c_rate = rfl_table_column(t, "gbytes_per_s"), c_ver = rfl_table_column(t, "verified");
    size_t first_curve = m->ncurves;
    for (size_t r = 0; r < t->nrows; r++) {
        char kernel[32], prec[16], isa[16];
        long nt, ranks, threads, verified;
        uint64_t wss, wpt;
        double rate;
        if (copy_text(kernel, sizeof kernel, t, r, c_kernel) || copy_text(prec, sizeof prec, t, r, c_prec) ||
            copy_text(isa, sizeof isa, t, r, c_isa) || rfl_table_int(t, r, c_nt, &nt) ||
            rfl_table_int(t, r, c_ranks, &ranks) || rfl_table_int(t, r, c_threads, &threads) ||
            rfl_table_u64(t, r, c_wss, &wss) || rfl_table_u64(t, r, c_wpt, &wpt) ||
            rfl_table_double(t, r, c_rate, 0, &rate) || rfl_table_int(t, r, c_ver, &verified))
            return -1;
        if (ranks < 1 || threads < 1) {
            rfl_error("%s:%d: ranks and threads_per_rank must be at least 1", t->path, t->lineno[r]);
            return -1;
        }
        if (!(rate > 0) || wpt == 0) {
            rfl_error("%s:%d: gbytes_per_s and wss_bytes_per_thread must be positive", t->path, t->lineno[r]);
            return -1;
        }
        if (verified != 1) {
            rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
            continue;
        }
        struct rfl_bw_curve *c = find_curve(m, input, kernel, prec, isa, nt != 0, ranks, threads);
        if (!c || curve_push(c, (double)wpt, rate, wss) != 0) {
            rfl_error("%s: out of memory", t->path);
            return -1;
        }
        c->nodes = nodes;
    }
    for (size_t i = first_curve; i < m->ncurves; i++) {
        struct rfl_bw_curve *c = &m->curves[i];
        sort_curve(c);
        long node_threads = c->ranks / c->nodes * c->threads_per_rank;
        if (node_threads < 1)
            node_threads = 1;
        c->ncache = m->ncache;
        for (unsigned l = 0; l < m->ncache; l++) {
            unsigned used = m->cache[l].instances < (unsigned)node_threads ? m->cache[l].instances
                                                                             : (unsigned)node_threads;
            c->capacity[l] = (double)m->cache[l].size_bytes * used / (double)node_threads;
        }
        struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->capacity};
        if (rfl_levels_detect(&in, &c->levels) != 0) {
            rfl_error("%s: the %s %s %s curve cannot be analysed (%zu points)", t->path, c->kernel, c->precision,
                      c->isa, c->n);
            return -1;
        }
    }
    return 0;
}

void rfl_level_name(const struct rfl_model *m, unsigned level, char *buf, size_t len)
{
    if (level < m->ncache)
        snprintf(buf, len, "L%d", m->cache[level].level);
    else
        snprintf(buf, len, "DRAM");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int kernel_used(const struct rfl_settings *s, const char *kernel)
{
    unsigned all = (1u << RFL_BW_NKERNELS) - 1;
    for (int k = 0; k < RFL_BW_NKERNELS; k++)
        if (strcmp(rfl_bw_kernel_names[k], kernel) == 0)
            return s->bandwidth_kernels >> k & 1;
    return (s->bandwidth_kernels & all) == all;
}

static int bandwidth_ceilings(struct rfl_model *m, const struct rfl_settings *s)
{
    if (m->ncurves == 0)
        return 0;
    for (size_t i = 0; i < m->ncurves; i++)
        m->curves[i].used = kernel_used(s, m->curves[i].kernel);
    for (unsigned l = 0; l <= m->ncache; l++) {
        char name[16];
        rfl_level_name(m, l, name, sizeof name);
        const struct rfl_bw_curve *win = NULL;
        size_t wbest = 0, wfirst = 0, wlast = 0, wcount = 0, with_points = 0, ntrans = 0;
        uint64_t *trans = calloc(m->ncurves, sizeof *trans);
        if (!trans)
            return -1;
        for (size_t i = 0; i < m->ncurves; i++) {
            const struct rfl_bw_curve *c = &m->curves[i];
            if (!c->used)
                continue;
            with_points += c->levels.points[l] > 0;
            struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->capacity};
            size_t best = 0, first = 0, last = 0;
            size_t count = rfl_levels_value(&in, &c->levels, l, &best, &first, &last);
            if (!count)
                continue;
            if (!win || c->y[best] > win->y[wbest]) {
                win = c;
                wbest = best;
                wfirst = first;
                wlast = last;
                wcount = count;
            }
            double tr = rfl_levels_transition(&in, &c->levels, l);
            if (tr > 0)
                trans[ntrans++] = (uint64_t)llround(tr * (double)(c->ranks * c->threads_per_rank));
        }
        if (!win) {
            if (with_points)
                rfl_model_note(m, "%s: no plateau in any bandwidth curve (its working sets fall in transitions), "
                                  "so no %s ceiling", name, name);
            else
                rfl_model_note(m, "%s: the bandwidth sweep has no working set in this level", name);
            free(trans);
            continue;
        }
        struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
        if (!ce) {
            free(trans);
            return -1;
        }
        snprintf(ce->device, sizeof ce->device, "cpu");
        ce->kind = RFL_CEILING_BANDWIDTH;
        snprintf(ce->name, sizeof ce->name, "%s", name);
        ce->value = win->y[wbest];
        snprintf(ce->program, sizeof ce->program, "rfl_bandwidth");
        snprintf(ce->kernel, sizeof ce->kernel, "%s", win->kernel);
        snprintf(ce->precision, sizeof ce->precision, "%s", win->precision);
        snprintf(ce->isa, sizeof ce->isa, "%s", win->isa);
        ce->ranks = win->ranks;
        ce->threads_per_rank = win->threads_per_rank;
        ce->wss_min_bytes = win->wss[wfirst];
        ce->wss_max_bytes = win->wss[wlast];
        double job_threads = (double)(win->ranks * win->threads_per_rank);
        ce->topology_bytes = l < m->ncache ? (uint64_t)llround(win->capacity[l] * job_threads)
                                           : m->memory_bytes * (uint64_t)win->nodes;
        if (ntrans) {
            qsort(trans, ntrans, sizeof *trans, cmp_u64);
            ce->transition_bytes = ntrans % 2 ? trans[ntrans / 2] : (trans[ntrans / 2 - 1] + trans[ntrans / 2]) / 2;
        }
        free(trans);
        ce->flops_per_elem = NAN;
        ce->points = wcount;
        ce->curve = (long)(win - m->curves);
        ce->segment = win->levels.owner[l];
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[win->input].file);
    }
    /* Levels whose ceilings are one plateau of one curve: no step was seen
     * between them. */
    for (size_t i = 0; i < m->nceilings; i++) {
        struct rfl_ceiling *a = &m->ceilings[i];
        if (a->curve < 0)
            continue;
        size_t used = 0;
        for (size_t j = 0; j < m->nceilings; j++) {
            const struct rfl_ceiling *b = &m->ceilings[j];
            if (j != i && b->curve == a->curve && b->segment == a->segment)
                used += (size_t)snprintf(a->shared_with + used, sizeof a->shared_with - used, "%s%s",
                                         used ? " " : "", b->name);
        }
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * rfl_flops: GFLOP/s against flops per element -> a ceiling per precision
 * and instruction set (and variant, where a file has several)
 * ------------------------------------------------------------------------- */

const char *const rfl_flops_columns[] = {
    "variant", "isa", "precision", "ranks", "threads_per_rank", "wss_bytes", "flops_per_elem",
    "gflops_per_s", "verified", NULL};
const char *const rfl_flops_optional_columns[] = {
    "unroll", "wss_bytes_per_thread", "elems_per_thread", "bytes_per_elem", "arithmetic_intensity",
    "trials", "experiments", "flops_per_sample", "time_min_s", "time_median_s", "time_max_s",
    "gflops_per_s_median", "gflops_per_s_worst", "gbytes_per_s", "peak_gflops_per_s",
    "fraction_of_peak", "above_peak", "model_gflops_per_s", "hwloc_level", "kernel_form", "clock_ghz",
    "cores_used", "isa_peak_gflops_per_s", "fraction_of_isa_peak", "model_bound", NULL};

static struct rfl_flops_series *find_series(struct rfl_model *m, size_t input, const char *variant,
                                            const char *isa, const char *prec, long ranks, long threads)
{
    for (size_t i = 0; i < m->nseries; i++) {
        struct rfl_flops_series *f = &m->series[i];
        if (f->input == input && f->ranks == ranks && f->threads_per_rank == threads &&
            !strcmp(f->variant, variant) && !strcmp(f->isa, isa) && !strcmp(f->precision, prec))
            return f;
    }
    struct rfl_flops_series *more = realloc(m->series, (m->nseries + 1) * sizeof *more);
    if (!more)
        return NULL;
    m->series = more;
    struct rfl_flops_series *f = &m->series[m->nseries++];
    memset(f, 0, sizeof *f);
    snprintf(f->variant, sizeof f->variant, "%s", variant);
    snprintf(f->isa, sizeof f->isa, "%s", isa);
    snprintf(f->precision, sizeof f->precision, "%s", prec);
    f->ranks = ranks;
    f->threads_per_rank = threads;
    f->input = input;
    f->peak = NAN;
    return f;
}

/* One point per flops-per-element: the best unroll (the envelope). */
static int series_push(struct rfl_flops_series *f, double fpe, double gflops, double model, uint64_t wss, long unroll)
{
    for (size_t k = 0; k < f->n; k++)
        if (f->fpe[k] == fpe) {
            if (gflops > f->gflops[k]) {
                f->gflops[k] = gflops;
                f->wss[k] = wss;
                f->unroll[k] = unroll;
            }
            if (model > 0 && !(f->model[k] >= model))
                f->model[k] = model;
            return 0;
        }
    long *u = realloc(f->unroll, (f->n + 1) * sizeof *u);
    if (u)
        f->unroll = u;
    double *a = realloc(f->fpe, (f->n + 1) * sizeof *a);
    if (a)
        f->fpe = a;
    double *b = realloc(f->gflops, (f->n + 1) * sizeof *b);
    if (b)
        f->gflops = b;
    double *c = realloc(f->model, (f->n + 1) * sizeof *c);
    if (c)
        f->model = c;
    uint64_t *d = realloc(f->wss, (f->n + 1) * sizeof *d);
    if (d)
        f->wss = d;
    if (!a || !b || !c || !d || !u)
        return -1;
    f->unroll[f->n] = unroll;
    f->fpe[f->n] = fpe;
    f->gflops[f->n] = gflops;
    f->model[f->n] = model;
    f->wss[f->n] = wss;
    f->n++;
    return 0;
}

static int load_flops(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (json_object_get(meta, "topology") && topology_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    int c_var = rfl_table_column(t, "variant"), c_isa = rfl_table_column(t, "isa");
    int c_prec = rfl_table_column(t, "precision"), c_ranks = rfl_table_column(t, "ranks");
    int c_threads = rfl_table_column(t, "threads_per_rank"), c_wss = rfl_table_column(t, "wss_bytes");
    int c_fpe = rfl_table_column(t, "flops_per_elem"), c_rate = rfl_table_column(t, "gflops_per_s");
    int c_ver = rfl_table_column(t, "verified"), c_model = rfl_table_column(t, "model_gflops_per_s");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_unroll = rfl_table_column(t, "unroll");
    size_t first_series = m->nseries;
    for (size_t r = 0; r < t->nrows; r++) {
        char variant[32], isa[16], prec[16];
        long ranks, threads, verified, unroll = 0;
        uint64_t wss;
        double fpe, rate, model = NAN, peak = NAN;
        if (copy_text(variant, sizeof variant, t, r, c_var) || copy_text(isa, sizeof isa, t, r, c_isa) ||
            copy_text(prec, sizeof prec, t, r, c_prec) || rfl_table_int(t, r, c_ranks, &ranks) ||
            rfl_table_int(t, r, c_threads, &threads) || rfl_table_u64(t, r, c_wss, &wss) ||
            rfl_table_double(t, r, c_fpe, 0, &fpe) || rfl_table_double(t, r, c_rate, 0, &rate) ||
            rfl_table_int(t, r, c_ver, &verified) ||
            (c_model >= 0 && rfl_table_double(t, r, c_model, 1, &model)) ||
            (c_peak >= 0 && rfl_table_double(t, r, c_peak, 1, &peak)) ||
            (c_unroll >= 0 && rfl_table_int(t, r, c_unroll, &unroll)))
            return -1;
        if (ranks < 1 || threads < 1 || !(rate > 0) || !(fpe > 0)) {
            rfl_error("%s:%d: ranks, threads_per_rank, flops_per_elem and gflops_per_s must be positive", t->path,
                      t->lineno[r]);
            return -1;
        }
        if (verified != 1) {
            rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
            continue;
        }
        struct rfl_flops_series *f = find_series(m, input, variant, isa, prec, ranks, threads);
        if (!f || series_push(f, fpe, rate, model, wss, unroll) != 0) {
            rfl_error("%s: out of memory", t->path);
            return -1;
        }
        if (peak > 0 && !(f->peak >= peak))
            f->peak = peak;
    }
    for (size_t i = first_series; i < m->nseries; i++) {
        struct rfl_flops_series *f = &m->series[i];
        for (size_t a = 1; a < f->n; a++)
            for (size_t b = a; b > 0 && f->fpe[b - 1] > f->fpe[b]; b--) {
                double t0 = f->fpe[b], t1 = f->gflops[b], t2 = f->model[b];
                uint64_t t3 = f->wss[b];
                long t4 = f->unroll[b];
                f->fpe[b] = f->fpe[b - 1], f->gflops[b] = f->gflops[b - 1], f->model[b] = f->model[b - 1];
                f->wss[b] = f->wss[b - 1], f->unroll[b] = f->unroll[b - 1];
                f->fpe[b - 1] = t0, f->gflops[b - 1] = t1, f->model[b - 1] = t2, f->wss[b - 1] = t3;
                f->unroll[b - 1] = t4;
            }
    }
    return 0;
}

static int flops_ceilings(struct rfl_model *m, const struct rfl_settings *s)
{
    (void)s;
    char *done = calloc(m->nseries ? m->nseries : 1, 1);
    if (!done)
        return -1;
    for (size_t i = 0; i < m->nseries; i++) {
        if (done[i])
            continue;
        const struct rfl_flops_series *best = NULL;
        size_t best_row = 0;
        for (size_t j = i; j < m->nseries; j++) {
            const struct rfl_flops_series *f = &m->series[j];
            if (strcmp(f->precision, m->series[i].precision) || strcmp(f->isa, m->series[i].isa) ||
                strcmp(f->variant, m->series[i].variant))
                continue;
            done[j] = 1;
            for (size_t r = 0; r < f->n; r++)
                if (!best || f->gflops[r] > best->gflops[best_row]) {
                    best = f;
                    best_row = r;
                }
        }
        if (!best)
            continue;
        struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
        if (!ce) {
            free(done);
            return -1;
        }
        snprintf(ce->device, sizeof ce->device, "cpu");
        ce->kind = RFL_CEILING_COMPUTE;
        /* The variant is in the name only where one precision and ISA has several. */
        int many_variants = 0;
        for (size_t j = 0; j < m->nseries; j++)
            many_variants |= !strcmp(m->series[j].precision, best->precision) &&
                             !strcmp(m->series[j].isa, best->isa) && strcmp(m->series[j].variant, best->variant);
        if (many_variants)
            snprintf(ce->name, sizeof ce->name, "%s %s %s", best->precision, best->isa, best->variant);
        else
            snprintf(ce->name, sizeof ce->name, "%s %s", best->precision, best->isa);
        ce->value = best->gflops[best_row];
        snprintf(ce->program, sizeof ce->program, "rfl_flops");
        if (best->unroll[best_row] > 0)
            snprintf(ce->kernel, sizeof ce->kernel, "%s unroll %d", best->variant, (int)(best->unroll[best_row] & 0xffff));
        else
            snprintf(ce->kernel, sizeof ce->kernel, "%s", best->variant);
        snprintf(ce->precision, sizeof ce->precision, "%s", best->precision);
        snprintf(ce->isa, sizeof ce->isa, "%s", best->isa);
        ce->ranks = best->ranks;
        ce->threads_per_rank = best->threads_per_rank;
        ce->wss_min_bytes = ce->wss_max_bytes = best->wss[best_row];
        ce->flops_per_elem = best->fpe[best_row];
        ce->points = 1;
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[best->input].file);
    }
    free(done);
    return 0;
}

/* ---------------------------------------------------------------------------
 * The table
 * ------------------------------------------------------------------------- */

static const char *const app_columns[] = {"name", "arithmetic_intensity", "gflops_per_s", NULL};
static const char *const app_optional[] = {"level", "precision", NULL};
static const char *const ceilings_columns[] = {NULL};

/* First match wins: gpu_micro*_transfer_fit.csv before ..._transfer.csv,
 * the gemm companions before gemm*.csv. The GPU rows' ceilings step
 * (rfl_gpu_ceilings) makes every GPU ceiling, device "gpuN". */
const struct rfl_source rfl_sources[] = {
    {"bandwidth*.csv", "bandwidth", "rfl_bandwidth", rfl_bandwidth_columns, NULL, load_bandwidth,
     bandwidth_ceilings, NULL},
    {"flops*.csv", "flops", "rfl_flops", rfl_flops_columns, rfl_flops_optional_columns, load_flops,
     flops_ceilings, NULL},
    {"gpu_bandwidth*.csv", "gpu bandwidth", "rfl_gpu_bandwidth", rfl_gpu_bandwidth_columns,
     rfl_gpu_bandwidth_optional, rfl_gpu_load_bandwidth, rfl_gpu_ceilings, NULL},
    {"gpu_flops*.csv", "gpu flops", "rfl_gpu_flops", rfl_gpu_flops_columns, rfl_gpu_flops_optional,
     rfl_gpu_load_flops, NULL, NULL},
    {"gpu_micro*_launch.csv", "gpu launch overhead", "rfl_gpu_micro", rfl_gpu_launch_columns, NULL,
     rfl_gpu_load_launch, NULL, NULL},
    {"gpu_micro*_transfer_fit.csv", "gpu transfer fit", "rfl_gpu_micro", rfl_gpu_transfer_fit_columns, NULL,
     rfl_gpu_load_transfer_fit, NULL, NULL},
    {"gpu_micro*_transfer.csv", "gpu transfer", "rfl_gpu_micro", rfl_gpu_transfer_columns, NULL,
     rfl_gpu_load_transfer, NULL, NULL},
    {"gpu_micro*_chase.csv", "gpu pointer chase", "rfl_gpu_micro", rfl_gpu_chase_columns, NULL,
     rfl_gpu_load_chase, NULL, NULL},
    {"gpu_micro*_pipeline.csv", "gpu pipeline", "rfl_gpu_micro", rfl_gpu_pipeline_columns, NULL,
     rfl_gpu_load_pipeline, NULL, NULL},
    {"gpu_micro*_stride.csv", "gpu stride", "rfl_gpu_micro", rfl_gpu_stride_columns, NULL, rfl_gpu_load_stride,
     NULL, NULL},
    {"gpu_micro*_barrier.csv", "gpu barrier", "rfl_gpu_micro", rfl_gpu_barrier_columns, NULL,
     rfl_gpu_load_barrier, NULL, NULL},
    {"unified_memory*.csv", "unified memory", "rfl_unified_memory", rfl_gpu_um_columns, NULL, rfl_gpu_load_um,
     NULL, NULL},
    {"gemm*_mix.csv", "gemm mix", "rfl_gemm", rfl_gpu_gemm_mix_columns, NULL, rfl_gpu_load_gemm_mix, NULL, "_mix"},
    {"gemm*_model.csv", "gemm model", "rfl_gemm", rfl_gpu_gemm_model_columns, NULL, rfl_gpu_load_gemm_model, NULL,
     "_model"},
    {"gemm*.csv", "gemm", "rfl_gemm", rfl_gpu_gemm_columns, NULL, rfl_gpu_load_gemm, NULL, NULL},
    /* Written by rfl itself: the application points (read by model.c) and the ceilings. */
    {"applications.csv", "applications", NULL, app_columns, app_optional, NULL, NULL, NULL},
    {"ceilings.csv", "ceilings", NULL, ceilings_columns, NULL, NULL, NULL, NULL},
};
const size_t rfl_nsources = sizeof rfl_sources / sizeof rfl_sources[0];

const struct rfl_source *rfl_source_for(const char *file_name)
{
    for (size_t i = 0; i < rfl_nsources; i++)
        if (fnmatch(rfl_sources[i].pattern, file_name, 0) == 0)
            return &rfl_sources[i];
    return NULL;
}
