/* The helpers every loader reads rows with, and the CPU topology of a sidecar. */
#include "config.h"
#include "load.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grows an array of `size`-byte elements by one; the new one is zeroed. */
void *rfl_load_grow(void *arrayp, size_t *n, size_t size)
{
    void **array = arrayp;
    char *more = realloc(*array, (*n + 1) * size);
    if (!more)
        return NULL;
    *array = more;
    memset(more + *n * size, 0, size);
    return more + (*n)++ * size;
}

int rfl_load_append(void *arrayp, size_t *n, size_t size, const void *elem)
{
    void *slot = rfl_load_grow(arrayp, n, size);
    if (!slot) {
        rfl_error("out of memory");
        return -1;
    }
    memcpy(slot, elem, size);
    return 0;
}

/* Appends *x (`size` bytes) to the array *arrayp of n elements: 0, or -1 out of memory. */
static int push(void *arrayp, size_t n, const void *x, size_t size)
{
    void **array = arrayp;
    char *more = realloc(*array, (n + 1) * size);
    if (!more)
        return -1;
    memcpy(more + n * size, x, size);
    *array = more;
    return 0;
}

int rfl_load_push_double(double **v, size_t n, double x) { return push(v, n, &x, sizeof x); }

int rfl_load_push_long(long **v, size_t n, long x) { return push(v, n, &x, sizeof x); }

int rfl_load_push_u64(uint64_t **v, size_t n, uint64_t x) { return push(v, n, &x, sizeof x); }

/* A positive number, as the median sample's rate: empty or no column, NaN. */
static int median_cell(const struct rfl_table *t, size_t row, int col, double *median)
{
    *median = NAN;
    return col >= 0 && (rfl_table_double(t, row, col, 1, median) ||
                        (!isnan(*median) && rfl_load_positive(t, row, col, *median)))
               ? -1
               : 0;
}

/* The timed samples: empty or no column, 0; else 1 to RFL_TABLE_MAX_COUNT. */
static int samples_cell(const struct rfl_table *t, size_t row, int col, long *samples)
{
    *samples = 0;
    return col >= 0 && *rfl_table_cell(t, row, col) && rfl_table_count(t, row, col, 1, RFL_TABLE_MAX_COUNT, samples)
               ? -1
               : 0;
}

int rfl_load_spread_cells(const struct rfl_table *t, size_t row, int c_median, int c_samples, double *median,
                          long *samples)
{
    return median_cell(t, row, c_median, median) || samples_cell(t, row, c_samples, samples) ? -1 : 0;
}

void rfl_load_cell_columns(const struct rfl_table *t, const struct rfl_load_cell *cells, size_t n, int *col)
{
    for (size_t i = 0; i < n; i++)
        col[i] = rfl_table_column(t, cells[i].column);
}

int rfl_load_cells(const struct rfl_table *t, size_t r, const struct rfl_load_cell *cells, size_t n, const int *col,
                   void *row)
{
    for (size_t i = 0; i < n; i++) {
        const struct rfl_load_cell *c = &cells[i];
        void *field = (char *)row + c->offset;
        int bad = 0;
        switch (c->kind) {
        case RFL_LOAD_TEXT:
            bad = rfl_load_text(field, c->size, t, r, col[i]);
            break;
        case RFL_LOAD_OPT_TEXT: {
            const char *text = rfl_table_cell(t, r, col[i]);
            bad = strlen(text) >= c->size;
            if (bad)
                rfl_error("%s:%d: column '%s': value too long '%s'", t->path, t->lineno[r], t->columns[col[i]], text);
            else
                memcpy(field, text, strlen(text) + 1);
            break;
        }
        case RFL_LOAD_COUNT:
            bad = rfl_table_count(t, r, col[i], c->min, RFL_TABLE_MAX_COUNT, field);
            break;
        case RFL_LOAD_OPT_INT:
            bad = rfl_load_opt_int(t, r, col[i], field);
            break;
        case RFL_LOAD_BYTES:
            bad = rfl_table_bytes(t, r, col[i], (uint64_t)c->min, field);
            break;
        case RFL_LOAD_NUMBER:
            bad = rfl_table_double(t, r, col[i], 0, field);
            break;
        case RFL_LOAD_POSITIVE:
            bad = rfl_table_double(t, r, col[i], 0, field) || rfl_load_positive(t, r, col[i], *(double *)field);
            break;
        case RFL_LOAD_OPTIONAL:
            *(double *)field = NAN;
            bad = col[i] >= 0 && rfl_table_double(t, r, col[i], 1, field);
            break;
        case RFL_LOAD_OPT_POSITIVE:
            bad = median_cell(t, r, col[i], field);
            break;
        case RFL_LOAD_SAMPLES:
            bad = samples_cell(t, r, col[i], field);
            break;
        }
        if (bad)
            return -1;
    }
    return 0;
}

