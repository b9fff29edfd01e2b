/* How the five GPU programs keep to --time-budget (common/budget.h): the
 * samples a point takes, planned from the budget before the sweep, and
 * which points run, decided one point at a time.
 *
 * A point is admitted when its estimated time, plus the time reserved for
 * the points still to come that matter more (a lower priority number: the
 * points a ceiling is made from come first), fits in what is left of the
 * budget, or of the current phase (a share of it, for programs whose parts
 * differ: the modes of rfl_gpu_micro, the mechanisms of rfl_unified_memory).
 * Where the points of its own priority still to come cannot all fit, they
 * are thinned evenly (every other one, every third...), so no part of a
 * sweep is lost whole while another runs in full.
 * A point admitted runs to its end (no partial point); one not admitted is
 * cut, and the sidecar's "budget" object says what was cut. A point's
 * weight is its size in the program's terms (1 + bytes / GiB ...): before
 * the first point of a phase its seconds are a guess per unit of weight,
 * then a line (a fixed part and a part per weight) through what the
 * phase's points took. The first point of a run is always
 * admitted, so a run under any budget measures something. Under MPI rank
 * 0's clock decides and every rank takes its decision (admit is collective
 * when the budget is limited and there are several ranks). Without a
 * budget every point is admitted and nothing is planned. */
#ifndef RFL_GPU_BUDGET_H
#define RFL_GPU_BUDGET_H

#include <jansson.h>

#include "common/budget.h"

#define RFL_GPU_BUDGET_NPRIO 4

/* Sums over a phase's points of 1, weight, seconds, weight^2, weight x seconds. */
struct rfl_gpu_budget_fit {
    double n, w, s, ww, ws;
};

struct rfl_gpu_budget {
    struct rfl_budget clock;
    int ranks, root;
    double phase_end;                         /* rfl_now_s() the phase must end by; INFINITY: the budget's end */
    struct rfl_gpu_budget_fit fit;            /* the phase's points so far */
    double prior_s_per_w;                     /* the guess before a phase's first point */
    double pending[RFL_GPU_BUDGET_NPRIO];     /* weight of the points expected and not yet asked */
    double pending_n[RFL_GPU_BUDGET_NPRIO];   /* ... and their number */
    double share[RFL_GPU_BUDGET_NPRIO];       /* where points of a priority are thinned: the runs owed */
    double t_admit, w_admit;                  /* the point admitted last (t_admit < 0: none running) */
    int step;                                 /* ... is a step (rfl_gpu_budget_admit_step) */
    unsigned long run, cut, asked;
    json_t *cut_list;                         /* [{"what": TEXT, "points": N}], rank 0; NULL: none yet */
    json_t *samples;                          /* {"min_time_s": {"default": X, "planned": Y}, ...}, rank 0 */
};

/* Starts the clock (call first thing in the run); seconds <= 0: no budget.
 * Allocates nothing until a cut or a change is recorded. */
void rfl_gpu_budget_begin(struct rfl_gpu_budget *b, double seconds, double prior_s_per_weight);
void rfl_gpu_budget_free(struct rfl_gpu_budget *b);
int rfl_gpu_budget_limited(const struct rfl_gpu_budget *b);

/* Planning: a point of this priority and weight will be asked for. */
void rfl_gpu_budget_expect(struct rfl_gpu_budget *b, int prio, double weight);

/* Samples per point that fit: `points` points (sum of their weights) of
 * `overhead_s` plus calibration and `*experiments` samples of at least
 * `*min_time` each. Where they do not fit, *min_time comes down towards
 * `min_time_floor`, then *experiments towards `experiments_floor` (each
 * only where the user did not set it: `*_given`). The change is recorded.
 * Rank 0's plan holds on every rank (collective under a budget). */
void rfl_gpu_budget_plan_samples(struct rfl_gpu_budget *b, double points, double overhead_s, double *min_time,
                                 int min_time_given, double min_time_floor, unsigned *experiments,
                                 int experiments_given, unsigned experiments_floor);
/* Seconds a point takes before any was measured: `overhead_s`, the
 * calibration (about 3 x min_time) and `experiments` samples of 1.5 x
 * min_time on average; the guess for rfl_gpu_budget_phase. */
double rfl_gpu_budget_point_s(double overhead_s, double min_time, unsigned experiments);
/* Records any other setting the budget changed (a name, the default and
 * the value used), for the sidecar. */
void rfl_gpu_budget_note_setting(struct rfl_gpu_budget *b, const char *name, double dflt, double used);

/* A phase: the next `share` (0..1] of the time left, with its own guess of
 * seconds per weight. */
void rfl_gpu_budget_phase(struct rfl_gpu_budget *b, double share, double prior_s_per_weight);

/* Seconds a point of this weight is expected to take. */
double rfl_gpu_budget_estimate_s(const struct rfl_gpu_budget *b, double weight);
/* Seconds left in the phase (INFINITY without a budget). */
double rfl_gpu_budget_phase_left_s(const struct rfl_gpu_budget *b);

/* A point expected that will not be asked for after all (it cannot run). */
void rfl_gpu_budget_forget(struct rfl_gpu_budget *b, int prio, double weight);
/* Whether the next point (expected with this priority and weight) runs;
 * 0: it is cut and recorded under `what`. Collective (see above). */
int rfl_gpu_budget_admit(struct rfl_gpu_budget *b, int prio, double weight, const char *what);
/* The same for a step that writes no row of its own (a tuning, a GEMM's
 * inputs and reference): it is admitted as the run's first point would be
 * while no point has run, and is not counted among the points run. */
int rfl_gpu_budget_admit_step(struct rfl_gpu_budget *b, int prio, double weight, const char *what);
/* A point the results cannot do without (a roof's only measurement): it
 * runs whatever the time left, and the points after it pay for it; `step`
 * as for rfl_gpu_budget_admit_step. */
int rfl_gpu_budget_admit_kept(struct rfl_gpu_budget *b, int prio, double weight, int step);
/* The admitted point ended: its time counts in the phase's estimate. */
void rfl_gpu_budget_done(struct rfl_gpu_budget *b);
/* The admitted point did not run after all: for want of time it counts as
 * cut under `what`; for another reason (what NULL) it does not count. */
void rfl_gpu_budget_withdraw(struct rfl_gpu_budget *b, const char *what);
/* Points cut without asking (the rest of a sweep, a step not taken). */
void rfl_gpu_budget_cut(struct rfl_gpu_budget *b, const char *what, unsigned long points);

/* The sidecar's "budget" object (rank 0; NULL elsewhere):
 * {"time_budget_s": S or null, "used_s", "spent", "points_run",
 *  "points_cut", "cut": [...], "samples": {...}}. */
json_t *rfl_gpu_budget_json(const struct rfl_gpu_budget *b);

/* Host-side checks (--self-test); the number of failures. */
int rfl_gpu_budget_self_test(void);

#endif
