/* The time budgets of rfl_bandwidth and rfl_flops, without timing anything:
 * when the memory plateau is confirmed (bandwidth/budget_plan.h), how a
 * default range extends past its end until it is, where the
 * working sets of a default range go, the order and tiers of the curves
 * and of the flops configurations, and that a budget whose next point
 * cannot fit ends the sweep (and none never does). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "bandwidth/budget_plan.h"
#include "flops/budget_plan.h"
#include "common/log.h"

#define MIB (1024.0 * 1024.0)

static void test_plateau(void **state)
{
    (void)state;
    const double llc = 1 * MIB;
    double x[] = {1 * MIB, 2 * MIB, 2.83 * MIB, 4 * MIB, 5.66 * MIB, 8 * MIB};
    double flat[] = {50, 20, 20.1, 19.9, 20, 20.05}, falling[] = {50, 30, 25, 20, 17, 15};
    double quiet[] = {0.01, 0.01, 0.01, 0.01, 0.01, 0.01}, wide[] = {0.01, 1, 1, 1, 1, 1};
    double from = 0;
    /* flat past the LLC over two octaves (2 to 8 MiB) */
    assert_true(rfl_bw_plateau_reached(x, flat, quiet, 6, llc, &from));
    assert_true(from == 2 * MIB);
    /* still falling, each point's noise small: not yet */
    assert_false(rfl_bw_plateau_reached(x, falling, quiet, 6, llc, NULL));
    /* the same rates on a noisy machine agree within their noise */
    assert_true(rfl_bw_plateau_reached(x, falling, wide, 6, llc, NULL));
    /* flat over less than two octaves is not enough */
    assert_false(rfl_bw_plateau_reached(x, flat, quiet, 5, llc, NULL));
    /* nor a flat plateau that never passes the LLC hint, however long */
    assert_false(rfl_bw_plateau_reached(x, flat, quiet, 6, 16 * MIB, NULL));
    /* a point not run (rate 0) neither counts nor breaks the plateau ... */
    double gap[] = {50, 20, 0, 19.9, 20, 20.05};
    assert_true(rfl_bw_plateau_reached(x, gap, quiet, 6, llc, NULL));
    /* ... but two points run are not three */
    double sparse[] = {50, 20, 0, 0, 0, 20.05};
    assert_false(rfl_bw_plateau_reached(x, sparse, quiet, 6, llc, NULL));
    /* without an LLC hint, never */
    assert_false(rfl_bw_plateau_reached(x, flat, quiet, 6, 0, NULL));
}

static void check_grid(const double *cap, unsigned ncache, uint64_t min, uint64_t max, double growth)
{
    uint64_t out[512];
    size_t n = rfl_bw_grid(min, max, growth, cap, ncache, out, 512);
    assert_true(n >= 2);
    assert_int_equal(out[0], min);
    assert_int_equal(out[n - 1], max);
    for (size_t i = 1; i < n; i++)
        assert_true(out[i] > out[i - 1]);
    /* every cache level has points inside it, away from its edges */
    for (unsigned l = 0; l < ncache; l++) {
        double lo = l ? 1.25 * cap[l - 1] : (double)min, hi = 0.8 * cap[l];
        size_t inside = 0;
        for (size_t i = 0; i < n; i++)
            inside += (double)out[i] > lo && (double)out[i] <= hi;
        if (hi > lo * 1.1)
            assert_true(inside >= 2);
    }
    /* past 2 x the LLC, steps of at most sqrt(2) */
    for (size_t i = 1; ncache && i < n; i++)
        if ((double)out[i - 1] >= 2 * cap[ncache - 1])
            assert_true((double)out[i] <= 1.42 * (double)out[i - 1]);
}

static void test_grid(void **state)
{
    (void)state;
    const double cap[] = {64 * 1024.0, 2 * MIB, 32 * MIB};
    check_grid(cap, 3, 8192, (uint64_t)(256 * MIB), 4);
    check_grid(cap, 3, 8192, (uint64_t)(256 * MIB), 1.41);
    check_grid(cap, 3, 8192, (uint64_t)(256 * MIB), 16);
    /* a level barely above the one before it (an L3 share close to L2) */
    const double close[] = {48 * 1024.0, 2 * MIB, 2.6 * MIB};
    check_grid(close, 3, 8192, (uint64_t)(64 * MIB), 2);
    /* no cache known: the geometric sweep to the end */
    uint64_t out[64];
    size_t n = rfl_bw_grid(1000, 64000, 2, NULL, 0, out, 64);
    assert_int_equal(n, 7);
    assert_int_equal(out[6], 64000);
}

