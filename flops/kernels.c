#include "config.h"
#include "kernels.h"

const char *const rfl_fl_isa_names[RFL_FL_NISA + 1] = {"sse2", "avx2", "avx512", "neon", NULL};
const char *const rfl_fl_variant_names[RFL_FL_NVARIANT + 2] = {
#define RFL_FLOPS_VARIANT(id, name) [RFL_FL_##id] = #name,
#include "schema/flops_variants.inc"
#undef RFL_FLOPS_VARIANT
    [RFL_FL_NVARIANT] = "all", [RFL_FL_NVARIANT + 1] = NULL};
const struct rfl_fl_kernel_info rfl_fl_kernel = {
    1, 1, "beta = (FPE odd) ? x + gamma : beta0; FPE/2 times beta = beta*x + alpha; x = beta"};
const unsigned rfl_fl_unrolls[RFL_FL_NUNROLL] = {1, 2, 4, 8, 16};
const char *const rfl_fl_unroll_names[RFL_FL_NUNROLL + 1] = {"1", "2", "4", "8", "16", NULL};

int rfl_fl_isa_supported(enum rfl_fl_isa isa)
{
    switch (isa) {
#if defined(__x86_64__) && defined(__GNUC__)
    case RFL_FL_SSE2:
        return 1;
    case RFL_FL_AVX2:
        return rfl_isa_supported(RFL_ISA_AVX2);
    case RFL_FL_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f");
#elif defined(__aarch64__) && defined(__GNUC__)
    case RFL_FL_NEON:
        return 1;
#endif
    default:
        return 0;
    }
}

enum rfl_fl_isa rfl_fl_isa_best(void)
{
    static const enum rfl_fl_isa order[] = {RFL_FL_AVX512, RFL_FL_AVX2, RFL_FL_SSE2, RFL_FL_NEON};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (rfl_fl_isa_supported(order[i]))
            return order[i];
    return RFL_FL_NISA;
}

unsigned rfl_fl_isa_vector_bytes(enum rfl_fl_isa isa)
{
    return isa == RFL_FL_AVX512 ? 64 : isa == RFL_FL_AVX2 ? 32 : 16;
}

int rfl_fl_isa_has_fma(enum rfl_fl_isa isa)
{
    return isa == RFL_FL_SSE2 ? rfl_fl_vec128_fused() : 1;
}

rfl_fl_fn rfl_fl_simd_lookup(enum rfl_fl_isa isa, enum rfl_precision prec, unsigned unroll)
{
    int u = -1;
    for (int i = 0; i < RFL_FL_NUNROLL; i++)
        if (rfl_fl_unrolls[i] == unroll)
            u = i;
    if (u < 0 || (unsigned)prec >= RFL_NPRECISION)
        return NULL;
    switch (isa) {
    case RFL_FL_AVX512:
        return rfl_fl_avx512_kernels[prec][u];
    case RFL_FL_AVX2:
        return rfl_fl_avx2_kernels[prec][u];
#if defined(__x86_64__)
    case RFL_FL_SSE2:
        return rfl_fl_vec128_kernels[prec][u];
#elif defined(__aarch64__)
    case RFL_FL_NEON:
        return rfl_fl_vec128_kernels[prec][u];
#endif
    default:
        return NULL;
    }
}
