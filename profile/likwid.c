/* likwid-perfctr's `-O` (CSV) output -> one point per marker region
 * (profile.h); without markers, one for the whole run.
 *
 * What likwid.lua's printOutput writes, per region and group (every table
 * transposed: one line per event or metric, one column per hardware
 * thread; lines padded with commas):
 *
 *     TABLE,Region triad,Group 1 Raw,FLOPS_DP,6,,
 *     Region Info,HWThread 0,HWThread 1
 *     RDTSC Runtime [s],0.512000,0.511000
 *     call count,10,10
 *     Event,Counter,HWThread 0,HWThread 1
 *     ...
 *     TABLE,Region triad,Group 1 Metric,FLOPS_DP,10,,
 *     Metric,HWThread 0,HWThread 1
 *     Runtime (RDTSC) [s],0.5120,0.5110
 *     DP [MFLOP/s],1953.1250,1956.9472
 *     ...
 *
 * ("Raw STAT" and "Metric STAT" tables follow with more than one thread:
 * sums, not read.) Without markers the header reads "TABLE,Group 1
 * Metric,FLOPS_DP,10". One run measures one group: the runs of FLOPS_DP (or
 * FLOPS_SP), L2, L3 and MEM may be concatenated into one file.
 *
 * flops = sum over threads of DP (SP) [MFLOP/s] x Runtime (RDTSC) [s] of
 * that table; time: the longest thread's runtime; bytes at L2, L3 and DRAM:
 * the sums of "L2 data volume", "L3 data volume" and "Memory data volume"
 * (Zen's MEM1 and MEM2 groups: "Memory data volume (channels 0-3)" and
 * "(channels 4-7)", added). A metric seen again (the same group run twice)
 * replaces the earlier one. */
#include "config.h"
#include "profile.h"
#include "ceilings/model.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNTIME "Runtime (RDTSC) [s]"

struct entry {
    char metric[96];
    int what;       /* 0 fp64 flops, 1 fp32 flops, 2 + an rfl_mem_level: bytes */
    double value, time;
};

struct region {
    char *name;
    int line;           /* of its last metric read, for a message about its sums */
    long calls;
    double *info_time;  /* its Raw table's region info: each thread's runtime, 6 decimals (NULL: none) */
    size_t ninfo;
    struct entry *e;
    size_t ne;
};

struct reader {
    const char *path;
    struct region *r;
    size_t nr;
    char cpu[128];
    int metric_tables;
};

/* Fields of a line split at commas, trailing empty ones dropped (in place). */
static size_t fields(char *line, char **f, size_t max)
{
    size_t n = 0;
    for (char *s = line; n < max;) {
        f[n++] = s;
        s = strchr(s, ',');
        if (!s)
            break;
        *s++ = '\0';
    }
    while (n && !*f[n - 1])
        n--;
    return n;
}

static struct region *region_named(struct reader *rd, const char *name)
{
    for (size_t i = 0; i < rd->nr; i++)
        if (!strcmp(rd->r[i].name, name))
            return &rd->r[i];
    struct region *more = realloc(rd->r, (rd->nr + 1) * sizeof *more);
    if (!more)
        return NULL;
    rd->r = more;
    struct region *g = &rd->r[rd->nr];
    memset(g, 0, sizeof *g);
    g->name = strdup(name);
    if (!g->name)
        return NULL;
    rd->nr++;
    return g;
}

/* What a metric's name makes of it: 0/1 flops, 2 + level bytes, -1 none;
 * *scale: its unit in flop/s or bytes (0: a unit rfl does not know). */
static int metric_kind(const char *name, double *scale, const char **known)
{
    static const struct {
        const char *unit;
        double f;
    } rates[] = {{"FLOP/s", 1}, {"KFLOP/s", 1e3}, {"MFLOP/s", 1e6}, {"GFLOP/s", 1e9}},
      volumes[] = {{"Bytes", 1}, {"KBytes", 1e3}, {"MBytes", 1e6}, {"GBytes", 1e9}, {"TBytes", 1e12}};
    int what = -1;
    if (!strncmp(name, "DP [", 4))
        what = 0;
    else if (!strncmp(name, "SP [", 4))
        what = 1;
    else if (!strncmp(name, "L2 data volume [", 16))
        what = 2 + RFL_MEM_L2;
    else if (!strncmp(name, "L3 data volume [", 16))
        what = 2 + RFL_MEM_L3;
    else if (!strncmp(name, "Memory data volume", 18) && strchr(name, '['))
        what = 2 + RFL_MEM_DRAM;
    if (what < 0)
        return -1;
    const char *open = strrchr(name, '[');
    size_t len = strlen(name);
    *scale = 0;
    *known = what < 2 ? "FLOP/s, KFLOP/s, MFLOP/s, GFLOP/s" : "Bytes, KBytes, MBytes, GBytes, TBytes";
    if (!open || name[len - 1] != ']')
        return what;
    size_t ulen = (size_t)(name + len - 1 - open - 1);
    for (size_t i = 0; i < (what < 2 ? 4u : 5u); i++) {
        const char *u = what < 2 ? rates[i].unit : volumes[i].unit;
        if (strlen(u) == ulen && !strncmp(open + 1, u, ulen))
            *scale = what < 2 ? rates[i].f : volumes[i].f;
    }
    return what;
}

