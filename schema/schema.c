/* The tables of schema.h, each made from its .def by schema/kind.inc. */
#include "config.h"
#include "schema/schema.h"

#define RFL_SCHEMA_KIND bandwidth
#define RFL_SCHEMA_DEF "schema/bandwidth.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND flops
#define RFL_SCHEMA_DEF "schema/flops.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND ceilings
#define RFL_SCHEMA_DEF "schema/ceilings.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND compare
#define RFL_SCHEMA_DEF "schema/compare.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND applications
#define RFL_SCHEMA_DEF "schema/applications.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_bandwidth
#define RFL_SCHEMA_DEF "schema/gpu_bandwidth.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_flops
#define RFL_SCHEMA_DEF "schema/gpu_flops.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_launch
#define RFL_SCHEMA_DEF "schema/gpu_micro_launch.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_transfer
#define RFL_SCHEMA_DEF "schema/gpu_micro_transfer.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_transfer_fit
#define RFL_SCHEMA_DEF "schema/gpu_micro_transfer_fit.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_chase
#define RFL_SCHEMA_DEF "schema/gpu_micro_chase.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_pipeline
#define RFL_SCHEMA_DEF "schema/gpu_micro_pipeline.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_stride
#define RFL_SCHEMA_DEF "schema/gpu_micro_stride.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_micro_barrier
#define RFL_SCHEMA_DEF "schema/gpu_micro_barrier.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND unified_memory
#define RFL_SCHEMA_DEF "schema/unified_memory.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gemm
#define RFL_SCHEMA_DEF "schema/gemm.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gemm_mix
#define RFL_SCHEMA_DEF "schema/gemm_mix.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gemm_model
#define RFL_SCHEMA_DEF "schema/gemm_model.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND dense
#define RFL_SCHEMA_DEF "schema/dense.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND profile
#define RFL_SCHEMA_DEF "schema/profile.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND noise
#define RFL_SCHEMA_DEF "schema/noise.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND network
#define RFL_SCHEMA_DEF "schema/network.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND network_fit
#define RFL_SCHEMA_DEF "schema/network_fit.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_link
#define RFL_SCHEMA_DEF "schema/gpu_link.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_KIND gpu_link_fit
#define RFL_SCHEMA_DEF "schema/gpu_link_fit.def"
#include "schema/kind.inc"

#define RFL_SCHEMA_ADDRESS(kind) &rfl_schema_##kind,
const struct rfl_schema *const rfl_schemas[] = {RFL_SCHEMA_KINDS(RFL_SCHEMA_ADDRESS) NULL};

const char *const rfl_schema_bandwidth_kernels[RFL_SCHEMA_BANDWIDTH_NKERNELS + 1] = {
#define RFL_BANDWIDTH_KERNEL(id, name, arrays, reads, writes, nontemporal, formula) #name,
#include "schema/bandwidth_kernels.inc"
#undef RFL_BANDWIDTH_KERNEL
    NULL};

void rfl_schema_print_columns(FILE *out, const char *prefix, const char *mode, const char *const *names)
{
    fprintf(out, "%s%s%s.csv ", prefix, mode ? "_" : "", mode ? mode : "");
    for (size_t i = 0; names[i]; i++)
        fprintf(out, "%s%s", i ? "," : "", names[i]);
    fprintf(out, "\n");
}

void rfl_schema_print(FILE *out, const struct rfl_schema *schema)
{
    rfl_schema_print_columns(out, schema->stem, NULL, schema->names);
}

const char *rfl_schema_type_name(enum rfl_schema_type type)
{
    static const char *const names[] = {"text", "flag", "int", "u64", "real"};
    return (size_t)type < sizeof names / sizeof names[0] ? names[type] : "?";
}
