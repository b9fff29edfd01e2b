/* rfl_bandwidth in-process: tiny sweeps for every kernel, precision and
 * supported ISA; an injected fault is exit 3 with the sidecar saying so;
 * and the closed-form checks (verify.h) called directly, which must pass
 * after a correct run and catch one wrong element in any array. */
#include "config.h"

#define _GNU_SOURCE 1 /* sched_getaffinity */
#include <sched.h>

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

#include "bandwidth/bandwidth.h"
#include "bandwidth/kernels.h"
#include "bandwidth/verify.h"
#include "cpu/isa.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/options.h"
#include "common/rfl.h"
#include "tests/unit/tmpdir.h"
#include "tests/unit/check.h"

/* The CPUs the test started on. Each run starts from them: a run that
 * left the calling thread pinned would otherwise shrink the next run's
 * cores (test_run_restores_binding checks that it does not). */
static cpu_set_t startup_affinity;

/* Each test in a folder of its own (tests/unit/tmpdir.h), on the CPUs the
 * test started on. */
static int setup(void **state)
{
    sched_setaffinity(0, sizeof startup_affinity, &startup_affinity);
    return rfl_test_files_setup(state, "bandwidth", "bw");
}
static int teardown(void **state) { return rfl_test_files_teardown(state); }

/* The smallest sweep that still measures: two working sets, one sample,
 * one thread (on a loaded machine every barrier of a spinning OpenMP team
 * can cost a scheduler quantum; test_run_two_threads uses two). */
static void tiny_opts(struct rfl_bandwidth_opts *o, const struct rfl_test_files *f)
{
    static char *argv[] = {"test_bandwidth", NULL};
    rfl_bandwidth_defaults(o);
    o->wss[0] = 16 << 10;
    o->wss[1] = 32 << 10;
    o->growth = 2;
    o->min_time_s = 1e-5;
    o->experiments = 1;
    o->quick = 1;
    o->threads = 1;
    o->output = f->csv;
    o->argc = 1;
    o->argv = argv;
}

/* Data rows of the CSV for a kernel and precision ("kernel,precision,"
 * prefix); -1 when there is no file. Every row must have the header's
 * field count. */
static int csv_rows(const char *path, const char *kernel, const char *precision, const char *isa)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    char line[4096], prefix[128];
    snprintf(prefix, sizeof prefix, "%s,%s,%s,", kernel, precision, isa);
    int rows = 0, header_commas = -1;
    while (fgets(line, sizeof line, fp)) {
        int commas = 0;
        for (const char *p = line; *p; p++)
            commas += *p == ',';
        if (header_commas < 0) {
            header_commas = commas;
            continue;
        }
        if (commas != header_commas)
            fail_msg("%s: a row has %d fields, the header %d: %s", path, commas + 1, header_commas + 1, line);
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            rows++;
    }
    fclose(fp);
    return rows;
}

static char *sidecar_status(const char *path)
{
    json_error_t err;
    json_t *meta = json_load_file(path, 0, &err);
    if (!meta)
        fail_msg("%s: %s (line %d)", path, err.text, err.line);
    const char *status = json_string_value(json_object_get(meta, "status"));
    char *copy = strdup(status ? status : "(none)");
    json_decref(meta);
    return copy;
}

/* tiny_opts for kernel k in one precision on one ISA; 0 where that ISA
 * has no such kernel. */
static int one_kernel_opts(struct rfl_bandwidth_opts *o, const struct rfl_test_files *f, enum rfl_isa isa, int prec,
                           int k)
{
    if (!rfl_bw_lookup(isa, (enum rfl_precision)prec, (enum rfl_bw_kernel_id)k))
        return 0;
    tiny_opts(o, f);
    o->kernels = 1u << k;
    o->precisions = 1u << prec;
    o->isas = 1u << isa;
    return 1;
}

