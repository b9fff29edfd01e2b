/* rfl_bandwidth's CSV: bandwidth against working set, one curve per kernel x
 * precision x ISA x ranks x threads, its levels found from the topology. */
#include "config.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "common/log.h"
#include "common/plateau.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The curve of this file (`index`: its curves so far) with these fields,
 * made when new. */
static struct rfl_bw_curve *find_curve(struct rfl_model *m, struct rfl_load_index *index, size_t input,
                                       const char *kernel, const char *prec, const char *isa, int nt, long ranks,
                                       long threads, int remote)
{
    char job[64];
    snprintf(job, sizeof job, "%d %ld %ld %d", nt, ranks, threads, remote);
    const char *key[] = {kernel, prec, isa, job};
    int made;
    struct rfl_bw_curve *c = rfl_load_keyed(index, key, 4, &m->curves, &m->ncurves, sizeof *c, &made);
    if (c && made) {
        snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
        snprintf(c->precision, sizeof c->precision, "%s", prec);
        snprintf(c->isa, sizeof c->isa, "%s", isa);
        c->nontemporal = nt;
        c->ranks = ranks;
        c->threads_per_rank = threads;
        c->remote = remote;
        c->input = input;
    }
    return c;
}

static int curve_push(struct rfl_bw_curve *c, double x, double y, uint64_t wss, double median, long samples,
                      double sync)
{
    if (rfl_load_push_u64(&c->wss, c->n, wss) || rfl_load_push_double(&c->x, c->n, x) ||
        rfl_load_push_double(&c->y, c->n, y) || rfl_load_push_double(&c->y_median, c->n, median) ||
        rfl_load_push_long(&c->samples, c->n, samples) || rfl_load_push_double(&c->sync, c->n, sync))
        return -1;
    c->n++;
    return 0;
}

/* The per-thread share of each cache level (as rfl_topo_level_name counts it) and the levels' names. */
static void curve_capacities(const struct rfl_model *m, struct rfl_bw_curve *c)
{
    long node_threads = c->ranks / c->nodes * c->threads_per_rank;
    if (node_threads < 1)
        node_threads = 1;
    c->ncache = m->ncache;
    for (unsigned l = 0; l < m->ncache; l++) {
        unsigned used = m->cache[l].instances < (unsigned)node_threads ? m->cache[l].instances : (unsigned)node_threads;
        c->capacity[l] = (double)m->cache[l].size_bytes * used / (double)node_threads;
    }
    for (unsigned l = 0; l <= m->ncache; l++)
        c->level_of[l] = (int)l;
}

/* The caches each thread has to itself (common/plateau.h: where a sustained rate counts). */
static double private_cache_bytes(const struct rfl_model *m, long node_threads)
{
    double size[RFL_LEVELS_MAX_CACHE];
    unsigned instances[RFL_LEVELS_MAX_CACHE];
    for (unsigned l = 0; l < m->ncache; l++) {
        size[l] = (double)m->cache[l].size_bytes;
        instances[l] = m->cache[l].instances;
    }
    return rfl_private_cache_bytes(size, instances, m->ncache, node_threads);
}

static void sort_curve(struct rfl_bw_curve *c)
{
    const struct rfl_load_points points[] = {RFL_LOAD_POINTS(c->x),        RFL_LOAD_POINTS(c->y),
                                             RFL_LOAD_POINTS(c->y_median), RFL_LOAD_POINTS(c->sync),
                                             RFL_LOAD_POINTS(c->wss),      RFL_LOAD_POINTS(c->samples)};
    rfl_load_sort(c->n, points, sizeof points / sizeof *points);
}

