/* One declaration per CSV kind. schema/KIND.def lists the columns of KIND.csv in the
 * order of the file, one line each:
 *
 *     RFL_COLUMN(name, type, unit, need)
 *
 * name: the header cell. type: how the writer writes a value: text, flag (0 or 1), int (a
 * signed integer), u64 (an unsigned one) or real (a number); an empty field is "not
 * measured" whatever the type. unit: docs/FORMAT.md's unit column ("" where it has none).
 * need: required (the ceilings reader refuses a file without it) or optional (the reader
 * accepts a file without it); a column the schema does not name is refused.
 *
 * The writer opens its CSV with rfl_schema_KIND_columns, --print-columns prints them,
 * the ceilings reader checks a file against _required and _optional, and
 * tests/format_columns.sh checks docs/FORMAT.md against every .def. */
#ifndef RFL_SCHEMA_H
#define RFL_SCHEMA_H

#include <stddef.h>
#include <stdio.h>

enum rfl_schema_type { RFL_SCHEMA_TEXT, RFL_SCHEMA_FLAG, RFL_SCHEMA_INT, RFL_SCHEMA_U64, RFL_SCHEMA_REAL };

struct rfl_schema {
    const char *stem;                   /* the file's default name without ".csv" */
    size_t count;                       /* columns */
    const char *const *names;           /* count names in file order, then NULL */
    const enum rfl_schema_type *types;  /* count */
    const char *const *units;           /* count; "" for none */
    const char *const *required;        /* in file order, then NULL */
    const char *const *optional;        /* in file order, then NULL */
};

/* Every kind, by the stem of its .def. */
#define RFL_SCHEMA_KINDS(X)   \
    X(bandwidth)              \
    X(flops)                  \
    X(ceilings)               \
    X(compare)                \
    X(applications)           \
    X(gpu_bandwidth)          \
    X(gpu_flops)              \
    X(gpu_micro_launch)       \
    X(gpu_micro_transfer)     \
    X(gpu_micro_transfer_fit) \
    X(gpu_micro_chase)        \
    X(gpu_micro_pipeline)     \
    X(gpu_micro_stride)       \
    X(gpu_micro_barrier)      \
    X(unified_memory)         \
    X(gemm)                   \
    X(gemm_mix)               \
    X(gemm_model)             \
    X(dense)                  \
    X(profile)                \
    X(noise)                  \
    X(network)                \
    X(network_fit)            \
    X(gpu_link)               \
    X(gpu_link_fit)

#define RFL_SCHEMA_DECLARE(kind)                                                                  \
    extern const struct rfl_schema rfl_schema_##kind;                                             \
    extern const char *const rfl_schema_##kind##_columns[], *const rfl_schema_##kind##_required[], \
        *const rfl_schema_##kind##_optional[];
RFL_SCHEMA_KINDS(RFL_SCHEMA_DECLARE)
#undef RFL_SCHEMA_DECLARE

/* Every kind's descriptor, in RFL_SCHEMA_KINDS order, then NULL. */
extern const struct rfl_schema *const rfl_schemas[];

