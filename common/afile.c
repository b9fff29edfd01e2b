#include "config.h"
#include "afile.h"
#include "log.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------------------
 * Targets and temporary names
 * ------------------------------------------------------------------------- */

static const char *kind_of(mode_t mode)
{
    return S_ISDIR(mode)    ? "a directory"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISLNK(mode)  ? "a symbolic link"
                            : "not a file";
}

int rfl_afile_check_target(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 0; /* absent (or unreachable: creating the temporary file says why) */
    rfl_error_all("%s: not a regular file (%s); refusing to replace it", path, kind_of(st.st_mode));
    return -1;
}

/* NAME in ".NAME.PID.XXXXXX" (copied to name, at most len bytes) and PID;
 * 0 when `entry` is not such a name. */
static int temp_name(const char *entry, char *name, size_t len, long *pid)
{
    size_t n = strlen(entry);
    if (n < 11 || entry[0] != '.' || entry[n - 7] != '.')
        return 0;
    for (size_t i = n - 6; i < n; i++)
        if (!isalnum((unsigned char)entry[i]))
            return 0;
    size_t end = n - 7, start = end;
    while (start > 0 && isdigit((unsigned char)entry[start - 1]))
        start--;
    if (start == end || end - start > 9 || start < 3 || entry[start - 1] != '.')
        return 0;
    size_t nlen = start - 2; /* between the leading dot and the one before PID */
    if (nlen + 1 > len)
        return 0;
    memcpy(name, entry + 1, nlen);
    name[nlen] = '\0';
    *pid = strtol(entry + start, NULL, 10);
    return *pid > 0;
}

static int writer_gone(long pid)
{
    return pid != (long)getpid() && kill((pid_t)pid, 0) == -1 && errno == ESRCH;
}

void rfl_remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[4096];
            if ((size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < sizeof sub)
                rfl_remove_tree(sub);
        }
        closedir(d);
    }
    rmdir(path);
}

/* The temporary entries in dir (dirlen bytes of `dir`, "" for the current
 * one) of dead writers: all of them, or those of target `base`. */
static void remove_stale(const char *dir, size_t dirlen, const char *base)
{
    char dpath[4096];
    if (dirlen >= sizeof dpath)
        return;
    if (dirlen)
        memcpy(dpath, dir, dirlen);
    dpath[dirlen] = '\0';
    DIR *d = opendir(dirlen ? dpath : ".");
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        char name[1024], path[4096 + 1024];
        long pid;
        if (!temp_name(e->d_name, name, sizeof name, &pid) || (base && strcmp(name, base) != 0) ||
            !writer_gone(pid))
            continue;
        snprintf(path, sizeof path, "%s%s%s", dpath, dirlen && dpath[dirlen - 1] != '/' ? "/" : "", e->d_name);
        rfl_remove_tree(path);
    }
    closedir(d);
}

void rfl_afile_remove_stale(const char *dir) { remove_stale(dir, strlen(dir), NULL); }

/* "DIR/.BASE.PID.XXXXXX" for the target `path`; NULL when out of memory. */
static char *temp_pattern(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
    size_t len = strlen(path) + 40;
    char *t = malloc(len);
    if (t)
        snprintf(t, len, "%.*s.%s.%ld.XXXXXX", (int)dirlen, path, path + dirlen, (long)getpid());
    return t;
}

/* ---------------------------------------------------------------------------
 * One file
 * ------------------------------------------------------------------------- */

