/* A step of rfl run (run.h): a program's command, process, outputs and
 * marker, for the main pass and every layout's; an in-process step
 * (ceilings, plot, report) and its marker. */
#include "config.h"
#include "run_program.h"
#include "driver.h"
#include "files.h"
#include "launcher.h"
#include "spawn.h"
#include "common/afile.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/rfl.h"
#include "common/steal.h"
#include "common/timer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* argv of a program step (whitespace-split arguments; no quoting). All
 * strings live in one allocation, *storage, which the caller frees. */
static char **program_argv(const struct rfl_run *r, const struct rfl_settings *s, int p, double budget_s,
                           char **storage)
{
    const struct rfl_program *pr = &rfl_programs[p];
    const char *args = rfl_settings_args(s, p);
    char launch[4096], *launch_words[128];
    size_t nlaunch = 0;
    const unsigned nranks = rfl_launcher_step_ranks(s, pr->gpu, pr->mpi);
    if (nranks > 1) {
        nlaunch = rfl_launcher_words(s, nranks, launch, sizeof launch, launch_words, 128);
        if (!nlaunch) {
            rfl_error("%s: the launcher's arguments are too long", rfl_launcher_names[s->launcher]);
            return NULL;
        }
    }
    /* every token, its terminator and the fixed words fit in this */
    size_t room = strlen(args) + sizeof launch + strlen(r->progdir) + strlen(pr->binary) + strlen(pr->csv) + 320;
    size_t cap = room / 2 + 16, n = 0;
    char **argv = calloc(cap, sizeof *argv);
    char *text = malloc(room), *w = text;
    char *work = malloc(room);
    if (!argv || !text || !work) {
        free(argv);
        free(text);
        free(work);
        return NULL;
    }
    *storage = text;
#define PUSH(str)                                                                                                      \
    do {                                                                                                               \
        argv[n++] = w;                                                                                                 \
        w += sprintf(w, "%s", (str)) + 1;                                                                              \
    } while (0)
    char *save = NULL;
    for (size_t i = 0; i < nlaunch; i++)
        PUSH(launch_words[i]);
    argv[n++] = w;
    w += sprintf(w, "%s/%s", r->progdir, pr->binary) + 1;
    strcpy(work, args);
    for (char *tok = strtok_r(work, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
        PUSH(tok);
    if (budget_s > 0) {
        char num[32];
        snprintf(num, sizeof num, "%.1f", budget_s);
        PUSH("--time-budget");
        PUSH(num);
    }
    PUSH("-o");
    PUSH(pr->csv);
#undef PUSH
    argv[n] = NULL;
    free(work);
    return argv;
}

static void write_marker(struct rfl_run *r, const struct rfl_run_step *st)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/.steps", r->dir);
    rfl_run_mkdir_p(path);
    snprintf(path, sizeof path, "%s/.steps/%s.done", r->dir, st->name);
    json_t *o = rfl_run_step_json(st);
    if (!o || rfl_meta_write(o, path) != 0)
        r->record_failed = 1; /* without its marker, --resume measures the step again */
    json_decref(o);
}

/* --resume, a step with no marker: what the earlier run.json says of it
 * (failed, interrupted, skipped and why), so the log says why it runs. */
static void earlier_outcome(const struct rfl_run *r, const char *name, char *why, size_t len)
{
    size_t i;
    json_t *step;
    json_array_foreach(r->earlier, i, step)
    {
        const json_t *n = json_object_get(step, "step"), *status = json_object_get(step, "status");
        if (!json_is_string(n) || strcmp(json_string_value(n), name) != 0 || !json_is_string(status))
            continue;
        const json_t *reason = json_object_get(step, "reason");
        const char *what = json_string_value(status);
        if (!strcmp(what, "done"))
            snprintf(why, len, "done earlier, but its marker .steps/%s.done is gone", name);
        else
            snprintf(why, len, "%.32s earlier%s%.200s%s", what, json_is_string(reason) ? " (" : "",
                     json_is_string(reason) ? json_string_value(reason) : "", json_is_string(reason) ? ")" : "");
    }
}

/* A finished step from an earlier invocation: its marker says done and
 * its outputs (a CSV pattern in dir; NULL: none) are there, read back whole
 * where `whole` (a program's: what the ceilings will read). Else 0 and why
 * it runs again in `why` ("" when nothing says it ran). */
static int read_marker(const struct rfl_run *r, struct rfl_run_step *st, const char *dir, const char *output,
                       int whole, char *why, size_t len)
{
    json_t *o = rfl_run_step_kept(r->dir, st->name, dir, output, whole, why, len);
    if (!o) {
        if (!why[0])
            earlier_outcome(r, st->name, why, len);
        return 0;
    }
    rfl_run_step_from_json(st, o);
    st->resumed = 1;
    json_decref(o);
    return 1;
}

static struct rfl_run_step *new_step(struct rfl_run *r, const char *name)
{
    /* RFL_RUN_MAX_STEPS holds every step a run can have; the last slot is
     * reused rather than written past, should that ever change. */
    if (r->nsteps == RFL_RUN_MAX_STEPS) {
        struct rfl_run_step *last = &r->steps[RFL_RUN_MAX_STEPS - 1];
        free(last->command);
        json_decref(last->budget);
        free(last->thread_balance);
        r->nsteps--;
    }
    struct rfl_run_step *st = &r->steps[r->nsteps++];
    rfl_run_step_init(st, name, rfl_now_s() - r->t0);
    return st;
}

/* Why program p does not run here, in run.json's words (reason) and the
 * progress line's (said); 0 when it runs. */
static int why_skipped(int p, const struct rfl_settings *s, const char *bin, char *reason, char *said, size_t len)
{
    const struct rfl_program *pr = &rfl_programs[p];
    if (access(bin, X_OK) != 0) {
        snprintf(reason, len, "%s is not built", pr->binary);
        snprintf(said, len, "%s", reason);
    } else if (pr->gpu && !rfl_run_gpu_present()) {
        snprintf(reason, len, "no NVIDIA GPU on this machine");
        snprintf(said, len, "no NVIDIA GPU here");
    } else if (pr->gpu == RFL_PROGRAM_ALL_GPUS && rfl_run_gpu_count() < 2) {
        snprintf(reason, len, "needs 2 or more GPUs, %d visible here", rfl_run_gpu_count());
        snprintf(said, len, "%s", reason);
    } else if (pr->mpi == RFL_PROGRAM_MPI_PAIRS && s->ranks < 2) {
        snprintf(reason, len, "needs 2 or more MPI ranks (rfl run --ranks N)");
        snprintf(said, len, "needs 2 or more MPI ranks: rfl run --ranks N");
    } else {
        return 0;
    }
    return 1;
}

/* The sidecars, then the CSVs of a finished step from its scratch folder
 * into dir: a CSV in dir always has its sidecar. 1 when at least one CSV
 * was there to move (*wrote) and every file moved. */
static int move_outputs(const char *partial, const char *dir, const char *pattern, int *wrote)
{
    char **csvs = rfl_run_matching_files(partial, pattern, ".csv");
    char **jsons = rfl_run_matching_files(partial, NULL, ".json");
    *wrote = csvs && jsons && csvs[0] != NULL;
    int moved = *wrote;
    for (char **list = jsons; list; list = list == jsons ? csvs : NULL)
        for (size_t i = 0; moved && list[i]; i++) {
            char from[PATH_MAX * 2], to[PATH_MAX * 2];
            snprintf(from, sizeof from, "%s/%s", partial, list[i]);
            snprintf(to, sizeof to, "%s/%s", dir, list[i]);
            moved = rfl_afile_check_target(to) == 0 && rename(from, to) == 0;
        }
    rfl_input_free_names(csvs);
    rfl_input_free_names(jsons);
    return moved;
}

/* An interrupted program commits the rows it measured and says they are in
 * its CSV, which is in the step's scratch folder: the folder stays (the run
 * directory gets only finished steps' files), and rfl says where, until
 * --resume measures the step again. A folder with no CSV goes. */
static void keep_interrupted(struct rfl_run_step *st, const char *partial, const char *pattern, const char *dir)
{
    char **csvs = rfl_run_matching_files(partial, pattern, ".csv");
    if (csvs && csvs[0]) {
        snprintf(st->reason, sizeof st->reason, "the rows measured so far are in .partial/%.64s/%.128s", st->name,
                 csvs[0]);
        rfl_error("%s: interrupted: the rows measured so far are in %s/%s, not in the run's results; rfl run "
                  "--resume %s measures the step again", st->name, partial, csvs[0], dir);
    } else {
        rfl_remove_tree(partial);
    }
    rfl_input_free_names(csvs);
}

int rfl_run_program_step(struct rfl_run *r, int p, const struct rfl_run_pass *pass, int index, int total)
{
    const struct rfl_program *pr = &rfl_programs[p];
    const struct rfl_settings *s = pass->s;
    char name[sizeof r->steps[0].name], bin[PATH_MAX + 256];
    snprintf(name, sizeof name, "%s%s", pr->name, pass->suffix);
    snprintf(bin, sizeof bin, "%s/%s", r->progdir, pr->binary);
    char reason[128], said[128];
    if (why_skipped(p, s, bin, reason, said, sizeof reason)) {
        struct rfl_run_step *st = new_step(r, name);
        snprintf(st->status, sizeof st->status, "skipped");
        snprintf(st->reason, sizeof st->reason, "%s", reason);
        rfl_info("[%d/%d] %s: skipped (%s)", index, total, name, said);
        return RFL_EXIT_OK;
    }
    const int under_mpiexec = rfl_launcher_step_ranks(s, pr->gpu, pr->mpi) > 1;
    const double used = r->dry_run ? r->dry_used_s : rfl_now_s() - r->t0;
    const double share = pass->share_s >= 0 ? pass->share_s : rfl_run_budget_share(&r->budget, p, used, under_mpiexec);
    if (pass->share_s < 0)
        r->main_share_s[p] = share;
    char *storage = NULL;
    char **argv = program_argv(r, s, p, share, &storage);
    if (!argv) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    char *command = rfl_run_join_argv(argv);
    char budget_note[128] = "";
    if (share > 0 && pass->share_s >= 0)
        snprintf(budget_note, sizeof budget_note, " (budget %.0f s, as in the main pass)", share);
    else if (share > 0)
        snprintf(budget_note, sizeof budget_note, " (budget %.0f s; %.0f s used, %.0f s left)", share,
                 r->budget.earlier_s + used, rfl_run_budget_left(&r->budget, used));
    if (r->dry_run) {
        printf("%s\n", command);
        r->dry_used_s += share + (under_mpiexec ? RFL_RUN_BUDGET_STARTUP_MPIEXEC_S : RFL_RUN_BUDGET_STARTUP_S);
        free(command);
        free(argv);
        free(storage);
        return RFL_EXIT_OK;
    }
    struct rfl_run_step *st = new_step(r, name);
    st->program = p;
    char again[640] = "";
    if (r->resume && read_marker(r, st, pass->dir, pr->outputs, 1, again, sizeof again)) {
        if (pass->share_s < 0) /* what it had then, for its layouts' steps */
            r->main_share_s[p] = st->budget_s;
        rfl_info("[%d/%d] %s: done earlier (%.1f s), kept", index, total, name, st->elapsed_s);
        free(command);
        free(argv);
        free(storage);
        return RFL_EXIT_OK;
    }
    st->command = command;
    st->budget_s = share;
    char partial[PATH_MAX + 256];
    snprintf(partial, sizeof partial, "%s/.partial/%s", r->dir, name);
    rfl_remove_tree(partial);
    if (rfl_run_mkdir_p(partial) != 0) {
        rfl_error("%s: cannot create: %s", partial, strerror(errno));
        free(argv);
        free(storage);
        return RFL_EXIT_FAILURE;
    }
    if (again[0])
        rfl_info("[%d/%d] %s: %s: measured %s", index, total, name, again,
                 strncmp(again, "skipped", 7) ? "again" : "now");
    rfl_info("[%d/%d] %s%s: %s", index, total, name, budget_note, command);
    double t0 = rfl_now_s();
    const struct rfl_cpu_times cpu0 = rfl_cpu_times_now();
    char why[128] = "";
    int code = rfl_run_step_status(rfl_run_spawn(argv, partial, s->threads), why, sizeof why);
    st->elapsed_s = rfl_now_s() - t0;
    st->steal_percent = rfl_cpu_steal_percent(cpu0, rfl_cpu_times_now());
    free(argv);
    free(storage);
    if (code == RFL_EXIT_INTERRUPTED) {
        snprintf(st->status, sizeof st->status, "interrupted");
        keep_interrupted(st, partial, pr->outputs, r->dir);
        return RFL_EXIT_INTERRUPTED;
    }
    if (code != RFL_EXIT_OK) {
        snprintf(st->status, sizeof st->status, "failed");
        snprintf(st->reason, sizeof st->reason, "%s %s", pr->binary, why);
        rfl_error("%s: %s %s%s", name, pr->binary, why,
                  code == RFL_EXIT_VERIFY ? " (a result did not verify: no ceiling from it)" : "");
        rfl_remove_tree(partial);
        return code;
    }
    /* Other files of the scratch folder are dropped with it. */
    int wrote = 0;
    const int moved = move_outputs(partial, pass->dir, pr->outputs, &wrote);
    rfl_remove_tree(partial);
    if (!moved) {
        snprintf(st->status, sizeof st->status, "failed");
        if (wrote)
            snprintf(st->reason, sizeof st->reason, "%s's %s could not be moved into %s", pr->binary, pr->outputs,
                     strcmp(pass->dir, r->dir) ? pass->dir : "the run directory");
        else
            snprintf(st->reason, sizeof st->reason, "%s did not write %s and its sidecar", pr->binary, pr->outputs);
        rfl_error("%s: %s", name, st->reason);
        return RFL_EXIT_FAILURE;
    }
    snprintf(st->status, sizeof st->status, "done");
    st->budget = rfl_run_budget_of_step(pass->dir, pr->outputs, &st->thread_balance);
    write_marker(r, st);
    if (share > 0 && pass->share_s < 0) {
        double now = rfl_now_s() - r->t0;
        snprintf(budget_note, sizeof budget_note, " (budget %.0f s; %.0f s used, %.0f s left)", share,
                 r->budget.earlier_s + now, rfl_run_budget_left(&r->budget, now));
    }
    rfl_info("[%d/%d] %s: done in %.1f s%s", index, total, name, st->elapsed_s, budget_note);
    return RFL_EXIT_OK;
}

int rfl_run_derived_step(struct rfl_run *r, const char *name, const char *what, const char *dir,
                         const struct rfl_settings *s, const char *app, const char *output, int force, int index,
                         int total)
{
    struct rfl_run_step *st = new_step(r, name);
    char again[640] = "";
    if (!force && r->resume && read_marker(r, st, dir, output, 0, again, sizeof again)) {
        rfl_info("[%d/%d] %s: done earlier, kept", index, total, name);
        return RFL_EXIT_OK;
    }
    if (again[0])
        rfl_info("[%d/%d] %s: %s: made again", index, total, name, again);
    else
        rfl_info("[%d/%d] %s", index, total, name);
    /* In-process steps do not check for signals: the first one stops
     * gnuplot and any new rendering, and should one of them still run
     * RFL_RUN_STEP_GRACE_S seconds later, rfl exits 130 all the same. */
    char late[PATH_MAX + 512];
    snprintf(late, sizeof late,
             "rfl: error: interrupted: the %s step did not stop within %d s; finished steps are kept; "
             "continue with: rfl run --resume %s\n",
             name, RFL_RUN_STEP_GRACE_S, r->dir);
    rfl_interrupt_deadline(RFL_RUN_STEP_GRACE_S, late);
    double t0 = rfl_now_s();
    int rc;
    if (!strcmp(what, "ceilings"))
        rc = rfl_do_ceilings(dir, s, app, strcmp(dir, r->dir) != 0); /* a layout's table is its report's */
    else if (!strcmp(what, "plot"))
        rc = rfl_do_plot(dir, s, app, 1);
    else
        rc = rfl_do_report(dir, s, app);
    rfl_interrupt_deadline(0, NULL);
    st->elapsed_s = rfl_now_s() - t0;
    if (rc != RFL_EXIT_OK) {
        snprintf(st->status, sizeof st->status, "failed");
        return rc;
    }
    snprintf(st->status, sizeof st->status, "done");
    write_marker(r, st);
    return RFL_EXIT_OK;
}

/* run.json's "layouts" (--layouts): each layout's name, ranks,
 * ranks_per_node, threads_per_rank, directory and binding. */
static json_t *layouts_json(const struct rfl_run *r)
{
    json_t *a = json_array();
    for (size_t i = 0; i < r->nlayouts; i++) {
        const struct rfl_run_layout *l = &r->layouts[i];
        json_array_append_new(a, json_pack("{s:s, s:i, s:i, s:i, s:s, s:s}", "name", l->name, "ranks", (int)l->ranks,
                                           "ranks_per_node", (int)l->ranks_per_node, "threads_per_rank",
                                           (int)l->threads_per_rank, "directory", l->dir, "binding", l->binding));
    }
    return a;
}

void rfl_run_save_json(struct rfl_run *r)
{
    char path[PATH_MAX + 256], host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    json_t *steps = json_array();
    for (size_t i = 0; i < r->nsteps; i++)
        json_array_append_new(steps, rfl_run_step_json(&r->steps[i]));
    json_t *warnings = json_array(); /* what this rfl printed as warnings, for the report */
    for (size_t i = 0; i < rfl_log_warning_count(); i++)
        json_array_append_new(warnings, rfl_json_text(rfl_log_warning(i)));
    double used = rfl_now_s() - r->t0;
    json_t *o = json_pack("{s:s, s:o, s:s, s:s, s:i, s:i, s:O, s:f, s:o, s:o, s:O, s:o}", "rfl_version", rfl_version(),
                          "host", rfl_json_text(host), "started_utc", r->started, "mode", rfl_mode_names[r->s->mode],
                          "ranks", (int)r->s->ranks, "threads_per_rank", (int)r->s->threads, "launcher",
                          r->launcher ? r->launcher : json_null(), "elapsed_s", r->budget.earlier_s + used, "budget",
                          rfl_run_budget_json(&r->budget, used), "steps", steps, "noise", r->noise ? r->noise : json_null(),
                          "warnings", warnings);
    if (o && r->nlayouts)
        json_object_set_new(o, "layouts", layouts_json(r));
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    if (!o || rfl_meta_write(o, path) != 0)
        r->record_failed = 1;
    json_decref(o);
}
