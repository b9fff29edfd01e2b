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

/* A row's cells (rfl_load_cells), in the order they are checked: the row
 * and its rate of a launch alone on a rested GPU (older files lack it). */
struct gemm_cells {
    struct rfl_gpu_gemm row;
    double rested;
};
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct gemm_cells, field, kind, min, column)
static const struct rfl_load_cell gemm_cells[] = {
    CELL(row.kernel, TEXT, 0, "kernel"),                       CELL(row.config, TEXT, 0, "config"),
    CELL(row.precision, TEXT, 0, "precision"),                 CELL(row.unit, TEXT, 0, "unit"),
    CELL(row.transb, TEXT, 0, "transb"),                       CELL(row.m, COUNT, 1, "m"),
    CELL(row.n, COUNT, 1, "n"),                                CELL(row.k, COUNT, 1, "k"),
    CELL(row.gflops, POSITIVE, 0, "gflops_per_s"),             CELL(row.peak, OPTIONAL, 0, "peak_gflops_per_s"),
    CELL(row.bound, OPTIONAL, 0, "model_bound_gflops_per_s"),  CELL(row.clock_mhz, OPTIONAL, 0, "sm_clock_mhz"),
    CELL(row.median, OPT_POSITIVE, 0, "gflops_per_s_median"),  CELL(row.samples, SAMPLES, 0, "experiments"),
    CELL(rested, OPT_POSITIVE, 0, "gflops_per_s_rested"),
};
#undef CELL
#define NGEMM (sizeof gemm_cells / sizeof *gemm_cells)

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
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, gemm_cells, NGEMM, 1) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct gemm_cells v;
    memset(&v, 0, sizeof v);
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        struct rfl_gpu_gemm *row = &v.row;
        /* A launch alone on a rested GPU is a sample too: the roof bounds a profiled kernel. */
        if (v.rested > row->gflops)
            row->gflops = v.rested;
        if (!(rfl_gpu_gemm_bytes(row) <= (double)RFL_TABLE_MAX_BYTES)) {
            rfl_error("%s:%d: columns 'm', 'n', 'k': %ld x %ld x %ld %s matrices take more than 1 EiB", t->path,
                      t->lineno[rows.r], row->m, row->n, row->k, row->precision);
            return -1;
        }
        row->input = input;
        if (rfl_load_append(&g->gemm, &g->ngemm, sizeof *row, row) != 0)
            return -1;
    }
    if (more < 0 || rfl_member_gpu_rows(m, input, t, meta, member_columns, member_fill) != 0)
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

/* A gemm_model.csv row's cells: the row, and its instruction counts as read
 * (empty: NaN, not counted), in the order they are checked. */
struct model_cells {
    struct rfl_gpu_gemm_model row;
    double fma, lds, other;
};
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct model_cells, field, kind, min, column)
static const struct rfl_load_cell model_cells[] = {
    CELL(row.kernel, TEXT, 0, "kernel"),                             CELL(row.config, TEXT, 0, "config"),
    CELL(row.precision, TEXT, 0, "precision"),                       CELL(row.transb, TEXT, 0, "transb"),
    CELL(row.m, COUNT, 1, "m"),                                      CELL(row.n, COUNT, 1, "n"),
    CELL(row.k, COUNT, 1, "k"),                                      CELL(fma, OPTIONAL, 0, "fma_instructions"),
    CELL(lds, OPTIONAL, 0, "lds_instructions"),                      CELL(other, OPTIONAL, 0, "other_instructions"),
    CELL(row.p_sm, OPTIONAL, 0, "p_sm_gflops_per_s"),                CELL(row.p_mem, OPTIONAL, 0, "p_mem_gflops_per_s"),
    CELL(row.p_potential, OPTIONAL, 0, "p_potential_gflops_per_s"),  CELL(row.achieved, OPTIONAL, 0, "achieved_gflops_per_s"),
    CELL(row.f_i, OPTIONAL, 0, "f_i"),                               CELL(row.cublas, OPTIONAL, 0, "cublas_gflops_per_s"),
};
#undef CELL
#define NMODEL (sizeof model_cells / sizeof *model_cells)
enum { FIRST_COUNT = 7 }; /* model_cells[7..9]: the instruction counts */

int rfl_gpu_load_gemm_model(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    int col[NMODEL];
    rfl_load_cell_columns(t, model_cells, NMODEL, col);
    int c_op = rfl_table_column(t, "fma_op");
    for (size_t r = 0; r < t->nrows; r++) {
        struct model_cells v;
        memset(&v, 0, sizeof v);
        snprintf(v.row.fma_op, sizeof v.row.fma_op, "%.15s", rfl_table_cell(t, r, c_op));
        if (rfl_load_cells(t, r, model_cells, NMODEL, col, &v))
            return -1;
        const double counts[3] = {v.fma, v.lds, v.other};
        for (int i = 0; i < 3; i++)
            if (!isnan(counts[i]) && !(counts[i] >= 0 && counts[i] <= (double)RFL_TABLE_MAX_COUNT)) {
                rfl_error("%s:%d: column '%s': '%s' is outside 0 to %ld", t->path, t->lineno[r],
                          model_cells[FIRST_COUNT + i].column, rfl_table_cell(t, r, col[FIRST_COUNT + i]),
                          RFL_TABLE_MAX_COUNT);
                return -1;
            }
        v.row.fma = isnan(v.fma) ? -1 : (long)v.fma;
        v.row.lds = isnan(v.lds) ? -1 : (long)v.lds;
        v.row.other = isnan(v.other) ? -1 : (long)v.other;
        if (rfl_load_append(&g->model, &g->nmodel, sizeof v.row, &v.row) != 0)
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
