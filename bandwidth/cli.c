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
        {"wss", 'w', RFL_OPT_SIZE_RANGE, o->wss, "MIN:MAX",
         "total working set over all ranks and threads, swept geometrically\n"
         "                              (default: 4K per thread to 8 x the last-level cache,\n"
         "                              the larger of hwloc's and CPUID's; then on by sqrt(2)\n"
         "                              until the memory plateau is confirmed, within --mem-limit)", 0, 0, NULL},
        {"growth", 'g', RFL_OPT_DOUBLE, &o->growth, "RATIO",
         "ratio between consecutive working sets (default 1.41; --quick 2)", 1.01, 16, NULL},
        {"kernels", 'k', RFL_OPT_LIST, &o->kernels, "LIST", "kernels to run (default all)", 0, 0,
         rfl_bw_kernel_names},
        {"precision", 'p', RFL_OPT_LIST, &o->precisions, "LIST", "element types (default all)", 0, 0,
         rfl_precision_names},
        {"isa", 'i', RFL_OPT_LIST, &o->isas, "LIST",
         "kernel variants: c is the compiled C code, the others explicit SIMD\n"
         "                              (default: the widest this CPU supports)", 0, 0, rfl_isa_names},
        RFL_OPTION_MIN_TIME('t', &o->min_time_s,
         "trials double until one sample lasts this long (default 0.002; --quick 0.001)"),
        RFL_OPTION_EXPERIMENTS(&o->experiments, 1000,
         "timed samples per working set; min/median/max reported (default 5; --quick 3)"),
        {"mem-limit", 'm', RFL_OPT_SIZE, &o->mem_limit, "SIZE",
         "memory all ranks of a node may use for buffers (default: half the available memory)", 0, 0, NULL},
        {"threads", 'T', RFL_OPT_UINT, &o->threads, "N",
         "OpenMP threads per rank (default: OMP_NUM_THREADS, else one per core of the\n"
         "                              rank's share of the node)", 1, 4096, NULL},
        {"remote", 0, RFL_OPT_CHOICE, &o->remote, "WHEN",
         "the remote-memory curve: sum over its memory plateau again, each thread's\n"
         "                              pages on the NUMA domain after its own: auto (default: on\n"
         "                              a node of 2 or more domains, without --wss), on, off", 0, 0,
         rfl_bw_remote_names},
        RFL_OPTION_OUTPUT("NAME.csv", &o->output,
         "CSV output, with its metadata in NAME.json (default bandwidth.csv; - for stdout)"),
        RFL_OPTION_QUICK(&o->quick, "a coarse sweep: fewer points, shorter samples (defaults above)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
         "the whole run within SECONDS: fewer and shorter samples, the second precision\n"
         "                              only up to the last-level cache, each curve ends once\n"
         "                              its memory plateau is confirmed; what was cut is in the sidecar"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_bandwidth",
        .summary = "Measures memory bandwidth at every level of the memory hierarchy: a geometric\n"
                   "working-set sweep from L1 to DRAM, every thread of every MPI rank streaming\n"
                   "through its own part of the data at once. Each kernel's result is checked\n"
                   "against its closed form; a mismatch is an error (exit 3).",
        .epilog = RFL_TEAM_HELP
                  "Run under MPI as: mpirun -n 2 rfl_bandwidth: each rank's own rows (rank, host) follow\n"
                  "the job's. Testing only: RFL_TEST_HOSTS=a,a,b,b names rank r's host by its r-th\n"
                  "entry; RFL_TEST_SLOW_RANK=R:FACTOR keeps rank R asleep after each timed kernel\n"
                  "until FACTOR times its time has passed (a planted slow rank); RFL_TEST_LLC_BYTES=SIZE\n"
                  "replaces the last-level cache size the default range is planned from. Exit status: 0 ok,\n"
                  "1 run failed, 2 bad usage (or a malformed test setting), 3 verification failed,\n"
                  "130 interrupted (rows so far are kept). Columns of the CSV: see docs/FORMAT.md.",
        RFL_CLI_OPTIONS(table),
    };
    o->argc = argc;
    o->argv = argv;
    return rfl_cli_parse(&cli, argc, argv, NULL);
}
