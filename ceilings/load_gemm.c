/* rfl_gemm's CSV files (gemm.csv, and gemm_mix.csv and gemm_model.csv on
 * its sidecar), and what a GEMM row moves and which roof it sits under. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Every GPU's own GEMM rows as member rows (members.h): a tensor roof's
 * members are the same GEMM (kernel, transb, size) on each GPU. */
static const char *const member_columns[] = {"kernel", "precision", "transb", "m", "n", "k", "gflops_per_s", NULL};
static int member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    struct rfl_gpu_gemm g;
    char kernel[sizeof ((struct rfl_ceiling *)0)->kernel]; /* as the roof names it, cut alike */
    if (rfl_load_text(g.kernel, sizeof g.kernel, t, r, col[0]) ||
        rfl_load_text(g.precision, sizeof g.precision, t, r, col[1]) ||
        rfl_load_text(g.transb, sizeof g.transb, t, r, col[2]) ||
        rfl_table_count(t, r, col[3], 1, RFL_TABLE_MAX_COUNT, &g.m) ||
        rfl_table_count(t, r, col[4], 1, RFL_TABLE_MAX_COUNT, &g.n) ||
        rfl_table_count(t, r, col[5], 1, RFL_TABLE_MAX_COUNT, &g.k) || rfl_table_double(t, r, col[6], 0, &row->rate))
        return -1;
    snprintf(kernel, sizeof kernel, "%s n%s %ldx%ldx%ld", g.kernel, g.transb, g.m, g.n, g.k);
    rfl_member_gemm_key(row->key, sizeof row->key, g.precision, kernel);
    return 1;
}

int rfl_gpu_load_gemm(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_kernel = rfl_table_column(t, "kernel"), c_config = rfl_table_column(t, "config");
    int c_prec = rfl_table_column(t, "precision"), c_unit = rfl_table_column(t, "unit");
    int c_tb = rfl_table_column(t, "transb"), c_m = rfl_table_column(t, "m"), c_n = rfl_table_column(t, "n");
    int c_k = rfl_table_column(t, "k"), c_rate = rfl_table_column(t, "gflops_per_s");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_bound = rfl_table_column(t, "model_bound_gflops_per_s");
    int c_clock = rfl_table_column(t, "sm_clock_mhz"), c_ver = rfl_table_column(t, "verified");
    int c_median = rfl_table_column(t, "gflops_per_s_median"), c_exp = rfl_table_column(t, "experiments");
    int c_rested = rfl_table_column(t, "gflops_per_s_rested"); /* optional: older files lack it */
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        struct rfl_gpu_gemm row;
        memset(&row, 0, sizeof row);
        if (rfl_load_text(row.kernel, sizeof row.kernel, t, r, c_kernel) ||
            rfl_load_text(row.config, sizeof row.config, t, r, c_config) ||
            rfl_load_text(row.precision, sizeof row.precision, t, r, c_prec) ||
            rfl_load_text(row.unit, sizeof row.unit, t, r, c_unit) ||
            rfl_load_text(row.transb, sizeof row.transb, t, r, c_tb) || rfl_table_count(t, r, c_m, 1, RFL_TABLE_MAX_COUNT, &row.m) ||
            rfl_table_count(t, r, c_n, 1, RFL_TABLE_MAX_COUNT, &row.n) || rfl_table_count(t, r, c_k, 1, RFL_TABLE_MAX_COUNT, &row.k) ||
            rfl_table_double(t, r, c_rate, 0, &row.gflops) || rfl_load_positive(t, r, c_rate, row.gflops) ||
            rfl_table_double(t, r, c_peak, 1, &row.peak) || rfl_table_double(t, r, c_bound, 1, &row.bound) ||
            rfl_table_double(t, r, c_clock, 1, &row.clock_mhz) ||
            rfl_load_spread_cells(t, r, c_median, c_exp, &row.median, &row.samples))
            return -1;
        /* A launch alone on a rested GPU is a sample too: the roof bounds a profiled kernel. */
        double rested = NAN;
        if (c_rested >= 0 && (rfl_table_double(t, r, c_rested, 1, &rested) ||
                              (!isnan(rested) && rfl_load_positive(t, r, c_rested, rested))))
            return -1;
        if (rested > row.gflops)
            row.gflops = rested;
        if (!(rfl_gpu_gemm_bytes(&row) <= (double)RFL_TABLE_MAX_BYTES)) {
            rfl_error("%s:%d: columns 'm', 'n', 'k': %ld x %ld x %ld %s matrices take more than 1 EiB", t->path,
                      t->lineno[r], row.m, row.n, row.k, row.precision);
            return -1;
        }
        int ok = rfl_load_verified(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        row.input = input;
        if (rfl_load_append(&g->gemm, &g->ngemm, sizeof row, &row) != 0)
            return -1;
    }
    if (rfl_row_filter_end(m, &f, input, more) != 0 || rfl_member_gpu_rows(m, input, t, meta, member_columns, member_fill) != 0)
        return -1;
    return 0;
}

/* The mix microbenchmark feeds rfl_gemm's own model; here it is only read
 * (so a malformed file is caught) and counted. */
