/* rfl run: every program that is built and can run here, then ceilings,
 * charts and report, in a run directory that can be resumed.
 *
 * Each program writes into DIR/.partial/<step>/; only when it exits 0 are
 * its CSV and sidecar renamed into DIR and DIR/.steps/<step>.done written.
 * So DIR never holds a half-written file, an interrupted step leaves no
 * trace but its scratch folder, and `rfl run --resume DIR` reruns exactly
 * the steps without a marker. */
#include "config.h"
#include "driver.h"
#include "config_name.h"
#include "files.h"
#include "run_budget.h"
#include "run_step.h"
#include "settings.h"
#include "spawn.h"
#include "launcher.h"
#include "common/interrupt.h"
#include "common/afile.h"
#include "common/input.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/options.h"
#include "common/rfl.h"
#include "common/steal.h"
#include "common/timer.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How long an in-process step (ceilings, plot, report) may go on after a
 * signal before rfl exits 130 without it. */
#define RFL_RUN_STEP_GRACE_S 5

#ifndef RFL_MPIEXEC
#define RFL_MPIEXEC ""
#endif


struct run {
    char dir[PATH_MAX];
    char progdir[PATH_MAX];
    struct rfl_settings *s;
    const char *app;
    int resume, dry_run;
    struct rfl_run_step steps[32];
    size_t nsteps;
    char started[32];
    double t0;
    int record_failed; /* run.json or a step marker could not be written */
    struct rfl_run_budget budget;
    double dry_used_s; /* --dry-run: the shares given so far, as if each were used */
    json_t *noise;     /* run.json's "noise" */
};

/* argv of a program step (whitespace-split arguments; no quoting). All
 * strings live in one allocation, *storage, which the caller frees. */
static char **program_argv(const struct run *r, int p, double budget_s, char **storage)
{
    const struct rfl_program *pr = &rfl_programs[p];
    const struct rfl_settings *s = r->s;
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

static void save_run_json(struct run *r)
{
    char path[PATH_MAX + 256], host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    json_t *steps = json_array();
    for (size_t i = 0; i < r->nsteps; i++)
        json_array_append_new(steps, rfl_run_step_json(&r->steps[i]));
    double used = rfl_now_s() - r->t0;
    json_t *o = json_pack("{s:s, s:o, s:s, s:s, s:i, s:i, s:f, s:o, s:o, s:O}", "rfl_version", rfl_version(), "host",
                          rfl_json_text(host), "started_utc", r->started, "mode", rfl_mode_names[r->s->mode], "ranks", (int)r->s->ranks,
                          "threads_per_rank", (int)r->s->threads, "elapsed_s", used, "budget",
                          rfl_run_budget_json(&r->budget, used), "steps", steps, "noise", r->noise ? r->noise : json_null());
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    if (!o || rfl_meta_write(o, path) != 0)
        r->record_failed = 1;
    json_decref(o);
}

static void write_marker(struct run *r, const struct rfl_run_step *st)
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

/* A finished step from an earlier invocation: its marker, and its outputs. */
static int read_marker(const struct run *r, struct rfl_run_step *st, const char *output)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/.steps/%s.done", r->dir, st->name);
    /* A marker that is no regular file (a FIFO would block) is no marker. */
    char why[256];
    size_t len = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    json_t *o = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    if (!o)
        return 0;
    if (output && !rfl_run_outputs_exist(r->dir, output)) {
        json_decref(o);
        return 0;
    }
    rfl_run_step_from_json(st, o);
    st->resumed = 1;
    json_decref(o);
    return 1;
}

static struct rfl_run_step *new_step(struct run *r, const char *name)
{
    struct rfl_run_step *st = &r->steps[r->nsteps++];
    rfl_run_step_init(st, name, rfl_now_s() - r->t0);
    return st;
}

/* Whether program p will run now: asked for, built, a GPU here if it needs
 * one, and not done earlier (--resume). */
