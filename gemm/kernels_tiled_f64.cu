/* `tiled` FP64 (DFMA), nn and nt: the kernels and table of RFL_TILED_F64 (tiled.cuh). */
#include "config.h"

#include "gemm/tiled.cuh"

RFL_TILED_FILE(RFL_TILED_F64, f64)
