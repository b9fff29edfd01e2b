/* The CSV writer (common/csv.h) and the atomic files under it (afile.h):
 * exact output text, quoting, '.' decimals under any locale, commit by
 * rename, abort without leftovers; the sidecar's name (meta.h); the
 * output session over them (session.h); and the strict number grammar the
 * readers apply to what the writer prints (number.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/afile.h"
#include "common/csv.h"
#include "common/meta.h"
#include "common/number.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "tests/unit/tmpdir.h"
#include "tests/unit/check.h"

static const char *const columns[] = {"name", "wss_bytes", "delta", "time_s"};
#define NCOLS (sizeof columns / sizeof columns[0])

/* Each test in a folder of its own (tests/unit/tmpdir.h). */
static int setup(void **state) { return rfl_test_files_setup(state, "csv", "out"); }
static int teardown(void **state) { return rfl_test_files_teardown(state); }

/* Names in `dir` other than . and .., joined by spaces (static buffer). */
static const char *dir_entries(const char *dir, int *count)
{
    static char names[2048];
    names[0] = '\0';
    *count = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            (*count)++;
            strncat(names, e->d_name, sizeof names - strlen(names) - 2);
            strcat(names, " ");
        }
    closedir(d);
    return names;
}

/* The whole file as a string (caller frees), or NULL when it does not exist. */
static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = calloc(1, 65536);
    assert_non_null(buf);
    size_t n = fread(buf, 1, 65535, fp);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

/* A row of `columns`. */
static void put_row(struct rfl_csv *csv, const char *name, uint64_t wss_bytes, long long delta, double time_s)
{
    rfl_csv_str(csv, name);
    rfl_csv_u64(csv, wss_bytes);
    rfl_csv_int(csv, delta);
    rfl_csv_double(csv, time_s);
    rfl_csv_end_row(csv);
}

/* The file at `path` holds exactly `want`. */
static void expect_file(const char *path, const char *want)
{
    char *text = slurp(path);
    if (!text)
        fail_msg("%s: missing, expected \"%s\"", path, want);
    assert_string_equal(text, want);
    free(text);
}

static void test_header_and_rows(void **state)
{
    struct rfl_test_files *f = *state;
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    put_row(&csv, "sum", UINT64_MAX, -42, 0.5);
    put_row(&csv, "copy", 0, 7, 1.0 / 3.0); /* nine significant digits */
    put_row(&csv, NULL, 4096, 0, NAN); /* empty text; NAN, not measured: empty */
    put_row(&csv, "big", 1, 1, 1.5e-9);
    assert_int_equal(csv.rows, 4);
    assert_int_equal(rfl_csv_commit(&csv), 0);

    expect_file(f->csv,
                "name,wss_bytes,delta,time_s\n"
                "sum,18446744073709551615,-42,0.5\n"
                "copy,0,7,0.333333333\n"
                ",4096,0,\n"
                "big,1,1,1.5e-09\n");
}

static void test_header_only(void **state)
{
    struct rfl_test_files *f = *state;
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    assert_int_equal(rfl_csv_commit(&csv), 0);
    expect_file(f->csv, "name,wss_bytes,delta,time_s\n");
}

/* A number no reader takes back (infinite; a denormal, which strtod calls out of range) refuses
 * the whole file at the commit: nothing written, the earlier file kept (issue 28). */
static void test_unreadable_number(void **state)
{
    struct rfl_test_files *f = *state;
    FILE *old = fopen(f->csv, "w");
    assert_non_null(old);
    fputs("earlier\n", old);
    fclose(old);
    const double bad[] = {INFINITY, -INFINITY, 4.9e-324};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct rfl_csv csv;
        assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
        put_row(&csv, "sum", 1, 0, 1);
        put_row(&csv, "copy", 1, 0, bad[i]);
        assert_int_equal(csv.bad_line, 3);
        assert_string_equal(csv.bad_column, "time_s");
        assert_int_equal(rfl_csv_commit(&csv), -1);
        expect_file(f->csv, "earlier\n");
    }
}