static void run_every_kernel(const struct rfl_test_files *f, enum rfl_isa isa)
{
    if (!rfl_isa_supported(isa))
        skip();
    for (int prec = 0; prec < RFL_NPRECISION; prec++)
        for (int k = 0; k < RFL_BW_NKERNELS; k++) {
            struct rfl_bandwidth_opts o;
            if (!one_kernel_opts(&o, f, isa, prec, k))
                continue;
            int rc = rfl_bandwidth_run(&o);
            if (rc != RFL_EXIT_OK)
                fail_msg("%s %s %s: rfl_bandwidth_run returned %d", rfl_bw_kernels[k].name,
                         rfl_precision_names[prec], rfl_isa_names[isa], rc);
            int rows = csv_rows(f->csv, rfl_bw_kernels[k].name, rfl_precision_names[prec], rfl_isa_names[isa]);
            if (rows < 1)
                fail_msg("%s %s %s: %d rows in the CSV", rfl_bw_kernels[k].name, rfl_precision_names[prec],
                         rfl_isa_names[isa], rows);
            char *status = sidecar_status(f->json);
            assert_string_equal(status, "complete");
            free(status);
        }
}

static void test_run_c(void **state) { run_every_kernel(*state, RFL_ISA_C); }
static void test_run_avx2(void **state) { run_every_kernel(*state, RFL_ISA_AVX2); }
static void test_run_avx512(void **state) { run_every_kernel(*state, RFL_ISA_AVX512); }

/* All kernels, both precisions, every supported ISA in one run. */
static void test_run_all_at_once(void **state)
{
    struct rfl_test_files *f = *state;
    struct rfl_bandwidth_opts o;
    tiny_opts(&o, f);
    for (int i = 0; i < RFL_NISA; i++)
        if (rfl_isa_supported((enum rfl_isa)i))
            o.isas |= 1u << i;
    assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_OK);
    for (int isa = 0; isa < RFL_NISA; isa++)
        for (int prec = 0; prec < RFL_NPRECISION; prec++)
            for (int k = 0; k < RFL_BW_NKERNELS; k++) {
                int expected = (o.isas >> isa & 1) &&
                               rfl_bw_lookup((enum rfl_isa)isa, (enum rfl_precision)prec, (enum rfl_bw_kernel_id)k);
                int rows = csv_rows(f->csv, rfl_bw_kernels[k].name, rfl_precision_names[prec], rfl_isa_names[isa]);
                if (expected ? rows < 1 : rows != 0)
                    fail_msg("%s %s %s: %d rows", rfl_bw_kernels[k].name, rfl_precision_names[prec],
                             rfl_isa_names[isa], rows);
            }
}

/* Two threads share the buffer: each streams through its own part, and
 * the rows say so. */
static void test_run_two_threads(void **state)
{
    struct rfl_test_files *f = *state;
    struct rfl_bandwidth_opts o;
    tiny_opts(&o, f);
    o.threads = 2;
    o.kernels = (1u << RFL_BW_SUM) | (1u << RFL_BW_TRIAD);
    o.precisions = 1u << RFL_FP32;
    assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_OK);
    const char *isa = rfl_isa_names[rfl_isa_best()];
    assert_true(csv_rows(f->csv, "sum", "fp32", isa) >= 1);
    assert_true(csv_rows(f->csv, "triad", "fp32", isa) >= 1);
    json_t *meta = json_load_file(f->json, 0, NULL);
    assert_non_null(meta);
    assert_int_equal(json_integer_value(json_object_get(meta, "threads_per_rank")), 2);
    json_decref(meta);
}

/* rfl_bandwidth_run pins its threads, the calling thread among them (it is
 * the OpenMP master); it must give the caller its CPUs back, or every later
 * run in the process sees one core. */
static void test_run_restores_binding(void **state)
{
    struct rfl_test_files *f = *state;
    cpu_set_t before, after;
    assert_int_equal(sched_getaffinity(0, sizeof before, &before), 0);
    struct rfl_bandwidth_opts o;
    tiny_opts(&o, f);
    o.threads = 2;
    o.kernels = 1u << RFL_BW_SUM;
    o.precisions = 1u << RFL_FP64;
    assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_OK);
    assert_int_equal(sched_getaffinity(0, sizeof after, &after), 0);
    if (!CPU_EQUAL(&before, &after))
        fail_msg("the calling thread ran on %d CPUs before rfl_bandwidth_run and is bound to %d after it",
                 CPU_COUNT(&before), CPU_COUNT(&after));
}

