#include "config.h"
#include "gpu_micro/gpu_micro.h"
#include "common/options.h"

#include <string.h>

const char *const rfl_gmi_mode_names[RFL_GMI_NMODES + 1] = {"launch", "transfer", "chase", "pipeline",
                                                            "stride", "barrier", NULL};

void rfl_gpu_micro_defaults(struct rfl_gpu_micro_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gpu_micro";
}

int rfl_gpu_micro_parse(struct rfl_gpu_micro_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"mode", 'M', RFL_OPT_LIST, &o->modes, "LIST", "microbenchmarks to run, each with its CSV (default all)", 0, 0,
         rfl_gmi_mode_names},
        RFL_OPTIONS_SAMPLING(o, 'm', "repeats", "0.005; --quick 0.002", "point"),
        {"launches", 0, RFL_OPT_UINT, &o->launches, "N",
         "launch: kernel launches per sample (default 10000; --quick 1000)", 1, 10000000, NULL},
        {"transfer-sizes", 0, RFL_OPT_SIZE_RANGE, o->transfer, "MIN:MAX",
         "transfer: copy sizes, doubling (default 1:1G; --quick 1:64M)", 0, 0, NULL},
        {"chase-sizes", 0, RFL_OPT_SIZE_RANGE, o->chase, "MIN:MAX",
         "chase: array sizes, doubling (default 1K:4G; --quick 1K:128M)", 0, 0, NULL},
        {"chase-strides", 0, RFL_OPT_STRING, &o->strides_text, "LIST",
         "chase: strides in bytes, at least 8 (default 128,4K,2M)", 0, 0, NULL},
        {"chase-steps", 0, RFL_OPT_UINT, &o->chase_steps, "N",
         "chase: timed accesses at least (default 32768; --quick 8192)", 8, 1u << 30, NULL},
        {"copy-bytes", 0, RFL_OPT_SIZE, &o->copy_bytes, "SIZE",
         "stride: bytes per buffer (default 256M; --quick 16M)", 0, 0, NULL},
        {"barriers", 0, RFL_OPT_UINT, &o->barriers, "N",
         "barrier: barriers (or launches) per sample (default 2000; --quick 200)", 1, 10000000, NULL},
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
         "finish within this: shorter samples, each mode a share of the time left (transfer, whose fit is the "
         "host-link ceiling, first; chase last), points cut evenly within it (pinned copies last); each sidecar "
         "says what was cut (default: no limit)"),
        RFL_OPTIONS_GPU_TAIL(o, "PREFIX", "output prefix: PREFIX_MODE.csv and PREFIX_MODE.json per mode (default "
                                          "gpu_micro)",
                             "fewer points, shorter samples", "each CSV file name and its columns",
                             "one result in each mode"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_gpu_micro",
        .summary = "GPU microbenchmarks after Volkov and Demmel, Section 3: kernel launch overhead (launch), "
                   "host<->device transfers with the fit T = latency + bytes/bandwidth (transfer), "
                   "pointer-chasing latency over array size x stride (chase), dependent-FMA latency and "
                   "throughput (pipeline), copy bandwidth by alignment and stride (stride), and a device-wide "
                   "barrier against a kernel relaunch (barrier). Every result is checked (exit 3 on a mismatch).",
        .epilog = "Each mode writes PREFIX_MODE.csv and its metadata PREFIX_MODE.json (transfer also "
                  "PREFIX_transfer_fit.csv). " RFL_HELP_GPU_RANKS ". " RFL_HELP_GPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    if (rfl_gpu_parse_sizes(cli.program, "chase-strides", o->strides_text ? o->strides_text : "128,4K,2M",
                            o->strides, RFL_GMI_MAX_STRIDES, &o->nstrides) != 0)
        return RFL_CLI_ERROR;
    for (int i = 0; i < o->nstrides; i++)
        if (o->strides[i] < 8 || o->strides[i] % 8)
            return rfl_cli_invalid(cli.program, "chase-strides", o->strides_text,
                                   "each stride must be a multiple of 8 bytes");
    return RFL_CLI_RUN;
}
