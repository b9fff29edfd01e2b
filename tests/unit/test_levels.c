/* Level detection (ceilings/levels.h) on synthetic sweeps with known
 * plateaus: clean and noisy curves, fewer plateaus than caches, more
 * plateaus than levels (never an invented "L4"), outliers, gradual
 * transitions, the CPU's memory plateau (a shoulder is never DRAM; a
 * confirmed plateau sets DRAM's ceiling), sweeps that stop short, and
 * invalid input. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "ceilings/levels.h"
#include "ceilings/load.h"
#include "ceilings/model.h"

#define MAXN 128

struct curve {
    size_t n;
    double x[MAXN], y[MAXN];
    unsigned ncache;
    double cap[RFL_LEVELS_MAX_CACHE];
};

static unsigned rng_state = 12345;
/* Deterministic uniform in [-1, 1]. */
static double rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return ((rng_state >> 8) & 0xffff) / 32767.5 - 1.0;
}

static const double caps3[3] = {32768, 1048576, 8388608};
static const double bw4[4] = {500, 200, 100, 30};

/* A sweep from 4K per thread by `growth` up to `xmax`, with bandwidth
 * `bw[level]` by capacity, multiplicative noise of +-`noise`, and the first
 * point past each capacity at the geometric mean when `steps`. */
static void make(struct curve *c, unsigned ncache, const double *cap, const double *bw, double growth, double xmax,
                 double noise, int steps)
{
    memset(c, 0, sizeof *c);
    c->ncache = ncache;
    memcpy(c->cap, cap, ncache * sizeof *cap);
    struct rfl_levels_input in = {0, NULL, NULL, ncache, c->cap, 0};
    for (double x = 4096; x <= xmax * 1.0001 && c->n < MAXN; x *= growth) {
        unsigned l = rfl_levels_of(&in, x);
        double y = bw[l];
        if (steps && l > 0 && x / growth <= cap[l - 1])
            y = sqrt(bw[l - 1] * bw[l]);
        c->x[c->n] = x;
        c->y[c->n] = y * (1 + noise * rng());
        c->n++;
    }
}

static void detect(struct curve *c, struct rfl_levels *lv)
{
    struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->cap, 0};
    assert_int_equal(rfl_levels_detect(&in, lv), 0);
}

/* The usual synthetic sweep over caps3 (make), detected. The noise starts
 * from `seed`, so that no test's curve depends on the tests run before it. */
static void sweep(struct curve *c, struct rfl_levels *lv, unsigned seed, const double *bw, double growth, double xmax,
                  double noise, int steps)
{
    rng_state = seed;
    make(c, 3, caps3, bw, growth, xmax, noise, steps);
    detect(c, lv);
}

static double value(struct curve *c, struct rfl_levels *lv, unsigned level)
{
    struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->cap, 0};
    size_t best = 0, first = 0, last = 0;
    if (!rfl_levels_value(&in, lv, level, &best, &first, &last))
        return 0;
    return c->y[best];
}

static double transition(struct curve *c, struct rfl_levels *lv, unsigned level)
{
    struct rfl_levels_input in = {c->n, c->x, c->y, c->ncache, c->cap, 0};
    return rfl_levels_transition(&in, lv, level);
}

/* Every level owned by its own plateau, in order, with its own value. */
static void expect_four_levels(struct curve *c, struct rfl_levels *lv, double tolerance, double edge)
{
    for (unsigned l = 0; l < 4; l++) {
        assert_true(lv->owner[l] >= 0);
        if (l)
            assert_true(lv->owner[l] > lv->owner[l - 1]);
        double v = value(c, lv, l);
        if (fabs(v / bw4[l] - 1) > tolerance)
            fail_msg("level %u: %g, expected %g within %g", l, v, bw4[l], tolerance);
    }
    /* Detected edges near the capacities: within `edge` (a sweep step or
     * two: the transition point may join either neighbour). */
    for (unsigned l = 0; l < 3; l++) {
        double t = transition(c, lv, l);
        if (!(t > caps3[l] / edge && t < caps3[l] * edge))
            fail_msg("edge of level %u at %g, capacity %g", l, t, caps3[l]);
    }
}