void rfl_load_sort(size_t n, const struct rfl_load_points *a, size_t na)
{
    const double *key = a[0].v;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && key[j - 1] > key[j]; j--)
            for (size_t k = 0; k < na; k++) {
                unsigned char tmp[sizeof(long double)], *p = (unsigned char *)a[k].v + (j - 1) * a[k].size;
                memcpy(tmp, p, a[k].size);
                memmove(p, p + a[k].size, a[k].size);
                memcpy(p + a[k].size, tmp, a[k].size);
            }
}

void rfl_load_member_place(const json_t *meta, long rank, char *host, size_t len)
{
    const json_t *layout = json_object_get(meta, "layout");
    if (json_integer_value(json_object_get(json_object_get(layout, "node"), "numa_domains")) < 2)
        return;
    const json_t *ranks = json_object_get(layout, "ranks");
    for (size_t i = 0; i < json_array_size(ranks); i++) {
        const json_t *r = json_array_get(ranks, i);
        const char *numa = json_string_value(json_object_get(r, "numa"));
        if (json_integer_value(json_object_get(r, "rank")) != rank || !numa || !*numa ||
            strspn(numa, "0123456789,-") != strlen(numa))
            continue;
        size_t used = strlen(host);
        if (used < len)
            snprintf(host + used, len - used, " NUMA %s", numa);
        return;
    }
}

int rfl_load_sustained(const struct rfl_table *t, size_t row, int c_best, int c_median, int may_lift, double *rate,
                       double *median, double *sync)
{
    double best = NAN, mid = NAN;
    *sync = NAN;
    if ((c_best >= 0 && (rfl_table_double(t, row, c_best, 1, &best) ||
                         (!isnan(best) && rfl_load_positive(t, row, c_best, best)))) ||
        (c_median >= 0 && (rfl_table_double(t, row, c_median, 1, &mid) ||
                           (!isnan(mid) && rfl_load_positive(t, row, c_median, mid)))))
        return -1;
    if (may_lift && best > *rate) {
        *sync = *rate;
        *rate = best;
        *median = mid > 0 && mid <= best ? mid : NAN;
    }
    return 0;
}

int rfl_load_text(char *dst, size_t len, const struct rfl_table *t, size_t row, int col)
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

int rfl_load_choice(const struct rfl_table *t, size_t r, int col, const char *const *names, size_t n, char *dst,
                    size_t len)
{
    if (rfl_load_text(dst, len, t, r, col) != 0)
        return -1;
    for (size_t i = 0; i < n && names[i]; i++)
        if (!strcmp(dst, names[i]))
            return (int)i;
    return -2;
}

/* An integer that may be empty (memcpy rows have no launch shape): 0. */
int rfl_load_opt_int(const struct rfl_table *t, size_t row, int col, long *out)
{
    *out = 0;
    if (col < 0 || rfl_table_cell(t, row, col)[0] == '\0')
        return 0;
    return rfl_table_count(t, row, col, 0, RFL_TABLE_MAX_COUNT, out);
}

int rfl_load_job(const struct rfl_table *t, size_t row, int c_ranks, int c_threads, long *ranks, long *threads)
{
    if (rfl_table_count(t, row, c_ranks, 1, RFL_TABLE_MAX_COUNT, ranks) != 0 ||
        rfl_table_count(t, row, c_threads, 1, RFL_TABLE_MAX_COUNT, threads) != 0)
        return -1;
    if (*ranks > RFL_TABLE_MAX_COUNT / *threads) {
        rfl_error("%s:%d: column 'threads_per_rank': %ld ranks x '%s' threads is more than %ld threads", t->path,
                  t->lineno[row], *ranks, rfl_table_cell(t, row, c_threads), RFL_TABLE_MAX_COUNT);
        return -1;
    }
    return 0;
}

int rfl_load_room(const struct rfl_table *t, size_t row, size_t n, const char *what)
{
    if (n < RFL_LEVELS_MAX_POINTS)
        return 0;
    rfl_error("%s:%d: the %s curve has more than %d points (RFL_LEVELS_MAX_POINTS, the most one curve may have)",
              t->path, t->lineno[row], what, RFL_LEVELS_MAX_POINTS);
    return -1;
}

int rfl_load_positive(const struct rfl_table *t, size_t row, int col, double v)
{
    if (v > 0)
        return 0;
    rfl_error("%s:%d: column '%s': must be positive, got '%s'", t->path, t->lineno[row], t->columns[col],
              rfl_table_cell(t, row, col));
    return -1;
}

double rfl_load_json_num(const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_number(v) ? json_number_value(v) : 0;
}

