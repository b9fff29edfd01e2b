/* A unit test's own temporary folder: made under $TMPDIR (else /tmp) in
 * its group's setup, removed with everything in it in the teardown. */
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

#endif