static void test_clean(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    sweep(&c, &lv, 0, bw4, M_SQRT2, 256 << 20, 0, 1);
    expect_four_levels(&c, &lv, 0.001, 2.1);
    /* the transition points are not plateaus of their own */
    size_t plateaus = 0;
    for (size_t s = 0; s < lv.nseg; s++)
        plateaus += (size_t)lv.seg[s].plateau;
    assert_int_equal(plateaus, 4);
}

static void test_coarse_sweep(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    /* the noise this test had when it followed test_clean (33 points) */
    sweep(&c, &lv, 3430460382u, bw4, 2, 128 << 20, 0.02, 1);
    expect_four_levels(&c, &lv, 0.03, 3.0);
}

static void test_noisy(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 20; seed++) {
        struct curve c;
        struct rfl_levels lv;
        sweep(&c, &lv, seed * 7919u, bw4, M_SQRT2, 256 << 20, 0.08, 1);
        expect_four_levels(&c, &lv, 0.085, 2.1);
    }
}

static void test_very_noisy_big_steps(void **state)
{
    (void)state;
    static const double bw[4] = {900, 300, 100, 30};
    for (unsigned seed = 1; seed <= 10; seed++) {
        struct curve c;
        struct rfl_levels lv;
        sweep(&c, &lv, seed * 104729u, bw, M_SQRT2, 256 << 20, 0.2, 0);
        for (unsigned l = 0; l < 4; l++) {
            assert_true(lv.owner[l] >= 0);
            if (l)
                assert_true(lv.owner[l] > lv.owner[l - 1]);
        }
    }
}

/* L2 and L3 as fast as each other: one plateau names both, and no edge is
 * claimed for L2. */
static void test_fewer_plateaus_than_caches(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    sweep(&c, &lv, 99, (const double[4]){500, 150, 150, 30}, M_SQRT2, 256 << 20, 0.03, 1);
    assert_true(lv.owner[0] >= 0);
    assert_true(lv.owner[1] >= 0);
    assert_int_equal(lv.owner[1], lv.owner[2]);
    assert_true(lv.owner[3] > lv.owner[2]);
    assert_true(lv.seg[lv.owner[1]].levels == ((1u << 1) | (1u << 2)));
    assert_true(transition(&c, &lv, 1) == 0);
    assert_true(transition(&c, &lv, 2) > caps3[2] / 1.5);
    /* each level's value comes from its own working sets */
    assert_true(fabs(value(&c, &lv, 1) / 150 - 1) < 0.035);
    assert_true(fabs(value(&c, &lv, 2) / 150 - 1) < 0.035);
}

/* Two caches, but five plateaus (say a remote NUMA node after DRAM): the
 * extra plateaus name nothing; there is no "L3" or "L4". */
static void test_more_plateaus_than_levels(void **state)
{
    (void)state;
    static const double caps[2] = {32768, 1048576};
    struct curve c;
    memset(&c, 0, sizeof c);
    c.ncache = 2;
    memcpy(c.cap, caps, sizeof caps);
    double x = 4096;
    for (int i = 0; i < 30; i++, x *= M_SQRT2) {
        double y = x <= caps[0] ? 500 : x <= caps[1] ? 200 : x <= 16e6 ? 60 : x <= 128e6 ? 40 : 20;
        c.x[c.n] = x;
        c.y[c.n++] = y;
    }
    struct rfl_levels lv;
    detect(&c, &lv);
    assert_true(lv.nseg >= 4);
    assert_true(lv.owner[0] >= 0 && lv.owner[1] >= 0 && lv.owner[2] >= 0);
    unsigned named = 0;
    for (size_t s = 0; s < lv.nseg; s++) {
        assert_true(lv.seg[s].levels < (1u << 3));
        named += lv.seg[s].levels != 0;
    }
    assert_int_equal(named, 3);
    for (unsigned l = 3; l <= RFL_LEVELS_MAX_CACHE; l++)
        assert_int_equal(lv.owner[l], -1);
}

