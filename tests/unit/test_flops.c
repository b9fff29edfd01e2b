/* rfl_flops in-process: every simd kernel (ISA x precision x unroll) agrees
 * bit for bit with ref and with the closed form over odd and even FPE and
 * trial counts split across calls; the checks catch a missing FMA step, a
 * skipped element and one corrupted value; dispatch never offers an ISA the
 * CPU lacks and refuses one asked for (exit 2); an injected fault in a real
 * run is exit 3 with the sidecar saying so; the issue-rate model and the
 * peak follow from the pipe table; --fpe parsing; the measured clock. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu/clock.h"
#include "cpu/isa.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/options.h"
#include "common/rfl.h"
#include "flops/cpu.h"
#include "flops/flops.h"
#include "flops/kernels.h"
#include "flops/verify.h"
#include "tests/unit/tmpdir.h"
#include "tests/unit/check.h"

#define N_ELEMS (3 * RFL_FL_ELEM_QUANTUM)

/* Each test in a folder of its own (tests/unit/tmpdir.h). */
static int setup(void **state) { return rfl_test_files_setup(state, "flops", "fl"); }
static int teardown(void **state) { return rfl_test_files_teardown(state); }

static void *alloc_elems(void)
{
    void *p = NULL;
    assert_int_equal(posix_memalign(&p, 64, N_ELEMS * sizeof(double)), 0);
    return p;
}

/* Fills, then runs `fn` for `t1` trials and `t2` more in a second call, as
 * the sweep does across its calibration and experiments. */
static void run_kernel(rfl_fl_fn fn, enum rfl_precision prec, unsigned fpe, void *a, size_t n, uint64_t t1,
                       uint64_t t2)
{
    struct rfl_fl_work w = {.a = a, .n = n};
    rfl_fl_coefficients(&w, fpe);
    rfl_fl_fill(prec, &w);
    w.trials = t1;
    w.first_trial = 0;
    fn(&w);
    if (t2) {
        w.trials = t2;
        w.first_trial = t1;
        fn(&w);
    }
}

static const unsigned fpes[] = {1, 2, 3, 4, 5, 7, 8, 16, 33, 64, 128, 1023, 1024};
static const uint64_t trial_splits[][2] = {{1, 0}, {2, 0}, {2, 1}, {3, 4}};

static void test_variants_agree_with_ref(void **state)
{
    (void)state;
    void *ref = alloc_elems(), *got = alloc_elems();
    int simd_checked = 0;
    for (int prec = 0; prec < RFL_NPRECISION; prec++) {
        const size_t bytes = N_ELEMS * rfl_precision_bytes((enum rfl_precision)prec);
        for (size_t fi = 0; fi < sizeof fpes / sizeof fpes[0]; fi++)
            for (size_t ti = 0; ti < sizeof trial_splits / sizeof trial_splits[0]; ti++) {
                const unsigned fpe = fpes[fi];
                const uint64_t t1 = trial_splits[ti][0], t2 = trial_splits[ti][1];
                run_kernel(rfl_fl_ref_lookup((enum rfl_precision)prec, fpe), (enum rfl_precision)prec, fpe, ref,
                           N_ELEMS, t1, t2);
                struct rfl_fl_work w = {.a = ref, .n = N_ELEMS};
                rfl_fl_coefficients(&w, fpe);
                struct rfl_fl_mismatch m;
                if (rfl_fl_check((enum rfl_precision)prec, &w, t1 + t2, &m) != 0)
                    fail_msg("ref %s FPE %u, %llu+%llu trials: %zu wrong, a[%zu] = %g, expected %g",
                             rfl_precision_names[prec], fpe, (unsigned long long)t1, (unsigned long long)t2,
                             m.count, m.index, m.got, m.expected);
                for (int isa = 0; isa < RFL_FL_NISA; isa++) {
                    if (!rfl_fl_isa_supported((enum rfl_fl_isa)isa))
                        continue;
                    for (int u = 0; u < RFL_FL_NUNROLL; u++) {
                        rfl_fl_fn fn = rfl_fl_simd_lookup((enum rfl_fl_isa)isa, (enum rfl_precision)prec,
                                                          rfl_fl_unrolls[u]);
                        assert_non_null(fn);
                        memset(got, 0xff, bytes);
                        run_kernel(fn, (enum rfl_precision)prec, fpe, got, N_ELEMS, t1, t2);
                        if (memcmp(got, ref, bytes) != 0)
                            fail_msg("simd %s %s unroll %u FPE %u, %llu+%llu trials: differs from ref",
                                     rfl_fl_isa_names[isa], rfl_precision_names[prec], rfl_fl_unrolls[u], fpe,
                                     (unsigned long long)t1, (unsigned long long)t2);
                        simd_checked++;
                    }
                }
            }
    }
    if (rfl_fl_isa_best() != RFL_FL_NISA)
        assert_true(simd_checked > 0);
    free(ref);
    free(got);
}

