/* The hypervisor's share (common/steal.h): /proc/stat's aggregate line
 * parsed with and without its steal field, other lines refused, and the
 * share between two readings; a reading that failed or went backwards
 * gives NaN, never a number. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "common/steal.h"

static void parses(void **state)
{
    (void)state;
    struct rfl_cpu_times t;
    assert_int_equal(rfl_cpu_times_parse("cpu  100 0 50 800 10 0 5 35 0 0\n", &t), 0);
    assert_true(t.ok);
    assert_int_equal(t.total, 1000);
    assert_int_equal(t.steal, 35);
    /* An old kernel: no steal field. */
    assert_int_equal(rfl_cpu_times_parse("cpu  100 0 50 800 10 0 5\n", &t), 0);
    assert_int_equal(t.steal, 0);
    assert_int_equal(t.total, 965);
    /* One CPU's line, or garbage, is not the aggregate. */
    assert_int_equal(rfl_cpu_times_parse("cpu0 100 0 50 800 10 0 5 35\n", &t), -1);
    assert_false(t.ok);
    assert_int_equal(rfl_cpu_times_parse("intr 12345\n", &t), -1);
    assert_int_equal(rfl_cpu_times_parse("cpu  x\n", &t), -1);
}

static void share(void **state)
{
    (void)state;
    struct rfl_cpu_times a, b;
    rfl_cpu_times_parse("cpu  100 0 50 800 10 0 5 35\n", &a);
    rfl_cpu_times_parse("cpu  300 0 50 1000 10 0 5 435\n", &b);
    assert_true(fabs(rfl_cpu_steal_percent(a, b) - 50.0) < 1e-9);
    assert_true(isnan(rfl_cpu_steal_percent(b, a)));
    assert_true(isnan(rfl_cpu_steal_percent(a, a)));
    struct rfl_cpu_times failed = {0, 0, 0};
    assert_true(isnan(rfl_cpu_steal_percent(failed, b)));
    /* This machine's own counters read, where it has them. */
    struct rfl_cpu_times now = rfl_cpu_times_now();
    if (now.ok)
        assert_true(now.total > 0 && now.steal <= now.total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(parses), cmocka_unit_test(share)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
