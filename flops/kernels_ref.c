/* The `ref` variant: Lo et al.'s Fig. 3 in plain C, compiled with the
 * build's compiler and flags and nothing else. This is what compiled code
 * gets, and the gap to the simd variant is the paper's point (Fig. 4).
 *
 * The paper picks FPE with a preprocessor macro, so the compiler sees
 * straight-line code; here each power of two up to 1024 is compiled that
 * way (the same repetition macros), in one binary. Any other FPE runs the
 * loop over the polynomial's degree, which compilers treat differently
 * (they do not vectorize across elements through an inner loop); the CSV's
 * kernel_form column says which one a row measured. */
#include "config.h"
#include "kernels.h"

/* beta = beta*x + alpha, 2^k times */
#define R1(S) S
#define R2(S) R1(S) R1(S)
#define R4(S) R2(S) R2(S)
#define R8(S) R4(S) R4(S)
#define R16(S) R8(S) R8(S)
#define R32(S) R16(S) R16(S)
#define R64(S) R32(S) R32(S)
#define R128(S) R64(S) R64(S)
#define R256(S) R128(S) R128(S)
#define R512(S) R256(S) R256(S)
#define STEP beta = beta * x + alpha;

/* FPE 1: the odd term alone. */
#define REF_ODD1(T, NAME)                                                       \
    static void NAME(const struct rfl_fl_work *w)                               \
    {                                                                           \
        T *restrict a = w->a;                                                   \
        const size_t n = w->n;                                                  \
        for (uint64_t t = 0; t < w->trials; t++) {                              \
            const T gamma_t = (T)w->gamma[(w->first_trial + t) & 1];            \
            for (size_t i = 0; i < n; i++) {                                    \
                const T x = a[i];                                               \
                T beta = x + gamma_t;                                           \
                a[i] = beta;                                                    \
            }                                                                   \
            RFL_FL_CLOBBER();                                                   \
        }                                                                       \
    }

/* FPE 2^k, k >= 1: 2^(k-1) steps written out. */
#define REF_EVEN(T, NAME, REP)                                                  \
    static void NAME(const struct rfl_fl_work *w)                               \
    {                                                                           \
        T *restrict a = w->a;                                                   \
        const size_t n = w->n;                                                  \
        const T alpha = (T)w->alpha, beta0 = (T)w->beta0;                       \
        for (uint64_t t = 0; t < w->trials; t++) {                              \
            for (size_t i = 0; i < n; i++) {                                    \
                const T x = a[i];                                               \
                T beta = beta0;                                                 \
                REP(STEP)                                                       \
                a[i] = beta;                                                    \
            }                                                                   \
            RFL_FL_CLOBBER();                                                   \
        }                                                                       \
    }

/* Any FPE: the degree is a run-time loop count. */
#define REF_LOOP(T, NAME)                                                       \
    static void NAME(const struct rfl_fl_work *w)                               \
    {                                                                           \
        T *restrict a = w->a;                                                   \
        const size_t n = w->n;                                                  \
        const unsigned m = w->fpe / 2, odd = w->fpe & 1;                        \
        const T alpha = (T)w->alpha, beta0 = (T)w->beta0;                       \
        for (uint64_t t = 0; t < w->trials; t++) {                              \
            const T gamma_t = (T)w->gamma[(w->first_trial + t) & 1];            \
            for (size_t i = 0; i < n; i++) {                                    \
                const T x = a[i];                                               \
                T beta = odd ? x + gamma_t : beta0;                             \
                for (unsigned k = 0; k < m; k++)                                \
                    STEP                                                        \
                a[i] = beta;                                                    \
            }                                                                   \
            RFL_FL_CLOBBER();                                                   \
        }                                                                       \
    }

#define REF_ALL(T, P)                                                           \
    REF_ODD1(T, ref_##P##_1)                                                    \
    REF_EVEN(T, ref_##P##_2, R1)                                                \
    REF_EVEN(T, ref_##P##_4, R2)                                                \
    REF_EVEN(T, ref_##P##_8, R4)                                                \
    REF_EVEN(T, ref_##P##_16, R8)                                               \
    REF_EVEN(T, ref_##P##_32, R16)                                              \
    REF_EVEN(T, ref_##P##_64, R32)                                              \
    REF_EVEN(T, ref_##P##_128, R64)                                             \
    REF_EVEN(T, ref_##P##_256, R128)                                            \
    REF_EVEN(T, ref_##P##_512, R256)                                            \
    REF_EVEN(T, ref_##P##_1024, R512)                                           \
    REF_LOOP(T, ref_##P##_loop)                                                 \
    static const rfl_fl_fn ref_##P##_table[11] = {                              \
        ref_##P##_1, ref_##P##_2, ref_##P##_4, ref_##P##_8, ref_##P##_16,       \
        ref_##P##_32, ref_##P##_64, ref_##P##_128, ref_##P##_256,               \
        ref_##P##_512, ref_##P##_1024};

REF_ALL(double, fp64)
REF_ALL(float, fp32)

/* log2(fpe) when fpe is a power of two up to 1024, else -1. */
static int compiled_index(unsigned fpe)
{
    for (int k = 0; k <= 10; k++)
        if (fpe == 1u << k)
            return k;
    return -1;
}

int rfl_fl_ref_compiled(unsigned fpe) { return compiled_index(fpe) >= 0; }

rfl_fl_fn rfl_fl_ref_lookup(enum rfl_precision prec, unsigned fpe)
{
    int k = compiled_index(fpe);
    if (prec == RFL_FP64)
        return k >= 0 ? ref_fp64_table[k] : ref_fp64_loop;
    return k >= 0 ? ref_fp32_table[k] : ref_fp32_loop;
}

unsigned rfl_fl_ref_vector_bytes(void)
{
#if defined(__AVX512F__)
    return 64;
#elif defined(__AVX__)
    return 32;
#elif defined(__SSE2__) || defined(__ARM_NEON)
    return 16;
#else
    return 8;
#endif
}

int rfl_fl_ref_has_fma(void)
{
#if defined(__FMA__) || defined(__aarch64__)
    return 1;
#else
    return 0;
#endif
}

const char *rfl_fl_ref_target(void)
{
#if defined(__AVX512F__)
    return "avx512";
#elif defined(__AVX2__) && defined(__FMA__)
    return "avx2";
#elif defined(__AVX__)
    return "avx";
#elif defined(__SSE2__)
    return "sse2";
#elif defined(__ARM_NEON)
    return "neon";
#else
    return "scalar";
#endif
}
