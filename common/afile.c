#include "config.h"
#include "afile.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rfl_afile_open(struct rfl_afile *f, const char *path)
{
    memset(f, 0, sizeof *f);
    if (strcmp(path, "-") == 0) {
        f->fp = stdout;
        return 0;
    }
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
    const char *base = slash ? slash + 1 : path;
    if (*base == '\0') {
        rfl_error_all("%s: is a directory, not an output file", path);
        return -1;
    }
    size_t len = strlen(path) + 16;
    f->tmp_path = malloc(len);
    f->path = strdup(path);
    if (!f->tmp_path || !f->path) {
        rfl_error_all("%s: out of memory", path);
        rfl_afile_abort(f);
        return -1;
    }
    snprintf(f->tmp_path, len, "%.*s.%s.XXXXXX", (int)dirlen, path, base);
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

int rfl_afile_commit(struct rfl_afile *f)
{
    if (!f->fp)
        return -1;
    if (!f->path) { /* stdout */
        int rc = fflush(f->fp) == 0 ? 0 : -1;
        f->fp = NULL;
        return rc;
    }
    int failed = fflush(f->fp) != 0 || ferror(f->fp) || fsync(fileno(f->fp)) != 0;
    int saved = errno;
    if (fclose(f->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    f->fp = NULL;
    if (!failed && rename(f->tmp_path, f->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        rfl_error_all("%s: cannot write: %s", f->path, strerror(saved));
        rfl_afile_abort(f);
        return -1;
    }
    free(f->tmp_path);
    free(f->path);
    f->tmp_path = f->path = NULL;
    return 0;
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
    fputs(text, f.fp);
    return rfl_afile_commit(&f);
}
