/* `tiled` FP64 (DFMA), nn and nt: the configurations the run-time tuning
 * chooses from (see tiled.cuh).  An 8x8 register tile of doubles is 128
 * registers of accumulators, so that configuration runs one block per SM. */
#include "config.h"

#include "gemm/tiled.cuh"

using rfl_gemm::TiledCfg;

namespace {
typedef TiledCfg<double, 128, 128, 8, 64, 32, 8, 3, false> nn1;
typedef TiledCfg<double, 64, 128, 8, 32, 32, 4, 3, false> nn2;
typedef TiledCfg<double, 128, 64, 8, 32, 32, 8, 3, false> nn3;
typedef TiledCfg<double, 128, 128, 8, 64, 32, 8, 3, true> nt1;
typedef TiledCfg<double, 64, 128, 8, 32, 32, 4, 3, true> nt2;
typedef TiledCfg<double, 128, 64, 8, 32, 32, 8, 3, true> nt3;
} // namespace

RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nn_128x128x8_w64x32, nn1, 1)
RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nn_64x128x8_w32x32, nn2, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nn_128x64x8_w32x32, nn3, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nt_128x128x8_w64x32, nt1, 1)
RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nt_64x128x8_w32x32, nt2, 2)
RFL_TILED_KERNEL(rfl_gemm_tiled_f64_nt_128x64x8_w32x32, nt3, 2)

extern "C" const struct rfl_gemm_kernel rfl_gemm_tiled_f64_kernels[] = {
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nn_128x128x8_w64x32, nn1, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nn_64x128x8_w32x32, nn2, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nn_128x64x8_w32x32, nn3, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nt_128x128x8_w64x32, nt1, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nt_64x128x8_w32x32, nt2, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
    RFL_TILED_ENTRY(rfl_gemm_tiled_f64_nt_128x64x8_w32x32, nt3, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA),
};
extern "C" const int rfl_gemm_tiled_f64_count = sizeof rfl_gemm_tiled_f64_kernels / sizeof rfl_gemm_tiled_f64_kernels[0];
