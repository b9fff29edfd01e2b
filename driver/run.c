/* rfl run: every program that is built and can run here, then ceilings,
 * charts and report, in a run directory that can be resumed.
 *
 * Each program writes into DIR/.partial/<step>/; only when it exits 0 are
 * its CSV and sidecar renamed into DIR and DIR/.steps/<step>.done written.
 * So DIR never holds a half-written file, an interrupted step leaves no
 * trace but its scratch folder, and `rfl run --resume DIR` reruns exactly
 * the steps without a marker that says done over outputs that read back
 * whole (run_step.h). A step is run_program.c's; --layouts adds a
 * pass of the CPU programs per layout of the node (run_layouts.c). */
#include "config.h"
#include "driver.h"
#include "config_name.h"
#include "files.h"
#include "run_layouts.h"
#include "run_program.h"
#include "run_state.h"
#include "spawn.h"
#include "launcher.h"
#include "plot/plot.h"
#include "common/interrupt.h"
#include "common/afile.h"
#include "common/input.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/options.h"
#include "common/rfl.h"
#include "common/timer.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether program p will run now: asked for, built, a GPU here if it needs
 * one, and not done earlier (--resume). */
static int program_runs_now(const struct rfl_run *r, int p)
{
    const struct rfl_program *pr = &rfl_programs[p];
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", r->progdir, pr->binary);
    if (!(r->s->programs >> p & 1) || access(path, X_OK) != 0 || (pr->gpu && !rfl_run_gpu_present()) ||
        (pr->gpu == RFL_PROGRAM_ALL_GPUS && rfl_run_gpu_count() < 2) ||
        (pr->mpi == RFL_PROGRAM_MPI_PAIRS && r->s->ranks < 2))
        return 0;
    if (!r->resume)
        return 1;
    char why[640];
    json_t *kept = rfl_run_step_kept(r->dir, pr->name, r->dir, pr->outputs, 1, why, sizeof why);
    const int runs = kept == NULL;
    json_decref(kept);
    return runs;
}

/* --resume: the steps as the earlier invocations left them, read before
 * this one rewrites run.json, so a step that runs again can say why. */
static json_t *earlier_steps(const char *dir)
{
    char path[PATH_MAX + 256], why[256];
    snprintf(path, sizeof path, "%s/run.json", dir);
    size_t len = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    json_t *o = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    json_t *steps = json_object_get(o, "steps");
    steps = json_is_array(steps) ? json_incref(steps) : NULL;
    json_decref(o);
    return steps;
}

/* --resume: the budget is the whole run's, so what the earlier invocations
 * took of it is spent; the log says what is left. */
static void say_budget_left(const struct rfl_run *r)
{
    if (r->resume && r->budget.total_s > 0)
        rfl_info("budget %.0f s (%s): the earlier run took %.1f s of it, %.1f s left", r->budget.total_s,
                 r->budget.source, r->budget.earlier_s, rfl_run_budget_left(&r->budget, 0));
}

