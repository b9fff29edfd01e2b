/* The strict config parser (common/config_file.h) and the driver's settings
 * over it (driver/settings.h): every type, comments, every error case, and
 * a settings round trip through run.conf. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/config_file.h"
#include "common/log.h"
#include "ceilings/sources.h"
#include "driver/programs.h"
#include "driver/settings.h"

static const char *const colours[] = {"red", "green", "blue", NULL};

struct values {
    char *text;
    unsigned count;
    double ratio;
    int flag;
    uint64_t size;
    int colour;
    unsigned set;
};

static size_t table(struct values *v, struct rfl_cfg_key *k)
{
    const struct rfl_cfg_key keys[] = {
        {"text", RFL_CFG_STRING, &v->text, "a string", 0, 0, NULL},
        {"count", RFL_CFG_UINT, &v->count, "an integer", 1, 10, NULL},
        {"ratio", RFL_CFG_DOUBLE, &v->ratio, "a number", 0.5, 4, NULL},
        {"flag", RFL_CFG_BOOL, &v->flag, "yes or no", 0, 0, NULL},
        {"size", RFL_CFG_SIZE, &v->size, "a size", 0, 0, NULL},
        {"colour", RFL_CFG_CHOICE, &v->colour, "one of", 0, 0, colours},
        {"set.of", RFL_CFG_LIST, &v->set, "a list", 0, 0, colours},
    };
    memcpy(k, keys, sizeof keys);
    return sizeof keys / sizeof keys[0];
}

static void test_every_type(void **state)
{
    (void)state;
    struct values v = {0};
    struct rfl_cfg_key k[8];
    size_t n = table(&v, k);
    const char *text = "# a comment line\n"
                       "\n"
                       "  text =  two words  # trailing comment\n"
                       "count=7\n"
                       "ratio = 1.5\n"
                       "flag = Yes\r\n"
                       "size = 64K\n"
                       "colour = blue\n"
                       "set.of = red , blue\n";
    assert_int_equal(rfl_config_parse_string("t.conf", text, k, n), 0);
    assert_string_equal(v.text, "two words");
    assert_int_equal(v.count, 7);
    assert_true(v.ratio == 1.5);
    assert_int_equal(v.flag, 1);
    assert_int_equal(v.size, 65536);
    assert_int_equal(v.colour, 2);
    assert_int_equal(v.set, 5);
    assert_int_equal(rfl_config_parse_string("t.conf", "set.of = all\ntext =\nflag = off\n", k, n), 0);
    assert_int_equal(v.set, 7);
    assert_string_equal(v.text, "");
    assert_int_equal(v.flag, 0);
    /* a '#' inside a word is text, not a comment */
    assert_int_equal(rfl_config_parse_string("t.conf", "text = a#b\n", k, n), 0);
    assert_string_equal(v.text, "a#b");
    rfl_config_free(k, n);
    assert_null(v.text);
}

static void test_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "nosuchkey = 1\n",        /* unknown key */
        "count = 0\n",            /* below the minimum */
        "count = 11\n",           /* above the maximum */
        "count = 3x\n",           /* trailing garbage */
        "count = -1\n",           /* negative */
        "count =\n",              /* empty */
        "ratio = abc\n",          /* not a number */
        "ratio = 1,5\n",          /* a decimal comma */
        "ratio = inf\n",          /* not finite */
        "flag = maybe\n",         /* not a boolean */
        "size = 12Q\n",           /* bad suffix */
        "colour = purple\n",      /* not a choice */
        "set.of = red,,blue\n",   /* empty list item */
        "count = 2\ncount = 3\n", /* set twice */
        "just words\n",           /* no '=' */
        "= 3\n",                  /* no key */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct values v = {0};
        struct rfl_cfg_key k[8];
        size_t n = table(&v, k);
        int rc = rfl_config_parse_string("bad.conf", bad[i], k, n);
        if (rc != -1)
            fail_msg("accepted: %s", bad[i]);
        rfl_config_free(k, n);
    }
}

