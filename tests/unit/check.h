/* What the unit tests' main() functions share. Include after <cmocka.h>. */
#ifndef RFL_TEST_CHECK_H
#define RFL_TEST_CHECK_H

#include "common/log.h"
#include "common/mpi_shim.h"
#include "tests/unit/tmpdir.h"

/* For RFL_TEST_MPI_MAIN's prepare: the code under test logs what a user
 * would want to see, which is noise among cmocka's lines. */
static inline int rfl_test_quiet(void)
{
    rfl_log_set_quiet(1);
    return 0;
}

/* The main() of a test whose code under test calls MPI (the library's
 * entry points expect an initialised session): runs the group TESTS (a
 * file-scope array of CMUnitTest) with its group fixtures between
 * rfl_mpi_init and rfl_mpi_finalize. PREPARE (int (*)(void), or NULL) runs
 * once MPI is up; MPI or PREPARE failing exits 99, the harness's hard
 * error, so that a broken environment is never read as a failed test. */
#define RFL_TEST_MPI_MAIN(tests, prepare, group_setup, group_teardown)                                        \
    int main(int argc, char **argv)                                                                           \
    {                                                                                                         \
        int (*const prepare_)(void) = (prepare);                                                              \
        if (rfl_mpi_init(&argc, &argv) != 0 || (prepare_ && prepare_() != 0))                                 \
            return 99;                                                                                        \
        const int failed = cmocka_run_group_tests(tests, group_setup, group_teardown);                        \
        rfl_mpi_finalize();                                                                                   \
        return failed ? 1 : 0;                                                                                \
    }

/* The main() of a test that needs no MPI: runs the group TESTS (a
 * file-scope array of CMUnitTest) with its group fixtures. */
#define RFL_TEST_MAIN(tests, group_setup, group_teardown)                                                     \
    int main(void) { return cmocka_run_group_tests(tests, group_setup, group_teardown); }

/* Group fixtures named SETUP and TEARDOWN that make the folder DIR (a char
 * array) as $TMPDIR/rfl-test-NAME.XXXXXX for the whole group, and remove
 * it with all in it afterwards. */
#define RFL_TEST_GROUP_TMPDIR(setup, teardown, dir, name)                                                     \
    static int setup(void **state)                                                                            \
    {                                                                                                         \
        (void)state;                                                                                          \
        return rfl_test_tmpdir_make(dir, sizeof dir, name);                                                   \
    }                                                                                                         \
    static int teardown(void **state)                                                                         \
    {                                                                                                         \
        (void)state;                                                                                          \
        return rfl_test_tmpdir_remove(dir);                                                                   \
    }

/* Copies the test data $top_srcdir/tests/data/SUBDIR/NAME to DIR/NAME;
 * top_srcdir comes from the harness's environment, else the test runs in
 * the source tree. */
static inline void rfl_test_copy_data(const char *subdir, const char *name, const char *dir)
{
    char from[1024], to[512];
    const char *src = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
    snprintf(from, sizeof from, "%s/tests/data/%s/%s", src, subdir, name);
    snprintf(to, sizeof to, "%s/%s", dir, name);
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    if (!in)
        fail_msg("%s: missing (set top_srcdir)", from);
    assert_non_null(out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

/* A test registered to run in a fresh folder of its own: the file defines
 * setup and teardown over rfl_test_files_setup and rfl_test_files_teardown
 * (tests/unit/tmpdir.h). */
#define rfl_test_with_files(test) cmocka_unit_test_setup_teardown(test, setup, teardown)

#endif
