/* What a run does, from a config file (config/default.conf is embedded in
 * the binary): which programs, in which mode, how many ranks, and the
 * machine's spec values for the textbook roofline. */
#ifndef RFL_DRIVER_SETTINGS_H
#define RFL_DRIVER_SETTINGS_H

#include <stdio.h>

#include "common/config_file.h"

enum rfl_mode { RFL_MODE_STANDARD, RFL_MODE_QUICK, RFL_MODE_FULL, RFL_NMODES };
extern const char *const rfl_mode_names[RFL_NMODES + 1];

/* The programs `rfl run` knows. Adding one is a row here (and a source in
 * sources.c for what its CSV contributes). */
struct rfl_program {
    const char *name;    /* config key prefix and step name */
    const char *binary;  /* found next to the rfl executable */
    const char *csv;     /* what it is told to write (-o): a file, or a prefix (gpu_micro) */
    const char *outputs; /* fnmatch(3) pattern of the CSV files it writes, each with a sidecar
                          * (NAME.json, or the main file's for companions like gemm_mix.csv) */
    int gpu;             /* needs a CUDA GPU to run */
    int mpi;             /* runs under mpiexec with --ranks */
};
enum { RFL_NPROGRAMS = 7 };
extern const struct rfl_program rfl_programs[RFL_NPROGRAMS];
extern const char *const rfl_program_names[RFL_NPROGRAMS + 1];

/* Spec (textbook) values. Bandwidth levels by name; 0 = not given. */
enum rfl_spec_level { RFL_SPEC_L1, RFL_SPEC_L2, RFL_SPEC_L3, RFL_SPEC_DRAM, RFL_NSPEC_LEVELS };
extern const char *const rfl_spec_level_names[RFL_NSPEC_LEVELS]; /* "L1" ... "DRAM" */
enum rfl_spec_precision { RFL_SPEC_FP64, RFL_SPEC_FP32, RFL_NSPEC_PRECISIONS };
extern const char *const rfl_spec_precision_names[RFL_NSPEC_PRECISIONS]; /* "fp64", "fp32" */

struct rfl_settings {
    int mode;                 /* enum rfl_mode */
    unsigned programs;        /* bitmask over rfl_programs */
    unsigned ranks;
    unsigned threads;         /* OpenMP threads per rank; 0: the programs' default */
    char *mpiexec_args;       /* extra mpiexec arguments (e.g. --mca btl self,vader) */
    char *results_dir;
    char *machine;            /* label on charts; empty: the host name */
    char *app;                /* application points CSV; empty: none */
    char *args[RFL_NPROGRAMS][RFL_NMODES];
    unsigned bandwidth_kernels; /* bitmask over rfl_bw_kernel_names; 0 never (all) */
    double spec_clock_ghz;
    unsigned spec_cores;
    double spec_gbytes_per_s[RFL_NSPEC_LEVELS];
    double spec_bytes_per_cycle[RFL_NSPEC_LEVELS]; /* per core; DRAM unused */
    double spec_gflops_per_s[RFL_NSPEC_PRECISIONS];
    double spec_flops_per_cycle[RFL_NSPEC_PRECISIONS]; /* per core */
};

/* The embedded config/default.conf (generated at build time). */
extern const char rfl_default_conf[];

/* Zeroes `s` and applies the embedded default. 0, or -1 (a broken build). */
int rfl_settings_init(struct rfl_settings *s);
/* Applies a config file on top of what `s` holds. -1 after one error line. */
int rfl_settings_load(struct rfl_settings *s, const char *path);
int rfl_settings_load_string(struct rfl_settings *s, const char *name, const char *text);
/* Writes every key with its value, so the file reproduces `s` exactly. */
void rfl_settings_write(const struct rfl_settings *s, FILE *out);
void rfl_settings_free(struct rfl_settings *s);
/* The arguments of a program in the current mode (may be ""). */
const char *rfl_settings_args(const struct rfl_settings *s, int program);

#endif
