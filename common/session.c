#include "config.h"
#include "session.h"
#include "afile.h"
#include "interrupt.h"
#include "log.h"
#include "meta.h"
#include "mpi_shim.h"
#include "progress.h"
#include "rfl.h"
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void release(struct rfl_session *s)
{
    json_decref(s->meta);
    s->meta = NULL;
    free(s->meta_path);
    s->meta_path = NULL;
}

/* Drops the CSV and its companions uncommitted; the sidecar is release()'s. */
static void abort_tables(struct rfl_session *s)
{
    if (s->csv_open)
        rfl_csv_abort(&s->csv);
    s->csv_open = 0;
    for (int i = 0; i < s->ncompanions; i++)
        rfl_csv_abort(&s->companions[i]);
    s->ncompanions = 0;
}

/* NAME as the user can find it: under rfl run the program's folder is not the user's, so a
 * relative name gets the working directory in front ("-", stdout, stays as it is). */
static const char *full_path(char *buf, size_t len, const char *name)
{
    char cwd[4096];
    if (name[0] == '/' || strcmp(name, "-") == 0 || !getcwd(cwd, sizeof cwd))
        return name;
    snprintf(buf, len, "%s/%s", cwd, name);
    return buf;
}

void rfl_session_abort(struct rfl_session *s)
{
    abort_tables(s);
    release(s);
}

int rfl_session_open(struct rfl_session *s, const struct rfl_session_spec *spec)
{
    memset(s, 0, sizeof *s);
    s->spec = *spec;
    s->meta = spec->meta;
    s->status = s->exit_code = RFL_EXIT_OK;
    s->root = rfl_mpi_rank() == 0;
    /* A signal during the program's set-up: nothing is written, and the
     * program's RFL_EXIT_FAILURE becomes 130 in main (common/main.h). */
    int interrupted = RFL_EXIT_OK;
    if (rfl_interrupt_agree(0, &interrupted)) {
        if (s->root)
            rfl_error("interrupted before %s was opened: nothing written to it", spec->output);
        rfl_session_abort(s);
        return -1;
    }
    int failed = 0;
    if (s->root) {
        if (spec->columns) {
            failed = rfl_csv_open(&s->csv, spec->output, spec->columns, spec->ncols) != 0;
            s->csv_open = !failed;
        }
        s->meta_path = rfl_meta_sidecar_path(spec->output);
        /* A sidecar that could not replace what is there fails now, not after the run. */
        if (!failed && s->meta_path && rfl_afile_check_target(s->meta_path) != 0)
            failed = 1;
        if (!s->meta)
            s->meta = rfl_meta_new(spec->program, spec->argc, spec->argv);
        if (!failed && !s->meta) {
            rfl_error("%s: out of memory for the sidecar", s->meta_path ? s->meta_path : spec->output);
            failed = 1;
        }
    }
    rfl_mpi_bcast_int(&failed, 1);
    if (failed) {
        rfl_session_abort(s);
        return -1;
    }
    s->t_start = rfl_now_s();
    return 0;
}

char *rfl_session_companion_path(const char *program, const char *output, const char *suffix)
{
    /* One CSV per stream: stdout keeps the main one, a companion goes to the file a default
     * run would write (rfl_network -> network_fit.csv), named on stderr. */
    const int to_stdout = strcmp(output, "-") == 0;
    if (to_stdout)
        output = strncmp(program, "rfl_", 4) == 0 ? program + 4 : program;
    size_t len = strlen(output);
    size_t stem = !to_stdout && len >= 4 && strcmp(output + len - 4, ".csv") == 0 ? len - 4 : len;
    char *p = malloc(stem + strlen(suffix) + 6);
    if (p)
        sprintf(p, "%.*s_%s.csv", (int)stem, output, suffix);
    return p;
}

struct rfl_csv *rfl_session_companion(struct rfl_session *s, const char *suffix, const char *const *columns,
                                      size_t ncols, int *failed)
{
    struct rfl_csv *csv = NULL;
    *failed = 0;
    if (s->root) {
        char *path = rfl_session_companion_path(s->spec.program, s->spec.output, suffix);
        if (!path || s->ncompanions == RFL_SESSION_MAX_COMPANIONS) {
            rfl_error_all("%s: cannot open a companion CSV", suffix);
            *failed = 1;
        } else {
            csv = &s->companions[s->ncompanions];
            *failed = rfl_csv_open(csv, path, columns, ncols) != 0;
            if (!*failed)
                s->ncompanions++;
        }
        free(path);
    }
    rfl_mpi_bcast_int(failed, 1);
    if (*failed) {
        rfl_session_abort(s);
        return NULL;
    }
    return csv;
}

double rfl_session_stop(struct rfl_session *s)
{
    s->elapsed_s = rfl_now_s() - s->t_start;
    rfl_progress_done();
    return s->elapsed_s;
}

json_t *rfl_session_outcome(struct rfl_session *s)
{
    if (s->meta) {
        rfl_meta_set_outcome(s->meta, s->status, s->failure);
        /* here, before the program's own keys; filled at the commit */
        json_object_set_new(s->meta, "warnings", json_array());
    }
    return s->meta;
}