/* The checks must fail on the ways a kernel can go wrong. */
static void test_verification_catches(void **state)
{
    (void)state;
    double *a = alloc_elems();
    struct rfl_fl_work w = {.a = a, .n = N_ELEMS};
    struct rfl_fl_mismatch m;
    rfl_fl_fn ref = rfl_fl_ref_lookup(RFL_FP64, 16);

    /* Right: 3 trials. */
    run_kernel(ref, RFL_FP64, 16, a, N_ELEMS, 3, 0);
    rfl_fl_coefficients(&w, 16);
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 3, &m), 0);

    /* One FMA step too few: a kernel doing FPE 14 with FPE 16's coefficients. */
    rfl_fl_coefficients(&w, 16);
    rfl_fl_fill(RFL_FP64, &w);
    w.trials = 1;
    w.fpe = 14;
    rfl_fl_ref_lookup(RFL_FP64, 14)(&w);
    w.fpe = 16;
    assert_true(rfl_fl_check(RFL_FP64, &w, 1, &m) > 0);

    /* A skipped element: the kernel ran on all but the last quantum. */
    rfl_fl_coefficients(&w, 16);
    rfl_fl_fill(RFL_FP64, &w);
    w.n = N_ELEMS - RFL_FL_ELEM_QUANTUM;
    w.trials = 1;
    ref(&w);
    w.n = N_ELEMS;
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 1, &m), RFL_FL_ELEM_QUANTUM);
    assert_int_equal(m.index, N_ELEMS - RFL_FL_ELEM_QUANTUM);

    /* Nothing done at all (an odd trial count was claimed). */
    rfl_fl_fill(RFL_FP64, &w);
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 5, &m), N_ELEMS);

    /* One corrupted value. */
    run_kernel(ref, RFL_FP64, 16, a, N_ELEMS, 5, 0);
    a[77] += 1.0;
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 5, &m), 1);
    assert_int_equal(m.index, 77);

    /* The wrong trial parity (a trial lost). */
    run_kernel(ref, RFL_FP64, 16, a, N_ELEMS, 4, 0);
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 5, &m), N_ELEMS);

    /* FPE 1 with the per-trial sign: off by one trial shows too. */
    run_kernel(rfl_fl_ref_lookup(RFL_FP64, 1), RFL_FP64, 1, a, N_ELEMS, 2, 1);
    rfl_fl_coefficients(&w, 1);
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 3, &m), 0);
    assert_int_equal(rfl_fl_check(RFL_FP64, &w, 2, &m), N_ELEMS);

    /* The start pattern has both values, with no short period. */
    size_t ones = 0;
    for (size_t i = 0; i < 4096; i++)
        ones += rfl_fl_start_value(i) == 1.0;
    assert_true(ones > 1500 && ones < 2600);
    free(a);
}

static void test_dispatch(void **state)
{
    (void)state;
    enum rfl_fl_isa best = rfl_fl_isa_best();
#if defined(__x86_64__)
    assert_int_not_equal(best, RFL_FL_NISA);
    assert_true(rfl_fl_isa_supported(RFL_FL_SSE2));
    assert_false(rfl_fl_isa_supported(RFL_FL_NEON));
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        assert_int_equal(best, RFL_FL_AVX512);
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        assert_int_equal(best, RFL_FL_AVX2);
    else
        assert_int_equal(best, RFL_FL_SSE2);
#endif
    if (best != RFL_FL_NISA)
        assert_true(rfl_fl_isa_supported(best));
    for (int isa = 0; isa < RFL_FL_NISA; isa++) {
        if (!rfl_fl_isa_supported((enum rfl_fl_isa)isa))
            continue;
        assert_true(rfl_fl_isa_vector_bytes((enum rfl_fl_isa)isa) <= rfl_fl_isa_vector_bytes(best));
        for (int u = 0; u < RFL_FL_NUNROLL; u++)
            assert_non_null(rfl_fl_simd_lookup((enum rfl_fl_isa)isa, RFL_FP32, rfl_fl_unrolls[u]));
        assert_null(rfl_fl_simd_lookup((enum rfl_fl_isa)isa, RFL_FP64, 3));
    }
    /* ref: straight-line for powers of two up to 1024, a loop otherwise. */
    assert_true(rfl_fl_ref_compiled(1) && rfl_fl_ref_compiled(1024));
    assert_false(rfl_fl_ref_compiled(3) || rfl_fl_ref_compiled(2048));
    assert_ptr_equal(rfl_fl_ref_lookup(RFL_FP64, 3), rfl_fl_ref_lookup(RFL_FP64, 5));
    assert_ptr_not_equal(rfl_fl_ref_lookup(RFL_FP64, 2), rfl_fl_ref_lookup(RFL_FP64, 4));
}

