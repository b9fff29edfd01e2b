/* The closed form of rfl_gpu_flops: the host replays, for each of the eight
 * start values, the exact sequence of IEEE operations the kernel performs
 * (an add when FPE is odd, FPE/2 fused multiply-adds, a negation, per
 * trial), each correctly rounded in the element's precision, and the
 * kernel's results must match it bit for bit.  Half precision is computed
 * in double, where every sum and product of halves here is exact, then
 * rounded once to binary16, which is what a fused half operation does. */
#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "common/selftest.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

uint16_t rfl_half_from_double(double v)
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    double a = fabs(v);
    if (isnan(v))
        return 0x7e00;
    if (a >= 65520.0) /* rounds past the largest half, 65504 */
        return sign | 0x7c00;
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1): the leading bit is 2^(e-1) */
    int exponent = e - 1;
    if (a == 0.0 || exponent < -14) {
        /* Subnormal (or zero): multiples of 2^-24; 1024 of them carry into
         * the smallest normal, whose encoding is the same integer. */
        double q = nearbyint(ldexp(a, 24));
        return sign | (uint16_t)q;
    }
    double q = nearbyint(ldexp(a, 10 - exponent)); /* in [1024, 2048] */
    if (q >= 2048.0) {
        q = 1024.0;
        exponent++;
    }
    if (exponent > 15)
        return sign | 0x7c00;
    return sign | (uint16_t)((exponent + 15) << 10) | (uint16_t)(q - 1024.0);
}

double rfl_half_to_double(uint16_t h)
{
    double sign = h & 0x8000 ? -1.0 : 1.0;
    int exponent = (h >> 10) & 31, mantissa = h & 1023;
    if (exponent == 0)
        return sign * ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? NAN : sign * INFINITY;
    return sign * ldexp(1024 + mantissa, exponent - 25);
}

static double start_value(unsigned pattern) { return 1.0 + (double)(pattern & 7) / 8.0; }

/* The kernel's trials in type T with its fused multiply-add FMA: b = x;
 * if FPE odd: b = b + c1; FPE/2 times: b = b*m + c2; x = -b. */
#define REPLAY_FN(name, T, FMA)                                                                                \
    static T name(T x, unsigned fpe, unsigned long long trials)                                               \
    {                                                                                                         \
        const T c1 = (T)RFL_GFL_C1, m = (T)RFL_GFL_M, c2 = (T)RFL_GFL_C2;                                      \
        for (unsigned long long t = 0; t < trials; t++) {                                                     \
            T b = x;                                                                                          \
            if (fpe & 1)                                                                                      \
                b = b + c1;                                                                                   \
            for (unsigned s = 0; s < fpe / 2; s++)                                                            \
                b = FMA(b, m, c2);                                                                            \
            x = -b;                                                                                           \
        }                                                                                                     \
        return x;                                                                                             \
    }
REPLAY_FN(replay_fp64, double, fma)
REPLAY_FN(replay_fp32, float, fmaf)

