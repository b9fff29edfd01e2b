#include "config.h"
#include "unified_memory/unified_memory.h"
#include "unified_memory/mechanisms.h"
#include "gpu/gpu.h"
#include "common/options.h"

#include <stdlib.h>
#include <string.h>

void rfl_unified_memory_defaults(struct rfl_unified_memory_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "unified_memory.csv";
}

static int compare_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

int rfl_unified_memory_parse(struct rfl_unified_memory_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        RFL_OPTION_WSS(o->wss, "working set (one array of doubles), swept geometrically (default 4K:4G; --quick "
                               "64K:1G), at most the memory limits"),
        RFL_OPTION_GROWTH(&o->growth, 64, "ratio between consecutive working sets (default 2; --quick 4)"),
        {"reuse", 'r', RFL_OPT_STRING, &o->reuse_text, "LIST",
         "GPU passes per trial, comma-separated (default 1,2,4,...,1024; --quick 1,4,16,64,256,1024)", 0, 0,
         NULL},
        {"mechanisms", 'm', RFL_OPT_LIST, &o->mechanisms, "LIST", "mechanisms to measure (default all)", 0, 0,
         rfl_um_mechanism_names},
        RFL_OPTION_MIN_TIME(0, &o->min_time_s, RFL_HELP_MIN_TIME("trials", "0.01; --quick 0.005")),
        RFL_OPTION_EXPERIMENTS(&o->experiments, 100, RFL_HELP_EXPERIMENTS("point", "3; --quick 2")),
        {"point-timeout", 'T', RFL_OPT_DOUBLE, &o->point_timeout_s, "SECONDS",
         "wall-time limit of one point: a point predicted to pass it is skipped, one that passes it stops "
         "sampling (default 5; --quick 1.5)", 0.01, 86400, NULL},
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
         "finish within this: shorter samples, each mechanism an even share of the time left, a point limited "
         "to the lesser of its share and --point-timeout; points that do not fit are skipped_budget (default: "
         "no limit)"),
        {"threads-per-block", 't', RFL_OPT_UINT, &o->threads, "N",
         "threads per block of the GPU pass, a multiple of 32 (default 256)", 32, 1024, NULL},
        RFL_OPTION_MEM_LIMIT('M', &o->mem_limit,
         "device memory one array may take (default: half the free memory; at most 90% of it: managed memory "
         "past it can hang the GPU)"),
        {"no-reference", 0, RFL_OPT_FLAG, &o->no_reference, NULL,
         "skip the reference measurements (pinned cudaMemcpy, device and CPU passes)", 0, 0, NULL},
        {"no-breakdown", 0, RFL_OPT_FLAG, &o->no_breakdown, NULL,
         "skip the instrumented sample that splits a trial into its phases", 0, 0, NULL},
        RFL_OPTIONS_GPU_SWEEP_TAIL(o, "unified_memory.csv", "a coarse sweep (about 40 s on an H200)"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_unified_memory",
        .summary = "Measures what moving data between host and GPU costs (Lo et al. Section 6): for each "
                   "mechanism (pageable or pinned host memory with cudaMemcpy, zero-copy, managed memory, managed "
                   "memory with prefetching), working set and reuse k, the GPU makes k read-modify-write passes "
                   "over the array and the CPU one, the data moving between them as the mechanism moves it. "
                   "Effective bandwidth = 2 x 8 B x elements x trials x (k + 1) / time. Every point is checked "
                   "against its closed form (exit 3 on a mismatch).",
        .epilog = "Managed memory is never allocated past 90% of the device's free memory (read just before each "
                  "allocation); such a point is skipped with status skipped_memory. A failed allocation skips its "
                  "points (alloc_failed); the run goes on. Under MPI each rank drives one GPU. " RFL_HELP_GPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    if (o->threads % 32)
        return rfl_cli_invalid_number(cli.program, "threads-per-block", o->threads, "expected a multiple of 32");
    if (o->reuse_text) {
        if (rfl_gpu_parse_uints(cli.program, "reuse", o->reuse_text, 1, RFL_UM_MAX_REUSE_VALUE, o->reuse,
                                RFL_UM_MAX_REUSE, &o->nreuse) != 0)
            return RFL_CLI_ERROR;
    } else {
        const unsigned factor = o->quick ? 4 : 2;
        for (unsigned k = 1; k <= 1024; k *= factor)
            o->reuse[o->nreuse++] = k;
    }
    qsort(o->reuse, (size_t)o->nreuse, sizeof o->reuse[0], compare_unsigned);
    int distinct = 0;
    for (int i = 0; i < o->nreuse; i++)
        if (distinct == 0 || o->reuse[i] != o->reuse[distinct - 1])
            o->reuse[distinct++] = o->reuse[i];
    o->nreuse = distinct;
    return RFL_CLI_RUN;
}