/* One metric's values over the table's threads; -1 after a message. */
static int values(struct reader *rd, int line, const char *region, const char *metric, char **f, size_t n,
                  size_t threads, double *v)
{
    if (n != threads + 1) {
        rfl_error("%s:%d: region '%s': metric '%s': %zu values for %zu hardware threads", rd->path, line, region, metric,
                  n - 1, threads);
        return -1;
    }
    for (size_t t = 0; t < threads; t++)
        if (rfl_parse_decimal(f[t + 1], &v[t]) != 0 || v[t] < 0) { /* strict, as every input (issue 28) */
            rfl_error("%s:%d: region '%s': metric '%s': '%s' (hardware thread %zu) is not a number", rd->path, line,
                      region, metric, f[t + 1], t);
            return -1;
        }
    return 0;
}

static int add_entry(struct region *g, const char *metric, int what, double value, double time)
{
    for (size_t i = 0; i < g->ne; i++)
        if (!strcmp(g->e[i].metric, metric)) {
            g->e[i].value = value;
            g->e[i].time = time;
            return 0;
        }
    struct entry *more = realloc(g->e, (g->ne + 1) * sizeof *more);
    if (!more)
        return -1;
    g->e = more;
    struct entry *e = &g->e[g->ne++];
    snprintf(e->metric, sizeof e->metric, "%.95s", metric);
    e->what = what;
    e->value = value;
    e->time = time;
    return 0;
}

/* A Metric table of `rows` metrics, from the line after its header; *at:
 * the next line to read. */
static int metric_table(struct reader *rd, const char *region, long rows, char **lines, size_t nlines, size_t *at)
{
    enum { MAXT = 4096 };
    char *f[MAXT + 2];
    if (*at >= nlines) {
        rfl_error("%s:%zu: region '%s': the table ends before its Metric line", rd->path, *at, region);
        return -1;
    }
    size_t n = fields(lines[*at], f, MAXT + 2);
    if (n < 2 || strcmp(f[0], "Metric") || n > MAXT + 1) {
        rfl_error("%s:%zu: region '%s': expected 'Metric,HWThread 0,...'", rd->path, *at + 1, region);
        return -1;
    }
    size_t threads = n - 1;
    (*at)++;
    double *v = calloc(threads, sizeof *v), *runtime = calloc(threads, sizeof *runtime);
    struct {
        char metric[96];
        int what, line;
        double scale, *v;
    } found[8];
    size_t nfound = 0;
    int have_runtime = 0, rc = 0;
    if (!v || !runtime)
        rc = -1;
    for (long r = 0; rc == 0 && r < rows; r++, (*at)++) {
        if (*at >= nlines) {
            rfl_error("%s:%zu: region '%s': the table ends after %ld of its %ld metrics", rd->path, *at, region, r, rows);
            rc = -1;
            break;
        }
        int line = (int)*at + 1;
        n = fields(lines[*at], f, MAXT + 2);
        if (!n)
            continue;
        double scale = 0;
        const char *known = "";
        int what = strcmp(f[0], RUNTIME) ? metric_kind(f[0], &scale, &known) : -2;
        if (what == -1)
            continue;
        if (what >= 0 && !(scale > 0)) {
            rfl_error("%s:%d: region '%s': metric '%s': its unit is not one rfl knows (%s)", rd->path, line, region, f[0],
                      known);
            rc = -1;
        } else if (what == -2) {
            rc = values(rd, line, region, f[0], f, n, threads, runtime);
            have_runtime = 1;
        } else if (nfound < 8) {
            found[nfound].v = calloc(threads, sizeof *v);
            if (!found[nfound].v || values(rd, line, region, f[0], f, n, threads, found[nfound].v) != 0) {
                free(found[nfound].v);
                rc = -1;
                break;
            }
            snprintf(found[nfound].metric, sizeof found[nfound].metric, "%.95s", f[0]);
            found[nfound].what = what;
            found[nfound].line = line;
            found[nfound++].scale = scale;
        }
    }
    struct region *g = rc == 0 && nfound ? region_named(rd, region) : NULL;
    if (rc == 0 && nfound && !g)
        rc = -1;
    /* The region info's runtimes have 6 decimals, the metric's 4: the former where there is one per thread. */
    for (size_t t = 0; g && g->ninfo == threads && t < threads; t++)
        runtime[t] = g->info_time[t];
    for (size_t i = 0; i < nfound; i++) {
        double sum = 0, longest = 0;
        if (rc == 0 && found[i].what < 2 && !have_runtime) {
            rfl_error("%s:%d: region '%s': metric '%s' without '" RUNTIME "' in its table", rd->path, found[i].line,
                      region, found[i].metric);
            rc = -1;
        }
        for (size_t t = 0; rc == 0 && t < threads; t++) {
            sum += found[i].what < 2 ? found[i].v[t] * found[i].scale * runtime[t] : found[i].v[t] * found[i].scale;
            longest = fmax(longest, runtime[t]);
        }
        if (rc == 0 && !rfl_profile_amount_ok(sum)) {
            rfl_error("%s:%d: region '%s': metric '%s': its sum over %zu hardware threads%s is too large a number "
                      "(%g: profile.csv could not hold it)", rd->path, found[i].line, region, found[i].metric, threads,
                      found[i].what < 2 ? ", each rate x its runtime," : "", sum);
            rc = -1;
        }
        if (rc == 0 && found[i].what < 2 && !(longest > 0)) {
            rfl_error("%s:%d: region '%s': metric '" RUNTIME "' is 0 (no time)", rd->path, found[i].line, region);
            rc = -1;
        }
        if (rc == 0 && add_entry(g, found[i].metric, found[i].what, sum, longest) != 0)
            rc = -1;
        if (g)
            g->line = found[i].line;
        free(found[i].v);
    }
    free(v);
    free(runtime);
    rd->metric_tables++;
    return rc;
}