static void test_quoting(void **state)
{
    struct rfl_test_files *f = *state;
    static const char *const one[] = {"text"};
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, f->csv, one, 1), 0);
    static const char *const values[] = {
        "plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", "\"", ",", "", "semi;colon", "sp ace",
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        rfl_csv_str(&csv, values[i]);
        rfl_csv_end_row(&csv);
    }
    assert_int_equal(rfl_csv_commit(&csv), 0);
    expect_file(f->csv,
                "text\n"
                "plain\n"
                "\"a,b\"\n"
                "\"say \"\"hi\"\"\"\n"
                "\"two\nlines\"\n"
                "\"cr\rhere\"\n"
                "\"\"\"\"\n"
                "\",\"\n"
                "\n"
                "semi;colon\n"
                "sp ace\n");
}

/* Under a locale whose decimal point is a comma, the CSV still says 0.5. */
static void test_decimal_point_under_comma_locale(void **state)
{
    struct rfl_test_files *f = *state;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
        setlocale(LC_NUMERIC, "C");
        skip();
    }
    char probe[32];
    snprintf(probe, sizeof probe, "%.1f", 0.5);
    assert_string_equal(probe, "0,5"); /* the locale really has a decimal comma */

    char buf[32];
    rfl_format_double(buf, sizeof buf, "%.3f", 1.25);
    assert_string_equal(buf, "1.250");
    rfl_format_double(buf, sizeof buf, "%.9g", 1234.5);
    assert_string_equal(buf, "1234.5");

    static const char *const one[] = {"x_s", "y_s"};
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, f->csv, one, 2), 0);
    rfl_csv_double(&csv, 0.5);
    rfl_csv_double(&csv, 2.5e-7);
    rfl_csv_end_row(&csv);
    assert_int_equal(rfl_csv_commit(&csv), 0);
    expect_file(f->csv, "x_s,y_s\n0.5,2.5e-07\n");

    /* The writer leaves the locale as it found it. */
    snprintf(probe, sizeof probe, "%.1f", 0.5);
    assert_string_equal(probe, "0,5");
    setlocale(LC_NUMERIC, "C");
}

static void test_format_double_c_locale(void **state)
{
    (void)state;
    char buf[32];
    rfl_format_double(buf, sizeof buf, "%.2f", 3.14159);
    assert_string_equal(buf, "3.14");
    rfl_format_double(buf, sizeof buf, "%g", 1e10);
    assert_string_equal(buf, "1e+10");
}

/* Until commit, readers see the previous file (or none); commit renames the
 * hidden temporary file into place. */
static void test_commit_is_atomic(void **state)
{
    struct rfl_test_files *f = *state;
    int count;
    const char *names;
    struct rfl_csv csv;

    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    put_row(&csv, "first", 1, 1, 1);
    assert_null(slurp(f->csv)); /* not there before commit */
    names = dir_entries(f->dir, &count);
    assert_int_equal(count, 1);
    assert_true(strncmp(names, ".out.csv.", 9) == 0); /* the hidden temporary */
    assert_int_equal(rfl_csv_commit(&csv), 0);
    names = dir_entries(f->dir, &count);
    assert_int_equal(count, 1);
    assert_string_equal(names, "out.csv ");

    /* Replacing an existing file: the old content stays until commit. */
    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    put_row(&csv, "second", 2, 2, 2);
    char *text = slurp(f->csv);
    assert_non_null(text);
    assert_non_null(strstr(text, "first,1,1,1\n"));
    free(text);
    names = dir_entries(f->dir, &count);
    assert_int_equal(count, 2);
    assert_int_equal(rfl_csv_commit(&csv), 0);
    expect_file(f->csv, "name,wss_bytes,delta,time_s\nsecond,2,2,2\n");
    names = dir_entries(f->dir, &count);
    assert_int_equal(count, 1);
    (void)names;
}

static void test_abort_leaves_nothing(void **state)
{
    struct rfl_test_files *f = *state;
    int count;
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    put_row(&csv, "gone", 1, 1, 1);
    rfl_csv_abort(&csv);
    const char *names = dir_entries(f->dir, &count);
    if (count != 0)
        fail_msg("abort left files behind: %s", names);
    rfl_csv_abort(&csv); /* twice is harmless */

    /* Aborting a replacement keeps the previous file untouched. */
    assert_int_equal(rfl_afile_write_string(f->csv, "old\n"), 0);
    assert_int_equal(rfl_csv_open(&csv, f->csv, columns, NCOLS), 0);
    rfl_csv_abort(&csv);
    expect_file(f->csv, "old\n");
    names = dir_entries(f->dir, &count);
    if (count != 1)
        fail_msg("abort of a replacement left: %s", names);

    /* An all-zero afile (never opened) can be aborted too. */
    struct rfl_afile zero;
    memset(&zero, 0, sizeof zero);
    rfl_afile_abort(&zero);
}

