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
    /* Insertion sort: the programs write ascending already. */
    for (size_t i = 1; i < c->n; i++)
        for (size_t j = i; j > 0 && c->x[j - 1] > c->x[j]; j--) {
            double tx = c->x[j], ty = c->y[j], tm = c->y_median[j], tsy = c->sync[j];
            uint64_t tw = c->wss[j];
            long ts = c->samples[j];
            c->x[j] = c->x[j - 1], c->y[j] = c->y[j - 1], c->wss[j] = c->wss[j - 1];
            c->y_median[j] = c->y_median[j - 1], c->samples[j] = c->samples[j - 1], c->sync[j] = c->sync[j - 1];
            c->x[j - 1] = tx, c->y[j - 1] = ty, c->wss[j - 1] = tw, c->y_median[j - 1] = tm, c->samples[j - 1] = ts;
            c->sync[j - 1] = tsy;
        }
}

int rfl_load_bandwidth(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_topology(m, meta, m->inputs[input].file) != 0)
        return -1;
    json_t *placement = json_object_get(meta, "rank_placement");
    long nodes = count_nodes(json_is_string(placement) ? json_string_value(placement) : NULL);
    int c_kernel = rfl_table_column(t, "kernel"), c_prec = rfl_table_column(t, "precision");
    int c_isa = rfl_table_column(t, "isa"), c_nt = rfl_table_column(t, "nontemporal");
    int c_ranks = rfl_table_column(t, "ranks"), c_threads = rfl_table_column(t, "threads_per_rank");
    int c_wss = rfl_table_column(t, "wss_bytes"), c_wpt = rfl_table_column(t, "wss_bytes_per_thread");
    int c_rate = rfl_table_column(t, "gbytes_per_s"), c_ver = rfl_table_column(t, "verified");
    int c_median = rfl_table_column(t, "gbytes_per_s_median"), c_exp = rfl_table_column(t, "experiments");
    int c_rank = rfl_table_column(t, "rank"), c_host = rfl_table_column(t, "host");
    int c_sus = rfl_table_column(t, "gbytes_per_s_sustained"), c_sus_med = rfl_table_column(t, "gbytes_per_s_sustained_median");
    int c_memory = rfl_table_column(t, "memory");
    size_t first_curve = m->ncurves;
    struct rfl_load_index index = {0};
    for (size_t r = 0; r < t->nrows; r++) {
        char kernel[32], prec[16], isa[16], memory[16] = "local";
        long nt, ranks, threads, verified, samples = 0;
        uint64_t wss, wpt;
        double rate, median = NAN, sync;
        if (rfl_load_text(kernel, sizeof kernel, t, r, c_kernel) || rfl_load_text(prec, sizeof prec, t, r, c_prec) ||
            rfl_load_text(isa, sizeof isa, t, r, c_isa) || rfl_table_count(t, r, c_nt, 0, 1, &nt) ||
            rfl_load_job(t, r, c_ranks, c_threads, &ranks, &threads) || rfl_table_bytes(t, r, c_wss, 1, &wss) ||
            rfl_table_bytes(t, r, c_wpt, 1, &wpt) ||
            rfl_table_double(t, r, c_rate, 0, &rate) || rfl_table_int(t, r, c_ver, &verified) ||
            rfl_load_spread_cells(t, r, c_median, c_exp, &median, &samples))
            goto fail;
        const int in_own_cache = (double)wpt <= private_cache_bytes(m, ranks / (nodes > 0 ? nodes : 1) * threads);
        if ((c_memory >= 0 && rfl_load_text(memory, sizeof memory, t, r, c_memory)) ||
            rfl_load_positive(t, r, c_rate, rate) != 0 ||
            rfl_load_sustained(t, r, c_sus, c_sus_med, in_own_cache, &rate, &median, &sync) != 0)
            goto fail;
        if (verified != 1) {
            rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
            continue;
        }
        if (c_rank >= 0 && *rfl_table_cell(t, r, c_rank)) {
            /* one rank's own row: a member's (members.h) */
            struct rfl_member_row row = {.input = input, .device = "cpu", .wss = wss, .rate = rate};
            if (rfl_table_count(t, r, c_rank, 0, ranks - 1, &row.rank) ||
                (c_host >= 0 && rfl_load_text(row.host, sizeof row.host, t, r, c_host)))
                goto fail;
            rfl_load_member_place(meta, row.rank, row.host, sizeof row.host);
            rfl_member_key(row.key, sizeof row.key, kernel, prec, isa, nt != 0, ranks, threads);
            if (rfl_member_row_add(m, &row) != 0) {
                rfl_error("%s: out of memory", t->path);
                goto fail;
            }
            continue;
        }
        if (strcmp(memory, "local") && strcmp(memory, "remote")) {
            rfl_error("%s:%d: column 'memory': expected local or remote, not '%s'", t->path, t->lineno[r], memory);
            goto fail;
        }
        struct rfl_bw_curve *c = find_curve(m, &index, input, kernel, prec, isa, nt != 0, ranks, threads,
                                            !strcmp(memory, "remote"));
        char what[96];
        snprintf(what, sizeof what, "%s %s %s", kernel, prec, isa);
        if (c && rfl_load_room(t, r, c->n, what) != 0)
            goto fail;
        if (!c || curve_push(c, (double)wpt, rate, wss, median, samples, sync) != 0) {
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
