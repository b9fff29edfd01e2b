#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "common/options.h"

#include <string.h>

void rfl_gpu_flops_defaults(struct rfl_gpu_flops_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gpu_flops.csv";
}

int rfl_gpu_flops_parse(struct rfl_gpu_flops_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"fpe", 'f', RFL_OPT_STRING, &o->fpe_text, "LIST",
         "flops per element per trial: 1 or powers of two up to 4096 (default 1,2,4,...,4096; --quick "
         "1,16,256,4096)", 0, 0, NULL},
        RFL_OPTION_PRECISION(&o->precisions, rfl_gpu_precision_list,
                             "element types; fp16 runs as half2, two elements per instruction (default all)"),
        {"chains", 'c', RFL_OPT_STRING, &o->chains_text, "LIST",
         "independent dependency chains per thread: 1, 2, 4, 8 (default 1,2,4,8; --quick 1,8)", 0, 0, NULL},
        RFL_OPTION_THREADS_PER_BLOCK(&o->threads_text, "threads per block, multiples of 32 up to 1024 (default 256)"),
        RFL_OPTION_BLOCKS(&o->blocks_text),
        RFL_OPTION_WSS(o->wss, "working set per GPU, swept geometrically (default: one group of chains per thread, "
                               "resident in L1: the compute ceiling)"),
        RFL_OPTION_GROWTH(&o->growth, 16, "ratio between consecutive working sets (default 2)"),
        RFL_OPTIONS_SAMPLING(o, 'm', "trials", "0.005; --quick 0.002", "point"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               RFL_HELP_TIME_BUDGET("then points cut evenly, those the compute ceilings need last "
                                                    "(each precision at the most chains and the highest FPE)")),
        RFL_OPTIONS_GPU_SWEEP_TAIL(o, "gpu_flops.csv", "a coarse sweep: fewer points, shorter samples"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_gpu_flops",
        .summary = "Measures GPU arithmetic throughput against arithmetic intensity (Lo et al., Section 5.3): "
                   "every element runs through FPE operations per trial, as independent FMA chains, in FP64, FP32 "
                   "and FP16 (half2). The SM clock is read inside each kernel, and every row carries its fraction "
                   "of the peak at that clock. Results are replayed on the host bit for bit (exit 3 on a "
                   "mismatch).",
        .epilog = RFL_HELP_GPU_RANKS " and, with several ranks, an aggregate row. " RFL_HELP_GPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    const char *fpe = o->fpe_text ? o->fpe_text : o->quick ? "1,16,256,4096" : "1,2,4,8,16,32,64,128,256,512,1024,2048,4096";
    if (rfl_gpu_parse_uints(cli.program, "fpe", fpe, 1, RFL_GFL_MAX_FPE, o->fpe, RFL_GFL_MAX_LIST, &o->nfpe) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nfpe; i++)
        if (rfl_gfl_fpe_index(o->fpe[i]) < 0)
            return rfl_cli_invalid(cli.program, "fpe", fpe, "each value must be 1 or a power of two up to 4096");
    const char *chains = o->chains_text ? o->chains_text : o->quick ? "1,8" : "1,2,4,8";
    if (rfl_gpu_parse_uints(cli.program, "chains", chains, 1, RFL_GFL_MAX_CHAINS, o->chains, RFL_GFL_MAX_LIST,
                            &o->nchains) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nchains; i++)
        if (rfl_gfl_chains_index(o->chains[i]) < 0)
            return rfl_cli_invalid(cli.program, "chains", chains, "each value must be 1, 2, 4 or 8");
    if (rfl_gpu_parse_threads(cli.program, o->threads_text ? o->threads_text : "256", o->threads, RFL_GFL_MAX_LIST,
                              &o->nthreads) != 0 ||
        rfl_gpu_parse_blocks(cli.program, "blocks", o->blocks_text ? o->blocks_text : "max", o->blocks,
                             RFL_GFL_MAX_LIST, &o->nblocks) != 0)
        return RFL_CLI_ERROR;
    return RFL_CLI_RUN;
}
