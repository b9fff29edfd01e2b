/* Host-side helpers shared by the five GPU programs (rfl_gpu_bandwidth,
 * rfl_gpu_flops, rfl_gpu_micro, rfl_unified_memory, rfl_gemm): checked CUDA
 * calls, device selection under MPI (one rank per GPU, chosen by local
 * rank), device properties and attributes, NVML readings (the SM clock
 * for the samples, the rest for the metadata), event timing, gathering
 * per-rank numbers, list options, the published figures a run is judged
 * against, and the evidence lines every program prints at the end. */
#ifndef RFL_GPU_H
#define RFL_GPU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cuda_runtime_api.h>
#include <jansson.h>

#include "common/session.h"
#include "gpu/gpu_shared.h"

/* The options every GPU program shares: its options struct holds them
 * as RFL_GPU_RUN_OPTS, so its cli.c sets them by name (o->min_time_s) and
 * its run hands them on together (&o->run). */
#define RFL_GPU_RUN_OPTS_FIELDS                                                                                        \
    double min_time_s;    /* shortest sample that counts; 0: default */                                               \
    unsigned experiments; /* timed samples per point; 0: default */                                                   \
    double time_budget_s; /* the whole run within this; 0: no budget */                                               \
    unsigned device;      /* first device: rank r uses (device + local rank) % count */                               \
    const char *output;   /* CSV path ("-": stdout, no sidecar), or the program's prefix */                          \
    int quick, list_devices, print_columns, self_test, inject_fault;                                                   \
    int argc; /* the command line, for the metadata */                                                                 \
    char **argv;
struct rfl_gpu_run_opts {
    RFL_GPU_RUN_OPTS_FIELDS
};
#define RFL_GPU_RUN_OPTS                                                                                               \
    union {                                                                                                            \
        struct rfl_gpu_run_opts run;                                                                                   \
        struct {                                                                                                       \
            RFL_GPU_RUN_OPTS_FIELDS                                                                                    \
        };                                                                                                             \
    }

/* "fp64", "fp32", "fp16" (NULL-terminated, for option tables). */
extern const char *const rfl_gpu_precision_names[RFL_GPU_NPRECISION + 1];

/* A failed call prints one line, "FILE:LINE: CALL: cudaErrorX (text)", on
 * every rank that sees it and returns -1; 0 on success. */
int rfl_gpu_check(cudaError_t err, const char *call, const char *file, int line);
#define RFL_CUDA(call) rfl_gpu_check((call), #call, __FILE__, __LINE__)

/* Published figures for the parts rfl knows (matched by device name). */
struct rfl_gpu_datasheet {
    const char *match;             /* substring of the CUDA device name */
    const char *part;              /* the part, as the datasheet names it */
    double mem_gbytes_per_s;       /* device-memory bandwidth */
    double l2_target_gbytes_per_s; /* an L2 ceiling the project holds it to; 0: none */
};

/* Per-SM, per-clock rates of the compute capability (0 where rfl has no
 * figure): fused multiply-adds per precision and shared-memory bytes. */
struct rfl_gpu_sm_rates {
    double fp64_fma, fp32_fma, fp16_fma; /* scalar FMAs (a half2 FMA is 2) */
    double shared_bytes;                 /* one shared-memory wavefront: 32 lanes x 4 bytes returned */
    double l1_bytes;                     /* unified L1/shared capacity */
    double warp_issue;                   /* warp instructions issued: 4 schedulers x 1 */
};

struct rfl_gpu_device {
    int index, count;    /* CUDA device index; devices this process sees */
    int ranks_sharing;   /* MPI ranks of this node on the same device */
    char name[256];
    char pci_bus_id[32];
    int cc_major, cc_minor;
    int sm_count;
    int max_threads_per_sm, max_threads_per_block, regs_per_sm;
    size_t shared_per_sm, shared_per_block_optin, reserved_shared_per_block;
    size_t l2_bytes, global_mem_bytes;
    int mem_bus_bits;
    int sm_clock_max_khz, mem_clock_khz; /* peak clocks as CUDA reports them */
    int cooperative_launch;
    double mem_theoretical_gbytes_per_s; /* 2 x memory clock x bus width */
    const struct rfl_gpu_datasheet *datasheet; /* NULL: unknown part */
    struct rfl_gpu_sm_rates rates;
};

