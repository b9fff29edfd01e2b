/* Building the run model of a run directory: every known CSV with its
 * sidecar, through its source's loader, then every source's ceilings step,
 * the spec values, the members, and what the charts read of the roofs and
 * the GEMM points. The application and profiled points join it in
 * profile/ (profile/build.c). */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "sources.h"
#include "table.h"
#include "common/input.h"
#include "common/log.h"
#include "common/rfl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void copy_json_string(char *dst, size_t len, const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    snprintf(dst, len, "%s", json_is_string(v) ? json_string_value(v) : "");
}

static char *join_command_line(const json_t *meta)
{
    json_t *cmd = json_object_get(meta, "command_line");
    size_t len = 1, i;
    json_t *a;
    json_array_foreach(cmd, i, a) len += strlen(json_is_string(a) ? json_string_value(a) : "") + 1;
    char *s = calloc(1, len);
    if (!s)
        return NULL;
    json_array_foreach(cmd, i, a) {
        if (i)
            strcat(s, " ");
        const char *arg = json_is_string(a) ? json_string_value(a) : "";
        /* Only the program's name, not where it was built. */
        const char *slash = i == 0 ? strrchr(arg, '/') : NULL;
        strcat(s, slash ? slash + 1 : arg);
    }
    return s;
}

/* Clock measured by the flops program, if its sidecar records one. */
static void clock_from_meta(struct rfl_model *m, const json_t *meta)
{
    static const char *const keys[] = {"clock_ghz", "measured_clock_ghz", NULL};
    for (int i = 0; keys[i]; i++) {
        json_t *v = json_object_get(meta, keys[i]);
        if (json_is_number(v) && json_number_value(v) > 0) {
            m->clock_ghz = json_number_value(v);
            return;
        }
    }
    json_t *peak = json_object_get(meta, "peak"), *pc = json_object_get(peak, "clock_ghz");
    if (json_is_number(pc) && json_number_value(pc) > 0) {
        m->clock_ghz = json_number_value(pc);
        return;
    }
    json_t *clock = json_object_get(meta, "clock");
    static const char *const sub[] = {"measured_ghz", "ghz", NULL};
    for (int i = 0; json_is_object(clock) && sub[i]; i++) {
        json_t *v = json_object_get(clock, sub[i]);
        if (json_is_number(v) && json_number_value(v) > 0) {
            m->clock_ghz = json_number_value(v);
            return;
        }
    }
}

/* A CPU or NUMA list from a sidecar, only if it is one ("0-7,16"): text that
 * is not a list never reaches a title or the report. */
static const char *cpu_list(const json_t *obj, const char *key)
{
    const char *v = json_string_value(json_object_get(obj, key));
    return v && *v && strlen(v) < 200 && strspn(v, "0123456789,-") == strlen(v) ? v : "?";
}

/* The sidecar's "layout" (cpu/team.c) in words: in->layout for the report,
 * in->layout_brief for a chart's title. */
