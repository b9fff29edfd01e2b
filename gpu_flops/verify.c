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

uint64_t rfl_gfl_replay_bits(enum rfl_gpu_precision p, unsigned fpe, unsigned pattern, unsigned long long trials)
{
    const unsigned steps = fpe / 2;
    const int odd = fpe & 1;
    if (p == RFL_GPU_FP64) {
        double x = start_value(pattern);
        for (unsigned long long t = 0; t < trials; t++) {
            double b = x;
            if (odd)
                b = b + RFL_GFL_C1;
            for (unsigned s = 0; s < steps; s++)
                b = fma(b, RFL_GFL_M, RFL_GFL_C2);
            x = -b;
        }
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
    if (p == RFL_GPU_FP32) {
        const float c1 = (float)RFL_GFL_C1, m = (float)RFL_GFL_M, c2 = (float)RFL_GFL_C2;
        float x = (float)start_value(pattern);
        for (unsigned long long t = 0; t < trials; t++) {
            float b = x;
            if (odd)
                b = b + c1;
            for (unsigned s = 0; s < steps; s++)
                b = fmaf(b, m, c2);
            x = -b;
        }
        uint32_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
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
        uint64_t zero = rfl_gfl_replay_bits((enum rfl_gpu_precision)p, 1, 3, 0);
        uint64_t two = rfl_gfl_replay_bits((enum rfl_gpu_precision)p, 1, 3, 2);
        double z, w;
        if (p == RFL_GPU_FP64) {
            memcpy(&z, &zero, 8);
            memcpy(&w, &two, 8);
        } else if (p == RFL_GPU_FP32) {
            float f;
            uint32_t b32 = (uint32_t)zero;
            memcpy(&f, &b32, 4);
            z = f;
            b32 = (uint32_t)two;
            memcpy(&f, &b32, 4);
            w = f;
        } else {
            z = rfl_half_to_double((uint16_t)zero);
            w = rfl_half_to_double((uint16_t)two);
        }
        EXPECT(z == 1.375 && fabs(w - z) <= 1e-3 * z);
    }
    /* Values stay bounded (near +-c2/(1-m)) for every FPE and precision. */
    for (int p = 0; p < RFL_GPU_NPRECISION; p++)
        for (unsigned fpe = 1; fpe <= RFL_GFL_MAX_FPE; fpe *= 2) {
            uint64_t bits = rfl_gfl_replay_bits((enum rfl_gpu_precision)p, fpe, 5, 50);
            double v;
            if (p == RFL_GPU_FP64) {
                memcpy(&v, &bits, 8);
            } else if (p == RFL_GPU_FP32) {
                float f;
                uint32_t b32 = (uint32_t)bits;
                memcpy(&f, &b32, 4);
                v = f;
            } else {
                v = rfl_half_to_double((uint16_t)bits);
            }
            EXPECT(isfinite(v) && fabs(v) < 4.0 && v != 0.0);
        }
    return failures;
}