/* A committed file gets the mode any other tool's output would get
 * (0666 less the umask), not mkstemp's private 0600. */
static void test_commit_mode_follows_umask(void **state)
{
    struct rfl_test_files *f = *state;
    mode_t old_mask = umask(022);
    struct rfl_csv csv;
    int opened = rfl_csv_open(&csv, f->csv, columns, NCOLS);
    int committed = opened == 0 ? rfl_csv_commit(&csv) : -1;
    int written = rfl_afile_write_string(f->json, "{}\n");
    umask(old_mask);
    assert_int_equal(opened, 0);
    assert_int_equal(committed, 0);
    assert_int_equal(written, 0);
    struct stat st;
    assert_int_equal(stat(f->csv, &st), 0);
    if ((st.st_mode & 0777) != 0644)
        fail_msg("out.csv has mode %03o under umask 022, expected 644", (unsigned)(st.st_mode & 0777));
    assert_int_equal(stat(f->json, &st), 0);
    if ((st.st_mode & 0777) != 0644)
        fail_msg("out.json has mode %03o under umask 022, expected 644", (unsigned)(st.st_mode & 0777));
}

static void test_afile_write_string(void **state)
{
    struct rfl_test_files *f = *state;
    char path[400];
    snprintf(path, sizeof path, "%s/note.txt", f->dir);
    assert_int_equal(rfl_afile_write_string(path, "hello\nworld\n"), 0);
    expect_file(path, "hello\nworld\n");
    int count;
    dir_entries(f->dir, &count);
    assert_int_equal(count, 1);
}

/* A row with the wrong number of fields is a programming error: abort(). */
static void expect_row_abort(const char *dir, int fields)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        if (!freopen("/dev/null", "w", stderr))
            _exit(98);
        char path[400];
        snprintf(path, sizeof path, "%s/bad.csv", dir);
        struct rfl_csv csv;
        if (rfl_csv_open(&csv, path, columns, NCOLS) != 0)
            _exit(97);
        for (int i = 0; i < fields; i++)
            rfl_csv_int(&csv, i);
        rfl_csv_end_row(&csv);
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
        fail_msg("a row of %d fields for %zu columns did not abort (wait status 0x%x)", fields, NCOLS, status);
}

static void test_wrong_field_count_aborts(void **state)
{
    struct rfl_test_files *f = *state;
    expect_row_abort(f->dir, (int)NCOLS - 1);
    expect_row_abort(f->dir, (int)NCOLS + 1);
    expect_row_abort(f->dir, 0);
}

static void test_missing_directory(void **state)
{
    struct rfl_test_files *f = *state;
    char path[400];
    snprintf(path, sizeof path, "%s/no/such/dir/out.csv", f->dir);
    struct rfl_csv csv;
    assert_int_equal(rfl_csv_open(&csv, path, columns, NCOLS), -1);
    rfl_csv_abort(&csv); /* safe after a failed open */
    assert_int_equal(rfl_afile_write_string(path, "x"), -1);
    snprintf(path, sizeof path, "%s/", f->dir); /* a directory, not a file */
    assert_int_equal(rfl_csv_open(&csv, path, columns, NCOLS), -1);
    int count;
    const char *names = dir_entries(f->dir, &count);
    if (count != 0)
        fail_msg("failed opens left files behind: %s", names);
}

static void expect_sidecar(const char *csv_path, const char *want)
{
    char *got = rfl_meta_sidecar_path(csv_path);
    if (!want) {
        if (got)
            fail_msg("rfl_meta_sidecar_path(\"%s\") = \"%s\", expected NULL", csv_path, got);
        return;
    }
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("rfl_meta_sidecar_path(\"%s\") = \"%s\", expected \"%s\"", csv_path, got, want);
    free(got);
}

