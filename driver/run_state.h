/* rfl run's state, shared by its files: run.c (the command: settings, the
 * main pass, the noise record, ceilings, plot and report), run_program.c
 * (a step: a program's command, process, outputs and marker; an in-process
 * step; run.json) and run_layouts.c (--layouts: the node's layouts and
 * their passes). Only types: each file's functions are in its own header. */
#ifndef RFL_DRIVER_RUN_STATE_H
#define RFL_DRIVER_RUN_STATE_H

#include <limits.h>

#include <jansson.h>

#include "programs.h"
#include "run_budget.h"
#include "run_step.h"
#include "settings.h"

/* --layouts (run_layouts.h): at most node, numa, socket and flat. */
#define RFL_RUN_MAX_LAYOUTS 4

struct rfl_run_layout {
    char name[16];             /* node, numa, socket, flat */
    unsigned ranks;            /* the job's: ranks per node x nodes */
    unsigned ranks_per_node;
    unsigned threads_per_rank; /* each rank's share of the node's cores (0: unknown: the programs' own) */
    char dir[32];              /* "layouts/NAME" (plot/layouts.h's folder), inside the run directory */
    char binding[256];         /* the words that bind each rank (launcher.h); "" for 1 rank */
};

/* Every program, the layouts' steps (RFL_RUN_MAX_LAYOUTS x (the CPU
 * programs + ceilings)), ceilings, plot and report fit. */
#define RFL_RUN_MAX_STEPS 64

struct rfl_run {
    char dir[PATH_MAX];
    char progdir[PATH_MAX];
    struct rfl_settings *s;
    const char *app;
    int resume, dry_run;
    struct rfl_run_step steps[RFL_RUN_MAX_STEPS];
    size_t nsteps;
    char started[32];
    double t0;
    int record_failed; /* run.json or a step marker could not be written */
    struct rfl_run_budget budget;
    double dry_used_s; /* --dry-run: the shares given so far, as if each were used */
    json_t *noise;     /* run.json's "noise" */
    json_t *launcher;  /* run.json's "launcher": the largest step's layout; NULL: no step under the launcher */
    json_t *earlier;   /* --resume: run.json's "steps" as the run began (NULL: none), to say why a step runs again */
    /* The --time-budget each program had in the main pass (0: none), which
     * its step of every layout's pass gets again. */
    double main_share_s[RFL_NPROGRAMS];
    struct rfl_run_layout layouts[RFL_RUN_MAX_LAYOUTS]; /* --layouts: the node's, in the order they run */
    size_t nlayouts;
};

/* One pass of the programs: the main one, or one layout's. */
struct rfl_run_pass {
    const struct rfl_settings *s; /* its ranks and threads: the run's, or the layout's */
    const char *suffix;           /* after each step's name: "" (main), "@numa" */
    const char *dir;              /* where its outputs go: DIR, or DIR/layouts/numa */
    double share_s;               /* < 0: the budget's share when the step starts; else this (0: none) */
};

#endif
