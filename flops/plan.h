/* The plan of an rfl_flops run: everything decided before the parallel
 * region (the team, the kernel configurations, the FPE values, the thread
 * counts, the working sets, the buffer size and what sets the peak). */
#ifndef RFL_FL_PLAN_H
#define RFL_FL_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "flops.h"
#include "cpu.h"
#include "kernels.h"
#include "smt_probe.h"
#include "cpu/clock.h"
#include "cpu/team.h"
#include "cpu/topo.h"

#define RFL_FL_MAX_CONFIGS (RFL_FL_NVARIANT * RFL_FL_NISA * RFL_NPRECISION * RFL_FL_NUNROLL)
#define RFL_FL_MAX_THREAD_COUNTS 40

/* One kernel the sweep runs: a variant, its ISA, a precision, an unroll. */
struct rfl_fl_config {
    enum rfl_fl_variant variant;
    enum rfl_fl_isa isa; /* RFL_FL_NISA for ref */
    enum rfl_precision prec;
    unsigned unroll;
};

struct rfl_fl_plan {
    struct rfl_team team;
    int ranks, threads, node_threads;
    struct rfl_fl_config configs[RFL_FL_MAX_CONFIGS];
    size_t nconfigs;
    unsigned fpe[RFL_FLOPS_MAX_FPE_VALUES];
    size_t nfpe;
    unsigned thread_counts[RFL_FL_MAX_THREAD_COUNTS];
    size_t nthread_counts;
    double growth, min_time_s;
    unsigned experiments;
    int wss_default;               /* one point: wss_thread_default per thread */
    uint64_t wss_thread_default;   /* bytes per thread */
    uint64_t wss_min, wss_max;     /* whole job, with --wss */
    uint64_t *wss;                 /* the points of a --wss sweep */
    size_t nwss;
    size_t region_bytes;           /* per thread */
    struct rfl_topo topo;
    unsigned rank_cores;           /* cores this rank's threads may spread over */
    struct rfl_fl_cpu cpu;
    enum rfl_fl_isa peak_isa;      /* widest supported: sets the peak (RFL_FL_NISA: ref's) */
    unsigned peak_vector_bytes;
    int peak_fma;
    enum rfl_clock_load clock_load;
    struct rfl_fl_smt smt;         /* which threads share FMA units (smt_probe.c) */
};

/* Fills `p` from the options; returns an RFL_EXIT_* code (a usage error has
 * been reported). Whatever the outcome, rfl_fl_plan_free(p) releases it. */
int rfl_fl_plan_make(const struct rfl_flops_opts *o, struct rfl_fl_plan *p);
void rfl_fl_plan_free(struct rfl_fl_plan *p);

/* The CSV's isa column: "c" for ref, else the ISA's name. */
const char *rfl_fl_config_isa_label(const struct rfl_fl_config *c);
/* Vector width and FMA of the code a row ran (the model's input). */
void rfl_fl_config_code(const struct rfl_fl_config *c, unsigned fpe, unsigned *vector_bytes, int *fma);

#endif
