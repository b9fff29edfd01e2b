/* rfl_bandwidth as a library: main() parses options into this struct and
 * calls rfl_bandwidth_run(); the tests call the same functions in-process. */
#ifndef RFL_BANDWIDTH_H
#define RFL_BANDWIDTH_H

#include <stdint.h>

struct rfl_bandwidth_opts {
    uint64_t wss[2];      /* total working set MIN:MAX over all ranks and threads; 0: from hwloc */
    double growth;        /* ratio between consecutive working sets; 0: default */
    unsigned kernels;     /* bitmask of enum rfl_bw_kernel_id; 0: all */
    unsigned precisions;  /* bitmask of enum rfl_precision; 0: all */
    unsigned isas;        /* bitmask of enum rfl_isa; 0: the best this CPU supports */
    double min_time_s;    /* shortest sample that counts; 0: default */
    unsigned experiments; /* timed samples per point; 0: default */
    uint64_t mem_limit;   /* bytes per node for all ranks' buffers; 0: half the available memory */
    unsigned threads;     /* OpenMP threads per rank; 0: the OpenMP default */
    const char *output;   /* CSV path ("-": stdout, no sidecar) */
    double time_budget_s; /* the whole run within this (bandwidth/budget_plan.h); 0: none */
    int quick;
    int remote;           /* enum rfl_bw_remote (remote.h): the remote-memory curve; 0: auto */
    int inject_fault;     /* tests only: corrupt one element after timing */
    int argc;             /* the command line, for the metadata */
    char **argv;
};

void rfl_bandwidth_defaults(struct rfl_bandwidth_opts *o);
/* Returns RFL_CLI_RUN, RFL_CLI_DONE (help/version printed) or RFL_CLI_ERROR. */
int rfl_bandwidth_parse(struct rfl_bandwidth_opts *o, int argc, char **argv);
/* Runs the sweep; returns an RFL_EXIT_* code. MPI must be initialised
 * (rfl_mpi_init) by the caller when built with MPI. */
int rfl_bandwidth_run(const struct rfl_bandwidth_opts *o);

#endif
