/* The thread-balance statistic of the CPU sweeps (cpu/balance.c) from
 * synthetic busy times: one point's slowest-over-median ratio (even and odd
 * counts, threads that did not run), the run's fold over points (two
 * siblings at half rate in every point: flagged, those two named; a quiet
 * run; a few unbalanced points; a thread slow once), and the sidecar object
 * and its verdict, with the cause the on-CPU shares name (off its CPU, on
 * it throughout, unknown). */
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

#include "cpu/balance.h"

#define N 16

static void test_point_ratio(void **state)
{
    (void)state;
    double busy[N], rel[N];
    for (int i = 0; i < N; i++)
        busy[i] = 1.0 + 0.001 * i;
    assert_true(fabs(rfl_balance_point_ratio(busy, N, rel) - busy[7] / busy[15]) < 1e-12);
    /* two of sixteen at twice the time: half the median's rate */
    busy[3] = busy[11] = 2.0;
    double r = rfl_balance_point_ratio(busy, N, rel);
    assert_true(r > 0.49 && r < 0.51);
    assert_true(rel[3] < 0.51 && rel[11] < 0.51);
    assert_true(rel[0] > 0.99 && rel[15] > 0.99);
    /* two threads: the slower against the faster, not their mean */
    double two[2] = {1.0, 2.0};
    assert_true(fabs(rfl_balance_point_ratio(two, 2, NULL) - 0.5) < 1e-12);
    /* three: the middle one */
    double three[3] = {3.0, 1.0, 2.0};
    assert_true(fabs(rfl_balance_point_ratio(three, 3, rel) - 2.0 / 3.0) < 1e-12);
    assert_true(fabs(rel[1] - 2.0) < 1e-12);
    /* threads that did not run are left out */
    double part[4] = {1.0, NAN, 2.0, 0.0};
    assert_true(fabs(rfl_balance_point_ratio(part, 4, rel) - 0.5) < 1e-12);
    assert_true(isnan(rel[1]) && isnan(rel[3]));
    /* fewer than two threads: no figure */
    double one[3] = {1.0, NAN, INFINITY};
    assert_true(isnan(rfl_balance_point_ratio(one, 3, rel)));
    assert_true(isnan(rfl_balance_point_ratio(one, 0, NULL)));
}

/* npoints points of N threads, `slow` at `factor` x the time in the first
 * `slow_points` of them, the others within 3% of each other; the slow
 * threads on their CPU `slow_on_cpu` of the time at those points, the
 * others 0.99 (NAN: no shares known). */
static void fill_on_cpu(struct rfl_balance *b, int npoints, const int *slow, int nslow, double factor,
                        int slow_points, double slow_on_cpu)
{
    for (int p = 0; p < npoints; p++) {
        double busy[N], on_cpu[N];
        for (int i = 0; i < N; i++) {
            busy[i] = 1.0 + 0.03 * ((i * 7 + p * 3) % 11) / 10.0;
            on_cpu[i] = 0.99;
        }
        for (int s = 0; s < nslow && p < slow_points; s++) {
            busy[slow[s]] *= factor;
            on_cpu[slow[s]] = slow_on_cpu;
        }
        rfl_balance_add(b, busy, isnan(slow_on_cpu) ? NULL : on_cpu);
    }
}

static void fill(struct rfl_balance *b, int npoints, const int *slow, int nslow, double factor, int slow_points)
{
    fill_on_cpu(b, npoints, slow, nslow, factor, slow_points, NAN);
}

/* A new record, filled as fill says. */
static void start_filled(struct rfl_balance *b, int npoints, const int *slow, int nslow, double factor, int slow_points)
{
    assert_int_equal(rfl_balance_init(b, N, "q"), 0);
    fill(b, npoints, slow, nslow, factor, slow_points);
}

