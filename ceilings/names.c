/* The names the ceilings settings are given in. */
#include "config.h"
#include "settings.h"

#include <stddef.h>

const char *const rfl_spec_level_names[RFL_NSPEC_LEVELS] = {"L1", "L2", "L3", "DRAM"};
const char *const rfl_spec_precision_names[RFL_NSPEC_PRECISIONS] = {"fp64", "fp32"};

/* A copy of rfl_bw_kernel_names, so that rfl does not link the bandwidth
 * program for one table; tests/unit/test_ceilings.c checks they agree. */
const char *const rfl_ceilings_bw_kernel_names[RFL_CEILINGS_NBW_KERNELS + 1] = {
    "sum", "rmw", "copy", "copy_nt", "triad", "triad_nt", "write", "write_nt", NULL};
