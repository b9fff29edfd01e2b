/* The kinds of CSV a run directory holds, each with its loader. */
#include "config.h"
#include "load.h"
#include "sources.h"
#include "common/input.h"
#include "schema/schema.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ceilings_columns[] = {NULL};

/* Required: what the driver reads (and how a row is chosen); optional: the
 * rest of what the program writes (schema/KIND.def says which is which). A
 * column in neither is refused. First match wins: gpu_micro*_transfer_fit.csv
 * before ..._transfer.csv, the gemm companions before gemm*.csv,
 * network*_fit.csv before network*.csv (gpu_link's likewise). The GPU rows'
 * ceilings step (rfl_gpu_ceilings) makes every GPU ceiling, device "gpuN". */
#define SCHEMA(kind) .required = rfl_schema_##kind##_required, .optional = rfl_schema_##kind##_optional
const struct rfl_source rfl_sources[] = {
    {.pattern = "bandwidth*.csv", .kind = "bandwidth", .program = "rfl_bandwidth", SCHEMA(bandwidth),
     .load = rfl_load_bandwidth, .ceilings = rfl_bandwidth_ceilings},
    {.pattern = "flops*.csv", .kind = "flops", .program = "rfl_flops", SCHEMA(flops), .load = rfl_load_flops,
     .ceilings = rfl_flops_ceilings},
    {.pattern = "gpu_bandwidth*.csv", .kind = "gpu bandwidth", .program = "rfl_gpu_bandwidth", SCHEMA(gpu_bandwidth),
     .load = rfl_gpu_load_bandwidth, .ceilings = rfl_gpu_ceilings},
    {.pattern = "gpu_flops*.csv", .kind = "gpu flops", .program = "rfl_gpu_flops", SCHEMA(gpu_flops),
     .load = rfl_gpu_load_flops},
    {.pattern = "gpu_micro*_launch.csv", .kind = "gpu launch overhead", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_launch), .load = rfl_gpu_load_launch},
    {.pattern = "gpu_micro*_transfer_fit.csv", .kind = "gpu transfer fit", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_transfer_fit), .load = rfl_gpu_load_transfer_fit},
    {.pattern = "gpu_micro*_transfer.csv", .kind = "gpu transfer", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_transfer), .load = rfl_gpu_load_transfer},
    {.pattern = "gpu_micro*_chase.csv", .kind = "gpu pointer chase", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_chase), .load = rfl_gpu_load_chase},
    {.pattern = "gpu_micro*_pipeline.csv", .kind = "gpu pipeline", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_pipeline), .load = rfl_gpu_load_pipeline},
    {.pattern = "gpu_micro*_stride.csv", .kind = "gpu stride", .program = "rfl_gpu_micro", SCHEMA(gpu_micro_stride),
     .load = rfl_gpu_load_stride},
    {.pattern = "gpu_micro*_barrier.csv", .kind = "gpu barrier", .program = "rfl_gpu_micro",
     SCHEMA(gpu_micro_barrier), .load = rfl_gpu_load_barrier},
    {.pattern = "unified_memory*.csv", .kind = "unified memory", .program = "rfl_unified_memory",
     SCHEMA(unified_memory), .load = rfl_gpu_load_um},
    {.pattern = "gemm*_mix.csv", .kind = "gemm mix", .program = "rfl_gemm", SCHEMA(gemm_mix),
     .load = rfl_gpu_load_gemm_mix, .companion = "_mix"},
    {.pattern = "gemm*_model.csv", .kind = "gemm model", .program = "rfl_gemm", SCHEMA(gemm_model),
     .load = rfl_gpu_load_gemm_model, .companion = "_model"},
    {.pattern = "gemm*.csv", .kind = "gemm", .program = "rfl_gemm", SCHEMA(gemm), .load = rfl_gpu_load_gemm},
    /* The network roofs (device "network"), from the fit, their spread from the rows. */
    {.pattern = "network*_fit.csv", .kind = "network fit", .program = "rfl_network", SCHEMA(network_fit),
     .load = rfl_load_network_fit, .companion = "_fit"},
    {.pattern = "network*.csv", .kind = "network", .program = "rfl_network", SCHEMA(network),
     .load = rfl_load_network, .ceilings = rfl_network_ceilings},
    /* The GPU link roofs (device "gpu_link"), from the fits, their spread from the rows. */
    {.pattern = "gpu_link*_fit.csv", .kind = "gpu link fit", .program = "rfl_gpu_link", SCHEMA(gpu_link_fit),
     .load = rfl_load_gpu_link_fit, .companion = "_fit"},
    {.pattern = "gpu_link*.csv", .kind = "gpu link", .program = "rfl_gpu_link", SCHEMA(gpu_link),
     .load = rfl_load_gpu_link, .ceilings = rfl_gpu_link_ceilings},
    /* Last of the measurements: its points are bounded by every roof above (a GPU's and the CPU's). */
    {.pattern = "dense.csv", .kind = "dense", .program = "rfl_dense", SCHEMA(dense), .load = rfl_load_dense,
     .ceilings = rfl_dense_points},
    /* Written by rfl itself: the application points (read by apps.c), rfl profile's
     * (profile_csv.c), the ceilings and rfl run's noise probes. */
    {.pattern = "applications.csv", .kind = "applications", SCHEMA(applications)},
    {.pattern = "profile.csv", .kind = "profile", SCHEMA(profile)},
    {.pattern = "ceilings.csv", .kind = "ceilings", .required = ceilings_columns},
    {.pattern = "noise.csv", .kind = "noise", SCHEMA(noise)},
};
#undef SCHEMA
const size_t rfl_nsources = sizeof rfl_sources / sizeof rfl_sources[0];