int rfl_cmd_run(int argc, char **argv)
{
    /* First: SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on stop the run
     * cleanly (common/interrupt.h); passed on to the step that runs. */
    rfl_interrupt_install();
    int quick = 0, full = 0, dry_run = 0, oversubscribe = 0, layouts = 0;
    double budget = 0;
    unsigned ranks = 0, programs = 0;
    int launcher = -1;
    const char *hostfile = NULL;
    const char *config = NULL, *output = NULL, *resume = NULL, *app = NULL;
    unsigned formats = 0;
    const struct rfl_option table[] = {
        {"quick", 'q', RFL_OPT_FLAG, &quick, NULL, "a coarse pass: under a minute on a small machine", 0, 0, NULL},
        {"full", 'f', RFL_OPT_FLAG, &full, NULL, "the thorough sweep (minutes)", 0, 0, NULL},
        {"budget", 'b', RFL_OPT_DOUBLE, &budget, "SECONDS",
         "the whole run within SECONDS (default: the config's budget, else quick 60, full 600, standard none), "
         "shared among the programs by their expected cost here", 1, 1e6, NULL},
        {"config", 'c', RFL_OPT_STRING, &config, "FILE",
         "a machine's config, read on top of the embedded default (config/README.md); a NAME without '/' is "
         "NAME.conf of the installed configs", 0, 0, NULL},
        {"ranks", 'n', RFL_OPT_UINT, &ranks, "N",
         "MPI ranks: run the CPU programs (and the GPU programs, one rank per GPU) under the launcher with N ranks",
         1, 4096, NULL},
        {"launcher", 'l', RFL_OPT_CHOICE, &launcher, "NAME",
         "how ranks start: mpiexec (default; $MPIEXEC) or srun ($SRUN; inside a Slurm allocation). Each rank is "
         "bound to its share of the node's cores (one rank per NUMA domain when the counts match) by the options "
         "of the MPI its --version names (Open MPI --map-by/--bind-to, MPICH -bind-to/-map-by, Intel MPI "
         "I_MPI_PIN_DOMAIN, srun --cpus-per-task/--cpu-bind), unless mpiexec_args/srun_args place the ranks "
         "themselves; --allow-run-as-root and -x go to Open MPI's only", 0, 0,
         rfl_launcher_names},
        {"hostfile", 0, RFL_OPT_STRING, &hostfile, "FILE", "mpiexec's hostfile, passed as --hostfile FILE", 0, 0,
         NULL},
        {"oversubscribe", 0, RFL_OPT_FLAG, &oversubscribe, NULL,
         "allow more ranks per node x threads than this node's cores (else refused, exit 2); passed as Open MPI's "
         "--oversubscribe, srun's --overcommit (the config's oversubscribe = yes)", 0, 0, NULL},
        {"layouts", 0, RFL_OPT_FLAG, &layouts, NULL,
         "measure the CPU programs again per layout of this node: 1 rank x all cores, one rank per NUMA domain, "
         "per socket, per core (DIR/layouts/NAME, charted in layouts.png); adds one pass of the CPU programs per "
         "layout, each step with the budget share it had in the main pass (the config's layouts = yes)", 0, 0,
         NULL},
        {"programs", 'p', RFL_OPT_LIST, &programs, "LIST", "programs to run (default: the config's)", 0, 0,
         rfl_program_names},
        {"output", 'o', RFL_OPT_STRING, &output, "DIR", "the run directory (default results/HOST-DATE-TIME)", 0, 0,
         NULL},
        {"resume", 'r', RFL_OPT_STRING, &resume, "DIR",
         "finish an interrupted run: keep its finished steps, redo the others", 0, 0, NULL},
        {"app", 'a', RFL_OPT_STRING, &app, "FILE",
         "application points (CSV: name, arithmetic_intensity, gflops_per_s[, level, precision])", 0, 0, NULL},
        RFL_OPTION_FORMAT(&formats),
        {"dry-run", 0, RFL_OPT_FLAG, &dry_run, NULL, "print the program commands (launcher words included) and stop",
         0, 0, NULL},
    };
    const struct rfl_cli cli = {
        .program = "rfl run",
        .summary = "Runs every rfl program that is built and can run here (GPU programs only with a GPU), then "
                   "writes ceilings.csv, roofline.json, the charts and report.md into one run directory. Progress "
                   "goes to stderr.",
        .epilog = "Each step writes its files atomically and then a marker, so Ctrl-C leaves no half-written file "
                  "and rfl run --resume DIR picks up where the run stopped. SIGINT, SIGTERM, SIGHUP or SIGQUIT "
                  "stops the program that runs, which also dies with rfl. One rfl run at a time in a directory (a "
                  "lock on DIR/.rfl.lock).\nExit status: 0 ok, 1 a program failed (also one that could not start "
                  "or was killed) or DIR is in use, 2 bad usage or input, 3 a result did not verify, 130 "
                  "interrupted.",
        .options = table,
        .noptions = sizeof table / sizeof table[0],
    };
    int first = 0;
    const int parsed = rfl_cli_parse(&cli, argc, argv, &first);
    if (parsed != RFL_CLI_RUN)
        return parsed == RFL_CLI_DONE ? RFL_EXIT_OK : RFL_EXIT_USAGE;
    if (first < argc) {
        fprintf(stderr, "rfl run: unexpected argument '%s' (see --help)\n", argv[first]);
        return RFL_EXIT_USAGE;
    }
    if (quick && full) {
        fprintf(stderr, "rfl run: --quick and --full exclude each other\n");
        return RFL_EXIT_USAGE;
    }
    if (resume && (quick || full || config || ranks || programs || output || launcher >= 0 || hostfile || layouts)) {
        fprintf(stderr, "rfl run: --resume DIR takes the run's own settings (DIR/run.conf); --quick, --full, "
                        "--config, --ranks, --launcher, --hostfile, --programs, --layouts and --output do not go "
                        "with it\n");
        return RFL_EXIT_USAGE;
    }

    struct rfl_settings s;
    if (rfl_settings_init(&s) != 0)
        return RFL_EXIT_FAILURE;
    struct rfl_run r;
    memset(&r, 0, sizeof r);
    r.s = &s;
    r.resume = resume != NULL;
    r.dry_run = dry_run;
    r.t0 = rfl_now_s();
    rfl_meta_utc_now(r.started, sizeof r.started);
    int rc = RFL_EXIT_OK;
    /* the file that set ranks or threads, for the refusal of too many */
    char conf_path[PATH_MAX + 256] = "";
    const unsigned default_ranks = s.ranks, default_threads = s.threads;
    if (resume) {
        snprintf(conf_path, sizeof conf_path, "%s/run.conf", resume);
        int found = 0;
        if (rfl_settings_load_run_conf(&s, resume, &found) != 0 || !found) {
            if (!found)
                rfl_error("%s: not a run directory (no run.conf)", resume);
            rfl_settings_free(&s);
            return RFL_EXIT_USAGE;
        }
        snprintf(r.dir, sizeof r.dir, "%s", resume);
        if (oversubscribe)
            s.oversubscribe = 1; /* a run that no longer fits this node, continued all the same */
    } else {
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
        if (oversubscribe)
            s.oversubscribe = 1;
        if (layouts)
            s.layouts = 1; /* run.conf keeps it for --resume */
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
    if (formats)
        s.formats = formats; /* a new run's run.conf keeps it; --resume draws them this time */
#ifndef HAVE_MPI
    if (s.ranks > 1) {
        rfl_error("ranks = %u, but this rfl was built without MPI (configure --with-mpi=yes, with Open MPI installed)",
                  s.ranks);
        rfl_settings_free(&s);
        return RFL_EXIT_USAGE;
    }
    if (s.layouts) { /* every layout but one rank x all cores runs under the launcher */
        if (layouts)
            rfl_error("--layouts: this rfl was built without MPI (configure --with-mpi=yes, with Open MPI installed)");
        else
            rfl_error("%s: layouts = yes, but this rfl was built without MPI (configure --with-mpi=yes, with Open "
                      "MPI installed)", conf_path);
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
    /* Configs fit the machine or say why, before anything is written. */
    struct rfl_launcher_layout layout;
    const int from_file =
        conf_path[0] && (resume || (!ranks && s.ranks != default_ranks) || s.threads != default_threads);
    if ((rc = rfl_launcher_preflight(&s, runs, from_file ? conf_path : NULL, ranks != 0, &layout)) != 0 ||
        (s.layouts && (rc = rfl_run_layouts_plan(&r)) != 0)) {
        rfl_settings_free(&s);
        return rc;
    }
    rfl_run_budget_init(&r.budget, budget, &s, runs);
    if (resume)
        rfl_run_budget_resume(&r.budget, r.dir);
    int total = nprog + 3 + rfl_run_layouts_steps(&r), index = 0;
    const struct rfl_run_pass main_pass = {&s, "", r.dir, -1};
    if (dry_run) {
        say_budget_left(&r);
        for (int p = 0; p < RFL_NPROGRAMS; p++)
            if (s.programs >> p & 1)
                rfl_run_program_step(&r, p, &main_pass, ++index, total);
        int unused = 0;
        rfl_run_layouts(&r, &index, total, &unused, &unused);
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
    if (resume) {
        rfl_afile_remove_stale(r.dir); /* the temporary files of a killed run, once the lock is ours */
        r.earlier = earlier_steps(r.dir);
    }
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
    say_budget_left(&r);
    r.launcher = layout.ranks > 1 ? rfl_launcher_layout_json(&layout) : NULL;

    int first_failure = RFL_EXIT_OK, ran_now = 0, measured = 0;
    for (int p = 0; p < RFL_NPROGRAMS && rc == RFL_EXIT_OK; p++) {
        if (!(s.programs >> p & 1))
            continue;
        size_t before = r.nsteps;
        int prc = rfl_run_program_step(&r, p, &main_pass, ++index, total);
        const struct rfl_run_step *st = r.nsteps > before ? &r.steps[r.nsteps - 1] : NULL;
        if (st && !st->resumed && !strcmp(st->status, "done"))
            ran_now = 1;
        if (st && !strcmp(st->status, "done"))
            measured = 1;
        if (prc == RFL_EXIT_INTERRUPTED || rfl_interrupted())
            rc = RFL_EXIT_INTERRUPTED;
        else if (prc != RFL_EXIT_OK && first_failure == RFL_EXIT_OK)
            first_failure = prc;
        rfl_run_save_json(&r);
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
        rfl_run_save_json(&r);
    }
    /* --layouts: after the main pass (its shares are known), before the
     * ceilings, charts and report that compare the layouts */
    if (rc == RFL_EXIT_OK && measured)
        rc = rfl_run_layouts(&r, &index, total, &ran_now, &first_failure);
    int force = ran_now || app != NULL;
    static const char *const derived[][2] = {{"ceilings", "ceilings.csv"}, {"plot", NULL}, {"report", "report.md"}};
    for (size_t i = 0; i < 3 && rc == RFL_EXIT_OK; i++) {
        /* the points go with the ceilings (applications.csv), where plot and report read them */
        /* The report every time: it tells of this invocation too (the steps
         * kept and run again, the budget spent). */
        int drc = rfl_run_derived_step(&r, derived[i][0], derived[i][0], r.dir, &s, i == 0 ? r.app : NULL,
                                       derived[i][1], force || i == 2, ++index, total);
        if (rfl_interrupted())
            rc = RFL_EXIT_INTERRUPTED;
        else if (drc != RFL_EXIT_OK)
            rc = drc;
        else
            force |= r.steps[r.nsteps - 1].resumed == 0;
        rfl_run_save_json(&r);
    }
    char partial[PATH_MAX + 256];
    snprintf(partial, sizeof partial, "%s/.partial", r.dir);
    rmdir(partial);
    if (rc == RFL_EXIT_INTERRUPTED || rfl_interrupted()) {
        rfl_run_save_json(&r);
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
    json_decref(r.launcher);
    json_decref(r.earlier);
    rfl_settings_free(&s);
    close(lock);
    return rc;
}
