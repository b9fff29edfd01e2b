/* What the parts of rfl_gpu_bandwidth's run share: the configurations of
 * the sweep, the run's context, one measured point, and the functions each
 * file offers the others (configs.c, sample.c, rows.c, evidence.c,
 * selftest.c, run.c). */
#ifndef RFL_GPU_BANDWIDTH_INTERNAL_H
#define RFL_GPU_BANDWIDTH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "gpu/gpu.h"
#include "gpu/ranks.h"
#include "gpu_bandwidth/gpu_bandwidth.h"
#include "gpu_bandwidth/kernels.h"
#include "common/csv.h"
#include "common/session.h"

#define RFL_GBW_MAX_EXPERIMENTS RFL_GPU_MAX_EXPERIMENTS
#define RFL_GBW_MAX_TRIALS (1ull << 40)
/* Working sets at least this many times the L2 are device-memory rows
 * for the evidence (below, part of the array may still hit in L2). */
#define RFL_GBW_DEVICE_MEMORY_L2_FACTOR 4
/* l1_set's block size unless -t is given: every block reads the whole
 * set, so small blocks, many to an SM, read the most of it (an H100: 125
 * B/clk/SM at 128 threads from 64 to 216 KiB, 120-123 at 256, 82-125 at
 * 1024; docs/PERFORMANCE.md). */
#define RFL_GBW_L1_SET_THREADS 128u

struct rfl_gbw_config {
    enum rfl_gbw_kernel kernel;
    enum rfl_gbw_access access;
    enum rfl_gpu_precision prec;
    unsigned threads;
    struct rfl_gpu_blocks spec;
    unsigned blocks;   /* resolved */
    int resident;      /* blocks per SM at once */
    size_t tile_vecs;  /* shared kernel: its tile; bulk: one chunk */
    unsigned unroll;   /* l2_own: 16-byte loads in flight per thread */
    int loads_nc;      /* l2_own: the read-only path (1) or .cg (0) */
};

/* Rank 0's best rows, for the evidence. */
struct rfl_gbw_best {
    double device_gbs, memcpy_gbs, l2_gbs, shared_fraction, shared_gbs, shared_mhz;
    double l2_near_gbs, l2_far_gbs; /* l2_own in L2/8 .. L2/2 (one partition's share) and past L2/2 */
    double l1_bytes_per_clk, l1_gbs, l1_mhz; /* l1_set within one SM's L1, per SM */
    uint64_t device_wss, memcpy_wss, l2_wss, l1_wss;
    const char *device_kernel;
    char device_config[96], l2_config[96];
};

struct rfl_gbw_ctx {
    const struct rfl_gpu_bandwidth_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    char *buf;
    size_t buf_bytes;
    double *block_sums; /* device */
    double *host_sums;
    size_t max_blocks;
    struct rfl_gpu_clock *clock;       /* device */
    struct rfl_gpu_mismatch *mismatch; /* device */
    double min_time_s;
    unsigned experiments;
    int ranks;
    struct rfl_gbw_best best;
};

/* configs.c: launch shapes and working-set placement (pure, but for
 * rfl_gbw_configs, which asks the device for occupancy). */
size_t rfl_gbw_vectors_for(uint64_t bytes);
/* The working sets placed from the device's sizes, whatever the growth, so
 * every level's plateau has points: 0.25, 0.5 and 0.75 of one SM's L1
 * (`l1_sm`, l1_set's per-SM set), 0.25, 0.5, 0.75 and 0.9 of the
 * aggregate L1 (`l1_total`: SMs x L1), 0.3, 0.5 and 0.7 of the L2 and two
 * between the aggregate L1 and the L2, and 4, 6 and 8 x the L2 (device
 * memory). Into `out` (RFL_GBW_MAX_ANCHORS); returns how many. */
#define RFL_GBW_MAX_ANCHORS 15
size_t rfl_gbw_anchors(double l1_sm, double l1_total, double l2, uint64_t *out);
/* The sweep's working sets, increasing: the geometric series from wss_min
 * to wss_max and the anchors within it; the caller frees (NULL: no memory). */
uint64_t *rfl_gbw_working_sets(const struct rfl_gpu_device *d, uint64_t wss_min, uint64_t wss_max, double growth,
                               size_t *n);
