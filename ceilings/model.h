/* The roofline model of one run directory: what every input file measured,
 * the ceilings found in it, the spec values beside them and the points
 * held against them. The run model is built by rfl_run_model_build from
 * the programs' CSV files and their sidecars (build.c); the application
 * and profiled points join it in profile/ (rfl_model_build), each with its
 * bound (bound.h); ceilings/write.c, plot/ and the report write it out. */
#ifndef RFL_CEILINGS_MODEL_H
#define RFL_CEILINGS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "levels.h"
#include "settings.h" /* ceilings/settings.h */

#define RFL_NAME_LEN 64

struct rfl_gpu_data;
struct rfl_net_data;
struct rfl_link_data;
struct rfl_member_row;
struct rfl_member;

enum rfl_ceiling_kind { RFL_CEILING_BANDWIDTH, RFL_CEILING_COMPUTE };

struct rfl_ceiling {
    char device[16];             /* "cpu"; GPUs: "gpu0" ...; "network"; "gpu_link" */
    enum rfl_ceiling_kind kind;
    char name[RFL_NAME_LEN];     /* L1 ... DRAM; fp64 avx512 ...; GPU: shared ... device memory, fp64 tensor ... */
    double value;                /* GB/s or GFLOP/s */
    double value_low, value_high; /* its spread (spread.h); NaN: unknown */
    size_t spread_points;        /* the points the spread comes from (0: none) */
    uint64_t samples;            /* the timed samples behind those points (0: not recorded) */
    double spec;                 /* NaN: no spec value */
    char spec_source[128];
    char program[32], kernel[48], precision[16], isa[16];
    long ranks, threads_per_rank;
    uint64_t wss_min_bytes, wss_max_bytes;  /* the plateau (bandwidth) or the best row (compute) */
    uint64_t topology_bytes;                /* the level's capacity for the job; 0: none */
    uint64_t transition_bytes;              /* detected end of the level; 0: none */
    double flops_per_elem;                  /* compute: at the best row */
    double synchronised;                    /* CPU: where `value` is the rate the threads sustained at their own
                                             * pace (they ran unevenly), the synchronised best; else NaN */
    size_t points;
    int unconfirmed;                        /* CPU DRAM: no curve's memory plateau was confirmed (common/plateau.h) */
    char shared_with[RFL_NAME_LEN];         /* levels whose ceiling is the same plateau of the same curve */
    int peak;                               /* compute: the top ceiling of its device and precision
                                             * (rfl_model_peak), the roof the points are held against; set
                                             * once the run model is built (0 in a member's copy) */
    char file[256];
    long curve, segment;                    /* internal: where a bandwidth ceiling came from (index into
                                             * curves, or gpu->curves for a GPU ceiling); -1 none */
};

struct rfl_input {            /* one CSV file and its sidecar */
    char file[256];           /* name inside the run directory */
    const struct rfl_source *source;
    char program[32], host[128], date[40], version[32], status[32];
    char *command_line;
    long ranks, threads_per_rank;
    size_t rows;
    char layout[640];         /* the sidecar's "layout" in words: each rank's CPUs, NUMA domains, source; "" none */
    char layout_brief[160];   /* its CPUs and NUMA domains per rank, for a chart's title; "" none */
    char *warnings;           /* the sidecar's "warnings", one a line (owned; NULL none) */
};

struct rfl_cache_info {
    int level;
    uint64_t size_bytes;
    unsigned instances, cores_sharing;
};

/* One bandwidth curve, of the CPU (rfl_bandwidth: a kernel x precision x
 * ISA x ranks x threads) or of the GPU (rfl_gpu_bandwidth: a kernel x
 * access x precision x launch shape). Its levels are its own, cut by its
 * capacities; level_of names each as one of its device's levels. */
struct rfl_bw_curve {
    char kernel[32], precision[16], isa[16], access[8];
    int nontemporal;
    long ranks, threads_per_rank, nodes;  /* CPU: the job */
    long threads_per_block, blocks;       /* GPU: the launch shape (0: cudaMemcpy) */
    size_t input;             /* index into inputs */
    size_t n;
    double *x;                /* working set, bytes: per thread (CPU), on the GPU (GPU) */
    double *y;                /* GB/s */
    uint64_t *wss;            /* CPU: working set of the job; NULL on the GPU */
    double *clock_mhz;        /* GPU: SM clock of each point (NaN: none); NULL on the CPU */
    double *y_median;         /* the median sample's GB/s (NaN: not in the file) */
    long *samples;            /* timed samples of each point (0: not in the file) */
    double *sync;             /* CPU: where y is a sustained rate, the synchronised best; else NaN (NULL on the GPU) */
    unsigned ncache;          /* capacities that cut the curve */
    double capacity[RFL_LEVELS_MAX_CACHE]; /* CPU: per-thread share of each level */
    int level_of[RFL_LEVELS_MAX_CACHE + 1]; /* the curve's level -> its device's (CPU: the same;
                                             * GPU: enum rfl_gpu_level) */
    struct rfl_levels levels;
    int used;                 /* may set ceilings (ceilings.bandwidth_kernels; not memcpy_d2d) */
    int remote;               /* CPU: its memory on another NUMA domain (bandwidth.csv's memory): the DRAM remote roof */
    int memory_known;         /* CPU: `memory` was found (rfl_curve_input sets memory_from from it) */
    struct rfl_plateau memory; /* CPU: the curve's tail plateau and memory points (common/plateau.h) */
};

