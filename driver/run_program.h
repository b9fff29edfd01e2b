/* The steps of rfl run (run_state.h holds the run): a program's, an
 * in-process one's, and the run's record, run.json. */
#ifndef RFL_DRIVER_RUN_PROGRAM_H
#define RFL_DRIVER_RUN_PROGRAM_H

#include "run_state.h"

/* Program p's step in `pass` ([index/total] in the progress lines): under
 * --dry-run its command printed; under --resume kept when its marker and
 * outputs are there; else run in DIR/.partial/STEP, its CSVs and sidecars
 * moved into pass->dir when it exits 0, then its marker
 * DIR/.steps/STEP.done. STEP is the program's name and pass->suffix. Every
 * step but a dry run's lands in r->steps (run.json). An RFL_EXIT_* code. */
int rfl_run_program_step(struct rfl_run *r, int p, const struct rfl_run_pass *pass, int index, int total);

/* An in-process step over one directory: `what` is ceilings, plot or
 * report, of `dir` with settings `s` and application points `app` (NULL:
 * none), named `name` in r->steps and its marker; kept under --resume when
 * its marker and `output` (a CSV pattern in dir; NULL: none to check) are
 * there, unless `force`. After a signal it may run RFL_RUN_STEP_GRACE_S
 * more seconds before rfl exits 130 without it. An RFL_EXIT_* code. */
#define RFL_RUN_STEP_GRACE_S 5
int rfl_run_derived_step(struct rfl_run *r, const char *name, const char *what, const char *dir,
                         const struct rfl_settings *s, const char *app, const char *output, int force, int index,
                         int total);

/* DIR/run.json, anew from r (a failure sets r->record_failed). */
void rfl_run_save_json(struct rfl_run *r);

#endif
