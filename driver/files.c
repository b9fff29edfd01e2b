/* The run directory's files and the machine around it: folders made and
 * removed, the programs' files found by pattern, where the programs are and
 * whether a GPU is. */
#include "config.h"
#include "files.h"
#include "ceilings/sources.h"
#include "ceilings/table.h"
#include "common/input.h"
#include "common/log.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

int rfl_run_mkdir_p(const char *path)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

int rfl_run_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Where the programs are: $RFL_PROGRAM_DIR, else beside this executable. */
void rfl_run_program_dir(char *buf, size_t len)
{
    const char *env = getenv("RFL_PROGRAM_DIR");
    if (env && *env) {
        snprintf(buf, len, "%s", env);
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(buf, len, ".");
        return;
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    snprintf(buf, len, "%s", exe);
}

/* $RFL_GPU_PRESENT (1 or 0) overrides the device files: the tests run
 * stand-ins of the GPU programs on machines without a GPU. */
int rfl_run_gpu_present(void)
{
    const char *env = getenv("RFL_GPU_PRESENT");
    if (env && (!strcmp(env, "0") || !strcmp(env, "1")))
        return env[0] == '1';
    return access("/dev/nvidiactl", F_OK) == 0 || access("/dev/nvidia0", F_OK) == 0;
}

int rfl_run_gpu_count(void)
{
    const char *env = getenv("RFL_GPU_COUNT");
    if (env && *env)
        return atoi(env);
    if (!rfl_run_gpu_present())
        return 0;
    int n = 0;
    char path[64];
    for (int i = 0; i < 1024; i++) {
        snprintf(path, sizeof path, "/dev/nvidia%d", i);
        n += access(path, F_OK) == 0;
    }
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    if (visible) {
        int listed = 0;
        for (const char *p = visible; *p;) {
            const size_t len = strcspn(p, ",");
            listed += len > 0;
            p += len + (p[len] == ',');
        }
        if (listed < n)
            n = listed;
    }
    return n;
}

/* The files of `dir` whose names match `pattern` and end in `suffix`
 * (sorted, so every move is in a fixed order); NULL-terminated. */
char **rfl_run_matching_files(const char *dir, const char *pattern, const char *suffix)
{
    size_t n = 0, kept = 0;
    char **names = rfl_input_dir_names(dir, suffix, &n);
    int fd = names ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd < 0) {
        rfl_input_free_names(names);
        return calloc(1, sizeof(char *));
    }
    for (size_t i = 0; i < n; i++) {
        if (pattern && fnmatch(pattern, names[i], 0) != 0) {
            free(names[i]);
            continue;
        }
        /* Only regular files are outputs: a dangling or looping link (a run
         * directory passed between machines) is skipped with a warning, so
         * --resume redoes its step and the new file replaces the link. */
        struct stat st;
        int gone = fstatat(fd, names[i], &st, 0) != 0 ? errno : 0;
        if (gone || !S_ISREG(st.st_mode)) {
            struct stat ls;
            if (fstatat(fd, names[i], &ls, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(ls.st_mode))
                rfl_warn("%s/%s: %s: skipped", dir, names[i],
                         gone == ELOOP ? "a symbolic link loop" : "a symbolic link to no regular file");
            else
                rfl_warn("%s/%s: not a regular file: skipped", dir, names[i]);
            free(names[i]);
            continue;
        }
        names[kept++] = names[i];
    }
    names[kept] = NULL;
    close(fd);
    return names;
}

/* The outputs of a program are in dir: at least one CSV of its pattern. */
int rfl_run_outputs_exist(const char *dir, const char *pattern)
{
    char **names = rfl_run_matching_files(dir, pattern, ".csv");
    int found = names && names[0];
    rfl_input_free_names(names);
    return found;
}

/* The reader's own message is the best reason to give, but it prints as an
 * error while nothing is wrong with the run: stderr goes to a scratch file
 * for the check, and its first line becomes the reason. */
struct quiet {
    int saved;
    FILE *sink;
};

static void quiet_begin(struct quiet *q)
{
    fflush(stderr);
    q->sink = tmpfile();
    q->saved = q->sink ? dup(STDERR_FILENO) : -1;
    if (q->saved >= 0 && dup2(fileno(q->sink), STDERR_FILENO) < 0) {
        close(q->saved);
        q->saved = -1;
    }
}

static void quiet_end(struct quiet *q, char *why, size_t len)
{
    fflush(stderr);
    if (q->saved >= 0) {
        dup2(q->saved, STDERR_FILENO);
        close(q->saved);
    }
    if (!q->sink)
        return;
    char line[1024];
    rewind(q->sink);
    if (fgets(line, sizeof line, q->sink)) {
        line[strcspn(line, "\n")] = '\0';
        /* without the "rfl: error: " it was printed with */
        const char *text = strstr(line, "error: ");
        snprintf(why, len, "%s", text ? text + 7 : line);
    }
    fclose(q->sink);
}

/* One CSV as rfl ceilings reads it (ceilings/build.c's load_input without
 * the model): its kind, its sidecar and program, its rows against the
 * header, its columns; and its last byte a line break, which every row the
 * programs write ends with, so a file cut mid-number is seen too. */
static int readable_csv(const char *dir, const char *name, char *why, size_t len)
{
    char path[PATH_MAX * 2], meta_path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    const struct rfl_source *src = rfl_source_for_input(dir, name);
    if (!src || !src->program) {
        snprintf(why, len, "%s: not a file of this program's kind", path);
        return 0;
    }
    size_t stem = strlen(name) - 4, clen = src->companion ? strlen(src->companion) : 0;
    if (clen && stem > clen && strncmp(name + stem - clen, src->companion, clen) == 0)
        stem -= clen;
    snprintf(meta_path, sizeof meta_path, "%s/%.*s.json", dir, (int)stem, name);
    size_t n = 0;
    char *text = rfl_input_load(meta_path, RFL_INPUT_MAX_BYTES, &n, why, len);
    const int loaded = text != NULL, gone = !loaded && errno == ENOENT;
    json_t *meta = loaded ? json_loadb(text, n, 0, NULL) : NULL;
    free(text);
    if (!meta || !json_is_object(meta)) {
        if (loaded)
            snprintf(why, len, "%s: not a JSON object", meta_path);
        else if (gone)
            snprintf(why, len, "%s: no sidecar %s", path, meta_path);
        json_decref(meta);
        return 0;
    }
    const json_t *budget = json_object_get(meta, "budget");
    const int all_cut_ok = json_integer_value(json_object_get(budget, "points_cut")) > 0 ||
                           json_integer_value(json_object_get(budget, "sizes_cut")) > 0;
    json_decref(meta);
    text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &n, why, len);
    if (!text)
        return 0;
    const int cut = n > 0 && text[n - 1] != '\n';
    free(text);
    if (cut) {
        snprintf(why, len, "%s: truncated (no line break at its end)", path);
        return 0;
    }
    struct quiet q;
    quiet_begin(&q);
    struct rfl_table t;
    int ok = rfl_table_read_some(path, &t, all_cut_ok) == 0;
    if (ok) {
        ok = rfl_table_check_columns(&t, src->kind, src->required, src->optional) == 0;
        rfl_table_free(&t);
    }
    quiet_end(&q, why, len);
    if (!ok && !why[0])
        snprintf(why, len, "%s: cannot be read back", path);
    return ok;
}

