#include "config.h"
#include "clock.h"
#include "common/stats.h"
#include "common/timer.h"

#include <stdint.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

const char *const rfl_clock_load_names[RFL_NCLOCK_LOAD + 1] = {"integer", "avx2", "avx512", NULL};

/* Sixteen dependent adds of a register (not an immediate: some cores
 * execute small add-immediates at rename, faster than one per cycle). */
#if defined(__x86_64__) && defined(__GNUC__)
#define ADD1 "add %[one], %[acc]\n\t"
#define HAVE_CHAIN 1
#elif defined(__aarch64__) && defined(__GNUC__)
#define ADD1 "add %[acc], %[acc], %[one]\n\t"
#define HAVE_CHAIN 1
#endif

#ifdef HAVE_CHAIN
#define ADD4 ADD1 ADD1 ADD1 ADD1
#define ADD16 ADD4 ADD4 ADD4 ADD4
#define CHAIN16(acc_, inc_) __asm__ __volatile__(ADD16 : [acc] "+r"(acc_) : [one] "r"(inc_))
#define ADDS_PER_ITER 64

static volatile uint64_t clock_sink;

static uint64_t chain_integer(uint64_t iters)
{
    uint64_t acc = 0, one = 1;
    for (uint64_t i = 0; i < iters; i++) {
        CHAIN16(acc, one);
        CHAIN16(acc, one);
        CHAIN16(acc, one);
        CHAIN16(acc, one);
    }
    return acc;
}

#if defined(__x86_64__)
/* Eight FMA chains, sixteen FMAs per sixteen adds: half the FMA rate of two
 * pipes, enough to put the core in the clock it keeps under vector load,
 * while the add chain stays the critical path (two FMA latencies per chain
 * are 8-10 cycles). The operands pass through empty asm so the compiler
 * cannot fold x*1+0. */
#define FMA_ROUND(VFMA)                                                           \
    a0 = VFMA(a0, one, zero); a1 = VFMA(a1, one, zero); a2 = VFMA(a2, one, zero); \
    a3 = VFMA(a3, one, zero); a4 = VFMA(a4, one, zero); a5 = VFMA(a5, one, zero); \
    a6 = VFMA(a6, one, zero); a7 = VFMA(a7, one, zero);
#define CHAIN_AND_FMAS(VFMA)                                                         \
    CHAIN16(acc, one_i);                                                             \
    FMA_ROUND(VFMA)                                                                  \
    FMA_ROUND(VFMA)
#define FMA_CHAIN_FN(name, TARGET, V, SET1, VFMA, CAST128)                            \
    TARGET static uint64_t name(uint64_t iters)                                      \
    {                                                                                \
        uint64_t acc = 0, one_i = 1;                                                 \
        V one = SET1(1.0), zero = SET1(0.0);                                         \
        __asm__("" : "+v"(one), "+v"(zero));                                         \
        V a0 = one, a1 = one, a2 = one, a3 = one, a4 = one, a5 = one, a6 = one, a7 = one; \
        for (uint64_t i = 0; i < iters; i++) {                                       \
            CHAIN_AND_FMAS(VFMA)                                                     \
            CHAIN_AND_FMAS(VFMA)                                                     \
            CHAIN_AND_FMAS(VFMA)                                                     \
            CHAIN_AND_FMAS(VFMA)                                                     \
        }                                                                            \
        V s = VFMA(VFMA(VFMA(a0, a1, a2), VFMA(a3, a4, a5), a6), one, a7);           \
        clock_sink = (uint64_t)_mm_cvtsd_f64(CAST128(s));                            \
        return acc;                                                                  \
    }
FMA_CHAIN_FN(chain_avx2, __attribute__((target("avx2,fma"))), __m256d, _mm256_set1_pd, _mm256_fmadd_pd,
             _mm256_castpd256_pd128)
FMA_CHAIN_FN(chain_avx512, __attribute__((target("avx512f"))), __m512d, _mm512_set1_pd, _mm512_fmadd_pd,
             _mm512_castpd512_pd128)
#endif

static int load_supported(enum rfl_clock_load load)
{
    switch (load) {
    case RFL_CLOCK_INTEGER:
        return 1;
#if defined(__x86_64__)
    case RFL_CLOCK_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case RFL_CLOCK_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f");
#endif
    default:
        return 0;
    }
}

static double run_chain(enum rfl_clock_load load, uint64_t iters)
{
    double t0 = rfl_now_s();
    uint64_t r;
    switch (load) {
#if defined(__x86_64__)
    case RFL_CLOCK_AVX2:
        r = chain_avx2(iters);
        break;
    case RFL_CLOCK_AVX512:
        r = chain_avx512(iters);
        break;
#endif
    default:
        r = chain_integer(iters);
        break;
    }
    double t = rfl_now_s() - t0;
    clock_sink = r;
    return t;
}

double rfl_clock_ghz(enum rfl_clock_load load, double seconds, int reps)
{
    if (!load_supported(load) || seconds <= 0)
        return 0.0;
    /* Grow the run until it is long enough to time, then size it. */
    uint64_t iters = 256;
    double t = run_chain(load, iters);
    while (t < seconds / 8 && iters < (1ull << 40)) {
        iters *= 2;
        t = run_chain(load, iters);
    }
    if (t > 0 && t < seconds)
        iters = (uint64_t)((double)iters * seconds / t) + 1;
    /* The median, not the best: a preempted run reads low, but a run that
     * caught a turbo transient reads high, and the rows measured next run at
     * the clock the core keeps (a 16-core Xeon read 3.70 GHz as its best of 20
     * and then ran at 3.40). */
    double ghz[RFL_CLOCK_MAX_REPS];
    int n = reps < 1 ? 1 : reps > RFL_CLOCK_MAX_REPS ? RFL_CLOCK_MAX_REPS : reps;
    for (int r = 0; r < n; r++) {
        t = run_chain(load, iters);
        ghz[r] = t > 0 ? (double)iters * ADDS_PER_ITER / t * 1e-9 : 0.0;
    }
    struct rfl_stats st;
    rfl_stats_compute(ghz, (size_t)n, &st);
    return st.median;
}

const char *rfl_clock_method(void)
{
    return "dependent chain of register-register integer adds (1 cycle each), timed with CLOCK_MONOTONIC; "
           "median of several runs; optionally with FMAs of the given width in flight beside the chain";
}

#else /* no add chain for this architecture */

double rfl_clock_ghz(enum rfl_clock_load load, double seconds, int reps)
{
    (void)load;
    (void)seconds;
    (void)reps;
    return 0.0;
}

const char *rfl_clock_method(void) { return "not measured on this architecture"; }

#endif
