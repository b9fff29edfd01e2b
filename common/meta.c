#include "config.h"
#include "meta.h"
#include "afile.h"
#include "mpi_shim.h"
#include "rfl.h"
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

const char *rfl_version(void) { return PACKAGE_VERSION; }

void rfl_meta_utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

json_t *rfl_json_text(const char *s)
{
    if (!s)
        s = "";
    if (rfl_utf8_valid(s))
        return json_string(s);
    char *fixed = rfl_utf8_fix(s);
    json_t *v = fixed ? json_string(fixed) : NULL;
    free(fixed);
    return v;
}

void rfl_json_set(json_t *object, const char *key, json_t *value, int *failed)
{
    if (json_object_set_new(object, key, value) != 0)
        *failed = 1;
}

void rfl_json_append(json_t *array, json_t *value, int *failed)
{
    if (json_array_append_new(array, value) != 0)
        *failed = 1;
}

json_t *rfl_meta_new(const char *program, int argc, char **argv)
{
    char host[256] = "unknown", date[32];
    gethostname(host, sizeof host - 1);
    rfl_meta_utc_now(date, sizeof date);
    int failed = 0;
    json_t *cmd = json_array();
    for (int i = 0; i < argc; i++)
        rfl_json_append(cmd, rfl_json_text(argv[i]), &failed);
    json_t *env = json_object();
    static const char *const vars[] = {"OMP_NUM_THREADS", "OMP_PROC_BIND", "OMP_PLACES", NULL};
    for (int i = 0; vars[i]; i++) {
        const char *v = getenv(vars[i]);
        rfl_json_set(env, vars[i], v ? rfl_json_text(v) : json_null(), &failed);
    }
#ifdef _OPENMP
    int openmp = _OPENMP;
#else
    int openmp = 0;
#endif
    json_t *meta = json_pack("{s:s, s:s, s:o, s:s, s:o, s:{s:s, s:s, s:i}, s:s, s:o, s:s}", "program", program,
                             "rfl_version", rfl_version(), "host", rfl_json_text(host), "date_utc", date,
                             "command_line", cmd, "build", "compiler", RFL_CC, "cflags", RFL_CFLAGS, "openmp",
                             openmp, "mpi_library", rfl_mpi_library(), "environment", env, "status", "running");
    if (failed) {
        json_decref(meta);
        return NULL;
    }
    return meta;
}

void rfl_meta_set_outcome(json_t *meta, int exit_code, const char *failure)
{
    const char *text = exit_code == RFL_EXIT_OK            ? "complete"
                       : exit_code == RFL_EXIT_VERIFY      ? "verification_failed"
                       : exit_code == RFL_EXIT_INTERRUPTED ? "interrupted"
                                                           : "failed";
    json_object_set_new(meta, "status", json_string(text));
    if (failure && failure[0])
        json_object_set_new(meta, "failure", rfl_json_text(failure));
}

int rfl_meta_write(const json_t *meta, const char *path)
{
    char *text = json_dumps(meta, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    if (!text)
        return -1;
    size_t n = strlen(text);
    char *with_nl = malloc(n + 2);
    if (!with_nl) {
        free(text);
        return -1;
    }
    memcpy(with_nl, text, n);
    with_nl[n] = '\n';
    with_nl[n + 1] = '\0';
    int rc = rfl_afile_write_string(path, with_nl);
    free(with_nl);
    free(text);
    return rc;
}

char *rfl_meta_sidecar_path(const char *csv_path)
{
    if (strcmp(csv_path, "-") == 0)
        return NULL;
    size_t n = strlen(csv_path);
    char *out = malloc(n + 6);
    if (!out)
        return NULL;
    memcpy(out, csv_path, n + 1);
    if (n > 4 && strcmp(csv_path + n - 4, ".csv") == 0)
        out[n - 4] = '\0';
    strcat(out, ".json");
    return out;
}
