/* rfl_gemm --self-test: the host-side checks, no GPU needed: size
 * parsing, error bounds, the SASS parser, the mix interpolation, the
 * peaks, the SASS table of this build and the model on its counts. */
#include "config.h"
#include "gemm/gemm_internal.h"
#include "common/rfl.h"
#include "common/selftest.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rfl_gemm_self_test(void)
{
    int failures = rfl_gpu_self_test();
    struct rfl_gemm_size s[4];
    int n = 0;
    EXPECT(rfl_gemm_parse_sizes("t", "8192,1024x2048x256", s, 4, &n) == 0 && n == 2);
    EXPECT(s[0].m == 8192 && s[0].n == 8192 && s[0].k == 8192 && s[1].m == 1024 && s[1].n == 2048 && s[1].k == 256);
    /* Bounds: FP32 at k = 4096 is 8 * 2^-24 * 64. */
    EXPECT(fabs(rfl_gemm_error_bound(RFL_GEMM_FP32, 4096) - 8.0 * 64 / 16777216.0) < 1e-12);
    EXPECT(rfl_gemm_error_bound(RFL_GEMM_BF16, 1) > rfl_gemm_error_bound(RFL_GEMM_TF32, 1));
    /* C stored in BF16: a result already b off in FP32 (the FP32-C bound,
     * at its edge) and then rounded can pass b, never the c16 bound. */
    {
        const double b16 = rfl_gemm_error_bound(RFL_GEMM_BF16, 4096);
        EXPECT(fabs(rfl_gemm_error_bound_c16(RFL_GEMM_BF16, 4096, 1.0) - (b16 + 0x1p-8 * (1 + b16) + 0x1p-134)) < 1e-15);
        EXPECT(rfl_gemm_error_bound_c16(RFL_GEMM_FP16, 4096, 0.0) ==
               rfl_gemm_error_bound(RFL_GEMM_FP16, 4096) + 0x1p-11 * (1 + rfl_gemm_error_bound(RFL_GEMM_FP16, 4096)));
        double worst = 0;
        for (int i = 0; i < 4096; i++) {
            const double r = 1.0 + i / 4096.0; /* max |R| = 2 */
            const float cf = (float)(r + b16 * 2.0);
            uint32_t bits;
            memcpy(&bits, &cf, sizeof bits);
            bits = (bits + 0x7fff + (bits >> 16 & 1)) & 0xffff0000u; /* to BF16, nearest even */
            float c16;
            memcpy(&c16, &bits, sizeof c16);
            const double e = fabs(c16 - r) / 2.0;
            worst = e > worst ? e : worst;
        }
        EXPECT(worst > b16 && worst <= rfl_gemm_error_bound_c16(RFL_GEMM_BF16, 4096, 2.0));
    }
    /* The SASS parser: address targets and label targets give the same loop. */
    static const char *const listings[] = {
        "\t\tFunction : k_addr\n"
        "        /*0000*/                   MOV R1, c[0x0][0x28] ;   /* 0x00000a0000017a02 */\n"
        "        /*0010*/                   LDS.128 R4, [R2] ;       /* 0x0000000002047984 */\n"
        "        /*0020*/                   FFMA R8, R4, R5, R8 ;    /* 0x0000000504087223 */\n"
        "        /*0030*/                   FFMA R9, R6, R7, R9 ;    /* 0x0000000706097223 */\n"
        "        /*0040*/              @!PT LDS RZ, [RZ] ;           /* 0x00000000ff00f984 */\n"
        "        /*0050*/               @P0 BRA 0x10 ;               /* 0xfffffffc00e00947 */\n"
        "        /*0060*/                   EXIT ;                   /* 0x000000000000794d */\n"
        "        /*0070*/                   BRA 0x70;                /* 0xfffffffc00fc7947 */\n",
        "\t\tFunction : k_label\n"
        "        /*0000*/                   MOV R1, c[0x0][0x28] ;\n"
        ".L_x_0:\n"
        "        /*0010*/                   LDS.128 R4, [R2] ;\n"
        "        /*0020*/                   FFMA R8, R4, R5, R8 ;\n"
        "        /*0030*/                   FFMA R9, R6, R7, R9 ;\n"
        "        /*0040*/              @!PT LDS RZ, [RZ] ;\n"
        "        /*0050*/               @P0 BRA `(.L_x_0) ;\n"
        "        /*0060*/                   EXIT ;\n"
        ".L_x_1:\n"
        "        /*0070*/                   BRA `(.L_x_1);\n",
    };
    for (int i = 0; i < 2; i++) {
        FILE *f = fmemopen((void *)listings[i], strlen(listings[i]), "r");
        struct rfl_sass_counts *list = NULL;
        char why[128];
        EXPECT(f && rfl_sass_parse(f, &list, &n, why, sizeof why) == 0 && n == 1);
        if (f)
            fclose(f);
        if (list && n == 1) {
            EXPECT(list[0].has_loop && list[0].loop_start == 0x10 && list[0].loop_end == 0x50);
            EXPECT(list[0].loop_instructions == 5 && list[0].loop[RFL_SASS_FFMA] == 2);
            EXPECT(list[0].loop[RFL_SASS_LDS128] == 1 && list[0].loop[RFL_SASS_NOP] == 1);
            EXPECT(list[0].instructions == 8);
        }
        free(list);
    }
    EXPECT(rfl_sass_classify("DMMA.8x8x4") == RFL_SASS_DMMA884 && rfl_sass_classify("LDS.U.64") == RFL_SASS_LDS64);
    EXPECT(rfl_sass_classify("LDGSTS.E.BYPASS.128") == RFL_SASS_LDGSTS && rfl_sass_classify("LDS") == RFL_SASS_LDS32);
    /* Interpolation in log2 of the ratio, clamped at the ends. */
    struct rfl_gemm_mix_point pts[4] = {
        {RFL_GEMM_OP_FFMA, 16, 8, 4, 1, 4, 3.0, 0.75, 1000}, {RFL_GEMM_OP_FFMA, 16, 8, 16, 1, 16, 3.8, 0.24, 1000},
        {RFL_GEMM_OP_FFMA, 16, 1, 4, 1, 4, 2.0, 0.5, 1000}, {RFL_GEMM_OP_FFMA, 16, 8, 64, 0, INFINITY, 4.0, 0, 1000}};
    struct rfl_gemm_mix m = {4, pts, 5000, 3000, 1000};
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 8) - 3.4) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 64) - 3.8) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, 1) - 3.0) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 1, 8) - 2.0) < 1e-9);
    EXPECT(fabs(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 32, 8) - 3.4) < 1e-9);
    EXPECT(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_FFMA, 16, 8, INFINITY) == 4.0);
    EXPECT(isnan(rfl_gemm_mix_fma_rate(&m, RFL_GEMM_OP_DFMA, 16, 8, 8)));
    /* A dip at a higher ratio is the mix's, not the hardware's: never below a lower ratio's point. */
    struct rfl_gemm_mix_point dip[2] = {{RFL_GEMM_OP_FFMA, 16, 8, 16, 1, 16, 3.8, 0.24, 1000},
                                        {RFL_GEMM_OP_FFMA, 16, 8, 32, 1, 32, 3.0, 0.1, 1000}};
    struct rfl_gemm_mix md = {2, dip, 5000, 3000, 1000};
    EXPECT(rfl_gemm_mix_fma_rate(&md, RFL_GEMM_OP_FFMA, 16, 8, 32) == 3.8);
    EXPECT(rfl_gemm_mix_fma_rate(&md, RFL_GEMM_OP_FFMA, 16, 8, 24) == 3.8);
    /* Shared-memory wavefronts (sm_70..sm_90): 1 register of 32 lanes a clock, lane pairs packed. */
    EXPECT(rfl_gemm_lds_wavefronts(16, 0) == 4 && rfl_gemm_lds_wavefronts(16, 1) == 2);
    EXPECT(rfl_gemm_lds_wavefronts(8, 0) == 2 && rfl_gemm_lds_wavefronts(4, 0) == 1 && rfl_gemm_lds_wavefronts(4, 1) == 1);
    /* Peaks of an H100: 132 SMs, 256 FP32 and 256 FP64-tensor FLOPs per clock. */
    struct rfl_gpu_device d;
    memset(&d, 0, sizeof d);
    d.cc_major = 9;
    d.sm_count = 132;
    d.rates = rfl_gpu_sm_rates_for(9, 0);
    EXPECT(rfl_gemm_unit_flops_per_clock(&d, RFL_GEMM_UNIT_FP32) == 256);
    EXPECT(rfl_gemm_unit_flops_per_clock(&d, RFL_GEMM_UNIT_FP64_TENSOR) == 256);
    EXPECT(rfl_gemm_unit_of(&d, RFL_GEMM_CUBLAS, RFL_GEMM_FP64) == RFL_GEMM_UNIT_FP64_TENSOR);
    EXPECT(rfl_gemm_unit_of(&d, RFL_GEMM_TILED, RFL_GEMM_FP64) == RFL_GEMM_UNIT_FP64);
    EXPECT(rfl_gemm_unit_of(&d, RFL_GEMM_CUBLASLT, RFL_GEMM_FP64) == RFL_GEMM_UNIT_FP64_TENSOR);
    EXPECT(!rfl_gemm_family_has(RFL_GEMM_CUBLASLT, RFL_GEMM_FP32) && rfl_gemm_family_has(RFL_GEMM_CUBLASLT, RFL_GEMM_BF16));
    /* The roofs: never cut at the largest square, nn; then the other roof
     * shapes' tensor points; a size only there for the roofs runs those alone. */
    struct rfl_gemm_ctx c;
    memset(&c, 0, sizeof c);
    c.dev = d;
    const struct rfl_gemm_size s4k = {4096, 4096, 4096}, wide = {16384, 16384, 4096}, s8k = {8192, 8192, 8192};
    EXPECT(rfl_gemm_is_roof_shape(s4k) && rfl_gemm_is_roof_shape(wide) && rfl_gemm_is_roof_shape(s8k));
    EXPECT(!rfl_gemm_is_roof_shape((struct rfl_gemm_size){16384, 2048, 4096}));
    EXPECT(rfl_gemm_point_priority(&c, RFL_GEMM_CUBLASLT, RFL_GEMM_BF16, 0, s8k, 8192, 8192) == 0);
    EXPECT(rfl_gemm_point_priority(&c, RFL_GEMM_CUBLAS, RFL_GEMM_BF16, 0, wide, 8192, 8192) == 1);
    EXPECT(rfl_gemm_point_priority(&c, RFL_GEMM_CUBLASLT, RFL_GEMM_FP16, 0, s4k, 8192, 8192) == 1);
    EXPECT(rfl_gemm_point_priority(&c, RFL_GEMM_CUBLASLT, RFL_GEMM_FP16, 1, s4k, 8192, 8192) == 2);
    EXPECT(rfl_gemm_point_priority(&c, RFL_GEMM_TILED, RFL_GEMM_FP32, 0, s4k, 8192, 8192) == 2);
    EXPECT(rfl_gemm_runs_at(&c, RFL_GEMM_DMMA, RFL_GEMM_FP64, 0, 1) && rfl_gemm_runs_at(&c, RFL_GEMM_CUBLASLT, RFL_GEMM_TF32, 0, 1));
    EXPECT(!rfl_gemm_runs_at(&c, RFL_GEMM_TILED, RFL_GEMM_FP32, 0, 1) && !rfl_gemm_runs_at(&c, RFL_GEMM_CUBLAS, RFL_GEMM_FP32, 0, 1));
    EXPECT(!rfl_gemm_runs_at(&c, RFL_GEMM_CUBLAS, RFL_GEMM_BF16, 1, 1) && rfl_gemm_runs_at(&c, RFL_GEMM_TILED, RFL_GEMM_FP32, 1, 0));
    /* Every built-in kernel has a main loop with FMAs in the SASS table (when the build had cuobjdump). */
    int nk;
    const struct rfl_gemm_kernel *t = rfl_gemm_kernel_table(&nk);
    EXPECT(nk > 0);
    if (rfl_gemm_sass_count > 0) {
        for (int i = 0; i < nk; i++) {
            const struct rfl_sass_counts *sc = rfl_gemm_sass_find(t[i].symbol);
            if (!sc || !sc->has_loop || rfl_sass_fma(sc->loop) == 0) {
                fprintf(stderr, "self-test: %s: no main loop with FMAs in the SASS table\n", t[i].symbol);
                failures++;
            } else if (sc->loop[RFL_SASS_LOCAL]) {
                fprintf(stderr, "self-test: %s: %d local loads/stores (spills) in the main loop\n", t[i].symbol,
                        sc->loop[RFL_SASS_LOCAL]);
                failures++;
            }
        }
        /* The model on a kernel's real counts: F_I within (0, 1], bound at most the peak. */
        struct rfl_gemm_bound b;
        for (int i = 0; i < nk; i++)
            if (t[i].family == RFL_GEMM_TILED && t[i].prec == RFL_GEMM_FP32) {
                EXPECT(rfl_gemm_model_bound(&t[i], rfl_gemm_sass_find(t[i].symbol), &m, &d, 1000, 8192, 8192, &b) == 0);
                EXPECT(b.f_i > 0 && b.f_i <= 1 && b.p_sm_gflops <= b.peak_gflops * (1 + 1e-9));
                break;
            }
    } else {
        fprintf(stderr, "rfl_gemm: self-test: no SASS table in this build (%s)\n", rfl_gemm_sass_source);
    }
    return rfl_selftest_result("rfl_gemm", failures);
}