static void test_outlier(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    make(&c, 3, caps3, bw4, M_SQRT2, 256 << 20, 0, 1);
    c.y[3] *= 0.5; /* one slow sample in L1 */
    detect(&c, &lv);
    expect_four_levels(&c, &lv, 0.001, 2.1);
    assert_int_equal(lv.seg[lv.owner[0]].first, 0);
}

/* A slow slide from L1 to L2 over several points: not a level of its own. */
static void test_gradual_transition(void **state)
{
    (void)state;
    static const double caps[1] = {65536};
    struct curve c;
    memset(&c, 0, sizeof c);
    c.ncache = 1;
    c.cap[0] = caps[0];
    double x = 4096, ys[] = {400, 402, 398, 401, 399, 400, 330, 270, 220, 180, 150, 149, 151, 150, 150, 149, 151, 150};
    for (size_t i = 0; i < sizeof ys / sizeof ys[0]; i++, x *= M_SQRT2) {
        c.x[c.n] = x;
        c.y[c.n++] = ys[i];
    }
    struct rfl_levels lv;
    detect(&c, &lv);
    assert_true(lv.owner[0] >= 0 && lv.owner[1] > lv.owner[0]);
    assert_true(fabs(value(&c, &lv, 0) - 402) < 1e-9);
    assert_true(fabs(value(&c, &lv, 1) - 151) < 1e-9);
    for (size_t s = 0; s < lv.nseg; s++)
        if (lv.seg[s].levels == 0)
            assert_false(lv.seg[s].plateau && lv.seg[s].last - lv.seg[s].first + 1 > 3);
}

/* Past the last cache, a stream keeps hitting it for a while (adaptive
 * replacement): DRAM's ceiling comes from working sets of at least
 * RFL_LEVELS_DRAM_FACTOR x the last cache, and from the rest of its
 * plateau only when the sweep never gets that far. */
static void test_dram_past_adaptive_llc(void **state)
{
    (void)state;
    struct curve c;
    memset(&c, 0, sizeof c);
    c.ncache = 1;
    c.cap[0] = 1 << 20;
    /* 4K..1M: the cache at 400; 1.4M..2.8M: a fade too shallow to be a step
     * of its own (partial hits); 4M on: DRAM at 100. */
    double x = 4096, ys[] = {400, 401, 399, 400, 402, 398, 400, 401, 399, 400, 401, 399, 400, 400, 401, 399, 400,
                             108, 107, 106, 101, 100, 99, 100, 101, 100, 99};
    for (size_t i = 0; i < sizeof ys / sizeof ys[0]; i++, x *= M_SQRT2) {
        c.x[c.n] = x;
        c.y[c.n++] = ys[i];
    }
    struct rfl_levels lv;
    detect(&c, &lv);
    assert_true(lv.owner[1] >= 0);
    double dram = value(&c, &lv, 1);
    if (fabs(dram - 101) > 1e-9)
        fail_msg("DRAM ceiling %g, expected 101 (the best point at >= 4 x the cache)", dram);
    /* A sweep that stops below 4 x the cache still gets a DRAM figure. */
    c.n -= 7;
    detect(&c, &lv);
    if (lv.owner[1] >= 0)
        assert_true(value(&c, &lv, 1) > 0);
}

/* Across curves: where one curve reaches 4 x the last cache, a curve the
 * sweep cut short of there (its fitted memory plateau starting right past
 * the cache, still half cached) does not set the memory ceiling. Seen on a
 * 300 MiB L3: a sum cut at 530 MiB read 266 GB/s, every curve past 1.2 GiB
 * at most 155. */
