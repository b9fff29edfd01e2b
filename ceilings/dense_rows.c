/* What a row of dense.csv is, asked by the loader, the GPU ceilings and the report: a GEMM
 * reference or a factorization, on the host or a GPU, and which GPU roof bounds a GEMM row.
 * Apart from load_dense.c, so that the GPU ceilings can ask without calling into the points. */
#include "config.h"
#include "dense.h"
#include "gpu.h"

#include <string.h>

int rfl_dense_is_gemm(const struct rfl_dense_row *r) { return !strcmp(r->factorization, "gemm"); }

int rfl_dense_on_gpu(const struct rfl_dense_row *r) { return strcmp(r->device, "cpu") != 0; }

const char *rfl_dense_gemm_roof(const struct rfl_dense_row *r, const char *arch)
{
    return rfl_dense_is_gemm(r) && rfl_dense_on_gpu(r) && !strcmp(r->precision, "fp64") &&
                   rfl_gpu_arch_flops_per_clock(arch, "fp64 tensor") > 0
               ? "fp64 tensor"
               : NULL;
}
