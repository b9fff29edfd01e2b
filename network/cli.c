#include "config.h"
#include "network/network.h"
#include "common/options.h"

#include <stdio.h>
#include <string.h>

const char *const rfl_net_pair_names[] = {"rank0", "all", NULL};

void rfl_network_defaults(struct rfl_network_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "network.csv";
}

static int bad_sizes(const struct rfl_network_opts *o, const char *why)
{
    return rfl_cli_bad_value("rfl_network", o->argc, o->argv, "sizes", 's', why);
}

int rfl_network_parse(struct rfl_network_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"sizes", 's', RFL_OPT_SIZE_RANGE, o->sizes, "MIN:MAX",
         "message sizes, from 1 byte to 1G (default 8:64M; --quick 8:4M)", 0, 0, NULL},
        {"growth", 'g', RFL_OPT_DOUBLE, &o->growth, "RATIO",
         "ratio between consecutive message sizes (default 2; --quick 4)", 1.1, 16, NULL},
        {"pairs", 'P', RFL_OPT_CHOICE, &o->pairs, "PAIRS",
         "the rank pairs measured, one pair at a time: rank0 (rank 0 with each other rank) or all (every pair) "
         "(default rank0)", 0, 0, rfl_net_pair_names},
        RFL_OPTIONS_SAMPLING(o, 't', "round trips", "0.002; --quick 0.0005", "pair and size"),
        RFL_OPTION_OUTPUT("NAME.csv", &o->output,
         "CSV output (default network.csv), the fit per pair class in NAME_fit.csv, the metadata in NAME.json; "
         "- for stdout (no sidecar, the fit in network_fit.csv)"),
        RFL_OPTION_QUICK(&o->quick, "fewer sizes, shorter samples (defaults above)"),
        RFL_OPTION_PRINT_COLUMNS(&o->print_columns, "print each CSV file name and its columns and exit"),
        {"self-test", 0, RFL_OPT_FLAG, &o->self_test, NULL, "run the self-checks and exit (no MPI ranks needed)", 0, 0,
         NULL},
        RFL_OPTION_INJECT_FAULT(&o->inject_fault, RFL_HELP_INJECT_FAULT("one received message")),
    };
    const struct rfl_cli cli = {
        .program = "rfl_network",
        .summary = "Measures MPI point-to-point latency and bandwidth between ranks: a ping-pong of host-memory "
                   "messages over a geometric range of sizes, one pair of ranks at a time, each pair on the same "
                   "node or on different nodes (by host name), and the fit T = latency + bytes / bandwidth per "
                   "class of pair (the network roof). Every message size is checked end to end after timing (exit "
                   "3 on a mismatch).",
        .epilog = "Needs 2 or more MPI ranks: mpiexec -n 2 rfl_network. Bandwidth is bytes over half the fastest "
                  "round trip. Testing only: RFL_TEST_HOSTS=a,a,b,b names rank r's host by its r-th entry instead "
                  "of MPI_Get_processor_name, so pairs of ranks on one machine count as different nodes. Exit "
                  "status: 0 ok, 1 run failed, 2 bad usage (or fewer than 2 ranks), 3 verification failed, 130 "
                  "interrupted (rows so far are kept). Columns: see docs/FORMAT.md.",
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN || !o->sizes[1])
        return rc;
    if (o->sizes[0] < 1)
        return bad_sizes(o, "the smallest message is 1 byte");
    if (o->sizes[1] > RFL_NET_MAX_BYTES)
        return bad_sizes(o, "the largest message is 1G");
    uint64_t s[RFL_NET_MAX_SIZES];
    if (!rfl_net_sizes(o->sizes[0], o->sizes[1], o->growth > 0 ? o->growth : o->quick ? 4 : 2, s, RFL_NET_MAX_SIZES))
        return bad_sizes(o, "more than 64 sizes: a larger --growth or a narrower range");
    return RFL_CLI_RUN;
}