static void test_dram_from_curves_that_reach_it(void **state)
{
    (void)state;
    static struct curve deep, shallow;
    memset(&deep, 0, sizeof deep);
    memset(&shallow, 0, sizeof shallow);
    double x = 4096;
    /* Both: the cache (1 MiB) at 400 up to 1M; deep then 100 out to 16 x it; shallow reads
     * 180, 170, 165 from 1.4M to 2.8M (partial hits) and stops. */
    for (int i = 0; x <= 16.0 * (1 << 20) * 1.0001; i++, x *= M_SQRT2) {
        deep.x[deep.n] = x;
        deep.y[deep.n++] = x <= (1 << 20) ? 400 + (i % 3) : 100 + (i % 2);
        if (x <= 3.0 * (1 << 20)) {
            shallow.x[shallow.n] = x;
            shallow.y[shallow.n] = x <= (1 << 20) ? 399 : 180 - 5.0 * (double)(i % 3);
            shallow.n++;
        }
    }
    struct rfl_bw_curve curves[2];
    struct curve *src[2] = {&deep, &shallow};
    memset(curves, 0, sizeof curves);
    for (int i = 0; i < 2; i++) {
        curves[i].n = src[i]->n;
        curves[i].x = src[i]->x;
        curves[i].y = src[i]->y;
        curves[i].ncache = 1;
        curves[i].capacity[0] = 1 << 20;
        curves[i].level_of[0] = 0;
        curves[i].level_of[1] = 1;
        curves[i].used = 1;
        struct rfl_levels_input in = {src[i]->n, src[i]->x, src[i]->y, 1, curves[i].capacity, 0};
        assert_int_equal(rfl_levels_detect(&in, &curves[i].levels), 0);
    }
    double trans[2];
    struct rfl_plateau_pick pick;
    rfl_plateau_pick(curves, 2, 1, 0, trans, &pick);
    assert_non_null(pick.curve);
    if (pick.curve != &curves[0] || fabs(pick.curve->y[pick.best] - 101) > 1e-9)
        fail_msg("memory ceiling %g from the %s curve, expected 101 from the deep one", pick.curve->y[pick.best],
                 pick.curve == &curves[0] ? "deep" : "shallow");
    /* With no curve past 4 x the cache, the shallow curve's plateau still counts. */
    rfl_plateau_pick(curves + 1, 1, 1, 0, trans, &pick);
    assert_true(pick.curve == &curves[1] && pick.curve->y[pick.best] > 150);
}

/* The CPU: DRAM is the memory plateau the curve shows (common/plateau.h).
 * The fade past the cache (108, 107, 106: partial hits) is the cache's, no
 * point of it is DRAM, and DRAM's ceiling is the best point of the flat
 * tail; a curve cut short in its shoulder has no confirmed memory plateau. */
static void test_cpu_memory_plateau(void **state)
{
    (void)state;
    static struct rfl_bw_curve c;
    memset(&c, 0, sizeof c);
    static double x[MAXN], y[MAXN];
    static const double ys[] = {400, 401, 399, 400, 402, 398, 400, 401, 399, 400, 401, 399, 400, 400, 401, 399, 400,
                                108, 107, 106, 101, 100, 99, 100, 101, 100, 99};
    double v = 4096;
    for (size_t i = 0; i < sizeof ys / sizeof ys[0]; i++, v *= M_SQRT2) {
        x[i] = v;
        y[i] = ys[i];
    }
    c.n = sizeof ys / sizeof ys[0];
    c.x = x;
    c.y = y;
    c.ncache = 1;
    c.capacity[0] = 1 << 20;
    c.level_of[0] = 0;
    c.level_of[1] = 1;
    c.used = 1;
    rfl_curve_find_memory(&c, 0);
    assert_true(c.memory_known && c.memory.confirmed && c.memory.measured);
    assert_int_equal(c.memory.memory_first, 20);
    struct rfl_levels_input in = rfl_curve_input(&c);
    assert_int_equal(rfl_levels_detect(&in, &c.levels), 0);
    for (size_t i = 17; i < 20; i++)
        assert_int_equal(rfl_levels_of(&in, x[i]), 0); /* the shoulder: the cache's */
    assert_int_equal(rfl_levels_of(&in, x[20]), 1);
    size_t best = 0, first = 0, last = 0;
    assert_int_equal(rfl_levels_value(&in, &c.levels, 1, &best, &first, &last), 7);
    assert_int_equal(first, 20);
    assert_true(fabs(y[best] - 101) < 1e-9);
    /* cut short in the shoulder: its tail is not confirmed */
    c.n = 20;
    rfl_curve_find_memory(&c, 0);
    assert_false(c.memory.confirmed);
}

