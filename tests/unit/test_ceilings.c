/* The driver's CSV reader (ceilings/table.h), the source table
 * (ceilings/sources.h) and the model of a run directory (ceilings/model.h) on
 * the golden synthetic data of tests/data/driver/golden: the ceilings found,
 * their provenance, spec values and application points. */
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

#include "common/log.h"
#include "common/rfl.h"
#include "ceilings/model.h"
#include "driver/settings.h"
#include "profile/profile.h"
#include "ceilings/sources.h"
#include "ceilings/table.h"
#include "tests/unit/check.h"

static char tmpdir[256];

static void write_file(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int read_text(const char *text, struct rfl_table *t)
{
    write_file("t.csv", text);
    char path[512];
    snprintf(path, sizeof path, "%s/t.csv", tmpdir);
    return rfl_table_read(path, t);
}

static void test_table_fields(void **state)
{
    (void)state;
    struct rfl_table t;
    assert_int_equal(read_text("a,b,c\r\n1,\"x, \"\"y\"\"\",\r\n\"multi\nline\",2.5e3,-\n\n", &t), 0);
    assert_int_equal(t.ncols, 3);
    assert_int_equal(t.nrows, 2);
    assert_string_equal(rfl_table_cell(&t, 0, 1), "x, \"y\"");
    assert_string_equal(rfl_table_cell(&t, 0, 2), "");
    assert_string_equal(rfl_table_cell(&t, 1, 0), "multi\nline");
    assert_int_equal(t.lineno[0], 2);
    assert_int_equal(t.lineno[1], 3);
    double d;
    assert_int_equal(rfl_table_double(&t, 1, 1, 0, &d), 0);
    assert_true(d == 2500);
    assert_int_equal(rfl_table_double(&t, 0, 2, 1, &d), 0);
    assert_true(isnan(d));
    assert_int_equal(rfl_table_double(&t, 0, 2, 0, &d), -1);
    assert_int_equal(rfl_table_double(&t, 1, 2, 0, &d), -1);
    uint64_t u;
    assert_int_equal(rfl_table_u64(&t, 0, 0, &u), 0);
    assert_int_equal(u, 1);
    assert_int_equal(rfl_table_column(&t, "c"), 2);
    assert_int_equal(rfl_table_column(&t, "z"), -1);
    static const char *const req[] = {"a", "b", NULL}, *const opt[] = {"c", NULL}, *const more[] = {"a", "d", NULL};
    assert_int_equal(rfl_table_check_columns(&t, "test", req, opt), 0);
    assert_int_equal(rfl_table_check_columns(&t, "test", req, NULL), -1); /* c is unknown */
    assert_int_equal(rfl_table_check_columns(&t, "test", more, opt), -1); /* d is missing */
    rfl_table_free(&t);
}

static void test_table_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",                        /* empty file */
        "\n\n",                    /* blank */
        "a,b\n",                   /* header only */
        "a,b\n1,2\n3\n",           /* a short row */
        "a,b\n1,2,3\n",            /* a long row */
        "a,b\n1,2\n\n3,4\n",       /* an empty line inside */
        "a,b\n\"1,2\n",            /* unterminated quote */
        "a,b\n\"1\"x,2\n",         /* text after a quote */
        "a,b\n1\"2,3\n",           /* quote inside a field */
        "a,a\n1,2\n",              /* a column twice */
        "a,,b\n1,2,3\n",           /* an empty column name */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct rfl_table t;
        if (read_text(bad[i], &t) != -1)
            fail_msg("accepted case %zu", i);
    }
    struct rfl_table t;
    char path[512];
    snprintf(path, sizeof path, "%s/none.csv", tmpdir);
    assert_int_equal(rfl_table_read(path, &t), -1);
}

static void test_sources(void **state)
{
    (void)state;
    assert_string_equal(rfl_source_for("bandwidth.csv")->kind, "bandwidth");
    assert_string_equal(rfl_source_for("bandwidth-2ranks.csv")->kind, "bandwidth");
    assert_string_equal(rfl_source_for("flops.csv")->kind, "flops");
    assert_null(rfl_source_for("ceilings.csv")->load);
    assert_null(rfl_source_for("applications.csv")->program);
    assert_null(rfl_source_for("random.csv"));
    assert_null(rfl_source_for("my_bandwidth.csv"));
}

static void copy_golden(const char *name)
{
    rfl_test_copy_data("driver/golden", name, tmpdir);
}

static const struct rfl_ceiling *find(const struct rfl_model *m, const char *name)
{
    for (size_t i = 0; i < m->nceilings; i++)
        if (!strcmp(m->ceilings[i].name, name))
            return &m->ceilings[i];
    return NULL;
}

