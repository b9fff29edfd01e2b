/* A time budget: the seconds a program (or one step of `rfl run`) may take,
 * given with --time-budget, counted from rfl_budget_start. The programs
 * plan their work against it (fewer samples, fewer points past a plateau,
 * fewer kernel x precision pairs) and say in their sidecar what it cut. A
 * total of 0 or less is no budget: every query answers as if time were
 * unlimited. */
#ifndef RFL_BUDGET_H
#define RFL_BUDGET_H

#include <stddef.h>

#include <jansson.h>

struct rfl_budget {
    double total_s; /* <= 0: none */
    double t_start;
};

void rfl_budget_start(struct rfl_budget *b, double total_s);
int rfl_budget_limited(const struct rfl_budget *b);
double rfl_budget_used_s(const struct rfl_budget *b);
/* rfl_budget_used_s of rank 0, the same on every rank (a collective): ranks
 * that plan on it cut the same points. */
double rfl_budget_used_s_all(const struct rfl_budget *b);
/* Seconds left (never negative); INFINITY without a budget. */
double rfl_budget_left_s(const struct rfl_budget *b);
/* What one of `parts` equal parts of the work still to do may take: the
 * time left / parts; INFINITY without a budget. */
double rfl_budget_share_s(const struct rfl_budget *b, double parts);
/* Whether the budget is spent. Never without one. */
int rfl_budget_spent(const struct rfl_budget *b);

/* The sidecar's "budget" object of a CPU sweep: {"seconds", "used_s",
 * "spent", "cuts", KEY: items} (cuts and items taken over), the last cut
 * naming the `ndropped` items not measured (`dropped`, a list); spent
 * where the budget ran out or anything was dropped. */
json_t *rfl_budget_json(const struct rfl_budget *b, int spent, json_t *cuts, size_t ndropped, const char *dropped,
                        const char *key, json_t *items);
/* The closing lines of a CPU sweep run under a budget: the time used and
 * each cut of the sidecar's budget object (its "cuts" array), on stderr. */
void rfl_budget_print_cuts(const struct rfl_budget *b, const json_t *budget);
/* "E experiments PER (asked E0) and a minimum sample time of M s (asked
 * M0 s)", the parts that were cut, into `how`; PER is "point" or "row". */
void rfl_budget_samples_text(char *how, size_t len, const char *per, unsigned e, unsigned e0, double mt,
                             double mt0);

#endif