/* Across CPU curves: a confirmed memory plateau sets DRAM's ceiling, an
 * unconfirmed tail with a higher rate (the sweep cut it in its shoulder)
 * does not; alone, it still gives a ceiling, marked unconfirmed. */
static void test_cpu_dram_pick(void **state)
{
    (void)state;
    static double xd[MAXN], yd[MAXN], xs[MAXN], ys[MAXN];
    static struct rfl_bw_curve curves[2];
    memset(curves, 0, sizeof curves);
    size_t nd = 0, ns = 0;
    double v = 4096;
    for (int i = 0; v <= 16.0 * (1 << 20) * 1.0001; i++, v *= M_SQRT2) {
        xd[nd] = v;
        yd[nd++] = v <= (1 << 20) ? 400 + (i % 3) : 100 + (i % 2);
        if (v <= 3.0 * (1 << 20)) {
            xs[ns] = v;
            ys[ns++] = v <= (1 << 20) ? 399 : 180 - 5.0 * (double)(i % 3);
        }
    }
    double *xv[2] = {xd, xs}, *yv[2] = {yd, ys};
    size_t nv[2] = {nd, ns};
    for (int i = 0; i < 2; i++) {
        curves[i].n = nv[i];
        curves[i].x = xv[i];
        curves[i].y = yv[i];
        curves[i].ncache = 1;
        curves[i].capacity[0] = 1 << 20;
        curves[i].level_of[1] = 1;
        curves[i].used = 1;
        rfl_curve_find_memory(&curves[i], 0);
        struct rfl_levels_input in = rfl_curve_input(&curves[i]);
        assert_int_equal(rfl_levels_detect(&in, &curves[i].levels), 0);
    }
    assert_true(curves[0].memory.confirmed);
    assert_false(curves[1].memory.confirmed);
    double trans[2];
    struct rfl_plateau_pick pick;
    rfl_plateau_pick(curves, 2, 1, 0, trans, &pick);
    assert_true(pick.curve == &curves[0] && fabs(pick.curve->y[pick.best] - 101) < 1e-9);
    assert_false(pick.unconfirmed);
    rfl_plateau_pick(curves + 1, 1, 1, 0, trans, &pick);
    assert_true(pick.curve == &curves[1] && pick.unconfirmed);
}

/* A curve whose L2 and L3 rates are within a step of each other (rmw on a
 * 2-core Zen 4, per thread) and whose shoulder past the L3 is long: the L3
 * is the plateau of its sized points (376-400), not the shoulder's six
 * points (273 down to 82), which had halved the ceiling in one run of two. */
static void test_shoulder_does_not_own_llc(void **state)
{
    (void)state;
    static double x[] = {4096, 7168, 15360, 31744, 63488, 126976, 251904, 502784, 999424, 1986560,
                         3950592, 7855104, 15617024, 31048704, 47452160, 94905344, 189811712, 379624448, 759249920};
    static double y[] = {463, 469, 471, 468, 467, 466, 467, 466, 376, 394, 386, 400, 273, 153, 103, 82, 88, 92, 85};
    static struct rfl_bw_curve c;
    memset(&c, 0, sizeof c);
    c.n = sizeof x / sizeof x[0];
    c.x = x;
    c.y = y;
    c.ncache = 3;
    c.capacity[0] = 32768;
    c.capacity[1] = 1048576;
    c.capacity[2] = 16777216;
    for (int l = 0; l <= 3; l++)
        c.level_of[l] = l;
    c.used = 1;
    rfl_curve_find_memory(&c, 0);
    struct rfl_levels_input in = rfl_curve_input(&c);
    assert_int_equal(rfl_levels_detect(&in, &c.levels), 0);
    size_t best = 0, first = 0, last = 0;
    assert_true(rfl_levels_value(&in, &c.levels, 2, &best, &first, &last) > 0);
    if (!(y[best] >= 376))
        fail_msg("L3 from the shoulder: %g at %g", y[best], x[best]);
}

static void test_sweep_stops_short(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    sweep(&c, &lv, 0, bw4, M_SQRT2, 4 << 20, 0, 1);
    assert_int_equal(lv.points[3], 0);
    assert_int_equal(lv.owner[3], -1);
    assert_true(lv.owner[2] >= 0);
    assert_true(transition(&c, &lv, 2) == 0); /* the sweep ends in L3 */
}

