/* `tiled` FP32 (FFMA), nt: the configurations the run-time tuning chooses
 * from (see tiled.cuh).  The minimum blocks per SM in __launch_bounds__
 * caps the registers: 2 blocks of 256 threads leave 128 a thread. */
#include "config.h"

#include "gemm/tiled.cuh"

#define CONFIGS(X) \
    X(rfl_gemm_tiled_f32_nt_128x128x8_w64x32, 2, float, 128, 128, 8, 64, 32, 8, 3, true) \
    X(rfl_gemm_tiled_f32_nt_128x128x16_w64x32, 2, float, 128, 128, 16, 64, 32, 8, 3, true) \
    X(rfl_gemm_tiled_f32_nt_128x256x8_w64x64, 1, float, 128, 256, 8, 64, 64, 8, 3, true) \
    X(rfl_gemm_tiled_f32_nt_256x128x8_w64x64, 1, float, 256, 128, 8, 64, 64, 4, 3, true) \
    X(rfl_gemm_tiled_f32_nt_128x128x8_w32x64_s4, 2, float, 128, 128, 8, 32, 64, 4, 4, true) \
    X(rfl_gemm_tiled_f32_nt_256x128x16_w64x64, 1, float, 256, 128, 16, 64, 64, 4, 3, true)

RFL_GEMM_KERNEL_FILE(CONFIGS, RFL_TILED_TYPE, RFL_TILED_KERNEL, RFL_TILED_ENTRY, rfl_gemm_tiled_f32_nt_kernels,
                     rfl_gemm_tiled_f32_nt_count)
