#include "config.h"
#include "gpu_link/gpu_link.h"
#include "common/log.h"
#include "common/options.h"

#include <stdio.h>
#include <string.h>

const char *const rfl_glk_method_names[RFL_GLK_NMETHODS + 1] = {"memcpy_peer", "peer_kernel", "host_staged", NULL};
const char *const rfl_glk_direction_names[RFL_GLK_NDIRECTIONS + 1] = {"uni", "bidir", NULL};

void rfl_gpu_link_defaults(struct rfl_gpu_link_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gpu_link.csv";
}

int rfl_gpu_link_parse(struct rfl_gpu_link_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"sizes", 's', RFL_OPT_SIZE_RANGE, o->sizes, "MIN:MAX",
         "copy sizes, doubling, from 1 byte to 4G (default 4:256M; --quick 4:32M; --full 4:1G)", 0, 0, NULL},
        RFL_OPTIONS_SAMPLING(o, 'm', "repeats", "0.005; --quick 0.002", "point"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               RFL_HELP_TIME_BUDGET("then sizes cut evenly, one-way cudaMemcpyPeer (the link roof) "
                                                    "first, host-staged copies last")),
        RFL_OPTION_OUTPUT("NAME.csv", &o->output,
         "CSV output (default gpu_link.csv), the fits in NAME_fit.csv, the metadata in NAME.json (- for stdout, "
         "no sidecar, the fits in gpu_link_fit.csv)"),
        RFL_OPTION_QUICK(&o->quick, "fewer sizes, shorter samples (defaults above)"),
        {"full", 0, RFL_OPT_FLAG, &o->full, NULL, "sizes up to 1G (defaults above)", 0, 0, NULL},
        RFL_OPTION_LIST_DEVICES(&o->list_devices),
        RFL_OPTION_PRINT_COLUMNS(&o->print_columns, "print each CSV file name and its columns and exit (no GPU needed)"),
        RFL_OPTION_INJECT_FAULT(&o->inject_fault, RFL_HELP_INJECT_FAULT("one received copy")),
    };
    const struct rfl_cli cli = {
        .program = "rfl_gpu_link",
        .summary = "Measures the links between the GPUs one process sees, every ordered pair (src, dst): whether "
                   "dst can read src's memory (peer access, as CUDA reports it), the time of cudaMemcpyPeerAsync "
                   "copies over a range of sizes one way and both ways at once (two streams), a kernel on dst "
                   "reading src's memory through peer access where it is possible, the host-staged copy (through "
                   "pinned host memory) where it is not, and the fit T = latency + bytes / bandwidth of each (the "
                   "GPU link roof). Every copy is checked where it arrived after timing (exit 3 on a mismatch).",
        .epilog = "Needs 2 or more visible GPUs (CUDA_VISIBLE_DEVICES) in one process; with fewer it says so and "
                  "exits 77 (skipped). Bidirectional rows move `bytes` each way; their rate counts both "
                  "directions. Exit status: 0 ok, 1 run failed, 2 bad usage, 3 verification failed, 77 fewer than "
                  "2 GPUs, 130 interrupted (rows so far are kept). Columns: see docs/FORMAT.md.",
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    if (o->quick && o->full) {
        if (rfl_log_rank() == 0)
            fprintf(stderr, "rfl_gpu_link: options --quick and --full exclude each other\n");
        return RFL_CLI_ERROR;
    }
    if (!o->sizes[1])
        return RFL_CLI_RUN;
    const char *why = NULL;
    if (o->sizes[0] < 1)
        why = "the smallest copy is 1 byte";
    else if (o->sizes[1] > RFL_GLK_MAX_BYTES)
        why = "the largest copy is 4G";
    return why ? rfl_cli_bad_value("rfl_gpu_link", argc, argv, "sizes", 's', why) : RFL_CLI_RUN;
}
