#include "config.h"
#include "programs.h"

#include <stddef.h>

/* Costs: the quick pass on a 2-core machine with a 32 MiB L3 (bandwidth and
 * flops), a 260 MiB L3 (bandwidth: 97 s) and an H100 host (the GPU steps). */
const struct rfl_program rfl_programs[RFL_NPROGRAMS] = {
    {"bandwidth", "rfl_bandwidth", "bandwidth.csv", "bandwidth.csv", 0, 1, 1, 20, 0.3},
    {"flops", "rfl_flops", "flops.csv", "flops.csv", 0, 1, 1, 20, 0},
    {"gpu_bandwidth", "rfl_gpu_bandwidth", "gpu_bandwidth.csv", "gpu_bandwidth.csv", 1, 0, 1, 20, 0},
    {"gpu_flops", "rfl_gpu_flops", "gpu_flops.csv", "gpu_flops.csv", 1, 0, 1, 10, 0},
    /* -o is a prefix: gpu_micro_MODE.csv (+ gpu_micro_transfer_fit.csv), each with its sidecar */
    {"gpu_micro", "rfl_gpu_micro", "gpu_micro", "gpu_micro_*.csv", 1, 0, 1, 20, 0},
    {"unified_memory", "rfl_unified_memory", "unified_memory.csv", "unified_memory.csv", 1, 0, 1, 15, 0},
    /* gemm.csv, gemm_mix.csv and gemm_model.csv share gemm.json */
    {"gemm", "rfl_gemm", "gemm.csv", "gemm*.csv", 1, 0, 1, 20, 0},
    /* network.csv + network_fit.csv share network.json; needs --ranks 2 or more; no --time-budget
     * (its quick pass, rank 0 with each other rank, takes a few seconds a pair) */
    {"network", "rfl_network", "network.csv", "network*.csv", 0, 2, 0, 5, 0},
    /* gpu_link.csv + gpu_link_fit.csv share gpu_link.json; one process drives every GPU (no mpiexec);
     * needs 2 or more GPUs (gpu 2: the step is skipped otherwise, saying why) */
    {"gpu_link", "rfl_gpu_link", "gpu_link.csv", "gpu_link*.csv", 2, 0, 1, 10, 0},
    /* not a GPU step: without a GPU it runs the host's LAPACK alone; rank 0 measures (the BLAS
     * uses every core), so never under mpiexec */
    {"dense", "rfl_dense", "dense.csv", "dense.csv", 0, 0, 1, 10, 0},
};
const char *const rfl_program_names[RFL_NPROGRAMS + 1] = {
    "bandwidth", "flops", "gpu_bandwidth", "gpu_flops", "gpu_micro", "unified_memory", "gemm", "network", "gpu_link", "dense", NULL};
