/* The data-movement mechanisms of rfl_unified_memory, declared as data
 * (name, Fig. 7 panel, how each side's memory is obtained, what one trial
 * moves), with their allocation and the paper's loop (Lo et al. Fig. 6)
 * for each. */
#ifndef RFL_UM_MECHANISMS_H
#define RFL_UM_MECHANISMS_H

#include <stddef.h>
#include <stdint.h>

enum rfl_um_mechanism {
    RFL_UM_PAGEABLE,         /* malloc + cudaMemcpy (Fig. 7a) */
    RFL_UM_PINNED_REGISTER,  /* malloc + cudaHostRegister + cudaMemcpy (Fig. 7b, as the paper) */
    RFL_UM_PINNED_ALLOC,     /* cudaMallocHost + cudaMemcpy */
    RFL_UM_ZERO_COPY,        /* malloc + cudaHostRegister(Mapped): the kernel reads host memory (Fig. 7c) */
    RFL_UM_MANAGED,          /* cudaMallocManaged, migration on demand (Fig. 7d) */
    RFL_UM_MANAGED_PREFETCH, /* cudaMallocManaged + cudaMemAdvise + cudaMemPrefetchAsync both ways */
    RFL_UM_NMECH
};

struct rfl_um_mechanism_info {
    const char *name;
    const char *fig7_panel;  /* "a".."d" as in Lo et al. Fig. 7; "-" beyond the paper */
    int explicit_copy;       /* cudaMemcpy in each trial (a device array beside the host one) */
    int managed;             /* cudaMallocManaged */
    const char *host_memory; /* the CPU pass's array */
    const char *gpu_memory;  /* the array the kernel is given */
    const char *per_trial;   /* one trial, in the order it runs */
};

extern const struct rfl_um_mechanism_info rfl_um_mechanisms[RFL_UM_NMECH];
extern const char *const rfl_um_mechanism_names[RFL_UM_NMECH + 1];

/* Managed memory is allocated only up to this fraction of the device's
 * free memory read just before the allocation: managed memory beyond what
 * the device has free can hang the GPU, not only the program. */
#define RFL_UM_MANAGED_FREE_FRACTION 0.9

struct rfl_um_buffers {
    enum rfl_um_mechanism mech;
    int device;     /* CUDA device index */
    size_t n;       /* doubles in the array */
    double *host;   /* what the CPU pass runs on */
    double *gpu;    /* what the kernel runs on */
    int host_malloced, host_registered, host_pinned, gpu_malloced, managed;
};

enum rfl_um_alloc_result {
    RFL_UM_ALLOC_OK,
    RFL_UM_ALLOC_FAILED,      /* an allocation call failed (reason in why) */
    RFL_UM_ALLOC_REFUSED,     /* managed memory past the safe share of free device memory */
    RFL_UM_ALLOC_UNSUPPORTED  /* the device lacks the feature (reason in why) */
};

/* Allocates, fills ((i % 8) + 1, by the CPU) and prepares the arrays of
 * `mech` for n doubles. managed_cap bounds managed allocations further
 * (bytes; 0: only the free-memory check). On anything but OK nothing is
 * left allocated. */
enum rfl_um_alloc_result rfl_um_buffers_alloc(struct rfl_um_buffers *b, enum rfl_um_mechanism mech, int device,
                                              size_t n, uint64_t managed_cap, char *why, size_t len);
void rfl_um_buffers_free(struct rfl_um_buffers *b);

/* Host seconds of each phase of a trial, summed over trials (instrumented
 * loop: the host waits for the GPU after every phase). */
struct rfl_um_phases {
    double to_device_s; /* cudaMemcpy H2D, or prefetch to the device; a sync otherwise */
    double gpu_s;       /* the reuse kernel passes (managed: with their page faults) */
    double to_host_s;   /* cudaMemcpy D2H, or prefetch to the host; a sync otherwise */
    double cpu_s;       /* the CPU pass (managed: with its page faults) */
};

struct rfl_um_launch {
    unsigned blocks, threads;
};

/* The value each pass adds: the GPU's and the CPU's differ, so a lost
 * pass of either kind shows in the closed form. */
#define RFL_UM_BETA 1.0
#define RFL_UM_GPU_ALPHA 1.0
#define RFL_UM_CPU_ALPHA 0.5

/* What one trial with `reuse` GPU passes adds to every element. */
static inline double rfl_um_trial_increment(unsigned reuse)
{
    return (double)reuse * RFL_UM_GPU_ALPHA + RFL_UM_CPU_ALPHA;
}

/* Runs `trials` trials of the paper's loop: move in (as the mechanism
 * does), `reuse` kernel passes, move out, one CPU pass. With phases NULL
 * the loop is the paper's, with no waits beyond the mechanism's own;
 * otherwise each phase is timed on the host. Returns 0, or -1 after a
 * failed CUDA call (reported). */
int rfl_um_trials(const struct rfl_um_buffers *b, const struct rfl_um_launch *l, unsigned reuse,
                  unsigned long long trials, struct rfl_um_phases *phases);

#endif
