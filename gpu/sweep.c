#include "config.h"
#include "gpu/sweep.h"
#include "common/rfl.h"

#include <stdio.h>

int rfl_gpu_run_start(const struct rfl_gpu_run_opts *o, int (*print_columns)(const struct rfl_gpu_run_opts *o),
                      int (*self_test)(void), struct rfl_gpu_budget *b, struct rfl_gpu_device *dev, int *rc)
{
    if (o->print_columns || o->self_test || o->list_devices) {
        *rc = o->print_columns ? print_columns(o) : o->self_test ? self_test() : rfl_gpu_list_devices(stdout);
        return 1;
    }
    rfl_gpu_budget_begin(b, o->time_budget_s, 0);
    *rc = rfl_gpu_select_agreed((int)o->device, dev);
    if (*rc == RFL_EXIT_OK)
        return 0;
    rfl_gpu_budget_free(b);
    return 1;
}

void rfl_gpu_run_sampling(const struct rfl_gpu_run_opts *o, double *min_time_s, unsigned *experiments)
{
    *min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.002 : 0.005;
    *experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
}

void rfl_gpu_sweep_run(const struct rfl_gpu_sweep *s, void *arg, int ncfg, size_t npoints, const struct rfl_gpu_run_opts *o,
                       struct rfl_gpu_budget *b, struct rfl_session *out, double *min_time_s, unsigned *experiments)
{
    double weights = 0;
    for (int i = 0; i < ncfg; i++)
        for (size_t j = 0, last = 0; j < npoints; j++) {
            const size_t n = s->size(arg, i, j);
            if (!n || n == last)
                continue;
            last = n;
            rfl_gpu_budget_expect(b, s->priority(arg, i, j), s->weight(arg, i, n));
            weights += s->weight(arg, i, n);
        }
    rfl_gpu_budget_plan_samples(b, weights, s->overhead_s, min_time_s, o->min_time_s > 0, s->min_time_floor_s,
                                experiments, o->experiments > 0, s->experiments_floor);
    rfl_gpu_budget_phase(b, 1, rfl_gpu_budget_point_s(s->overhead_s, *min_time_s, *experiments));

    int stop = 0;
    for (int i = 0; i < ncfg && !stop; i++) {
        char name[96];
        s->name(arg, i, name, sizeof name);
        for (size_t j = 0, last = 0; j < npoints && !stop; j++) {
            const size_t n = s->size(arg, i, j);
            if (!n || n == last)
                continue;
            last = n;
            if (!rfl_gpu_budget_admit(b, s->priority(arg, i, j), s->weight(arg, i, n), name))
                continue;
            struct rfl_gpu_point p;
            if (s->run(arg, i, n, &p)) {
                out->status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                stop = 1;
                break;
            }
            stop = s->emit(arg, out, i, n, &p);
            rfl_gpu_budget_done(b);
        }
    }
}