/* One flops series: GFLOP/s against flops per element, the best row at each
 * point. Of the CPU (rfl_flops: a variant x ISA x precision x ranks x
 * threads, the best unroll) or of the GPU (rfl_gpu_flops: a precision x
 * chain count, the best launch shape). */
struct rfl_flops_series {
    char variant[32], isa[16], precision[16];
    long ranks, threads_per_rank;  /* CPU: the job */
    long chains;                   /* GPU: FMA chains per thread */
    size_t input;
    size_t n;
    double *fpe, *gflops;
    uint64_t *wss;
    double *model;            /* CPU: model_gflops_per_s, NaN where not given; NULL on the GPU */
    long *unroll;             /* CPU: of each point's best row (0: no unroll column) */
    double peak;              /* CPU: peak_gflops_per_s (max over rows; NaN: none) */
    double *row_peak, *clock_mhz; /* GPU: the best row's peak_gflops_per_s and SM clock (NaN: none) */
    long *tpb, *blocks;       /* GPU: the best row's launch shape */
    double *median;           /* the best row's median-sample GFLOP/s (NaN: not in the file) */
    long *samples;            /* the best row's timed samples (0: not in the file) */
    double *sync;             /* CPU: where gflops is a sustained rate, the synchronised best; else NaN */
};

/* What rfl_flops found about the FMA units its threads ran on (its
 * sidecar's fma_units; fma_units.c). */
struct rfl_fma_units {
    int known;                 /* a count of sets of FMA units was recorded */
    char source[16];           /* "hwloc" or "probe" */
    char file[256];            /* the sidecar it came from */
    long threads;              /* the job's threads at the largest thread count */
    long logical, physical;    /* the CPUs they ran on; the sets of FMA units among them */
    long hwloc_cores;          /* hwloc's cores among those CPUs (0: not recorded) */
    double ratio_shared, ratio_separate; /* the probe's median pair ratios (NaN: none) */
    double flops_per_cycle[RFL_NSPEC_PRECISIONS]; /* peak.precisions.*.flops_per_cycle_per_core (0: none) */
    char sentence[512];        /* the report's sentence on it ("": nothing to say) */
};

/* The kinds of flops rfl profile counts, named as the compute ceilings are
 * ("fp64" ... "fp8 tensor"), and the memory levels it counts bytes at (a
 * GPU's DRAM is its device memory): bound.c. */
enum rfl_flop_unit {
    RFL_FLOP_FP64, RFL_FLOP_FP32, RFL_FLOP_FP16, RFL_FLOP_FP64_TENSOR, RFL_FLOP_TF32_TENSOR,
    RFL_FLOP_BF16_TENSOR, RFL_FLOP_FP16_TENSOR, RFL_FLOP_FP8_TENSOR, RFL_FLOP_NUNITS
};
extern const char *const rfl_flop_unit_names[RFL_FLOP_NUNITS];
enum rfl_mem_level { RFL_MEM_L1, RFL_MEM_L2, RFL_MEM_L3, RFL_MEM_DRAM, RFL_MEM_NLEVELS };

/* A point on a roofline: an application's (--app, model->apps: its
 * intensity and rate as given) or a profiled kernel's or region's (rfl
 * profile, model->kernels: what the counters said; its intensity at every
 * level measured, the hierarchical roofline, and ai/level at the level
 * that bounds it). */
struct rfl_app {
    char *name;               /* as long as the file has it (owned) */
    double ai;                /* flops per byte */
    double gflops;
    char level[RFL_NAME_LEN]; /* "" when not given */
    char precision[16];       /* "" when not given; a kernel: the kind of most of its flops */
    double attainable;        /* rfl_app_attainable: GFLOP/s of the roofline above it; 0: none */
    char bound[96];           /* what bounds it there ("DRAM bandwidth", "fp64 avx2 peak", "none") */
    /* Profiled kernels only (rfl_kernel_bound sets the fields above from these). */
    char *label;              /* short name for charts (owned; NULL: name) */
    char device[8];           /* "cpu" or "gpu" */
    char tool[8];             /* "ncu" or "likwid" */
    char *device_name;        /* the GPU or CPU it ran on, as the tool named it (owned; may be NULL) */
    long launches;            /* kernel launches (ncu) or region calls (likwid) */
    double time_s;            /* all of them */
    double flops[RFL_FLOP_NUNITS];
    double bytes[RFL_MEM_NLEVELS]; /* NaN: not measured at that level */
    double clock_mhz;         /* the SM clock it ran at (ncu: cycles over time); NaN: not known */
    int lower_bound;          /* a flop count was not recorded: flops, intensities, GFLOP/s are at least these */
    /* Set with the bound (rfl_kernel_bound), what the charts draw: */
    double ai_at[RFL_MEM_NLEVELS];            /* its intensity at each level (rfl_kernel_ai; NaN: none) */
    const char *level_names[RFL_MEM_NLEVELS]; /* its device's levels (rfl_kernel_level_name; NULL: none there) */
    int placed;                               /* a point on a roofline (rfl_kernel_placed) */
};

