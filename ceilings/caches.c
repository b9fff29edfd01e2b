/* Which reported cache size the sweep confirms (see caches.h). */
#include "config.h"
#include "caches.h"
#include "common/plateau.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The job's share of a cache, as rfl_bandwidth and load_bandwidth.c count
 * it: the instances the node's threads use, over those threads, times the
 * job's threads. */
static uint64_t job_share(const struct rfl_cache_info *c, const struct rfl_bw_curve *k)
{
    long nodes = k->nodes > 0 ? k->nodes : 1;
    long node_threads = k->ranks / nodes * k->threads_per_rank;
    if (node_threads < 1)
        node_threads = 1;
    unsigned used = c->instances < (unsigned)node_threads ? c->instances : (unsigned)node_threads;
    return (uint64_t)llround((double)c->size_bytes * used / (double)node_threads *
                             (double)(k->ranks * k->threads_per_rank));
}

/* The step of a curve, the job's working set. */
static double job_step(const struct rfl_bw_curve *c) { return c->memory.step * (double)(c->ranks * c->threads_per_rank); }

static int cmp_step(const void *a, const void *b)
{
    double x = job_step(*(const struct rfl_bw_curve *const *)a), y = job_step(*(const struct rfl_bw_curve *const *)b);
    return x < y ? -1 : x > y;
}

void rfl_cache_check(const struct rfl_model *m, struct rfl_cache_check *v)
{
    memset(v, 0, sizeof *v);
    const struct rfl_bw_curve **steps = calloc(m->ncurves ? m->ncurves : 1, sizeof *steps);
    for (size_t i = 0; i < m->ncurves; i++) {
        const struct rfl_bw_curve *c = &m->curves[i];
        if (!c->used || !c->memory_known || c->memory.memory_first >= c->n || !c->wss)
            continue;
        v->curves++;
        v->confirmed += (size_t)c->memory.confirmed;
        if (c->memory.measured && c->memory.step > 0 && steps)
            steps[v->measured++] = c;
    }
    if (v->measured) {
        /* the median curve's end (the lower middle one of an even count),
         * and the sizes for its job */
        qsort(steps, v->measured, sizeof *steps, cmp_step);
        const struct rfl_bw_curve *k = steps[(v->measured - 1) / 2];
        v->step = (uint64_t)llround(job_step(k));
        v->transition_end = k->wss[k->memory.first];
        if (m->ncache) {
            v->hwloc_level = m->cache[m->ncache - 1].level;
            v->hwloc_llc = job_share(&m->cache[m->ncache - 1], k);
        }
        if (m->ncpuid_cache) {
            v->cpuid_level = m->cpuid_cache[m->ncpuid_cache - 1].level;
            v->cpuid_llc = job_share(&m->cpuid_cache[m->ncpuid_cache - 1], k);
        }
        v->hwloc_agrees = rfl_plateau_size_agrees((double)v->hwloc_llc, (double)v->step);
        v->cpuid_agrees = rfl_plateau_size_agrees((double)v->cpuid_llc, (double)v->step);
    }
    free(steps);
}

static json_t *caches_json(const struct rfl_cache_info *c, unsigned n)
{
    json_t *a = json_array();
    for (unsigned i = 0; i < n; i++)
        json_array_append_new(a, json_pack("{s:i, s:I, s:i}", "level", c[i].level, "size_bytes",
                                           (json_int_t)c[i].size_bytes, "instances", (int)c[i].instances));
    return a;
}

static json_t *bytes_or_null(uint64_t v) { return v ? json_integer((json_int_t)v) : json_null(); }

json_t *rfl_cache_check_json(const struct rfl_model *m)
{
    struct rfl_cache_check v;
    rfl_cache_check(m, &v);
    const char *verdict = !v.measured                           ? "not measured"
                          : v.hwloc_agrees && v.cpuid_agrees    ? "both"
                          : v.hwloc_agrees                      ? "hwloc"
                          : v.cpuid_agrees                      ? "cpuid"
                                                                : "neither";
    json_t *o = json_pack("{s:o, s:s, s:o}", "hwloc", caches_json(m->cache, m->ncache), "hwloc_source",
                          m->cache_source[0] ? m->cache_source : "hwloc", "cpuid",
                          m->ncpuid_cache ? caches_json(m->cpuid_cache, m->ncpuid_cache) : json_null());
    json_object_set_new(o, "memory_plateau_curves", json_integer((json_int_t)v.curves));
    json_object_set_new(o, "memory_plateau_confirmed", json_integer((json_int_t)v.confirmed));
    json_object_set_new(o, "transition_step_bytes", bytes_or_null(v.step));
    json_object_set_new(o, "transition_end_bytes", bytes_or_null(v.transition_end));
    json_object_set_new(o, "hwloc_llc_job_bytes", bytes_or_null(v.hwloc_llc));
    json_object_set_new(o, "cpuid_llc_job_bytes", bytes_or_null(v.cpuid_llc));
    json_object_set_new(o, "confirms", json_string(verdict));
    return o;
}