/* Whether a working set of the list is one of the anchors. */
int rfl_gbw_is_anchor(const struct rfl_gpu_device *d, uint64_t wss);
/* A point's priority under a time budget (gpu/budget.h): the first
 * configuration of each kernel a ceiling is made from (shared_blocked,
 * global_inside, global_stream, global_bulk, l2_chunks, l1_set; read access
 * where it has it)
 * at an anchor 0, at its other working sets 1; their other configurations
 * 2; global_launch and memcpy_d2d 3. */
int rfl_gbw_priority(const struct rfl_gbw_config *cfgs, int ncfg, int i, int anchor);
/* The level a working set of kernel k lives in (RFL_GPU_NO_LEVEL: "l1_l2"),
 * gpu_bandwidth.csv's `level` through rfl_gpu_level_column. */
enum rfl_gpu_level rfl_gbw_level_of(const struct rfl_gpu_device *d, enum rfl_gbw_kernel k, uint64_t wss);
size_t rfl_gbw_tile_vecs_for(const struct rfl_gpu_device *d, unsigned threads);
unsigned rfl_gbw_lanes_of(enum rfl_gpu_precision p);
/* l2_own's --unroll values (index 0: auto) and --l2-loads names. */
extern const char *const rfl_gbw_unroll_names[];
extern const char *const rfl_gbw_l2_load_names[];
/* The loads in flight per thread of kernel k: --unroll, or auto: 8 for
 * l2_own (16 needs blocks of at most 512 threads), 16 for l2_waves. */
unsigned rfl_gbw_unroll_of(const struct rfl_gpu_bandwidth_opts *o, enum rfl_gbw_kernel k);
/* How many times a trial loads each of the n_vec vectors: the chunk
 * kernels' replicas (kernels.h), else 1. */
unsigned rfl_gbw_replicas(const struct rfl_gbw_config *cfg, size_t n_vec);
/* The 16-byte vectors a trial moves (bytes counted = these x 16): loaded
 * and stored; rmw, copy and memcpy_d2d load and store n_vec each (copy's
 * and memcpy's n_vec is half the working set), write stores n_vec, read
 * loads n_vec x the replicas. */
double rfl_gbw_vectors_moved(const struct rfl_gbw_config *cfg, size_t n_vec);
/* The configurations of the sweep, each resolved against c->dev (raises
 * c->max_blocks). RFL_EXIT_OK with *cfgs (free it) and *ncfg, or the exit
 * code after a message. */
int rfl_gbw_configs(struct rfl_gbw_ctx *c, unsigned kernels, unsigned accesses, unsigned precisions,
                    uint64_t chunk_bytes, struct rfl_gbw_config **cfgs, int *ncfg);

/* sample.c: the timed samples of one point and their verification. */
double rfl_gbw_read_sum_closed_form(size_t n_scalars, unsigned long long trials);
/* 0, or -1 after a CUDA failure (one line printed). */
int rfl_gbw_run_point(struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, size_t n_vec, struct rfl_gpu_point *p);

/* rows.c: the CSV rows of a point, one per rank and the aggregate, through
 * rfl_gpu_point_rows (gpu/ranks.h): gathers every rank's samples
 * (collective), fails the session on a wrong value anywhere, and on rank 0
 * writes the rows and raises best_of_cfg (GB/s per level: RFL_GPU_NLEVELS,
 * the stderr summary's columns). Returns 1 when the sweep must stop, else 0. */
int rfl_gbw_emit_point(struct rfl_gbw_ctx *c, struct rfl_session *out, const struct rfl_gbw_config *cfg,
                       uint64_t wss_bytes, size_t n_vec, const struct rfl_gpu_point *p, double *best_of_cfg);

/* evidence.c: the run's findings, from rank 0's GPU. */
/* Raises c->best with one of rank 0's rows (bytes_per_s: at the fastest sample). */
void rfl_gbw_note_best(struct rfl_gbw_ctx *c, const struct rfl_gbw_config *cfg, uint64_t wss, double bytes_per_s,
                       double mhz, int clocked);
void rfl_gbw_evidence(const struct rfl_gbw_ctx *c, json_t *list, unsigned kernels);
void rfl_gbw_print_summary(const struct rfl_gbw_config *cfgs, int ncfg, double (*best)[RFL_GPU_NLEVELS]);

/* selftest.c */
int rfl_gbw_self_test(void);

#endif
