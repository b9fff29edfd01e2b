/* rfl_gpu_link as a library: main() parses options into this struct and
 * calls rfl_gpu_link_run(); the tests call the same functions.
 *
 * In one process, every ordered pair of visible GPUs (src, dst): whether
 * dst can read src's memory (cudaDeviceCanAccessPeer, reported), copy
 * time over sizes with cudaMemcpyPeerAsync one way and both ways at once
 * (two streams), a kernel on dst reading src's memory through peer access
 * where it is possible, the host-staged copy where it is not, and the fit
 * T = latency + bytes / bandwidth of each series (common/fit.h): the GPU
 * link roofs. */
#ifndef RFL_GPU_LINK_H
#define RFL_GPU_LINK_H

#include <stdint.h>

/* Exit status when fewer than 2 GPUs are visible: the run is skipped
 * (Automake's "skipped" code, as the tests have it). */
#define RFL_GLK_EXIT_SKIP 77

enum rfl_glk_method { RFL_GLK_MEMCPY_PEER, RFL_GLK_PEER_KERNEL, RFL_GLK_HOST_STAGED, RFL_GLK_NMETHODS };
enum rfl_glk_direction { RFL_GLK_UNI, RFL_GLK_BIDIR, RFL_GLK_NDIRECTIONS };

extern const char *const rfl_glk_method_names[RFL_GLK_NMETHODS + 1];
extern const char *const rfl_glk_direction_names[RFL_GLK_NDIRECTIONS + 1];

/* The largest copy (sizes double from MIN, so at most 33 of them). */
#define RFL_GLK_MAX_BYTES (4ull << 30)

struct rfl_gpu_link_opts {
    uint64_t sizes[2];    /* MIN:MAX; 0: the defaults */
    double min_time_s;    /* 0: the default */
    unsigned experiments; /* 0: the default */
    double time_budget_s; /* 0: no budget */
    const char *output;
    int quick, full, print_columns, list_devices, inject_fault;
    int argc;
    char **argv;
};

void rfl_gpu_link_defaults(struct rfl_gpu_link_opts *o);
int rfl_gpu_link_parse(struct rfl_gpu_link_opts *o, int argc, char **argv);
int rfl_gpu_link_run(const struct rfl_gpu_link_opts *o);

#endif
