#include "config.h"
#include "kernels.h"

/* The kernel table, from its rows (schema/bandwidth_kernels.inc). */
const struct rfl_bw_kernel rfl_bw_kernels[RFL_BW_NKERNELS] = {
#define RFL_BANDWIDTH_KERNEL(id, name_, arrays_, reads_, writes_, nontemporal_, formula_)                      \
    [RFL_BW_##id] = {.name = #name_,                                                                          \
                     .arrays = arrays_,                                                                       \
                     .reads = reads_,                                                                         \
                     .writes = writes_,                                                                       \
                     .nontemporal = nontemporal_,                                                             \
                     .formula = formula_},
#include "schema/bandwidth_kernels.inc"
#undef RFL_BANDWIDTH_KERNEL
};

const char *const rfl_bw_kernel_names[RFL_BW_NKERNELS + 1] = {
#define RFL_BANDWIDTH_KERNEL(id, name, arrays, reads, writes, nontemporal, formula) [RFL_BW_##id] = #name,
#include "schema/bandwidth_kernels.inc"
#undef RFL_BANDWIDTH_KERNEL
    [RFL_BW_NKERNELS] = NULL};

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
