/* rfl run's time budget and noise record (see run_budget.h). */
#include "config.h"
#include "run_budget.h"
#include "files.h"
#include "common/csv.h"
#include "common/input.h"
#include "common/log.h"
#include "common/meta.h"
#include "schema/schema.h"

#include <errno.h>
#include <hwloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The last-level cache of this machine, all instances, in MiB (0: unknown). */
static double llc_mib(void)
{
    hwloc_topology_t topo;
    double mib = 0;
    if (hwloc_topology_init(&topo) != 0)
        return 0;
    if (hwloc_topology_load(topo) == 0) {
        static const hwloc_obj_type_t types[] = {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L3CACHE,
                                                 HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L1CACHE};
        for (size_t i = 0; i < sizeof types / sizeof types[0] && mib == 0; i++) {
            int n = hwloc_get_nbobjs_by_type(topo, types[i]);
            hwloc_obj_t c = n > 0 ? hwloc_get_obj_by_type(topo, types[i], 0) : NULL;
            if (c && c->attr->cache.type != HWLOC_OBJ_CACHE_INSTRUCTION)
                mib = (double)c->attr->cache.size * n / (1024.0 * 1024.0);
        }
    }
    hwloc_topology_destroy(topo);
    return mib;
}

void rfl_run_budget_init(struct rfl_run_budget *b, double cli_s, const struct rfl_settings *s, const int *runs)
{
    memset(b, 0, sizeof *b);
    if (cli_s > 0) {
        b->total_s = cli_s;
        snprintf(b->source, sizeof b->source, "--budget");
    } else if (s->budget > 0) {
        b->total_s = s->budget;
        snprintf(b->source, sizeof b->source, "config");
    } else if (s->mode == RFL_MODE_QUICK || s->mode == RFL_MODE_FULL) {
        b->total_s = s->mode == RFL_MODE_QUICK ? 60 : 600;
        snprintf(b->source, sizeof b->source, "%s default", rfl_mode_names[s->mode]);
    }
    if (b->total_s <= 0)
        return;
    double reserve = RFL_RUN_BUDGET_RESERVE_S + RFL_RUN_BUDGET_RESERVE_FRACTION * b->total_s;
    double most = RFL_RUN_BUDGET_RESERVE_MAX_FRACTION * b->total_s;
    b->reserve_s = reserve < most ? reserve : most;
    b->llc_mib = llc_mib();
    for (int p = 0; p < RFL_NPROGRAMS; p++)
        if (runs[p])
            b->cost[p] = rfl_programs[p].cost_s + rfl_programs[p].cost_s_per_llc_mib * b->llc_mib;
}

double rfl_run_budget_share(const struct rfl_run_budget *b, int p, double used_s, int under_mpiexec)
{
    if (b->total_s <= 0 || !rfl_programs[p].budget || b->cost[p] <= 0)
        return 0;
    double rest = 0;
    for (int q = p; q < RFL_NPROGRAMS; q++)
        rest += b->cost[q];
    double left = b->total_s - b->reserve_s - b->earlier_s - used_s;
    double share = left * b->cost[p] / rest;
    share -= under_mpiexec ? RFL_RUN_BUDGET_STARTUP_MPIEXEC_S : RFL_RUN_BUDGET_STARTUP_S;
    return share > RFL_RUN_BUDGET_MIN_SHARE_S ? share : RFL_RUN_BUDGET_MIN_SHARE_S;
}

double rfl_run_budget_left(const struct rfl_run_budget *b, double used_s)
{
    double left = b->total_s - b->earlier_s - used_s;
    return left > 0 ? left : 0.0;
}

json_t *rfl_run_budget_json(const struct rfl_run_budget *b, double used_s)
{
    if (b->total_s <= 0)
        return json_null();
    return json_pack("{s:f, s:s, s:f, s:f, s:f, s:f, s:f}", "seconds", b->total_s, "source", b->source, "reserve_s",
                     b->reserve_s, "llc_mib", b->llc_mib, "used_s", b->earlier_s + used_s, "earlier_s", b->earlier_s,
                     "left_s", rfl_run_budget_left(b, used_s));
}


/* The sidecars of a step: its CSV pattern read as .json. */
static char **step_sidecars(const char *dir, const char *pattern)
{
    char json_pattern[256];
    size_t len = strlen(pattern);
    if (len < 4 || len + 2 >= sizeof json_pattern || strcmp(pattern + len - 4, ".csv") != 0)
        return NULL;
    snprintf(json_pattern, sizeof json_pattern, "%.*s.json", (int)(len - 4), pattern);
    return rfl_run_matching_files(dir, json_pattern, ".json");
}

static json_t *load_json(const char *dir, const char *name)
{
    char path[4096], why[256];
    size_t len = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    json_t *o = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    return o;
}

void rfl_run_budget_resume(struct rfl_run_budget *b, const char *dir)
{
    json_t *run = load_json(dir, "run.json");
    double e = json_number_value(json_object_get(run, "elapsed_s"));
    b->earlier_s = isfinite(e) && e > 0 ? e : 0;
    json_decref(run);
}