static void test_flat(void **state)
{
    (void)state;
    struct curve c;
    struct rfl_levels lv;
    sweep(&c, &lv, 5, (const double[4]){60, 60, 60, 60}, M_SQRT2, 256 << 20, 0.04, 0);
    assert_int_equal(lv.nseg, 1);
    assert_int_equal(lv.seg[0].levels, 0xf);
    assert_true(lv.seg[0].plateau);
}

static void test_small_and_invalid(void **state)
{
    (void)state;
    struct rfl_levels lv;
    double x[3] = {4096, 8192, 16384}, y[3] = {100, 101, 99}, cap[1] = {65536};
    struct rfl_levels_input in = {1, x, y, 1, cap, 0};
    assert_int_equal(rfl_levels_detect(&in, &lv), 0);
    assert_int_equal(lv.nseg, 1);
    assert_int_equal(lv.owner[0], 0);
    in.n = 3;
    assert_int_equal(rfl_levels_detect(&in, &lv), 0);
    assert_int_equal(lv.nseg, 1);
    in.n = 0;
    assert_int_equal(rfl_levels_detect(&in, &lv), -1);
    in.n = 3;
    y[1] = 0;
    assert_int_equal(rfl_levels_detect(&in, &lv), -1);
    y[1] = 100;
    x[2] = 1000; /* not ascending */
    assert_int_equal(rfl_levels_detect(&in, &lv), -1);
}

/* A sweep at --growth 1.01 (2,000 points: the old limit was 1,024) is
 * analysed like a coarse one; one point past RFL_LEVELS_MAX_POINTS is
 * refused. */
static void test_long_sweep(void **state)
{
    (void)state;
    const size_t n = 2000;
    double *x = malloc((RFL_LEVELS_MAX_POINTS + 1) * sizeof *x), *y = malloc((RFL_LEVELS_MAX_POINTS + 1) * sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    struct rfl_levels_input in = {n, x, y, 3, caps3, 0};
    for (size_t i = 0; i < RFL_LEVELS_MAX_POINTS + 1; i++) {
        x[i] = 4096 * pow(1.01, (double)(i < n ? i : n));
        y[i] = bw4[rfl_levels_of(&in, x[i])] * (1 + 0.01 * rng());
    }
    struct rfl_levels lv;
    assert_int_equal(rfl_levels_detect(&in, &lv), 0);
    for (unsigned l = 0; l < 4; l++) {
        size_t best = 0, first = 0, last = 0;
        assert_true(lv.owner[l] >= 0);
        if (l)
            assert_true(lv.owner[l] > lv.owner[l - 1]);
        assert_true(rfl_levels_value(&in, &lv, l, &best, &first, &last) > 0);
        if (fabs(y[best] / bw4[l] - 1) > 0.02)
            fail_msg("level %u: %g, expected %g", l, y[best], bw4[l]);
    }
    in.n = RFL_LEVELS_MAX_POINTS + 1;
    assert_int_equal(rfl_levels_detect(&in, &lv), -1);
    free(x);
    free(y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean),
        cmocka_unit_test(test_coarse_sweep),
        cmocka_unit_test(test_noisy),
        cmocka_unit_test(test_very_noisy_big_steps),
        cmocka_unit_test(test_fewer_plateaus_than_caches),
        cmocka_unit_test(test_more_plateaus_than_levels),
        cmocka_unit_test(test_outlier),
        cmocka_unit_test(test_gradual_transition),
        cmocka_unit_test(test_dram_past_adaptive_llc),
        cmocka_unit_test(test_dram_from_curves_that_reach_it),
        cmocka_unit_test(test_cpu_memory_plateau),
        cmocka_unit_test(test_cpu_dram_pick),
        cmocka_unit_test(test_shoulder_does_not_own_llc),
        cmocka_unit_test(test_sweep_stops_short),
        cmocka_unit_test(test_flat),
        cmocka_unit_test(test_small_and_invalid),
        cmocka_unit_test(test_long_sweep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