static int program_runs_now(const struct run *r, int p)
{
    const struct rfl_program *pr = &rfl_programs[p];
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", r->progdir, pr->binary);
    if (!(r->s->programs >> p & 1) || access(path, X_OK) != 0 || (pr->gpu && !rfl_run_gpu_present()) ||
        (pr->gpu == 2 && rfl_run_gpu_count() < 2) || (pr->mpi == 2 && r->s->ranks < 2))
        return 0;
    snprintf(path, sizeof path, "%s/.steps/%s.done", r->dir, pr->name);
    return !(r->resume && rfl_run_exists(path) && rfl_run_outputs_exist(r->dir, pr->outputs));
}

static int run_program(struct run *r, int p, int index, int total)
{
    const struct rfl_program *pr = &rfl_programs[p];
    char bin[PATH_MAX + 256];
    snprintf(bin, sizeof bin, "%s/%s", r->progdir, pr->binary);
    if (access(bin, X_OK) != 0) {
        struct rfl_run_step *st = new_step(r, pr->name);
        snprintf(st->status, sizeof st->status, "skipped");
        snprintf(st->reason, sizeof st->reason, "%s is not built", pr->binary);
        rfl_info("[%d/%d] %s: skipped (%s is not built)", index, total, pr->name, pr->binary);
        return RFL_EXIT_OK;
    }
    if (pr->gpu && !rfl_run_gpu_present()) {
        struct rfl_run_step *st = new_step(r, pr->name);
        snprintf(st->status, sizeof st->status, "skipped");
        snprintf(st->reason, sizeof st->reason, "no NVIDIA GPU on this machine");
        rfl_info("[%d/%d] %s: skipped (no NVIDIA GPU here)", index, total, pr->name);
        return RFL_EXIT_OK;
    }
    if (pr->gpu == 2 && rfl_run_gpu_count() < 2) {
        struct rfl_run_step *st = new_step(r, pr->name);
        snprintf(st->status, sizeof st->status, "skipped");
        snprintf(st->reason, sizeof st->reason, "needs 2 or more GPUs, %d visible here", rfl_run_gpu_count());
        rfl_info("[%d/%d] %s: skipped (needs 2 or more GPUs, %d visible here)", index, total, pr->name,
                 rfl_run_gpu_count());
        return RFL_EXIT_OK;
    }
    if (pr->mpi == 2 && r->s->ranks < 2) {
        struct rfl_run_step *st = new_step(r, pr->name);
        snprintf(st->status, sizeof st->status, "skipped");
        snprintf(st->reason, sizeof st->reason, "needs 2 or more MPI ranks (rfl run --ranks N)");
        rfl_info("[%d/%d] %s: skipped (needs 2 or more MPI ranks: rfl run --ranks N)", index, total, pr->name);
        return RFL_EXIT_OK;
    }
    const int under_mpiexec = rfl_launcher_step_ranks(r->s, pr->gpu, pr->mpi) > 1;
    const double used = r->dry_run ? r->dry_used_s : rfl_now_s() - r->t0;
    const double share = rfl_run_budget_share(&r->budget, p, used, under_mpiexec);
    char *storage = NULL;
    char **argv = program_argv(r, p, share, &storage);
    if (!argv) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    char *command = rfl_run_join_argv(argv);
    char budget_note[128] = "";
    if (share > 0)
        snprintf(budget_note, sizeof budget_note, " (budget %.0f s; %.0f s used, %.0f s left)", share, used,
                 r->budget.total_s > used ? r->budget.total_s - used : 0.0);
    if (r->dry_run) {
        printf("%s\n", command);
        r->dry_used_s += share + (under_mpiexec ? RFL_RUN_BUDGET_STARTUP_MPIEXEC_S : RFL_RUN_BUDGET_STARTUP_S);
        free(command);
        free(argv);
        free(storage);
        return RFL_EXIT_OK;
    }
    struct rfl_run_step *st = new_step(r, pr->name);
    st->program = p;
    if (r->resume && read_marker(r, st, pr->outputs)) {
        rfl_info("[%d/%d] %s: done earlier (%.1f s), kept", index, total, pr->name, st->elapsed_s);
        free(command);
        free(argv);
        free(storage);
        return RFL_EXIT_OK;
    }
    st->command = command;
    st->program = p;
    st->budget_s = share;
    char partial[PATH_MAX + 256];
    snprintf(partial, sizeof partial, "%s/.partial/%s", r->dir, pr->name);
    rfl_remove_tree(partial);
    if (rfl_run_mkdir_p(partial) != 0) {
        rfl_error("%s: cannot create: %s", partial, strerror(errno));
        free(argv);
        free(storage);
        return RFL_EXIT_FAILURE;
    }
    rfl_info("[%d/%d] %s%s: %s", index, total, pr->name, budget_note, command);
    double t0 = rfl_now_s();
    const struct rfl_cpu_times cpu0 = rfl_cpu_times_now();
    char why[128] = "";
    int code = rfl_run_step_status(rfl_run_spawn(argv, partial, r->s->threads), why, sizeof why);
    st->elapsed_s = rfl_now_s() - t0;
    st->steal_percent = rfl_cpu_steal_percent(cpu0, rfl_cpu_times_now());
    free(argv);
    free(storage);
    if (code == RFL_EXIT_INTERRUPTED) {
        snprintf(st->status, sizeof st->status, "interrupted");
        rfl_remove_tree(partial);
        return RFL_EXIT_INTERRUPTED;
    }
    if (code != RFL_EXIT_OK) {
        snprintf(st->status, sizeof st->status, "failed");
        snprintf(st->reason, sizeof st->reason, "%s %s", pr->binary, why);
        rfl_error("%s: %s %s%s", pr->name, pr->binary, why,
                  code == RFL_EXIT_VERIFY ? " (a result did not verify: no ceiling from it)" : "");
        rfl_remove_tree(partial);
        return code;
    }
    /* Every sidecar first, then the CSV files: a CSV in DIR always has its
     * sidecar. Other files of the scratch folder are dropped with it. */
    char **csvs = rfl_run_matching_files(partial, pr->outputs, ".csv");
    char **jsons = rfl_run_matching_files(partial, NULL, ".json");
    const int wrote = csvs && jsons && csvs[0] != NULL;
    int moved = wrote;
    for (size_t i = 0; moved && jsons[i]; i++) {
        char from[PATH_MAX * 2], to[PATH_MAX * 2];
        snprintf(from, sizeof from, "%s/%s", partial, jsons[i]);
        snprintf(to, sizeof to, "%s/%s", r->dir, jsons[i]);
        moved = rfl_afile_check_target(to) == 0 && rename(from, to) == 0;
    }
    for (size_t i = 0; moved && csvs[i]; i++) {
        char from[PATH_MAX * 2], to[PATH_MAX * 2];
        snprintf(from, sizeof from, "%s/%s", partial, csvs[i]);
        snprintf(to, sizeof to, "%s/%s", r->dir, csvs[i]);
        moved = rfl_afile_check_target(to) == 0 && rename(from, to) == 0;
    }
    rfl_run_free_names(csvs);
    rfl_run_free_names(jsons);
    rfl_remove_tree(partial);
    if (!moved) {
        snprintf(st->status, sizeof st->status, "failed");
        if (wrote)
            snprintf(st->reason, sizeof st->reason, "%s's %s could not be moved into the run directory", pr->binary,
                     pr->outputs);
        else
            snprintf(st->reason, sizeof st->reason, "%s did not write %s and its sidecar", pr->binary, pr->outputs);
        rfl_error("%s: %s", pr->name, st->reason);
        return RFL_EXIT_FAILURE;
    }
    snprintf(st->status, sizeof st->status, "done");
    st->budget = rfl_run_budget_of_step(r->dir, pr->outputs, &st->thread_balance);
    write_marker(r, st);
    if (share > 0) {
        double now = rfl_now_s() - r->t0;
        snprintf(budget_note, sizeof budget_note, " (budget %.0f s; %.0f s used, %.0f s left)", share, now,
                 r->budget.total_s > now ? r->budget.total_s - now : 0.0);
    }
    rfl_info("[%d/%d] %s: done in %.1f s%s", index, total, pr->name, st->elapsed_s, budget_note);
    return RFL_EXIT_OK;
}

