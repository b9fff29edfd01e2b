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
 * column in neither is refused.  First match wins: gpu_micro*_transfer_fit.csv before ..._transfer.csv,
 * the gemm companions before gemm*.csv, network*_fit.csv before network*.csv (gpu_link's likewise). The GPU rows' ceilings step
 * (rfl_gpu_ceilings) makes every GPU ceiling, device "gpuN". */
const struct rfl_source rfl_sources[] = {
    {"bandwidth*.csv", "bandwidth", "rfl_bandwidth", rfl_schema_bandwidth_required, rfl_schema_bandwidth_optional, rfl_load_bandwidth,
     rfl_bandwidth_ceilings, NULL},
    {"flops*.csv", "flops", "rfl_flops", rfl_schema_flops_required, rfl_schema_flops_optional, rfl_load_flops,
     rfl_flops_ceilings, NULL},
    {"gpu_bandwidth*.csv", "gpu bandwidth", "rfl_gpu_bandwidth", rfl_schema_gpu_bandwidth_required,
     rfl_schema_gpu_bandwidth_optional, rfl_gpu_load_bandwidth, rfl_gpu_ceilings, NULL},
    {"gpu_flops*.csv", "gpu flops", "rfl_gpu_flops", rfl_schema_gpu_flops_required, rfl_schema_gpu_flops_optional,
     rfl_gpu_load_flops, NULL, NULL},
    {"gpu_micro*_launch.csv", "gpu launch overhead", "rfl_gpu_micro", rfl_schema_gpu_micro_launch_required, NULL,
     rfl_gpu_load_launch, NULL, NULL},
    {"gpu_micro*_transfer_fit.csv", "gpu transfer fit", "rfl_gpu_micro", rfl_schema_gpu_micro_transfer_fit_required,
     rfl_schema_gpu_micro_transfer_fit_optional, rfl_gpu_load_transfer_fit, NULL, NULL},
    {"gpu_micro*_transfer.csv", "gpu transfer", "rfl_gpu_micro", rfl_schema_gpu_micro_transfer_required, NULL,
     rfl_gpu_load_transfer, NULL, NULL},
    {"gpu_micro*_chase.csv", "gpu pointer chase", "rfl_gpu_micro", rfl_schema_gpu_micro_chase_required, NULL,
     rfl_gpu_load_chase, NULL, NULL},
    {"gpu_micro*_pipeline.csv", "gpu pipeline", "rfl_gpu_micro", rfl_schema_gpu_micro_pipeline_required, NULL,
     rfl_gpu_load_pipeline, NULL, NULL},
    {"gpu_micro*_stride.csv", "gpu stride", "rfl_gpu_micro", rfl_schema_gpu_micro_stride_required, NULL, rfl_gpu_load_stride,
     NULL, NULL},
    {"gpu_micro*_barrier.csv", "gpu barrier", "rfl_gpu_micro", rfl_schema_gpu_micro_barrier_required, NULL,
     rfl_gpu_load_barrier, NULL, NULL},
    {"unified_memory*.csv", "unified memory", "rfl_unified_memory", rfl_schema_unified_memory_required, NULL, rfl_gpu_load_um,
     NULL, NULL},
    {"gemm*_mix.csv", "gemm mix", "rfl_gemm", rfl_schema_gemm_mix_required, NULL, rfl_gpu_load_gemm_mix, NULL, "_mix"},
    {"gemm*_model.csv", "gemm model", "rfl_gemm", rfl_schema_gemm_model_required, NULL, rfl_gpu_load_gemm_model, NULL,
     "_model"},
    {"gemm*.csv", "gemm", "rfl_gemm", rfl_schema_gemm_required, rfl_schema_gemm_optional, rfl_gpu_load_gemm, NULL,
     NULL},
    /* The network roofs (device "network"), from the fit, their spread from the rows. */
    {"network*_fit.csv", "network fit", "rfl_network", rfl_schema_network_fit_required, NULL, rfl_load_network_fit,
     NULL, "_fit"},
    {"network*.csv", "network", "rfl_network", rfl_schema_network_required, NULL, rfl_load_network,
     rfl_network_ceilings, NULL},
    /* The GPU link roofs (device "gpu_link"), from the fits, their spread from the rows. */
    {"gpu_link*_fit.csv", "gpu link fit", "rfl_gpu_link", rfl_schema_gpu_link_fit_required, NULL, rfl_load_gpu_link_fit,
     NULL, "_fit"},
    {"gpu_link*.csv", "gpu link", "rfl_gpu_link", rfl_schema_gpu_link_required, NULL, rfl_load_gpu_link,
     rfl_gpu_link_ceilings, NULL},
    /* Last of the measurements: its points are bounded by every roof above (a GPU's and the CPU's). */
    {"dense.csv", "dense", "rfl_dense", rfl_schema_dense_required, NULL, rfl_load_dense, rfl_dense_points, NULL},
    /* Written by rfl itself: the application points (read by apps.c), rfl profile's
     * (profile_csv.c), the ceilings and rfl run's noise probes. */
    {"applications.csv", "applications", NULL, rfl_schema_applications_required, rfl_schema_applications_optional, NULL, NULL, NULL},
    {"profile.csv", "profile", NULL, rfl_schema_profile_required, rfl_schema_profile_optional, NULL, NULL, NULL},
    {"ceilings.csv", "ceilings", NULL, ceilings_columns, NULL, NULL, NULL, NULL},
    {"noise.csv", "noise", NULL, rfl_schema_noise_required, NULL, NULL, NULL, NULL},
};
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
