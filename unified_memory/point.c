/* One measured point of rfl_unified_memory: what the plan affords within
 * --point-timeout, calibration of the trials per sample, the instrumented
 * sample, the timed samples and the check of every element.  Samples are
 * timed on the host clock: a trial ends with the CPU pass. */
#include "config.h"
#include "unified_memory/sweep.h"
#include "unified_memory/cpu.h"
#include "unified_memory/plan.h"
#include "common/interrupt.h"
#include "common/timer.h"

#include <math.h>
#include <stdio.h>

#define MAX_TRIALS (1ull << 40)

unsigned rfl_um_blocks_for(const struct rfl_um_ctx *c, size_t n)
{
    const size_t vectors = n / 2;
    size_t want = (vectors + c->threads - 1) / c->threads;
    const size_t resident = (size_t)c->resident * (size_t)c->dev.sm_count;
    if (want > resident)
        want = resident;
    return want < 1 ? 1 : (unsigned)want;
}

int rfl_um_run_point(struct rfl_um_ctx *c, struct rfl_um_buffers *b, const struct rfl_um_launch *l, unsigned reuse,
                     double trial_pred, double warm_pred, int *warmed, double *offset, struct rfl_um_point *p)
{
    const struct rfl_um_plan plan = rfl_um_plan_point(trial_pred, *warmed ? 0 : warm_pred, c->min_time,
                                                      c->experiments, c->breakdown, c->timeout);
    if (!plan.run) {
        p->status = RFL_UM_POINT_SKIPPED_TIMEOUT;
        if (isinf(trial_pred))
            snprintf(p->detail, sizeof p->detail, "skipped for time at the smaller working set");
        else
            snprintf(p->detail, sizeof p->detail, "predicted %.3g s per trial, %.3g s for the point > %.3g s",
                     trial_pred, plan.predicted_s, c->timeout);
        return 0;
    }
    const double inc = rfl_um_trial_increment(reuse);
    const double start = rfl_now_s();
    /* The first trial on fresh arrays pays for page tables and mappings. */
    if (!*warmed) {
        if (rfl_um_trials(b, l, 1, 1, NULL))
            return -1;
        *offset += rfl_um_trial_increment(1);
        *warmed = 1;
    }
    unsigned long long trials = 1;
    /* How long the next sample should last: from calibration, else predicted. */
    double last = trial_pred > 0 ? trial_pred : 0;
    if (plan.calibrate) {
        for (;;) {
            const double t0 = rfl_now_s();
            if (rfl_um_trials(b, l, reuse, trials, NULL))
                return -1;
            last = rfl_now_s() - t0;
            *offset += inc * (double)trials;
            if (last >= c->min_time || rfl_now_s() - start > c->timeout || trials >= MAX_TRIALS ||
                rfl_interrupted())
                break;
            trials *= 2;
        }
    }
    /* The instrumented sample first: it is what the evidence on copies
     * reads, and it warms up once more before the timed samples. */
    if (plan.breakdown && rfl_now_s() - start + last <= c->timeout) {
        struct rfl_um_phases ph = {0, 0, 0, 0};
        if (rfl_um_trials(b, l, reuse, trials, &ph))
            return -1;
        *offset += inc * (double)trials;
        const double per = 1.0 / (double)trials;
        p->ph = (struct rfl_um_phases){ph.to_device_s * per, ph.gpu_s * per, ph.to_host_s * per, ph.cpu_s * per};
        p->have_ph = 1;
    }
    double slowest = 0;
    unsigned e;
    int cut = 0;
    for (e = 0; e < plan.experiments; e++) {
        if (rfl_interrupted()) { /* this rank's own view: the sweep agrees on it */
            p->interrupted = 1;
            return 0;
        }
        if (e > 0 && rfl_now_s() - start + slowest > c->timeout) {
            cut = 1;
            break;
        }
        const double t0 = rfl_now_s();
        if (rfl_um_trials(b, l, reuse, trials, NULL))
            return -1;
        p->times[e] = rfl_now_s() - t0;
        *offset += inc * (double)trials;
        if (p->times[e] > slowest)
            slowest = p->times[e];
    }
    p->experiments = e;
    p->trials = trials;
    p->status = cut ? RFL_UM_POINT_TIMEOUT : RFL_UM_POINT_OK;
    if (c->o->inject_fault)
        b->host[b->n / 2] += 1.0;
    size_t first = 0;
    const size_t bad = rfl_um_cpu_check(b->host, b->n, *offset, &first);
    if (bad) {
        p->bad = (long long)bad;
        snprintf(p->detail, sizeof p->detail, "%zu wrong values; first [%zu] = %.17g, expected %.17g", bad, first,
                 b->host[first], rfl_um_expected(first, *offset));
    }
    return 0;
}
