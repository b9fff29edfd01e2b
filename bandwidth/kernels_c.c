#include "config.h"
#include "kernels.h"

#define FN(x) c_fp64_##x
#define T double
#define TABLE rfl_bw_c_fp64
#include "kernels_c.inc"
#undef FN
#undef T
#undef TABLE

#define FN(x) c_fp32_##x
#define T float
#define TABLE rfl_bw_c_fp32
#include "kernels_c.inc"
