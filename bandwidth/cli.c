#include "config.h"
#include "cpu/team.h"
#include "bandwidth.h"
#include "kernels.h"
#include "remote.h"
#include "cpu/isa.h"
#include "common/options.h"

#include <string.h>

void rfl_bandwidth_defaults(struct rfl_bandwidth_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "bandwidth.csv";
}

int rfl_bandwidth_parse(struct rfl_bandwidth_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        RFL_OPTION_WSS(o->wss, "total working set over all ranks and threads, swept geometrically (default: 4K "
                               "per thread to 8 x the last-level cache, the larger of hwloc's and CPUID's; then on "
                               "by sqrt(2) until the memory plateau is confirmed, within --mem-limit)"),
        RFL_OPTION_GROWTH(&o->growth, 16, "ratio between consecutive working sets (default 1.41; --quick 2)"),
        {"kernels", 'k', RFL_OPT_LIST, &o->kernels, "LIST", "kernels to run (default all)", 0, 0,
         rfl_bw_kernel_names},
        RFL_OPTION_PRECISION(&o->precisions, rfl_precision_names, "element types (default all)"),
        {"isa", 'i', RFL_OPT_LIST, &o->isas, "LIST",
         "kernel variants: c is the compiled C code, the others explicit SIMD (default: the widest this CPU "
         "supports)", 0, 0, rfl_isa_names},
        RFL_OPTIONS_SAMPLING(o, 't', "trials", "0.002; --quick 0.001", "working set"),
        RFL_OPTION_CPU_MEM_LIMIT(&o->mem_limit),
        RFL_OPTION_THREADS(&o->threads),
        {"remote", 0, RFL_OPT_CHOICE, &o->remote, "WHEN",
         "the remote-memory curve: sum over its memory plateau again, each thread's pages on the NUMA domain "
         "after its own: auto (default: on a node of 2 or more domains, without --wss), on, off", 0, 0,
         rfl_bw_remote_names},
        RFL_OPTION_OUTPUT("NAME.csv", &o->output, RFL_HELP_OUTPUT_CSV("bandwidth.csv")),
        RFL_OPTION_QUICK(&o->quick, "a coarse sweep: fewer points, shorter samples (defaults above)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               RFL_HELP_CPU_TIME_BUDGET("the second precision only up to the last-level cache, each "
                                                        "curve ends once its memory plateau is confirmed")),
    };
    const struct rfl_cli cli = {
        .program = "rfl_bandwidth",
        .summary = "Measures memory bandwidth at every level of the memory hierarchy: a geometric working-set "
                   "sweep from L1 to DRAM, every thread of every MPI rank streaming through its own part of the "
                   "data at once. Each kernel's result is checked against its closed form; a mismatch is an "
                   "error (exit 3).",
        .epilog = RFL_TEAM_HELP RFL_HELP_CPU_RANKS("rfl_bandwidth") "; RFL_TEST_LLC_BYTES=SIZE replaces the "
                  "last-level cache size the default range is planned from. " RFL_HELP_CPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    return RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
}