/* A corrupted result is exit 3 and "verification_failed", for every kernel. */
static void test_injected_fault(void **state)
{
    struct rfl_test_files *f = *state;
    for (int prec = 0; prec < RFL_NPRECISION; prec++)
        for (int k = 0; k < RFL_BW_NKERNELS; k++) {
            enum rfl_isa isa = rfl_isa_best();
            struct rfl_bandwidth_opts o;
            if (!one_kernel_opts(&o, f, isa, prec, k))
                continue;
            o.inject_fault = 1;
            unlink(f->json);
            int rc = rfl_bandwidth_run(&o);
            if (rc != RFL_EXIT_VERIFY)
                fail_msg("%s %s with an injected fault: rfl_bandwidth_run returned %d, expected %d",
                         rfl_bw_kernels[k].name, rfl_precision_names[prec], rc, RFL_EXIT_VERIFY);
            char *status = sidecar_status(f->json);
            if (strcmp(status, "verification_failed") != 0)
                fail_msg("%s %s: sidecar status '%s'", rfl_bw_kernels[k].name, rfl_precision_names[prec], status);
            free(status);
            json_t *meta = json_load_file(f->json, 0, NULL);
            assert_non_null(meta);
            assert_non_null(json_string_value(json_object_get(meta, "failure")));
            json_decref(meta);
            /* No row claims a verified measurement of the failed point. */
            assert_int_equal(csv_rows(f->csv, rfl_bw_kernels[k].name, rfl_precision_names[prec],
                                      rfl_isa_names[isa]),
                             0);
        }
}

static void test_bad_isa_and_sizes(void **state)
{
    struct rfl_test_files *f = *state;
    struct rfl_bandwidth_opts o;
    for (int i = 0; i < RFL_NISA; i++)
        if (!rfl_isa_supported((enum rfl_isa)i)) {
            tiny_opts(&o, f);
            o.isas = 1u << i;
            assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_USAGE);
        }
    tiny_opts(&o, f);
    o.wss[0] = 64ull << 20;
    o.wss[1] = 1ull << 30;
    o.mem_limit = 1 << 20;
    assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_USAGE);
    assert_int_equal(access(f->csv, F_OK), -1); /* refused before any file */
    tiny_opts(&o, f);
    char missing[400];
    snprintf(missing, sizeof missing, "%s/no/such/dir.csv", f->dir);
    o.output = missing;
    assert_int_equal(rfl_bandwidth_run(&o), RFL_EXIT_FAILURE);
}

static void test_parse_into_opts(void **state)
{
    (void)state;
    char *argv[] = {"rfl_bandwidth", "--wss", "64K:8M", "-k", "sum,triad", "-p", "fp32", "--isa", "c",
                    "--growth", "1.5", "-e", "7", "--min-time", "0.01", "--mem-limit", "1G",
                    "-T", "3", "-o", "x.csv", "--quick", NULL};
    int argc = (int)(sizeof argv / sizeof argv[0]) - 1;
    struct rfl_bandwidth_opts o;
    rfl_bandwidth_defaults(&o);
    assert_int_equal(rfl_bandwidth_parse(&o, argc, argv), RFL_CLI_RUN);
    assert_true(o.wss[0] == 64 << 10 && o.wss[1] == 8 << 20);
    assert_int_equal(o.kernels, (1u << RFL_BW_SUM) | (1u << RFL_BW_TRIAD));
    assert_int_equal(o.precisions, 1u << RFL_FP32);
    assert_int_equal(o.isas, 1u << RFL_ISA_C);
    assert_true(o.growth == 1.5);
    assert_int_equal(o.experiments, 7);
    assert_true(o.min_time_s == 0.01);
    assert_true(o.mem_limit == 1ull << 30);
    assert_int_equal(o.threads, 3);
    assert_string_equal(o.output, "x.csv");
    assert_int_equal(o.quick, 1);
    assert_int_equal(o.inject_fault, 0);
    assert_int_equal(o.argc, argc);

    rfl_bandwidth_defaults(&o);
    assert_string_equal(o.output, "bandwidth.csv");
    assert_int_equal(o.kernels, 0);
}

/* ---- the closed forms, called directly ---- */

static void *aligned_array(size_t n, enum rfl_precision p)
{
    void *x = NULL;
    if (posix_memalign(&x, 4096, n * rfl_precision_bytes(p) + 4096) != 0)
        return NULL;
    return x;
}

static void set_elem(enum rfl_precision p, void *x, size_t i, double v)
{
    if (p == RFL_FP64)
        ((double *)x)[i] = v;
    else
        ((float *)x)[i] = (float)v;
}

static double get_elem(enum rfl_precision p, const void *x, size_t i)
{
    return p == RFL_FP64 ? ((const double *)x)[i] : ((const float *)x)[i];
}

