/* rfl_bandwidth as a library: main() parses options into this struct and
 * calls rfl_bandwidth_run(); the tests call the same functions in-process. */
#ifndef RFL_BANDWIDTH_H
#define RFL_BANDWIDTH_H

#include <stdint.h>

#include "common/options.h"

struct rfl_bandwidth_opts {
    uint64_t wss[2];      /* total working set MIN:MAX over all ranks and threads; 0: from hwloc */
    double growth;        /* ratio between consecutive working sets; 0: default */
    unsigned kernels;     /* bitmask of enum rfl_bw_kernel_id; 0: all */
    unsigned precisions;  /* bitmask of enum rfl_precision; 0: all */
    unsigned isas;        /* bitmask of enum rfl_isa; 0: the best this CPU supports */
    int remote;           /* enum rfl_bw_remote (remote.h): the remote-memory curve; 0: auto */
    RFL_CPU_SWEEP_OPTS;
};

void rfl_bandwidth_defaults(struct rfl_bandwidth_opts *o);
/* Returns RFL_CLI_RUN, RFL_CLI_DONE (help/version printed) or RFL_CLI_ERROR. */
int rfl_bandwidth_parse(struct rfl_bandwidth_opts *o, int argc, char **argv);
/* Runs the sweep; returns an RFL_EXIT_* code. MPI must be initialised
 * (rfl_mpi_init) by the caller when built with MPI. */
int rfl_bandwidth_run(const struct rfl_bandwidth_opts *o);

#endif
