/* Byte sizes as users write them (common/size.h): suffixes, decimals,
 * ranges, and every malformed form that must be refused. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "common/mpi_shim.h"
#include "common/size.h"
#include "tests/unit/check.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)
#define TIB (1024ull * GIB)

static void expect_size(const char *text, uint64_t want)
{
    uint64_t got = 0;
    if (rfl_parse_size(text, &got) != 0)
        fail_msg("rfl_parse_size(\"%s\") refused a valid size", text);
    if (got != want)
        fail_msg("rfl_parse_size(\"%s\") = %llu, expected %llu", text, (unsigned long long)got,
                 (unsigned long long)want);
}

struct size_case {
    const char *text;
    uint64_t want;
};

static void expect_sizes(const struct size_case *c, size_t n)
{
    for (; n > 0; n--, c++)
        expect_size(c->text, c->want);
}
#define EXPECT_SIZES(table) expect_sizes(table, sizeof table / sizeof table[0])

static void expect_bad_size(const char *text)
{
    const uint64_t sentinel = 0xdeadbeef;
    uint64_t got = sentinel;
    if (rfl_parse_size(text, &got) != -1)
        fail_msg("rfl_parse_size(\"%s\") accepted it as %llu", text ? text : "(null)",
                 (unsigned long long)got);
    if (got != sentinel)
        fail_msg("rfl_parse_size(\"%s\") failed but wrote its output", text ? text : "(null)");
}

static void test_plain_bytes(void **state)
{
    (void)state;
    static const struct size_case cases[] = {
        {"1", 1}, {"4096", 4096}, {"4096B", 4096}, {"4096b", 4096}, {"18446744073709551615", UINT64_MAX},
        {"007", 7},
    };
    EXPECT_SIZES(cases);
}

static void test_suffixes(void **state)
{
    (void)state;
    static const struct size_case cases[] = {
        {"64K", 64 * KIB}, {"64KB", 64 * KIB}, {"64KiB", 64 * KIB}, {"1M", MIB}, {"1MB", MIB}, {"1MiB", MIB},
        {"2G", 2 * GIB}, {"2GiB", 2 * GIB}, {"3T", 3 * TIB}, {"3TiB", 3 * TIB},
        {"16777215T", 16777215ull * TIB}, /* the largest whole number of TiB */
    };
    EXPECT_SIZES(cases);
}

static void test_lower_case(void **state)
{
    (void)state;
    static const struct size_case cases[] = {
        {"64k", 64 * KIB}, {"64kb", 64 * KIB}, {"64kib", 64 * KIB}, {"8m", 8 * MIB}, {"1g", GIB},
        {"1gib", GIB}, {"1t", TIB},
    };
    EXPECT_SIZES(cases);
}

static void test_decimals(void **state)
{
    (void)state;
    static const struct size_case cases[] = {
        {"1.5M", MIB + MIB / 2}, {"1.5K", 1536}, {"0.5K", 512}, {"1.25G", GIB + GIB / 4},
        {"1.5GiB", GIB + GIB / 2}, {"2.0M", 2 * MIB},
        {"0.001K", 1}, /* rounded to the nearest byte */
    };
    EXPECT_SIZES(cases);
}

static void test_decimals_ignore_locale(void **state)
{
    (void)state;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
        setlocale(LC_NUMERIC, "C");
        skip();
    }
    expect_size("1.5M", MIB + MIB / 2);
    expect_bad_size("1,5M");
    char buf[32];
    assert_string_equal(rfl_format_size(1610612736ull, buf, sizeof buf), "1.5G");
    setlocale(LC_NUMERIC, "C");
}

static void test_rejects_garbage(void **state)
{
    (void)state;
    expect_bad_size(NULL);
    expect_bad_size("");
    expect_bad_size("abc");
    expect_bad_size("K");
    expect_bad_size("12Q");
    expect_bad_size("64KK");
    expect_bad_size("64 K");
    expect_bad_size(" 64K");
    expect_bad_size("64K ");
    expect_bad_size("64Kx");
    expect_bad_size("64KiBs");
    expect_bad_size("1.5");   /* a fraction of a byte */
    expect_bad_size("1.5B");
    expect_bad_size("1.");
    expect_bad_size(".5K");
    expect_bad_size("1..5K");
    expect_bad_size("1.5.5K");
    expect_bad_size("-1");
    expect_bad_size("-1K");
    expect_bad_size("+1K");
    expect_bad_size("0x10");
    expect_bad_size("1e3");
    expect_bad_size("1,5M");
    expect_bad_size("4K:8K"); /* a range is not a size */
}

static void test_rejects_zero(void **state)
{
    (void)state;
    expect_bad_size("0");
    expect_bad_size("0K");
    expect_bad_size("0.0M");
    expect_bad_size("00");
}

static void test_rejects_overflow(void **state)
{
    (void)state;
    expect_bad_size("18446744073709551616");   /* 2^64 */
    expect_bad_size("99999999999999999999999");
    expect_bad_size("16777216T");              /* 2^64 */
    expect_bad_size("17179869184G");           /* 2^64 */
    expect_bad_size("18014398509481984K");     /* 2^64 */
    expect_bad_size("18446744073709551615K");
}