/* Runs a kernel twice (trials t1 then t2) from a fresh fill, as the sweep
 * does, and returns the check of the result. */
static void run_and_check(enum rfl_isa isa, enum rfl_precision p, enum rfl_bw_kernel_id k, struct rfl_bw_work *w,
                          uint64_t t1, uint64_t t2, struct rfl_bw_mismatch *m)
{
    rfl_bw_fn fn = rfl_bw_lookup(isa, p, k);
    assert_non_null(fn);
    w->scalar = k == RFL_BW_RMW ? RFL_BW_RMW_BETA : RFL_BW_TRIAD_SCALAR;
    w->addend = RFL_BW_RMW_ALPHA;
    rfl_bw_fill(k, p, w);
    w->trials = t1;
    fn(w);
    w->trials = t2;
    fn(w);
    rfl_bw_check(k, p, w, t1 + t2, t2, m);
}

static void check_kernels_for(enum rfl_isa isa)
{
    if (!rfl_isa_supported(isa))
        skip();
    /* One quantum, a few, and past one fold of the sum's accumulators. */
    static const size_t sizes[] = {RFL_BW_ELEM_QUANTUM, 32 * RFL_BW_ELEM_QUANTUM,
                                   RFL_BW_SUM_BLOCK + 3 * RFL_BW_ELEM_QUANTUM};
    for (int prec = 0; prec < RFL_NPRECISION; prec++) {
        const enum rfl_precision p = (enum rfl_precision)prec;
        for (int kid = 0; kid < RFL_BW_NKERNELS; kid++) {
            const enum rfl_bw_kernel_id k = (enum rfl_bw_kernel_id)kid;
            const struct rfl_bw_kernel *kern = &rfl_bw_kernels[kid];
            if (!rfl_bw_lookup(isa, p, k))
                continue;
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                const size_t n = sizes[s];
                struct rfl_bw_work w;
                memset(&w, 0, sizeof w);
                w.n = n;
                w.a = aligned_array(n, p);
                w.b = kern->arrays > 1 ? aligned_array(n, p) : NULL;
                w.c = kern->arrays > 2 ? aligned_array(n, p) : NULL;
                assert_non_null(w.a);
                struct rfl_bw_mismatch m;
                const uint64_t t1 = n > 100000 ? 1 : 3, t2 = n > 100000 ? 2 : 5;

                /* A correct run passes. */
                run_and_check(isa, p, k, &w, t1, t2, &m);
                if (m.count)
                    fail_msg("%s %s %s n=%zu: a correct run fails its check: %zu wrong, first %c[%zu] = %g, "
                             "expected %g",
                             kern->name, rfl_precision_names[p], rfl_isa_names[isa], n, m.count, m.array, m.index,
                             m.got, m.expected);

                /* A kernel that did nothing is caught. */
                rfl_bw_fill(k, p, &w);
                rfl_bw_check(k, p, &w, t1 + t2, t2, &m);
                if (m.count == 0)
                    fail_msg("%s %s %s n=%zu: the check passes arrays the kernel never touched", kern->name,
                             rfl_precision_names[p], rfl_isa_names[isa], n);

                /* One wrong element in any array is caught, and located. */
                void *arrays[3] = {w.a, w.b, w.c};
                const size_t spots[] = {n - 1, 0, n / 2 + 1};
                const size_t nspots = n > 100000 ? 1 : 3; /* the large size costs time */
                for (unsigned arr = 0; arr < kern->arrays; arr++)
                    for (size_t si = 0; si < nspots; si++) {
                        run_and_check(isa, p, k, &w, t1, t2, &m);
                        assert_int_equal(m.count, 0);
                        const size_t i = spots[si];
                        const double good = get_elem(p, arrays[arr], i);
                        set_elem(p, arrays[arr], i, good + 1);
                        rfl_bw_check(k, p, &w, t1 + t2, t2, &m);
                        if (m.count != 1 || m.array != "abc"[arr] || m.index != i || m.got != good + 1)
                            fail_msg("%s %s %s n=%zu: %c[%zu] corrupted from %g to %g: reported %zu wrong, first "
                                     "%c[%zu] = %g",
                                     kern->name, rfl_precision_names[p], rfl_isa_names[isa], n, "abc"[arr], i, good,
                                     good + 1, m.count, m.array ? m.array : '-', m.index, m.got);
                        if (m.expected != good)
                            fail_msg("%s: expected value reported as %g, should be %g", kern->name, m.expected, good);
                    }

                /* A wrong sum is caught even when the array is intact. */
                if (k == RFL_BW_SUM) {
                    run_and_check(isa, p, k, &w, t1, t2, &m);
                    w.result += 1;
                    rfl_bw_check(k, p, &w, t1 + t2, t2, &m);
                    assert_int_equal(m.count, 1);
                    assert_int_equal(m.array, 's');
                }
                free(w.a);
                free(w.b);
                free(w.c);
            }
        }
    }
}