int rfl_afile_open(struct rfl_afile *f, const char *path)
{
    memset(f, 0, sizeof *f);
    if (strcmp(path, "-") == 0) {
        f->fp = stdout;
        return 0;
    }
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
    const char *base = path + dirlen;
    if (*base == '\0') {
        rfl_error_all("%s: is a directory, not an output file", path);
        return -1;
    }
    if (rfl_afile_check_target(path) != 0)
        return -1;
    remove_stale(path, dirlen, base);
    f->tmp_path = temp_pattern(path);
    f->path = strdup(path);
    if (!f->tmp_path || !f->path) {
        rfl_error_all("%s: out of memory", path);
        rfl_afile_abort(f);
        return -1;
    }
    int fd = mkstemp(f->tmp_path);
    if (fd < 0) {
        rfl_error_all("%s: cannot create: %s", path, strerror(errno));
        free(f->tmp_path);
        f->tmp_path = NULL;
        rfl_afile_abort(f);
        return -1;
    }
    /* mkstemp creates 0600; an output file gets the mode any new file would. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        rfl_error_all("%s: cannot open: %s", path, strerror(errno));
        close(fd);
        rfl_afile_abort(f);
        return -1;
    }
    return 0;
}

/* The error of a write that failed earlier (stdio keeps only the flag): the
 * same write condition (a full disk, a size limit) fails a probe byte at the
 * end of the temporary file, which is removed anyway. */
static int earlier_error(FILE *fp)
{
    struct stat st;
    int fd = fileno(fp);
    if (fd >= 0 && fstat(fd, &st) == 0 && pwrite(fd, "", 1, st.st_size) < 0)
        return errno;
    return EIO;
}

/* Written, flushed, synced and closed; the temporary file stays. 0, or -1
 * after a message (the file removed). */
static int finish(struct rfl_afile *f)
{
    int err = 0;
    if (ferror(f->fp))
        err = earlier_error(f->fp);
    else if (fflush(f->fp) != 0 || ferror(f->fp) || fsync(fileno(f->fp)) != 0)
        err = errno ? errno : EIO;
    if (fclose(f->fp) != 0 && !err)
        err = errno ? errno : EIO;
    f->fp = NULL;
    if (err) {
        rfl_error_all("%s: cannot write: %s", f->path, strerror(err));
        rfl_afile_abort(f);
        return -1;
    }
    return 0;
}

/* The finished temporary file renamed over its target. */
static int publish(const char *tmp_path, const char *path)
{
    if (rfl_afile_check_target(path) != 0) {
        unlink(tmp_path);
        return -1;
    }
    if (rename(tmp_path, path) != 0) {
        rfl_error_all("%s: cannot write: %s", path, strerror(errno));
        unlink(tmp_path);
        return -1;
    }
    return 0;
}

static int stage_add(char *path, char *tmp_path);
static int stage_active;

int rfl_afile_commit(struct rfl_afile *f)
{
    if (!f->fp)
        return -1;
    if (!f->path) { /* stdout */
        int failed = ferror(f->fp), err = failed ? EIO : 0;
        errno = 0;
        if (fflush(f->fp) != 0) {
            failed = 1;
            err = errno ? errno : EIO;
        }
        f->fp = NULL;
        if (failed)
            rfl_error_all("standard output: cannot write: %s", strerror(err));
        return failed ? -1 : 0;
    }
    if (finish(f) != 0)
        return -1;
    int rc;
    if (stage_active) {
        rc = stage_add(f->path, f->tmp_path);
        if (rc != 0)
            unlink(f->tmp_path);
    } else {
        rc = publish(f->tmp_path, f->path);
    }
    if (!stage_active || rc != 0) {
        free(f->tmp_path);
        free(f->path);
    }
    f->tmp_path = f->path = NULL;
    return rc;
}

void rfl_afile_abort(struct rfl_afile *f)
{
    if (f->fp && f->fp != stdout)
        fclose(f->fp);
    f->fp = NULL;
    if (f->tmp_path)
        unlink(f->tmp_path);
    free(f->tmp_path);
    free(f->path);
    f->tmp_path = f->path = NULL;
}

int rfl_afile_write_string(const char *path, const char *text)
{
    struct rfl_afile f;
    if (rfl_afile_open(&f, path) != 0)
        return -1;
    fputs(text, f.fp); /* an error stays in the stream: commit reports it */
    return rfl_afile_commit(&f);
}

/* ---------------------------------------------------------------------------
 * The stage
 * ------------------------------------------------------------------------- */

static struct staged {
    char *path, *tmp_path;
} *staged;
static size_t nstaged, staged_cap;

void rfl_afile_stage_begin(void)
{
    rfl_afile_stage_abort();
    stage_active = 1;
}

/* Takes both strings. */
static int stage_add(char *path, char *tmp_path)
{
    if (nstaged == staged_cap) {
        size_t cap = staged_cap ? 2 * staged_cap : 16;
        struct staged *p = realloc(staged, cap * sizeof *p);
        if (!p) {
            rfl_error_all("%s: out of memory", path);
            return -1;
        }
        staged = p;
        staged_cap = cap;
    }
    staged[nstaged++] = (struct staged){path, tmp_path};
    return 0;
}

const char *rfl_afile_staged(const char *path)
{
    for (size_t i = nstaged; i-- > 0;)
        if (!strcmp(staged[i].path, path))
            return staged[i].tmp_path;
    return NULL;
}

int rfl_afile_stage_file(const char *made, const char *path)
{
    char *tmp = temp_pattern(path), *p = strdup(path);
    int fd = -1;
    if (!tmp || !p) {
        rfl_error_all("%s: out of memory", path);
        goto fail;
    }
    if (rfl_afile_check_target(path) != 0)
        goto fail;
    /* Synced where gnuplot wrote it, then moved over a fresh temporary name. */
    fd = open(made, O_RDONLY);
    if (fd < 0 || fsync(fd) != 0) {
        rfl_error_all("%s: cannot write: %s", path, strerror(errno));
        goto fail;
    }
    close(fd);
    fd = mkstemp(tmp);
    if (fd < 0 || rename(made, tmp) != 0) {
        rfl_error_all("%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0)
            unlink(tmp);
        goto fail;
    }
    close(fd);
    fd = -1;
    if (stage_add(p, tmp) != 0) {
        unlink(tmp);
        goto fail;
    }
    return 0;
fail:
    if (fd >= 0)
        close(fd);
    unlink(made);
    free(tmp);
    free(p);
    return -1;
}

/* Removes the first n staged files (those not renamed) and ends the stage. */
static void stage_end(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unlink(staged[i].tmp_path);
        free(staged[i].tmp_path);
        free(staged[i].path);
    }
    free(staged);
    staged = NULL;
    nstaged = staged_cap = 0;
    stage_active = 0;
}

int rfl_afile_stage_commit(void)
{
    for (size_t i = 0; i < nstaged; i++)
        if (rfl_afile_check_target(staged[i].path) != 0) {
            stage_end(nstaged);
            return -1;
        }
    while (nstaged > 0) {
        struct staged *s = &staged[nstaged - 1];
        int rc = publish(s->tmp_path, s->path);
        free(s->tmp_path);
        free(s->path);
        nstaged--;
        if (rc != 0) {
            stage_end(nstaged);
            return -1;
        }
    }
    stage_end(0);
    return 0;
}

void rfl_afile_stage_abort(void) { stage_end(nstaged); }