/* The report's verdict starts with `start`. */
static void expect_verdict(json_t *o, const char *start)
{
    const char *v = json_string_value(json_object_get(o, "verdict"));
    if (!v || strncmp(v, start, strlen(start)) != 0)
        fail_msg("verdict \"%s\" does not start \"%s\"", v ? v : "(none)", start);
}

static char *labels[N];

static int make_labels(void **state)
{
    (void)state;
    for (int i = 0; i < N; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "rank0.t%d@%d", i, 2 * i);
        labels[i] = strdup(buf);
    }
    return 0;
}

static int free_labels(void **state)
{
    (void)state;
    for (int i = 0; i < N; i++)
        free(labels[i]);
    return 0;
}

static void test_siblings_flagged(void **state)
{
    (void)state;
    struct rfl_balance b;
    assert_int_equal(rfl_balance_init(&b, N, "test points"), 0);
    const int slow[2] = {3, 11};
    fill(&b, 40, slow, 2, 2.0, 40);
    double r = rfl_balance_ratio(&b);
    assert_true(r > 0.45 && r < 0.55);
    assert_true(rfl_balance_flagged(&b));
    for (int i = 0; i < N; i++)
        assert_int_equal(rfl_balance_thread_slow(&b, (size_t)i), i == 3 || i == 11);
    json_t *o = rfl_balance_to_json(&b, labels);
    assert_non_null(o);
    assert_int_equal(json_integer_value(json_object_get(o, "points")), 40);
    assert_int_equal(json_integer_value(json_object_get(o, "points_unbalanced")), 40);
    assert_string_equal(json_string_value(json_object_get(o, "points_counted")), "test points");
    json_t *st = json_object_get(o, "slow_threads");
    assert_int_equal(json_array_size(st), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(st, 0), "thread")), "rank0.t3");
    assert_string_equal(json_string_value(json_object_get(json_array_get(st, 0), "cpu")), "6");
    assert_string_equal(json_string_value(json_object_get(json_array_get(st, 1), "cpu")), "22");
    double rate = json_real_value(json_object_get(json_array_get(st, 1), "rate_over_median"));
    assert_true(rate > 0.45 && rate < 0.55);
    assert_int_equal(json_array_size(json_object_get(o, "threads")), N);
    expect_verdict(o, "unbalanced: the threads on CPUs 6, 22 ran at 0.5");
    json_decref(o);
    /* one slow thread: singular */
    rfl_balance_free(&b);
    assert_int_equal(rfl_balance_init(&b, N, "test points"), 0);
    fill(&b, 5, slow, 1, 2.0, 5);
    o = rfl_balance_to_json(&b, labels);
    expect_verdict(o, "unbalanced: the thread on CPU 6 ran at 0.");
    const char *v = json_string_value(json_object_get(o, "verdict"));
    /* no on-CPU share known: both causes named, neither chosen */
    assert_non_null(strstr(v, "CPUs shared a core (hardware threads of one core placed by the hypervisor) or other"));
    assert_true(json_is_null(json_object_get(json_array_get(json_object_get(o, "slow_threads"), 0), "on_cpu_share")));
    json_decref(o);
    rfl_balance_free(&b);
}

/* The cause from the slow threads' on-CPU share: off the CPU half the
 * time (another process; the test's planted thread sleeps so), or on it
 * throughout (a shared core, a lower clock). */