int rfl_gpu_load_gemm_mix(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    int c_kind = rfl_table_column(t, "kind"), c_time = rfl_table_column(t, "time_s");
    for (size_t r = 0; r < t->nrows; r++) {
        const char *kind;
        double time_s;
        if (rfl_table_text(t, r, c_kind, &kind) || rfl_table_double(t, r, c_time, 0, &time_s))
            return -1;
    }
    m->gpu->nmix += t->nrows;
    return 0;
}

int rfl_gpu_load_gemm_model(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    int c[14];
    static const char *const names[14] = {"kernel",           "config",           "precision",
                                          "transb",           "m",                "n",
                                          "k",                "fma_instructions", "lds_instructions",
                                          "other_instructions", "p_sm_gflops_per_s", "p_mem_gflops_per_s",
                                          "p_potential_gflops_per_s", "achieved_gflops_per_s"};
    for (int i = 0; i < 14; i++)
        c[i] = rfl_table_column(t, names[i]);
    int c_fi = rfl_table_column(t, "f_i"), c_cub = rfl_table_column(t, "cublas_gflops_per_s");
    int c_op = rfl_table_column(t, "fma_op");
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_gpu_gemm_model row;
        memset(&row, 0, sizeof row);
        double fma = NAN, lds = NAN, other = NAN;
        snprintf(row.fma_op, sizeof row.fma_op, "%.15s", rfl_table_cell(t, r, c_op));
        if (rfl_load_text(row.kernel, sizeof row.kernel, t, r, c[0]) ||
            rfl_load_text(row.config, sizeof row.config, t, r, c[1]) ||
            rfl_load_text(row.precision, sizeof row.precision, t, r, c[2]) ||
            rfl_load_text(row.transb, sizeof row.transb, t, r, c[3]) ||
            rfl_table_count(t, r, c[4], 1, RFL_TABLE_MAX_COUNT, &row.m) || rfl_table_count(t, r, c[5], 1, RFL_TABLE_MAX_COUNT, &row.n) ||
            rfl_table_count(t, r, c[6], 1, RFL_TABLE_MAX_COUNT, &row.k) ||
            rfl_table_double(t, r, c[7], 1, &fma) || rfl_table_double(t, r, c[8], 1, &lds) ||
            rfl_table_double(t, r, c[9], 1, &other) || rfl_table_double(t, r, c[10], 1, &row.p_sm) ||
            rfl_table_double(t, r, c[11], 1, &row.p_mem) || rfl_table_double(t, r, c[12], 1, &row.p_potential) ||
            rfl_table_double(t, r, c[13], 1, &row.achieved) || rfl_table_double(t, r, c_fi, 1, &row.f_i) ||
            rfl_table_double(t, r, c_cub, 1, &row.cublas))
            return -1;
        const double counts[3] = {fma, lds, other};
        for (int i = 0; i < 3; i++)
            if (!isnan(counts[i]) && !(counts[i] >= 0 && counts[i] <= (double)RFL_TABLE_MAX_COUNT)) {
                rfl_error("%s:%d: column '%s': '%s' is outside 0 to %ld", t->path, t->lineno[r], names[7 + i],
                          rfl_table_cell(t, r, c[7 + i]), RFL_TABLE_MAX_COUNT);
                return -1;
            }
        row.fma = isnan(fma) ? -1 : (long)fma;
        row.lds = isnan(lds) ? -1 : (long)lds;
        row.other = isnan(other) ? -1 : (long)other;
        if (rfl_load_append(&g->model, &g->nmodel, sizeof row, &row) != 0)
            return -1;
    }
    return 0;
}

static int elem_bytes(const char *prec, int output)
{
    if (!strcmp(prec, "fp64"))
        return 8;
    if (!strcmp(prec, "fp32") || !strcmp(prec, "tf32") || output)
        return 4;
    return 2; /* bf16, fp16 inputs */
}

/* Whether the row's C is stored in its 16-bit input type: rfl_gemm's
 * config says so with " C bf16" or " C fp16" at its end (docs/FORMAT.md). */
static int c_in_input_type(const struct rfl_gpu_gemm *r)
{
    char tail[16];
    const size_t cl = strlen(r->config);
    const int tl = snprintf(tail, sizeof tail, " C %s", r->precision);
    return (!strcmp(r->precision, "bf16") || !strcmp(r->precision, "fp16")) && tl > 0 && cl >= (size_t)tl &&
           !strcmp(r->config + cl - (size_t)tl, tail);
}

double rfl_gpu_gemm_bytes(const struct rfl_gpu_gemm *r)
{
    double in = elem_bytes(r->precision, 0), out = elem_bytes(r->precision, !c_in_input_type(r));
    return ((double)r->m * r->k + (double)r->k * r->n) * in + 2.0 * r->m * r->n * out;
}

void rfl_gpu_gemm_roof_name(const struct rfl_gpu_gemm *r, char *buf, size_t len)
{
    size_t ul = strlen(r->unit);
    if (ul > 7 && !strcmp(r->unit + ul - 7, "_tensor")) {
        /* FP16 and BF16 share a unit, but each has its own roof. */
        if (!strcmp(r->unit, "fp16_tensor"))
            snprintf(buf, len, "%s tensor", r->precision);
        else
            snprintf(buf, len, "%.*s tensor", (int)(ul - 7), r->unit);
    } else {
        snprintf(buf, len, "%s", r->unit);
    }
}
