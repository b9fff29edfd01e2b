/* What the files of rfl_unified_memory's run share: the run's context, the
 * reference rates, one point's result and status, and the table of rank
 * 0's rows that the evidence and the summary read. */
#ifndef RFL_UM_SWEEP_H
#define RFL_UM_SWEEP_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "gpu/budget.h"
#include "gpu/gpu.h"
#include "unified_memory/unified_memory.h"
#include "unified_memory/mechanisms.h"
#include "common/session.h"

#define RFL_UM_MAX_EXPERIMENTS 100
/* The reference copies and passes use an array of at most this size. */
#define RFL_UM_REF_MAX_BYTES (1ull << 30)
/* ... and under a time budget at most this. */
#define RFL_UM_REF_BUDGET_BYTES (64ull << 20)
#define RFL_UM_REF_SAMPLES 5

enum rfl_um_point_status {
    RFL_UM_POINT_OK,
    RFL_UM_POINT_TIMEOUT,
    RFL_UM_POINT_SKIPPED_TIMEOUT,
    RFL_UM_POINT_SKIPPED_MEMORY,
    RFL_UM_POINT_ALLOC_FAILED,
    RFL_UM_POINT_UNSUPPORTED,
    RFL_UM_POINT_SKIPPED_BUDGET,
    RFL_UM_NSTATUS
};

/* Reference rates of one rank (10^9 B/s; NAN: not measured). */
struct rfl_um_reference {
    double bytes, h2d, d2h, device_rmw, cpu_rmw;
};
#define RFL_UM_REF_NVALS 5

struct rfl_um_ctx {
    const struct rfl_unified_memory_opts *o;
    struct rfl_gpu_device dev;
    double min_time, timeout;
    unsigned experiments, threads;
    int breakdown, resident, ranks;
    uint64_t mem_limit;
    struct rfl_um_reference ref;
    /* The sweep as resolved from the options and the limits. */
    unsigned mechs; /* bitmask of enum rfl_um_mechanism */
    uint64_t wss_min, wss_max;
    double growth, host_limit;
    struct rfl_gpu_budget *budget; /* --time-budget (gpu/budget.h) */
};

/* One measured point of one rank. */
struct rfl_um_point {
    int status; /* enum rfl_um_point_status */
    unsigned long long trials;
    unsigned experiments;
    double times[RFL_UM_MAX_EXPERIMENTS];
    struct rfl_um_phases ph; /* per trial */
    int have_ph;
    long long bad;
    char detail[256];
    int interrupted; /* a signal stopped the samples: the point is dropped */
};

/* Rank 0's own rows, kept for the evidence and the summary. */
struct rfl_um_table {
    size_t nw;
    int nr;
    uint64_t *wss;    /* bytes of each working-set index (8 x elements) */
    double *gbs;      /* [m][w][r] effective GB/s; NAN: not measured */
    double *transfer; /* [m][w][r] transfer GB/s of the instrumented trial */
};

static inline double *rfl_um_cell(const struct rfl_um_table *t, double *base, int m, size_t w, int r)
{
    return &base[((size_t)m * t->nw + w) * (size_t)t->nr + (size_t)r];
}

static inline double rfl_um_best_of(const double *t, int n)
{
    double best = INFINITY;
    for (int i = 0; i < n; i++)
        best = t[i] < best ? t[i] : best;
    return best;
}

/* Blocks of a GPU pass over n doubles: one double2 per thread, at most the
 * blocks that are resident at once (the pass is grid-stride). */
unsigned rfl_um_blocks_for(const struct rfl_um_ctx *c, size_t n);

/* One point (point.c): the plan from the predicted times, then calibration,
 * the instrumented sample and the timed ones, and the check of every
 * element. *warmed and *offset carry over the points run on the same
 * arrays. 0, or -1 after a CUDA failure. */
int rfl_um_run_point(struct rfl_um_ctx *c, struct rfl_um_buffers *b, const struct rfl_um_launch *l, unsigned reuse,
                     double trial_pred, double warm_pred, int *warmed, double *offset, struct rfl_um_point *p);

/* The reference rates of this rank over n doubles (reference.c). Returns
 * an RFL_EXIT_* code (RFL_EXIT_INTERRUPTED when this rank had a signal);
 * unmeasured rates stay NAN. */
int rfl_um_measure_reference(struct rfl_um_ctx *c, size_t n, struct rfl_um_reference *r, char *detail, size_t len);

/* The sweep over mechanism x working set x reuse (sweep.c): rows into
 * out's CSV and rank 0's into tab, skipped points into `skipped` (rank 0;
 * NULL elsewhere). Collective; stops at the first failure, which it
 * records in out. */
void rfl_um_sweep(struct rfl_um_ctx *c, const uint64_t *wss, size_t nw, struct rfl_um_table *tab,
                  struct rfl_session *out, json_t *skipped);

/* Rank 0 (sidecar.c): the evidence lines and the summary when the run
 * succeeded, then the sidecar's keys; `ref_all` holds every rank's
 * reference rates, `skipped` is taken over. */
void rfl_um_sidecar(const struct rfl_um_ctx *c, const struct rfl_um_table *tab, struct rfl_session *out,
                    const double *ref_all, json_t *skipped, double elapsed);

/* evidence.c: the evidence list, the reuse needed for half the device
 * pass's rate (into `half` when not NULL), and the summary table. */
void rfl_um_evidence(const struct rfl_um_ctx *c, const struct rfl_um_table *t, json_t *list, json_t *half);
void rfl_um_print_summary(const struct rfl_um_ctx *c, const struct rfl_um_table *t);

int rfl_um_self_test(void);

#endif
