/* The spread of a ceiling (ceilings/spread.h) on synthetic plateaus: the
 * typical rate is the median of the points' median samples, the high end
 * the ceiling; points without a median count with their best rate; one
 * point without a median is unknown; the top plateau of a flops sweep stops
 * at the first point more than 10% below the best; the words and the
 * threshold the report uses. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ceilings/model.h"
#include "ceilings/spread.h"

static struct rfl_ceiling ceiling(double value)
{
    struct rfl_ceiling c;
    memset(&c, 0, sizeof c);
    c.value = value;
    c.value_low = c.value_high = NAN;
    return c;
}

/* What rfl_spread_set made of a plateau: its low and high ends, the points
 * and samples behind them, the spread in percent, and the verdict. */
static void expect_spread(const struct rfl_ceiling *c, double low, double high, size_t points, uint64_t samples,
                          double spread, int noisy)
{
    assert_float_equal(c->value_low, low, 1e-12);
    assert_float_equal(c->value_high, high, 1e-12);
    assert_int_equal(c->spread_points, points);
    assert_int_equal(c->samples, samples);
    assert_float_equal(rfl_ceiling_spread(c), spread, 1e-12);
    assert_int_equal(rfl_ceiling_noisy(c) != 0, noisy);
}

static void test_plateau_medians(void **state)
{
    (void)state;
    /* Five working sets on a plateau: the best 100, each point's median below its best. */
    const double best[] = {90, 100, 98, 99, 97, 100, 40};
    const double median[] = {88, 96, 95, 97, 94, 96, 39};
    const long samples[] = {5, 5, 5, 5, 5, 5, 5};
    struct rfl_ceiling c = ceiling(100);
    rfl_spread_set(&c, best, median, samples, 1, 5);
    expect_spread(&c, 96, 100, 5, 25, 2.0, 0); /* the low end: median of 96 95 97 94 96 */
}

static void test_even_count_and_no_medians(void **state)
{
    (void)state;
    /* No median column: the points' best rates are the typical ones; an
     * even count takes the mean of the middle two. */
    const double best[] = {80, 100, 90, 70};
    struct rfl_ceiling c = ceiling(100);
    rfl_spread_set(&c, best, NULL, NULL, 0, 3);
    expect_spread(&c, 85, 100, 4, 0, 7.5, 1);
}

static void test_missing_medians_use_best(void **state)
{
    (void)state;
    const double best[] = {100, 90, 95};
    const double median[] = {NAN, 80, NAN};
    const long samples[] = {3, 0, 4};
    struct rfl_ceiling c = ceiling(100);
    rfl_spread_set(&c, best, median, samples, 0, 2);
    assert_float_equal(c.value_low, 95, 1e-12); /* median of 100 80 95 */
    assert_int_equal(c.samples, 7);
}

static void test_one_point(void **state)
{
    (void)state;
    const double best[] = {200};
    const double median[] = {196};
    const long samples[] = {3};
    struct rfl_ceiling c = ceiling(200);
    rfl_spread_set(&c, best, median, samples, 0, 0);
    assert_float_equal(c.value_low, 196, 1e-12);
    assert_float_equal(rfl_ceiling_spread(&c), 1.0, 1e-12);
    assert_int_equal(c.spread_points, 1);
    /* One rate, nothing repeated: unknown, not "0%". */
    struct rfl_ceiling d = ceiling(200);
    rfl_spread_set(&d, best, NULL, samples, 0, 0);
    assert_true(isnan(d.value_low) && isnan(d.value_high));
    assert_true(isnan(rfl_ceiling_spread(&d)));
    assert_int_equal(d.spread_points, 0);
    assert_false(rfl_ceiling_noisy(&d));
    char buf[32];
    assert_string_equal(rfl_spread_text(buf, sizeof buf, &d), "");
    assert_string_equal(rfl_spread_words(buf, sizeof buf, &d), "-");
}

