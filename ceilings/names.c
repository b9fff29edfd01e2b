/* The names the ceilings settings are given in. */
#include "config.h"
#include "settings.h"

#include <stddef.h>

const char *const rfl_spec_level_names[RFL_NSPEC_LEVELS] = {"L1", "L2", "L3", "DRAM"};
const char *const rfl_spec_precision_names[RFL_NSPEC_PRECISIONS] = {"fp64", "fp32"};
