/* rfl profile's points (profile/profile.h): short names of C++ kernel
 * names (return type, templates, parameters dropped; made distinct; cut
 * at a character boundary), and the roof above a point: the lowest memory
 * line over its levels, or the compute roof of its mix of flops. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ceilings/model.h"
#include "profile/profile.h"
#include "common/utf8.h"
#include "tests/unit/check.h"

/* The labels of `n` names, as one string "a|b|c". */
static char *labels(const char *const *names, size_t n)
{
    struct rfl_app *k = calloc(n, sizeof *k);
    assert_non_null(k);
    for (size_t i = 0; i < n; i++)
        k[i].name = strdup(names[i]);
    assert_int_equal(rfl_kernels_label(k, n), 0);
    static char out[1024];
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        assert_true(strlen(k[i].label) <= RFL_KERNEL_LABEL_MAX + 4);
        assert_true(rfl_utf8_valid(k[i].label));
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? "|" : "", k[i].label);
    }
    rfl_kernels_free(k, n);
    return out;
}

static void test_short_names(void **state)
{
    (void)state;
    static const char *const a[] = {
        "void at::vectorized_elementwise_kernel<4, at::CUDAFunctor_add<float>, std::array<char *, 3>>(int, T2, T3)",
        "void cutlass::Kernel2<cutlass_80_simt_sgemm_256x128_8x4_nn_align1>(T1::Params)",
        "(anonymous namespace)::scale(float *, int)",
        "<unnamed>::k_diff_init(rfl_gemm_diff *)",
        "nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_coopA_NNT",
        ""};
    assert_string_equal(labels(a, 6), "vectorized_elementwise_kernel|cutlass_80_simt_sgemm_256x128_8x4_nn_...|scale|"
                                      "k_diff_init|nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_...|(unnamed)");
    /* Two the same: their first template arguments; still the same: numbered in order. */
    static const char *const b[] = {"void f<float>(float *)", "void f<double>(double *)", "void g<int>(int)",
                                    "void g<int>(long)", "void h()"};
    assert_string_equal(labels(b, 5), "f<float>|f<double>|g<int> #1|g<int> #2|h");
    /* A long name keeps its argument whole and is cut before it. */
    static const char *const c[] = {"void ns::a_very_long_kernel_name_that_goes_on_and_on<float, 4>(int)",
                                    "void ns::a_very_long_kernel_name_that_goes_on_and_on<double, 2>(int)"};
    assert_string_equal(labels(c, 2), "a_very_long_kernel_name_that_g...<float>|a_very_long_kernel_name_that_...<double>");
    /* UTF-8 is cut between characters, never inside one. */
    static const char *const d[] = {"\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f"
                                    "\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f\xc3\x9f"
                                    "\xc3\x9f\xc3\x9f\xc3\x9f"};
    const char *l = labels(d, 1);
    assert_int_equal(strlen(l), 36 + 3);
    assert_string_equal(l + 36, "...");
}

static struct rfl_ceiling *ceiling(struct rfl_model *m, enum rfl_ceiling_kind kind, const char *name,
                                   const char *precision, double value)
{
    struct rfl_ceiling *c = rfl_model_add_ceiling(m);
    assert_non_null(c);
    snprintf(c->device, sizeof c->device, "cpu");
    c->kind = kind;
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->precision, sizeof c->precision, "%s", precision);
    c->value = value;
    return c;
}

static void test_bound(void **state)
{
    (void)state;
    struct rfl_model m;
    memset(&m, 0, sizeof m);
    ceiling(&m, RFL_CEILING_BANDWIDTH, "L2", "", 100);
    ceiling(&m, RFL_CEILING_BANDWIDTH, "DRAM", "", 10);
    ceiling(&m, RFL_CEILING_COMPUTE, "fp64 avx2", "fp64", 50);
    ceiling(&m, RFL_CEILING_COMPUTE, "fp32 avx2", "fp32", 100);
    struct rfl_app k;
    memset(&k, 0, sizeof k);
    snprintf(k.device, sizeof k.device, "cpu");
    k.time_s = 1;
    k.bytes[RFL_MEM_L1] = k.bytes[RFL_MEM_L3] = NAN;
    /* Memory-bound at DRAM: 1e9 flops over 1e9 bytes (10 GFLOP/s there), 1e8 at L2 (1000). */
    k.flops[RFL_FLOP_FP64] = 1e9;
    k.bytes[RFL_MEM_L2] = 1e8;
    k.bytes[RFL_MEM_DRAM] = 1e9;
    rfl_kernel_bound(&m, &k);
    assert_string_equal(k.bound, "DRAM bandwidth");
    assert_string_equal(k.level, "DRAM");
    assert_true(fabs(k.attainable - 10) < 1e-9);
    assert_true(fabs(k.ai - 1) < 1e-12);
    assert_true(fabs(k.gflops - 1) < 1e-12);
    assert_true(isnan(rfl_kernel_ai(&k, RFL_MEM_L3)));
    assert_true(rfl_kernel_placed(&k));
    /* Compute-bound, half fp64 (50) and half fp32 (100): the mix's roof is 1 / (0.5/50 + 0.5/100). */
    k.flops[RFL_FLOP_FP64] = k.flops[RFL_FLOP_FP32] = 1e12;
    rfl_kernel_bound(&m, &k);
    assert_string_equal(k.bound, "fp64 avx2+fp32 avx2 peak");
    assert_true(fabs(k.attainable - 1 / (0.5 / 50 + 0.5 / 100)) < 1e-9);
    /* No flops: listed, never drawn, bound by nothing. */
    k.flops[RFL_FLOP_FP64] = k.flops[RFL_FLOP_FP32] = 0;
    rfl_kernel_bound(&m, &k);
    assert_string_equal(k.bound, "no flops");
    assert_false(rfl_kernel_placed(&k));
    assert_true(k.attainable == 0);
    /* No ceilings at all: none. */
    struct rfl_model empty;
    memset(&empty, 0, sizeof empty);
    k.flops[RFL_FLOP_FP32] = 1e9;
    rfl_kernel_bound(&empty, &k);
    assert_string_equal(k.bound, "none");
    assert_string_equal(k.precision, "fp32");
    rfl_model_free(&m);
}

