/* What the values the GPU programs' CSVs name mean, declared once for the programs, the
 * kernels (.cu), ceilings/ and plot/ (through ceilings/gpu.h): the element types, the memory
 * levels, rfl_gpu_bandwidth's accesses and kernels, and the L2 band rule.
 *
 * Each table is a file of rows, one X-macro call per row as schema/KIND.def's columns are:
 * schema/gpu_precisions.inc, gpu_levels.inc, gpu_accesses.inc and gpu_kernels.inc (and, for the
 * CPU programs, bandwidth_kernels.inc and flops_variants.inc, made into their tables by
 * bandwidth/kernels.c, flops/kernels.c and schema.c). The enums and masks are made here, the
 * tables and the lookups by name (a search over a table, never a list of names written out)
 * in kernels.c. Plain C that nvcc reads too. Adding a kernel: docs/ARCHITECTURE.md, "Adding a
 * GPU kernel". */
#ifndef RFL_SCHEMA_KERNELS_H
#define RFL_SCHEMA_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- element types (schema/gpu_precisions.inc) ---- */

enum rfl_gpu_precision {
#define RFL_GPU_PRECISION(id, name, bytes, per_word, bandwidth) RFL_GPU_##id,
#include "schema/gpu_precisions.inc"
#undef RFL_GPU_PRECISION
    RFL_GPU_NPRECISION
};

struct rfl_gpu_precision_info {
    const char *name;  /* "fp64": the value in the files, the compute ceiling's name */
    unsigned bytes;    /* one scalar's */
    unsigned per_word; /* scalars in one word of rfl_gpu_flops (half2: 2) */
    int bandwidth;     /* rfl_gpu_bandwidth has 16-byte kernels for it */
};
extern const struct rfl_gpu_precision_info rfl_gpu_precisions[RFL_GPU_NPRECISION];
/* Names, NULL-terminated, for option tables (an option's bit i is precision i): every
 * precision; rfl_gpu_bandwidth's (the rows with `bandwidth`, which come first). */
extern const char *const rfl_gpu_precision_list[RFL_GPU_NPRECISION + 1];
extern const char *const rfl_gbw_precision_list[RFL_GPU_NPRECISION + 1];
/* The precision of a name; RFL_GPU_NPRECISION: none. */
int rfl_gpu_precision_of(const char *name);

/* ---- memory levels (schema/gpu_levels.inc) ---- */

/* Fastest first. RFL_GPU_NO_LEVEL: a span of a curve that names no level (an L1-allocating
 * kernel between the aggregate L1 and the L2: partly L1 hits). */
enum rfl_gpu_level {
    RFL_GPU_NO_LEVEL = -1,
#define RFL_GPU_LEVEL(id, name, column) RFL_GPU_##id,
#include "schema/gpu_levels.inc"
#undef RFL_GPU_LEVEL
    RFL_GPU_NLEVELS
};
/* gpu_bandwidth.csv's `level` where a working set names no level. */
#define RFL_GPU_NO_LEVEL_COLUMN "l1_l2"

extern const char *const rfl_gpu_level_names[RFL_GPU_NLEVELS];   /* "shared", "L1", "L2", "device memory" */
extern const char *const rfl_gpu_level_columns[RFL_GPU_NLEVELS]; /* "shared", "l1", "l2", "device_memory" */
/* The level of a ceiling's name ("L2"), of a `level` value ("l2"); RFL_GPU_NO_LEVEL: none. */
enum rfl_gpu_level rfl_gpu_level_named(const char *name);
enum rfl_gpu_level rfl_gpu_level_of_column(const char *column);
/* gpu_bandwidth.csv's `level` of a level, RFL_GPU_NO_LEVEL_COLUMN for RFL_GPU_NO_LEVEL. */
const char *rfl_gpu_level_column(enum rfl_gpu_level level);

/* The host link's bandwidth roofs: RFL_GPU_HOST_LINK " h2d" and " d2h". */
#define RFL_GPU_HOST_LINK "host link"
/* The colour role of a GPU bandwidth roof on a chart, by its name: a level's is its index,
 * both host link roofs share RFL_GPU_ROLE_HOST_LINK, any other name is RFL_GPU_ROLE_OTHER. */
enum { RFL_GPU_ROLE_HOST_LINK = RFL_GPU_NLEVELS, RFL_GPU_ROLE_OTHER, RFL_GPU_NROLES };
int rfl_gpu_roof_role(const char *name);

/* ---- the L2 band ---- */

/* The band of data sets from which a GPU's L2 ceiling is taken, the one rule
 * rfl_gpu_bandwidth's evidence and the ceilings apply: rows of the kernels that skip L1 and
 * read distinct data in every block (RFL_GBW_L2_CEILING_KERNELS below) with a data set past
 * L2/8 and at most L2/2. Below L2/8 a block's share is a few loads per thread and the old
 * per-block chunk kernel read 18 TB/s there (blocks sharing chunks). Past L2/2 the rows are
 * drawn and reported, not the ceiling (Hopper's L2 is two partitions; Nsight Compute saw no
 * traffic between them under rfl's L2 kernels within L2/2, docs/PERFORMANCE.md). */
#define RFL_L2_BAND_LOW_DIV 8.0  /* the band starts past L2 / 8 */
#define RFL_L2_BAND_HIGH_DIV 2.0 /* and ends at L2 / 2 (inclusive) */