int rfl_run_outputs_readable(const char *dir, const char *pattern, char *why, size_t len)
{
    why[0] = '\0';
    char **names = rfl_run_matching_files(dir, pattern, ".csv");
    int ok = names && names[0];
    if (!ok)
        snprintf(why, len, "no %s in %s", pattern, dir);
    for (size_t i = 0; ok && names[i]; i++)
        ok = readable_csv(dir, names[i], why, len);
    rfl_input_free_names(names);
    return ok;
}

/* A word as the shell reads it back: as it is when every byte is one the
 * shell takes literally, else in single quotes (a ' as '\''), so a
 * command from the log or --dry-run pasted into a shell runs exactly argv:
 * a path with a blank stays one word and $(...) in it is never run. */
static size_t quote_word(const char *w, char *out)
{
    static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
    size_t n = 0, len = strlen(w);
    if (len && strspn(w, safe) == len) {
        if (out)
            memcpy(out, w, len);
        return len;
    }
    if (out)
        out[n] = '\'';
    n++;
    for (; *w; w++) {
        if (*w == '\'') {
            if (out)
                memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            if (out)
                out[n] = *w;
            n++;
        }
    }
    if (out)
        out[n] = '\'';
    return n + 1;
}

char *rfl_run_join_argv(char **argv)
{
    size_t len = 1;
    for (size_t i = 0; argv[i]; i++)
        len += quote_word(argv[i], NULL) + 1;
    char *s = malloc(len), *w = s;
    for (size_t i = 0; s && argv[i]; i++) {
        if (i)
            *w++ = ' ';
        w += quote_word(argv[i], w);
    }
    if (s)
        *w = '\0';
    return s;
}

void rfl_run_default_dir(const char *results_dir, char *buf, size_t len)
{
    char host[256] = "host", stamp[32];
    gethostname(host, sizeof host - 1);
    char *dot = strchr(host, '.');
    if (dot)
        *dot = '\0';
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    const char *parent = results_dir && *results_dir ? results_dir : "results";
    snprintf(buf, len, "%s/%s-%s", parent, host, stamp);
    for (int i = 2; rfl_run_exists(buf) && i < 100; i++)
        snprintf(buf, len, "%s/%s-%s-%d", parent, host, stamp, i);
}
