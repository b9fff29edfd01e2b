#include "config.h"
#include "cpu/team.h"
#include "flops.h"
#include "kernels.h"
#include "smt_probe.h"
#include "cpu/isa.h"
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
        RFL_OPTION_WSS(o->wss, "total working set over all ranks and threads, swept geometrically (default: half "
                               "of each thread's L1 data cache, one point)"),
        RFL_OPTION_GROWTH(&o->growth, 16, "ratio between consecutive working sets of a --wss sweep (default 2)"),
        {"fpe", 'f', RFL_OPT_STRING, &o->fpe_text, "LIST",
         "flops per element: values and MIN:MAX ranges (powers of two times MIN, and MAX) separated by commas, "
         "each 1 to 65536 (default 1:1024; --quick 1,4,16,64,256,1024)", 0, 0, NULL},
        {"variant", 'v', RFL_OPT_CHOICE, &o->variant, "NAME",
         "ref: the paper's plain C as this build compiles it; simd: explicit SIMD with FMA; all: both (default)",
         0, 0, rfl_fl_variant_names},
        RFL_OPTION_PRECISION(&o->precisions, rfl_precision_names, "element types (default all)"),
        {"isa", 'i', RFL_OPT_LIST, &o->isas, "LIST",
         "instruction sets of the simd variant (default: the widest this CPU supports; all: every one it "
         "supports)", 0, 0, rfl_fl_isa_names},
        {"unroll", 'u', RFL_OPT_LIST, &o->unrolls, "LIST",
         "independent vectors in flight in the simd variant (default all)", 0, 0, rfl_fl_unroll_names},
        RFL_OPTION_THREADS(&o->threads),
        {"thread-sweep", 's', RFL_OPT_FLAG, &o->thread_sweep, NULL,
         "also run with 1, 2, 4, ... threads per rank up to --threads (Fig. 4)", 0, 0, NULL},
        {"fma-units", 'F', RFL_OPT_UINT, &o->fma_units, "N",
         "FMA instructions per cycle per core at the widest vector width, for the peak and the model (default: "
         "from the CPU's family and model)", 1, 16, NULL},
        {"smt-probe", 0, RFL_OPT_CHOICE, &o->smt_probe, "MODE",
         "whether pairs of threads are timed together to find CPUs that share FMA units (SMT siblings a "
         "hypervisor hides from hwloc); the peak counts the sets found. auto (default): under a hypervisor whose "
         "hwloc shows one PU per core; on; off: hwloc's cores", 0, 0, rfl_fl_smt_mode_names},
        RFL_OPTIONS_SAMPLING(o, 't', "trials", "0.002; --quick 0.001", "point"),
        RFL_OPTION_CPU_MEM_LIMIT(&o->mem_limit),
        RFL_OPTION_OUTPUT("NAME.csv", &o->output, RFL_HELP_OUTPUT_CSV("flops.csv")),
        RFL_OPTION_QUICK(&o->quick, "a coarse sweep: fewer FPE values, shorter samples (defaults above)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s, RFL_HELP_CPU_TIME_BUDGET("the kernels each compute ceiling needs "
                                                                           "first, then the other unrolls")),
    };
    const struct rfl_cli cli = {
        .program = "rfl_flops",
        .summary = "Measures floating-point throughput against arithmetic intensity: every thread of every MPI "
                   "rank runs each element of its array through a polynomial of FPE/2 FMA steps (Lo et al., "
                   "Fig. 3), for each flops-per-element value, as plain compiled C and as explicit SIMD with 1 to "
                   "16 independent vectors in flight. Each row carries its fraction of the theoretical peak (from "
                   "the measured core clock) and the issue-rate model's prediction. Every result is checked "
                   "against its closed form; a mismatch is an error (exit 3).",
        .epilog = RFL_TEAM_HELP RFL_HELP_CPU_RANKS("rfl_flops") ". " RFL_HELP_CPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    if (o->fpe_text && rfl_flops_parse_fpe(o->fpe_text, o->fpe, RFL_FLOPS_MAX_FPE_VALUES, &o->nfpe) != 0)
        return rfl_cli_invalid(cli.program, "fpe", o->fpe_text,
                               "expected integers from 1 to %d or MIN:MAX ranges, separated by commas, at most %d "
                               "values",
                               RFL_FL_MAX_FPE, RFL_FLOPS_MAX_FPE_VALUES);
    return RFL_CLI_RUN;
}
