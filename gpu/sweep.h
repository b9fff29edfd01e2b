/* What every GPU program's run shares beyond its budget (budget.h): its
 * start (the modes that need no GPU, the budget, the device agreed by the
 * ranks), its samples' defaults and, for rfl_gpu_bandwidth and
 * rfl_gpu_flops, the sweep loop over configurations and points through the
 * program's hooks. */
#ifndef RFL_GPU_SWEEP_H
#define RFL_GPU_SWEEP_H

#include <stddef.h>

#include "common/session.h"
#include "gpu/budget.h"
#include "gpu/gpu.h"
#include "gpu/ranks.h"

/* The start of a GPU program's run. A mode that needs no device
 * (--print-columns by print_columns, --self-test by self_test,
 * --list-devices): 1, its exit code in *rc. Otherwise, collective, the
 * budget begun and this rank's device selected, agreed by every rank: 0 to
 * go on (*rc RFL_EXIT_OK), or 1 with the code to exit with in *rc. */
int rfl_gpu_run_start(const struct rfl_gpu_run_opts *o, int (*print_columns)(const struct rfl_gpu_run_opts *o),
                      int (*self_test)(void), struct rfl_gpu_budget *b, struct rfl_gpu_device *dev, int *rc);
/* A sweep's samples: the options' where given, else 0.005 s and 5 of
 * them (--quick: 0.002 s and 3). */
void rfl_gpu_run_sampling(const struct rfl_gpu_run_opts *o, double *min_time_s, unsigned *experiments);

/* A program's sweep of configurations, each over points j = 0..npoints-1
 * in order (rfl_gpu_bandwidth, rfl_gpu_flops): a point's size (its
 * vectors, its groups of chains...) decides what it measures, so a point
 * of the size the one before had, or of size 0, is none. The hooks get
 * rfl_gpu_sweep_run's `arg`. */
struct rfl_gpu_sweep {
    double overhead_s, min_time_floor_s; /* the samples' plan: a point's time beyond its samples; the least */
    unsigned experiments_floor;          /* ... min_time and experiments come down to */
    size_t (*size)(void *arg, int cfg, size_t j);
    int (*priority)(void *arg, int cfg, size_t j);
    double (*weight)(void *arg, int cfg, size_t size);
    void (*name)(void *arg, int cfg, char *buf, size_t len); /* for the budget's cut list */
    int (*run)(void *arg, int cfg, size_t size, struct rfl_gpu_point *p);              /* nonzero: failed */
    int (*emit)(void *arg, struct rfl_session *out, int cfg, size_t size, const struct rfl_gpu_point *p); /* 1: stop */
};
/* Every point expected, the samples planned to fit (*min_time_s and
 * *experiments, where the options left them), then the points the budget
 * admits measured and written to `out` (its status failed where one could
 * not run). Collective. */
void rfl_gpu_sweep_run(const struct rfl_gpu_sweep *s, void *arg, int ncfg, size_t npoints, const struct rfl_gpu_run_opts *o,
                       struct rfl_gpu_budget *b, struct rfl_session *out, double *min_time_s, unsigned *experiments);

#endif
