/* rfl_gpu_micro as a library: main() parses options into this struct and
 * calls rfl_gpu_micro_run(); the tests call the same functions. */
#ifndef RFL_GPU_MICRO_H
#define RFL_GPU_MICRO_H

#include <stdint.h>

#include "gpu/gpu.h"

enum rfl_gmi_mode {
    RFL_GMI_LAUNCH,   /* kernel launch overhead: async, launch+sync, graph replay */
    RFL_GMI_TRANSFER, /* host<->device copies, pinned and pageable, and the fit T = latency + bytes/bandwidth */
    RFL_GMI_CHASE,    /* pointer-chasing latency over array size x stride */
    RFL_GMI_PIPELINE, /* dependent-FMA latency, and throughput against threads per block */
    RFL_GMI_STRIDE,   /* copy bandwidth: aligned, misaligned, strided */
    RFL_GMI_BARRIER,  /* device-wide barrier: grid sync, atomic, kernel relaunch */
    RFL_GMI_NMODES
};

extern const char *const rfl_gmi_mode_names[RFL_GMI_NMODES + 1];

#define RFL_GMI_MAX_STRIDES 16

struct rfl_gpu_micro_opts {
    unsigned modes;           /* bitmask of enum rfl_gmi_mode; 0: all */
    unsigned launches;        /* launch: kernels per sample; 0: default */
    uint64_t transfer[2];     /* transfer: sizes MIN:MAX; 0: default */
    uint64_t chase[2];        /* chase: array sizes MIN:MAX; 0: default */
    const char *strides_text; /* chase: strides; NULL: default */
    uint64_t strides[RFL_GMI_MAX_STRIDES];
    int nstrides;
    unsigned chase_steps;     /* chase: timed steps at least; 0: default */
    uint64_t copy_bytes;      /* stride: bytes per buffer; 0: default */
    unsigned barriers;        /* barrier: barriers per sample; 0: default */
    RFL_GPU_RUN_OPTS;         /* output: the prefix of PREFIX_MODE.csv and .json */
};

void rfl_gpu_micro_defaults(struct rfl_gpu_micro_opts *o);
int rfl_gpu_micro_parse(struct rfl_gpu_micro_opts *o, int argc, char **argv);
int rfl_gpu_micro_run(const struct rfl_gpu_micro_opts *o);

#endif