static void test_golden_model(void **state)
{
    (void)state;
    char stale[512];
    snprintf(stale, sizeof stale, "%s/t.csv", tmpdir); /* left by the table tests */
    unlink(stale);
    copy_golden("bandwidth.csv");
    copy_golden("bandwidth.json");
    copy_golden("flops.csv");
    copy_golden("flops.json");
    copy_golden("applications.csv");
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    assert_int_equal(rfl_settings_load_string(&s, "spec", "spec.dram_gbytes_per_s = 34.1\nspec.clock_ghz = 3\n"
                                                          "spec.l1_bytes_per_cycle = 64\nspec.cores = 4\n"),
                     0);
    struct rfl_model m;
    assert_int_equal(rfl_model_build(&m, tmpdir, &s.ceilings, NULL), RFL_EXIT_OK);
    assert_int_equal(m.ninputs, 2);
    assert_int_equal(m.ncurves, 3);
    assert_int_equal(m.ncache, 3);
    assert_string_equal(m.host, "golden");

    /* Every level has a ceiling from its own plateau: the synthetic levels
     * are 520/210/105/28 GB/s (triad) with +-3% noise, and copy is 150 in
     * L2 and L3 alike. */
    const struct rfl_ceiling *l1 = find(&m, "L1"), *l2 = find(&m, "L2"), *l3 = find(&m, "L3"), *dram = find(&m, "DRAM");
    assert_non_null(l1);
    assert_non_null(l2);
    assert_non_null(l3);
    assert_non_null(dram);
    assert_true(fabs(l1->value / 520 - 1) < 0.031);
    assert_string_equal(l1->kernel, "triad");
    assert_true(fabs(l2->value / 210 - 1) < 0.031);
    assert_true(fabs(l3->value / 150 - 1) < 0.031);
    assert_string_equal(l3->kernel, "copy");
    assert_true(fabs(dram->value / 28 - 1) < 0.031);
    /* capacities for 4 threads, and the detected ends near them */
    assert_int_equal(l1->topology_bytes, 4 * 32768);
    assert_int_equal(l2->topology_bytes, 4 * 1048576);
    assert_int_equal(l3->topology_bytes, 16777216);
    assert_true(l1->transition_bytes > 4 * 32768 && l1->transition_bytes < 2 * 4 * 32768);
    assert_true(l3->transition_bytes > 16777216 && l3->transition_bytes < 2 * 16777216);
    assert_int_equal(dram->transition_bytes, 0);
    /* spec: configured DRAM, derived L1 = 4 cores x 3 GHz x 64 B */
    assert_true(fabs(dram->spec - 34.1) < 1e-9);
    assert_string_equal(dram->spec_source, "config");
    assert_true(fabs(l1->spec - 768) < 1e-9);
    assert_true(isnan(l2->spec));

    const struct rfl_ceiling *peak = rfl_model_peak(&m, "cpu", "fp64");
    assert_non_null(peak);
    assert_string_equal(peak->name, "fp64 avx2");
    assert_true(fabs(peak->value / (192 * 0.93) - 1) < 0.031);
    assert_string_equal(peak->kernel, "simd unroll 4");
    assert_true(fabs(peak->spec - 192) < 1e-9); /* from rfl_flops' peak column */
    assert_non_null(find(&m, "fp32 avx2"));
    assert_non_null(find(&m, "fp64 c"));

    /* application points from dir/applications.csv, with their roofline */
    assert_int_equal(m.napps, 3);
    assert_string_equal(m.apps[1].name, "solver, sparse");
    char bound[64];
    double att = rfl_app_attainable(&m, &m.apps[0], bound, sizeof bound);
    assert_string_equal(bound, "DRAM bandwidth");
    assert_true(fabs(att - dram->value * 0.25) < 1e-9);
    assert_true(m.apps[0].attainable == att); /* kept on the point by rfl_model_build */
    assert_string_equal(m.apps[0].bound, "DRAM bandwidth");
    att = rfl_app_attainable(&m, &m.apps[2], bound, sizeof bound);
    assert_string_equal(bound, "fp64 avx2 peak");
    assert_true(m.apps[2].attainable == att);
    assert_string_equal(m.apps[2].bound, "fp64 avx2 peak");
    rfl_model_free(&m);

    /* only triad may set ceilings: L3 comes from triad now */
    assert_int_equal(rfl_settings_load_string(&s, "k", "ceilings.bandwidth_kernels = triad\n"), 0);
    assert_int_equal(rfl_model_build(&m, tmpdir, &s.ceilings, NULL), RFL_EXIT_OK);
    l3 = find(&m, "L3");
    assert_non_null(l3);
    assert_string_equal(l3->kernel, "triad");
    assert_true(fabs(l3->value / 105 - 1) < 0.031);
    rfl_model_free(&m);
    rfl_settings_free(&s);
}

static void test_unknown_csv(void **state)
{
    (void)state;
    write_file("notes.csv", "a,b\n1,2\n");
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    struct rfl_model m;
    assert_int_equal(rfl_model_build(&m, tmpdir, &s.ceilings, NULL), RFL_EXIT_USAGE);
    rfl_model_free(&m);
    char path[512];
    snprintf(path, sizeof path, "%s/notes.csv", tmpdir);
    unlink(path);
    rfl_settings_free(&s);
}

RFL_TEST_GROUP_TMPDIR(setup, teardown, tmpdir, "ceilings")

int main(void)
{
    rfl_log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_fields), cmocka_unit_test(test_table_errors), cmocka_unit_test(test_sources),
        cmocka_unit_test(test_golden_model), cmocka_unit_test(test_unknown_csv),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