/* Number of CUDA devices; -1 with the reason in `why` (no device, no
 * driver, a driver older than the runtime...). */
int rfl_gpu_count(int *count, char *why, size_t len);
/* Prints the devices (--list-devices); returns an RFL_EXIT_* code: 1 and
 * "no CUDA device: REASON" on stderr where there is none. */
int rfl_gpu_list_devices(FILE *out);
/* Selects this rank's device: (first + local rank) % count, reads its
 * properties and makes it current. Returns an RFL_EXIT_* code. */
int rfl_gpu_select(int first, struct rfl_gpu_device *dev);
/* rfl_gpu_select on every rank, agreed: the worst code of all ranks, so
 * every rank goes on or every rank stops (collective). */
int rfl_gpu_select_agreed(int first, struct rfl_gpu_device *dev);
/* Testing only: RFL_TEST_SLOW_RANK=R:FACTOR (common/hosts.h), read by
 * rfl_gpu_select_agreed (a malformed value: RFL_EXIT_USAGE): rank R's
 * samples in rfl_gpu_point_rows count FACTOR times their time, so its
 * rows and the aggregate report a slower GPU. 1 on every other rank. */
extern double rfl_gpu_slow_factor;
/* A device attribute; 0 where the runtime cannot say (the error cleared). */
int rfl_gpu_attribute(enum cudaDeviceAttr attr, int device);
const struct rfl_gpu_datasheet *rfl_gpu_datasheet_for(const char *name);
struct rfl_gpu_sm_rates rfl_gpu_sm_rates_for(int cc_major, int cc_minor);

/* The device's properties as JSON (see docs/FORMAT.md, "gpu" sidecar keys). */
json_t *rfl_gpu_device_json(const struct rfl_gpu_device *dev);
/* NVML readings of the device now: clocks, power, temperature, clock event
 * (throttle) reasons; every field null with a "reason" when NVML is not
 * built in or cannot be loaded. */
json_t *rfl_gpu_nvml_json(const struct rfl_gpu_device *dev);
/* The SM clock now, from NVML, in MHz (NAN where NVML cannot say). */
double rfl_gpu_nvml_sm_mhz(const struct rfl_gpu_device *dev);
/* Waits, polling NVML, while a power or thermal limit holds the clocks down
 * (clock event reasons sw_power_cap, hw_slowdown, sw/hw_thermal_slowdown,
 * hw_power_brake_slowdown), at most max_s. *waited_s: the time spent.
 * Returns 0 settled, 1 still limited after max_s, -1 NVML cannot say (no
 * wait). A rate timed right after a heavy point otherwise reads the
 * limiter's clock of that point, not the part's. */
int rfl_gpu_nvml_settle(const struct rfl_gpu_device *dev, double max_s, double *waited_s);
/* The metadata of a GPU run: rfl_meta_new's keys plus "gpus" (one object
 * per rank: rank, host, device, nvml_start) and the build's CUDA flags.
 * Collective: every rank calls it; rank 0 gets the object, others NULL. */
json_t *rfl_gpu_meta_new(const char *program, int argc, char **argv, const struct rfl_gpu_device *dev);
/* Adds every rank's NVML readings under gpus[r].nvml_end (collective). */
void rfl_gpu_meta_finish(json_t *meta, const struct rfl_gpu_device *dev);

/* The output session of a GPU program (common/session.h) with that
 * sidecar: rfl_session_open with rfl_gpu_meta_new's object in place of
 * spec->meta (0, or -1 as rfl_session_open); at the end rfl_session_stop
 * and rfl_gpu_meta_finish (the seconds measured). Collective, both. */
int rfl_gpu_session_open(struct rfl_session *s, const struct rfl_session_spec *spec,
                         const struct rfl_gpu_device *dev);
