/* rfl_gpu_bandwidth as a library: main() parses options into this struct
 * and calls rfl_gpu_bandwidth_run(); the tests call the same functions. */
#ifndef RFL_GPU_BANDWIDTH_H
#define RFL_GPU_BANDWIDTH_H

#include <stdint.h>

#include "gpu/gpu.h"

#define RFL_GBW_MAX_LIST 16

struct rfl_gpu_bandwidth_opts {
    uint64_t wss[2];       /* working set per GPU, MIN:MAX; 0: default */
    double growth;         /* ratio between consecutive working sets; 0: default */
    unsigned kernels;      /* bitmask of enum rfl_gbw_kernel; 0: all */
    unsigned accesses;     /* bitmask of enum rfl_gbw_access; 0: all */
    unsigned precisions;   /* bitmask of fp64, fp32; 0: both */
    const char *threads_text, *blocks_text; /* lists as given; NULL: default */
    unsigned threads[RFL_GBW_MAX_LIST];
    int nthreads;
    struct rfl_gpu_blocks blocks[RFL_GBW_MAX_LIST];
    int nblocks;
    uint64_t chunk_bytes;  /* global_bulk: bytes per bulk copy; 0: default */
    int unroll;            /* l2_own, l2_waves: index into rfl_gbw_unroll_names (0: auto) */
    int l2_loads;          /* l2_own: 0 .cg, 1 nc (the read-only path, L1::no_allocate) */
    unsigned trials;       /* trials per sample, fixed (no calibration); 0: calibrated */
    uint64_t mem_limit;    /* device memory for the buffers; 0: half the free memory */
    RFL_GPU_RUN_OPTS;
};

void rfl_gpu_bandwidth_defaults(struct rfl_gpu_bandwidth_opts *o);
/* Returns RFL_CLI_RUN, RFL_CLI_DONE (help/version printed) or RFL_CLI_ERROR. */
int rfl_gpu_bandwidth_parse(struct rfl_gpu_bandwidth_opts *o, int argc, char **argv);
/* Runs the sweep (or --list-devices, --print-columns, --self-test);
 * returns an RFL_EXIT_* code. MPI must be initialised by the caller. */
int rfl_gpu_bandwidth_run(const struct rfl_gpu_bandwidth_opts *o);

#endif
