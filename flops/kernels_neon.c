/* The NEON instantiation of kernels_simd.inc: Advanced SIMD is part of the
 * AArch64 baseline, so no dispatch is needed and FMA is explicit. */
#include "config.h"
#include "kernels.h"

#if defined(__aarch64__) && defined(__GNUC__)
#include <arm_neon.h>

#define ROW(prefix) {prefix##1, prefix##2, prefix##4, prefix##8, prefix##16}
#define TARGET
/* 32 registers: 16 accumulators, alpha, beta0 and 14 element vectors. */
#define XKEEP(U) ((U) <= 8 ? (U) : 14)

#define FN(U) neon_fp64_##U
#define T double
#define V float64x2_t
#define VL 2
#define VLOAD(p) vld1q_f64(p)
#define VSTORE(p, v) vst1q_f64((p), (v))
#define VSET1(x) vdupq_n_f64(x)
#define VADD(x, y) vaddq_f64((x), (y))
#define VFMA(b, x, a) vfmaq_f64((a), (b), (x))
#include "kernels_simd.inc"

#define FN(U) neon_fp32_##U
#define T float
#define V float32x4_t
#define VL 4
#define VLOAD(p) vld1q_f32(p)
#define VSTORE(p, v) vst1q_f32((p), (v))
#define VSET1(x) vdupq_n_f32(x)
#define VADD(x, y) vaddq_f32((x), (y))
#define VFMA(b, x, a) vfmaq_f32((a), (b), (x))
#include "kernels_simd.inc"

const rfl_fl_fn rfl_fl_vec128_kernels[RFL_NPRECISION][RFL_FL_NUNROLL] = {
    [RFL_FP64] = ROW(neon_fp64_), [RFL_FP32] = ROW(neon_fp32_)};

int rfl_fl_vec128_fused(void) { return 1; }

#else
/* Keeps the translation unit non-empty (ISO C) where NEON is absent. */
typedef int rfl_fl_no_neon;
#endif