json_t *rfl_run_budget_of_step(const char *dir, const char *pattern, char **balance)
{
    char **names = step_sidecars(dir, pattern);
    json_t *cuts = json_array();
    int found = 0, spent = 0;
    *balance = NULL;
    for (size_t i = 0; names && names[i]; i++) {
        json_t *o = load_json(dir, names[i]);
        json_t *bud = json_object_get(o, "budget"), *verdict = json_object_get(json_object_get(o, "thread_balance"), "verdict");
        if (json_is_string(verdict) && !*balance)
            *balance = strdup(json_string_value(verdict));
        if (json_is_object(bud)) {
            found = 1;
            spent |= json_is_true(json_object_get(bud, "spent"));
            size_t k;
            json_t *c;
            json_array_foreach(json_object_get(bud, "cuts"), k, c)
                if (json_is_string(c))
                    json_array_append_new(cuts, rfl_json_text(json_string_value(c)));
        }
        json_decref(o);
    }
    rfl_input_free_names(names);
    if (!found) {
        json_decref(cuts);
        return NULL;
    }
    return json_pack("{s:o, s:b}", "cuts", cuts, "spent", spent);
}

const char *rfl_run_noise_verdict(double cv)
{
    return cv <= RFL_NOISE_STEADY ? "steady" : cv <= RFL_NOISE_NOISY ? "somewhat noisy" : "noisy";
}

json_t *rfl_run_noise(const char *dir, const struct rfl_run_noise_step *steps, size_t n, int *failed)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/noise.csv", dir);
    struct rfl_csv csv;
    int open = 0;
    size_t probes = 0;
    double sum = 0, sumsq = 0, cost = 0, lo = INFINITY, hi = 0;
    json_t *kernel = NULL;
    long long samples = 0;
    for (size_t s = 0; s < n; s++) {
        char **names = step_sidecars(dir, steps[s].pattern);
        for (size_t i = 0; names && names[i]; i++) {
            json_t *o = load_json(dir, names[i]);
            json_t *np = json_object_get(o, "noise_probe");
            json_t *list = json_object_get(np, "probes");
            if (json_is_number(json_object_get(np, "cost_s")))
                cost += json_number_value(json_object_get(np, "cost_s"));
            if (json_is_integer(json_object_get(np, "samples")))
                samples = json_integer_value(json_object_get(np, "samples"));
            if (!kernel && json_is_string(json_object_get(np, "kernel")))
                kernel = json_incref(json_object_get(np, "kernel"));
            size_t k;
            json_t *p;
            json_array_foreach(list, k, p) {
                double v[4];
                int ok = json_is_array(p) && json_array_size(p) == 4;
                for (size_t j = 0; ok && j < 4; j++) {
                    ok = json_is_number(json_array_get(p, j));
                    v[j] = ok ? json_number_value(json_array_get(p, j)) : 0;
                    ok = ok && isfinite(v[j]) && v[j] >= 0;
                }
                if (!ok)
                    continue;
                if (!open) {
                    if (rfl_csv_open(&csv, path, rfl_schema_noise_columns, RFL_SCHEMA_NOISE_NCOLUMNS) != 0) {
                        *failed = 1;
                        json_decref(o);
                        rfl_input_free_names(names);
                        json_decref(kernel);
                        return json_null();
                    }
                    open = 1;
                }
                rfl_csv_str(&csv, steps[s].name);
                rfl_csv_double(&csv, steps[s].started_s + v[0]);
                rfl_csv_double(&csv, v[1]);
                rfl_csv_double(&csv, v[2]);
                rfl_csv_double(&csv, v[3]);
                rfl_csv_end_row(&csv);
                probes++;
                sum += v[2];
                sumsq += v[2] * v[2];
                lo = v[2] < lo ? v[2] : lo;
                hi = v[2] > hi ? v[2] : hi;
            }
            json_decref(o);
        }
        rfl_input_free_names(names);
    }
    if (!open) {
        json_decref(kernel);
        return json_null();
    }
    if (rfl_csv_commit(&csv) != 0)
        *failed = 1;
    double mean = sum / (double)probes;
    double var = probes > 1 ? (sumsq - sum * mean) / (double)(probes - 1) : 0;
    double cv = mean > 0 && var > 0 ? sqrt(var) / mean : 0;
    json_t *o = json_pack("{s:s, s:I, s:I, s:f, s:f, s:f, s:f}", "file", "noise.csv", "probes", (json_int_t)probes,
                          "samples_per_probe", (json_int_t)samples,
                          "gbytes_per_s_median_mean", mean, "gbytes_per_s_median_min", lo,
                          "gbytes_per_s_median_max", hi, "cost_s", cost);
    json_object_set_new(o, "kernel", kernel ? kernel : json_null());
    json_object_set_new(o, "cv", probes > 1 ? json_real(cv) : json_null());
    json_object_set_new(o, "verdict", probes > 1 ? json_string(rfl_run_noise_verdict(cv)) : json_null());
    return o;
}
