/* The GPU programs' plan against --time-budget (gpu/budget.h). */
#include "config.h"
#include "gpu/budget.h"
#include "common/mpi_shim.h"
#include "common/selftest.h"
#include "common/timer.h"

#include <math.h>
#include <string.h>

/* Entries of the cut list; past it, the points are counted in the last. */
#define MAX_CUT_ENTRIES 256

void rfl_gpu_budget_begin(struct rfl_gpu_budget *b, double seconds, double prior_s_per_weight)
{
    memset(b, 0, sizeof *b);
    rfl_budget_start(&b->clock, seconds);
    b->ranks = rfl_mpi_size();
    b->phase_end = INFINITY;
    b->prior_s_per_w = prior_s_per_weight > 0 ? prior_s_per_weight : 0;
    b->t_admit = -1;
    b->root = rfl_mpi_rank() == 0;
}

void rfl_gpu_budget_free(struct rfl_gpu_budget *b)
{
    json_decref(b->cut_list);
    json_decref(b->samples);
    b->cut_list = b->samples = NULL;
}

int rfl_gpu_budget_limited(const struct rfl_gpu_budget *b) { return rfl_budget_limited(&b->clock); }

static int clamp_prio(int prio) { return prio < 0 ? 0 : prio >= RFL_GPU_BUDGET_NPRIO ? RFL_GPU_BUDGET_NPRIO - 1 : prio; }

void rfl_gpu_budget_expect(struct rfl_gpu_budget *b, int prio, double weight)
{
    prio = clamp_prio(prio);
    b->pending_n[prio] += 1;
    b->pending[prio] += weight > 0 ? weight : 0;
}

void rfl_gpu_budget_note_setting(struct rfl_gpu_budget *b, const char *name, double dflt, double used)
{
    if (b->root && !b->samples)
        b->samples = json_object();
    if (b->samples)
        json_object_set_new(b->samples, name, json_pack("{s:f, s:f}", "default", dflt, "planned", used));
}

/* A point's seconds: calibration (doubling to the first sample of at least
 * min_time: about 3 x min_time in all) and samples of 1.5 x min_time on
 * average (each lasts from one to two min_times). */
double rfl_gpu_budget_point_s(double overhead_s, double min_time, unsigned experiments)
{
    return overhead_s + (3.0 + 1.5 * experiments) * min_time;
}

/* Rank 0's plan, on every rank (every rank takes as many samples). */
static void agree_samples(const struct rfl_gpu_budget *b, double *min_time, unsigned *experiments)
{
    if (b->ranks < 2)
        return;
    int ex = (int)*experiments;
    rfl_mpi_bcast_double(min_time, 1);
    rfl_mpi_bcast_int(&ex, 1);
    *experiments = (unsigned)ex;
}

void rfl_gpu_budget_plan_samples(struct rfl_gpu_budget *b, double points, double overhead_s, double *min_time,
                                 int min_time_given, double min_time_floor, unsigned *experiments,
                                 int experiments_given, unsigned experiments_floor)
{
    if (!rfl_gpu_budget_limited(b))
        return;
    /* A fifth of the time left stays for what the estimate misses. */
    const double per_point = points > 0 ? 0.8 * rfl_budget_left_s(&b->clock) / points : INFINITY;
    const double mt0 = *min_time;
    const unsigned ex0 = *experiments;
    if (rfl_gpu_budget_point_s(overhead_s, *min_time, *experiments) <= per_point) {
        agree_samples(b, min_time, experiments);
        return;
    }
    const double room = per_point - overhead_s;
    if (!min_time_given && *min_time > min_time_floor) {
        const double fit = room / (3.0 + 1.5 * *experiments);
        *min_time = fit > min_time_floor ? (fit < *min_time ? fit : *min_time) : min_time_floor;
    }
    if (!experiments_given && *experiments > experiments_floor &&
        rfl_gpu_budget_point_s(overhead_s, *min_time, *experiments) > per_point) {
        const double fit = (room / *min_time - 3.0) / 1.5;
        *experiments = fit > experiments_floor ? (unsigned)fit : experiments_floor;
        if (*experiments > ex0)
            *experiments = ex0;
    }
    agree_samples(b, min_time, experiments);
    if (*min_time != mt0)
        rfl_gpu_budget_note_setting(b, "min_time_s", mt0, *min_time);
    if (*experiments != ex0)
        rfl_gpu_budget_note_setting(b, "experiments", ex0, *experiments);
}