struct rfl_model {
    char dir[1024];
    char host[128], cpu_model[128], date[40], version[32], machine[128];
    unsigned ncache;
    struct rfl_cache_info cache[RFL_LEVELS_MAX_CACHE];
    char cache_source[32];    /* where hwloc took `cache` ("sysfs"); "" not recorded */
    unsigned ncpuid_cache;    /* the sidecar's topology.cpuid_caches (0: none recorded) */
    struct rfl_cache_info cpuid_cache[RFL_LEVELS_MAX_CACHE];
    uint64_t memory_bytes;
    unsigned cores;
    double clock_ghz;         /* measured by rfl_flops; 0: unknown */
    struct rfl_fma_units fma; /* rfl_flops's count of FMA units */

    size_t ninputs, ncurves, nseries, nceilings, napps, nnotes, nkernels;
    struct rfl_input *inputs;
    struct rfl_bw_curve *curves;
    struct rfl_flops_series *series;
    struct rfl_ceiling *ceilings;
    struct rfl_app *apps;
    struct rfl_app *kernels;  /* rfl profile's points (DIR/profile.csv) */
    char **notes;             /* what the report should say (levels without a plateau ...) */
    char app_file[1024];      /* where the application points came from; "" none */
    int has_apps_file, has_profile_file; /* dir holds applications.csv, profile.csv (profile/ reads them) */
    struct rfl_gpu_data *gpu; /* what the GPU programs measured (gpu.h); NULL: none */
    struct rfl_net_data *net; /* what rfl_network measured (network.h); NULL: none */
    struct rfl_link_data *link; /* what rfl_gpu_link measured (gpu_link.h); NULL: none */
    struct rfl_dense_data *dense; /* what rfl_dense measured (dense.h); NULL: none */
    struct rfl_member_row *member_rows; /* each rank's own rows (members.h) */
    struct rfl_member *members;         /* each rank's own ceilings (members.h) */
    size_t nmember_rows, nmembers;
};

/* The run model: reads every known CSV in `dir` (an unknown *.csv is an
 * error), finds the ceilings, attaches the spec values of `settings` and
 * keeps on each GEMM point the roofline above it. The point files it finds
 * are only noted (has_apps_file, has_profile_file): profile/'s
 * rfl_model_build reads them. Returns an RFL_EXIT_* code; on error one
 * line was printed. */
int rfl_run_model_build(struct rfl_model *m, const char *dir, const struct rfl_ceilings_settings *settings);
/* Frees the model and every part of it (model_free.c, where each part's
 * free function is: rfl_gpu_free, rfl_net_free, rfl_link_free, rfl_dense_free,
 * rfl_timed_free are declared beside their types). */
void rfl_model_free(struct rfl_model *m);
/* Frees what a curve or a series holds (CPU or GPU). */
void rfl_bw_curve_free(struct rfl_bw_curve *c);
void rfl_flops_series_free(struct rfl_flops_series *f);
/* Frees the n points (struct rfl_app: their names, labels, device names) and the array. */
void rfl_kernels_free(struct rfl_app *k, size_t n);

/* Adds a note (printf-style) for the report and roofline.json. */
void rfl_model_note(struct rfl_model *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A new ceiling row, zeroed, spec NaN; NULL when out of memory. */
struct rfl_ceiling *rfl_model_add_ceiling(struct rfl_model *m);

/* The roofline an application point sits under: the lower of its memory
 * level's line (the given level, else the slowest level measured) and the
 * peak of its precision (else the top peak). 0 when the model has neither. */
double rfl_app_attainable(const struct rfl_model *m, const struct rfl_app *a, char *bound, size_t len);

/* "L1", "L2" ... (hwloc's level numbers) or "DRAM" for level index ncache. */
void rfl_level_name(const struct rfl_model *m, unsigned level, char *buf, size_t len);

/* The best point so far of a device's flops series (*best NULL: none yet,
 * else its point *row): any point of f above it takes its place. */
void rfl_flops_best(const struct rfl_flops_series *f, const struct rfl_flops_series **best, size_t *row);

/* A fitted transfer bandwidth's provenance (the host link's, a GPU link's,
 * the network's): the sizes its fit covers, its points (negative: 0) and file. */
void rfl_ceiling_fit_span(struct rfl_ceiling *c, uint64_t bytes_min, uint64_t bytes_max, long points,
                          const char *file);

/* "GB/s" or "GFLOP/s"; the percent of the spec value (NaN: no spec). */
const char *rfl_ceiling_unit(const struct rfl_ceiling *c);
double rfl_ceiling_percent(const struct rfl_ceiling *c);

/* The top compute ceiling of a device (NULL: none) and of one precision. */
const struct rfl_ceiling *rfl_model_peak(const struct rfl_model *m, const char *device, const char *precision);

#endif