/* The CSV of the session (the main one, else a companion) that has no row,
 * or NULL. */
static const struct rfl_csv *rowless_csv(const struct rfl_session *s)
{
    /* stdout ("-") has had its header already: nothing to hold back there */
    if (s->csv_open && s->csv.rows == 0 && s->csv.file.path)
        return &s->csv;
    for (int i = 0; i < s->ncompanions; i++)
        if (s->companions[i].rows == 0 && s->companions[i].file.path)
            return &s->companions[i];
    return NULL;
}

int rfl_session_commit(struct rfl_session *s)
{
    s->exit_code = s->status;
    if (!s->root)
        return 0;
    /* A run stopped by a signal before a table had a row would leave a
     * header alone, which every reader refuses and which would replace a
     * good file: nothing is committed, so an earlier set of files stays
     * whole. A header alone from a run that ended well is the time
     * budget's (its sidecar says so); one from a failed run (exit 3: the
     * unverified rows dropped) keeps the sidecar that says why, and rfl run
     * never moves a failed step's files into the run directory. */
    const struct rfl_csv *rowless = s->status == RFL_EXIT_INTERRUPTED ? rowless_csv(s) : NULL;
    if (rowless) {
        char path[4352];
        rfl_error("interrupted before %s had a row: nothing written (an earlier file of that name is left as it was)",
                  full_path(path, sizeof path, rowless->file.path));
        /* 2: nothing written on purpose, so close neither names rows nor fails */
        s->write_failed = 2;
        abort_tables(s); /* the sidecar stays in memory: the program may still read it */
        return 0;
    }
    /* All staged, then renamed in the reverse order: the sidecar first, the
     * CSV last, so a reader never sees a CSV without its sidecar; a file that
     * cannot be written leaves every earlier file as it was. */
    rfl_afile_stage_begin();
    int failed = s->csv_open && rfl_csv_commit(&s->csv) != 0;
    s->csv_open = 0;
    /* With -o -, stdout has the main CSV: say where each companion went. */
    char companion_note[1024] = "";
    for (int i = 0; i < s->ncompanions; i++) {
        char path[4352];
        const size_t used = strlen(companion_note);
        if (!failed && strcmp(s->spec.output, "-") == 0 && s->companions[i].file.path) {
            const char *where = full_path(path, sizeof path, s->companions[i].file.path);
            snprintf(companion_note + used, sizeof companion_note - used, "%s%zu rows in %.*s", used ? ", " : "",
                     s->companions[i].rows, (int)(sizeof companion_note / 2), where);
        }
        if (!failed && rfl_csv_commit(&s->companions[i]) != 0)
            failed = 1;
    }
    json_t *warnings = s->meta ? json_object_get(s->meta, "warnings") : NULL;
    if (s->meta && !warnings) {
        warnings = json_array();
        json_object_set_new(s->meta, "warnings", warnings);
    }
    if (warnings) { /* every warning printed so far, for the report */
        json_array_clear(warnings);
        for (size_t i = 0; i < rfl_log_warning_count(); i++)
            json_array_append_new(warnings, rfl_json_text(rfl_log_warning(i)));
    }
    if (!failed && s->meta_path && rfl_meta_write(s->meta, s->meta_path) != 0)
        failed = 1;
    if (failed) {
        for (int i = 0; i < s->ncompanions; i++)
            rfl_csv_abort(&s->companions[i]);
        rfl_afile_stage_abort();
    } else if (rfl_afile_stage_commit() != 0) {
        failed = 1;
    } else if (*companion_note) {
        rfl_info("%s (stdout has the main CSV)", companion_note);
    }
    s->ncompanions = 0;
    if (failed) {
        s->exit_code = RFL_EXIT_FAILURE;
        s->write_failed = 1;
    }
    else if (s->spec.flags & RFL_SESSION_TABLE)
        rfl_info("%zu rows in %s", s->csv.rows, s->spec.output);
    return failed ? -1 : 0;
}

int rfl_session_close(struct rfl_session *s)
{
    if (s->root && !(s->spec.flags & RFL_SESSION_TABLE) && !s->write_failed) {
        const char *name = s->spec.columns ? s->spec.output : "-";
        char path[4352];
        const int to_stdout = strcmp(name, "-") == 0;
        if (s->status == RFL_EXIT_INTERRUPTED)
            rfl_error("interrupted: the %zu rows measured so far are %s %s", s->csv.rows, to_stdout ? "on" : "in",
                      to_stdout ? "stdout" : full_path(path, sizeof path, name));
        else if (s->status == RFL_EXIT_OK)
            rfl_info("%zu rows %s %s (%.1f s)", s->csv.rows, to_stdout ? "on" : "in", to_stdout ? "stdout" : name,
                     s->elapsed_s);
    }
    int exit_code = s->exit_code != RFL_EXIT_OK ? s->exit_code : s->status; /* not committed: the status */
    rfl_session_abort(s); /* whatever was not committed */
    return rfl_mpi_max_int(exit_code);
}
