#include "config.h"
#include "budget.h"
#include "timer.h"

#include <math.h>

void rfl_budget_start(struct rfl_budget *b, double total_s)
{
    b->total_s = isfinite(total_s) && total_s > 0 ? total_s : 0;
    b->t_start = rfl_now_s();
}

int rfl_budget_limited(const struct rfl_budget *b) { return b->total_s > 0; }

double rfl_budget_used_s(const struct rfl_budget *b) { return rfl_now_s() - b->t_start; }

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
