/* Summary statistics of repeated samples (common/stats.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "common/mpi_shim.h"
#include "common/stats.h"
#include "tests/unit/check.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Every value here is exact in binary, so the comparisons are equalities. */
static void expect_stats(const struct rfl_stats *s, size_t count, double min, double median, double max,
                         double mean)
{
    assert_int_equal(s->count, count);
    if (s->min != min || s->median != median || s->max != max || s->mean != mean)
        fail_msg("min/median/max/mean = %g/%g/%g/%g, expected %g/%g/%g/%g", s->min, s->median, s->max,
                 s->mean, min, median, max, mean);
}

static void test_odd_count(void **state)
{
    (void)state;
    double v[] = {1, 2, 3, 4, 5};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 5, 1, 3, 5, 3);
}

static void test_even_count(void **state)
{
    (void)state;
    double v[] = {1, 2, 4, 8};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 4, 1, 3, 8, 3.75); /* median: mean of the two middle values */
}

static void test_two_values(void **state)
{
    (void)state;
    double v[] = {0.5, 0.25};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 2, 0.25, 0.375, 0.5, 0.375);
}

static void test_unsorted(void **state)
{
    (void)state;
    double v[] = {9, 1, 7, 3, 5, 8, 2};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 7, 1, 5, 9, 5);
    /* Documented: the values are sorted in place. */
    for (size_t i = 1; i < N_OF(v); i++)
        assert_true(v[i - 1] <= v[i]);
}

static void test_unsorted_even(void **state)
{
    (void)state;
    double v[] = {0.004, 0.001, 0.003, 0.002};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    assert_true(s.min == 0.001 && s.max == 0.004);
    assert_true(fabs(s.median - 0.0025) < 1e-15);
    assert_true(fabs(s.mean - 0.0025) < 1e-15);
}

static void test_duplicates(void **state)
{
    (void)state;
    double v[] = {2, 2, 1, 2, 2, 7};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 6, 1, 2, 7, 16.0 / 6.0);

    double same[] = {4, 4, 4};
    assert_int_equal(rfl_stats_compute(same, N_OF(same), &s), 0);
    expect_stats(&s, 3, 4, 4, 4, 4);
}

static void test_one_element(void **state)
{
    (void)state;
    double v[] = {0.125};
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, 1, &s), 0);
    expect_stats(&s, 1, 0.125, 0.125, 0.125, 0.125);
}

static void test_zero_elements(void **state)
{
    (void)state;
    double v[] = {42};
    struct rfl_stats s;
    memset(&s, 0x5a, sizeof s);
    assert_int_equal(rfl_stats_compute(v, 0, &s), -1);
    /* Documented: *out is left zeroed. */
    assert_int_equal(s.count, 0);
    assert_true(s.min == 0 && s.median == 0 && s.max == 0 && s.mean == 0);
    assert_true(v[0] == 42);
    assert_int_equal(rfl_stats_compute(NULL, 0, &s), -1);
}

static void test_many_samples(void **state)
{
    (void)state;
    /* 1000 samples (the most --experiments allows), in reverse order. */
    double v[1000];
    for (size_t i = 0; i < N_OF(v); i++)
        v[i] = (double)(N_OF(v) - i);
    struct rfl_stats s;
    assert_int_equal(rfl_stats_compute(v, N_OF(v), &s), 0);
    expect_stats(&s, 1000, 1, 500.5, 1000, 500.5);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_odd_count),     cmocka_unit_test(test_even_count),
    cmocka_unit_test(test_two_values),    cmocka_unit_test(test_unsorted),
    cmocka_unit_test(test_unsorted_even), cmocka_unit_test(test_duplicates),
    cmocka_unit_test(test_one_element),   cmocka_unit_test(test_zero_elements),
    cmocka_unit_test(test_many_samples),
};

RFL_TEST_MPI_MAIN(tests, NULL, NULL, NULL)
