/* The grouping of rfl_flops's FMA-unit probe (flops/smt_probe.c) from
 * synthetic pair ratios: the common sibling layouts (none, adjacent, halves,
 * 4-way), a job that uses only part of a machine, ratios near the
 * threshold and unmeasured pairs, a layout that breaks the first CPU's
 * pattern (every candidate pair is confirmed by its own test), O(n) pair
 * tests; and the count of sets of FMA units per thread count. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "flops/smt_probe.h"

#define MAXN 64

/* A machine: the physical core of each CPU position; pairs on one core
 * measure `shared`, others `separate`. */
struct machine {
    int core[MAXN];
    double shared, separate;
    size_t calls;
    int asked[MAXN][MAXN];
};

static double ratio(void *ctx, size_t a, size_t b)
{
    struct machine *m = ctx;
    assert_true(a < b);
    assert_false(m->asked[a][b]); /* no pair twice */
    m->asked[a][b] = 1;
    m->calls++;
    return m->core[a] == m->core[b] ? m->shared : m->separate;
}

static struct machine make(size_t n, int (*core_of)(size_t i, size_t n))
{
    struct machine m;
    memset(&m, 0, sizeof m);
    m.shared = 1.02;
    m.separate = 1.98;
    for (size_t i = 0; i < n; i++)
        m.core[i] = core_of(i, n);
    return m;
}

static int own_core(size_t i, size_t n) { (void)n; return (int)i; }
static int halves(size_t i, size_t n) { return (int)(i % (n / 2)); }
static int adjacent(size_t i, size_t n) { (void)n; return (int)(i / 2); }
static int four_way(size_t i, size_t n) { return (int)(i % (n / 4)); }

/* The groups match the machine's cores exactly (same core <=> same group). */
static void expect_groups(const struct machine *m, const int *group, size_t n, size_t groups, size_t want_groups)
{
    assert_int_equal(groups, want_groups);
    for (size_t a = 0; a < n; a++) {
        assert_true(group[a] >= 0 && (size_t)group[a] < groups);
        for (size_t b = 0; b < n; b++)
            if ((m->core[a] == m->core[b]) != (group[a] == group[b]))
                fail_msg("CPUs %zu and %zu: cores %d, %d but groups %d, %d", a, b, m->core[a], m->core[b], group[a],
                         group[b]);
    }
}

static void test_layouts(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int (*core_of)(size_t, size_t);
        size_t n, groups, tests;
    } cases[] = {
        {"no siblings", own_core, 16, 16, 15},
        {"halves (i, i + n/2): Linux, most hypervisors", halves, 16, 8, 15 + 7},
        {"adjacent (2i, 2i + 1)", adjacent, 16, 8, 15 + 7},
        {"4-way (i, i + n/4, ...)", four_way, 16, 4, 15 + 3 * 3},
        {"halves, 64 CPUs", halves, 64, 32, 63 + 31},
        {"two CPUs, siblings", adjacent, 2, 1, 1},
        {"two CPUs, two cores", own_core, 2, 2, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct machine m = make(cases[i].n, cases[i].core_of);
        int group[MAXN];
        size_t tests = 0;
        size_t g = rfl_fl_smt_group(cases[i].n, ratio, &m, group, &tests);
        print_message("%s: %zu CPUs, %zu sets, %zu pair tests\n", cases[i].name, cases[i].n, g, tests);
        expect_groups(&m, group, cases[i].n, g, cases[i].groups);
        assert_int_equal(tests, cases[i].tests);
        assert_int_equal(tests, m.calls);
        assert_true(tests <= 2 * cases[i].n); /* O(n), not O(n^2) */
    }
}