static void layout_from_meta(struct rfl_input *in, const json_t *meta)
{
    const json_t *layout = json_object_get(meta, "layout"), *ranks = json_object_get(layout, "ranks");
    const json_t *node = json_object_get(layout, "node");
    if (!json_is_array(ranks) || json_array_size(ranks) == 0)
        return;
    const char *rule = json_string_value(json_object_get(layout, "rule"));
    const size_t n = json_array_size(ranks);
    int used = snprintf(in->layout, sizeof in->layout, "%ld rank%s x %ld thread%s, %s (the node: %lld cores, %lld "
                        "NUMA domain%s):", in->ranks, in->ranks == 1 ? "" : "s", in->threads_per_rank,
                        in->threads_per_rank == 1 ? "" : "s", rule ? rule : "?",
                        (long long)json_integer_value(json_object_get(node, "cores")),
                        (long long)json_integer_value(json_object_get(node, "numa_domains")),
                        json_integer_value(json_object_get(node, "numa_domains")) == 1 ? "" : "s");
    int brief = snprintf(in->layout_brief, sizeof in->layout_brief, "CPUs");
    for (size_t i = 0; i < n; i++) {
        const json_t *r = json_array_get(ranks, i);
        const char *source = json_string_value(json_object_get(r, "source"));
        if (used > 0 && (size_t)used < sizeof in->layout)
            used += snprintf(in->layout + used, sizeof in->layout - (size_t)used, "%s rank %zu on CPUs %s (NUMA %s, %s)",
                             i ? ";" : "", i, cpu_list(r, "cpus"), cpu_list(r, "numa"), source ? source : "?");
        if (n <= 4 && brief > 0 && (size_t)brief < sizeof in->layout_brief)
            brief += snprintf(in->layout_brief + brief, sizeof in->layout_brief - (size_t)brief, "%s%s (NUMA %s)",
                              i ? " | " : " ", cpu_list(r, "cpus"), cpu_list(r, "numa"));
    }
    if (n > 4) /* a title has room for a few ranks: the span of the rest */
        snprintf(in->layout_brief, sizeof in->layout_brief, "CPUs %s .. %s", cpu_list(json_array_get(ranks, 0), "cpus"),
                 cpu_list(json_array_get(ranks, n - 1), "cpus"));
    if (used > 0 && (size_t)used < sizeof in->layout)
        snprintf(in->layout + used, sizeof in->layout - (size_t)used, ".");
}

/* The strings of a JSON array, one a line (control characters as spaces); NULL for none. */
static char *join_lines(const json_t *array)
{
    size_t total = 0, i;
    json_t *v;
    json_array_foreach(array, i, v)
        total += json_is_string(v) ? json_string_length(v) + 1 : 0;
    char *out = total ? malloc(total + 1) : NULL, *p = out;
    json_array_foreach(array, i, v) {
        if (!out || !json_is_string(v))
            continue;
        for (const char *c = json_string_value(v); *c; c++)
            *p++ = (unsigned char)*c < 0x20 ? ' ' : *c;
        *p++ = '\n';
    }
    if (out)
        *p = '\0';
    return out;
}

/* The *.csv files of a directory, sorted, so every output is in a fixed order. */
static char **list_csv(const char *dir, size_t *count)
{
    char **names = rfl_input_dir_names(dir, ".csv", count);
    int fd = names ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd < 0) {
        rfl_error("%s: cannot open the run directory: %s", dir, strerror(errno));
        rfl_input_free_names(names);
        return NULL;
    }
    for (size_t i = 0; i < *count; i++) {
        /* A link that leads nowhere (dangling, or a loop) is refused like
         * any other input that cannot be read, never skipped unseen. */
        struct stat st;
        int gone = fstatat(fd, names[i], &st, 0) != 0 ? errno : 0;
        if ((gone == ENOENT || gone == ELOOP) && fstatat(fd, names[i], &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISLNK(st.st_mode)) {
            char target[512];
            ssize_t tl = readlinkat(fd, names[i], target, sizeof target - 1);
            target[tl > 0 ? tl : 0] = '\0';
            rfl_error("%s/%s: %s (to '%s'): remove it, or point it at the file", dir, names[i],
                      gone == ELOOP ? "a symbolic link loop" : "a dangling symbolic link", target);
            rfl_input_free_names(names);
            close(fd);
            return NULL;
        }
    }
    close(fd);
    return names;
}

