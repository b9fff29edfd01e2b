/* The kernel of rfl_gpu_flops (Lo et al., Section 5.3, on the GPU): every
 * element runs through FPE floating-point operations per trial, written as
 * `chains` independent dependency chains per thread so the FMA pipes stay
 * full.  Per trial and element x:
 *
 *     b = x;  if FPE is odd: b = b + c1;  FPE/2 times: b = b*m + c2;  x = -b
 *
 * (the negation keeps the values bounded, near +-c2/(1-m)).  FP16 runs as
 * half2: one instruction, two elements. */
#ifndef RFL_GPU_FLOPS_KERNELS_H
#define RFL_GPU_FLOPS_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"
#include "schema/kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FPE values built in: 1 and the powers of two to 4096 (one kernel each,
 * the FMA count a compile-time constant so no loop counter competes with
 * the FMAs for issue slots; past 1024 the per-element loads and stores
 * fall under 1% of the instructions). */
#define RFL_GFL_NFPE 13
#define RFL_GFL_MAX_FPE 4096
/* Independent chains per thread: 1, 2, 4, 8. */
#define RFL_GFL_NCHAINS 4
#define RFL_GFL_MAX_CHAINS 8

/* The constants (rounded to the element type by the host, identically for
 * the kernel and for the host's replay). */
#define RFL_GFL_C1 0.3
#define RFL_GFL_M 0.70710678118654752
#define RFL_GFL_C2 0.3

struct rfl_gfl_launch {
    enum rfl_gpu_precision precision;
    unsigned fpe;                    /* 1 or a power of two up to 4096 */
    unsigned chains;                 /* 1, 2, 4 or 8 */
    void *a;                         /* chains x n_groups words: double, float or half2 */
    size_t n_groups;
    unsigned long long trials;
    unsigned blocks, threads;
    double c1, m, c2;                /* fp64, fp32 (cast to float: round to nearest) */
    unsigned short c1_h, m_h, c2_h;  /* fp16: the bits of each half */
    struct rfl_gpu_clock *clock;     /* device memory; NULL: not recorded */
    cudaStream_t stream;
};

/* Index of an FPE or chain count in the built-in sets; -1 when absent. */
int rfl_gfl_fpe_index(unsigned fpe);
int rfl_gfl_chains_index(unsigned chains);

cudaError_t rfl_gfl_run(const struct rfl_gfl_launch *l);
cudaError_t rfl_gfl_occupancy(enum rfl_gpu_precision p, unsigned fpe, unsigned chains, unsigned threads,
                              int *blocks_per_sm);
/* Scalar i (word i, or half i of word i/2 for fp16) = 1 + (i % 8) / 8. */
cudaError_t rfl_gfl_fill(enum rfl_gpu_precision p, void *a, size_t words, cudaStream_t s);
/* Counts scalars whose bits differ from expected_bits[i % 8] (the low 16,
 * 32 or 64 bits by precision). */
cudaError_t rfl_gfl_check(enum rfl_gpu_precision p, const void *a, size_t words,
                          const unsigned long long expected_bits[8], struct rfl_gpu_mismatch *m, cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