/* A Raw table's region info: each thread's runtime and the call count
 * (the most of any thread). */
static int region_info(struct reader *rd, const char *region, char **lines, size_t nlines, size_t at)
{
    enum { MAXT = 4096 };
    char *f[MAXT + 2];
    struct region *g = region_named(rd, region);
    if (!g)
        return -1;
    for (size_t i = at; i < nlines && i < at + 4; i++) {
        int calls = !strncmp(lines[i], "call count,", 11), time = !strncmp(lines[i], "RDTSC Runtime [s],", 18);
        if (!calls && !time)
            continue;
        char *copy = strdup(lines[i]);
        size_t n = copy ? fields(copy, f, MAXT + 2) : 0;
        if (!copy) {
            free(copy);
            return -1;
        }
        if (time) {
            free(g->info_time);
            g->ninfo = 0;
            g->info_time = calloc(n, sizeof *g->info_time);
            for (size_t t = 1; g->info_time && t < n; t++)
                if (rfl_parse_decimal(f[t], &g->info_time[g->ninfo]) == 0)
                    g->ninfo++;
            if (g->ninfo != n - 1) /* not a runtime per thread: the metric's own instead */
                g->ninfo = 0;
        }
        for (size_t t = 1; calls && t < n; t++) {
            long c = strtol(f[t], NULL, 10);
            g->calls = c > g->calls ? c : g->calls;
        }
        free(copy);
    }
    return 0;
}

/* "TABLE,[Region NAME,]Group N KIND,GROUP,ROWS": region ("" without
 * markers), KIND and ROWS; 0 when it is no such line. */
static int table_header(char *line, char *region, size_t rlen, char *kind, size_t klen, long *rows)
{
    size_t len = strlen(line);
    while (len && line[len - 1] == ',')
        line[--len] = '\0';
    char *c3 = strrchr(line, ',');
    if (!c3)
        return 0;
    *c3 = '\0';
    char *c2 = strrchr(line, ',');
    if (!c2)
        return 0;
    *c2 = '\0';
    char *c1 = strrchr(line, ',');
    if (!c1 || strncmp(c1 + 1, "Group ", 6))
        return 0;
    *c1 = '\0';
    *rows = strtol(c3 + 1, NULL, 10);
    const char *k = strchr(c1 + 7, ' ');
    snprintf(kind, klen, "%s", k ? k + 1 : "");
    const char *r = line + 6; /* after "TABLE," */
    if (r > c1)
        r = c1;
    snprintf(region, rlen, "%s", !strncmp(r, "Region ", 7) ? r + 7 : "");
    return 1;
}

