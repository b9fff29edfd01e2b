/* The programs `rfl run` knows, as one table: its config key, its binary,
 * what it writes, whether it needs a GPU and whether it runs under mpiexec.
 * What its CSV files contribute is the rows of the sources table
 * (ceilings/sources.c) whose program is its binary: each names the file
 * pattern, the columns and the loader in ceilings/.  Adding a program is its
 * folder, its loader, its chart rows (plot/charts.c), one row here and one
 * block in Makefile.am. */
#ifndef RFL_DRIVER_PROGRAMS_H
#define RFL_DRIVER_PROGRAMS_H

/* What a program needs of the node: a GPU or not, and how it runs under the launcher. */
enum rfl_program_gpu {
    RFL_PROGRAM_CPU = 0,      /* no GPU */
    RFL_PROGRAM_GPU = 1,      /* a CUDA GPU (under rfl run --ranks N, one rank per GPU) */
    RFL_PROGRAM_ALL_GPUS = 2, /* 2 or more, all driven from one process, never under the launcher */
};
enum rfl_program_mpi {
    RFL_PROGRAM_SERIAL = 0,    /* never under mpiexec */
    RFL_PROGRAM_MPI = 1,       /* under mpiexec with --ranks */
    RFL_PROGRAM_MPI_PAIRS = 2, /* only so, with 2 or more ranks */
};

struct rfl_program {
    const char *name;    /* config key prefix and step name */
    const char *binary;  /* found next to the rfl executable; the sidecar's "program" */
    const char *csv;     /* what it is told to write (-o): a file, or a prefix (gpu_micro) */
    const char *outputs; /* fnmatch(3) pattern of the CSV files it writes, each with a sidecar
                          * (NAME.json, or the main file's for companions like gemm_mix.csv) */
    enum rfl_program_gpu gpu; /* a step that lacks its GPUs is skipped, saying why (rfl_gpu_link: 2) */
    enum rfl_program_mpi mpi; /* a step that lacks its ranks is skipped, saying why (rfl_network) */
    int budget;          /* takes --time-budget SECONDS (rfl run --budget gives it its share) */
    /* What it costs without a budget, for sharing a budget among the steps
     * (driver/run_budget.c): seconds, plus seconds per MiB of the
     * last-level cache (the bandwidth sweep runs to a multiple of it). Only
     * the ratios between the programs that run matter. */
    double cost_s, cost_s_per_llc_mib;
};
enum { RFL_NPROGRAMS = 10 };
extern const struct rfl_program rfl_programs[RFL_NPROGRAMS];
extern const char *const rfl_program_names[RFL_NPROGRAMS + 1];

#endif
