/* A unit test's own temporary folder: made under $TMPDIR (else /tmp) in
 * its group's (or each test's) setup, removed with everything in it in the
 * teardown. */
#ifndef RFL_TEST_TMPDIR_H
#define RFL_TEST_TMPDIR_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Makes dir (len bytes) as $TMPDIR/rfl-test-NAME.XXXXXX: 0, or -1. */
static inline int rfl_test_tmpdir_make(char *dir, size_t len, const char *name)
{
    const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    const int n = snprintf(dir, len, "%s/rfl-test-%s.XXXXXX", base, name);
    return n > 0 && (size_t)n < len && mkdtemp(dir) ? 0 : -1;
}

/* Removes dir and all below it (links removed, not followed): 0, or -1. */
static inline int rfl_test_tmpdir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[4096];
        struct stat st;
        const int n = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof path)
            rc = -1;
        else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            rc |= rfl_test_tmpdir_remove(path);
        else
            rc |= unlink(path);
    }
    closedir(d);
    return rmdir(dir) | rc;
}

/* A test's own folder and its output's paths there, made fresh for each
 * test: the setup and teardown of cmocka_unit_test_setup_teardown call
 * rfl_test_files_setup and rfl_test_files_teardown; *state is the struct. */
struct rfl_test_files {
    char dir[256];
    char csv[300];  /* DIR/STEM.csv */
    char json[300]; /* DIR/STEM.json, the CSV's sidecar */
};

/* Makes the folder $TMPDIR/rfl-test-NAME.XXXXXX: 0, or -1. */
static inline int rfl_test_files_setup(void **state, const char *name, const char *stem)
{
    struct rfl_test_files *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    if (rfl_test_tmpdir_make(f->dir, sizeof f->dir, name) != 0) {
        free(f);
        return -1;
    }
    snprintf(f->csv, sizeof f->csv, "%s/%s.csv", f->dir, stem);
    snprintf(f->json, sizeof f->json, "%s/%s.json", f->dir, stem);
    *state = f;
    return 0;
}

/* Removes the folder with everything in it. */
static inline int rfl_test_files_teardown(void **state)
{
    struct rfl_test_files *f = *state;
    rfl_test_tmpdir_remove(f->dir);
    free(f);
    return 0;
}

#endif
