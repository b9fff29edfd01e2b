/* The output of rfl_gemm: the columns of its three tables (gemm.csv,
 * gemm_mix.csv, gemm_model.csv), their paths, and the session: open on
 * rank 0 (agreed over the ranks), then commit the tables and the JSON
 * sidecar, or abort them, and the closing line; the sidecar's "gemm"
 * settings. */
#include "config.h"
#include "gemm/blas.h"
#include "gemm/gemm_internal.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "schema/schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The columns are declared once, in schema/gemm.def, gemm_mix.def and gemm_model.def. */
void rfl_gemm_print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_gemm);
    rfl_schema_print(stdout, &rfl_schema_gemm_mix);
    rfl_schema_print(stdout, &rfl_schema_gemm_model);
}

char *rfl_gemm_companion_path(const char *output, const char *suffix)
{
    if (strcmp(output, "-") == 0)
        return strdup("-");
    size_t len = strlen(output);
    size_t stem = len >= 4 && strcmp(output + len - 4, ".csv") == 0 ? len - 4 : len;
    char *p = malloc(stem + strlen(suffix) + 6);
    if (p)
        sprintf(p, "%.*s_%s.csv", (int)stem, output, suffix);
    return p;
}

static int open_table(struct rfl_gemm_ctx *c, struct rfl_csv *csv, const char *path, const char *const *cols,
                      size_t n)
{
    int failed = 0;
    if (c->root)
        failed = rfl_csv_open(csv, path, cols, n) != 0;
    rfl_mpi_bcast_int(&failed, 1);
    return failed ? -1 : 0;
}

int rfl_gemm_output_open(struct rfl_gemm_ctx *c, struct rfl_gemm_output *out, int do_gemm, int do_mix,
                         int do_model)
{
    const struct rfl_gemm_opts *o = c->o;
    memset(out, 0, sizeof *out);
    if (c->root) {
        out->meta_path = rfl_meta_sidecar_path(o->output);
        c->mix_path = rfl_gemm_companion_path(o->output, "mix");
        out->model_path = rfl_gemm_companion_path(o->output, "model");
    }
    int failed = 0;
    if (do_gemm) {
        failed = open_table(c, &out->csv, o->output, rfl_schema_gemm_columns, RFL_SCHEMA_GEMM_NCOLUMNS);
        out->csv_open = !failed && c->root;
    }
    if (!failed && do_mix) {
        failed = open_table(c, &c->mix_csv, c->mix_path, rfl_schema_gemm_mix_columns, RFL_SCHEMA_GEMM_MIX_NCOLUMNS);
        c->mix_open = !failed && c->root;
    }
    if (!failed && do_model && do_gemm) {
        failed = open_table(c, &out->model_csv, out->model_path, rfl_schema_gemm_model_columns, RFL_SCHEMA_GEMM_MODEL_NCOLUMNS);
        out->model_open = !failed && c->root;
    }
    if (failed) {
        if (out->csv_open)
            rfl_csv_abort(&out->csv);
        if (c->mix_open)
            rfl_csv_abort(&c->mix_csv);
        out->csv_open = c->mix_open = 0;
        return -1;
    }
    return 0;
}

int rfl_gemm_output_commit(struct rfl_gemm_ctx *c, struct rfl_gemm_output *out, json_t *meta, int exit_code,
                           int do_gemm, double elapsed)
{
    if (!c->root)
        return exit_code;
    if (out->csv_open && rfl_csv_commit(&out->csv) != 0)
        exit_code = RFL_EXIT_FAILURE;
    if (c->mix_open && rfl_csv_commit(&c->mix_csv) != 0)
        exit_code = RFL_EXIT_FAILURE;
    if (out->model_open && rfl_csv_commit(&out->model_csv) != 0)
        exit_code = RFL_EXIT_FAILURE;
    if (out->meta_path && rfl_meta_write(meta, out->meta_path) != 0)
        exit_code = RFL_EXIT_FAILURE;
    if (c->status == RFL_EXIT_INTERRUPTED)
        rfl_error("interrupted: the rows measured so far are in %s", c->o->output);
    else if (c->status == RFL_EXIT_OK)
        rfl_info("%zu rows in %s (%.1f s)", out->csv_open ? out->csv.rows : (size_t)0, do_gemm ? c->o->output : "-",
                 elapsed);
    return exit_code;
}

void rfl_gemm_output_free(struct rfl_gemm_output *out)
{
    free(out->meta_path);
    free(out->model_path);
    out->meta_path = out->model_path = NULL;
}

json_t *rfl_gemm_output_settings(const struct rfl_gemm_ctx *c, const struct rfl_gemm_size *sizes, int nsizes,
                                 unsigned ms, double elapsed)
{
    const struct rfl_gemm_opts *o = c->o;
    json_t *sl = json_array();
    for (int i = 0; i < nsizes; i++)
        json_array_append_new(sl, json_pack("[i, i, i]", (int)sizes[i].m, (int)sizes[i].n, (int)sizes[i].k));
    json_t *cublas = json_object();
    json_t *bounds = json_object();
    for (int p = 0; p < RFL_GEMM_NPREC; p++) {
        json_object_set_new(cublas, rfl_gemm_prec_names[p], json_string(rfl_gemm_cublas_call((enum rfl_gemm_prec)p)));
        json_object_set_new(bounds, rfl_gemm_prec_names[p],
                            json_string(p == RFL_GEMM_FP64   ? "8 * 2^-53 * sqrt(k), against cuBLAS DGEMM"
                                        : p == RFL_GEMM_FP32 ? "8 * 2^-24 * sqrt(k), against cuBLAS SGEMM"
                                        : p == RFL_GEMM_BF16 ? "8 * 2^-8, against cuBLAS SGEMM"
                                                             : "8 * 2^-11, against cuBLAS SGEMM"));
    }
    return json_pack("{s:o, s:i, s:i, s:f, s:f, s:s, s:i, s:f, s:i, s:b, s:o, s:o, s:s, s:s, s:f}", "sizes", sl,
                     "model_size", (int)ms, "tune_size", (int)(o->tune_size ? o->tune_size : o->quick ? 1024 : 4096),
                     "alpha", o->alpha, "beta", o->beta, "l2", rfl_gemm_l2_names[o->l2], "seed", (int)o->seed,
                     "min_time_s", c->min_time_s, "experiments", (int)c->experiments, "tuned", !o->no_tune,
                     "cublas", cublas, "error_bound", bounds, "error_measure",
                     "max |C - R| / max |R| over all elements (cuBLAS FP32/FP64 rows: 8 x 8 "
                     "entries against the host in long double)",
                     "sass_source", rfl_gemm_sass_source, "elapsed_s", elapsed);
}
