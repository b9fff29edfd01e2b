/* Label placement (plot/chart.c): thousands of crowded points placed with
 * no two labels overlapping, in a time that grows with the points, not
 * their square (printed, never asserted); a signal stops placement and the
 * chart is not written. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/interrupt.h"
#include "plot/chart.h"
#include "plot/chart_index.h"
#include "tests/unit/check.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void start(struct rfl_chart *c)
{
    assert_int_equal(rfl_chart_begin(c, "place", 1200, 800, 0.08, 0.97, 0.09, 0.93, "title", "corner"), 0);
    rfl_chart_ranges(c, 1.0 / 16, 1024, 0.1, 1000);
}

/* A temporary file for a script: path "/tmp/rfl-test-place-XXXXXX", made. */
static void temp_script(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

/* The boxes "# box CX CY HW HH ANGLE" of a script, no two overlapping; how many. */
static size_t apart_boxes(const char *path, struct rfl_box *b, size_t max)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    size_t n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        double deg;
        if (sscanf(line, "# box %lf %lf %lf %lf %lf", &b[n].cx, &b[n].cy, &b[n].hw, &b[n].hh, &deg) == 5) {
            b[n].angle = deg * M_PI / 180;
            /* the recorded numbers are rounded to 0.01 px */
            b[n].hw -= 0.02, b[n].hh -= 0.02;
            n++;
        }
    }
    fclose(f);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (rfl_box_overlap(&b[i], &b[j]))
                fail_msg("boxes %zu and %zu overlap", i, j);
    return n;
}

static void place_points(size_t npoints, const char *path)
{
    struct rfl_chart c;
    start(&c);
    srand(7);
    double *x = malloc(npoints * sizeof *x), *y = malloc(npoints * sizeof *y);
    assert_true(x && y);
    for (size_t i = 0; i < npoints; i++) {
        /* Clustered, as a profile's kernels are: most near a few spots. */
        double u = (double)rand() / RAND_MAX, v = (double)rand() / RAND_MAX;
        x[i] = exp(log(0.1) + (i % 3 ? 0.3 * u + 0.3 * (double)(i % 5) : 9 * u));
        y[i] = exp(log(0.5) + (i % 3 ? 0.2 * v + 0.5 * (double)(i % 4) : 7 * v));
        rfl_chart_block_point(&c, x[i], y[i], 4);
    }
    rfl_chart_block_line(&c, 1.0 / 16, 1, 64, 1000);
    double t0 = now();
    size_t placed = 0;
    for (size_t i = 0; i < npoints; i++) {
        char text[32];
        snprintf(text, sizeof text, "kernel %zu", i + 1);
        placed += rfl_chart_label_point(&c, text, "#000000", x[i], y[i]) >= 0;
    }
    double t = now() - t0;
    print_message("%zu points: %zu labels placed in %.3f s\n", npoints, placed, t);
    assert_int_equal(rfl_chart_end(&c, path), 0);
    free(x);
    free(y);
}

static void test_crowded(void **state)
{
    (void)state;
    char path[] = "/tmp/rfl-test-place-XXXXXX";
    temp_script(path);
    for (size_t n = 1000; n <= 5000; n *= 5) {
        place_points(n, path);
        static struct rfl_box b[20000];
        assert_true(apart_boxes(path, b, 20000) > 20);
    }
    unlink(path);
}

/* Two roofs 2% apart: both labels placed, apart. */
static void test_near_lines(void **state)
{
    (void)state;
    struct rfl_chart c;
    start(&c);
    char path[] = "/tmp/rfl-test-place-XXXXXX";
    temp_script(path);
    for (int i = 0; i < 20; i++) {
        double v = 100 * pow(1.02, i);
        rfl_chart_block_line(&c, 1, v, 1024, v);
    }
    for (int i = 0; i < 20; i++) {
        double v = 100 * pow(1.02, i);
        char text[64];
        snprintf(text, sizeof text, "roof %d %.1f GFLOP/s (median %.1f)", i, v, v * 0.97);
        assert_true(rfl_chart_label_line(&c, text, "#000000", 1, v, 1024, v, 0.97, 0.2) >= 0);
    }
    assert_int_equal(rfl_chart_end(&c, path), 0);
    static struct rfl_box b[64];
    assert_true(apart_boxes(path, b, 64) >= 21);
    unlink(path);
}

static void test_signal(void **state)
{
    (void)state;
    rfl_interrupt_install();
    struct rfl_chart c;
    start(&c);
    assert_int_equal(rfl_chart_label_point(&c, "before", "#000000", 1, 1), 0);
    raise(SIGTERM);
    assert_int_equal(rfl_chart_label_point(&c, "after", "#000000", 2, 2), -1);
    const char *path = "/tmp/rfl-test-place-never-written.gp";
    unlink(path);
    assert_int_equal(rfl_chart_end(&c, path), -1);
    assert_int_equal(access(path, F_OK), -1);
    rfl_interrupt_reset();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_crowded),
    cmocka_unit_test(test_near_lines),
    cmocka_unit_test(test_signal),
};

RFL_TEST_MAIN(tests, NULL, NULL)
