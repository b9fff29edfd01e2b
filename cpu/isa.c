#include "config.h"
#include "isa.h"

#include <stddef.h>

const char *const rfl_isa_names[RFL_NISA + 1] = {"c", "avx2", "avx512", NULL};
const char *const rfl_precision_names[RFL_NPRECISION + 1] = {"fp64", "fp32", NULL};

int rfl_isa_supported(enum rfl_isa isa)
{
    switch (isa) {
    case RFL_ISA_C:
        return 1;
#if defined(__x86_64__) && defined(__GNUC__)
    case RFL_ISA_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case RFL_ISA_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
    default:
        return 0;
    }
}

enum rfl_isa rfl_isa_best(void)
{
    for (int i = RFL_NISA - 1; i > 0; i--)
        if (rfl_isa_supported((enum rfl_isa)i))
            return (enum rfl_isa)i;
    return RFL_ISA_C;
}

unsigned rfl_isa_vector_bytes(enum rfl_isa isa)
{
    return isa == RFL_ISA_AVX512 ? 64 : isa == RFL_ISA_AVX2 ? 32 : 16;
}