static void test_bounds(void **state)
{
    (void)state;
    /* The high end is never below the value, the low end never above it. */
    const double best[] = {100, 104};
    const double median[] = {120, 130};
    struct rfl_ceiling c = ceiling(100);
    rfl_spread_set(&c, best, median, NULL, 0, 1);
    assert_float_equal(c.value_high, 104, 1e-12);
    assert_true(c.value_low <= c.value_high);
    /* No points, a reversed range, or no value: unknown. */
    struct rfl_ceiling d = ceiling(100);
    rfl_spread_set(&d, best, median, NULL, 1, 0);
    assert_true(isnan(rfl_ceiling_spread(&d)));
    struct rfl_ceiling e = ceiling(0);
    rfl_spread_set(&e, best, median, NULL, 0, 1);
    assert_true(isnan(rfl_ceiling_spread(&e)));
}

static void test_top_plateau(void **state)
{
    (void)state;
    /* A flops sweep: memory-bound, rising, the top plateau, a dip, a point up again. */
    const double y[] = {10, 50, 95, 100, 97, 60, 99};
    size_t first, last;
    rfl_spread_top_plateau(y, 7, 3, &first, &last);
    assert_int_equal(first, 2);
    assert_int_equal(last, 4);
    /* 91 is within 10% of 100 (100 / 1.1 = 90.9), 90 is not. */
    const double z[] = {90, 91, 100};
    rfl_spread_top_plateau(z, 3, 2, &first, &last);
    assert_int_equal(first, 1);
    assert_int_equal(last, 2);
    rfl_spread_top_plateau(z, 3, 0, &first, &last);
    assert_int_equal(first, 0);
    assert_int_equal(last, 2);
    /* A GPU compute roof (RFL_SPREAD_GPU_COMPUTE_PLATEAU, 5%): --quick's ramp point at 91.7% of
     * the best (FP32 on the H200: 60060 before 65515) is not on it, one at 96% is. */
    const double g[] = {60060, 65515};
    rfl_spread_top_plateau_within(g, 2, 1, RFL_SPREAD_GPU_COMPUTE_PLATEAU, &first, &last);
    assert_int_equal(first, 1);
    const double h[] = {62900, 65515};
    rfl_spread_top_plateau_within(h, 2, 1, RFL_SPREAD_GPU_COMPUTE_PLATEAU, &first, &last);
    assert_int_equal(first, 0);
}

static void test_words(void **state)
{
    (void)state;
    char buf[96];
    struct rfl_ceiling c = ceiling(100);
    c.value_low = 90, c.value_high = 100, c.spread_points = 7, c.samples = 35;
    assert_string_equal(rfl_spread_text(buf, sizeof buf, &c), "median 90.0");
    assert_false(rfl_ceiling_noisy(&c)); /* 5% is the threshold, not above it */
    assert_string_equal(rfl_spread_words(buf, sizeof buf, &c), "median 90.0, 90% of best (7 points, 35 samples)");
    c.value_low = 76;
    assert_true(rfl_ceiling_noisy(&c));
    assert_string_equal(rfl_spread_words(buf, sizeof buf, &c), "noisy: median 76.0, 76% of best (7 points, 35 samples)");
    c.value_low = 99.8, c.spread_points = 1, c.samples = 0;
    assert_string_equal(rfl_spread_words(buf, sizeof buf, &c), "median 99.8, 100% of best (1 point)");
    c.value = 2000, c.value_low = 1234.4, c.value_high = 2000;
    assert_string_equal(rfl_spread_text(buf, sizeof buf, &c), "median 1234");
    c.value = 2, c.value_low = 1.5, c.value_high = 2;
    assert_string_equal(rfl_spread_text(buf, sizeof buf, &c), "median 1.50");
    c.value_low = NAN;
    assert_string_equal(rfl_spread_text(buf, sizeof buf, &c), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plateau_medians), cmocka_unit_test(test_even_count_and_no_medians),
        cmocka_unit_test(test_missing_medians_use_best), cmocka_unit_test(test_one_point),
        cmocka_unit_test(test_bounds), cmocka_unit_test(test_top_plateau), cmocka_unit_test(test_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