static void test_parse_fpe(void **state)
{
    (void)state;
    unsigned v[RFL_FLOPS_MAX_FPE_VALUES];
    size_t n;
    assert_int_equal(rfl_flops_parse_fpe("1:1024", v, RFL_FLOPS_MAX_FPE_VALUES, &n), 0);
    assert_int_equal(n, 11);
    assert_int_equal(v[0], 1);
    assert_int_equal(v[10], 1024);
    assert_int_equal(rfl_flops_parse_fpe("5:20,3,3,1", v, RFL_FLOPS_MAX_FPE_VALUES, &n), 0);
    assert_int_equal(n, 5);
    const unsigned want[] = {1, 3, 5, 10, 20};
    assert_memory_equal(v, want, sizeof want);
    assert_int_equal(rfl_flops_parse_fpe("3:24", v, RFL_FLOPS_MAX_FPE_VALUES, &n), 0);
    assert_int_equal(n, 4); /* 3 6 12 24 */
    assert_int_equal(v[n - 1], 24);
    assert_int_equal(rfl_flops_parse_fpe("3:20", v, RFL_FLOPS_MAX_FPE_VALUES, &n), 0);
    assert_int_equal(v[n - 1], 20);
    assert_int_equal(rfl_flops_parse_fpe("65536", v, RFL_FLOPS_MAX_FPE_VALUES, &n), 0);
    static const char *const bad[] = {"", "0", "a", "4:2", "1,,2", "65537", "-1", "1:", ":8", "2x", "+4", ",1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (rfl_flops_parse_fpe(bad[i], v, RFL_FLOPS_MAX_FPE_VALUES, &n) == 0)
            fail_msg("--fpe '%s' was accepted", bad[i]);
    /* More values than the sweep holds. */
    char many[512] = "";
    for (unsigned i = 1; i <= RFL_FLOPS_MAX_FPE_VALUES + 1; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "%s%u", i > 1 ? "," : "", i);
    assert_int_equal(rfl_flops_parse_fpe(many, v, RFL_FLOPS_MAX_FPE_VALUES, &n), -1);
}

static int parse(struct rfl_flops_opts *o, const char *const *args)
{
    static char *argv[32];
    int argc = 0;
    argv[argc++] = "rfl_flops";
    for (; *args && argc < 31; args++)
        argv[argc++] = (char *)*args;
    argv[argc] = NULL;
    rfl_flops_defaults(o);
    return rfl_flops_parse(o, argc, argv);
}

static void test_parse_options(void **state)
{
    (void)state;
    struct rfl_flops_opts o;
    assert_int_equal(parse(&o, (const char *const[]){"--fpe", "1,8:64", "--unroll", "4,16", "--variant", "simd",
                                                     "--thread-sweep", "--fma-units", "1", "-p", "fp32", NULL}),
                     RFL_CLI_RUN);
    assert_int_equal(o.nfpe, 5);
    assert_int_equal(o.unrolls, (1u << 2) | (1u << 4));
    assert_int_equal(o.variant, RFL_FL_SIMD);
    assert_int_equal(o.thread_sweep, 1);
    assert_int_equal(o.fma_units, 1);
    assert_int_equal(o.precisions, 1u << RFL_FP32);
    assert_string_equal(o.output, "flops.csv");
    const char *const *const bad[] = {
        (const char *const[]){"--fpe", "x", NULL},       (const char *const[]){"--fpe", "0", NULL},
        (const char *const[]){"--unroll", "3", NULL},    (const char *const[]){"--variant", "fast", NULL},
        (const char *const[]){"--isa", "avx9", NULL},    (const char *const[]){"--fma-units", "0", NULL},
        (const char *const[]){"--threads", "0", NULL},   (const char *const[]){"--precision", "fp16", NULL},
        (const char *const[]){"--wss", "1G:4K", NULL},   (const char *const[]){"stray", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (parse(&o, bad[i]) != RFL_CLI_ERROR)
            fail_msg("%s %s was accepted", bad[i][0], bad[i][1] ? bad[i][1] : "");
}

static void test_model_and_peak(void **state)
{
    (void)state;
    struct rfl_fl_cpu c;
    rfl_fl_cpu_detect(&c);
    assert_true(c.assumption[0] != '\0');
    /* A Zen 5-like core: 2 FMA pipes of 512 bits, 2 add pipes, 2 loads and
     * 1 store of 512 bits per cycle. */
    memset(c.fma_per_cycle, 0, sizeof c.fma_per_cycle);
    c.fma_per_cycle[RFL_FL_W128] = c.fma_per_cycle[RFL_FL_W256] = c.fma_per_cycle[RFL_FL_W512] = 2;
    c.add_only_per_cycle = 2;
    c.loads_per_cycle[RFL_FL_W512] = 2;
    c.stores_per_cycle[RFL_FL_W512] = 1;
    c.loads_per_cycle[RFL_FL_W128] = 4;
    c.stores_per_cycle[RFL_FL_W128] = 2;
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 64, 1, RFL_FP64), 32.0, 1e-12);
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 64, 1, RFL_FP32), 64.0, 1e-12);
    /* SSE2 without FMA: 2 multiplies and 2 adds per cycle, 2 lanes. */
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 16, 0, RFL_FP64), 8.0, 1e-12);
    /* Scalar (ref's loop form): one lane. */
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 8, 1, RFL_FP64), 4.0, 1e-12);

    const char *bound = NULL;
    /* FPE 1 and 2: one store per vector per cycle bounds it. */
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 1, &bound), 8.0, 1e-12);
    assert_string_equal(bound, "store");
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 2, &bound), 16.0, 1e-12);
    assert_string_equal(bound, "store");
    /* FPE 4: two FMAs at two per cycle, as long as the store: peak reached. */
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 4, &bound), 32.0, 1e-12);
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 1024, &bound), 32.0, 1e-12);
    assert_string_equal(bound, "fp");
    /* Odd FPE: the add goes to the add pipes, beside the FMAs (so odd FPE
     * can go past the FMA peak on such a core). */
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 1025, &bound), 1025.0 * 8 / 256, 1e-9);
    assert_float_equal(rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, 5, &bound), 40.0, 1e-9);
    /* Never above the peak; never decreasing with FPE for even values. */
    double last = 0;
    for (unsigned fpe = 2; fpe <= 4096; fpe += 2) {
        double v = rfl_fl_model_flops_per_cycle(&c, 64, 1, RFL_FP64, fpe, NULL);
        assert_true(v <= 32.0 + 1e-9);
        assert_true(v >= last - 1e-9);
        last = v;
    }
    /* --fma-units overrides the widest width only. */
    rfl_fl_cpu_override_fma(&c, 1, 64);
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 64, 1, RFL_FP64), 16.0, 1e-12);
    assert_float_equal(rfl_fl_flops_per_cycle(&c, 32, 1, RFL_FP64), 16.0, 1e-12);
    json_t *j = rfl_fl_cpu_to_json(&c);
    assert_non_null(json_object_get(j, "fma_units_override"));
    assert_true(json_is_object(json_object_get(j, "fma_units_override")));
    json_decref(j);
}