/* verified must be 1; 0 skips the row with a note; -1 a bad value. */
int rfl_load_verified(struct rfl_model *m, const struct rfl_table *t, size_t r, int col)
{
    long v;
    if (rfl_table_int(t, r, col, &v) != 0)
        return -1;
    if (v != 1) {
        rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
        return 0;
    }
    return 1;
}

/* The key: each part as LENGTH:BYTES, so no two different lists of parts
 * make one key whatever bytes a field holds. */
static char *index_key(const char *const *parts, size_t nparts)
{
    size_t len = 1;
    for (size_t i = 0; i < nparts; i++)
        len += strlen(parts[i]) + 24;
    char *key = malloc(len);
    if (!key)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < nparts; i++)
        o += (size_t)snprintf(key + o, len - o, "%zu:%s", strlen(parts[i]), parts[i]);
    return key;
}

static size_t index_hash(const char *key)
{
    size_t h = 1469598103934665603u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    return h;
}

static long index_lookup(const struct rfl_load_index *ix, const char *key)
{
    if (!ix->cap)
        return -1;
    for (size_t i = index_hash(key) & (ix->cap - 1);; i = (i + 1) & (ix->cap - 1)) {
        if (!ix->keys[i])
            return -1;
        if (strcmp(ix->keys[i], key) == 0)
            return (long)ix->values[i];
    }
}

long rfl_load_index_find(const struct rfl_load_index *ix, const char *const *parts, size_t nparts)
{
    char *key = index_key(parts, nparts);
    long v = key ? index_lookup(ix, key) : -1;
    free(key);
    return v;
}

static void index_put(struct rfl_load_index *ix, char *key, size_t value)
{
    size_t i = index_hash(key) & (ix->cap - 1);
    while (ix->keys[i])
        i = (i + 1) & (ix->cap - 1);
    ix->keys[i] = key;
    ix->values[i] = value;
    ix->n++;
}

int rfl_load_index_add(struct rfl_load_index *ix, const char *const *parts, size_t nparts, size_t value)
{
    if (2 * (ix->n + 1) > ix->cap) { /* at most half full */
        struct rfl_load_index bigger = {0};
        bigger.cap = ix->cap ? 2 * ix->cap : 64;
        bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
        bigger.values = calloc(bigger.cap, sizeof *bigger.values);
        if (!bigger.keys || !bigger.values) {
            free(bigger.keys), free(bigger.values);
            rfl_error("out of memory");
            return -1;
        }
        for (size_t i = 0; i < ix->cap; i++)
            if (ix->keys[i])
                index_put(&bigger, ix->keys[i], ix->values[i]);
        free(ix->keys), free(ix->values);
        *ix = bigger;
    }
    char *key = index_key(parts, nparts);
    if (!key) {
        rfl_error("out of memory");
        return -1;
    }
    index_put(ix, key, value);
    return 0;
}

void *rfl_load_keyed(struct rfl_load_index *ix, const char *const *parts, size_t nparts, void *arrayp, size_t *n,
                     size_t size, int *made)
{
    *made = 0;
    const long found = rfl_load_index_find(ix, parts, nparts);
    if (found >= 0)
        return *(char **)arrayp + (size_t)found * size;
    void *e = rfl_load_grow(arrayp, n, size);
    if (!e) {
        rfl_error("out of memory");
        return NULL;
    }
    if (rfl_load_index_add(ix, parts, nparts, *n - 1) != 0)
        return NULL;
    *made = 1;
    return e;
}

void rfl_load_index_free(struct rfl_load_index *ix)
{
    for (size_t i = 0; i < ix->cap; i++)
        free(ix->keys[i]);
    free(ix->keys), free(ix->values);
    memset(ix, 0, sizeof *ix);
}

/* A sidecar's list of caches (topology.caches or .cpuid_caches): 0, or -1
 * after one line naming the file, the key and the entry. */
static int read_caches(const json_t *caches, const char *key, const char *path, struct rfl_cache_info *cache,
                       unsigned *ncache)
{
    *ncache = 0;
    size_t i;
    json_t *c;
    json_array_foreach(caches, i, c) {
        json_t *level = json_object_get(c, "level"), *size = json_object_get(c, "size_bytes");
        json_t *inst = json_object_get(c, "instances"), *share = json_object_get(c, "cores_sharing");
        if (!json_is_integer(level) || !json_is_integer(size) || !json_is_integer(inst) ||
            json_integer_value(level) < 0 || json_integer_value(level) > 99 || json_integer_value(size) <= 0 ||
            (uint64_t)json_integer_value(size) > RFL_TABLE_MAX_BYTES || json_integer_value(inst) <= 0 ||
            json_integer_value(inst) > RFL_TABLE_MAX_COUNT ||
            (json_is_integer(share) && (json_integer_value(share) < 0 || json_integer_value(share) > RFL_TABLE_MAX_COUNT))) {
            rfl_error("%s: topology.%s[%zu]: expected integer level (0 to 99), size_bytes (1 to 1 EiB) and "
                      "instances (1 to %ld)", path, key, i, RFL_TABLE_MAX_COUNT);
            return -1;
        }
        if (*ncache == RFL_LEVELS_MAX_CACHE) {
            rfl_error("%s: topology.%s: more than %d cache levels", path, key, RFL_LEVELS_MAX_CACHE);
            return -1;
        }
        struct rfl_cache_info *ci = &cache[(*ncache)++];
        ci->level = (int)json_integer_value(level);
        ci->size_bytes = (uint64_t)json_integer_value(size);
        ci->instances = (unsigned)json_integer_value(inst);
        ci->cores_sharing = json_is_integer(share) ? (unsigned)json_integer_value(share) : 0;
    }
    return 0;
}