static void test_missing_file(void **state)
{
    (void)state;
    struct values v = {0};
    struct rfl_cfg_key k[8];
    size_t n = table(&v, k);
    assert_int_equal(rfl_config_parse_file("/nonexistent/rfl.conf", k, n), -1);
    char path[] = "/tmp/rfl-test-config.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char text[] = "count = 4\nratio = 2\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    assert_int_equal(rfl_config_parse_file(path, k, n), 0);
    assert_int_equal(v.count, 4);
    unlink(path);
    rfl_config_free(k, n);
}

static void test_default_settings(void **state)
{
    (void)state;
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    assert_int_equal(s.mode, RFL_MODE_STANDARD);
    assert_int_equal(s.ranks, 1);
    assert_int_equal(s.programs, (1u << RFL_NPROGRAMS) - 1);
    assert_string_equal(rfl_settings_args(&s, 0), "");
    s.mode = RFL_MODE_QUICK;
    assert_string_equal(rfl_settings_args(&s, 0), "--quick --growth 1.41 --experiments 5 --min-time 0.004");
    assert_string_equal(s.results_dir, "results");
    rfl_settings_free(&s);
}

static void test_settings_round_trip(void **state)
{
    (void)state;
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    assert_int_equal(rfl_settings_load_string(&s, "m.conf",
                                              "mode = full\nranks = 3\nprograms = bandwidth\n"
                                              "spec.dram_gbytes_per_s = 204.8\nmachine = box 1\n"
                                              "bandwidth.full_args = --growth 1.1\n"
                                              "ceilings.bandwidth_kernels = triad,sum\n"),
                     0);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    rfl_settings_write(&s, mem);
    fclose(mem);
    struct rfl_settings t;
    assert_int_equal(rfl_settings_init(&t), 0);
    assert_int_equal(rfl_settings_load_string(&t, "run.conf", text), 0);
    assert_int_equal(t.mode, RFL_MODE_FULL);
    assert_int_equal(t.ranks, 3);
    assert_int_equal(t.programs, 1);
    assert_true(t.ceilings.spec_gbytes_per_s[RFL_SPEC_DRAM] == 204.8);
    assert_string_equal(t.ceilings.machine, "box 1");
    assert_string_equal(rfl_settings_args(&t, 0), "--growth 1.1");
    assert_int_equal(t.ceilings.bandwidth_kernels, s.ceilings.bandwidth_kernels);
    free(text);
    rfl_settings_free(&s);
    rfl_settings_free(&t);
}

static void test_settings_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {"mode = fast\n", "programs = bandwidth,nope\n", "ranks = 0\n",
                                      "spec.dram_gbytes_per_s = -1\n", "spec.l4_gbytes_per_s = 1\n",
                                      "ceilings.bandwidth_kernels = stream\n", "bandwidth.args = x\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct rfl_settings s;
        assert_int_equal(rfl_settings_init(&s), 0);
        if (rfl_settings_load_string(&s, "bad.conf", bad[i]) != -1)
            fail_msg("accepted: %s", bad[i]);
        rfl_settings_free(&s);
    }
}

/* The program table (driver/) and the sources table (ceilings/) agree:
 * every program's binary writes at least one kind of CSV that ceilings/
 * loads, and every measurement source is written by a program of the table. */
static void test_program_table(void **state)
{
    (void)state;
    for (int p = 0; p < RFL_NPROGRAMS; p++) {
        assert_string_equal(rfl_programs[p].name, rfl_program_names[p]);
        size_t loaders = 0;
        for (size_t k = 0; k < rfl_nsources; k++)
            loaders += rfl_sources[k].program && !strcmp(rfl_sources[k].program, rfl_programs[p].binary) &&
                       rfl_sources[k].load != NULL;
        assert_true(loaders > 0);
    }
    assert_null(rfl_program_names[RFL_NPROGRAMS]);
    for (size_t k = 0; k < rfl_nsources; k++) {
        if (!rfl_sources[k].program)
            continue;
        int known = 0;
        for (int p = 0; p < RFL_NPROGRAMS; p++)
            known |= !strcmp(rfl_sources[k].program, rfl_programs[p].binary);
        assert_true(known);
    }
}

int main(void)
{
    rfl_log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_type),      cmocka_unit_test(test_errors),
        cmocka_unit_test(test_missing_file),    cmocka_unit_test(test_default_settings),
        cmocka_unit_test(test_settings_round_trip), cmocka_unit_test(test_settings_errors),
        cmocka_unit_test(test_program_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