static int load_input(struct rfl_model *m, const char *dir, const char *name, const struct rfl_source *src)
{
    char path[2048], meta_path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* A companion file (gemm_mix.csv) shares its main file's sidecar (gemm.json). */
    size_t stem = strlen(name) - 4, clen = src->companion ? strlen(src->companion) : 0;
    if (clen && stem > clen && strncmp(name + stem - clen, src->companion, clen) == 0)
        stem -= clen;
    snprintf(meta_path, sizeof meta_path, "%s/%.*s.json", dir, (int)stem, name);
    char why[256];
    size_t meta_len = 0;
    char *meta_text = rfl_input_load(meta_path, RFL_INPUT_MAX_BYTES, &meta_len, why, sizeof why);
    if (!meta_text) {
        if (errno == ENOENT)
            rfl_error("%s: no sidecar %s (it records the machine and how the file was measured)", path, meta_path);
        else
            rfl_error("%s: %s", meta_path, why);
        return -1;
    }
    json_error_t jerr;
    json_t *meta = json_loadb(meta_text, meta_len, 0, &jerr);
    free(meta_text);
    if (!meta || !json_is_object(meta)) {
        rfl_error("%s:%d: %s", meta_path, jerr.line, meta ? "expected a JSON object" : jerr.text);
        json_decref(meta);
        return -1;
    }
    json_t *program = json_object_get(meta, "program");
    if (!json_is_string(program) || strcmp(json_string_value(program), src->program) != 0) {
        rfl_error("%s: \"program\" is %s%s%s, expected \"%s\" for %s", meta_path, json_is_string(program) ? "\"" : "",
                  json_is_string(program) ? json_string_value(program) : "missing",
                  json_is_string(program) ? "\"" : "", src->program, name);
        json_decref(meta);
        return -1;
    }
    /* Under a time budget a program may cut every point of a table (rfl_gpu_micro
     * skips a mode with no time left) and write its header alone; its sidecar
     * says so. Such a file adds nothing, and the model says why. */
    const json_t *budget = json_object_get(meta, "budget");
    const int all_cut_ok = json_integer_value(json_object_get(budget, "points_cut")) > 0 ||
                           json_integer_value(json_object_get(budget, "sizes_cut")) > 0;
    struct rfl_table t;
    if (rfl_table_read_some(path, &t, all_cut_ok) != 0) {
        json_decref(meta);
        return -1;
    }
    if (rfl_table_check_columns(&t, src->kind, src->required, src->optional) != 0) {
        rfl_table_free(&t);
        json_decref(meta);
        return -1;
    }
    if (t.nrows == 0) {
        rfl_model_note(m, "%s: no rows: the time budget cut every point of it (its sidecar's budget)", name);
        rfl_table_free(&t);
        json_decref(meta);
        return 0;
    }
    struct rfl_input *more = realloc(m->inputs, (m->ninputs + 1) * sizeof *more);
    if (!more) {
        rfl_table_free(&t);
        json_decref(meta);
        return -1;
    }
    m->inputs = more;
    struct rfl_input *in = &m->inputs[m->ninputs++];
    memset(in, 0, sizeof *in);
    snprintf(in->file, sizeof in->file, "%s", name);
    in->source = src;
    snprintf(in->program, sizeof in->program, "%s", src->program);
    copy_json_string(in->host, sizeof in->host, meta, "host");
    copy_json_string(in->date, sizeof in->date, meta, "date_utc");
    copy_json_string(in->version, sizeof in->version, meta, "rfl_version");
    copy_json_string(in->status, sizeof in->status, meta, "status");
    in->command_line = join_command_line(meta);
    json_t *r = json_object_get(meta, "ranks"), *th = json_object_get(meta, "threads_per_rank");
    in->ranks = json_is_integer(r) ? (long)json_integer_value(r) : 0;
    in->threads_per_rank = json_is_integer(th) ? (long)json_integer_value(th) : 0;
    in->rows = t.nrows;
    layout_from_meta(in, meta);
    in->warnings = join_lines(json_object_get(meta, "warnings"));
    if (strcmp(in->status, "complete") != 0) {
        rfl_warn("%s: the run that wrote it did not complete (status \"%s\"): its ceilings may be low", path,
                 in->status);
        rfl_model_note(m, "%s: the run that wrote it did not complete (status \"%s\")", name, in->status);
    }
    if (m->ninputs > 1 && strcmp(m->inputs[0].host, in->host) != 0) {
        rfl_error("%s: measured on host '%s', but %s on '%s' (one run directory holds one machine)", path, in->host,
                  m->inputs[0].file, m->inputs[0].host);
        rfl_table_free(&t);
        json_decref(meta);
        return -1;
    }
    clock_from_meta(m, meta);
    int rc = src->load(m, m->ninputs - 1, &t, meta);
    rfl_table_free(&t);
    json_decref(meta);
    return rc;
}

