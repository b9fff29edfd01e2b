/* What the GPU programs measured, as the model holds it: one GPU (the
 * lowest rank's), its properties from the sidecars, and per program the
 * curves and series the ceilings and charts are made from.
 *
 * Levels are named by the GPU's properties, never by counting plateaus:
 * the aggregate L1 (SMs x the unified L1/shared size) and the L2 size cut
 * each global-memory curve into L1, L2 and device-memory working sets;
 * Kernel C (shared_blocked) works in shared memory whatever the working
 * set, so its plateau is the shared-memory roof. */
#ifndef RFL_CEILINGS_GPU_H
#define RFL_CEILINGS_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "timed.h"
/* The GPU's memory levels (enum rfl_gpu_level, rfl_gpu_level_names), its precisions and
 * rfl_gpu_bandwidth's kernels: what the files name, as the programs declare it. */
#include "schema/kernels.h"

struct rfl_model;

struct rfl_gpu_device {
    int known;                   /* a sidecar described it */
    int index;                   /* CUDA device index */
    int rank;                    /* the MPI rank whose rows are used */
    char label[16];              /* "gpu0": the ceilings' device */
    char name[128], cc[16], arch[16], part[96];
    unsigned sm_count;
    uint64_t shared_bytes_per_sm, l1_bytes_per_sm, l2_bytes, global_mem_bytes;
    double sm_clock_max_mhz, mem_theoretical_gbytes_per_s, datasheet_gbytes_per_s;
    double fma_per_clock[RFL_GPU_NPRECISION]; /* per SM; 0: unknown */
    double shared_bytes_per_clock;       /* per SM; 0: unknown */
};

/* A fit stands for the host link only within this of its largest copy's
 * rate: rfl_gpu_micro's own check (gpu_micro/transfer.c), applied again to
 * files that do not record its verdict. */
#define RFL_GPU_FIT_TOLERANCE 0.05

/* Where a host link comes from: the fit, the best long copy (the fit
 * failed its check), or nothing (no long copy either). */
enum rfl_gpu_link_from { RFL_GPU_LINK_FIT, RFL_GPU_LINK_COPIES, RFL_GPU_LINK_NONE };

struct rfl_gpu_transfer {       /* one direction x host memory */
    char direction[8], host_memory[16];
    size_t input;
    struct rfl_timed_points pts; /* the verified copies */
    int have_fit;               /* a fit row was read (its bandwidth may be NaN: no fit) */
    double latency_us, gbytes_per_s, rms_error, max_error, largest_gbytes_per_s;
    uint64_t bytes_min, bytes_max;
    long points, attempts;      /* attempts: 0 where the file does not say */
    int check_recorded;         /* the file holds rfl_gpu_micro's verdict (fit_check) */
    char check[16];             /* "pass", "fail", "no_fit" */
    enum rfl_gpu_link_from from;
    double link_gbytes_per_s;   /* the host link's value (NaN: none) */
    size_t fit_input;
};

/* A transfer fit row's verdict and the host link it gives (load_gpu_micro.c). */
void rfl_gpu_transfer_judge(struct rfl_gpu_transfer *x, const char *check, double ceiling, const char *from);

struct rfl_gpu_chase {          /* one memory x stride */
    char memory[24];
    uint64_t stride;
    size_t n;
    double *bytes, *cycles, *ns;
};

struct rfl_gpu_gemm {           /* one row of gemm.csv */
    char kernel[16], config[64], precision[8], unit[16], transb[4];
    long m, n, k;
    double gflops, peak, bound, clock_mhz;
    double median;              /* the median sample's GFLOP/s (NaN: not in the file) */
    long samples;               /* timed samples (0: not in the file) */
    double attainable;          /* rfl_gpu_gemm_attainable, set with the ceilings; 0: none */
    double ai;                  /* its arithmetic intensity (2mnk / rfl_gpu_gemm_bytes), set with the ceilings */
    size_t input;
};

struct rfl_gpu_gemm_model {     /* one row of gemm_model.csv */
    char kernel[16], config[64], precision[8], transb[4], fma_op[16];
    long m, n, k, fma, lds, other;
    double f_i, p_sm, p_mem, p_potential, achieved, cublas;
};

struct rfl_gpu_um {             /* one point of unified_memory.csv */
    char mechanism[24], panel[4], status[24];
    uint64_t wss;
    long reuse;
    double gbytes_per_s, fraction; /* NaN when not measured */
};

struct rfl_gpu_row {            /* launch, barrier, pipeline, stride: for the report's tables */
    char what[24];
    long a, b;                  /* blocks x threads, threads x chains ... */
    double value, value2;
};

struct rfl_gpu_data {
    struct rfl_gpu_device dev;
    size_t ncurves, nflops, ntransfers, nchase, ngemm, nmodel, num, nlaunch, nbarrier, npipeline, nstride, nmix;
    struct rfl_bw_curve *curves;      /* rfl_gpu_bandwidth's (model.h) */
    struct rfl_flops_series *flops;   /* rfl_gpu_flops's (model.h) */
    struct rfl_gpu_transfer *transfers;
    struct rfl_gpu_chase *chase;
    struct rfl_gpu_gemm *gemm;
    struct rfl_gpu_gemm_model *model;
    struct rfl_gpu_um *um;
    struct rfl_gpu_row *launch, *barrier, *pipeline, *stride;
    double um_device_pass;      /* unified_memory.json reference: GB/s of the GPU pass; 0 unknown */
    size_t um_input;
    int have_um_input;
};

/* The GPU part of a model, made on first use; NULL when out of memory. */
struct rfl_gpu_data *rfl_gpu_data(struct rfl_model *m);
void rfl_gpu_free(struct rfl_gpu_data *g);

/* A GEMM row's bytes at least moved (A and B read once, C read and written)
 * and its arithmetic intensity; the ceiling name of its unit ("fp32",
 * "tf32 tensor", ...). */
double rfl_gpu_gemm_bytes(const struct rfl_gpu_gemm *r);
void rfl_gpu_gemm_roof_name(const struct rfl_gpu_gemm *r, char *buf, size_t len);
/* The roofline above a GEMM point: min(device memory x intensity, its roof). */
double rfl_gpu_gemm_attainable(const struct rfl_model *m, const struct rfl_gpu_gemm *r);

/* FLOPs per clock per SM of a compute roof ("fp64", "fp32", "fp16", "fp64
 * tensor", "tf32 tensor", "bf16 tensor", "fp16 tensor") on an architecture
 * ("sm_90"), from the table of gpu_device.c; 0 where it has none. The spec
 * of a roof whose rows carry no peak of their own. */
double rfl_gpu_arch_flops_per_clock(const char *arch, const char *roof);

/* The GPU ceiling of that name (NULL: none). */
const struct rfl_ceiling *rfl_gpu_ceiling(const struct rfl_model *m, const char *name);

#endif