static void test_check_c(void **state)
{
    (void)state;
    check_kernels_for(RFL_ISA_C);
}
static void test_check_avx2(void **state)
{
    (void)state;
    check_kernels_for(RFL_ISA_AVX2);
}
static void test_check_avx512(void **state)
{
    (void)state;
    check_kernels_for(RFL_ISA_AVX512);
}

/* rmw in fp32 is exact only while a0 + T < 2^24: the sweep refills first. */
static void test_refill_after(void **state)
{
    (void)state;
    assert_true(rfl_bw_refill_after(RFL_BW_RMW, RFL_FP32) <= (1ull << 24) - 9);
    assert_true(rfl_bw_refill_after(RFL_BW_RMW, RFL_FP64) <= (1ull << 53) - 9);
    for (int k = 0; k < RFL_BW_NKERNELS; k++)
        if (k != RFL_BW_RMW) {
            assert_true(rfl_bw_refill_after((enum rfl_bw_kernel_id)k, RFL_FP32) == UINT64_MAX);
            assert_true(rfl_bw_refill_after((enum rfl_bw_kernel_id)k, RFL_FP64) == UINT64_MAX);
        }
}

static void test_lookup(void **state)
{
    (void)state;
    for (int prec = 0; prec < RFL_NPRECISION; prec++)
        for (int k = 0; k < RFL_BW_NKERNELS; k++) {
            rfl_bw_fn c = rfl_bw_lookup(RFL_ISA_C, (enum rfl_precision)prec, (enum rfl_bw_kernel_id)k);
            if (rfl_bw_kernels[k].nontemporal)
                assert_null(c);
            else
                assert_non_null(c);
            for (int isa = RFL_ISA_AVX2; isa < RFL_NISA; isa++)
                if (rfl_isa_supported((enum rfl_isa)isa))
                    assert_non_null(rfl_bw_lookup((enum rfl_isa)isa, (enum rfl_precision)prec,
                                                  (enum rfl_bw_kernel_id)k));
        }
}

/* The kernel table is consistent with itself and with the names. */
static void test_kernel_table(void **state)
{
    (void)state;
    for (int k = 0; k < RFL_BW_NKERNELS; k++) {
        const struct rfl_bw_kernel *kern = &rfl_bw_kernels[k];
        assert_non_null(kern->name);
        assert_string_equal(kern->name, rfl_bw_kernel_names[k]);
        assert_true(kern->arrays >= 1 && kern->arrays <= 3);
        assert_true(kern->reads + kern->writes >= 1);
        assert_true(kern->reads + kern->writes <= kern->arrays || k == RFL_BW_RMW);
        assert_int_equal(kern->nontemporal, strstr(kern->name, "_nt") != NULL);
    }
    assert_null(rfl_bw_kernel_names[RFL_BW_NKERNELS]);
}

/* Each test's setup goes back to the binding the process started with. */
static int prepare(void)
{
    rfl_log_set_quiet(1);
    return sched_getaffinity(0, sizeof startup_affinity, &startup_affinity);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kernel_table),
    cmocka_unit_test(test_lookup),
    cmocka_unit_test(test_refill_after),
    cmocka_unit_test(test_check_c),
    cmocka_unit_test(test_check_avx2),
    cmocka_unit_test(test_check_avx512),
    cmocka_unit_test(test_parse_into_opts),
    rfl_test_with_files(test_run_c),
    rfl_test_with_files(test_run_avx2),
    rfl_test_with_files(test_run_avx512),
    rfl_test_with_files(test_run_all_at_once),
    rfl_test_with_files(test_run_two_threads),
    rfl_test_with_files(test_run_restores_binding),
    rfl_test_with_files(test_injected_fault),
    rfl_test_with_files(test_bad_isa_and_sizes),
};

RFL_TEST_MPI_MAIN(tests, prepare, NULL, NULL)
