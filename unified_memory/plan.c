#include "config.h"
#include "unified_memory/plan.h"
#include "unified_memory/kernels.h"

#include <math.h>

size_t rfl_um_elements_for(uint64_t bytes)
{
    size_t n = (size_t)(bytes / sizeof(double)) / RFL_UM_QUANTUM * RFL_UM_QUANTUM;
    return n < RFL_UM_QUANTUM ? RFL_UM_QUANTUM : n;
}

double rfl_um_effective_bytes(size_t elements, unsigned long long trials, unsigned reuse)
{
    return 2.0 * sizeof(double) * (double)elements * (double)trials * ((double)reuse + 1.0);
}

void rfl_um_seen_add(struct rfl_um_seen *s, unsigned reuse, double trial_s)
{
    if (s->n < RFL_UM_MAX_REUSE) {
        s->reuse[s->n] = reuse;
        s->trial_s[s->n] = trial_s;
        s->n++;
    }
}

static double lookup(const struct rfl_um_seen *s, unsigned reuse)
{
    for (int i = 0; s && i < s->n; i++)
        if (s->reuse[i] == reuse)
            return s->trial_s[i];
    return -1;
}

double rfl_um_predict_trial_s(const struct rfl_um_seen *here, const struct rfl_um_seen *smaller, double size_ratio,
                              unsigned reuse)
{
    const double below = lookup(smaller, reuse);
    if (isinf(below))
        return INFINITY;
    const double scaled = below >= 0 ? below * size_ratio : -1;
    /* The measured reuses here (skips are not measurements). */
    int last = -1, before = -1;
    for (int i = 0; here && i < here->n; i++)
        if (isfinite(here->trial_s[i]) && here->reuse[i] < reuse) {
            before = last;
            last = i;
        }
    if (last >= 0 && before >= 0) {
        const double k1 = here->reuse[before], k2 = here->reuse[last];
        const double t1 = here->trial_s[before], t2 = here->trial_s[last];
        const double slope = t2 > t1 ? (t2 - t1) / (k2 - k1) : 0.0;
        return t2 + slope * ((double)reuse - k2);
    }
    if (last >= 0) {
        const double proportional = here->trial_s[last] * (double)reuse / (double)here->reuse[last];
        return scaled >= 0 && scaled < proportional ? scaled : proportional;
    }
    return scaled;
}

struct rfl_um_plan rfl_um_plan_point(double trial_s, double warmup_s, double min_time, unsigned experiments,
                                     int breakdown, double timeout)
{
    struct rfl_um_plan p = {1, 1, experiments, breakdown, -1};
    if (isinf(trial_s)) {
        p.run = 0;
        p.experiments = 0;
        p.breakdown = 0;
        return p;
    }
    if (trial_s < 0)
        return p;
    p.calibrate = trial_s < min_time;
    /* Doubling stops at the first sample of at least min_time: the last
     * lasts under 2 x min_time, all of them together under 4 x. */
    const double per_sample = p.calibrate ? 2 * min_time : trial_s;
    double budget = timeout - (warmup_s > 0 ? warmup_s : 0) - (p.calibrate ? 4 * min_time : 0);
    if (budget < per_sample) {
        p.run = 0;
        p.experiments = 0;
        p.breakdown = 0;
        p.predicted_s = timeout - budget + per_sample;
        return p;
    }
    /* One timed sample always; then the instrumented one; then the rest. */
    budget -= per_sample;
    p.breakdown = breakdown && budget >= per_sample;
    if (p.breakdown)
        budget -= per_sample;
    const double fit = floor(budget / per_sample);
    const unsigned extra = fit < (double)(experiments - 1) ? (unsigned)fit : experiments - 1;
    p.experiments = 1 + extra;
    budget -= extra * per_sample;
    p.predicted_s = timeout - budget;
    return p;
}