const struct rfl_source *rfl_source_for(const char *file_name)
{
    for (size_t i = 0; i < rfl_nsources; i++)
        if (fnmatch(rfl_sources[i].pattern, file_name, 0) == 0)
            return &rfl_sources[i];
    return NULL;
}

static int ends_with(const char *s, size_t n, const char *tail)
{
    size_t t = strlen(tail);
    return n >= t && strncmp(s + n - t, tail, t) == 0;
}

/* The "program" of DIR/STEM.json into prog; -1 when there is no readable
 * sidecar with one (load_input then says why, if the file is loaded). */
static int sidecar_program(const char *dir, const char *name, size_t stem, char *prog, size_t len)
{
    char path[4096], why[256];
    if ((size_t)snprintf(path, sizeof path, "%s/%.*s.json", dir, (int)stem, name) >= sizeof path)
        return -1;
    size_t n = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &n, why, sizeof why);
    if (!text)
        return -1;
    json_t *meta = json_loadb(text, n, 0, NULL);
    free(text);
    json_t *p = json_object_get(meta, "program");
    int rc = json_is_string(p) && snprintf(prog, len, "%s", json_string_value(p)) < (int)len ? 0 : -1;
    json_decref(meta);
    return rc;
}

/* Among PROGRAM's sources, the one whose name after the pattern's `*` ends
 * NAME (gpu_micro's _launch.csv ...; ".csv" for a program of one file); a
 * companion (_fit, _mix) has no sidecar of its own, so it is never one. */
static const struct rfl_source *of_program(const char *program, const char *name, size_t n)
{
    for (size_t i = 0; i < rfl_nsources; i++) {
        const struct rfl_source *src = &rfl_sources[i];
        if (!src->program || strcmp(src->program, program) != 0 || src->companion)
            continue;
        const char *star = strrchr(src->pattern, '*');
        if (ends_with(name, n, star ? star + 1 : ".csv"))
            return src;
    }
    return NULL;
}

/* The sidecar says which program wrote a file (rfl_bandwidth -o bw.csv
 * writes bw.csv and bw.json), so the user's choice of name never decides
 * its kind; the name decides only rfl's own files and a file with no sidecar
 * (load_input then refuses it for that). */
const struct rfl_source *rfl_source_for_input(const char *dir, const char *name)
{
    const struct rfl_source *by_name = rfl_source_for(name);
    size_t n = strlen(name);
    if ((by_name && !by_name->program) || !ends_with(name, n, ".csv"))
        return by_name;
    char prog[64];
    const struct rfl_source *src;
    if (sidecar_program(dir, name, n - 4, prog, sizeof prog) == 0 && (src = of_program(prog, name, n)))
        return src;
    /* A companion (NAME_fit.csv) has its main file's sidecar (NAME.json). */
    for (size_t i = 0; i < rfl_nsources; i++) {
        const struct rfl_source *c = &rfl_sources[i];
        char tail[32];
        snprintf(tail, sizeof tail, "%s.csv", c->companion ? c->companion : "");
        if (!c->companion || !ends_with(name, n, tail) || n - strlen(tail) == 0)
            continue;
        if (sidecar_program(dir, name, n - strlen(tail), prog, sizeof prog) == 0 && strcmp(prog, c->program) == 0)
            return c;
    }
    return by_name;
}
