/* rfl run's time budget (--budget SECONDS, the config's `budget`, else
 * the mode's: quick 60 s, full 600 s, standard none) and its noise record.
 *
 * Sharing: before each program step, the time left (less a reserve for
 * ceilings, charts and report) is split among that step and the steps
 * after it that will run here, in proportion to their expected cost on
 * this machine (the program table's cost_s plus cost_s_per_llc_mib x the
 * last-level cache from hwloc). A step that uses less than its share
 * leaves the rest to the steps after it; one that runs over takes it from
 * them. The program is told its share less its start-up (process, MPI)
 * as --time-budget, and keeps within it.
 *
 * Noise: the CPU programs time a fixed probe kernel through their run
 * (cpu/noise.h, the sidecar's "noise_probe"); rfl run puts every probe of
 * the run on one time line, DIR/noise.csv, and its coefficient of
 * variation in run.json's "noise". */
#ifndef RFL_DRIVER_RUN_BUDGET_H
#define RFL_DRIVER_RUN_BUDGET_H

#include <jansson.h>

#include "settings.h"

/* Kept for ceilings, charts and report: RESERVE_S + RESERVE_FRACTION of the
 * budget, at most RESERVE_MAX_FRACTION of it. */
#define RFL_RUN_BUDGET_RESERVE_S 1.0
#define RFL_RUN_BUDGET_RESERVE_FRACTION 0.03
#define RFL_RUN_BUDGET_RESERVE_MAX_FRACTION 0.1
/* A program's start-up before its own clock starts: a process and
 * MPI_Init; under mpiexec more. */
#define RFL_RUN_BUDGET_STARTUP_S 0.5
#define RFL_RUN_BUDGET_STARTUP_MPIEXEC_S 1.5
/* The least --time-budget a program is given (the option's minimum). */
#define RFL_RUN_BUDGET_MIN_SHARE_S 0.1

struct rfl_run_budget {
    double total_s;               /* 0: no budget */
    char source[32];              /* "--budget", "config", "quick default", "full default" */
    double reserve_s;
    double llc_mib;               /* the machine's last-level cache, all instances */
    double cost[RFL_NPROGRAMS];   /* expected cost of each step that runs now; 0: none */
    /* --resume: the seconds the run's earlier invocations took (run.json's
     * elapsed_s), spent from the same budget: a resumed run has what is
     * left, not the whole budget again. */
    double earlier_s;
};

/* cli_s > 0: --budget; else the config's, else the mode's. runs[p]: the
 * program will run now (built, selected, GPU there if it needs one, not
 * done earlier). */
void rfl_run_budget_init(struct rfl_run_budget *b, double cli_s, const struct rfl_settings *s, const int *runs);
/* --resume of dir: b->earlier_s from dir/run.json (0 when it has none). */
void rfl_run_budget_resume(struct rfl_run_budget *b, const char *dir);
/* The seconds of the budget left when used_s of this invocation are spent
 * (after the earlier ones'), at least 0. */
double rfl_run_budget_left(const struct rfl_run_budget *b, double used_s);
/* The --time-budget of program p when used_s of this invocation are spent; 0
 * without a budget or for a program that takes none. */
double rfl_run_budget_share(const struct rfl_run_budget *b, int p, double used_s, int under_mpiexec);
/* run.json's "budget" (null without one); used_s counts the earlier
 * invocations' too. */
json_t *rfl_run_budget_json(const struct rfl_run_budget *b, double used_s);

/* The "budget" of the sidecars in dir whose names match `pattern` (a CSV
 * pattern of the program table; .csv read as .json): their cuts joined and
 * whether one ran out; NULL when none has one. And in *balance the first
 * one's thread_balance verdict (rfl_flops, rfl_bandwidth; with a budget or
 * without), malloc'd, NULL when none has one. */
json_t *rfl_run_budget_of_step(const char *dir, const char *pattern, char **balance);

/* A finished program step, for the noise time line. */
struct rfl_run_noise_step {
    const char *name, *pattern;   /* the step and its CSV pattern */
    double started_s;             /* since its rfl run began */
};
/* Writes dir/noise.csv (schema/noise.def) from the steps' probes and returns
 * run.json's "noise" (null when no step probed). A file that cannot be
 * written sets *failed. */
json_t *rfl_run_noise(const char *dir, const struct rfl_run_noise_step *steps, size_t n, int *failed);

/* run.json's noise verdict on a coefficient of variation: "steady" (up to
 * RFL_NOISE_STEADY), "somewhat noisy" (up to RFL_NOISE_NOISY) or "noisy". */
#define RFL_NOISE_STEADY 0.03
#define RFL_NOISE_NOISY 0.10
const char *rfl_run_noise_verdict(double cv);

#endif