/* What profile.csv writes must read back (issue 28): a denormal, infinity, a derived rate or
 * intensity that overflows are refused, and the writer refuses such a row before it creates
 * anything. */
static void test_write_guard(void **state)
{
    (void)state;
    assert_true(rfl_profile_amount_ok(0));
    assert_true(rfl_profile_amount_ok(2.2250738585072014e-308)); /* the smallest normal */
    assert_true(rfl_profile_amount_ok(1.79769313e308));
    assert_false(rfl_profile_amount_ok(1e-309));                /* denormal */
    assert_true(rfl_profile_amount_ok(1.7976931348623157e308));  /* the largest: nine digits round it down */
    assert_false(rfl_profile_amount_ok(INFINITY));
    assert_false(rfl_profile_amount_ok(NAN));
    assert_false(rfl_profile_amount_ok(-1));
    struct rfl_model m;
    memset(&m, 0, sizeof m);
    m.kernels = calloc(1, sizeof *m.kernels);
    assert_non_null(m.kernels);
    m.nkernels = 1;
    struct rfl_app *k = &m.kernels[0];
    k->name = strdup("k");
    snprintf(k->device, sizeof k->device, "gpu");
    snprintf(k->tool, sizeof k->tool, "ncu");
    k->launches = 1;
    k->time_s = 1e-309;
    k->clock_mhz = NAN;
    k->flops[RFL_FLOP_FP64] = 2;
    k->bytes[RFL_MEM_DRAM] = 8;
    k->bytes[RFL_MEM_L1] = k->bytes[RFL_MEM_L2] = k->bytes[RFL_MEM_L3] = NAN;
    char what[256];
    assert_int_equal(rfl_kernel_check(k, what, sizeof what), -1);
    assert_non_null(strstr(what, "column 'time_s': '1e-309'"));
    char path[] = "/tmp/test_profile.XXXXXX";
    assert_non_null(mkdtemp(path));
    char file[64];
    snprintf(file, sizeof file, "%s/profile.csv", path);
    assert_int_equal(rfl_profile_write(&m, file), -2);
    assert_int_equal(access(file, F_OK), -1);
    /* A rate past the largest double: refused too. */
    k->time_s = 1e-300;
    k->flops[RFL_FLOP_FP64] = 1e300;
    k->bytes[RFL_MEM_DRAM] = 1e300;
    assert_int_equal(rfl_kernel_check(k, what, sizeof what), -1);
    assert_non_null(strstr(what, "column 'gflops_per_s'"));
    /* A good row is written and read back whole, with its lower-bound mark. */
    k->time_s = 1e-3;
    k->flops[RFL_FLOP_FP64] = 2e9;
    k->bytes[RFL_MEM_DRAM] = 8e9;
    k->lower_bound = 1;
    assert_int_equal(rfl_profile_write(&m, file), 0);
    struct rfl_model back;
    memset(&back, 0, sizeof back);
    assert_int_equal(rfl_profile_read(&back, file), 0);
    assert_int_equal(back.nkernels, 1);
    assert_int_equal(back.kernels[0].lower_bound, 1);
    assert_true(fabs(back.kernels[0].gflops - 2000) < 1e-6);
    rfl_model_free(&back);
    rfl_model_free(&m);
    unlink(file);
    rmdir(path);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_short_names),
    cmocka_unit_test(test_bound),
    cmocka_unit_test(test_write_guard),
};

RFL_TEST_MAIN(tests, NULL, NULL)
