/* The memory plateau rule (common/plateau.h) on synthetic curves: a clean
 * step, a shoulder that must not be counted, a noisy plateau, a curve that
 * never flattens, a last cache as fast as memory, a reported size that is
 * too large, points not run; and the labels and size agreement built on it. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "common/plateau.h"

#define MIB (1024.0 * 1024.0)
#define MAXN 64

/* x from 1 MiB by sqrt(2): 1, 1.41, 2, 2.83, 4, 5.66, 8, 11.3, 16, ... MiB
 * (the even points exact powers of two, so "<= 8 MiB" means what it says) */
static size_t axis(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = ldexp(i % 2 ? M_SQRT2 : 1.0, (int)(i / 2)) * MIB;
    return n;
}

/* The LLC (8 MiB) at 100, memory at 25: a clean step right past the LLC. */
static void test_clean_step(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN], s[MAXN];
    size_t n = axis(x, 16); /* to 181 MiB */
    for (size_t i = 0; i < n; i++) {
        y[i] = x[i] <= 8 * MIB ? 100 : 25;
        s[i] = 0.01;
    }
    struct rfl_plateau p;
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.first, 7); /* 11.3 MiB: the first point past the LLC */
    assert_int_equal(p.last, n - 1);
    assert_int_equal(p.points, n - 7);
    assert_true(p.confirmed);
    assert_true(p.measured);
    assert_int_equal(p.memory_first, 7);
    assert_true(y[p.best] == 25);
    assert_true(rfl_plateau_memory_from(&p, x, n) == x[7]);
    /* the step: between 8 and 11.3 MiB, which 8 MiB agrees with */
    assert_true(fabs(p.step - sqrt(x[6] * x[7])) < 1);
    assert_true(rfl_plateau_size_agrees(8 * MIB, p.step));
}

/* Past the LLC the cache still serves part of the data for three points
 * (40, 32, 27): none of them is memory, and memory's best is on the flat
 * part. The EPYC guest's table called 40.2 at 10.6 MiB "DRAM". */
static void test_shoulder_not_counted(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN], s[MAXN];
    size_t n = axis(x, 18);
    for (size_t i = 0; i < n; i++) {
        y[i] = x[i] <= 8 * MIB ? 42 : 23.5 + (i % 2) * 0.3;
        s[i] = 0.01;
    }
    y[7] = 40.2, y[8] = 32, y[9] = 27;
    struct rfl_plateau p;
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.first, 10);
    assert_int_equal(p.memory_first, 10);
    assert_true(p.confirmed && p.measured);
    assert_true(y[p.best] < 24);
    /* the steepest fall (40.2 to 32) is the step: it confirms 8 MiB, not 64 */
    assert_true(fabs(p.step - sqrt(x[7] * x[8])) < 1);
    assert_true(rfl_plateau_size_agrees(8 * MIB, p.step));
    assert_false(rfl_plateau_size_agrees(64 * MIB, p.step));
    /* labels: the shoulder is the last cache's (level 1 of 2 caches), never memory */
    const double cap[2] = {1 * MIB, 8 * MIB};
    double from = rfl_plateau_memory_from(&p, x, n);
    for (size_t i = 0; i < n; i++) {
        unsigned l = rfl_plateau_level_of(x[i], cap, 2, from);
        if (i >= 7 && i < 10)
            assert_int_equal(l, 1);
        if (i >= 10)
            assert_int_equal(l, 2);
    }
    /* by capacity alone the shoulder would be memory */
    assert_int_equal(rfl_plateau_level_of(x[7], cap, 2, 0), 2);
}

/* Memory read on a busy machine: best rates scatter by +-8% but each
 * point's median is well below its best (spread 20%): they agree within
 * their noise. The same bests with quiet samples do not. */
static void test_noisy_plateau(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN], s[MAXN];
    size_t n = axis(x, 16);
    static const double jitter[] = {1.0, 0.92, 1.08, 0.95, 1.05, 0.93, 1.07, 1.0};
    for (size_t i = 0; i < n; i++) {
        y[i] = x[i] <= 8 * MIB ? 100 : 25 * jitter[i % 8];
        s[i] = x[i] <= 8 * MIB ? 0.01 : 0.2;
    }
    struct rfl_plateau p;
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.first, 7);
    assert_true(p.confirmed);
    for (size_t i = 0; i < n; i++)
        s[i] = 0.005;
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p);
    assert_true(p.first > 7);
    assert_true(p.points < n - 7);
}

/* A non-temporal kernel streams to memory at every size: flat through the
 * cache. Its flat stretch in the cache confirms nothing: memory begins past
 * the LLC, or past the run's measured transition (another curve's step)
 * when that lies further, and must hold two octaves from there. On an H100
 * host copy_nt read 352 GB/s flat from 119 to 336 MiB of a 300 MiB L3
 * (whose curves with a step ended it at 473 MiB), where memory read 146. */
static void test_flat_through_cache(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN], s[MAXN];
    size_t n = axis(x, 14); /* to 90.5 MiB */
    for (size_t i = 0; i < n; i++) {
        y[i] = 100;
        s[i] = 0.01;
    }
    struct rfl_plateau p;
    rfl_plateau_find(x, y, s, 11, 8 * MIB, 1 * MIB, &p); /* to 32 MiB: 11.3 to 32 past the LLC */
    assert_false(p.measured);
    assert_int_equal(p.memory_first, 7);
    assert_false(p.confirmed);
    assert_true(rfl_plateau_measured_end(&p, x, 11) == 0);
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p); /* to 90.5 MiB: two octaves past 11.3 */
    assert_true(p.confirmed);
    /* another curve's transition ended at 22.6 MiB: memory past it, not confirmed yet */
    rfl_plateau_find(x, y, s, n, x[9], 1 * MIB, &p);
    assert_int_equal(p.memory_first, 10);
    assert_false(p.confirmed);
    /* a curve with its own step gives where its transition ended */
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] <= 16 * MIB ? 100 : 25;
    rfl_plateau_find(x, y, s, n, 8 * MIB, 1 * MIB, &p);
    assert_true(p.measured);
    assert_true(rfl_plateau_measured_end(&p, x, n) == x[9]);
}