int rfl_load_topology(struct rfl_model *m, const json_t *meta, const char *path)
{
    json_t *topo = json_object_get(meta, "topology");
    json_t *caches = json_object_get(topo, "caches"), *cpuid = json_object_get(topo, "cpuid_caches");
    if (!json_is_array(caches)) {
        rfl_error("%s: no topology.caches (the cache sizes that name the levels)", path);
        return -1;
    }
    if (cpuid && !json_is_null(cpuid) && !json_is_array(cpuid)) {
        rfl_error("%s: topology.cpuid_caches: expected a list of caches or null", path);
        return -1;
    }
    struct rfl_cache_info cache[RFL_LEVELS_MAX_CACHE], cpuid_cache[RFL_LEVELS_MAX_CACHE];
    unsigned ncache = 0, ncpuid = 0;
    if (read_caches(caches, "caches", path, cache, &ncache) != 0 ||
        (json_is_array(cpuid) && read_caches(cpuid, "cpuid_caches", path, cpuid_cache, &ncpuid) != 0))
        return -1;
    json_t *mem = json_object_get(topo, "memory_bytes"), *cores = json_object_get(topo, "cores");
    json_t *model = json_object_get(topo, "cpu_model"), *source = json_object_get(topo, "caches_source");
    if (m->ncache == 0 && m->memory_bytes == 0) {
        m->ncache = ncache;
        memcpy(m->cache, cache, sizeof cache);
        m->ncpuid_cache = ncpuid;
        memcpy(m->cpuid_cache, cpuid_cache, sizeof cpuid_cache);
        /* a word from the sidecar ("sysfs"): letters only reach the report */
        if (json_is_string(source) && strlen(json_string_value(source)) < sizeof m->cache_source &&
            strspn(json_string_value(source), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_") ==
                strlen(json_string_value(source)))
            snprintf(m->cache_source, sizeof m->cache_source, "%s", json_string_value(source));
        m->memory_bytes = json_is_integer(mem) && json_integer_value(mem) > 0 &&
                                  (uint64_t)json_integer_value(mem) <= RFL_TABLE_MAX_BYTES
                              ? (uint64_t)json_integer_value(mem)
                              : 0;
        m->cores = json_is_integer(cores) && json_integer_value(cores) > 0 &&
                           json_integer_value(cores) <= RFL_TABLE_MAX_COUNT
                       ? (unsigned)json_integer_value(cores)
                       : 0;
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
    if (m->ncpuid_cache == 0 && ncpuid) { /* an earlier sidecar (an older rfl) had none */
        m->ncpuid_cache = ncpuid;
        memcpy(m->cpuid_cache, cpuid_cache, sizeof cpuid_cache);
    }
    return 0;
}

int rfl_load_fit_row(struct rfl_model *m, const struct rfl_table *t, size_t row, struct rfl_load_fit *f)
{
    const int c_bw = rfl_table_column(t, "bandwidth_gbytes_per_s");
    if (rfl_table_count(t, row, rfl_table_column(t, "points"), 0, RFL_TABLE_MAX_COUNT, &f->points) ||
        rfl_table_bytes(t, row, rfl_table_column(t, "bytes_min"), 0, &f->bytes_min) ||
        rfl_table_bytes(t, row, rfl_table_column(t, "bytes_max"), 0, &f->bytes_max) ||
        rfl_table_double(t, row, rfl_table_column(t, "latency_us"), 1, &f->latency_us) ||
        rfl_table_double(t, row, c_bw, 1, &f->gbytes_per_s) ||
        rfl_table_double(t, row, rfl_table_column(t, "max_relative_error"), 1, &f->max_error))
        return -1;
    const int ok = rfl_load_verified(m, t, row, rfl_table_column(t, "verified"));
    if (ok > 0 && !isnan(f->gbytes_per_s) && rfl_load_positive(t, row, c_bw, f->gbytes_per_s))
        return -1;
    return ok;
}