static void test_clock(void **state)
{
    (void)state;
#if defined(__x86_64__) || defined(__aarch64__)
    double ghz = rfl_clock_ghz(RFL_CLOCK_INTEGER, 0.0005, 10);
    assert_true(ghz > 0.2 && ghz < 10.0);
#endif
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        double v = rfl_clock_ghz(RFL_CLOCK_AVX512, 0.0005, 10);
        assert_true(v > 0.2 && v < 10.0);
    } else {
        assert_true(rfl_clock_ghz(RFL_CLOCK_AVX512, 0.0005, 10) == 0.0);
    }
#endif
}

static const char *tiny[] = {"--fpe", "1,4,7", "--unroll", "1,16", "--min-time", "0.0001", "--experiments", "2",
                             "--threads", "2"};

static int run_args(struct rfl_test_files *f, const char *const *extra, int inject)
{
    static char *argv[48];
    int argc = 0;
    argv[argc++] = "rfl_flops";
    for (size_t i = 0; i < sizeof tiny / sizeof tiny[0]; i++)
        argv[argc++] = (char *)tiny[i];
    argv[argc++] = "-o";
    argv[argc++] = f->csv;
    for (; extra && *extra && argc < 46; extra++)
        argv[argc++] = (char *)*extra;
    argv[argc] = NULL;
    struct rfl_flops_opts o;
    rfl_flops_defaults(&o);
    assert_int_equal(rfl_flops_parse(&o, argc, argv), RFL_CLI_RUN);
    o.inject_fault = inject;
    return rfl_flops_run(&o);
}