/* 1 when `wss` bytes lie in the band of an L2 of `l2` bytes. */
static inline int rfl_l2_band_holds(double l2, double wss)
{
    return l2 > 0 && wss > l2 / RFL_L2_BAND_LOW_DIV && wss <= l2 / RFL_L2_BAND_HIGH_DIV;
}

/* ---- rfl_gpu_bandwidth's accesses (schema/gpu_accesses.inc) ---- */

enum rfl_gbw_access {
#define RFL_GPU_ACCESS(id, name, loads, stores, arrays, formula) RFL_GBW_##id,
#include "schema/gpu_accesses.inc"
#undef RFL_GPU_ACCESS
    RFL_GBW_NACCESS
};
/* The bit of an access in a kernel's `accesses`; every access. */
#define RFL_GBW_ON(access) (1u << RFL_GBW_##access)
#define RFL_GBW_ON_ALL ((1u << RFL_GBW_NACCESS) - 1u)

struct rfl_gbw_access_info {
    const char *name;              /* "read" */
    unsigned loads, stores;        /* 16-byte vectors per vector of an array in a trial */
    unsigned arrays;               /* in the working set */
    const char *formula;
};
extern const struct rfl_gbw_access_info rfl_gbw_accesses[RFL_GBW_NACCESS];
extern const char *const rfl_gbw_access_names[RFL_GBW_NACCESS + 1]; /* NULL-terminated */
/* The access of a name; RFL_GBW_NACCESS: none. */
int rfl_gbw_access_of(const char *name);

/* ---- rfl_gpu_bandwidth's kernels (schema/gpu_kernels.inc) ---- */

/* Where a kernel's data goes, which cuts its curve into levels (by the device's sizes). */
enum rfl_gpu_path {
    RFL_GPU_PATH_SHARED, /* a tile in shared memory: the shared-memory level at every working set */
    RFL_GPU_PATH_L1,     /* loads that allocate in L1: L1 up to SMs x L1, no level up to the L2
                            (most loads still hit in L1), then device memory */
    RFL_GPU_PATH_SM_L1,  /* one set every SM reads whole (the working set is per SM): L1 up to one
                            SM's L1, no level up to the L2, then device memory */
    RFL_GPU_PATH_L2      /* L1 skipped (its loads, copies and stores): L2, then device memory */
};

enum rfl_gbw_kernel {
#define RFL_GPU_KERNEL(id, name, lo, path, sets, accesses, trials_inside, unrolled, drawn, description) \
    RFL_GBW_##id,
#include "schema/gpu_kernels.inc"
#undef RFL_GPU_KERNEL
    RFL_GBW_NKERNELS
};

struct rfl_gbw_kernel_info {
    const char *name;         /* "global_inside": the value in the file and of --kernels */
    const char *lo_kernel;    /* "A", "B", "C" or "-" */
    enum rfl_gpu_path path;
    enum rfl_gpu_level sets;  /* the first level whose ceiling its rows may set; NO_LEVEL: drawn only */
    unsigned accesses;        /* RFL_GBW_ON(...) of those it runs */
    int trials_inside;        /* one launch runs every trial of a sample (the SM clock is recorded) */
    int unrolled;             /* takes --unroll and --l2-loads */
    const char *drawn;        /* sets no ceiling: why, after its name in the ceilings' note */
    const char *description;  /* the sidecar's */
};
extern const struct rfl_gbw_kernel_info rfl_gbw_kernels[RFL_GBW_NKERNELS];
extern const char *const rfl_gbw_kernel_names[RFL_GBW_NKERNELS + 1]; /* NULL-terminated */
/* The kernel of a name; RFL_GBW_NKERNELS: none (a file of another version). */
int rfl_gbw_kernel_of(const char *name);

/* Bits (1u << kernel) of the kernels that take --unroll and --l2-loads, and of those whose
 * rows in the L2 band (rfl_l2_band_holds) make the L2 ceiling: they skip L1 (path L2) and
 * may set the L2's (sets L2), reading distinct data in every block. */
enum {
    RFL_GBW_UNROLLED_KERNELS = 0
#define RFL_GPU_KERNEL(id, name, lo, path, sets, accesses, trials_inside, unrolled, drawn, description) \
    | ((unrolled) << RFL_GBW_##id)
#include "schema/gpu_kernels.inc"
#undef RFL_GPU_KERNEL
    ,
    RFL_GBW_L2_CEILING_KERNELS = 0
#define RFL_GPU_KERNEL(id, name, lo, path, sets, accesses, trials_inside, unrolled, drawn, description) \
    | ((RFL_GPU_PATH_##path == RFL_GPU_PATH_L2 && RFL_GPU_##sets == RFL_GPU_L2) << RFL_GBW_##id)
#include "schema/gpu_kernels.inc"
#undef RFL_GPU_KERNEL
};

/* Whether kernel k runs access a (0 for a kernel or access not in the tables). */
static inline int rfl_gbw_runs(int k, int a)
{
    return k >= 0 && k < (int)RFL_GBW_NKERNELS && a >= 0 && a < (int)RFL_GBW_NACCESS &&
           (rfl_gbw_kernels[k].accesses >> a & 1u);
}

/* Whether kernel k's L2 rows count for the L2 ceiling (within the band only). */
static inline int rfl_gbw_l2_band_kernel(int k)
{
    return k >= 0 && k < (int)RFL_GBW_NKERNELS && ((unsigned)RFL_GBW_L2_CEILING_KERNELS >> k & 1u);
}

#ifdef __cplusplus
}
#endif

#endif
