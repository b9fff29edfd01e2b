/* DIR/profile.csv (schema/profile.def): rfl profile's points written, and
 * read back by every later rfl plot and rfl report of the run directory.
 *
 * A file the reader refuses would stop every later rfl ceilings, plot,
 * report and run --resume of the directory until removed by hand, so the
 * writer holds each row to the reader's rules before it replaces anything
 * (rfl_kernel_check: the readers of ncu and likwid output apply it too,
 * naming the input's line), and reads the whole file back before the
 * rename. */
#include "config.h"
#include "profile.h"
#include "ceilings/bound.h"
#include "ceilings/model.h"
#include "ceilings/sources.h"
#include "ceilings/table.h"
#include "common/csv.h"
#include "common/interrupt.h"
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
static const char *const ai_columns[RFL_MEM_NLEVELS] = {"ai_l1", "ai_l2", "ai_l3", "ai_dram"};

int rfl_profile_amount_ok(double v)
{
    char text[64];
    double back;
    rfl_format_double(text, sizeof text, "%.9g", v); /* as rfl_csv_double writes it */
    return rfl_parse_decimal(text, &back) == 0 && back >= 0;
}

int rfl_kernel_check(const struct rfl_app *k, char *what, size_t len)
{
    if (!k->name || !*k->name) {
        snprintf(what, len, "column 'name' is empty");
        return -1;
    }
    struct {
        const char *column;
        double v;
        int empty_ok;
    } v[4 + RFL_FLOP_NUNITS + 2 * RFL_MEM_NLEVELS];
    size_t n = 0;
    double f = rfl_kernel_flops(k);
#define VALUE(c, x, e) (v[n].column = (c), v[n].v = (x), v[n++].empty_ok = (e))
    VALUE("time_s", k->time_s, 0);
    VALUE("sm_clock_mhz", k->clock_mhz, 1);
    for (int u = 0; u < RFL_FLOP_NUNITS; u++)
        VALUE(flop_columns[u], k->flops[u], 0);
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        VALUE(byte_columns[l], k->bytes[l], 1);
    /* The derived ones are not read back, but are drawn and tabled from the counts. */
    VALUE("flops (all kinds)", f, 0);
    VALUE("gflops_per_s", k->time_s > 0 ? f / k->time_s * 1e-9 : 0, 0);
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        VALUE(ai_columns[l], f > 0 ? rfl_kernel_ai(k, l) : NAN, 1);
#undef VALUE
    for (size_t i = 0; i < n; i++) {
        if (v[i].empty_ok && isnan(v[i].v))
            continue;
        if (!rfl_profile_amount_ok(v[i].v)) {
            char text[64];
            rfl_format_double(text, sizeof text, "%.9g", v[i].v);
            snprintf(what, len, "column '%s': '%s' is %s", v[i].column, text,
                     isfinite(v[i].v) && v[i].v >= 0 ? "too small a number, denormal" : "no finite number");
            return -1;
        }
    }
    if (f > 0 && !(k->time_s > 0)) {
        snprintf(what, len, "column 'time_s': flops in no time");
        return -1;
    }
    if (k->launches < 1 || k->launches > RFL_TABLE_MAX_COUNT) {
        snprintf(what, len, "column 'launches': '%ld' is outside 1 to %ld", k->launches, RFL_TABLE_MAX_COUNT);
        return -1;
    }
    return 0;
}

static int read_file(struct rfl_model *m, const char *file, const char *shown);

int rfl_profile_write(const struct rfl_model *m, const char *path)
{
    /* Row by row first, so that nothing is replaced when one would be refused. */
    size_t line = 1;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!strcmp(k->tool, "dense"))
            continue;
        line++;
        char what[256];
        if (rfl_kernel_check(k, what, sizeof what) != 0) {
            rfl_error("%s:%zu: kernel '%.120s': %s: not written (the reader would refuse it)", path, line, k->name,
                      what);
            return -2;
        }
    }
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, rfl_schema_profile_columns, rfl_schema_profile.count) != 0)
        return -1;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (!strcmp(k->tool, "dense"))
            continue; /* dense.csv's, not profiled */
        if ((i & 255) == 0 && rfl_interrupted()) {
            rfl_csv_abort(&csv);
            rfl_error("%s: interrupted: not replaced", path);
            return -1;
        }
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
        rfl_csv_int(&csv, k->lower_bound != 0);
        rfl_csv_end_row(&csv);
    }
    /* The last guard: the file as written, through the reader, before the rename. */
    struct rfl_model back;
    memset(&back, 0, sizeof back);
    int rc = fflush(csv.file.fp) == 0 ? read_file(&back, csv.file.tmp_path, path) : 0;
    rfl_model_free(&back);
    if (rc != 0) {
        rfl_csv_abort(&csv);
        return -2;
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
    int c_lower = rfl_table_column(t, "lower_bound");
    long lower = 0;
    if (c_lower >= 0 && *rfl_table_cell(t, r, c_lower) && rfl_table_count(t, r, c_lower, 0, 1, &lower) != 0)
        return -1;
    k->lower_bound = (int)lower;
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

/* The rows of `file` into m; messages name `shown` (profile.csv itself,
 * when the file is the writer's temporary one). */
static int read_file(struct rfl_model *m, const char *file, const char *shown)
{
    struct rfl_table t;
    if (rfl_table_read(file, &t) != 0)
        return -1;
    char *name = strdup(shown);
    if (!name) {
        rfl_table_free(&t);
        return -1;
    }
    free(t.path);
    t.path = name;
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

int rfl_profile_read(struct rfl_model *m, const char *path) { return read_file(m, path, path); }
