/* What run.c, mix.c and model.c share inside rfl_gemm. */
#ifndef RFL_GEMM_INTERNAL_H
#define RFL_GEMM_INTERNAL_H

#include <cublas_v2.h>
#include <jansson.h>

#include "gemm/gemm.h"
#include "common/csv.h"

struct rfl_gemm_ctx {
    const struct rfl_gemm_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    cublasHandle_t blas;
    int have_blas;
    struct rfl_gemm_diff *diff;   /* device */
    struct rfl_gpu_clock *clock;  /* device */
    double min_time_s;
    unsigned experiments;
    int ranks, root;
    int status;                   /* RFL_EXIT_* so far */
    char failure[512];
    struct rfl_csv mix_csv;
    int mix_open;
    char *mix_path;
};

/* The SM clock now, from NVML (NAN where NVML cannot say). */
double rfl_gemm_nvml_mhz(const struct rfl_gemm_ctx *c);

/* Columns of the three tables (schema/gemm.def, gemm_mix.def, gemm_model.def). */
extern const char *const *const rfl_gemm_columns;
extern const size_t rfl_gemm_ncolumns;
extern const char *const *const rfl_gemm_mix_columns;
extern const size_t rfl_gemm_nmix_columns;
extern const char *const *const rfl_gemm_model_columns;
extern const size_t rfl_gemm_nmodel_columns;

/* FILE.csv -> FILE_SUFFIX.csv (the caller frees); "-" stays "-". */
char *rfl_gemm_companion_path(const char *output, const char *suffix);

#endif