/* A curve still falling where the sweep ends: its tail is one or two
 * points, never confirmed; what memory there is comes from them. */
static void test_never_flattens(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN];
    size_t n = axis(x, 16);
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] <= 8 * MIB ? 100 : 100 * pow(0.85, (double)(i - 6));
    struct rfl_plateau p;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_false(p.confirmed);
    assert_int_equal(p.last, n - 1);
    assert_true(p.points <= 2);
    assert_int_equal(p.memory_first, p.first);
    /* three flat points over less than two octaves are not enough either */
    for (size_t i = n - 3; i < n; i++)
        y[i] = 20;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.points, 3);
    assert_false(p.confirmed); /* x[last] / x[first] = 2 */
}

/* The last cache as fast as memory: the tail plateau begins right past
 * the inner cache; memory begins past the last cache's capacity. */
static void test_no_step_at_llc(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN];
    size_t n = axis(x, 16);
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] <= 1 * MIB ? 200 : 50;
    struct rfl_plateau p;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.first, 1);
    assert_true(p.confirmed);
    assert_false(p.measured);
    assert_true(p.step == 0); /* no step of the last cache's own */
    assert_int_equal(p.memory_first, 7); /* the first point past 8 MiB */
    /* a flat curve: no step at all */
    for (size_t i = 0; i < n; i++)
        y[i] = 60;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.first, 0);
    assert_false(p.measured);
    assert_int_equal(p.memory_first, 7);
    /* no cache known: the tail plateau is memory's */
    rfl_plateau_find(x, y, NULL, n, 0, 0, &p);
    assert_int_equal(p.memory_first, 0);
}

/* The reported LLC (64 MiB) is larger than the real one (8 MiB): the step
 * is measured at 8 MiB, and memory begins there, below the reported size;
 * a sweep that never passes the reported size has no memory point. */
static void test_reported_size_too_large(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN];
    size_t n = axis(x, 20); /* to 724 MiB */
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] <= 8 * MIB ? 100 : 25;
    struct rfl_plateau p;
    rfl_plateau_find(x, y, NULL, n, 64 * MIB, 1 * MIB, &p);
    assert_true(p.measured && p.confirmed);
    assert_int_equal(p.memory_first, 7);
    const double cap[2] = {1 * MIB, 64 * MIB};
    assert_int_equal(rfl_plateau_level_of(16 * MIB, cap, 2, rfl_plateau_memory_from(&p, x, n)), 2);
    rfl_plateau_find(x, y, NULL, 13, 64 * MIB, 1 * MIB, &p); /* ends at 64 MiB */
    assert_int_equal(p.memory_first, 13);
    /* where memory would begin at the earliest: none of its points is memory */
    assert_true(rfl_plateau_memory_from(&p, x, 13) == 64 * MIB);
    assert_int_equal(rfl_plateau_level_of(x[11], cap, 2, rfl_plateau_memory_from(&p, x, 13)), 1);
}

/* Points not run (rate 0: a budget's stride) neither count nor break it. */
static void test_points_not_run(void **state)
{
    (void)state;
    double x[MAXN], y[MAXN];
    size_t n = axis(x, 16);
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] <= 8 * MIB ? 100 : i % 2 ? 0 : 25;
    y[n - 1] = 0;
    struct rfl_plateau p;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.last, n - 2);
    assert_int_equal(p.first, 8);
    assert_int_equal(p.points, 4);
    assert_true(p.confirmed);
    /* nothing run */
    for (size_t i = 0; i < n; i++)
        y[i] = 0;
    rfl_plateau_find(x, y, NULL, n, 8 * MIB, 1 * MIB, &p);
    assert_int_equal(p.points, 0);
    assert_int_equal(p.memory_first, n);
    assert_int_equal(p.best, n);
}

static void test_size_agrees(void **state)
{
    (void)state;
    assert_true(rfl_plateau_size_agrees(8 * MIB, 16 * MIB));
    assert_true(rfl_plateau_size_agrees(8 * MIB, 8 * MIB));
    assert_true(rfl_plateau_size_agrees(8 * MIB, 5.66 * MIB)); /* a --quick step below it */
    assert_true(rfl_plateau_size_agrees(8 * MIB, 20 * MIB));   /* adaptive replacement, 2.5 x */
    assert_false(rfl_plateau_size_agrees(64 * MIB, 16 * MIB)); /* well below the size */
    assert_false(rfl_plateau_size_agrees(8 * MIB, 5 * MIB));
    assert_false(rfl_plateau_size_agrees(8 * MIB, 32 * MIB)); /* far past it */
    assert_false(rfl_plateau_size_agrees(0, 16 * MIB));
    /* sizes 2 x apart, a step between them at sqrt(2) resolution: one agrees */
    assert_true(rfl_plateau_size_agrees(16 * MIB, 19 * MIB) && !rfl_plateau_size_agrees(32 * MIB, 19 * MIB));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_step),         cmocka_unit_test(test_shoulder_not_counted),
        cmocka_unit_test(test_noisy_plateau),      cmocka_unit_test(test_never_flattens), cmocka_unit_test(test_flat_through_cache),
        cmocka_unit_test(test_no_step_at_llc),     cmocka_unit_test(test_reported_size_too_large),
        cmocka_unit_test(test_points_not_run),     cmocka_unit_test(test_size_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