int rfl_load_bandwidth(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_topology(m, meta, m->inputs[input].file) != 0)
        return -1;
    json_t *placement = json_object_get(meta, "rank_placement");
    long nodes = count_nodes(json_is_string(placement) ? json_string_value(placement) : NULL);
    int c_kernel = rfl_table_column(t, "kernel"), c_prec = rfl_table_column(t, "precision");
    int c_isa = rfl_table_column(t, "isa"), c_nt = rfl_table_column(t, "nontemporal");
    int c_wss = rfl_table_column(t, "wss_bytes"), c_wpt = rfl_table_column(t, "wss_bytes_per_thread");
    int c_memory = rfl_table_column(t, "memory");
    struct rfl_load_cpu cpu;
    rfl_load_cpu_columns(t, "gbytes_per_s", &cpu);
    size_t first_curve = m->ncurves;
    struct rfl_load_index index = {0};
    for (size_t r = 0; r < t->nrows; r++) {
        char kernel[32], prec[16], isa[16], memory[16] = "local", key[160];
        long nt;
        uint64_t wss, wpt;
        if (rfl_load_text(kernel, sizeof kernel, t, r, c_kernel) || rfl_load_text(prec, sizeof prec, t, r, c_prec) ||
            rfl_load_text(isa, sizeof isa, t, r, c_isa) || rfl_table_count(t, r, c_nt, 0, 1, &nt) ||
            rfl_load_cpu_cells(t, r, &cpu) || rfl_table_bytes(t, r, c_wss, 1, &wss) ||
            rfl_table_bytes(t, r, c_wpt, 1, &wpt) ||
            (c_memory >= 0 && rfl_load_text(memory, sizeof memory, t, r, c_memory)))
            goto fail;
        const long node_threads = cpu.ranks / (nodes > 0 ? nodes : 1) * cpu.threads;
        rfl_member_key(key, sizeof key, kernel, prec, isa, nt != 0, cpu.ranks, cpu.threads);
        int mine = rfl_load_cpu_row(m, t, r, meta, input, (double)wpt <= private_cache_bytes(m, node_threads), wss,
                                    key, &cpu);
        if (mine < 0)
            goto fail;
        if (!mine)
            continue;
        if (strcmp(memory, "local") && strcmp(memory, "remote")) {
            rfl_error("%s:%d: column 'memory': expected local or remote, not '%s'", t->path, t->lineno[r], memory);
            goto fail;
        }
        struct rfl_bw_curve *c = find_curve(m, &index, input, kernel, prec, isa, nt != 0, cpu.ranks, cpu.threads,
                                            !strcmp(memory, "remote"));
        char what[96];
        snprintf(what, sizeof what, "%s %s %s", kernel, prec, isa);
        if (c && rfl_load_room(t, r, c->n, what) != 0)
            goto fail;
        if (!c || curve_push(c, (double)wpt, cpu.rate, wss, cpu.median, cpu.samples, cpu.sync) != 0) {
            rfl_error("%s: out of memory", t->path);
            goto fail;
        }
        c->nodes = nodes;
    }
    rfl_load_index_free(&index);
    double measured_end = 0; /* per thread: where this file's curves' own transitions ended, the largest */
    for (size_t i = first_curve; i < m->ncurves; i++) {
        struct rfl_bw_curve *c = &m->curves[i];
        sort_curve(c);
        curve_capacities(m, c);
        rfl_curve_find_memory(c, 0);
        const double e = c->remote || c->nontemporal ? 0 : rfl_plateau_measured_end(&c->memory, c->x, c->n);
        measured_end = e > measured_end ? e : measured_end;
    }
    for (size_t i = first_curve; i < m->ncurves; i++) {
        struct rfl_bw_curve *c = &m->curves[i];
        /* Where memory begins is measured on the curve, before the levels
         * are named: a point in the last transition's shoulder is the last
         * cache's, never DRAM (common/plateau.h); for a curve with no step
         * of its own, past where the file's other curves' transitions ended. */
        rfl_curve_find_memory(c, measured_end);
        if (rfl_curve_levels(c, t->path, c->precision, c->isa) != 0)
            return -1;
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}