static size_t count_lines(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return 0;
    size_t n = 0;
    int ch;
    while ((ch = fgetc(fp)) != EOF)
        n += ch == '\n';
    fclose(fp);
    return n;
}

static void test_run(void **state)
{
    struct rfl_test_files *f = *state;
    assert_int_equal(run_args(f, NULL, 0), RFL_EXIT_OK);
    /* ref: 2 precisions x 3 FPE; simd: 2 x 2 unrolls x 3 FPE (where the CPU has one). */
    size_t want = 1 + 6 + (rfl_fl_isa_best() != RFL_FL_NISA ? 12 : 0);
    assert_int_equal(count_lines(f->csv), want);
    json_error_t err;
    json_t *meta = json_load_file(f->json, 0, &err);
    assert_non_null(meta);
    assert_string_equal(json_string_value(json_object_get(meta, "status")), "complete");
    assert_string_equal(json_string_value(json_object_get(meta, "program")), "rfl_flops");
    static const char *const keys[] = {"cpu", "clock", "peak", "model", "verification", "kernels", "sweep",
                                       "binding", "topology", "thread_counts", "above_peak_rows"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!json_object_get(meta, keys[i]))
            fail_msg("sidecar has no '%s'", keys[i]);
    json_decref(meta);

    /* A thread sweep and a working-set sweep. */
    assert_int_equal(run_args(f, (const char *const[]){"--thread-sweep", "--variant", "simd", "--wss",
                                                       "64K:1M", "--growth", "4", "-p", "fp64", NULL}, 0),
                     RFL_EXIT_OK);
    if (rfl_fl_isa_best() != RFL_FL_NISA)
        assert_true(count_lines(f->csv) > 1 + 2 * 3 * 3);
}

static void test_injected_fault(void **state)
{
    struct rfl_test_files *f = *state;
    assert_int_equal(run_args(f, (const char *const[]){"--variant", "ref", NULL}, 1), RFL_EXIT_VERIFY);
    json_error_t err;
    json_t *meta = json_load_file(f->json, 0, &err);
    assert_non_null(meta);
    assert_string_equal(json_string_value(json_object_get(meta, "status")), "verification_failed");
    assert_non_null(json_object_get(meta, "failure"));
    json_decref(meta);
    if (rfl_fl_isa_best() != RFL_FL_NISA)
        assert_int_equal(run_args(f, (const char *const[]){"--variant", "simd", NULL}, 1), RFL_EXIT_VERIFY);
}

static void test_unsupported_isa(void **state)
{
    struct rfl_test_files *f = *state;
#if defined(__x86_64__)
    const char *lacking = "neon";
#else
    const char *lacking = "avx512";
#endif
    assert_int_equal(run_args(f, (const char *const[]){"--isa", lacking, NULL}, 0), RFL_EXIT_USAGE);
    assert_int_equal(access(f->csv, F_OK), -1); /* nothing written */
    /* Working sets beyond the memory limit are refused before the run. */
    assert_int_equal(run_args(f, (const char *const[]){"--wss", "64M:1G", "--mem-limit", "1M", NULL}, 0),
                     RFL_EXIT_USAGE);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_variants_agree_with_ref),
    cmocka_unit_test(test_verification_catches),
    cmocka_unit_test(test_dispatch),
    cmocka_unit_test(test_parse_fpe),
    cmocka_unit_test(test_parse_options),
    cmocka_unit_test(test_model_and_peak),
    cmocka_unit_test(test_clock),
    rfl_test_with_files(test_run),
    rfl_test_with_files(test_injected_fault),
    rfl_test_with_files(test_unsupported_isa),
};

RFL_TEST_MPI_MAIN(tests, rfl_test_quiet, NULL, NULL)