double rfl_gpu_session_stop(struct rfl_session *s, const struct rfl_gpu_device *dev);

/* Every rank's `n` doubles, concatenated in rank order, on rank 0 (the
 * caller frees); NULL on the other ranks. Collective. */
double *rfl_gpu_gather_doubles(const double *mine, int n);
/* Aborts the whole job on a failure that one rank alone saw (under MPI a
 * rank that returned early would leave the others in a barrier). */
int rfl_gpu_fail(int code);

/* Zeroes a device-side mismatch record (first index: none), in the order
 * of `stream`: the programs' streams do not synchronise with the legacy
 * default stream a plain cudaMemcpy would use. */
int rfl_gpu_mismatch_reset(struct rfl_gpu_mismatch *m, cudaStream_t stream);

/* Event timing on a stream. */
struct rfl_gpu_timer {
    cudaEvent_t start, stop;
    cudaStream_t stream;
};
int rfl_gpu_timer_create(struct rfl_gpu_timer *t, cudaStream_t stream);
void rfl_gpu_timer_destroy(struct rfl_gpu_timer *t);
int rfl_gpu_timer_start(struct rfl_gpu_timer *t);
/* Records the stop event, waits for it; seconds in *s. */
int rfl_gpu_timer_stop(struct rfl_gpu_timer *t, double *s);

/* Comma-separated unsigned integers within [min, max]; one line naming the
 * program, option and value on a bad entry (returns -1; exit 2). */
int rfl_gpu_parse_uints(const char *program, const char *option, const char *text, unsigned min, unsigned max,
                        unsigned *out, int cap, int *n);
/* --threads-per-block's list: multiples of 32 from 32 to 1024. */
int rfl_gpu_parse_threads(const char *program, const char *text, unsigned *out, int cap, int *n);
/* Comma-separated sizes (64, 4K, 2M...). */
int rfl_gpu_parse_sizes(const char *program, const char *option, const char *text, uint64_t *out, int cap,
                        int *n);

/* Blocks per grid, as users write them: "max" (as many as fit on the
 * device at once), "4x" (4 per multiprocessor) or a count. */
struct rfl_gpu_blocks {
    enum { RFL_GPU_BLOCKS_MAX, RFL_GPU_BLOCKS_PER_SM, RFL_GPU_BLOCKS_COUNT } kind;
    unsigned value;
};
int rfl_gpu_parse_blocks(const char *program, const char *option, const char *text, struct rfl_gpu_blocks *out,
                         int cap, int *n);
/* The grid for a spec, given how many blocks fit on one SM at once. */
unsigned rfl_gpu_blocks_resolve(const struct rfl_gpu_blocks *b, const struct rfl_gpu_device *dev,
                                int resident_per_sm);
void rfl_gpu_blocks_format(const struct rfl_gpu_blocks *b, char *buf, size_t len);
/* The sidecar's lists of a sweep's settings: n numbers; n block specs as
 * users write them ("max", "4x", "80"). */
json_t *rfl_gpu_uints_json(const unsigned *v, int n);
json_t *rfl_gpu_blocks_json(const struct rfl_gpu_blocks *b, int n);

/* Geometric series MIN..MAX inclusive (the last point is MAX); the caller
 * frees. */
uint64_t *rfl_gpu_geometric(uint64_t min, uint64_t max, double growth, size_t *n);

/* Evidence: one measured figure against its target, printed as
 *   PROGRAM: evidence: NAME  MEASURED UNIT  OP TARGET  PASS|FAIL|INFO  NOTE
 * and added to `list` (JSON array) with the same fields. op is ">=", "<="
 * or "~" (within `tolerance` as a fraction) or NULL (no target: INFO). */
void rfl_gpu_evidence(json_t *list, const char *name, double measured, const char *unit, const char *op,
                      double target, double tolerance, const char *note);

/* Host-side self-checks of the helpers (--self-test); 0 when all pass. */
int rfl_gpu_self_test(void);

#endif
