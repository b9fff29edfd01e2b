/* rfl_gpu_flops as a library: main() parses options into this struct and
 * calls rfl_gpu_flops_run(); the tests call the same functions. */
#ifndef RFL_GPU_FLOPS_H
#define RFL_GPU_FLOPS_H

#include <stdint.h>

#include "gpu/gpu.h"

#define RFL_GFL_MAX_LIST 16

struct rfl_gpu_flops_opts {
    const char *fpe_text, *chains_text, *threads_text, *blocks_text; /* NULL: default */
    unsigned fpe[RFL_GFL_MAX_LIST];
    int nfpe;
    unsigned chains[RFL_GFL_MAX_LIST];
    int nchains;
    unsigned threads[RFL_GFL_MAX_LIST];
    int nthreads;
    struct rfl_gpu_blocks blocks[RFL_GFL_MAX_LIST];
    int nblocks;
    unsigned precisions;   /* bitmask of enum rfl_gpu_precision; 0: all */
    uint64_t wss[2];       /* working set per GPU, MIN:MAX; 0: one group of chains per thread */
    double growth;         /* ratio between consecutive working sets; 0: default */
    RFL_GPU_RUN_OPTS;
};

void rfl_gpu_flops_defaults(struct rfl_gpu_flops_opts *o);
int rfl_gpu_flops_parse(struct rfl_gpu_flops_opts *o, int argc, char **argv);
int rfl_gpu_flops_run(const struct rfl_gpu_flops_opts *o);

/* Host replay of the kernel's arithmetic (flops_verify.c): the bits of
 * element `pattern` (0..7, start value 1 + pattern/8) after `trials`
 * trials of FPE operations, in the precision's own rounding. */
uint64_t rfl_gfl_replay_bits(enum rfl_gpu_precision p, unsigned fpe, unsigned pattern, unsigned long long trials);
/* IEEE binary16 conversions, round to nearest even (flops_verify.c). */
uint16_t rfl_half_from_double(double v);
double rfl_half_to_double(uint16_t h);
int rfl_gfl_verify_self_test(void);

#endif
