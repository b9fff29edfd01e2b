/* rfl's --config FILE|NAME: a name is looked up among the installed configs. */
#include "config.h"
#include "config_name.h"
#include "common/log.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* What a path that exists but is no regular file is, in words; NULL when
 * it is a regular file or is not there (a dangling link is not there). */
static const char *not_a_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return NULL;
    return S_ISREG(st.st_mode)    ? NULL
           : S_ISDIR(st.st_mode)  ? "a directory"
           : S_ISFIFO(st.st_mode) ? "a FIFO"
           : S_ISSOCK(st.st_mode) ? "a socket"
           : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                         : "not a regular file";
}

/* The directory rfl runs from, or "" when /proc does not say. */
static void exe_dir(char *buf, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    buf[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    snprintf(buf, len, "%s", exe);
}

enum { MAX_DIRS = 5 };

/* The directories to look in, in order; returns how many. */
static int config_dirs(char dirs[MAX_DIRS][PATH_MAX])
{
    const char *env = getenv("RFL_CONFIG_DIR");
    if (env && *env) {
        snprintf(dirs[0], PATH_MAX, "%s", env);
        return 1;
    }
    int n = 0;
    char here[PATH_MAX];
    exe_dir(here, sizeof here);
    /* Relocatable: an installed rfl (in a bin/) takes the configs installed
     * beside it, PREFIX/share/rfl/config, wherever the tree was moved or
     * whatever prefix an earlier configure compiled in below. */
    size_t hl = strlen(here);
    if (hl > 4 && !strcmp(here + hl - 4, "/bin")) {
        char rel[PATH_MAX + 32], abs[PATH_MAX];
        snprintf(rel, sizeof rel, "%.*s/share/rfl/config", (int)(hl - 4), here);
        if (realpath(rel, abs))
            snprintf(dirs[n++], PATH_MAX, "%s", abs);
    }
    if (!n || strcmp(dirs[0], RFL_CONFIG_DIR) != 0)
        snprintf(dirs[n++], PATH_MAX, "%s", RFL_CONFIG_DIR);
    size_t bl = strlen(RFL_BINDIR);
    /* A staged install: rfl in DESTDIR/BINDIR, its configs in DESTDIR/CONFIG_DIR. */
    if (hl > bl && !strcmp(here + hl - bl, RFL_BINDIR)) {
        snprintf(dirs[n], PATH_MAX, "%.*s%s", (int)(hl - bl), here, RFL_CONFIG_DIR);
        char abs[PATH_MAX];
        n += !(realpath(dirs[n], abs) && !strcmp(abs, dirs[0])); /* not twice: found beside rfl already */
    }
#ifdef RFL_BUILDDIR
    /* An rfl run from its build tree reads the source tree's examples. */
    char build[PATH_MAX];
    if (here[0] && realpath(RFL_BUILDDIR, build) && !strcmp(build, here))
        snprintf(dirs[n++], PATH_MAX, "%s", RFL_SRC_CONFIG_DIR);
#endif
    return n;
}

int rfl_config_find(const char *arg, char *buf, size_t len)
{
    if (strchr(arg, '/') || is_file(arg) || !*arg) {
        snprintf(buf, len, "%s", arg);
        return 0;
    }
    size_t al = strlen(arg);
    const char *ext = al > 5 && !strcmp(arg + al - 5, ".conf") ? "" : ".conf";
    char dirs[MAX_DIRS][PATH_MAX];
    int n = config_dirs(dirs);
    char where[MAX_DIRS * (PATH_MAX + 2)] = "";
    for (int i = 0; i < n; i++) {
        snprintf(buf, len, "%s/%s%s", dirs[i], arg, ext);
        if (is_file(buf))
            return 0;
        const char *what = not_a_file(buf);
        if (what) {
            rfl_error("--config %s: %s is %s, not a config file", arg, buf, what);
            return -1;
        }
        size_t wl = strlen(where);
        snprintf(where + wl, sizeof where - wl, "%s%s", i ? ", " : "", dirs[i]);
    }
    const char *what = not_a_file(arg);
    if (what)
        rfl_error("--config %s: %s here, not a config file, and no %s%s in %s", arg, what, arg, ext, where);
    else
        rfl_error("--config %s: no such file, and no %s%s in %s", arg, arg, ext, where);
    return -1;
}