/* Each compute ceiling that is the top of its device and precision. */
static void mark_peaks(struct rfl_model *m)
{
    for (size_t i = 0; i < m->nceilings; i++) {
        struct rfl_ceiling *c = &m->ceilings[i];
        c->peak = c->kind == RFL_CEILING_COMPUTE && rfl_model_peak(m, c->device, c->precision) == c;
    }
}

int rfl_run_model_build(struct rfl_model *m, const char *dir, const struct rfl_ceilings_settings *settings)
{
    memset(m, 0, sizeof *m);
    snprintf(m->dir, sizeof m->dir, "%s", dir);
    size_t nnames = 0;
    char **names = list_csv(dir, &nnames);
    if (!names)
        return RFL_EXIT_USAGE;
    int rc = RFL_EXIT_OK;
    for (size_t i = 0; i < nnames && rc == RFL_EXIT_OK; i++) {
        const struct rfl_source *src = rfl_source_for_input(dir, names[i]);
        if (!src) {
            char known[1024] = "";
            size_t used = 0;
            for (size_t k = 0; k < rfl_nsources && used < sizeof known; k++)
                if (rfl_sources[k].load)
                    used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "",
                                             rfl_sources[k].pattern);
            rfl_error("%s/%s: not a kind of CSV rfl knows (%s; application points go through --app)", dir, names[i],
                      known);
            rc = RFL_EXIT_USAGE;
        } else if (src->load) {
            if (load_input(m, dir, names[i], src) != 0)
                rc = RFL_EXIT_USAGE;
        } else if (strcmp(names[i], "applications.csv") == 0) {
            m->has_apps_file = 1;
        } else if (strcmp(names[i], "profile.csv") == 0) {
            m->has_profile_file = 1;
        }
    }
    rfl_input_free_names(names);
    if (rc != RFL_EXIT_OK)
        return rc;
    if (m->ninputs == 0) {
        rfl_error("%s: no measurements (expected bandwidth.csv, flops.csv ... from rfl run)", dir);
        return RFL_EXIT_USAGE;
    }
    snprintf(m->host, sizeof m->host, "%s", m->inputs[0].host);
    snprintf(m->date, sizeof m->date, "%s", m->inputs[0].date);
    snprintf(m->version, sizeof m->version, "%s", m->inputs[0].version);
    snprintf(m->machine, sizeof m->machine, "%s",
             settings->machine && settings->machine[0] ? settings->machine : m->host);
    for (size_t k = 0; k < rfl_nsources; k++)
        if (rfl_sources[k].ceilings && rfl_sources[k].ceilings(m, settings) != 0)
            return RFL_EXIT_FAILURE;
    rfl_attach_spec(m, settings);
    if (rfl_members_find(m) != 0) {
        rfl_error("%s: out of memory", dir);
        return RFL_EXIT_FAILURE;
    }
    /* The roofline above every GEMM point and its intensity, kept on it: the writers and charts only report them. */
    for (size_t i = 0; m->gpu && i < m->gpu->ngemm; i++) {
        struct rfl_gpu_gemm *g = &m->gpu->gemm[i];
        g->attainable = rfl_gpu_gemm_attainable(m, g);
        g->ai = 2.0 * g->m * g->n * g->k / rfl_gpu_gemm_bytes(g);
    }
    mark_peaks(m);
    return RFL_EXIT_OK;
}

