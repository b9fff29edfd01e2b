#include "config.h"
#include "budget.h"
#include "log.h"
#include "mpi_shim.h"
#include "timer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rfl_budget_start(struct rfl_budget *b, double total_s)
{
    b->total_s = isfinite(total_s) && total_s > 0 ? total_s : 0;
    b->t_start = rfl_now_s();
}

int rfl_budget_limited(const struct rfl_budget *b) { return b->total_s > 0; }

double rfl_budget_used_s(const struct rfl_budget *b) { return rfl_now_s() - b->t_start; }

double rfl_budget_used_s_all(const struct rfl_budget *b)
{
    double v[1] = {rfl_budget_used_s(b)};
    rfl_mpi_bcast_double(v, 1);
    return v[0];
}

double rfl_budget_left_s(const struct rfl_budget *b)
{
    if (!rfl_budget_limited(b))
        return INFINITY;
    double left = b->total_s - rfl_budget_used_s(b);
    return left > 0 ? left : 0;
}

double rfl_budget_share_s(const struct rfl_budget *b, double parts)
{
    double left = rfl_budget_left_s(b);
    return isfinite(left) && parts > 1 ? left / parts : left;
}

int rfl_budget_spent(const struct rfl_budget *b) { return rfl_budget_limited(b) && rfl_budget_left_s(b) <= 0; }

json_t *rfl_budget_json(const struct rfl_budget *b, int spent, json_t *cuts, size_t ndropped, const char *dropped,
                        const char *key, json_t *items)
{
    if (ndropped) {
        char text[1100];
        snprintf(text, sizeof text, "not measured, no time left in the budget: %s", dropped);
        json_array_append_new(cuts, json_string(text));
    }
    return json_pack("{s:f, s:f, s:b, s:o, s:o}", "seconds", b->total_s, "used_s", rfl_budget_used_s(b), "spent",
                     spent || ndropped > 0, "cuts", cuts, key, items);
}

void rfl_budget_print_cuts(const struct rfl_budget *b, const json_t *budget)
{
    const json_t *cuts = json_object_get(budget, "cuts");
    rfl_info("time budget %.1f s, %.1f s used%s", b->total_s, rfl_budget_used_s(b),
             json_array_size(cuts) ? "; cut to fit it:" : ": nothing cut");
    size_t i;
    const json_t *cut;
    json_array_foreach(cuts, i, cut) rfl_info("  %s", json_string_value(cut));
}

void rfl_budget_samples_text(char *how, size_t len, const char *per, unsigned e, unsigned e0, double mt,
                             double mt0)
{
    how[0] = '\0';
    if (e < e0)
        snprintf(how, len, "%u experiments per %s (asked %u)", e, per, e0);
    if (mt < mt0)
        snprintf(how + strlen(how), len - strlen(how), "%sa minimum sample time of %g s (asked %g s)",
                 how[0] ? " and " : "", mt, mt0);
}
