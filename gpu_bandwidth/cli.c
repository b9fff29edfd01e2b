#include "config.h"
#include "gpu_bandwidth/gpu_bandwidth.h"
#include "gpu_bandwidth/kernels.h"
#include "common/options.h"

#include <string.h>

/* The kernels, accesses and precisions (their names, for --kernels, --access and
 * --precision) are the tables of schema/kernels.h. */
const char *const rfl_gbw_unroll_names[] = {"auto", "4", "8", "16", NULL};
const char *const rfl_gbw_l2_load_names[] = {"cg", "nc", NULL};

void rfl_gpu_bandwidth_defaults(struct rfl_gpu_bandwidth_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gpu_bandwidth.csv";
}

int rfl_gpu_bandwidth_parse(struct rfl_gpu_bandwidth_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        RFL_OPTION_WSS(o->wss, "working set per GPU, swept geometrically (default 4K:4G; --quick 64K:1G), at most "
                               "the memory limit, plus the sizes within it placed from the device: 0.25-0.75 of one "
                               "SM's L1, 0.25-0.9 of SMs x L1, 0.3-0.7 of the L2, between them, and 4-8 x the L2"),
        RFL_OPTION_GROWTH(&o->growth, 16, "ratio between consecutive working sets (default 2; --quick 4)"),
        {"kernels", 'k', RFL_OPT_LIST, &o->kernels, "LIST", "kernels to run (default all)", 0, 0,
         rfl_gbw_kernel_names},
        {"access", 'a', RFL_OPT_LIST, &o->accesses, "LIST",
         "read: s += a[i]; rmw: a[i] = beta*a[i] + alpha; write: a[i] = p(i) + alpha (store only); copy: b[i] = "
         "a[i] (the working set holds a and b); each kernel runs those it has (docs/FORMAT.md); write and copy, "
         "but memcpy_d2d's, past the L2 unless --wss is given (default all)", 0, 0, rfl_gbw_access_names},
        RFL_OPTION_PRECISION(&o->precisions, rfl_gbw_precision_list,
                             "element type; every access is 16 bytes (double2, float4) (default both)"),
        RFL_OPTION_THREADS_PER_BLOCK(&o->threads_text, "threads per block, multiples of 32 up to 1024 (default "
                                                       "256,1024; --quick 256; l1_set 128 in both)"),
        RFL_OPTION_BLOCKS(&o->blocks_text),
        {"chunk", 'c', RFL_OPT_SIZE, &o->chunk_bytes, "SIZE",
         "global_bulk: bytes per bulk copy, a multiple of 16 (default 16K)", 0, 0, NULL},
        {"unroll", 0, RFL_OPT_CHOICE, &o->unroll, "N",
         "l2_own, l2_waves: 16-byte loads in flight per thread, 4, 8 or 16 (l2_own with 16: at most 512 threads "
         "per block); auto: 8 for l2_own, 16 for l2_waves (default auto)", 0, 0, rfl_gbw_unroll_names},
        {"l2-loads", 0, RFL_OPT_CHOICE, &o->l2_loads, "KIND",
         "l2_own's and l2_waves' loads: cg (ld.global.cg, L2 only) or nc (the read-only path, L1::no_allocate) "
         "(default cg)", 0, 0, rfl_gbw_l2_load_names},
        {"trials", 0, RFL_OPT_UINT, &o->trials, "N",
         "trials per sample, fixed: no calibration against --min-time (for a profiler, whose replays stretch the "
         "samples the calibration times)", 1, 1e9, NULL},
        RFL_OPTIONS_SAMPLING(o, 'm', "trials", "0.005; --quick 0.002", "point"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               RFL_HELP_TIME_BUDGET("then points cut evenly, those a ceiling needs last (the first "
                                                    "configuration of each kernel but global_launch and memcpy_d2d, "
                                                    "read where it reads, at the sizes placed from the device)")),
        RFL_OPTION_MEM_LIMIT('M', &o->mem_limit, "device memory the buffers may take (default: half the free memory)"),
        RFL_OPTIONS_GPU_SWEEP_TAIL(o, "gpu_bandwidth.csv", "a coarse sweep: fewer points, shorter samples"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_gpu_bandwidth",
        .summary = "Measures GPU memory bandwidth at every level: shared memory, L1, L2 and device memory, with "
                   "the three kernels of Lo et al. (A: trials inside the kernel, B: one launch per trial, C: "
                   "blocked through shared memory), a streaming variant of A, bulk copies into shared memory "
                   "(Hopper's copy engine), per-block chunks through L2 (shared by blocks: l2_chunks; one per "
                   "block: l2_own; waves of blocks: l2_waves), one set per SM through L1, and cudaMemcpy device to "
                   "device, over a working-set sweep x threads per block x blocks per grid. Every result is "
                   "checked against its closed form (exit 3 on a mismatch).",
        .epilog = RFL_HELP_GPU_RANKS " and, with several ranks, an aggregate row. " RFL_HELP_GPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    const char *threads = o->threads_text ? o->threads_text : o->quick ? "256" : "256,1024";
    if (rfl_gpu_parse_threads(cli.program, threads, o->threads, RFL_GBW_MAX_LIST, &o->nthreads) != 0 ||
        rfl_gpu_parse_blocks(cli.program, "blocks", o->blocks_text ? o->blocks_text : "max", o->blocks,
                             RFL_GBW_MAX_LIST, &o->nblocks) != 0)
        return RFL_CLI_ERROR;
    if (o->chunk_bytes && (o->chunk_bytes % RFL_GBW_VEC_BYTES || o->chunk_bytes > (1u << 20)))
        return rfl_cli_invalid_number(cli.program, "chunk", o->chunk_bytes, "a multiple of 16 bytes, at most 1M");
    return RFL_CLI_RUN;
}
