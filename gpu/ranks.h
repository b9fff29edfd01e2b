/* The CSV rows of one measured point across the ranks, shared by
 * rfl_gpu_bandwidth and rfl_gpu_flops: every rank's samples gathered on
 * rank 0, one row per rank's GPU and, under MPI, the aggregate row of the
 * slowest rank of each sample; a wrong value on any rank fails the session
 * on every rank, and the ranks agree on an interrupt. What a row says
 * beyond its first columns is the program's, through a callback. */
#ifndef RFL_GPU_RANKS_H
#define RFL_GPU_RANKS_H

#include "common/csv.h"
#include "common/session.h"
#include "common/stats.h"

/* The most samples of a point the helpers take (the programs' --experiments). */
#define RFL_GPU_MAX_EXPERIMENTS 1000

/* One row as rank 0 writes it. */
struct rfl_gpu_rank_row {
    int aggregate;       /* 1: all ranks' GPUs together; rank and device are then 0 */
    int rank, device;    /* the rank and its CUDA device index */
    const double *times; /* the point's samples (s): the rank's, or the slowest rank's of each */
    double mhz;          /* SM clock of the rank's fastest sample; 0: not recorded (always 0 when aggregate) */
    unsigned long long trials; /* per sample */
    struct rfl_stats st; /* of times */
};

/* One point as this rank measured it. */
struct rfl_gpu_point {
    double times[RFL_GPU_MAX_EXPERIMENTS]; /* the samples (s) */
    double mhz_at_min;         /* SM clock of the fastest sample; 0: not recorded */
    unsigned long long trials; /* per sample (the same on every rank) */
    long long bad;             /* wrong values this rank found */
    char detail[256];          /* ... and what they were */
};

/* This rank's measurement of one point, and how the messages name it. */
struct rfl_gpu_point_rows {
    int ranks;
    unsigned experiments;
    const struct rfl_gpu_point *measured;
    int device;          /* this rank's CUDA device index */
    /* On a rank with wrong values, "verification failed: POINT: DETAIL";
     * the session's failure on every rank, "WHAT: N wrong values". */
    const char *point, *what;
    /* Rank 0 writes each row (the ranks in order, then the aggregate): the
     * helper writes its first columns (scope "gpu" or "aggregate", rank,
     * device, ranks), write_row the rest, and ends it. */
    void (*write_row)(void *arg, struct rfl_csv *csv, const struct rfl_gpu_rank_row *row);
    void *arg;
};

/* Collective. Gathers every rank's samples; with wrong values on any rank
 * sets out->status to RFL_EXIT_VERIFY and out->failure, otherwise writes the
 * rows on rank 0 and sets *rows_written there (else 0). Returns 1 when the
 * sweep must stop (wrong values, or an interrupt on any rank: then
 * out->status is RFL_EXIT_INTERRUPTED), 0 to go on. */
int rfl_gpu_point_rows(struct rfl_session *out, const struct rfl_gpu_point_rows *pt, int *rows_written);

#endif