static void test_sidecar_path(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"out.csv", "out.json"},
        {"bandwidth.csv", "bandwidth.json"},
        {"out", "out.json"},
        {"results/run1/bw.csv", "results/run1/bw.json"},
        {"/tmp/a.b.csv", "/tmp/a.b.json"},
        {"out.csv.gz", "out.csv.gz.json"},
        {"out.txt", "out.txt.json"},
        {"-", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_sidecar(cases[i][0], cases[i][1]);
}

static const char *const fit_columns[] = {"latency_s"};

/* A session commits the CSV, its companion and the sidecar with the outcome
 * and the program's keys; the exit code is the status. */
static void test_session_commit(void **state)
{
    struct rfl_test_files *f = *state;
    static char *argv[] = {"rfl_test", "-o", "out.csv", NULL};
    const struct rfl_session_spec spec = {.program = "rfl_test", .argc = 3, .argv = argv, .output = f->csv,
                                          .columns = columns, .ncols = NCOLS};
    struct rfl_session out;
    assert_int_equal(rfl_session_open(&out, &spec), 0);
    assert_true(out.root);
    assert_non_null(out.meta);
    int failed = 1;
    struct rfl_csv *fit = rfl_session_companion(&out, "fit", fit_columns, 1, &failed);
    assert_int_equal(failed, 0);
    assert_non_null(fit);
    put_row(&out.csv, "a", 4096, -1, 0.5);
    put_row(&out.csv, "b", 4096, -1, 0.5);
    rfl_csv_double(fit, 1e-6);
    rfl_csv_end_row(fit);
    int count;
    dir_entries(f->dir, &count);
    assert_int_equal(count, 2); /* two temporary files, nothing under the final names */
    out.status = RFL_EXIT_VERIFY;
    snprintf(out.failure, sizeof out.failure, "a wrong value");
    assert_true(rfl_session_stop(&out) >= 0);
    json_t *meta = rfl_session_outcome(&out);
    assert_non_null(meta);
    json_object_set_new(meta, "sweep", json_integer(7));
    assert_int_equal(rfl_session_commit(&out), 0);
    assert_int_equal(rfl_session_close(&out), RFL_EXIT_VERIFY);

    expect_file(f->csv, "name,wss_bytes,delta,time_s\na,4096,-1,0.5\nb,4096,-1,0.5\n");
    char path[400];
    snprintf(path, sizeof path, "%s/out_fit.csv", f->dir);
    expect_file(path, "latency_s\n1e-06\n");
    snprintf(path, sizeof path, "%s/out.json", f->dir);
    json_t *sidecar = json_load_file(path, JSON_PRESERVE_ORDER, NULL);
    assert_non_null(sidecar);
    assert_string_equal(json_string_value(json_object_get(sidecar, "program")), "rfl_test");
    assert_string_equal(json_string_value(json_object_get(sidecar, "status")), "verification_failed");
    assert_string_equal(json_string_value(json_object_get(sidecar, "failure")), "a wrong value");
    assert_int_equal(json_integer_value(json_object_get(sidecar, "sweep")), 7);
    /* The program's keys follow the outcome. */
    const char *last = NULL;
    const char *key;
    json_t *value;
    json_object_foreach(sidecar, key, value) last = key;
    assert_string_equal(last, "sweep");
    json_decref(sidecar);
    dir_entries(f->dir, &count);
    assert_int_equal(count, 3);
}

/* Aborted, or closed without a commit: nothing is left, and a session
 * whose CSV cannot be opened says so and holds nothing. */
static void test_session_abort(void **state)
{
    struct rfl_test_files *f = *state;
    static char *argv[] = {"rfl_test", NULL};
    struct rfl_session_spec spec = {.program = "rfl_test", .argc = 1, .argv = argv, .output = f->csv,
                                    .columns = columns, .ncols = NCOLS};
    struct rfl_session out;
    assert_int_equal(rfl_session_open(&out, &spec), 0);
    put_row(&out.csv, "gone", 4096, -1, 0.5);
    rfl_session_abort(&out);
    int count;
    const char *names = dir_entries(f->dir, &count);
    if (count != 0)
        fail_msg("abort left files behind: %s", names);

    assert_int_equal(rfl_session_open(&out, &spec), 0);
    out.status = RFL_EXIT_INTERRUPTED;
    assert_int_equal(rfl_session_close(&out), RFL_EXIT_INTERRUPTED);
    names = dir_entries(f->dir, &count);
    if (count != 0)
        fail_msg("close without a commit left files behind: %s", names);

    char missing[400];
    snprintf(missing, sizeof missing, "%s/no/such/dir/out.csv", f->dir);
    spec.output = missing;
    assert_int_equal(rfl_session_open(&out, &spec), -1);
    assert_null(out.meta);
}