void rfl_gpu_budget_phase(struct rfl_gpu_budget *b, double share, double prior_s_per_weight)
{
    memset(&b->fit, 0, sizeof b->fit);
    b->prior_s_per_w = prior_s_per_weight > 0 ? prior_s_per_weight : b->prior_s_per_w;
    if (!rfl_gpu_budget_limited(b)) {
        b->phase_end = INFINITY;
        return;
    }
    share = share > 0 && share < 1 ? share : 1;
    b->phase_end = share < 1 ? rfl_now_s() + share * rfl_budget_left_s(&b->clock) : INFINITY;
}

/* Seconds of n points of total weight w: a + b w a point, the line
 * through the phase's points (least squares, neither part negative), or
 * in proportion to weight while the weights do not differ, or the guess. */
static double estimate_n(const struct rfl_gpu_budget *b, double n, double w)
{
    const struct rfl_gpu_budget_fit *f = &b->fit;
    if (f->n <= 0)
        return w * b->prior_s_per_w;
    const double mw = f->w / f->n, ms = f->s / f->n;
    const double var = f->ww / f->n - mw * mw, cov = f->ws / f->n - mw * ms;
    double slope = f->w > 0 ? f->s / f->w : 0, fixed = 0;
    if (f->n >= 2 && var > 1e-12 * mw * mw) {
        const double sl = cov / var, fx = ms - sl * mw;
        if (sl >= 0 && fx >= 0) {
            slope = sl;
            fixed = fx;
        } else if (sl < 0) {
            slope = 0;
            fixed = ms;
        }
    }
    return n * fixed + w * slope;
}

double rfl_gpu_budget_estimate_s(const struct rfl_gpu_budget *b, double weight) { return estimate_n(b, 1, weight); }

double rfl_gpu_budget_phase_left_s(const struct rfl_gpu_budget *b)
{
    double left = rfl_budget_left_s(&b->clock);
    if (isfinite(b->phase_end)) {
        const double phase = b->phase_end - rfl_now_s();
        left = phase < left ? phase : left;
    }
    return left > 0 ? left : 0;
}

void rfl_gpu_budget_forget(struct rfl_gpu_budget *b, int prio, double weight)
{
    prio = clamp_prio(prio);
    b->pending[prio] -= weight;
    b->pending_n[prio] -= 1;
    if (b->pending[prio] < 0 || b->pending_n[prio] < 0)
        b->pending[prio] = b->pending_n[prio] = 0;
}

int rfl_gpu_budget_admit_step(struct rfl_gpu_budget *b, int prio, double weight, const char *what)
{
    const int ok = rfl_gpu_budget_admit(b, prio, weight, what);
    b->step = ok;
    return ok;
}

int rfl_gpu_budget_admit_kept(struct rfl_gpu_budget *b, int prio, double weight, int step)
{
    rfl_gpu_budget_forget(b, clamp_prio(prio), weight);
    b->asked++;
    b->step = step != 0;
    b->t_admit = rfl_now_s();
    b->w_admit = weight;
    return 1;
}

int rfl_gpu_budget_admit(struct rfl_gpu_budget *b, int prio, double weight, const char *what)
{
    prio = clamp_prio(prio);
    rfl_gpu_budget_forget(b, prio, weight);
    b->asked++;
    int ok = 1;
    if (rfl_gpu_budget_limited(b)) {
        if (b->root && b->run > 0) {
            /* The time left after the points that matter more, shared
             * evenly among this point and those of its priority to come,
             * taken to cost what this one does (sweeps grow: the cheap
             * points early are not starved by the dear ones late): where
             * they cannot all run, every 1/r-th runs. */
            double reserve_n = 0, reserve_w = 0;
            for (int p = 0; p < prio; p++) {
                reserve_n += b->pending_n[p];
                reserve_w += b->pending[p];
            }
            const double left = rfl_gpu_budget_phase_left_s(b) - estimate_n(b, reserve_n, reserve_w);
            const double need = estimate_n(b, 1, weight);
            const double all = estimate_n(b, 1 + b->pending_n[prio], weight * (1 + b->pending_n[prio]));
            if (need > left)
                ok = 0;
            else if (all <= left)
                ok = 1;
            else {
                b->share[prio] += left / all;
                ok = b->share[prio] >= 1;
                if (ok)
                    b->share[prio] -= 1;
            }
        }
        if (b->ranks > 1)
            rfl_mpi_bcast_int(&ok, 1);
    }
    b->step = 0;
    if (ok) {
        b->t_admit = rfl_now_s();
        b->w_admit = weight;
    } else {
        rfl_gpu_budget_cut(b, what, 1);
    }
    return ok;
}