static int all_supported(int isa, int prec, int kid)
{
    (void)prec;
    (void)kid;
    return isa == RFL_ISA_AVX2;
}

static void test_tiers(void **state)
{
    (void)state;
    uint64_t wss[] = {1 << 20, 4 << 20, 16 << 20, 64 << 20, 128 << 20};
    struct rfl_budget none, some;
    rfl_budget_start(&none, 0);
    rfl_budget_start(&some, 10);
    struct rfl_bw_budget b;
    unsigned kernels = 1u << RFL_BW_SUM | 1u << RFL_BW_TRIAD, both = 3u, avx2 = 1u << RFL_ISA_AVX2;
    /* without a budget: ISA, precision, kernel, every working set */
    assert_int_equal(rfl_bw_budget_init(&b, &none, 5, 0.002, wss, 5, 2, 8 << 20, kernels, both, avx2, all_supported), 0);
    assert_int_equal(b.nitems, 4);
    assert_int_equal(b.items[0].prec, RFL_FP64);
    assert_int_equal(b.items[1].prec, RFL_FP64);
    assert_int_equal(b.items[2].prec, RFL_FP32);
    for (size_t i = 0; i < b.nitems; i++) {
        assert_int_equal(b.items[i].tier, 1);
        assert_int_equal(b.items[i].last, 4);
    }
    rfl_bw_budget_free(&b);
    /* within one: fp64 over every working set, then fp32 up to the LLC
     * (8 MiB per thread, 2 threads: 16 MiB) */
    assert_int_equal(rfl_bw_budget_init(&b, &some, 5, 0.002, wss, 5, 2, 8 << 20, kernels, both, avx2, all_supported), 0);
    assert_int_equal(b.nitems, 4);
    assert_int_equal(b.items[0].tier, 1);
    assert_int_equal(b.items[1].tier, 1);
    assert_int_equal(b.items[2].tier, 2);
    assert_int_equal(b.items[2].prec, RFL_FP32);
    assert_int_equal(b.items[0].last, 4);
    assert_int_equal(b.items[2].last, 2);
    rfl_bw_budget_free(&b);
    /* one precision asked for: one tier */
    assert_int_equal(rfl_bw_budget_init(&b, &some, 5, 0.002, wss, 5, 2, 8 << 20, kernels, 1u << RFL_FP32, avx2,
                                        all_supported), 0);
    assert_int_equal(b.nitems, 2);
    assert_int_equal(b.items[1].tier, 1);
    rfl_bw_budget_free(&b);
}

/* A sweep whose next point cannot fit ends; the curves after it are not
 * measured and the sidecar says so. Without a budget it never ends early. */
