/* DIR/profile.csv (schema/profile.def): rfl profile's points written, and
 * read back by every later rfl plot and rfl report of the run directory. */
#include "config.h"
#include "model.h"
#include "profile.h"
#include "sources.h"
#include "table.h"
#include "common/csv.h"
#include "common/log.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const flop_columns[RFL_FLOP_NUNITS] = {
    "flops_fp64", "flops_fp32", "flops_fp16", "flops_fp64_tensor", "flops_tf32_tensor", "flops_bf16_tensor",
    "flops_fp16_tensor", "flops_fp8_tensor"};
static const char *const byte_columns[RFL_MEM_NLEVELS] = {"bytes_l1", "bytes_l2", "bytes_l3", "bytes_dram"};

int rfl_profile_write(const struct rfl_model *m, const char *path)
{
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, rfl_schema_profile_columns, rfl_schema_profile.count) != 0)
        return -1;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!strcmp(k->tool, "dense"))
            continue; /* dense.csv's, not profiled */
        rfl_csv_str(&csv, k->name);
        rfl_csv_str(&csv, rfl_kernel_label(k));
        rfl_csv_str(&csv, k->device);
        rfl_csv_str(&csv, k->tool);
        rfl_csv_str(&csv, k->device_name ? k->device_name : "");
        rfl_csv_int(&csv, k->launches);
        rfl_csv_double(&csv, k->time_s);
        rfl_csv_double(&csv, k->clock_mhz);
        for (int u = 0; u < RFL_FLOP_NUNITS; u++)
            rfl_csv_double(&csv, k->flops[u]);
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            rfl_csv_double(&csv, k->bytes[l]);
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            rfl_csv_double(&csv, rfl_kernel_flops(k) > 0 ? rfl_kernel_ai(k, l) : isfinite(k->bytes[l]) ? 0 : NAN);
        rfl_csv_double(&csv, k->gflops);
        rfl_csv_str(&csv, k->precision);
        rfl_csv_str(&csv, k->bound);
        rfl_csv_double(&csv, k->attainable > 0 ? k->attainable : NAN);
        rfl_csv_double(&csv, k->attainable > 0 ? k->gflops / k->attainable : NAN);
        rfl_csv_end_row(&csv);
    }
    return rfl_csv_commit(&csv);
}

/* A count or a size read back: empty is NaN where `empty_ok`, else a finite value >= 0. */
static int amount(const struct rfl_table *t, size_t r, const char *column, int empty_ok, double *out)
{
    int c = rfl_table_column(t, column);
    if (rfl_table_double(t, r, c, empty_ok, out) != 0)
        return -1;
    if (*out < 0) {
        rfl_error("%s:%d: column '%s': '%s' is negative", t->path, t->lineno[r], column, rfl_table_cell(t, r, c));
        return -1;
    }
    return 0;
}

static int read_row(const struct rfl_table *t, size_t r, struct rfl_app *k)
{
    int c_device = rfl_table_column(t, "device"), c_tool = rfl_table_column(t, "tool");
    const char *name, *device = rfl_table_cell(t, r, c_device), *tool = rfl_table_cell(t, r, c_tool);
    if (rfl_table_text(t, r, rfl_table_column(t, "name"), &name) != 0)
        return -1;
    if (strcmp(device, "cpu") && strcmp(device, "gpu")) {
        rfl_error("%s:%d: column 'device': '%s' is not cpu or gpu", t->path, t->lineno[r], device);
        return -1;
    }
    if (strcmp(tool, "ncu") && strcmp(tool, "likwid")) {
        rfl_error("%s:%d: column 'tool': '%s' is not ncu or likwid", t->path, t->lineno[r], tool);
        return -1;
    }
    snprintf(k->device, sizeof k->device, "%s", device);
    snprintf(k->tool, sizeof k->tool, "%s", tool);
    if (rfl_table_count(t, r, rfl_table_column(t, "launches"), 1, RFL_TABLE_MAX_COUNT, &k->launches) != 0 ||
        amount(t, r, "time_s", 0, &k->time_s) != 0 || amount(t, r, "sm_clock_mhz", 1, &k->clock_mhz) != 0)
        return -1;
    for (int u = 0; u < RFL_FLOP_NUNITS; u++)
        if (amount(t, r, flop_columns[u], 0, &k->flops[u]) != 0)
            return -1;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        if (amount(t, r, byte_columns[l], 1, &k->bytes[l]) != 0)
            return -1;
    if (rfl_kernel_flops(k) > 0 && !(k->time_s > 0)) {
        rfl_error("%s:%d: column 'time_s': flops in no time", t->path, t->lineno[r]);
        return -1;
    }
    const char *label = rfl_table_cell(t, r, rfl_table_column(t, "short_name"));
    const char *dn = rfl_table_cell(t, r, rfl_table_column(t, "device_name"));
    k->name = strdup(name);
    k->label = strdup(*label ? label : name);
    k->device_name = *dn ? strdup(dn) : NULL;
    if (!k->name || !k->label || (*dn && !k->device_name)) {
        rfl_error("%s: out of memory", t->path);
        return -1;
    }
    return 0;
}

int rfl_profile_read(struct rfl_model *m, const char *path)
{
    struct rfl_table t;
    if (rfl_table_read(path, &t) != 0)
        return -1;
    const struct rfl_source *src = rfl_source_for("profile.csv");
    if (rfl_table_check_columns(&t, "profile", src->required, src->optional) != 0) {
        rfl_table_free(&t);
        return -1;
    }
    struct rfl_app *more = realloc(m->kernels, (m->nkernels + t.nrows + 1) * sizeof *more);
    if (!more) {
        rfl_table_free(&t);
        return -1;
    }
    m->kernels = more;
    int rc = 0;
    for (size_t r = 0; r < t.nrows && rc == 0; r++) {
        struct rfl_app *k = &m->kernels[m->nkernels];
        memset(k, 0, sizeof *k);
        rc = read_row(&t, r, k);
        m->nkernels++; /* owned by the model from here, whole or not (rfl_model_free) */
        if (rc == 0)
            rfl_kernel_bound(m, k);
    }
    rfl_table_free(&t);
    return rc;
}
