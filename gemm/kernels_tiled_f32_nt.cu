/* `tiled` FP32 (FFMA), nt: the kernels and table of RFL_TILED_F32_NT (tiled.cuh). */
#include "config.h"

#include "gemm/tiled.cuh"

RFL_TILED_FILE(RFL_TILED_F32_NT, f32_nt)