/* The column counts as constants, for static initializers. */
#define RFL_COLUMN(name, type, unit, need) +1
enum {
    RFL_SCHEMA_BANDWIDTH_NCOLUMNS = 0
#include "schema/bandwidth.def"
    ,
    RFL_SCHEMA_FLOPS_NCOLUMNS = 0
#include "schema/flops.def"
    ,
    RFL_SCHEMA_CEILINGS_NCOLUMNS = 0
#include "schema/ceilings.def"
    ,
    RFL_SCHEMA_COMPARE_NCOLUMNS = 0
#include "schema/compare.def"
    ,
    RFL_SCHEMA_APPLICATIONS_NCOLUMNS = 0
#include "schema/applications.def"
    ,
    RFL_SCHEMA_GPU_BANDWIDTH_NCOLUMNS = 0
#include "schema/gpu_bandwidth.def"
    ,
    RFL_SCHEMA_GPU_FLOPS_NCOLUMNS = 0
#include "schema/gpu_flops.def"
    ,
    RFL_SCHEMA_GPU_MICRO_LAUNCH_NCOLUMNS = 0
#include "schema/gpu_micro_launch.def"
    ,
    RFL_SCHEMA_GPU_MICRO_TRANSFER_NCOLUMNS = 0
#include "schema/gpu_micro_transfer.def"
    ,
    RFL_SCHEMA_GPU_MICRO_TRANSFER_FIT_NCOLUMNS = 0
#include "schema/gpu_micro_transfer_fit.def"
    ,
    RFL_SCHEMA_GPU_MICRO_CHASE_NCOLUMNS = 0
#include "schema/gpu_micro_chase.def"
    ,
    RFL_SCHEMA_GPU_MICRO_PIPELINE_NCOLUMNS = 0
#include "schema/gpu_micro_pipeline.def"
    ,
    RFL_SCHEMA_GPU_MICRO_STRIDE_NCOLUMNS = 0
#include "schema/gpu_micro_stride.def"
    ,
    RFL_SCHEMA_GPU_MICRO_BARRIER_NCOLUMNS = 0
#include "schema/gpu_micro_barrier.def"
    ,
    RFL_SCHEMA_UNIFIED_MEMORY_NCOLUMNS = 0
#include "schema/unified_memory.def"
    ,
    RFL_SCHEMA_GEMM_NCOLUMNS = 0
#include "schema/gemm.def"
    ,
    RFL_SCHEMA_GEMM_MIX_NCOLUMNS = 0
#include "schema/gemm_mix.def"
    ,
    RFL_SCHEMA_GEMM_MODEL_NCOLUMNS = 0
#include "schema/gemm_model.def"
    ,
    RFL_SCHEMA_DENSE_NCOLUMNS = 0
#include "schema/dense.def"
    ,
    RFL_SCHEMA_PROFILE_NCOLUMNS = 0
#include "schema/profile.def"
    ,
    RFL_SCHEMA_NOISE_NCOLUMNS = 0
#include "schema/noise.def"
    ,
    RFL_SCHEMA_NETWORK_NCOLUMNS = 0
#include "schema/network.def"
    ,
    RFL_SCHEMA_NETWORK_FIT_NCOLUMNS = 0
#include "schema/network_fit.def"
    ,
    RFL_SCHEMA_GPU_LINK_NCOLUMNS = 0
#include "schema/gpu_link.def"
    ,
    RFL_SCHEMA_GPU_LINK_FIT_NCOLUMNS = 0
#include "schema/gpu_link_fit.def"
    ,
};
#undef RFL_COLUMN

/* The values bandwidth.csv's `kernel` column may hold, in rfl_bandwidth's kernel order: the
 * rows of schema/bandwidth_kernels.inc, which bandwidth/kernels.c makes its kernel table of. */
#define RFL_BANDWIDTH_KERNEL(id, name, arrays, reads, writes, nontemporal, formula) +1
enum {
    RFL_SCHEMA_BANDWIDTH_NKERNELS = 0
#include "schema/bandwidth_kernels.inc"
};
#undef RFL_BANDWIDTH_KERNEL
extern const char *const rfl_schema_bandwidth_kernels[RFL_SCHEMA_BANDWIDTH_NKERNELS + 1];

/* --print-columns: one line "FILE name,name,...", FILE being PREFIX_MODE.csv, or PREFIX.csv
 * when MODE is NULL; NAMES ends with NULL. */
void rfl_schema_print_columns(FILE *out, const char *prefix, const char *mode, const char *const *names);
/* The same under the kind's default name: "STEM.csv name,name,...". */
void rfl_schema_print(FILE *out, const struct rfl_schema *schema);

/* "text", "flag", "int", "u64" or "real": the type as a .def writes it. */
const char *rfl_schema_type_name(enum rfl_schema_type type);

#endif
