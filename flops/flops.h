/* rfl_flops as a library: main() parses options into this struct and calls
 * rfl_flops_run(); the tests call the same functions in-process. */
#ifndef RFL_FLOPS_H
#define RFL_FLOPS_H

#include <stddef.h>
#include <stdint.h>

#include "common/options.h"

#define RFL_FLOPS_MAX_FPE_VALUES 64

struct rfl_flops_opts {
    uint64_t wss[2];      /* total working set MIN:MAX over all ranks and threads; 0: half of L1 per thread */
    double growth;        /* ratio between consecutive working sets; 0: default */
    int variant;          /* index in rfl_fl_variant_names: ref, simd, all (default) */
    unsigned precisions;  /* bitmask of enum rfl_precision; 0: all */
    unsigned isas;        /* bitmask of enum rfl_fl_isa for the simd variant; 0: the widest supported */
    unsigned unrolls;     /* bitmask over rfl_fl_unrolls; 0: all */
    const char *fpe_text; /* --fpe as given (NULL: default) */
    unsigned fpe[RFL_FLOPS_MAX_FPE_VALUES]; /* parsed, ascending; nfpe 0: default */
    size_t nfpe;
    int thread_sweep;     /* also sweep 1, 2, 4, ... threads up to --threads */
    unsigned fma_units;   /* FMA instructions per cycle at the widest width; 0: from the CPU table */
    int smt_probe;        /* enum rfl_fl_smt_mode: auto (0), on, off */
    RFL_CPU_SWEEP_OPTS;
};

void rfl_flops_defaults(struct rfl_flops_opts *o);
/* Returns RFL_CLI_RUN, RFL_CLI_DONE (help/version printed) or RFL_CLI_ERROR. */
int rfl_flops_parse(struct rfl_flops_opts *o, int argc, char **argv);
/* Parses an --fpe value ("1,2,4", "1:1024" = powers of two from 1 to 1024,
 * or a mix) into ascending unique values; -1 if malformed or out of range. */
int rfl_flops_parse_fpe(const char *text, unsigned *values, size_t max, size_t *count);
/* Runs the sweep; returns an RFL_EXIT_* code. MPI must be initialised
 * (rfl_mpi_init) by the caller when built with MPI. */
int rfl_flops_run(const struct rfl_flops_opts *o);

#endif
