/* AVX-512 and AVX2 instantiations of kernels_simd.inc.  Each function
 * carries its own target attribute, so this file builds with the baseline
 * flags and the dispatcher picks what the CPU supports at run time. */
#include "config.h"
#include "kernels.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define SFENCE() _mm_sfence()

/* ---- AVX-512, fp64 ---- */
#define FN(x) avx512_fp64_##x
#define T double
#define V __m512d
#define VL 8
#define TARGET __attribute__((target("avx512f")))
#define VLOAD(p) _mm512_load_pd(p)
#define VSTORE(p, v) _mm512_store_pd((p), (v))
#define VSTREAM(p, v) _mm512_stream_pd((p), (v))
#define VADD(x, y) _mm512_add_pd((x), (y))
#define VFMA(x, y, z) _mm512_fmadd_pd((x), (y), (z))
#define VMUL(x, y) _mm512_mul_pd((x), (y))
#define VSET1(x) _mm512_set1_pd(x)
#define VZERO() _mm512_setzero_pd()
#define VREDUCE(v) _mm512_reduce_add_pd(v)
#define TABLE rfl_bw_avx512_fp64
#include "kernels_simd.inc"

/* ---- AVX-512, fp32 ---- */
#define FN(x) avx512_fp32_##x
#define T float
#define V __m512
#define VL 16
#define VLOAD(p) _mm512_load_ps(p)
#define VSTORE(p, v) _mm512_store_ps((p), (v))
#define VSTREAM(p, v) _mm512_stream_ps((p), (v))
#define VADD(x, y) _mm512_add_ps((x), (y))
#define VFMA(x, y, z) _mm512_fmadd_ps((x), (y), (z))
#define VMUL(x, y) _mm512_mul_ps((x), (y))
#define VSET1(x) _mm512_set1_ps(x)
#define VZERO() _mm512_setzero_ps()
#define VREDUCE(v) (double)_mm512_reduce_add_ps(v)
#define TABLE rfl_bw_avx512_fp32
#include "kernels_simd.inc"
#undef TARGET

/* ---- AVX2 + FMA, fp64 ---- */
__attribute__((target("avx2,fma"))) static inline double avx2_reduce_pd(__m256d v)
{
    __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
}
__attribute__((target("avx2,fma"))) static inline double avx2_reduce_ps(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return (double)_mm_cvtss_f32(s);
}

#define TARGET __attribute__((target("avx2,fma")))
#define FN(x) avx2_fp64_##x
#define T double
#define V __m256d
#define VL 4
#define VLOAD(p) _mm256_load_pd(p)
#define VSTORE(p, v) _mm256_store_pd((p), (v))
#define VSTREAM(p, v) _mm256_stream_pd((p), (v))
#define VADD(x, y) _mm256_add_pd((x), (y))
#define VFMA(x, y, z) _mm256_fmadd_pd((x), (y), (z))
#define VMUL(x, y) _mm256_mul_pd((x), (y))
#define VSET1(x) _mm256_set1_pd(x)
#define VZERO() _mm256_setzero_pd()
#define VREDUCE(v) avx2_reduce_pd(v)
#define TABLE rfl_bw_avx2_fp64
#include "kernels_simd.inc"

/* ---- AVX2 + FMA, fp32 ---- */
#define FN(x) avx2_fp32_##x
#define T float
#define V __m256
#define VL 8
#define VLOAD(p) _mm256_load_ps(p)
#define VSTORE(p, v) _mm256_store_ps((p), (v))
#define VSTREAM(p, v) _mm256_stream_ps((p), (v))
#define VADD(x, y) _mm256_add_ps((x), (y))
#define VFMA(x, y, z) _mm256_fmadd_ps((x), (y), (z))
#define VMUL(x, y) _mm256_mul_ps((x), (y))
#define VSET1(x) _mm256_set1_ps(x)
#define VZERO() _mm256_setzero_ps()
#define VREDUCE(v) avx2_reduce_ps(v)
#define TABLE rfl_bw_avx2_fp32
#include "kernels_simd.inc"

#else /* no x86 SIMD variants on this target */

const rfl_bw_fn rfl_bw_avx2_fp64[RFL_BW_NKERNELS], rfl_bw_avx2_fp32[RFL_BW_NKERNELS];
const rfl_bw_fn rfl_bw_avx512_fp64[RFL_BW_NKERNELS], rfl_bw_avx512_fp32[RFL_BW_NKERNELS];

#endif
