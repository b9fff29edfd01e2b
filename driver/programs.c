#include "config.h"
#include "programs.h"

#include <stddef.h>

/* Costs: the quick pass on a 2-core machine with a 32 MiB L3 (bandwidth and
 * flops), a 260 MiB L3 (bandwidth: 97 s) and an H100 host (the GPU steps). */
const struct rfl_program rfl_programs[RFL_NPROGRAMS] = {
    {.name = "bandwidth", .binary = "rfl_bandwidth", .csv = "bandwidth.csv", .outputs = "bandwidth.csv",
     .gpu = RFL_PROGRAM_CPU, .mpi = RFL_PROGRAM_MPI, .budget = 1, .cost_s = 20, .cost_s_per_llc_mib = 0.3},
    {.name = "flops", .binary = "rfl_flops", .csv = "flops.csv", .outputs = "flops.csv",
     .gpu = RFL_PROGRAM_CPU, .mpi = RFL_PROGRAM_MPI, .budget = 1, .cost_s = 20, .cost_s_per_llc_mib = 0},
    {.name = "gpu_bandwidth", .binary = "rfl_gpu_bandwidth", .csv = "gpu_bandwidth.csv", .outputs = "gpu_bandwidth.csv",
     .gpu = RFL_PROGRAM_GPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 20, .cost_s_per_llc_mib = 0},
    {.name = "gpu_flops", .binary = "rfl_gpu_flops", .csv = "gpu_flops.csv", .outputs = "gpu_flops.csv",
     .gpu = RFL_PROGRAM_GPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 10, .cost_s_per_llc_mib = 0},
    /* -o is a prefix: gpu_micro_MODE.csv (+ gpu_micro_transfer_fit.csv), each with its sidecar */
    {.name = "gpu_micro", .binary = "rfl_gpu_micro", .csv = "gpu_micro", .outputs = "gpu_micro_*.csv",
     .gpu = RFL_PROGRAM_GPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 20, .cost_s_per_llc_mib = 0},
    {.name = "unified_memory", .binary = "rfl_unified_memory", .csv = "unified_memory.csv", .outputs = "unified_memory.csv",
     .gpu = RFL_PROGRAM_GPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 15, .cost_s_per_llc_mib = 0},
    /* gemm.csv, gemm_mix.csv and gemm_model.csv share gemm.json */
    {.name = "gemm", .binary = "rfl_gemm", .csv = "gemm.csv", .outputs = "gemm*.csv",
     .gpu = RFL_PROGRAM_GPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 20, .cost_s_per_llc_mib = 0},
    /* network.csv + network_fit.csv share network.json; needs --ranks 2 or more; no --time-budget
     * (its quick pass, rank 0 with each other rank, takes a few seconds a pair) */
    {.name = "network", .binary = "rfl_network", .csv = "network.csv", .outputs = "network*.csv",
     .gpu = RFL_PROGRAM_CPU, .mpi = RFL_PROGRAM_MPI_PAIRS, .budget = 0, .cost_s = 5, .cost_s_per_llc_mib = 0},
    /* gpu_link.csv + gpu_link_fit.csv share gpu_link.json; one process drives every GPU (no mpiexec);
     * needs 2 or more GPUs (gpu 2: the step is skipped otherwise, saying why) */
    {.name = "gpu_link", .binary = "rfl_gpu_link", .csv = "gpu_link.csv", .outputs = "gpu_link*.csv",
     .gpu = RFL_PROGRAM_ALL_GPUS, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 10, .cost_s_per_llc_mib = 0},
    /* not a GPU step: without a GPU it runs the host's LAPACK alone; rank 0 measures (the BLAS
     * uses every core), so never under mpiexec */
    {.name = "dense", .binary = "rfl_dense", .csv = "dense.csv", .outputs = "dense.csv",
     .gpu = RFL_PROGRAM_CPU, .mpi = RFL_PROGRAM_SERIAL, .budget = 1, .cost_s = 10, .cost_s_per_llc_mib = 0},
};
const char *const rfl_program_names[RFL_NPROGRAMS + 1] = {
    "bandwidth", "flops", "gpu_bandwidth", "gpu_flops", "gpu_micro", "unified_memory", "gemm", "network", "gpu_link", "dense", NULL};