static void test_companion_path(void **state)
{
    (void)state;
    /* stdout takes one CSV: with -o -, a companion goes where a default run puts it */
    const char *const cases[][4] = {{"rfl_gemm", "out.csv", "mix", "out_mix.csv"},
                                    {"rfl_gemm", "dir/gemm.csv", "model", "dir/gemm_model.csv"},
                                    {"rfl_network", "out", "fit", "out_fit.csv"},
                                    {"rfl_network", "-", "fit", "network_fit.csv"},
                                    {"rfl_gpu_link", "-", "fit", "gpu_link_fit.csv"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *p = rfl_session_companion_path(cases[i][0], cases[i][1], cases[i][2]);
        assert_non_null(p);
        assert_string_equal(p, cases[i][3]);
        free(p);
    }
}

/* A stage renames all its files or none: aborted, or refused at commit
 * because a target turned into a directory, it leaves the previous files
 * and no temporary one. */
static void test_stage_all_or_nothing(void **state)
{
    struct rfl_test_files *f = *state;
    char a[400], b[400];
    int count;
    snprintf(a, sizeof a, "%s/a.txt", f->dir);
    snprintf(b, sizeof b, "%s/b.txt", f->dir);
    assert_int_equal(rfl_afile_write_string(a, "old a\n"), 0);
    assert_int_equal(rfl_afile_write_string(b, "old b\n"), 0);

    rfl_afile_stage_begin();
    assert_int_equal(rfl_afile_write_string(a, "new a\n"), 0);
    assert_int_equal(rfl_afile_write_string(b, "new b\n"), 0);
    assert_non_null(rfl_afile_staged(a));
    dir_entries(f->dir, &count);
    assert_int_equal(count, 4); /* two staged beside the two old */
    rfl_afile_stage_abort();
    char *ta = slurp(a), *tb = slurp(b);
    assert_string_equal(ta, "old a\n");
    assert_string_equal(tb, "old b\n");
    free(ta);
    free(tb);
    dir_entries(f->dir, &count);
    assert_int_equal(count, 2);

    rfl_afile_stage_begin();
    assert_int_equal(rfl_afile_write_string(a, "new a\n"), 0);
    assert_int_equal(rfl_afile_write_string(b, "new b\n"), 0);
    assert_int_equal(unlink(b), 0);
    assert_int_equal(mkdir(b, 0777), 0);
    assert_int_equal(rfl_afile_stage_commit(), -1);
    ta = slurp(a);
    assert_string_equal(ta, "old a\n");
    free(ta);
    assert_int_equal(rmdir(b), 0);
    dir_entries(f->dir, &count);
    assert_int_equal(count, 1);

    rfl_afile_stage_begin();
    assert_int_equal(rfl_afile_write_string(a, "new a\n"), 0);
    assert_int_equal(rfl_afile_write_string(b, "new b\n"), 0);
    assert_int_equal(rfl_afile_stage_commit(), 0);
    ta = slurp(a);
    tb = slurp(b);
    assert_string_equal(ta, "new a\n");
    assert_string_equal(tb, "new b\n");
    free(ta);
    free(tb);
    dir_entries(f->dir, &count);
    assert_int_equal(count, 2);
}

/* Only a regular file is replaced. */
static void test_refuses_other_targets(void **state)
{
    struct rfl_test_files *f = *state;
    char p[400], link[400];
    snprintf(p, sizeof p, "%s/fifo.csv", f->dir);
    assert_int_equal(mkfifo(p, 0666), 0);
    assert_int_equal(rfl_afile_write_string(p, "x"), -1);
    struct stat st;
    assert_int_equal(lstat(p, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    snprintf(link, sizeof link, "%s/link.csv", f->dir);
    assert_int_equal(symlink("fifo.csv", link), 0);
    assert_int_equal(rfl_afile_write_string(link, "x"), -1);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    int count;
    dir_entries(f->dir, &count);
    assert_int_equal(count, 2);
}

/* Temporary files of dead writers go; a live writer's and other files stay. */
static void test_remove_stale(void **state)
{
    struct rfl_test_files *f = *state;
    pid_t dead = fork();
    assert_true(dead >= 0);
    if (dead == 0)
        _exit(0);
    assert_int_equal(waitpid(dead, NULL, 0), dead);
    /* NAME.PID.SUFFIX, as the prefix and suffix of each name. */
    const char *stale[][2] = {{".out.csv.", ".AbC123"}, {".x.json.", ".dEf456"}};
    const char *keep[][2] = {{".out.csv.", ".GhI789"}, {"out.", ".csv"}, {".out.csv.", ".short"}};
    char p[400];
    for (size_t i = 0; i < 2; i++) {
        snprintf(p, sizeof p, "%s/%s%ld%s", f->dir, stale[i][0], (long)dead, stale[i][1]);
        fclose(fopen(p, "w"));
    }
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s%ld%s", f->dir, keep[i][0], i == 0 ? (long)getppid() : (long)dead, keep[i][1]);
        fclose(fopen(p, "w"));
    }
    /* The next write of out.csv removes its own dead temporary file only. */
    assert_int_equal(rfl_afile_write_string(f->csv, "x\n"), 0);
    int count;
    dir_entries(f->dir, &count);
    assert_int_equal(count, 5);
    rfl_afile_remove_stale(f->dir);
    const char *names = dir_entries(f->dir, &count);
    if (count != 4)
        fail_msg("left after rfl_afile_remove_stale: %s", names);
}

/* Every number the writer prints reads back under the strict grammar the
 * CSV readers share with options (common/number.h); what it never prints
 * (blanks, hex, a bare exponent, two signs, inf, nan) is refused. */
static void test_numbers_read_back_strictly(void **state)
{
    (void)state;
    const double cells[] = {0.5, 1.0 / 3.0, 1.5e-9, -42, 1e300, 2.2250738585072014e-308, 123456789012.0};
    char buf[64];
    double d;
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        rfl_format_double(buf, sizeof buf, "%.9g", cells[i]);
        assert_int_equal(rfl_parse_decimal(buf, &d), 0);
        assert_true(fabs(d - cells[i]) <= 1e-8 * fabs(cells[i]));
    }
    long l;
    uint64_t u;
    assert_true(rfl_parse_long("-42", &l) == 0 && l == -42 && rfl_parse_u64("+1", &u) == -1);
    assert_true(rfl_parse_u64("18446744073709551615", &u) == 0 && u == UINT64_MAX);
    static const char *const bad[] = {"0x10", " 5", "5 ", "1e", "+-1", "inf", "nan", "", "\t5", "1,5", "5\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (rfl_parse_decimal(bad[i], &d) == 0 || rfl_parse_long(bad[i], &l) == 0 || rfl_parse_u64(bad[i], &u) == 0)
            fail_msg("'%s' was read as a number", bad[i]);
    assert_true(rfl_parse_u64("18446744073709551616", &u) == -1 && rfl_parse_long("1e3", &l) == -1);
}

static const struct CMUnitTest tests[] = {
    rfl_test_with_files(test_header_and_rows),
    rfl_test_with_files(test_header_only),
    rfl_test_with_files(test_unreadable_number),
    rfl_test_with_files(test_quoting),
    rfl_test_with_files(test_decimal_point_under_comma_locale),
    cmocka_unit_test(test_format_double_c_locale),
    cmocka_unit_test(test_numbers_read_back_strictly),
    rfl_test_with_files(test_commit_is_atomic),
    rfl_test_with_files(test_abort_leaves_nothing),
    rfl_test_with_files(test_commit_mode_follows_umask),
    rfl_test_with_files(test_afile_write_string),
    rfl_test_with_files(test_wrong_field_count_aborts),
    rfl_test_with_files(test_missing_directory),
    cmocka_unit_test(test_sidecar_path),
    rfl_test_with_files(test_session_commit),
    rfl_test_with_files(test_session_abort),
    cmocka_unit_test(test_companion_path),
    rfl_test_with_files(test_stage_all_or_nothing),
    rfl_test_with_files(test_refuses_other_targets),
    rfl_test_with_files(test_remove_stale),
};

RFL_TEST_MPI_MAIN(tests, NULL, NULL, NULL)