/* ceilings, plot, report: redone when a program ran now or no marker. */
static int run_derived(struct run *r, const char *name, const char *output, int force, int index, int total)
{
    struct rfl_run_step *st = new_step(r, name);
    if (!force && r->resume && read_marker(r, st, output)) {
        rfl_info("[%d/%d] %s: done earlier, kept", index, total, name);
        return RFL_EXIT_OK;
    }
    rfl_info("[%d/%d] %s", index, total, name);
    double t0 = rfl_now_s();
    int rc;
    if (!strcmp(name, "ceilings"))
        rc = rfl_do_ceilings(r->dir, r->s, r->app, 0);
    else if (!strcmp(name, "plot"))
        rc = rfl_do_plot(r->dir, r->s, NULL, 1);
    else
        rc = rfl_do_report(r->dir, r->s, NULL);
    st->elapsed_s = rfl_now_s() - t0;
    if (rc != RFL_EXIT_OK) {
        snprintf(st->status, sizeof st->status, "failed");
        return rc;
    }
    snprintf(st->status, sizeof st->status, "done");
    write_marker(r, st);
    return RFL_EXIT_OK;
}

int rfl_cmd_run(int argc, char **argv)
{
    /* First: SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on stop the run
     * cleanly (common/interrupt.h); passed on to the step that runs. */
    rfl_interrupt_install();
    int quick = 0, full = 0, dry_run = 0;
    double budget = 0;
    unsigned ranks = 0, programs = 0;
    int launcher = -1;
    const char *hostfile = NULL;
    const char *config = NULL, *output = NULL, *resume = NULL, *app = NULL;
    const struct rfl_option table[] = {
        {"quick", 'q', RFL_OPT_FLAG, &quick, NULL, "a coarse pass: under a minute on a small machine", 0, 0, NULL},
        {"full", 'f', RFL_OPT_FLAG, &full, NULL, "the thorough sweep (minutes)", 0, 0, NULL},
        {"budget", 'b', RFL_OPT_DOUBLE, &budget, "SECONDS",
         "the whole run within SECONDS (default: the config's budget, else quick 60,\n"
         "                              full 600, standard none), shared among the programs\n"
         "                              by their expected cost here", 1, 1e6, NULL},
        {"config", 'c', RFL_OPT_STRING, &config, "FILE",
         "a machine's config, read on top of the embedded default (config/README.md);\n"
         "                              a NAME without '/' is NAME.conf of the installed configs", 0, 0, NULL},
        {"ranks", 'n', RFL_OPT_UINT, &ranks, "N",
         "MPI ranks: run the CPU programs (and the GPU programs, one rank per GPU)\n"
         "                              under the launcher with N ranks", 1, 4096, NULL},
        {"launcher", 'l', RFL_OPT_CHOICE, &launcher, "NAME",
         "how ranks start: mpiexec (default; $MPIEXEC) or srun ($SRUN; inside a Slurm\n"
         "                              allocation). --oversubscribe, --allow-run-as-root and -x\n"
         "                              go to mpiexec only when its --version says Open MPI\n"
         "                              (and --oversubscribe only outside a Slurm allocation)", 0, 0,
         rfl_launcher_names},
        {"hostfile", 0, RFL_OPT_STRING, &hostfile, "FILE", "mpiexec's hostfile, passed as --hostfile FILE", 0, 0,
         NULL},
        {"programs", 'p', RFL_OPT_LIST, &programs, "LIST", "programs to run (default: the config's)", 0, 0,
         rfl_program_names},
        {"output", 'o', RFL_OPT_STRING, &output, "DIR", "the run directory (default results/HOST-DATE-TIME)", 0, 0,
         NULL},
        {"resume", 'r', RFL_OPT_STRING, &resume, "DIR",
         "finish an interrupted run: keep its finished steps, redo the others", 0, 0, NULL},
        {"app", 'a', RFL_OPT_STRING, &app, "FILE",
         "application points (CSV: name, arithmetic_intensity, gflops_per_s[, level, precision])", 0, 0, NULL},
        {"dry-run", 0, RFL_OPT_FLAG, &dry_run, NULL, "print the program commands and stop", 0, 0, NULL},
    };
    const struct rfl_cli cli = {
        .program = "rfl run",
        .summary = "Runs every rfl program that is built and can run here (GPU programs only with a GPU),\n"
                   "then writes ceilings.csv, roofline.json, the charts and report.md into one run\n"
                   "directory. Progress goes to stderr.",
        .epilog = "Each step writes its files atomically and then a marker, so Ctrl-C leaves no\n"
                  "half-written file and rfl run --resume DIR picks up where the run stopped.\n"
                  "SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the program that runs, which also dies\n"
                  "with rfl. One rfl run at a time in a directory (a lock on DIR/.rfl.lock).\n"
                  "Exit status: 0 ok, 1 a program failed (also one that could not start or was\n"
                  "killed) or DIR is in use, 2 bad usage or input, 3 a result did not verify,\n"
                  "130 interrupted.",
        .options = table,
        .noptions = sizeof table / sizeof table[0],
    };
    int first = 0;
    switch (rfl_cli_parse(&cli, argc, argv, &first)) {
    case RFL_CLI_DONE:
        return RFL_EXIT_OK;
    case RFL_CLI_ERROR:
        return RFL_EXIT_USAGE;
    default:
        break;
    }
    if (first < argc) {
        fprintf(stderr, "rfl run: unexpected argument '%s' (see --help)\n", argv[first]);
        return RFL_EXIT_USAGE;
    }
    if (quick && full) {
        fprintf(stderr, "rfl run: --quick and --full exclude each other\n");
        return RFL_EXIT_USAGE;
    }
    if (resume && (quick || full || config || ranks || programs || output || launcher >= 0 || hostfile)) {
        fprintf(stderr, "rfl run: --resume DIR takes the run's own settings (DIR/run.conf); --quick, --full, "
                        "--config, --ranks, --launcher, --hostfile, --programs and --output do not go with it\n");
        return RFL_EXIT_USAGE;
    }

    struct rfl_settings s;
    if (rfl_settings_init(&s) != 0)
        return RFL_EXIT_FAILURE;
    struct run r;
    memset(&r, 0, sizeof r);
    r.s = &s;
    r.resume = resume != NULL;
    r.dry_run = dry_run;
    r.t0 = rfl_now_s();
    rfl_meta_utc_now(r.started, sizeof r.started);
    int rc = RFL_EXIT_OK;
    if (resume) {
        char conf[PATH_MAX + 256];
        snprintf(conf, sizeof conf, "%s/run.conf", resume);
        if (!rfl_run_exists(conf)) {
            rfl_error("%s: not a run directory (no run.conf)", resume);
            rfl_settings_free(&s);
            return RFL_EXIT_USAGE;
        }
        if (rfl_settings_load(&s, conf) != 0) {
            rfl_settings_free(&s);
            return RFL_EXIT_USAGE;
        }
        snprintf(r.dir, sizeof r.dir, "%s", resume);
    } else {
        char conf_path[PATH_MAX + 256];
        if (config && (rfl_config_find(config, conf_path, sizeof conf_path) != 0 ||
                       rfl_settings_load(&s, conf_path) != 0)) {
            rfl_settings_free(&s);
            return RFL_EXIT_USAGE;
        }
        if (quick)
            s.mode = RFL_MODE_QUICK;
        if (full)
            s.mode = RFL_MODE_FULL;
        if (ranks)
            s.ranks = ranks;
        if (launcher >= 0)
            s.launcher = launcher;
        if (hostfile && rfl_config_set_string(&s.hostfile, hostfile) != 0) {
            rfl_settings_free(&s);
            return RFL_EXIT_FAILURE;
        }
        if (budget > 0)
            s.budget = budget; /* run.conf keeps it for --resume */
        if (programs)
            s.programs = programs;
        if (output)
            snprintf(r.dir, sizeof r.dir, "%s", output);
        else
            rfl_run_default_dir(s.results_dir, r.dir, sizeof r.dir);
    }
#ifndef HAVE_MPI
    if (s.ranks > 1) {
        rfl_error("ranks = %u, but this rfl was built without MPI (configure --with-mpi=yes, with Open MPI installed)",
                  s.ranks);
        rfl_settings_free(&s);
        return RFL_EXIT_USAGE;
    }
#endif
    if (s.ranks > 1 && (rc = rfl_launcher_check(&s)) != 0) {
        rfl_settings_free(&s);
        return rc;
    }

    r.app = app && *app ? app : s.app && *s.app ? s.app : NULL;
    rfl_run_program_dir(r.progdir, sizeof r.progdir);

    int nprog = 0, runs[RFL_NPROGRAMS] = {0};
    for (int p = 0; p < RFL_NPROGRAMS; p++) {
        nprog += s.programs >> p & 1;
        runs[p] = program_runs_now(&r, p);
    }
    rfl_run_budget_init(&r.budget, budget, &s, runs);
    int total = nprog + 3, index = 0;
    if (dry_run) {
        for (int p = 0; p < RFL_NPROGRAMS; p++)
            if (s.programs >> p & 1)
                run_program(&r, p, ++index, total);
        rfl_settings_free(&s);
        return RFL_EXIT_OK;
    }

    if (rfl_interrupted()) {
        rfl_error("interrupted before the run started: nothing written");
        rfl_settings_free(&s);
        return RFL_EXIT_INTERRUPTED;
    }
    /* One rfl run at a time in a directory: the lock, held until exit (a
     * run directory in use says so before it says it holds a run). */
    char conf[PATH_MAX + 256];
    snprintf(conf, sizeof conf, "%s/run.conf", r.dir);
    if (!resume) {
        if (rfl_run_mkdir_p(r.dir) != 0) {
            rfl_error("%s: cannot create the run directory: %s", r.dir, strerror(errno));
            rfl_settings_free(&s);
            return RFL_EXIT_FAILURE;
        }
    }
    const int lock = rfl_run_lock(r.dir);
    if (lock < 0) {
        rfl_settings_free(&s);
        return RFL_EXIT_FAILURE;
    }
    if (resume)
        rfl_afile_remove_stale(r.dir); /* the temporary files of a killed run, once the lock is ours */
    if (!resume) {
        if (rfl_run_exists(conf)) {
            rfl_error("%s already holds a run: resume it with rfl run --resume %s, or choose another --output",
                      r.dir, r.dir);
            close(lock);
            rfl_settings_free(&s);
            return RFL_EXIT_USAGE;
        }
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        if (!mem) {
            close(lock);
            rfl_settings_free(&s);
            return RFL_EXIT_FAILURE;
        }
        rfl_settings_write(&s, mem);
        fclose(mem);
        int wrc = rfl_afile_write_string(conf, text);
        free(text);
        if (wrc != 0) {
            close(lock);
            rfl_settings_free(&s);
            return RFL_EXIT_FAILURE;
        }
    }
    rfl_info("run directory %s (mode %s, %u rank%s)%s", r.dir, rfl_mode_names[s.mode], s.ranks,
             s.ranks == 1 ? "" : "s", resume ? ", resumed" : "");

    int first_failure = RFL_EXIT_OK, ran_now = 0, measured = 0;
    for (int p = 0; p < RFL_NPROGRAMS && rc == RFL_EXIT_OK; p++) {
        if (!(s.programs >> p & 1))
            continue;
        size_t before = r.nsteps;
        int prc = run_program(&r, p, ++index, total);
        const struct rfl_run_step *st = r.nsteps > before ? &r.steps[r.nsteps - 1] : NULL;
        if (st && !st->resumed && !strcmp(st->status, "done"))
            ran_now = 1;
        if (st && !strcmp(st->status, "done"))
            measured = 1;
        if (prc == RFL_EXIT_INTERRUPTED || rfl_interrupted())
            rc = RFL_EXIT_INTERRUPTED;
        else if (prc != RFL_EXIT_OK && first_failure == RFL_EXIT_OK)
            first_failure = prc;
        save_run_json(&r);
    }
    if (rc == RFL_EXIT_OK && !measured) {
        rfl_error("no program ran (none is built, or every one failed): nothing to make ceilings from");
        rc = first_failure != RFL_EXIT_OK ? first_failure : RFL_EXIT_FAILURE;
    }
    if (rc == RFL_EXIT_OK && measured) {
        /* every probe of the run on one time line: noise.csv, run.json */
        struct rfl_run_noise_step ns[32];
        size_t nn = 0;
        for (size_t i = 0; i < r.nsteps && nn < 32; i++)
            if (r.steps[i].program >= 0 && !strcmp(r.steps[i].status, "done"))
                ns[nn++] = (struct rfl_run_noise_step){r.steps[i].name, rfl_programs[r.steps[i].program].outputs,
                                                       r.steps[i].started_s};
        int failed = 0;
        r.noise = rfl_run_noise(r.dir, ns, nn, &failed);
        r.record_failed |= failed;
        save_run_json(&r);
    }
    int force = ran_now || app != NULL;
    static const char *const derived[][2] = {{"ceilings", "ceilings.csv"}, {"plot", NULL}, {"report", "report.md"}};
    for (size_t i = 0; i < 3 && rc == RFL_EXIT_OK; i++) {
        /* In-process steps do not check for signals: the first one stops
         * gnuplot and any new rendering, and should one of them still run
         * RFL_RUN_STEP_GRACE_S seconds later, rfl exits 130 all the same. */
        char late[PATH_MAX + 256];
        snprintf(late, sizeof late,
                 "rfl: error: interrupted: the %s step did not stop within %d s; finished steps are kept; "
                 "continue with: rfl run --resume %s\n",
                 derived[i][0], RFL_RUN_STEP_GRACE_S, r.dir);
        rfl_interrupt_deadline(RFL_RUN_STEP_GRACE_S, late);
        int drc = run_derived(&r, derived[i][0], derived[i][1], force, ++index, total);
        rfl_interrupt_deadline(0, NULL);
        if (rfl_interrupted())
            rc = RFL_EXIT_INTERRUPTED;
        else if (drc != RFL_EXIT_OK)
            rc = drc;
        else
            force |= r.steps[r.nsteps - 1].resumed == 0;
        save_run_json(&r);
    }
    char partial[PATH_MAX + 256];
    snprintf(partial, sizeof partial, "%s/.partial", r.dir);
    rmdir(partial);
    if (rc == RFL_EXIT_INTERRUPTED || rfl_interrupted()) {
        save_run_json(&r);
        rfl_error("interrupted: finished steps are kept; continue with: rfl run --resume %s", r.dir);
        rc = RFL_EXIT_INTERRUPTED;
    } else if (rc == RFL_EXIT_OK && r.record_failed) {
        rfl_error("%s: run.json or a step marker could not be written (see above): the run's record is incomplete",
                  r.dir);
        rc = RFL_EXIT_FAILURE;
    } else if (rc == RFL_EXIT_OK) {
        rfl_info("done in %.1f s: %s/report.md", rfl_now_s() - r.t0, r.dir);
        if (first_failure != RFL_EXIT_OK)
            rc = first_failure;
    }
    for (size_t i = 0; i < r.nsteps; i++) {
        free(r.steps[i].command);
        json_decref(r.steps[i].budget);
        free(r.steps[i].thread_balance);
    }
    json_decref(r.noise);
    rfl_settings_free(&s);
    close(lock);
    return rc;
}