static void test_spent(void **state)
{
    (void)state;
    uint64_t wss[] = {1 << 20, 4 << 20, 16 << 20, 64 << 20};
    unsigned e;
    double mt;
    struct rfl_budget clock;
    rfl_budget_start(&clock, 1.0);
    struct rfl_bw_budget b;
    unsigned kernels = 1u << RFL_BW_SUM | 1u << RFL_BW_COPY, fp64 = 1u << RFL_FP64, avx2 = 1u << RFL_ISA_AVX2;
    assert_int_equal(rfl_bw_budget_init(&b, &clock, 5, 0.002, wss, 4, 2, 8 << 20, kernels, fp64, avx2, all_supported), 0);
    assert_true(rfl_bw_budget_item_begin(&b, 0, 0.0, &e, &mt));
    assert_true(e >= 1 && e <= 5 && mt > 0 && mt <= 0.002);
    rfl_bw_budget_point_begin(&b, 0.0);
    assert_int_equal(rfl_bw_budget_point_end(&b, 0, 0, 50, 0.01, 0.999), 2);
    assert_true(b.spent);
    assert_false(rfl_bw_budget_item_begin(&b, 1, 0.999, &e, &mt));
    json_t *o = rfl_bw_budget_to_json(&b);
    assert_true(json_is_true(json_object_get(o, "spent")));
    assert_true(json_array_size(json_object_get(o, "cuts")) >= 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(o, "curves"), 1), "end")),
                        "not_measured");
    json_decref(o);
    rfl_bw_budget_free(&b);

    struct rfl_budget none;
    rfl_budget_start(&none, 0);
    assert_int_equal(rfl_bw_budget_init(&b, &none, 5, 0.002, wss, 4, 2, 8 << 20, kernels, fp64, avx2, all_supported), 0);
    assert_true(rfl_bw_budget_item_begin(&b, 0, 0.0, &e, &mt));
    assert_int_equal(e, 5);
    for (size_t j = 0; j < 3; j++) {
        rfl_bw_budget_point_begin(&b, 1e6 * (double)j);
        assert_int_equal(rfl_bw_budget_point_end(&b, 0, j, 50, 0.01, 1e6 * (double)j + 1e6), 0);
    }
    rfl_bw_budget_point_begin(&b, 5e6);
    assert_int_equal(rfl_bw_budget_point_end(&b, 0, 3, 50, 0.01, 6e6), 1); /* the range's end */
    assert_true(json_is_null(rfl_bw_budget_to_json(&b)));
    rfl_bw_budget_free(&b);
}

/* A budget of one item (sum, fp64, AVX2) over `wss` on one thread with
 * `llc_thread` bytes of LLC, its default range ending at `default_last`. */
static void start_extendable(struct rfl_bw_budget *b, const struct rfl_budget *none, const uint64_t *wss, size_t n,
                             double llc_thread, size_t default_last)
{
    unsigned sum = 1u << RFL_BW_SUM, fp64 = 1u << RFL_FP64, avx2 = 1u << RFL_ISA_AVX2;
    assert_int_equal(rfl_bw_budget_init(b, none, 5, 0.002, wss, n, 1, llc_thread, sum, fp64, avx2, all_supported), 0);
    rfl_bw_budget_extend(b, default_last);
}

/* Runs the item's points from the first at `rate[j]` until the budget
 * ends it or the working sets run out: how many ran; *next is the budget's
 * word after the last. */
static size_t run_points(struct rfl_bw_budget *b, const double *rate, size_t n, int *next)
{
    unsigned e;
    double mt;
    assert_true(rfl_bw_budget_item_begin(b, 0, 0.0, &e, &mt));
    size_t j = 0;
    *next = 0;
    for (; j < n && *next == 0; j++) {
        rfl_bw_budget_point_begin(b, 0);
        *next = rfl_bw_budget_point_end(b, 0, j, rate[j], 0.01, 0);
    }
    return j;
}

/* The default range's extension: without a budget a first-tier curve runs
 * the whole default range, goes on past its end while its memory plateau
 * is not confirmed, and ends once it is; one that never flattens ends at
 * the memory limit (its last working set), and says so. */
static void test_extension(void **state)
{
    (void)state;
    /* 1, 2, 4 MiB (default range, LLC 1 MiB per thread x 1 thread), then the extension */
    uint64_t wss[] = {1 << 20, 2 << 20, 4 << 20, 5930000, 8 << 20, 11863283, 16 << 20, 23726566, 32 << 20};
    enum { n = sizeof wss / sizeof wss[0] };
    struct rfl_budget none;
    rfl_budget_start(&none, 0);
    struct rfl_bw_budget b;
    int next;
    start_extendable(&b, &none, wss, n, 1 << 20, 2);
    assert_true(b.extendable);
    assert_int_equal(b.items[0].last, n - 1);
    /* 100 in the cache, then a shoulder (60, 40) and memory at 20 from 5.66 MiB */
    const double plateau[n] = {100, 100, 60, 20, 20.2, 19.9, 20.1, 20, 20};
    size_t ran = run_points(&b, plateau, n, &next);
    assert_int_equal(next, 1);
    /* past the default end (index 2), confirmed at 5.66 to 23.7 MiB: index 7 */
    assert_int_equal(ran - 1, 7);
    assert_string_equal(rfl_bw_end_names[b.items[0].end], "plateau");
    assert_int_equal(b.items[0].plateau_from, 5930000);
    rfl_bw_budget_free(&b);

    /* never flat: on to the last working set, ended by the memory limit */
    double falling[n];
    for (size_t j = 0; j < n; j++)
        falling[j] = 100 * pow(0.8, (double)j);
    start_extendable(&b, &none, wss, n, 1 << 20, 2);
    ran = run_points(&b, falling, n, &next);
    assert_int_equal(next, 1);
    assert_int_equal(ran, n);
    assert_string_equal(rfl_bw_end_names[b.items[0].end], "memory_limit");
    rfl_bw_budget_free(&b);

    /* flat from the start of the memory plateau within the default range: it ends there */
    const double flat[n] = {20, 20, 20, 20, 20, 20, 20, 20, 20};
    start_extendable(&b, &none, wss, n, 256 << 10, 4);
    ran = run_points(&b, flat, n, &next);
    assert_int_equal(ran - 1, 4);
    assert_string_equal(rfl_bw_end_names[b.items[0].end], "sweep_end");
    rfl_bw_budget_free(&b);
}

