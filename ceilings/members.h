/* The members of a run of several ranks: each rank (its host and device)
 * with its own ceilings beside the job's, and the outliers among them. A
 * CPU program's per-rank rows (bandwidth.csv's `rank` and `host`) and a GPU
 * program's per-GPU rows (gpu_bandwidth.csv's scope `gpu`, one per rank,
 * the host from the sidecar's gpus[]) are kept as member rows by the
 * loaders; rfl_members_find gives each job ceiling
 * one member ceiling per rank: the best own rate of that rank on the same
 * curve and the same plateau (the working sets the job's ceiling came
 * from; a compute ceiling: the same kernel, variant and unroll, over
 * every flops per element), so every member is measured on the points the
 * job was. */
#ifndef RFL_CEILINGS_MEMBERS_H
#define RFL_CEILINGS_MEMBERS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define RFL_MEMBER_HOST_LEN 64
/* A member below this fraction of the median of its peers is an outlier. */
#define RFL_MEMBER_OUTLIER_FRACTION 0.9

struct rfl_model;
struct rfl_ceiling;
struct rfl_table;

struct rfl_member_row {      /* one rank's own point of a curve */
    size_t input;            /* the file it came from */
    char device[16];         /* "cpu", or "gpuN" (the rank's CUDA device) */
    char key[160];           /* the curve: kernel precision isa nontemporal ranks threads */
    long rank;
    char host[RFL_MEMBER_HOST_LEN];
    uint64_t wss;            /* the job's working set of the point */
    double rate;             /* the rank's own GB/s */
};

struct rfl_member {          /* one rank's own ceiling */
    size_t ceiling;          /* the job's ceiling, index into model->ceilings */
    long rank;
    char host[RFL_MEMBER_HOST_LEN];
    char device[16];         /* "cpu", or "gpuN": the rank's own device */
    double value;            /* the rank's best own rate on the ceiling's plateau */
    double peers_median;     /* the median of the other members' values of the same ceiling */
    double percent_of_peers; /* 100 x value / peers_median (NaN: one member) */
    int outlier;             /* value below RFL_MEMBER_OUTLIER_FRACTION x peers_median */
};

/* The curve key of a CPU bandwidth curve's rows. */
void rfl_member_key(char *out, size_t len, const char *kernel, const char *prec, const char *isa, int nt,
                    long ranks, long threads);
/* The curve key of a GPU bandwidth curve's rows (rfl_gpu_bandwidth: one
 * row per GPU, scope `gpu`, each rank's own). */
void rfl_member_gpu_key(char *out, size_t len, const char *kernel, const char *access, const char *prec, long tpb,
                        long blocks);
/* The key of a CPU compute row (flops.csv): the kernel as a compute
 * ceiling names it ("simd unroll 4"; unroll 0: the variant alone), ISA,
 * precision and job. */
void rfl_member_compute_key(char *out, size_t len, const char *variant, long unroll, const char *isa,
                            const char *prec, long ranks, long threads);
/* The key of a GPU compute row (gpu_flops.csv): precision and FMA chains
 * per thread (any launch shape and flops per element). */
void rfl_member_gpu_flops_key(char *out, size_t len, const char *prec, long chains);
/* The key of a GEMM row (gemm.csv) as a tensor roof names its GEMM: the
 * precision and "KERNEL nTRANSB MxNxK" (gpu_ceilings.c). */
void rfl_member_gemm_key(char *out, size_t len, const char *prec, const char *kernel);
/* The key of a transfer fit row (gpu_micro_transfer_fit.csv) as a host-link
 * ceiling names it: the direction (h2d, d2h) and the host memory (pinned). */
void rfl_member_host_link_key(char *out, size_t len, const char *direction, const char *host_memory);
/* Row r of a GPU program's table (columns rank, device, verified, and
 * scope where the program writes an aggregate: without it every row is a GPU's)
 * as a member row with input, rank, device ("gpuN": its device column, else
 * the sidecar's gpus[rank].device.index) and host (gpus[rank].host) set:
 * 1; the aggregate's row (scope aggregate): 1, rank -1, device "gpus";
 * 0: not a verified row of either; -1 a bad value (one line printed). The
 * caller sets key, wss and rate. */
int rfl_member_gpu_row(const struct rfl_table *t, size_t r, const json_t *meta, size_t input,
                       struct rfl_member_row *row);
/* Fills a member row's key, wss and rate from row r of a GPU program's
 * table, whose columns `col` holds (those rfl_member_gpu_rows was named,
 * in its order; -1 where absent): 1 keep it, 0 skip the row, -1 a bad
 * value (one line printed). */
#define RFL_MEMBER_MAX_COLUMNS 8
typedef int (*rfl_member_fill_fn)(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row);
/* Every GPU's row of t and the aggregate's (rfl_member_gpu_row) that
 * `fill` keeps, as member rows; `columns`: the names fill reads (NULL at
 * the end, at most RFL_MEMBER_MAX_COLUMNS), looked up once. 0, or -1 (one
 * line printed). */
int rfl_member_gpu_rows(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta,
                        const char *const *columns, rfl_member_fill_fn fill);
/* Appends a member row; -1 out of memory. */
int rfl_member_row_add(struct rfl_model *m, const struct rfl_member_row *row);
/* After the ceilings: every job ceiling's members, their peers' medians
 * and outliers (model->members, in ceiling then rank order). -1 out of
 * memory. */
int rfl_members_find(struct rfl_model *m);
/* The members of ceiling i: *first index and the count. */
size_t rfl_members_of(const struct rfl_model *m, size_t ceiling, size_t *first);
/* How many members are outliers. */
size_t rfl_members_outliers(const struct rfl_model *m);
/* The GPUs of the members other than the model's own GPU (model->gpu's
 * label), as their numbers in ascending order (gpu1 -> 1): how many (at
 * most max). */
size_t rfl_members_other_gpus(const struct rfl_model *m, int *gpus, size_t max);
/* The ceilings of member device `device` ("gpu1"): each job ceiling it has
 * a member of, with the member's value (spread unknown, one rank) and that
 * device. *out is malloc'd (NULL when none); -1 out of memory. */
int rfl_members_ceilings(const struct rfl_model *m, const char *device, struct rfl_ceiling **out, size_t *n);

#endif