static void test_cause(void **state)
{
    (void)state;
    const int slow[2] = {3, 11};
    const struct {
        double on_cpu;
        int nslow;
        const char *says;
    } cases[] = {
        {0.5, 1, "where it was higher: it was on its CPU 50% of its busy time: other work"},
        {0.6, 2, "where it was higher: they were on their CPUs 60% of their busy time: other work"},
        {0.98, 1, "where it was higher: it was on its CPU throughout (98%): it shared its core with"},
        {0.95, 2, "where it was higher: they were on their CPUs throughout (95%): each shared its core"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct rfl_balance b;
        assert_int_equal(rfl_balance_init(&b, N, "q"), 0);
        fill_on_cpu(&b, 12, slow, cases[c].nslow, 2.0, 12, cases[c].on_cpu);
        json_t *o = rfl_balance_to_json(&b, labels);
        const char *v = json_string_value(json_object_get(o, "verdict"));
        if (!strstr(v, cases[c].says))
            fail_msg("case %zu: verdict \"%s\" lacks \"%s\"", c, v, cases[c].says);
        json_t *t = json_array_get(json_object_get(o, "slow_threads"), 0);
        assert_true(fabs(json_real_value(json_object_get(t, "on_cpu_share")) - cases[c].on_cpu) < 1e-12);
        t = json_array_get(json_object_get(o, "threads"), 0);
        assert_true(fabs(json_real_value(json_object_get(t, "on_cpu_share")) - 0.99) < 1e-12);
        json_decref(o);
        rfl_balance_free(&b);
    }
}

static void test_quiet_run(void **state)
{
    (void)state;
    struct rfl_balance b;
    start_filled(&b, 25, NULL, 0, 1.0, 0);
    assert_true(rfl_balance_ratio(&b) > 0.95);
    assert_false(rfl_balance_flagged(&b));
    json_t *o = rfl_balance_to_json(&b, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "slow_threads")), 0);
    assert_int_equal(json_integer_value(json_object_get(o, "points_unbalanced")), 0);
    expect_verdict(o, "balanced: ");
    /* without labels, threads are named by index */
    json_t *t = json_array_get(json_object_get(o, "threads"), 5);
    assert_string_equal(json_string_value(json_object_get(t, "thread")), "thread5");
    assert_string_equal(json_string_value(json_object_get(t, "cpu")), "?");
    json_decref(o);
    rfl_balance_free(&b);
}

/* A thread slow at a minority of points (another process now and then, a
 * placement that changed late): noted, not flagged, nobody named. */
static void test_some_points(void **state)
{
    (void)state;
    const int slow[1] = {5};
    struct rfl_balance b;
    start_filled(&b, 10, slow, 1, 2.0, 3);
    assert_false(rfl_balance_flagged(&b));
    assert_false(rfl_balance_thread_slow(&b, 5));
    json_t *o = rfl_balance_to_json(&b, labels);
    assert_int_equal(json_integer_value(json_object_get(o, "points_unbalanced")), 3);
    assert_true(json_real_value(json_object_get(o, "slowest_over_median_min")) < 0.55);
    expect_verdict(o, "balanced at most points");
    json_decref(o);
    /* slow at half the points or more: named */
    fill(&b, 10, slow, 1, 2.0, 10);
    assert_true(rfl_balance_thread_slow(&b, 5));
    assert_true(rfl_balance_flagged(&b));
    rfl_balance_free(&b);
}

/* No point counted (one thread, or none of the kind): null figures. */
static void test_no_points(void **state)
{
    (void)state;
    struct rfl_balance b;
    assert_int_equal(rfl_balance_init(&b, N, "q"), 0);
    double busy[N];
    for (int i = 0; i < N; i++)
        busy[i] = i ? NAN : 1.0;
    rfl_balance_add(&b, busy, NULL);
    assert_int_equal(b.npoints, 0);
    assert_true(isnan(rfl_balance_ratio(&b)));
    assert_false(rfl_balance_flagged(&b));
    json_t *o = rfl_balance_to_json(&b, labels);
    assert_true(json_is_null(json_object_get(o, "slowest_over_median")));
    assert_int_equal(json_array_size(json_object_get(o, "threads")), 0);
    expect_verdict(o, "not measured");
    json_decref(o);
    rfl_balance_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_point_ratio), cmocka_unit_test(test_siblings_flagged),
        cmocka_unit_test(test_cause),     cmocka_unit_test(test_quiet_run),
        cmocka_unit_test(test_some_points), cmocka_unit_test(test_no_points),
    };
    return cmocka_run_group_tests(tests, make_labels, free_labels);
}