/* rfl_flops: the configuration a compute ceiling needs runs first (the
 * fewest chains that cover the FMA latency), the other unrolls after it;
 * thinning keeps the largest FPE and every other one below it. */
static void test_flops_order(void **state)
{
    (void)state;
    static struct rfl_fl_plan p;
    memset(&p, 0, sizeof p);
    p.configs[p.nconfigs++] = (struct rfl_fl_config){RFL_FL_REF, RFL_FL_NISA, RFL_FP64, 1};
    for (int u = 0; u < RFL_FL_NUNROLL; u++)
        p.configs[p.nconfigs++] = (struct rfl_fl_config){RFL_FL_SIMD, RFL_FL_AVX2, RFL_FP64, rfl_fl_unrolls[u]};
    p.cpu.fma_latency_cycles = 4;
    p.cpu.fma_per_cycle[RFL_FL_W256] = 2; /* 8 chains */
    p.nthread_counts = 1;
    p.thread_counts[0] = 2;
    p.nfpe = 5;
    p.wss_default = 1;
    p.experiments = 5;
    p.min_time_s = 0.002;
    rfl_fl_budget_order(&p, 0);
    assert_int_equal(p.configs[1].unroll, 1); /* no budget: as planned */
    rfl_fl_budget_order(&p, 1);
    assert_int_equal(p.configs[0].variant, RFL_FL_REF);
    assert_int_equal(p.configs[1].unroll, 8);
    assert_int_equal(p.configs[2].unroll, 1);
    assert_int_equal(p.configs[5].unroll, 16);
    struct rfl_budget clock;
    rfl_budget_start(&clock, 1000);
    static struct rfl_fl_budget b;
    rfl_fl_budget_init(&b, &clock, &p);
    assert_int_equal(b.items[1].tier, 1);
    assert_int_equal(b.items[2].tier, 2);
    b.items[2].thin = 1;
    int runs[5];
    for (size_t fi = 0; fi < 5; fi++)
        runs[fi] = rfl_fl_budget_fpe_runs(&b, 0, 2, fi, 5);
    assert_true(runs[4] && !runs[3] && runs[2] && !runs[1] && runs[0]);
    assert_true(rfl_fl_budget_fpe_runs(&b, 0, 1, 3, 5));
    /* a second that cannot hold one more row ends the sweep */
    rfl_budget_start(&clock, 1);
    rfl_fl_budget_init(&b, &clock, &p);
    unsigned e;
    double mt;
    assert_true(rfl_fl_budget_item_begin(&b, 0, 0, 0.0, &e, &mt));
    rfl_fl_budget_row_begin(&b, 0.0);
    assert_int_equal(rfl_fl_budget_row_end(&b, 0, 0, 0.999), 2);
    assert_false(rfl_fl_budget_item_begin(&b, 0, 1, 0.999, &e, &mt));
    json_t *o = rfl_fl_budget_to_json(&b, &p);
    assert_true(json_is_true(json_object_get(o, "spent")));
    json_decref(o);
}

int main(void)
{
    rfl_log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plateau), cmocka_unit_test(test_grid),        cmocka_unit_test(test_tiers),
        cmocka_unit_test(test_spent),   cmocka_unit_test(test_extension), cmocka_unit_test(test_flops_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