static void test_edges(void **state)
{
    (void)state;
    int group[MAXN];
    size_t tests = 99;
    struct machine m = make(1, own_core);
    assert_int_equal(rfl_fl_smt_group(0, ratio, &m, group, &tests), 0);
    assert_int_equal(tests, 0);
    assert_int_equal(rfl_fl_smt_group(1, ratio, &m, group, &tests), 1);
    assert_int_equal(tests, 0);
    assert_int_equal(group[0], 0);
    assert_int_equal(m.calls, 0);

    /* The threshold sits between 1 (siblings) and 2 (two cores); an
     * unmeasured pair (NaN: the probe was stopped) is not shared. */
    assert_true(rfl_fl_smt_shared(1.0));
    assert_true(rfl_fl_smt_shared(1.35));
    assert_false(rfl_fl_smt_shared(1.5));
    assert_false(rfl_fl_smt_shared(2.0));
    assert_false(rfl_fl_smt_shared(NAN));
    m = make(8, halves);
    m.shared = 1.3;
    m.separate = 1.55;
    size_t g = rfl_fl_smt_group(8, ratio, &m, group, &tests);
    expect_groups(&m, group, 8, g, 4);
    m = make(8, halves);
    m.shared = NAN;
    g = rfl_fl_smt_group(8, ratio, &m, group, &tests);
    assert_int_equal(g, 8);
}

/* The job uses CPUs 0-7 of a 16-CPU machine whose siblings are i and i+8:
 * no two of its CPUs share, so it has 8 sets. */
static int lower_half_of_16(size_t i, size_t n) { (void)n; return (int)(i % 8); }

/* CPU 0's sibling is 4, but CPU 1 has none at 5: the offset is a candidate,
 * each pair is tested, and 1 and 5 stay apart. */
static int irregular(size_t i, size_t n)
{
    (void)n;
    static const int core[8] = {0, 1, 2, 3, 0, 5, 2, 3};
    return core[i];
}

static void test_partial_and_irregular(void **state)
{
    (void)state;
    int group[MAXN];
    size_t tests;
    struct machine m = make(8, lower_half_of_16);
    size_t g = rfl_fl_smt_group(8, ratio, &m, group, &tests);
    expect_groups(&m, group, 8, g, 8);
    m = make(8, irregular);
    g = rfl_fl_smt_group(8, ratio, &m, group, &tests);
    expect_groups(&m, group, 8, g, 5);
    assert_true(m.asked[1][5] && m.asked[2][6] && m.asked[3][7]);
}

/* Sets of FMA units per thread count: 2 ranks x 4 threads; rank 0's threads
 * 0 and 2 are siblings, so are 1 and 3; rank 1 likewise on other cores. */
static void test_units(void **state)
{
    (void)state;
    int group[8] = {0, 1, 0, 1, 2, 3, 2, 3};
    struct rfl_fl_smt s;
    memset(&s, 0, sizeof s);
    s.ranks = 2;
    s.threads = 4;
    assert_int_equal(rfl_fl_smt_units(&s, 4), -1); /* nothing known */
    s.group = group;
    assert_int_equal(rfl_fl_smt_units(&s, 1), 2);
    assert_int_equal(rfl_fl_smt_units(&s, 2), 4);
    assert_int_equal(rfl_fl_smt_units(&s, 3), 4);
    assert_int_equal(rfl_fl_smt_units(&s, 4), 4);
    assert_int_equal(rfl_fl_smt_units(&s, 99), 4);
    assert_int_equal(rfl_fl_smt_units(&s, 0), -1);
    /* Ranks that share sets (rank 1's threads are siblings of rank 0's). */
    int shared[8] = {0, 1, 2, 3, 0, 1, 2, 3};
    s.group = shared;
    assert_int_equal(rfl_fl_smt_units(&s, 4), 4);
    assert_int_equal(rfl_fl_smt_units(&s, 1), 1);
    int unknown[8] = {0, 1, -1, 3, 4, 5, 6, 7};
    s.group = unknown;
    assert_int_equal(rfl_fl_smt_units(&s, 4), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_partial_and_irregular),
        cmocka_unit_test(test_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