static void test_range(void **state)
{
    (void)state;
    uint64_t lo = 0, hi = 0;
    assert_int_equal(rfl_parse_size_range("4K:1G", &lo, &hi), 0);
    assert_true(lo == 4 * KIB && hi == GIB);
    assert_int_equal(rfl_parse_size_range("16k:4m", &lo, &hi), 0);
    assert_true(lo == 16 * KIB && hi == 4 * MIB);
    assert_int_equal(rfl_parse_size_range("1.5M:1.5M", &lo, &hi), 0);
    assert_true(lo == MIB + MIB / 2 && hi == lo);
    assert_int_equal(rfl_parse_size_range("4096:4K", &lo, &hi), 0);
    assert_true(lo == 4096 && hi == 4096);
}

static void test_range_single_value(void **state)
{
    (void)state;
    uint64_t lo = 1, hi = 2;
    assert_int_equal(rfl_parse_size_range("64K", &lo, &hi), 0);
    assert_true(lo == 64 * KIB);
    assert_true(hi == 64 * KIB);
}

static void expect_bad_range(const char *text)
{
    uint64_t lo = 11, hi = 22;
    if (rfl_parse_size_range(text, &lo, &hi) != -1)
        fail_msg("rfl_parse_size_range(\"%s\") accepted it as %llu:%llu", text ? text : "(null)",
                 (unsigned long long)lo, (unsigned long long)hi);
    if (lo != 11 || hi != 22)
        fail_msg("rfl_parse_size_range(\"%s\") failed but wrote its outputs", text ? text : "(null)");
}

static void test_range_rejects(void **state)
{
    (void)state;
    expect_bad_range(NULL);
    expect_bad_range("");
    expect_bad_range("1G:4K"); /* MIN > MAX */
    expect_bad_range("4097:4K");
    expect_bad_range(":4K");
    expect_bad_range("4K:");
    expect_bad_range(":");
    expect_bad_range("4K:8K:16K");
    expect_bad_range("4K-8K");
    expect_bad_range("4K..8K");
    expect_bad_range("abc:8K");
    expect_bad_range("4K:abc");
    expect_bad_range("0:8K");
    expect_bad_range("4K:0");
    expect_bad_range("4K:8K junk");
    expect_bad_range("4K:16777216T");
    expect_bad_range("0");
}

static void expect_format(uint64_t bytes, const char *want)
{
    char buf[32];
    const char *got = rfl_format_size(bytes, buf, sizeof buf);
    assert_ptr_equal(got, buf);
    if (strcmp(got, want) != 0)
        fail_msg("rfl_format_size(%llu) = \"%s\", expected \"%s\"", (unsigned long long)bytes, got, want);
}

static void test_format(void **state)
{
    (void)state;
    expect_format(0, "0B");
    expect_format(100, "100B");
    expect_format(1023, "1023B");
    expect_format(1024, "1K");
    expect_format(1536, "1.5K");
    expect_format(65536, "64K");
    expect_format(MIB, "1M");
    expect_format(1610612736ull, "1.5G");
    expect_format(3 * GIB, "3G");
    expect_format(TIB, "1T");
    expect_format(2048 * TIB, "2048T"); /* T is the largest unit */
}

/* What rfl_format_size writes, rfl_parse_size reads back (when exact). */
static void test_format_round_trip(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {1, 4096, 65536, 1536, 3 * MIB / 2, 48 * KIB, 32 * MIB, GIB / 2 * 3, 5 * TIB};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char buf[32];
        uint64_t back = 0;
        rfl_format_size(sizes[i], buf, sizeof buf);
        if (rfl_parse_size(buf, &back) != 0 || back != sizes[i])
            fail_msg("%llu formats as \"%s\", which parses back as %llu", (unsigned long long)sizes[i], buf,
                     (unsigned long long)back);
    }
}

static void test_format_small_buffer(void **state)
{
    (void)state;
    char buf[4];
    memset(buf, 'x', sizeof buf);
    rfl_format_size(1610612736ull, buf, sizeof buf); /* "1.5G" needs 5 bytes */
    assert_int_equal(buf[3], '\0');
    assert_string_equal(buf, "1.5");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_plain_bytes),
    cmocka_unit_test(test_suffixes),
    cmocka_unit_test(test_lower_case),
    cmocka_unit_test(test_decimals),
    cmocka_unit_test(test_decimals_ignore_locale),
    cmocka_unit_test(test_rejects_garbage),
    cmocka_unit_test(test_rejects_zero),
    cmocka_unit_test(test_rejects_overflow),
    cmocka_unit_test(test_range),
    cmocka_unit_test(test_range_single_value),
    cmocka_unit_test(test_range_rejects),
    cmocka_unit_test(test_format),
    cmocka_unit_test(test_format_round_trip),
    cmocka_unit_test(test_format_small_buffer),
};

RFL_TEST_MPI_MAIN(tests, NULL, NULL, NULL)
