#include "config.h"
#include "cpu/team.h"
#include "flops.h"
#include "kernels.h"
#include "smt_probe.h"
#include "cpu/isa.h"
#include "common/log.h"
#include "common/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_flops_defaults(struct rfl_flops_opts *o)
{
    memset(o, 0, sizeof *o);
    o->variant = RFL_FL_NVARIANT; /* "all" */
    o->output = "flops.csv";
}

int rfl_flops_parse_fpe(const char *text, unsigned *values, size_t max, size_t *count)
{
    return rfl_parse_uint_ranges(text, 1, RFL_FL_MAX_FPE, values, max, count);
}

int rfl_flops_parse(struct rfl_flops_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"wss", 'w', RFL_OPT_SIZE_RANGE, o->wss, "MIN:MAX",
         "total working set over all ranks and threads, swept geometrically\n"
         "                              (default: half of each thread's L1 data cache, one point)", 0, 0, NULL},
        {"growth", 'g', RFL_OPT_DOUBLE, &o->growth, "RATIO",
         "ratio between consecutive working sets of a --wss sweep (default 2)", 1.01, 16, NULL},
        {"fpe", 'f', RFL_OPT_STRING, &o->fpe_text, "LIST",
         "flops per element: values and MIN:MAX ranges (powers of two times MIN,\n"
         "                              and MAX) separated by commas, each 1 to 65536\n"
         "                              (default 1:1024; --quick 1,4,16,64,256,1024)", 0, 0, NULL},
        {"variant", 'v', RFL_OPT_CHOICE, &o->variant, "NAME",
         "ref: the paper's plain C as this build compiles it; simd: explicit SIMD\n"
         "                              with FMA; all: both (default)", 0, 0, rfl_fl_variant_names},
        {"precision", 'p', RFL_OPT_LIST, &o->precisions, "LIST", "element types (default all)", 0, 0,
         rfl_precision_names},
        {"isa", 'i', RFL_OPT_LIST, &o->isas, "LIST",
         "instruction sets of the simd variant (default: the widest this CPU supports;\n"
         "                              all: every one it supports)", 0, 0,
         rfl_fl_isa_names},
        {"unroll", 'u', RFL_OPT_LIST, &o->unrolls, "LIST",
         "independent vectors in flight in the simd variant (default all)", 0, 0, rfl_fl_unroll_names},
        {"threads", 'T', RFL_OPT_UINT, &o->threads, "N",
         "OpenMP threads per rank (default: OMP_NUM_THREADS, else one per core of the\n"
         "                              rank's share of the node)", 1, 4096, NULL},
        {"thread-sweep", 's', RFL_OPT_FLAG, &o->thread_sweep, NULL,
         "also run with 1, 2, 4, ... threads per rank up to --threads (Fig. 4)", 0, 0, NULL},
        {"fma-units", 'F', RFL_OPT_UINT, &o->fma_units, "N",
         "FMA instructions per cycle per core at the widest vector width, for the\n"
         "                              peak and the model (default: from the CPU's family and model)", 1, 16, NULL},
        {"smt-probe", 0, RFL_OPT_CHOICE, &o->smt_probe, "MODE",
         "whether pairs of threads are timed together to find CPUs that share FMA\n"
         "                              units (SMT siblings a hypervisor hides from hwloc); the peak\n"
         "                              counts the sets found. auto (default): under a hypervisor whose\n"
         "                              hwloc shows one PU per core; on; off: hwloc's cores", 0, 0,
         rfl_fl_smt_mode_names},
        RFL_OPTION_MIN_TIME('t', &o->min_time_s,
         "trials double until one sample lasts this long (default 0.002; --quick 0.001)"),
        RFL_OPTION_EXPERIMENTS(&o->experiments, 1000,
         "timed samples per point; min/median/max reported (default 5; --quick 3)"),
        {"mem-limit", 'm', RFL_OPT_SIZE, &o->mem_limit, "SIZE",
         "memory all ranks of a node may use for buffers (default: half the available memory)", 0, 0, NULL},
        RFL_OPTION_OUTPUT("NAME.csv", &o->output,
         "CSV output, with its metadata in NAME.json (default flops.csv; - for stdout)"),
        RFL_OPTION_QUICK(&o->quick, "a coarse sweep: fewer FPE values, shorter samples (defaults above)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
         "the whole run within SECONDS: fewer and shorter samples, the kernels each\n"
         "                              compute ceiling needs first, then the other unrolls;\n"
         "                              what was cut is in the sidecar"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_flops",
        .summary = "Measures floating-point throughput against arithmetic intensity: every thread of\n"
                   "every MPI rank runs each element of its array through a polynomial of FPE/2 FMA\n"
                   "steps (Lo et al., Fig. 3), for each flops-per-element value, as plain compiled C\n"
                   "and as explicit SIMD with 1 to 16 independent vectors in flight. Each row carries\n"
                   "its fraction of the theoretical peak (from the measured core clock) and the\n"
                   "issue-rate model's prediction. Every result is checked against its closed form;\n"
                   "a mismatch is an error (exit 3).",
        .epilog = RFL_TEAM_HELP
                  "Run under MPI as: mpirun -n 2 rfl_flops: each rank's own rows (rank, host) follow\n"
                  "the job's. Testing only: RFL_TEST_HOSTS=a,a,b,b names rank r's host by its r-th\n"
                  "entry; RFL_TEST_SLOW_RANK=R:FACTOR keeps rank R asleep after each timed kernel\n"
                  "until FACTOR times its time has passed (a planted slow rank). Exit status: 0 ok,\n"
                  "1 run failed, 2 bad usage (or a malformed test setting), 3 verification failed,\n"
                  "130 interrupted (rows so far are kept). Columns of the CSV: see docs/FORMAT.md.",
        RFL_CLI_OPTIONS(table),
    };
    o->argc = argc;
    o->argv = argv;
    int rc = rfl_cli_parse(&cli, argc, argv, NULL);
    if (rc != RFL_CLI_RUN)
        return rc;
    if (o->fpe_text &&
        rfl_flops_parse_fpe(o->fpe_text, o->fpe, RFL_FLOPS_MAX_FPE_VALUES, &o->nfpe) != 0) {
        if (rfl_log_rank() == 0)
            fprintf(stderr,
                    "rfl_flops: option --fpe: invalid value '%s' (expected integers from 1 to %d or MIN:MAX "
                    "ranges, separated by commas, at most %d values)\n",
                    o->fpe_text, RFL_FL_MAX_FPE, RFL_FLOPS_MAX_FPE_VALUES);
        return RFL_CLI_ERROR;
    }
    return RFL_CLI_RUN;
}
