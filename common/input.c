#include "config.h"
#include "input.h"
#include "log.h"
#include "size.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void too_large(char *why, size_t wlen, uint64_t max_bytes)
{
    char cap[32];
    rfl_format_size(max_bytes, cap, sizeof cap);
    snprintf(why, wlen, "larger than %s, the most rfl reads of an input file%s", cap,
             max_bytes == RFL_INPUT_MAX_BYTES ? " (RFL_INPUT_MAX_BYTES)" : "");
}

int rfl_input_open(const char *path, uint64_t max_bytes, char *why, size_t wlen)
{
    /* O_NONBLOCK: opening a FIFO without a writer returns at once (and a
     * device's open does not wait for carrier); fstat then refuses both. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int e = errno;
        snprintf(why, wlen, "cannot read: %s", strerror(e));
        errno = e;
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        snprintf(why, wlen, "cannot read: %s", strerror(e));
        close(fd);
        errno = e;
        return -1;
    }
    /* /dev/null stands for an empty file (`--config /dev/null`): it never
     * blocks and never ends late. Any other device may (a terminal waits
     * for a line, /dev/zero never ends). */
    struct stat null_dev;
    int is_null = S_ISCHR(st.st_mode) && stat("/dev/null", &null_dev) == 0 && S_ISCHR(null_dev.st_mode) &&
                  null_dev.st_rdev == st.st_rdev;
    if (!S_ISREG(st.st_mode) && !is_null) {
        snprintf(why, wlen, S_ISDIR(st.st_mode) ? "not a regular file (a directory)" : "not a regular file");
        close(fd);
        errno = EINVAL;
        return -1;
    }
    if (max_bytes && (uint64_t)st.st_size > max_bytes) {
        too_large(why, wlen, max_bytes);
        close(fd);
        errno = EFBIG;
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int e = errno;
        snprintf(why, wlen, "cannot read: %s", strerror(e));
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

char *rfl_input_load(const char *path, uint64_t max_bytes, size_t *len, char *why, size_t wlen)
{
    int fd = rfl_input_open(path, max_bytes, why, wlen);
    if (fd < 0)
        return NULL;
    /* The size fstat saw is a hint (the file may grow while read): read
     * until end of file, never past the cap. */
    size_t cap = 1 << 16, n = 0;
    if (max_bytes && max_bytes + 1 < cap)
        cap = (size_t)max_bytes + 1;
    char *buf = malloc(cap);
    int e = 0;
    while (buf) {
        if (n + 1 == cap) {
            if (max_bytes && n >= max_bytes) {
                char probe;
                ssize_t more = read(fd, &probe, 1);
                if (more == 0)
                    break;
                if (more < 0) {
                    e = errno;
                    break;
                }
                too_large(why, wlen, max_bytes);
                free(buf);
                close(fd);
                errno = EFBIG;
                return NULL;
            }
            size_t bigger = 2 * cap;
            if (max_bytes && bigger > max_bytes + 1)
                bigger = (size_t)max_bytes + 1;
            char *p = realloc(buf, bigger);
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
            cap = bigger;
        }
        ssize_t got = read(fd, buf + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            e = errno;
            break;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (!buf) {
        snprintf(why, wlen, "out of memory");
        errno = ENOMEM;
        return NULL;
    }
    if (e) {
        snprintf(why, wlen, "cannot read: %s", strerror(e));
        free(buf);
        errno = e;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *rfl_input_read(const char *path, uint64_t max_bytes, size_t *len, const char *what)
{
    char why[256];
    char *text = rfl_input_load(path, max_bytes, len, why, sizeof why);
    if (text)
        return text;
    if (what && strncmp(why, "cannot read: ", 13) == 0)
        rfl_error("%s: cannot read %s: %s", path, what, why + 13);
    else
        rfl_error("%s: %s", path, why);
    return NULL;
}

char *rfl_input_read_text(const char *path, uint64_t max_bytes, size_t *len, const char *what)
{
    char *text = rfl_input_read(path, max_bytes, len, what);
    if (text && memchr(text, '\0', *len)) {
        rfl_error("%s: not a text file", path);
        free(text);
        return NULL;
    }
    return text;
}

FILE *rfl_input_fopen(const char *path, uint64_t max_bytes, char *why, size_t wlen)
{
    int fd = rfl_input_open(path, max_bytes, why, wlen);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "r");
    if (!f) {
        int e = errno;
        snprintf(why, wlen, "cannot read: %s", strerror(e));
        close(fd);
        errno = e;
    }
    return f;
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

char **rfl_input_dir_names(const char *dir, const char *suffix, size_t *count)
{
    struct dirent **entries;
    const int n = scandir(dir, &entries, NULL, by_name);
    *count = 0;
    if (n < 0)
        return NULL;
    char **names = calloc((size_t)n + 1, sizeof *names);
    const size_t sl = strlen(suffix);
    for (int i = 0; i < n; i++) {
        const char *name = entries[i]->d_name;
        const size_t len = strlen(name);
        if (names && name[0] != '.' && len > sl && strcmp(name + len - sl, suffix) == 0) {
            names[*count] = strdup(name);
            if (names[*count]) {
                (*count)++;
            } else {
                rfl_input_free_names(names);
                names = NULL;
            }
        }
        free(entries[i]);
    }
    free(entries);
    if (!names) {
        *count = 0;
        errno = ENOMEM;
    }
    return names;
}

void rfl_input_free_names(char **names)
{
    for (size_t i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
}