void rfl_gpu_budget_done(struct rfl_gpu_budget *b)
{
    if (b->t_admit < 0)
        return;
    const double s = rfl_now_s() - b->t_admit, w = b->w_admit;
    b->fit.n += 1;
    b->fit.s += s;
    b->fit.w += w;
    b->fit.ww += w * w;
    b->fit.ws += w * s;
    b->run += !b->step;
    b->t_admit = -1;
    b->step = 0;
}

void rfl_gpu_budget_withdraw(struct rfl_gpu_budget *b, const char *what)
{
    if (b->t_admit < 0)
        return;
    b->t_admit = -1;
    b->step = 0;
    if (what)
        rfl_gpu_budget_cut(b, what, 1);
}

void rfl_gpu_budget_cut(struct rfl_gpu_budget *b, const char *what, unsigned long points)
{
    if (!points)
        return;
    b->cut += points;
    if (b->root && !b->cut_list)
        b->cut_list = json_array();
    if (!b->cut_list)
        return;
    const size_t n = json_array_size(b->cut_list);
    json_t *last = n ? json_array_get(b->cut_list, n - 1) : NULL;
    if (last && (n >= MAX_CUT_ENTRIES || !strcmp(json_string_value(json_object_get(last, "what")), what))) {
        json_object_set_new(last, "points",
                            json_integer(json_integer_value(json_object_get(last, "points")) + (json_int_t)points));
        return;
    }
    json_array_append_new(b->cut_list, json_pack("{s:s, s:I}", "what", what, "points", (json_int_t)points));
}

json_t *rfl_gpu_budget_json(const struct rfl_gpu_budget *b)
{
    if (!b->root)
        return NULL;
    const int limited = rfl_gpu_budget_limited(b);
    return json_pack("{s:o, s:f, s:b, s:I, s:I, s:o, s:o}", "time_budget_s",
                     limited ? json_real(b->clock.total_s) : json_null(), "used_s", rfl_budget_used_s(&b->clock),
                     "spent", limited && (b->cut > 0 || rfl_budget_spent(&b->clock)), "points_run",
                     (json_int_t)b->run, "points_cut", (json_int_t)b->cut, "cut",
                     b->cut_list ? json_deep_copy(b->cut_list) : json_array(), "samples",
                     b->samples ? json_deep_copy(b->samples) : json_object());
}

