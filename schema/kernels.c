/* The tables of schema/kernels.h, each made from its file of rows, and the lookups by name:
 * a search over a table. */
#include "config.h"
#include "schema/kernels.h"

#include <stddef.h>
#include <string.h>

/* ---- element types ---- */

const struct rfl_gpu_precision_info rfl_gpu_precisions[RFL_GPU_NPRECISION] = {
#define RFL_GPU_PRECISION(id, name_, bytes_, per_word_, bandwidth_)                                        \
    [RFL_GPU_##id] = {.name = #name_, .bytes = bytes_, .per_word = per_word_, .bandwidth = bandwidth_},
#include "schema/gpu_precisions.inc"
#undef RFL_GPU_PRECISION
};

const char *const rfl_gpu_precision_list[RFL_GPU_NPRECISION + 1] = {
#define RFL_GPU_PRECISION(id, name, bytes, per_word, bandwidth) [RFL_GPU_##id] = #name,
#include "schema/gpu_precisions.inc"
#undef RFL_GPU_PRECISION
    [RFL_GPU_NPRECISION] = NULL};

/* bandwidth -> the name in the list or not (the rows with it come first) */
#define RFL_GBW_IF_1(name) name,
#define RFL_GBW_IF_0(name)
const char *const rfl_gbw_precision_list[RFL_GPU_NPRECISION + 1] = {
#define RFL_GPU_PRECISION(id, name, bytes, per_word, bandwidth) RFL_GBW_IF_##bandwidth(#name)
#include "schema/gpu_precisions.inc"
#undef RFL_GPU_PRECISION
    NULL};

int rfl_gpu_precision_of(const char *name)
{
    int p = 0;
    while (p < RFL_GPU_NPRECISION && strcmp(rfl_gpu_precisions[p].name, name) != 0)
        p++;
    return p;
}

/* ---- memory levels ---- */

const char *const rfl_gpu_level_names[RFL_GPU_NLEVELS] = {
#define RFL_GPU_LEVEL(id, name, column) [RFL_GPU_##id] = name,
#include "schema/gpu_levels.inc"
#undef RFL_GPU_LEVEL
};

const char *const rfl_gpu_level_columns[RFL_GPU_NLEVELS] = {
#define RFL_GPU_LEVEL(id, name, column) [RFL_GPU_##id] = #column,
#include "schema/gpu_levels.inc"
#undef RFL_GPU_LEVEL
};

static enum rfl_gpu_level level_in(const char *const *names, const char *name)
{
    for (int L = 0; L < RFL_GPU_NLEVELS; L++)
        if (strcmp(names[L], name) == 0)
            return (enum rfl_gpu_level)L;
    return RFL_GPU_NO_LEVEL;
}

enum rfl_gpu_level rfl_gpu_level_named(const char *name) { return level_in(rfl_gpu_level_names, name); }

enum rfl_gpu_level rfl_gpu_level_of_column(const char *column) { return level_in(rfl_gpu_level_columns, column); }

const char *rfl_gpu_level_column(enum rfl_gpu_level level)
{
    return level >= 0 && level < RFL_GPU_NLEVELS ? rfl_gpu_level_columns[level] : RFL_GPU_NO_LEVEL_COLUMN;
}

int rfl_gpu_roof_role(const char *name)
{
    const enum rfl_gpu_level L = rfl_gpu_level_named(name);
    if (L != RFL_GPU_NO_LEVEL)
        return L;
    const size_t n = strlen(RFL_GPU_HOST_LINK);
    if (strncmp(name, RFL_GPU_HOST_LINK, n) == 0 && (!strcmp(name + n, " h2d") || !strcmp(name + n, " d2h")))
        return RFL_GPU_ROLE_HOST_LINK;
    return RFL_GPU_ROLE_OTHER;
}

/* ---- rfl_gpu_bandwidth's accesses ---- */

const struct rfl_gbw_access_info rfl_gbw_accesses[RFL_GBW_NACCESS] = {
#define RFL_GPU_ACCESS(id, name_, loads_, stores_, arrays_, formula_)                                      \
    [RFL_GBW_##id] = {.name = #name_, .loads = loads_, .stores = stores_, .arrays = arrays_, .formula = formula_},
#include "schema/gpu_accesses.inc"
#undef RFL_GPU_ACCESS
};

const char *const rfl_gbw_access_names[RFL_GBW_NACCESS + 1] = {
#define RFL_GPU_ACCESS(id, name, loads, stores, arrays, formula) [RFL_GBW_##id] = #name,
#include "schema/gpu_accesses.inc"
#undef RFL_GPU_ACCESS
    [RFL_GBW_NACCESS] = NULL};

int rfl_gbw_access_of(const char *name)
{
    int a = 0;
    while (a < RFL_GBW_NACCESS && strcmp(rfl_gbw_access_names[a], name) != 0)
        a++;
    return a;
}

/* ---- rfl_gpu_bandwidth's kernels ---- */

const struct rfl_gbw_kernel_info rfl_gbw_kernels[RFL_GBW_NKERNELS] = {
#define RFL_GPU_KERNEL(id, name_, lo, path_, sets_, accesses_, trials_inside_, unrolled_, drawn_, description_) \
    [RFL_GBW_##id] = {.name = #name_,                                                                        \
                      .lo_kernel = lo,                                                                       \
                      .path = RFL_GPU_PATH_##path_,                                                          \
                      .sets = RFL_GPU_##sets_,                                                               \
                      .accesses = accesses_,                                                                 \
                      .trials_inside = trials_inside_,                                                       \
                      .unrolled = unrolled_,                                                                 \
                      .drawn = drawn_,                                                                       \
                      .description = description_},
#include "schema/gpu_kernels.inc"
#undef RFL_GPU_KERNEL
};

const char *const rfl_gbw_kernel_names[RFL_GBW_NKERNELS + 1] = {
#define RFL_GPU_KERNEL(id, name, lo, path, sets, accesses, trials_inside, unrolled, drawn, description) \
    [RFL_GBW_##id] = #name,
#include "schema/gpu_kernels.inc"
#undef RFL_GPU_KERNEL
    [RFL_GBW_NKERNELS] = NULL};

int rfl_gbw_kernel_of(const char *name)
{
    int k = 0;
    while (k < RFL_GBW_NKERNELS && strcmp(rfl_gbw_kernel_names[k], name) != 0)
        k++;
    return k;
}
