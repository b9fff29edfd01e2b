#include "config.h"
#include "kernels.h"

const struct rfl_bw_kernel rfl_bw_kernels[RFL_BW_NKERNELS] = {
    [RFL_BW_SUM] = {"sum", 1, 1, 0, 0, "s += a[i]"},
    [RFL_BW_RMW] = {"rmw", 1, 1, 1, 0, "a[i] = beta*a[i] + alpha"},
    [RFL_BW_COPY] = {"copy", 2, 1, 1, 0, "b[i] = a[i]"},
    [RFL_BW_COPY_NT] = {"copy_nt", 2, 1, 1, 1, "b[i] = a[i] (non-temporal stores)"},
    [RFL_BW_TRIAD] = {"triad", 3, 2, 1, 0, "a[i] = b[i] + s*c[i]"},
    [RFL_BW_TRIAD_NT] = {"triad_nt", 3, 2, 1, 1, "a[i] = b[i] + s*c[i] (non-temporal stores)"},
    [RFL_BW_WRITE] = {"write", 1, 0, 1, 0, "a[i] = v"},
    [RFL_BW_WRITE_NT] = {"write_nt", 1, 0, 1, 1, "a[i] = v (non-temporal stores)"},
};

const char *const rfl_bw_kernel_names[RFL_BW_NKERNELS + 1] = {
    "sum", "rmw", "copy", "copy_nt", "triad", "triad_nt", "write", "write_nt", NULL};

rfl_bw_fn rfl_bw_lookup(enum rfl_isa isa, enum rfl_precision prec, enum rfl_bw_kernel_id k)
{
    const rfl_bw_fn *table;
    switch (isa) {
    case RFL_ISA_AVX512:
        table = prec == RFL_FP64 ? rfl_bw_avx512_fp64 : rfl_bw_avx512_fp32;
        break;
    case RFL_ISA_AVX2:
        table = prec == RFL_FP64 ? rfl_bw_avx2_fp64 : rfl_bw_avx2_fp32;
        break;
    default:
        table = prec == RFL_FP64 ? rfl_bw_c_fp64 : rfl_bw_c_fp32;
        break;
    }
    return table[k];
}
