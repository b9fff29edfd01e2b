/* `tiled` FP64 (DFMA), nn and nt: the configurations the run-time tuning
 * chooses from (see tiled.cuh).  An 8x8 register tile of doubles is 128
 * registers of accumulators, so that configuration runs one block per SM. */
#include "config.h"

#include "gemm/tiled.cuh"

#define CONFIGS(X) \
    X(rfl_gemm_tiled_f64_nn_128x128x8_w64x32, 1, double, 128, 128, 8, 64, 32, 8, 3, false) \
    X(rfl_gemm_tiled_f64_nn_64x128x8_w32x32, 2, double, 64, 128, 8, 32, 32, 4, 3, false) \
    X(rfl_gemm_tiled_f64_nn_128x64x8_w32x32, 2, double, 128, 64, 8, 32, 32, 8, 3, false) \
    X(rfl_gemm_tiled_f64_nt_128x128x8_w64x32, 1, double, 128, 128, 8, 64, 32, 8, 3, true) \
    X(rfl_gemm_tiled_f64_nt_64x128x8_w32x32, 2, double, 64, 128, 8, 32, 32, 4, 3, true) \
    X(rfl_gemm_tiled_f64_nt_128x64x8_w32x32, 2, double, 128, 64, 8, 32, 32, 8, 3, true)

RFL_GEMM_KERNEL_FILE(CONFIGS, RFL_TILED_TYPE, RFL_TILED_KERNEL, RFL_TILED_ENTRY, rfl_gemm_tiled_f64_kernels,
                     rfl_gemm_tiled_f64_count)
