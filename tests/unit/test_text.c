/* Text from data on its way out: UTF-8 repair (common/utf8.h), JSON
 * strings (common/meta.h), gnuplot literals (plot/chart.h) and the
 * report's HTML and Markdown (driver/markup.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/utf8.h"
#include "driver/markup.h"
#include "plot/chart.h"
#include "tests/unit/check.h"

static void test_utf8(void **state)
{
    (void)state;
    assert_true(rfl_utf8_valid("plain ascii"));
    assert_true(rfl_utf8_valid("\xC2\xB5s \xE2\x82\xAC \xF0\x9F\x98\x80")); /* µs € 😀 */
    static const char *const bad[] = {"\xFF", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                                      "\xC3", "\xE2\x82", "a\x80", "\xF5\x80\x80\x80"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (rfl_utf8_valid(bad[i]))
            fail_msg("invalid sequence %zu taken as UTF-8", i);
    char *fixed = rfl_utf8_fix("a\xFF" "b\xC3");
    assert_string_equal(fixed, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
    free(fixed);
    fixed = rfl_utf8_fix("\xC2\xB5");
    assert_string_equal(fixed, "\xC2\xB5");
    free(fixed);
}

static void test_json_text(void **state)
{
    (void)state;
    json_t *v = rfl_json_text("host\xFF");
    assert_non_null(v);
    assert_string_equal(json_string_value(v), "host\xEF\xBF\xBD");
    json_decref(v);
    v = rfl_json_text(NULL);
    assert_string_equal(json_string_value(v), "");
    json_decref(v);
    int failed = 0;
    json_t *o = json_object();
    rfl_json_set(o, "ok", json_string("x"), &failed);
    assert_int_equal(failed, 0);
    rfl_json_set(o, "refused", json_string("\xFF"), &failed); /* NULL: not lost */
    assert_int_equal(failed, 1);
    json_decref(o);
}

static void expect_literal(const char *text, const char *want)
{
    struct rfl_chart c;
    assert_int_equal(rfl_chart_open(&c, "t", 100, 100), 0);
    const char *got = rfl_chart_literal(&c, text);
    if (strcmp(got, want) != 0)
        fail_msg("literal of \"%s\": %s, expected %s", text, got, want);
    rfl_chart_discard(&c);
}

static void test_literal(void **state)
{
    (void)state;
    expect_literal("", "''");
    expect_literal("L1 535.6 GB/s", "'L1 535.6 GB/s'");
    /* No backquote, macro or backslash is special inside single quotes. */
    expect_literal("`touch x` @x \\n $d", "'`touch x` @x \\n $d'");
    expect_literal("a\nsystem(\"touch y\")", "'a system(\"touch y\")'");
    expect_literal("it's", "'it'.\"\\047\".'s'");
    expect_literal("'", "''.\"\\047\".''");
    expect_literal("''", "''.\"\\047\".''.\"\\047\".''");
    expect_literal("tab\there\x1b[31m\x7f", "'tab here[31m'");
    expect_literal("bad\xFF", "'bad\xEF\xBF\xBD'");
    expect_literal("end\\", "'end\\'");
    /* Any length: no fixed buffer. */
    size_t n = 100000;
    char *big = malloc(n + 1);
    memset(big, '\'', n);
    big[n] = '\0';
    struct rfl_chart c;
    assert_int_equal(rfl_chart_open(&c, "t", 100, 100), 0);
    assert_int_equal(strlen(rfl_chart_literal(&c, big)), 2 + 10 * n);
    rfl_chart_discard(&c);
    free(big);
}

static char *written(void (*fn)(FILE *, const char *, int), void (*html)(FILE *, const char *), const char *s,
                     int block)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (fn)
        fn(f, s, block);
    else
        html(f, s);
    fclose(f);
    return text;
}

static void expect_html(const char *s, const char *want)
{
    char *got = written(NULL, rfl_html_text, s, 0);
    if (strcmp(got, want) != 0)
        fail_msg("HTML of \"%s\": \"%s\", expected \"%s\"", s, got, want);
    free(got);
}

static void expect_md(const char *s, int block, const char *want)
{
    char *got = written(rfl_md_text, NULL, s, block);
    if (strcmp(got, want) != 0)
        fail_msg("Markdown of \"%s\": \"%s\", expected \"%s\"", s, got, want);
    free(got);
}

static void test_markup(void **state)
{
    (void)state;
    expect_html("<b>a & \"b\" 'c'</b>", "&lt;b&gt;a &amp; &quot;b&quot; &#39;c&#39;&lt;/b&gt;");
    expect_html("a\nb\x01\xFF", "a b\xEF\xBF\xBD");
    expect_md("535.6 GB/s", 0, "535.6 GB/s");
    expect_md("global_ca pinned_alloc", 0, "global_ca pinned_alloc");
    expect_md("a|b `c` <b> [l](u) *e* _f_ \\ $m$ # ~s~ &amp;", 0,
              "a\\|b \\`c\\` \\<b\\> \\[l\\](u) \\*e\\* \\_f\\_ \\\\ \\$m\\$ \\# \\~s\\~ \\&amp;");
    expect_md("one\ntwo\r\tthree\x1b", 0, "one two  three");
    expect_md("- item", 0, "- item");
    expect_md("  - item", 1, "\\- item");
    expect_md("1. first", 1, "1\\. first");
    expect_md("1.5 GB", 1, "1.5 GB");
    expect_md("\xFFx", 0, "\xEF\xBF\xBDx");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_utf8),
    cmocka_unit_test(test_json_text),
    cmocka_unit_test(test_literal),
    cmocka_unit_test(test_markup),
};

RFL_TEST_MPI_MAIN(tests, NULL, NULL, NULL)
