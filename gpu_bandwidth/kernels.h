/* The kernels of rfl_gpu_bandwidth (Lo et al., Section 4.2, Fig. 2d), as
 * data for the sweep and as launchers the host code calls.  Every element
 * is a 16-byte vector (float4 for fp32, double2 for fp64), so every access
 * is one 128-bit load or store. */
#ifndef RFL_GPU_BANDWIDTH_KERNELS_H
#define RFL_GPU_BANDWIDTH_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"
#include "schema/kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kernels (enum rfl_gbw_kernel, RFL_GBW_GLOBAL_INSIDE ...) and the
 * accesses (enum rfl_gbw_access: read s += a[i], rmw a[i] = beta*a[i] +
 * alpha, write a[i] = p(i) + alpha, copy b[i] = a[i] into the second half of
 * the buffer), with which kernel runs which access (rfl_gbw_runs), which take
 * --unroll (RFL_GBW_UNROLLED_KERNELS) and which make the L2 ceiling
 * (RFL_GBW_L2_CEILING_KERNELS), are rows of schema/gpu_kernels.inc and
 * schema/gpu_accesses.inc: schema/kernels.h. */

/* The chunk kernels (l2_chunks, l1_set): the n_vec vectors are cut into
 * `nchunks` chunks of about chunk_vecs (at most `blocks` of them), and a
 * grid of nchunks x replicas blocks (at most `blocks`: one wave) reads
 * them, block b chunk b mod nchunks, every trial: each vector is loaded
 * `replicas` times per trial. */
struct rfl_gbw_chunk_plan {
    size_t nchunks;
    unsigned replicas, grid;
};
static inline struct rfl_gbw_chunk_plan rfl_gbw_chunk_plan_of(size_t n_vec, size_t chunk_vecs, unsigned blocks)
{
    struct rfl_gbw_chunk_plan p;
    if (blocks < 1)
        blocks = 1;
    p.nchunks = chunk_vecs ? (n_vec + chunk_vecs / 2) / chunk_vecs : 1;
    if (p.nchunks < 1)
        p.nchunks = 1;
    if (p.nchunks > blocks)
        p.nchunks = blocks;
    if (p.nchunks > n_vec)
        p.nchunks = n_vec ? n_vec : 1;
    p.replicas = (unsigned)(blocks / p.nchunks);
    p.grid = (unsigned)(p.nchunks * p.replicas);
    return p;
}

/* l2_waves: its warps add their totals into this many slots (spread over
 * the L2, so the atomics do not queue on a few lines). */
#define RFL_GBW_WAVE_SUMS 8192u
/* l2_waves: the chunks a trial's blocks read, one each (`unroll` x
 * `threads` vectors a chunk, the last one the rest too). */
static inline size_t rfl_gbw_wave_chunks(size_t n_vec, unsigned unroll, unsigned threads)
{
    const size_t per = (size_t)unroll * threads;
    const size_t n = per ? n_vec / per : 1;
    return n < 1 ? 1 : n;
}

#define RFL_GBW_VEC_BYTES 16
/* Static shared memory of the read kernels (the block reduction's 32
 * doubles), which Kernel C's tiles must leave room for. */
#define RFL_GBW_STATIC_SHARED 256
/* Chunks of global_bulk in flight per block (each with its stage of
 * shared memory and its mbarrier). */
#define RFL_GBW_BULK_STAGES 4
/* The chunk of one block of l2_chunks (RRZE gpu-l2-cache's size: within
 * one L2 partition's reach, long enough to stream). */
#define RFL_GBW_L2_CHUNK_BYTES (512u << 10)
/* Vectors per array are a multiple of this (1 KiB), so every pattern
 * period (8 scalars) is whole and the closed forms are exact. */
#define RFL_GBW_QUANTUM 64
/* The rmw kernels run with beta = 1 and alpha = 1 (run-time values the
 * compiler cannot fold): after T trials a[i] = a0[i] + T exactly. */
#define RFL_GBW_BETA 1.0
#define RFL_GBW_ALPHA 1.0

struct rfl_gbw_launch {
    enum rfl_gbw_kernel kernel;
    enum rfl_gbw_access access;
    enum rfl_gpu_precision precision; /* fp64 or fp32 */
    void *a;                          /* n_vec 16-byte vectors (copy: and n_vec more after them, written) */
    size_t n_vec;
    unsigned long long trials;
    unsigned blocks, threads;
    size_t tile_vecs;                 /* shared: vectors in one block's tile; bulk, chunk kernels: in one chunk */
    unsigned unroll;                  /* l2_own, l2_waves: 16-byte loads in flight per thread (4, 8 or 16) */
    int loads_nc;                     /* l2_own, l2_waves: 1 the read-only path (L1::no_allocate), 0 .cg */
    double *block_sums;               /* read: one per block (`blocks` of them; l2_waves:
                                         RFL_GBW_WAVE_SUMS), added to */
    struct rfl_gpu_clock *clock;      /* device memory; NULL: not recorded */
    cudaStream_t stream;
};

/* Runs `trials` trials (one launch, or one launch per trial for
 * RFL_GBW_GLOBAL_LAUNCH). Not for RFL_GBW_MEMCPY. */
cudaError_t rfl_gbw_run(const struct rfl_gbw_launch *l);
/* Blocks of `threads` that fit on one SM at once, with `smem_bytes` of
 * dynamic shared memory; also sets the kernel's shared-memory limit and
 * carve-out (maximum L1 for the global kernels, maximum shared for C).
 * unroll and loads_nc pick l2_own's instance (ignored by the others); a
 * block larger than the instance's launch bounds gives 0 blocks. */
cudaError_t rfl_gbw_occupancy(enum rfl_gbw_kernel k, enum rfl_gbw_access a, enum rfl_gpu_precision p,
                              unsigned threads, size_t smem_bytes, unsigned unroll, int loads_nc, int *blocks_per_sm);
/* a[i] = (i % 8) + 1 over the scalars of n_vec vectors. */
cudaError_t rfl_gbw_fill(enum rfl_gpu_precision p, void *a, size_t n_vec, cudaStream_t s);
/* Counts scalars that differ from (i % 8) + 1 + offset into *m (device
 * memory, zeroed and first_index set to RFL_GPU_NO_INDEX by the caller). */
cudaError_t rfl_gbw_check(enum rfl_gpu_precision p, const void *a, size_t n_vec, double offset,
                          struct rfl_gpu_mismatch *m, cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
