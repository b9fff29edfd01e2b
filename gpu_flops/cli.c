#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "common/log.h"
#include "common/options.h"

#include <string.h>

void rfl_gpu_flops_defaults(struct rfl_gpu_flops_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gpu_flops.csv";
}

static int bad(const char *option, const char *text, const char *why)
{
    if (rfl_log_rank() == 0)
        fprintf(stderr, "rfl_gpu_flops: option --%s: invalid value '%s' (%s)\n", option, text, why);
    return RFL_CLI_ERROR;
}

int rfl_gpu_flops_parse(struct rfl_gpu_flops_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"fpe", 'f', RFL_OPT_STRING, &o->fpe_text, "LIST",
         "flops per element per trial: 1 or powers of two up to 4096\n"
         "                              (default 1,2,4,...,4096; --quick 1,16,256,4096)", 0, 0, NULL},
        {"precision", 'p', RFL_OPT_LIST, &o->precisions, "LIST",
         "element types; fp16 runs as half2, two elements per instruction (default all)", 0, 0,
         rfl_gpu_precision_list},
        {"chains", 'c', RFL_OPT_STRING, &o->chains_text, "LIST",
         "independent dependency chains per thread: 1, 2, 4, 8 (default 1,2,4,8; --quick 1,8)", 0, 0, NULL},
        {"threads-per-block", 't', RFL_OPT_STRING, &o->threads_text, "LIST",
         "threads per block, multiples of 32 up to 1024 (default 256)", 0, 0, NULL},
        {"blocks", 'b', RFL_OPT_STRING, &o->blocks_text, "LIST",
         "blocks per grid: max (all that fit at once), Nx (N per SM) or N (default max)", 0, 0, NULL},
        {"wss", 'w', RFL_OPT_SIZE_RANGE, o->wss, "MIN:MAX",
         "working set per GPU, swept geometrically (default: one group of chains per\n"
         "                              thread, resident in L1: the compute ceiling)", 0, 0, NULL},
        {"growth", 'g', RFL_OPT_DOUBLE, &o->growth, "RATIO", "ratio between consecutive working sets (default 2)",
         1.01, 16, NULL},
        RFL_OPTION_MIN_TIME('m', &o->min_time_s,
         "trials double until one sample lasts this long (default 0.005; --quick 0.002)"),
        RFL_OPTION_EXPERIMENTS(&o->experiments, 1000,
         "timed samples per point; min/median/max reported (default 5; --quick 3)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
         "finish within this: shorter samples, then points cut evenly, those the\n"
         "                              compute ceilings need last (each precision at the most chains\n"
         "                              and the highest FPE); the sidecar says what was cut (default:\n"
         "                              no limit)"),
        RFL_OPTION_DEVICE(&o->device),
        RFL_OPTION_OUTPUT("NAME.csv", &o->output,
         "CSV output, with its metadata in NAME.json (default gpu_flops.csv; - for stdout)"),
        RFL_OPTION_QUICK(&o->quick, "a coarse sweep: fewer points, shorter samples"),
        RFL_OPTION_LIST_DEVICES(&o->list_devices),
        RFL_OPTION_PRINT_COLUMNS(&o->print_columns, "print the CSV file name and its columns and exit (no GPU needed)"),
        RFL_OPTION_SELF_TEST(&o->self_test),
        RFL_OPTION_INJECT_FAULT(&o->inject_fault,
         "testing: corrupt one element after timing (the run must end with exit 3)"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_gpu_flops",
        .summary = "Measures GPU arithmetic throughput against arithmetic intensity (Lo et al.,\n"
                   "Section 5.3): every element runs through FPE operations per trial, as\n"
                   "independent FMA chains, in FP64, FP32 and FP16 (half2). The SM clock is read\n"
                   "inside each kernel, and every row carries its fraction of the peak at that\n"
                   "clock. Results are replayed on the host bit for bit (exit 3 on a mismatch).",
        .epilog = "Under MPI each rank drives one GPU (chosen by its rank on the node); rank 0 writes\n"
                  "one row per GPU and, with several ranks, an aggregate row. Exit status: 0 ok,\n"
                  "1 run failed (or no CUDA device), 2 bad usage, 3 verification failed,\n"
                  "130 interrupted (rows so far are kept). Columns: see docs/FORMAT.md.",
        RFL_CLI_OPTIONS(table),
    };
    o->argc = argc;
    o->argv = argv;
    int rc = rfl_cli_parse(&cli, argc, argv, NULL);
    if (rc != RFL_CLI_RUN)
        return rc;
    const char *fpe = o->fpe_text ? o->fpe_text : o->quick ? "1,16,256,4096" : "1,2,4,8,16,32,64,128,256,512,1024,2048,4096";
    if (rfl_gpu_parse_uints(cli.program, "fpe", fpe, 1, RFL_GFL_MAX_FPE, o->fpe, RFL_GFL_MAX_LIST, &o->nfpe) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nfpe; i++)
        if (rfl_gfl_fpe_index(o->fpe[i]) < 0)
            return bad("fpe", fpe, "each value must be 1 or a power of two up to 4096");
    const char *chains = o->chains_text ? o->chains_text : o->quick ? "1,8" : "1,2,4,8";
    if (rfl_gpu_parse_uints(cli.program, "chains", chains, 1, RFL_GFL_MAX_CHAINS, o->chains, RFL_GFL_MAX_LIST,
                            &o->nchains) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nchains; i++)
        if (rfl_gfl_chains_index(o->chains[i]) < 0)
            return bad("chains", chains, "each value must be 1, 2, 4 or 8");
    const char *threads = o->threads_text ? o->threads_text : "256";
    if (rfl_gpu_parse_uints(cli.program, "threads-per-block", threads, 32, 1024, o->threads, RFL_GFL_MAX_LIST,
                            &o->nthreads) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nthreads; i++)
        if (o->threads[i] % 32)
            return bad("threads-per-block", threads, "each value must be a multiple of 32");
    if (rfl_gpu_parse_blocks(cli.program, "blocks", o->blocks_text ? o->blocks_text : "max", o->blocks,
                             RFL_GFL_MAX_LIST, &o->nblocks) != 0)
        return RFL_CLI_ERROR;
    return RFL_CLI_RUN;
}
