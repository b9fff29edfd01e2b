#include "config.h"
#include "settings.h"
#include "common/csv.h"
#include "common/log.h"
#include "plot/plot.h"
#include "schema/schema.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const rfl_mode_names[RFL_NMODES + 1] = {"standard", "quick", "full", NULL};

static const char *const spec_level_keys[RFL_NSPEC_LEVELS] = {"l1", "l2", "l3", "dram"};

enum { MAX_KEYS = 64 };

struct keyset {
    struct rfl_cfg_key keys[MAX_KEYS];
    char names[MAX_KEYS][48];
    size_t n;
};

static void add(struct keyset *ks, const char *name, enum rfl_cfg_type type, void *dest, double min, double max,
                const char *const *choices)
{
    snprintf(ks->names[ks->n], sizeof ks->names[0], "%s", name);
    ks->keys[ks->n] = (struct rfl_cfg_key){ks->names[ks->n], type, dest, NULL, min, max, choices};
    ks->n++;
}

const char *const rfl_launcher_names[RFL_NLAUNCHERS + 1] = {"mpiexec", "srun", NULL};
static const char *const format_names[] = RFL_PLOT_FORMAT_NAMES;

/* The keys that are one field each, in two runs around the programs'
 * arguments; as data, so a key is one line. */
struct field_key {
    const char *name;
    enum rfl_cfg_type type;
    size_t offset;
    double min, max;
    const char *const *choices;
};
#define KEY(name, type, field, min, max, choices) \
    {(name), RFL_CFG_##type, offsetof(struct rfl_settings, field), (min), (max), (choices)}
static const struct field_key run_keys[] = {
    KEY("mode", CHOICE, mode, 0, 0, rfl_mode_names),
    KEY("programs", LIST, programs, 0, 0, rfl_program_names),
    KEY("ranks", UINT, ranks, 1, 4096, NULL),
    KEY("threads", UINT, threads, 0, 4096, NULL),
    KEY("oversubscribe", BOOL, oversubscribe, 0, 0, NULL),
    KEY("layouts", BOOL, layouts, 0, 0, NULL),
    KEY("budget", DOUBLE, budget, 0, 1e6, NULL),
    KEY("launcher", CHOICE, launcher, 0, 0, rfl_launcher_names),
    KEY("hostfile", STRING, hostfile, 0, 0, NULL),
    KEY("mpiexec_args", STRING, mpiexec_args, 0, 0, NULL),
    KEY("srun_args", STRING, srun_args, 0, 0, NULL),
    KEY("results_dir", STRING, results_dir, 0, 0, NULL),
    KEY("machine", STRING, ceilings.machine, 0, 0, NULL),
    KEY("app", STRING, app, 0, 0, NULL),
    KEY("format", LIST, formats, 0, 0, format_names),
};
static const struct field_key ceilings_keys[] = {
    KEY("ceilings.bandwidth_kernels", LIST, ceilings.bandwidth_kernels, 0, 0, rfl_schema_bandwidth_kernels),
    KEY("spec.clock_ghz", DOUBLE, ceilings.spec_clock_ghz, 0, 100, NULL),
    KEY("spec.cores", UINT, ceilings.spec_cores, 0, 1u << 20, NULL),
};
#undef KEY

static void add_fields(struct keyset *ks, struct rfl_settings *s, const struct field_key *k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        add(ks, k[i].name, k[i].type, (char *)s + k[i].offset, k[i].min, k[i].max, k[i].choices);
}

/* The key table over one settings struct; the order is the order of
 * rfl_settings_write and of config/README.md. */
static void keys_of(struct rfl_settings *s, struct keyset *ks)
{
    char name[48];
    ks->n = 0;
    add_fields(ks, s, run_keys, sizeof run_keys / sizeof *run_keys);
    for (int p = 0; p < RFL_NPROGRAMS; p++)
        for (int m = 0; m < RFL_NMODES; m++) {
            snprintf(name, sizeof name, "%s.%s_args", rfl_programs[p].name, rfl_mode_names[m]);
            add(ks, name, RFL_CFG_STRING, &s->args[p][m], 0, 0, NULL);
        }
    add_fields(ks, s, ceilings_keys, sizeof ceilings_keys / sizeof *ceilings_keys);
    for (int p = 0; p < RFL_NSPEC_PRECISIONS; p++) {
        snprintf(name, sizeof name, "spec.%s_gflops_per_s", rfl_spec_precision_names[p]);
        add(ks, name, RFL_CFG_DOUBLE, &s->ceilings.spec_gflops_per_s[p], 0, 1e9, NULL);
        snprintf(name, sizeof name, "spec.%s_flops_per_cycle", rfl_spec_precision_names[p]);
        add(ks, name, RFL_CFG_DOUBLE, &s->ceilings.spec_flops_per_cycle[p], 0, 1e6, NULL);
    }
    for (int l = 0; l < RFL_NSPEC_LEVELS; l++) {
        snprintf(name, sizeof name, "spec.%s_gbytes_per_s", spec_level_keys[l]);
        add(ks, name, RFL_CFG_DOUBLE, &s->ceilings.spec_gbytes_per_s[l], 0, 1e9, NULL);
        if (l != RFL_SPEC_DRAM) {
            snprintf(name, sizeof name, "spec.%s_bytes_per_cycle", spec_level_keys[l]);
            add(ks, name, RFL_CFG_DOUBLE, &s->ceilings.spec_bytes_per_cycle[l], 0, 1e6, NULL);
        }
    }
}

int rfl_settings_load_string(struct rfl_settings *s, const char *name, const char *text)
{
    struct keyset ks;
    keys_of(s, &ks);
    if (rfl_config_parse_string(name, text, ks.keys, ks.n) != 0)
        return -1;
    if (s->programs == 0 || s->ceilings.bandwidth_kernels == 0) {
        rfl_error("%s: 'programs' and 'ceilings.bandwidth_kernels' need at least one name", name);
        return -1;
    }
    return 0;
}

int rfl_settings_init(struct rfl_settings *s)
{
    memset(s, 0, sizeof *s);
    s->ranks = 1;
    s->programs = (1u << RFL_NPROGRAMS) - 1;
    s->formats = RFL_PLOT_PNG;
    s->ceilings.bandwidth_kernels = (1u << RFL_SCHEMA_BANDWIDTH_NKERNELS) - 1;
    struct keyset ks;
    keys_of(s, &ks);
    for (size_t i = 0; i < ks.n; i++)
        if (ks.keys[i].type == RFL_CFG_STRING && rfl_config_set_string((char **)ks.keys[i].dest, "") != 0)
            return -1;
    return rfl_settings_load_string(s, "config/default.conf (embedded)", rfl_default_conf);
}

int rfl_settings_load(struct rfl_settings *s, const char *path)
{
    struct keyset ks;
    keys_of(s, &ks);
    if (rfl_config_parse_file(path, ks.keys, ks.n) != 0)
        return -1;
    if (s->programs == 0 || s->ceilings.bandwidth_kernels == 0) {
        rfl_error("%s: 'programs' and 'ceilings.bandwidth_kernels' need at least one name", path);
        return -1;
    }
    return 0;
}

int rfl_settings_load_run_conf(struct rfl_settings *s, const char *dir, int *found)
{
    char conf[PATH_MAX + 16];
    snprintf(conf, sizeof conf, "%s/run.conf", dir);
    /* lstat, not access(): a link that leads nowhere is there, and loading
     * it says why it cannot be read instead of the default taking its place. */
    struct stat st;
    *found = lstat(conf, &st) == 0 || errno != ENOENT;
    return *found ? rfl_settings_load(s, conf) : 0;
}

static void write_list(FILE *out, unsigned mask, const char *const *names)
{
    unsigned all = 0;
    for (int i = 0; names[i]; i++)
        all |= 1u << i;
    if ((mask & all) == all) {
        fputs("all", out);
        return;
    }
    int first = 1;
    for (int i = 0; names[i]; i++)
        if (mask >> i & 1) {
            fprintf(out, "%s%s", first ? "" : ",", names[i]);
            first = 0;
        }
}

void rfl_settings_write(const struct rfl_settings *cs, FILE *out)
{
    struct rfl_settings *s = (struct rfl_settings *)cs; /* keys_of only takes addresses */
    struct keyset ks;
    keys_of(s, &ks);
    fputs("# The settings of this run, written by rfl run (rfl run --resume reads them back).\n", out);
    for (size_t i = 0; i < ks.n; i++) {
        const struct rfl_cfg_key *k = &ks.keys[i];
        char buf[64];
        fprintf(out, "%s = ", k->name);
        switch (k->type) {
        case RFL_CFG_STRING:
            fputs(*(char **)k->dest ? *(char **)k->dest : "", out);
            break;
        case RFL_CFG_UINT:
            fprintf(out, "%u", *(unsigned *)k->dest);
            break;
        case RFL_CFG_DOUBLE:
            rfl_format_double(buf, sizeof buf, "%.17g", *(double *)k->dest);
            fputs(buf, out);
            break;
        case RFL_CFG_BOOL:
            fputs(*(int *)k->dest ? "yes" : "no", out);
            break;
        case RFL_CFG_SIZE:
            fprintf(out, "%llu", (unsigned long long)*(uint64_t *)k->dest);
            break;
        case RFL_CFG_CHOICE:
            fputs(k->choices[*(int *)k->dest], out);
            break;
        case RFL_CFG_LIST:
            write_list(out, *(unsigned *)k->dest, k->choices);
            break;
        }
        fputc('\n', out);
    }
}

void rfl_settings_free(struct rfl_settings *s)
{
    struct keyset ks;
    keys_of(s, &ks);
    rfl_config_free(ks.keys, ks.n);
}

const char *rfl_settings_args(const struct rfl_settings *s, int program)
{
    const char *a = s->args[program][s->mode];
    return a ? a : "";
}