uint64_t rfl_gfl_replay_bits(enum rfl_gpu_precision p, unsigned fpe, unsigned pattern, unsigned long long trials)
{
    if (p == RFL_GPU_FP64) {
        const double x = replay_fp64(start_value(pattern), fpe, trials);
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
    if (p == RFL_GPU_FP32) {
        const float x = replay_fp32((float)start_value(pattern), fpe, trials);
        uint32_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
    const unsigned steps = fpe / 2;
    const int odd = fpe & 1;
    const double c1 = rfl_half_to_double(rfl_half_from_double(RFL_GFL_C1));
    const double m = rfl_half_to_double(rfl_half_from_double(RFL_GFL_M));
    const double c2 = rfl_half_to_double(rfl_half_from_double(RFL_GFL_C2));
    uint16_t x = rfl_half_from_double(start_value(pattern));
    for (unsigned long long t = 0; t < trials; t++) {
        uint16_t b = x;
        if (odd)
            b = rfl_half_from_double(rfl_half_to_double(b) + c1);
        for (unsigned s = 0; s < steps; s++)
            b = rfl_half_from_double(rfl_half_to_double(b) * m + c2);
        x = b ^ 0x8000;
    }
    return x;
}

/* The value of replay bits of precision p. */
static double value_of(enum rfl_gpu_precision p, uint64_t bits)
{
    if (p == RFL_GPU_FP64) {
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    if (p == RFL_GPU_FP32) {
        float f;
        const uint32_t b32 = (uint32_t)bits;
        memcpy(&f, &b32, 4);
        return f;
    }
    return rfl_half_to_double((uint16_t)bits);
}

int rfl_gfl_verify_self_test(void)
{
    int failures = 0;
    /* Reference encodings of binary16. */
    EXPECT(rfl_half_from_double(1.0) == 0x3c00);
    EXPECT(rfl_half_from_double(-2.0) == 0xc000);
    EXPECT(rfl_half_from_double(0.3) == 0x34cd);
    EXPECT(rfl_half_from_double(0.1) == 0x2e66);
    EXPECT(rfl_half_from_double(65504.0) == 0x7bff);
    EXPECT(rfl_half_from_double(65519.0) == 0x7bff);
    EXPECT(rfl_half_from_double(65520.0) == 0x7c00);
    EXPECT(rfl_half_from_double(ldexp(1.0, -24)) == 0x0001);
    EXPECT(rfl_half_from_double(ldexp(1.0, -25)) == 0x0000);     /* a tie: to even, zero */
    EXPECT(rfl_half_from_double(ldexp(3.0, -25)) == 0x0002);     /* a tie: to even, two */
    EXPECT(rfl_half_from_double(ldexp(1.0, -14)) == 0x0400);     /* the smallest normal */
    EXPECT(rfl_half_from_double(ldexp(1023.5, -24)) == 0x0400);  /* rounds up into it */
    EXPECT(rfl_half_from_double(1.0 + ldexp(1.0, -11)) == 0x3c00); /* a tie: to even */
    EXPECT(rfl_half_from_double(1.0 + ldexp(3.0, -11)) == 0x3c02);
    EXPECT(rfl_half_from_double(2047.0 / 1024.0 + ldexp(1.0, -11)) == 0x4000); /* carries into the exponent */
    for (unsigned h = 0; h < 0x7c00; h++) {
        if (rfl_half_from_double(rfl_half_to_double((uint16_t)h)) != h ||
            rfl_half_from_double(-rfl_half_to_double((uint16_t)h)) != (h | 0x8000)) {
            EXPECT(!"every finite half round-trips");
            break;
        }
    }
    /* The replay against a direct computation. */
    for (unsigned k = 0; k < 8; k++) {
        float x = 1.0f + (float)k / 8.0f;
        for (int t = 0; t < 3; t++) {
            float b = x;
            for (int s = 0; s < 4; s++)
                b = fmaf(b, (float)RFL_GFL_M, (float)RFL_GFL_C2);
            x = -b;
        }
        uint32_t bits;
        memcpy(&bits, &x, sizeof bits);
        EXPECT(rfl_gfl_replay_bits(RFL_GPU_FP32, 8, k, 3) == bits);
    }
    /* FPE 1 is x -> -(x + c1): two trials give back x up to one rounding. */
    for (int p = 0; p < RFL_GPU_NPRECISION; p++) {
        const enum rfl_gpu_precision prec = (enum rfl_gpu_precision)p;
        const double z = value_of(prec, rfl_gfl_replay_bits(prec, 1, 3, 0));
        const double w = value_of(prec, rfl_gfl_replay_bits(prec, 1, 3, 2));
        EXPECT(z == 1.375 && fabs(w - z) <= 1e-3 * z);
    }
    /* Values stay bounded (near +-c2/(1-m)) for every FPE and precision. */
    for (int p = 0; p < RFL_GPU_NPRECISION; p++)
        for (unsigned fpe = 1; fpe <= RFL_GFL_MAX_FPE; fpe *= 2) {
            const enum rfl_gpu_precision prec = (enum rfl_gpu_precision)p;
            const double v = value_of(prec, rfl_gfl_replay_bits(prec, fpe, 5, 50));
            EXPECT(isfinite(v) && fabs(v) < 4.0 && v != 0.0);
        }
    return failures;
}
