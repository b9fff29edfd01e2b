/* The FMA units rfl_flops's threads ran on (its sidecar's fma_units): where
 * threads share them (SMT siblings that hwloc shows, or that the pair
 * probe found under a hypervisor that hides them), a compute spec counts
 * the sets of FMA units that exist, not the threads; the report says so. */
#include "config.h"
#include "load.h"
#include "model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/log.h"

/* fma_units.KEY as a count: absent or null is 0; else an integer in [1, max]. */
static int count_of(const json_t *o, const char *key, long max, long *out, const char *where)
{
    const json_t *v = json_object_get(o, key);
    *out = 0;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > max) {
        char got[64];
        if (json_is_integer(v))
            snprintf(got, sizeof got, "%lld", (long long)json_integer_value(v));
        else
            snprintf(got, sizeof got, "a JSON %s", json_is_string(v) ? "string" : json_is_real(v) ? "real" : "value");
        rfl_error("%s: fma_units.%s: expected an integer from 1 to %ld, got %s", where, key, max, got);
        return -1;
    }
    *out = (long)json_integer_value(v);
    return 0;
}

static int ratio_of(const json_t *o, const char *key, double *out, const char *where)
{
    const json_t *v = json_object_get(o, key);
    *out = NAN;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_number(v) || !(json_number_value(v) > 0) || !isfinite(json_number_value(v))) {
        rfl_error("%s: fma_units.%s: expected a positive number or null", where, key);
        return -1;
    }
    *out = json_number_value(v);
    return 0;
}

int rfl_load_fma_units(struct rfl_model *m, const json_t *meta, const char *path)
{
    const json_t *o = json_object_get(meta, "fma_units");
    if (!o || m->fma.known)
        return 0;
    char where[1400];
    size_t stem = strlen(path) > 4 ? strlen(path) - 4 : strlen(path);
    snprintf(where, sizeof where, "%s/%.*s.json", m->dir, (int)stem, path);
    if (!json_is_object(o)) {
        rfl_error("%s: fma_units: expected an object", where);
        return -1;
    }
    const json_t *src = json_object_get(o, "source");
    const char *source = json_is_string(src) ? json_string_value(src) : "";
    if (strcmp(source, "hwloc") && strcmp(source, "probe") && strcmp(source, "none")) {
        rfl_error("%s: fma_units.source: expected \"hwloc\", \"probe\" or \"none\"", where);
        return -1;
    }
    long threads, logical, physical, hwloc_cores;
    double shared, separate;
    if (count_of(o, "threads", 1L << 24, &threads, where) || count_of(o, "logical_cpus", 1L << 24, &logical, where) ||
        count_of(o, "physical", logical ? logical : 1L << 24, &physical, where) ||
        count_of(o, "hwloc_cores", logical ? logical : 1L << 24, &hwloc_cores, where) ||
        ratio_of(o, "pair_ratio_shared", &shared, where) || ratio_of(o, "pair_ratio_separate", &separate, where))
        return -1;
    if (!strcmp(source, "none") || !threads || !logical || !physical)
        return 0; /* nothing counted: the spec counts threads, as before */
    m->fma.known = 1;
    snprintf(m->fma.source, sizeof m->fma.source, "%s", source);
    snprintf(m->fma.file, sizeof m->fma.file, "%s", path);
    m->fma.threads = threads;
    m->fma.logical = logical;
    m->fma.physical = physical;
    m->fma.hwloc_cores = hwloc_cores;
    m->fma.ratio_shared = shared;
    m->fma.ratio_separate = separate;
    /* The flops per cycle per core the program's peak used, for a spec
     * without per-cycle keys in the config. */
    const json_t *prec = json_object_get(json_object_get(meta, "peak"), "precisions");
    for (int p = 0; p < RFL_NSPEC_PRECISIONS; p++) {
        const json_t *f = json_object_get(json_object_get(prec, rfl_spec_precision_names[p]), "flops_per_cycle_per_core");
        m->fma.flops_per_cycle[p] = json_is_number(f) && json_number_value(f) > 0 ? json_number_value(f) : 0;
    }
    return 0;
}

/* The fewer sets of FMA units than threads rfl_flops recorded for a ceiling
 * of this shape (the largest thread count it ran). */
static int shares(const struct rfl_model *m, const struct rfl_ceiling *c)
{
    return m->fma.known && c->ranks * c->threads_per_rank == m->fma.threads && m->fma.physical < m->fma.threads;
}

int rfl_fma_spec_cores(const struct rfl_model *m, const struct rfl_ceiling *c, unsigned *cores, char *text,
                       size_t len)
{
    if (!shares(m, c)) {
        snprintf(text, len, "%u cores", *cores);
        return 0;
    }
    *cores = (unsigned)m->fma.physical;
    snprintf(text, len, "%u physical core%s (%ld threads share FMA units: %s)", *cores, *cores == 1 ? "" : "s",
             m->fma.threads, m->fma.source);
    return 1;
}

void rfl_fma_units_describe(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    struct rfl_fma_units *f = &m->fma;
    f->sentence[0] = '\0';
    if (!f->known)
        return;
    char spec[160] = "", ratio[192] = "";
    if (s->spec_cores)
        snprintf(spec, sizeof spec, "; the config's spec.cores (%u) sets the compute spec's cores instead",
                 s->spec_cores);
    if (f->physical < f->threads && !strcmp(f->source, "probe")) {
        if (isfinite(f->ratio_shared))
            snprintf(ratio, sizeof ratio, " (two threads on sibling CPUs ran its FMA kernel at %.2f x one thread's "
                     "rate%s)", f->ratio_shared, f->hwloc_cores > f->physical ? ": SMT siblings hidden from hwloc" : "");
        snprintf(f->sentence, sizeof f->sentence,
                 "FMA units: rfl_flops's %ld threads ran on %ld CPUs, which hwloc shows as %ld cores; its pair probe "
                 "found %ld sets of FMA units among them%s, so the compute spec counts %ld physical cores%s.",
                 f->threads, f->logical, f->hwloc_cores ? f->hwloc_cores : f->logical, f->physical, ratio,
                 f->physical, spec);
    } else if (f->physical < f->threads) {
        snprintf(f->sentence, sizeof f->sentence,
                 "FMA units: rfl_flops's %ld threads ran on %ld cores (hwloc%s), which share their FMA units, so "
                 "the compute spec counts %ld physical cores%s.",
                 f->threads, f->physical, f->logical > f->physical ? ": SMT siblings" : ": more threads than CPUs",
                 f->physical, spec);
    } else if (!strcmp(f->source, "probe")) {
        if (isfinite(f->ratio_separate))
            snprintf(ratio, sizeof ratio, " (pairs ran its FMA kernel at %.2f x one thread's rate)",
                     f->ratio_separate);
        snprintf(f->sentence, sizeof f->sentence,
                 "FMA units: rfl_flops's pair probe found no two of the %ld CPUs its threads ran on sharing FMA "
                 "units%s, so the compute spec counts all %ld%s.",
                 f->logical, ratio, f->physical, spec);
    }
}
