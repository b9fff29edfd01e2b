/* Opening inputs (common/input.h): a regular file is read whole; a FIFO
 * without a writer, a directory and a device are refused at once with
 * "not a regular file"; a file past the cap is refused (EFBIG) and one at
 * the cap read; a missing file says why. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/input.h"
#include "tests/unit/check.h"

static char dir[256];

static const char *path_of(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void write_file(const char *name, const char *text)
{
    FILE *f = fopen(path_of(name), "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void regular_file(void **state)
{
    (void)state;
    write_file("a.csv", "a,b\n1,2\n");
    char why[256];
    size_t len = 0;
    char *text = rfl_input_load(path_of("a.csv"), RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    assert_non_null(text);
    assert_int_equal(len, 8);
    assert_string_equal(text, "a,b\n1,2\n");
    free(text);
    write_file("empty.csv", "");
    text = rfl_input_load(path_of("empty.csv"), 0, &len, why, sizeof why);
    assert_non_null(text);
    assert_int_equal(len, 0);
    free(text);
}

static void fifo_refused(void **state)
{
    (void)state;
    if (mkfifo(path_of("fifo.csv"), 0600) != 0)
        skip();
    char why[256];
    size_t len = 0;
    /* Without O_NONBLOCK this open would wait for a writer forever. */
    errno = 0;
    assert_null(rfl_input_load(path_of("fifo.csv"), RFL_INPUT_MAX_BYTES, &len, why, sizeof why));
    assert_int_equal(errno, EINVAL);
    assert_string_equal(why, "not a regular file");
    assert_int_equal(rfl_input_open(path_of("fifo.csv"), 0, why, sizeof why), -1);
    assert_null(rfl_input_fopen(path_of("fifo.csv"), 0, why, sizeof why));
}

static void directory_and_device_refused(void **state)
{
    (void)state;
    char why[256];
    size_t len = 0;
    assert_null(rfl_input_load(dir, RFL_INPUT_MAX_BYTES, &len, why, sizeof why));
    assert_int_equal(errno, EINVAL);
    assert_string_equal(why, "not a regular file (a directory)");
    assert_null(rfl_input_load("/dev/zero", RFL_INPUT_MAX_BYTES, &len, why, sizeof why));
    assert_string_equal(why, "not a regular file");
    /* /dev/null is an empty file (`--config /dev/null`). */
    char *text = rfl_input_load("/dev/null", RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    assert_non_null(text);
    assert_int_equal(len, 0);
    free(text);
}

static void size_cap(void **state)
{
    (void)state;
    write_file("ten", "0123456789");
    write_file("eleven", "0123456789A");
    char why[256];
    size_t len = 0;
    char *text = rfl_input_load(path_of("ten"), 10, &len, why, sizeof why);
    assert_non_null(text);
    assert_int_equal(len, 10);
    free(text);
    errno = 0;
    assert_null(rfl_input_load(path_of("eleven"), 10, &len, why, sizeof why));
    assert_int_equal(errno, EFBIG);
    assert_non_null(strstr(why, "larger than 10"));
}

static void missing(void **state)
{
    (void)state;
    char why[256];
    size_t len = 0;
    assert_null(rfl_input_load(path_of("nothere.csv"), RFL_INPUT_MAX_BYTES, &len, why, sizeof why));
    assert_int_equal(errno, ENOENT);
    assert_non_null(strstr(why, "cannot read: "));
    /* A dangling link is a missing file; a looping one says so. */
    assert_int_equal(symlink("loop", path_of("loop")), 0);
    assert_null(rfl_input_load(path_of("loop"), RFL_INPUT_MAX_BYTES, &len, why, sizeof why));
    assert_int_equal(errno, ELOOP);
}

RFL_TEST_GROUP_TMPDIR(setup, teardown, dir, "input")

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regular_file),
        cmocka_unit_test(fifo_refused),
        cmocka_unit_test(directory_and_device_refused),
        cmocka_unit_test(size_cap),
        cmocka_unit_test(missing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
