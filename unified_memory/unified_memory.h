/* rfl_unified_memory as a library: main() parses options into this struct
 * and calls rfl_unified_memory_run(); the tests call the same functions.
 *
 * Lo et al. Section 6: for each data-movement mechanism, working set and
 * reuse k, the GPU makes k read-modify-write passes over the array and the
 * CPU one, with the data moved between them as the mechanism does it;
 * effective bandwidth = 2 x 8 x elements x trials x (k + 1) / time. */
#ifndef RFL_UNIFIED_MEMORY_H
#define RFL_UNIFIED_MEMORY_H

#include <stdint.h>

#include "gpu/gpu.h"

#define RFL_UM_MAX_REUSE 64
#define RFL_UM_MAX_REUSE_VALUE 1000000u

struct rfl_unified_memory_opts {
    uint64_t wss[2];          /* working set MIN:MAX; 0: default */
    double growth;            /* ratio between consecutive working sets; 0: default */
    const char *reuse_text;   /* --reuse as given; NULL: default */
    unsigned reuse[RFL_UM_MAX_REUSE]; /* sorted, distinct */
    int nreuse;
    unsigned mechanisms;      /* bitmask of enum rfl_um_mechanism; 0: all */
    double point_timeout_s;   /* wall-time limit of one point; 0: default */
    unsigned threads;         /* threads per block; 0: default (256) */
    uint64_t mem_limit;       /* device memory the arrays may take; 0: half the free memory */
    int no_reference, no_breakdown;
    RFL_GPU_RUN_OPTS;
};

void rfl_unified_memory_defaults(struct rfl_unified_memory_opts *o);
/* Returns RFL_CLI_RUN, RFL_CLI_DONE (help/version printed) or RFL_CLI_ERROR.
 * Makes no CUDA call. */
int rfl_unified_memory_parse(struct rfl_unified_memory_opts *o, int argc, char **argv);
/* Runs the sweep (or --list-devices, --print-columns, --self-test);
 * returns an RFL_EXIT_* code. MPI must be initialised by the caller. */
int rfl_unified_memory_run(const struct rfl_unified_memory_opts *o);

#endif
