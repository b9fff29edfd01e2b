/* The output of rfl_gemm: the columns of its three tables (gemm.csv,
 * gemm_mix.csv, gemm_model.csv), the session that writes them and the JSON
 * sidecar (common/session.h: gemm.csv and its two companions), and the
 * sidecar's "gemm" settings. */
#include "config.h"
#include "gemm/blas.h"
#include "gemm/gemm_internal.h"
#include "common/rfl.h"
#include "common/session.h"
#include "schema/schema.h"

#include <stdio.h>

/* The columns are declared once, in schema/gemm.def, gemm_mix.def and gemm_model.def. */
void rfl_gemm_print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_gemm);
    rfl_schema_print(stdout, &rfl_schema_gemm_mix);
    rfl_schema_print(stdout, &rfl_schema_gemm_model);
}

int rfl_gemm_output_open(struct rfl_gemm_ctx *c, int do_gemm, int do_mix, int do_model)
{
    const struct rfl_gemm_opts *o = c->o;
    const struct rfl_session_spec spec = {
        .program = "rfl_gemm", .argc = o->argc, .argv = o->argv, .output = o->output,
        .columns = do_gemm ? rfl_schema_gemm_columns : NULL, .ncols = RFL_SCHEMA_GEMM_NCOLUMNS};
    c->mix_csv = c->model_csv = NULL;
    if (rfl_gpu_session_open(&c->out, &spec, &c->dev) != 0)
        return -1;
    int failed = 0;
    if (do_mix)
        c->mix_csv = rfl_session_companion(&c->out, "mix", rfl_schema_gemm_mix_columns,
                                           RFL_SCHEMA_GEMM_MIX_NCOLUMNS, &failed);
    if (!failed && do_model && do_gemm)
        c->model_csv = rfl_session_companion(&c->out, "model", rfl_schema_gemm_model_columns,
                                             RFL_SCHEMA_GEMM_MODEL_NCOLUMNS, &failed);
    if (failed) /* the session was aborted */
        c->mix_csv = c->model_csv = NULL;
    return failed ? -1 : 0;
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
        /* BF16 and FP16 run both calls (C in FP32 and in the input type). */
        char calls[192];
        snprintf(calls, sizeof calls, "%s%s%s", rfl_gemm_cublas_call((enum rfl_gemm_prec)p, 0),
                 p == RFL_GEMM_BF16 || p == RFL_GEMM_FP16 ? "; " : "",
                 p == RFL_GEMM_BF16 || p == RFL_GEMM_FP16 ? rfl_gemm_cublas_call((enum rfl_gemm_prec)p, 1) : "");
        json_object_set_new(cublas, rfl_gemm_prec_names[p], json_string(calls));
        json_object_set_new(bounds, rfl_gemm_prec_names[p],
                            json_string(p == RFL_GEMM_FP64   ? "8 * 2^-53 * sqrt(k), against cuBLAS DGEMM"
                                        : p == RFL_GEMM_FP32 ? "8 * 2^-24 * sqrt(k), against cuBLAS SGEMM"
                                        : p == RFL_GEMM_TF32 ? "8 * 2^-11, against cuBLAS SGEMM"
                                        : p == RFL_GEMM_BF16 ? "b = 8 * 2^-8, against cuBLAS SGEMM; C in BF16: "
                                                               "b + 2^-8 (1 + b) + 2^-134 / max |R|"
                                                             : "b = 8 * 2^-11, against cuBLAS SGEMM; C in FP16: "
                                                               "b + 2^-11 (1 + b) + 2^-25 / max |R|"));
    }
    json_t *settle = json_pack("{s:f, s:i, s:f, s:i, s:s}", "max_s_per_point", c->settle_max_s, "points_waited",
                               (int)c->settle_waits, "waited_s", c->settle_s, "points_still_limited",
                               (int)c->settle_limited, "what",
                               "before each point, the wait for NVML's power and thermal clock event reasons to "
                               "clear (rank 0)");
    return json_pack("{s:o, s:i, s:i, s:f, s:f, s:s, s:i, s:f, s:i, s:b, s:o, s:o, s:s, s:s, s:f, s:o}", "sizes", sl,
                     "model_size", (int)ms, "tune_size", (int)(o->tune_size ? o->tune_size : o->quick ? 1024 : 4096),
                     "alpha", o->alpha, "beta", o->beta, "l2", rfl_gemm_l2_names[o->l2], "seed", (int)o->seed,
                     "min_time_s", c->min_time_s, "experiments", (int)c->experiments, "tuned", !o->no_tune,
                     "cublas", cublas, "error_bound", bounds, "error_measure",
                     "max |C - R| / max |R| over all elements (cuBLAS FP32/FP64 rows: 8 x 8 "
                     "entries against the host in long double)",
                     "sass_source", rfl_gemm_sass_source, "elapsed_s", elapsed, "settle", settle);
}
