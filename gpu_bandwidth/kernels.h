/* The kernels of rfl_gpu_bandwidth (Lo et al., Section 4.2, Fig. 2d), as
 * data for the sweep and as launchers the host code calls.  Every element
 * is a 16-byte vector (float4 for fp32, double2 for fp64), so every access
 * is one 128-bit load or store. */
#ifndef RFL_GPU_BANDWIDTH_KERNELS_H
#define RFL_GPU_BANDWIDTH_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"

#ifdef __cplusplus
extern "C" {
#endif

enum rfl_gbw_kernel {
    RFL_GBW_GLOBAL_INSIDE, /* Lo's Kernel A: the trials loop inside the kernel, global memory */
    RFL_GBW_GLOBAL_LAUNCH, /* Lo's Kernel B: one kernel launch per trial */
    RFL_GBW_SHARED,        /* Lo's Kernel C: blocked through shared memory, trials inside */
    RFL_GBW_GLOBAL_STREAM, /* Kernel A with loads that skip L1 and prefetch 256 B into L2 */
    RFL_GBW_MEMCPY,        /* cudaMemcpyAsync device to device, for comparison */
    RFL_GBW_GLOBAL_BULK,   /* chunks streamed into shared memory by the copy engine (cp.async.bulk), read only */
    RFL_GBW_L2_CHUNKS,     /* each block re-reads its own chunk through L2 (.cg loads), read only */
    RFL_GBW_L1_SET,        /* every block of every SM reads the same set through L1, read only */
    RFL_GBW_L2_OWN,        /* each block of a persistent grid streams its own chunk from L2, read only */
    RFL_GBW_L2_WAVES,      /* waves of short blocks, each reading one chunk from L2 once, read only */
    RFL_GBW_NKERNELS
};

enum rfl_gbw_access {
    RFL_GBW_READ,  /* s += a[i]                read-only */
    RFL_GBW_RMW,   /* a[i] = beta*a[i] + alpha  read-modify-write */
    RFL_GBW_WRITE, /* a[i] = p(i) + alpha       store only (p: the fill pattern) */
    RFL_GBW_COPY,  /* b[i] = a[i]               copy into the second half of the buffer */
    RFL_GBW_NACCESS
};

/* Bits (1u << kernel) of the kernels that take --unroll and --l2-loads. */
#define RFL_GBW_UNROLLED_KERNELS ((1u << RFL_GBW_L2_OWN) | (1u << RFL_GBW_L2_WAVES))
/* Bits of the kernels whose rows in the L2 band (common/l2_band.h) make the
 * L2 ceiling: they skip L1 and read distinct data in every block. */
#define RFL_GBW_L2_CEILING_KERNELS                                                                            \
    ((1u << RFL_GBW_GLOBAL_STREAM) | (1u << RFL_GBW_GLOBAL_BULK) | (1u << RFL_GBW_L2_OWN) | (1u << RFL_GBW_L2_WAVES))

/* Whether a kernel runs an access: the chunk kernels, l2_own, l2_waves and global_bulk only
 * read; shared_blocked and global_launch read and rmw; global_inside and
 * global_stream run all four. */
static inline int rfl_gbw_runs(enum rfl_gbw_kernel k, enum rfl_gbw_access a)
{
    if (k == RFL_GBW_GLOBAL_BULK || k == RFL_GBW_L2_CHUNKS || k == RFL_GBW_L1_SET || k == RFL_GBW_L2_OWN ||
        k == RFL_GBW_L2_WAVES)
        return a == RFL_GBW_READ;
    if (k == RFL_GBW_SHARED || k == RFL_GBW_GLOBAL_LAUNCH)
        return a == RFL_GBW_READ || a == RFL_GBW_RMW;
    return 1;
}

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

struct rfl_gbw_kernel_info {
    const char *name;
    const char *lo_kernel;  /* "A", "B", "C" or "-" */
    int trials_inside;      /* one launch runs every trial of a sample */
    const char *description;
};

extern const struct rfl_gbw_kernel_info rfl_gbw_kernels[RFL_GBW_NKERNELS];
extern const char *const rfl_gbw_kernel_names[RFL_GBW_NKERNELS + 1];
extern const char *const rfl_gbw_access_names[RFL_GBW_NACCESS + 1];

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
