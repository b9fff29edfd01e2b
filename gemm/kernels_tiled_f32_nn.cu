/* `tiled` FP32 (FFMA), nn: the kernels and table of RFL_TILED_F32_NN (tiled.cuh). */
#include "config.h"

#include "gemm/tiled.cuh"

RFL_TILED_FILE(RFL_TILED_F32_NN, f32_nn)
