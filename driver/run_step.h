/* One step of rfl run (a program, or ceilings, plot, report): what run.json
 * and the step's marker (.steps/NAME.done, read back by --resume) say of it. */
#ifndef RFL_DRIVER_RUN_STEP_H
#define RFL_DRIVER_RUN_STEP_H

#include <jansson.h>

struct rfl_run_step {
    char name[64];
    char status[32];   /* done, skipped, failed, interrupted */
    char reason[256];
    char *command;
    double elapsed_s;
    double budget_s;   /* the --time-budget it was given; 0: none */
    double started_s;  /* since this rfl run began */
    double steal_percent; /* the hypervisor's share of the CPUs while it ran (< 0 or NaN: unknown) */
    json_t *budget;    /* what its sidecars say of the budget: cuts, spent */
    char *thread_balance; /* its first sidecar's thread_balance verdict (NULL: none), budget or not */
    int program;       /* index in rfl_programs; -1: ceilings, plot, report */
    int resumed;
};

/* A step about to run, started_s after the run began. */
void rfl_run_step_init(struct rfl_run_step *st, const char *name, double started_s);
/* run.json's and the marker's object of the step (new reference). */
json_t *rfl_run_step_json(const struct rfl_run_step *st);
/* A marker's object back into the step (what --resume keeps of it). */
void rfl_run_step_from_json(struct rfl_run_step *st, json_t *o);

/* --resume: step `name` of the run in run_dir keeps what it did earlier
 * when its marker (.steps/NAME.done) says done and its outputs (a CSV
 * pattern in dir; NULL: none) are there; with `whole`, read back as rfl
 * ceilings reads them. The marker's object (new reference); else NULL, and
 * why not in `why`, one line ("" where there is no marker at all). */
json_t *rfl_run_step_kept(const char *run_dir, const char *name, const char *dir, const char *pattern, int whole,
                          char *why, size_t len);

#endif
