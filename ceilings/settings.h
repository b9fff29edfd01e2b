/* What the ceilings take from a run's config: the machine's label, which
 * bandwidth kernels may set a ceiling, and the spec (textbook) values.
 * The `rfl` command's settings (driver/settings.h) hold one of these and
 * parse its keys; ceilings/ needs nothing else from the driver. */
#ifndef RFL_CEILINGS_SETTINGS_H
#define RFL_CEILINGS_SETTINGS_H

/* Spec (textbook) values. Bandwidth levels by name; 0 = not given. */
enum rfl_spec_level { RFL_SPEC_L1, RFL_SPEC_L2, RFL_SPEC_L3, RFL_SPEC_DRAM, RFL_NSPEC_LEVELS };
extern const char *const rfl_spec_level_names[RFL_NSPEC_LEVELS]; /* "L1" ... "DRAM" */
enum rfl_spec_precision { RFL_SPEC_FP64, RFL_SPEC_FP32, RFL_NSPEC_PRECISIONS };
extern const char *const rfl_spec_precision_names[RFL_NSPEC_PRECISIONS]; /* "fp64", "fp32" */

struct rfl_ceilings_settings {
    char *machine;              /* label on charts; empty: the host name */
    unsigned bandwidth_kernels; /* bitmask over rfl_schema_bandwidth_kernels; 0 never (all) */
    double spec_clock_ghz;
    unsigned spec_cores;
    double spec_gbytes_per_s[RFL_NSPEC_LEVELS];
    double spec_bytes_per_cycle[RFL_NSPEC_LEVELS]; /* per core; DRAM unused */
    double spec_gflops_per_s[RFL_NSPEC_PRECISIONS];
    double spec_flops_per_cycle[RFL_NSPEC_PRECISIONS]; /* per core */
};

#endif
