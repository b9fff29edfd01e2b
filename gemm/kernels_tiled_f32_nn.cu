/* `tiled` FP32 (FFMA), nn: the configurations the run-time tuning chooses
 * from (see tiled.cuh).  The minimum blocks per SM in __launch_bounds__
 * caps the registers: 2 blocks of 256 threads leave 128 a thread. */
#include "config.h"

#include "gemm/tiled.cuh"

using rfl_gemm::TiledCfg;

namespace {
typedef TiledCfg<float, 128, 128, 8, 64, 32, 8, 3, false> c1;
typedef TiledCfg<float, 128, 128, 16, 64, 32, 8, 3, false> c2;
typedef TiledCfg<float, 128, 256, 8, 64, 64, 8, 3, false> c3;
typedef TiledCfg<float, 256, 128, 8, 64, 64, 4, 3, false> c4;
typedef TiledCfg<float, 128, 128, 8, 32, 64, 4, 4, false> c5;
typedef TiledCfg<float, 256, 128, 16, 64, 64, 4, 3, false> c6;
} // namespace

RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_128x128x8_w64x32, c1, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_128x128x16_w64x32, c2, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_128x256x8_w64x64, c3, 1)
RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_256x128x8_w64x64, c4, 1)
RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_128x128x8_w32x64_s4, c5, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f32_nn_256x128x16_w64x64, c6, 1)

extern "C" const struct rfl_gemm_kernel rfl_gemm_tiled_f32_nn_kernels[] = {
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_128x128x8_w64x32, c1, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_128x128x16_w64x32, c2, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_128x256x8_w64x64, c3, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_256x128x8_w64x64, c4, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_128x128x8_w32x64_s4, c5, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f32_nn_256x128x16_w64x64, c6, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA),
};
extern "C" const int rfl_gemm_tiled_f32_nn_count =
    sizeof rfl_gemm_tiled_f32_nn_kernels / sizeof rfl_gemm_tiled_f32_nn_kernels[0];
