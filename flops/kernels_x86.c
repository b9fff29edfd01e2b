/* AVX-512, AVX2+FMA and SSE2 instantiations of kernels_simd.inc.  Each
 * function carries its own target attribute, so this file builds with the
 * baseline flags and one binary runs on any x86-64: the caller checks
 * rfl_fl_isa_supported before calling. */
#include "config.h"
#include "kernels.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define ROW(prefix) {prefix##1, prefix##2, prefix##4, prefix##8, prefix##16}

/* Element vectors kept in registers: 32 registers hold 16 accumulators,
 * alpha, beta0 and 14 of them; 16 registers hold 8 accumulators and 6. */
#define XKEEP_32REGS(U) ((U) <= 8 ? (U) : 14)
#define XKEEP_16REGS(U) ((U) <= 4 ? (U) : (U) == 8 ? 6 : 0)

/* ---- AVX-512 ---- */
#define XKEEP XKEEP_32REGS
#define TARGET __attribute__((target("avx512f")))
#define FN(U) avx512_fp64_##U
#define T double
#define V __m512d
#define VL 8
#define VLOAD(p) _mm512_load_pd(p)
#define VSTORE(p, v) _mm512_store_pd((p), (v))
#define VSET1(x) _mm512_set1_pd(x)
#define VADD(x, y) _mm512_add_pd((x), (y))
#define VFMA(b, x, a) _mm512_fmadd_pd((b), (x), (a))
#include "kernels_simd.inc"

#define FN(U) avx512_fp32_##U
#define T float
#define V __m512
#define VL 16
#define VLOAD(p) _mm512_load_ps(p)
#define VSTORE(p, v) _mm512_store_ps((p), (v))
#define VSET1(x) _mm512_set1_ps(x)
#define VADD(x, y) _mm512_add_ps((x), (y))
#define VFMA(b, x, a) _mm512_fmadd_ps((b), (x), (a))
#include "kernels_simd.inc"
#undef TARGET
#undef XKEEP

const rfl_fl_fn rfl_fl_avx512_kernels[RFL_NPRECISION][RFL_FL_NUNROLL] = {
    [RFL_FP64] = ROW(avx512_fp64_), [RFL_FP32] = ROW(avx512_fp32_)};

/* ---- AVX2 + FMA ---- */
#define XKEEP XKEEP_16REGS
#define TARGET __attribute__((target("avx2,fma")))
#define FN(U) avx2_fp64_##U
#define T double
#define V __m256d
#define VL 4
#define VLOAD(p) _mm256_load_pd(p)
#define VSTORE(p, v) _mm256_store_pd((p), (v))
#define VSET1(x) _mm256_set1_pd(x)
#define VADD(x, y) _mm256_add_pd((x), (y))
#define VFMA(b, x, a) _mm256_fmadd_pd((b), (x), (a))
#include "kernels_simd.inc"

#define FN(U) avx2_fp32_##U
#define T float
#define V __m256
#define VL 8
#define VLOAD(p) _mm256_load_ps(p)
#define VSTORE(p, v) _mm256_store_ps((p), (v))
#define VSET1(x) _mm256_set1_ps(x)
#define VADD(x, y) _mm256_add_ps((x), (y))
#define VFMA(b, x, a) _mm256_fmadd_ps((b), (x), (a))
#include "kernels_simd.inc"
#undef TARGET

const rfl_fl_fn rfl_fl_avx2_kernels[RFL_NPRECISION][RFL_FL_NUNROLL] = {
    [RFL_FP64] = ROW(avx2_fp64_), [RFL_FP32] = ROW(avx2_fp32_)};

/* ---- SSE2: the x86-64 baseline, multiply then add (no FMA before AVX2) ---- */
#define TARGET
#define FN(U) sse2_fp64_##U
#define T double
#define V __m128d
#define VL 2
#define VLOAD(p) _mm_load_pd(p)
#define VSTORE(p, v) _mm_store_pd((p), (v))
#define VSET1(x) _mm_set1_pd(x)
#define VADD(x, y) _mm_add_pd((x), (y))
#define VFMA(b, x, a) _mm_add_pd(_mm_mul_pd((b), (x)), (a))
#include "kernels_simd.inc"

#define FN(U) sse2_fp32_##U
#define T float
#define V __m128
#define VL 4
#define VLOAD(p) _mm_load_ps(p)
#define VSTORE(p, v) _mm_store_ps((p), (v))
#define VSET1(x) _mm_set1_ps(x)
#define VADD(x, y) _mm_add_ps((x), (y))
#define VFMA(b, x, a) _mm_add_ps(_mm_mul_ps((b), (x)), (a))
#include "kernels_simd.inc"
#undef TARGET

const rfl_fl_fn rfl_fl_vec128_kernels[RFL_NPRECISION][RFL_FL_NUNROLL] = {
    [RFL_FP64] = ROW(sse2_fp64_), [RFL_FP32] = ROW(sse2_fp32_)};

/* With -mfma (e.g. -march=native) the compiler may fuse the SSE2 multiply
 * and add; the model must know. */
int rfl_fl_vec128_fused(void)
{
#ifdef __FMA__
    return 1;
#else
    return 0;
#endif
}

#elif !defined(__aarch64__) /* no x86 SIMD variants on this target */

const rfl_fl_fn rfl_fl_avx512_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
const rfl_fl_fn rfl_fl_avx2_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
const rfl_fl_fn rfl_fl_vec128_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
int rfl_fl_vec128_fused(void) { return 0; }

#else /* AArch64: kernels_neon.c has the 128-bit table */

const rfl_fl_fn rfl_fl_avx512_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
const rfl_fl_fn rfl_fl_avx2_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];

#endif