int rfl_gpu_budget_self_test(void)
{
    int failures = 0;
    struct rfl_gpu_budget b;
    /* No budget: everything runs, nothing is planned. */
    rfl_gpu_budget_begin(&b, 0, 1e9);
    double mt = 0.005;
    unsigned ex = 5;
    rfl_gpu_budget_plan_samples(&b, 1e6, 1, &mt, 0, 0.001, &ex, 0, 3);
    EXPECT(mt == 0.005 && ex == 5 && !rfl_gpu_budget_limited(&b));
    EXPECT(rfl_gpu_budget_admit(&b, 3, 1e9, "x") == 1);
    rfl_gpu_budget_done(&b);
    rfl_gpu_budget_free(&b);

    /* A long budget and a guess of a day a point: the first point runs,
     * the next is cut; cuts of the same name add up. */
    rfl_gpu_budget_begin(&b, 1000, 86400);
    EXPECT(rfl_gpu_budget_admit(&b, 0, 1, "first") == 1);
    rfl_gpu_budget_done(&b);
    b.fit.s = b.fit.ws = 86400; /* as if it had taken a day */
    EXPECT(rfl_gpu_budget_admit(&b, 0, 1, "a") == 0 && rfl_gpu_budget_admit(&b, 0, 1, "a") == 0);
    rfl_gpu_budget_cut(&b, "b", 3);
    EXPECT(b.cut == 5 && b.run == 1 && (!b.root || json_array_size(b.cut_list) == 2));
    json_t *j = rfl_gpu_budget_json(&b);
    EXPECT(!b.root || (j && json_real_value(json_object_get(j, "time_budget_s")) == 1000 &&
           json_is_true(json_object_get(j, "spent")) && json_integer_value(json_object_get(j, "points_cut")) == 5));
    json_decref(j);
    rfl_gpu_budget_free(&b);

    /* Points that matter more keep their time: with 101 s of points of
     * priority 0 still to come and a second per weight, a priority-1 point
     * is cut; the priority-0 ones share the ~50 s left: about every other
     * one runs, never two cut in a row. */
    rfl_gpu_budget_begin(&b, 50, 1);
    rfl_gpu_budget_expect(&b, 1, 1);
    rfl_gpu_budget_expect(&b, 1, 1);
    for (int i = 0; i < 101; i++)
        rfl_gpu_budget_expect(&b, 0, 1);
    EXPECT(rfl_gpu_budget_admit(&b, 1, 1, "first") == 1);
    rfl_gpu_budget_done(&b);
    b.fit = (struct rfl_gpu_budget_fit){1, 1, 1, 1, 1};
    EXPECT(rfl_gpu_budget_admit(&b, 1, 1, "low") == 0);
    int ran = 0, cut_in_a_row = 0, worst_row = 0;
    for (int i = 0; i < 20; i++) {
        const int ok = rfl_gpu_budget_admit(&b, 0, 1, "even");
        ran += ok;
        cut_in_a_row = ok ? 0 : cut_in_a_row + 1;
        worst_row = cut_in_a_row > worst_row ? cut_in_a_row : worst_row;
        b.t_admit = -1; /* not timed */
    }
    EXPECT(ran >= 8 && ran <= 12 && worst_row <= 2);
    /* A kept point runs where admit would cut it, and is counted run. */
    const unsigned long run_before = b.run;
    EXPECT(rfl_gpu_budget_admit(&b, 1, 1e6, "dear") == 0);
    EXPECT(rfl_gpu_budget_admit_kept(&b, 1, 1e6, 0) == 1);
    rfl_gpu_budget_done(&b);
    EXPECT(b.run == run_before + 1);

    /* Samples: min_time comes down first, then the experiments; a value the
     * user gave stays. */
    mt = 0.005;
    ex = 5;
    rfl_gpu_budget_plan_samples(&b, 1e4, 0, &mt, 0, 0.001, &ex, 0, 3);
    EXPECT(mt == 0.001 && ex == 3 && (!b.root || json_object_size(b.samples) == 2));
    mt = 0.005;
    ex = 5;
    rfl_gpu_budget_plan_samples(&b, 1e4, 0, &mt, 1, 0.001, &ex, 1, 3);
    EXPECT(mt == 0.005 && ex == 5);
    mt = 0.005;
    ex = 5;
    rfl_gpu_budget_plan_samples(&b, 1, 0, &mt, 0, 0.001, &ex, 0, 3);
    EXPECT(mt == 0.005 && ex == 5);
    /* A phase: a tenth of what is left. */
    rfl_gpu_budget_phase(&b, 0.1, 2);
    EXPECT(rfl_gpu_budget_phase_left_s(&b) <= 5.0 && rfl_gpu_budget_estimate_s(&b, 3) == 6);
    /* The estimate: a line through the points, 1 s + 2 s per weight. */
    for (int w = 1; w <= 3; w++) {
        b.fit.n += 1;
        b.fit.w += w;
        b.fit.s += 1 + 2 * w;
        b.fit.ww += w * w;
        b.fit.ws += w * (1 + 2 * w);
    }
    EXPECT(fabs(rfl_gpu_budget_estimate_s(&b, 10) - 21) < 1e-9);
    rfl_gpu_budget_free(&b);
    return failures;
}