static int to_profile(struct reader *rd, struct rfl_profile *p)
{
    int flops = 0, bytes = 0;
    for (size_t i = 0; i < rd->nr; i++)
        for (size_t e = 0; e < rd->r[i].ne; e++) {
            flops |= rd->r[i].e[e].what < 2;
            bytes |= rd->r[i].e[e].what >= 2;
        }
    if (!rd->metric_tables) {
        rfl_error("%s: not likwid-perfctr CSV: no metric table (expected the output of likwid-perfctr -O -g GROUP)",
                  rd->path);
        return -1;
    }
    if (!flops) {
        rfl_error("%s: no flops: no metric 'DP [MFLOP/s]' or 'SP [MFLOP/s]' (add a run of likwid-perfctr -g "
                  "FLOPS_DP or FLOPS_SP)", rd->path);
        return -1;
    }
    if (!bytes) {
        rfl_error("%s: no bytes: no metric 'L2 data volume', 'L3 data volume' or 'Memory data volume' (add runs of "
                  "likwid-perfctr -g L2, L3 and MEM)", rd->path);
        return -1;
    }
    p->k = calloc(rd->nr, sizeof *p->k);
    if (!p->k)
        return -1;
    for (size_t i = 0; i < rd->nr; i++) {
        struct region *g = &rd->r[i];
        struct rfl_app *k = &p->k[p->n++];
        k->name = strdup(*g->name ? g->name : "whole run");
        k->device_name = *rd->cpu ? strdup(rd->cpu) : NULL;
        if (!k->name)
            return -1;
        snprintf(k->device, sizeof k->device, "cpu");
        snprintf(k->tool, sizeof k->tool, "likwid");
        k->launches = g->calls > 0 ? g->calls : 1;
        k->clock_mhz = NAN;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            k->bytes[l] = NAN;
        for (size_t e = 0; e < g->ne; e++) {
            const struct entry *x = &g->e[e];
            if (x->what < 2) {
                k->flops[x->what == 0 ? RFL_FLOP_FP64 : RFL_FLOP_FP32] += x->value;
                k->time_s = fmax(k->time_s, x->time);
            } else {
                int l = x->what - 2;
                k->bytes[l] = (isfinite(k->bytes[l]) ? k->bytes[l] : 0) + x->value;
            }
        }
        char what[256];
        if (rfl_kernel_check(k, what, sizeof what) != 0) {
            rfl_error("%s:%d: region '%s': %s (profile.csv could not hold it)", rd->path, g->line, k->name, what);
            return -1;
        }
    }
    return 0;
}

int rfl_likwid_read(const char *path, struct rfl_profile *p)
{
    memset(p, 0, sizeof *p);
    size_t len = 0;
    char *text = rfl_input_read_text(path, RFL_INPUT_MAX_BYTES, &len, "the likwid-perfctr CSV");
    if (!text)
        return -1;
    size_t nlines = 0, cap = 1;
    for (size_t i = 0; i < len; i++)
        cap += text[i] == '\n';
    char **lines = malloc(cap * sizeof *lines);
    struct reader rd = {.path = path};
    int rc = lines ? 0 : -1;
    for (char *s = text; lines && s && *s;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        size_t l = strlen(s);
        if (l && s[l - 1] == '\r')
            s[l - 1] = '\0';
        lines[nlines++] = s;
        s = nl ? nl + 1 : NULL;
    }
    for (size_t i = 0; rc == 0 && i < nlines;) {
        if (rfl_interrupted()) {
            rc = -1; /* the caller says so */
            break;
        }
        char *line = lines[i++];
        if (!strncmp(line, "CPU name:,", 10)) {
            char *f[4], *copy = strdup(line);
            if (copy && fields(copy, f, 4) >= 2)
                snprintf(rd.cpu, sizeof rd.cpu, "%s", f[1]);
            free(copy);
            continue;
        }
        char region[256], kind[32];
        long rows = 0;
        if (strncmp(line, "TABLE,", 6) || !table_header(line, region, sizeof region, kind, sizeof kind, &rows))
            continue;
        if (!strcmp(kind, "Metric") && (rows < 1 || rows > 4096)) {
            rfl_error("%s:%zu: region '%s': a metric table of %ld rows", path, i, region, rows);
            rc = -1;
        } else if (!strcmp(kind, "Metric")) {
            rc = metric_table(&rd, region, rows, lines, nlines, &i);
        } else if (!strcmp(kind, "Raw") && *region && region_info(&rd, region, lines, nlines, i) != 0) {
            rfl_error("%s: out of memory", path);
            rc = -1;
        }
    }
    if (rc == 0)
        rc = to_profile(&rd, p);
    else if (!lines)
        rfl_error("%s: out of memory", path);
    for (size_t i = 0; i < rd.nr; i++) {
        free(rd.r[i].name);
        free(rd.r[i].info_time);
        free(rd.r[i].e);
    }
    free(rd.r);
    free(lines);
    free(text);
    if (rc != 0)
        rfl_profile_free(p);
    return rc;
}
