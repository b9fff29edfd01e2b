/* The rfl command line: subcommands over one run directory. */
#include "config.h"
#include "driver.h"
#include "settings.h"
#include "config_name.h"
#include "ceilings/write.h"
#include "profile/profile.h"
#include "plot/plot.h"
#include "common/afile.h"
#include "common/log.h"
#include "common/options.h"
#include "common/rfl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *out)
{
    static const struct {
        const char *name, *text;
    } commands[] = {
        {"run", "run every program built here, then ceilings, plot and report\n(rfl run --quick: under a minute; "
                "--full: the thorough sweep)"},
        {"ceilings", "DIR -> DIR/ceilings.csv and DIR/roofline.json"},
        {"plot", "DIR -> DIR/*.gp, and DIR/*.png when gnuplot is installed"},
        {"report", "DIR -> DIR/report.md and DIR/report.html (charts embedded)"},
        {"compare", "RUN_A RUN_B [RUN_C...] -> per ceiling: ratio to RUN_A, within the noise or not"},
        {"profile", "--run DIR -- COMMAND: its kernels (ncu) or regions (likwid-perfctr) as points on DIR's "
                    "roofline (DIR/profile.csv, charts, report)"},
    };
    fputs("Usage: rfl COMMAND [OPTION]... [DIR]\n", out);
    rfl_help_text(out, "Empirical roofline of this machine: runs the rfl benchmark programs and turns their CSV into "
                       "ceilings, gnuplot charts and a report.");
    fputs("\nCommands:\n", out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char name[16];
        snprintf(name, sizeof name, "  %s", commands[i].name);
        rfl_help_row(out, name, 13, commands[i].text);
    }
    fputc('\n', out);
    rfl_help_row(out, "  -h, --help", 17, "print this help and exit (rfl COMMAND --help: the command's options)");
    rfl_help_row(out, "  -V, --version", 17, "print the version and exit");
    fputc('\n', out);
    rfl_help_text(out, "Exit status: 0 ok, 1 a run failed, 2 bad usage or input file, 3 a result did not verify, 130 "
                       "interrupted (SIGINT, SIGTERM, SIGHUP, SIGQUIT). Files: docs/FORMAT.md; configs: "
                       "config/README.md, installed in " RFL_CONFIG_DIR " (--config NAME).");
}

/* Options may come before or after the directory (getopt in '+' mode stops
 * at the first operand, so parse again after it). */
static int parse_dir_command(const struct rfl_cli *cli, int argc, char **argv, const char **dir)
{
    *dir = NULL;
    for (;;) {
        int first = 0;
        enum rfl_cli_result res = rfl_cli_parse(cli, argc, argv, &first);
        if (res == RFL_CLI_DONE)
            return RFL_CLI_DONE;
        if (res == RFL_CLI_ERROR)
            return RFL_CLI_ERROR;
        if (first >= argc)
            break;
        if (*dir) {
            fprintf(stderr, "%s: one directory only, got '%s' and '%s'\n", cli->program, *dir, argv[first]);
            return RFL_CLI_ERROR;
        }
        *dir = argv[first];
        argc -= first;
        argv += first; /* the operand becomes argv[0], which getopt skips */
    }
    if (!*dir) {
        fprintf(stderr, "%s: which run directory? (usage: %s [OPTION]... DIR)\n", cli->program, cli->program);
        return RFL_CLI_ERROR;
    }
    struct stat st;
    if (stat(*dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: '%s' is not a directory\n", cli->program, *dir);
        return RFL_CLI_ERROR;
    }
    return RFL_CLI_RUN;
}

enum which { CMD_CEILINGS, CMD_PLOT, CMD_REPORT };

static int dir_command(enum which which, int argc, char **argv)
{
    const char *config = NULL, *app = NULL, *dir = NULL;
    int no_render = 0;
    unsigned formats = 0;
    struct rfl_option table[4] = {
        {"config", 'c', RFL_OPT_STRING, &config, "FILE",
         "settings and spec values, or NAME of an installed config (default: DIR/run.conf, else the embedded "
         "default)", 0, 0, NULL},
        {"app", 'a', RFL_OPT_STRING, &app, "FILE",
         "application points (CSV: name, arithmetic_intensity, gflops_per_s[, level, precision]); default: "
         "DIR/applications.csv when present", 0, 0, NULL},
        {"no-render", 0, RFL_OPT_FLAG, &no_render, NULL, "write the .gp scripts only", 0, 0, NULL},
        RFL_OPTION_FORMAT(&formats),
    };
    static const char *const names[] = {"rfl ceilings", "rfl plot", "rfl report"};
    static const char *const summaries[] = {
        "Merges the CSV files of a run directory into DIR/ceilings.csv and DIR/roofline.json: bandwidth per memory "
        "level (found from the sweep's plateaus, named by hwloc's cache sizes, or the GPU's properties: shared, L1, "
        "L2, device memory, host link) and compute per precision and instruction set (GPU: FP64/FP32/FP16 and the "
        "tensor cores), each with its provenance and its percent of the spec value where one is known.",
        "Writes a self-contained gnuplot script per chart into DIR (roofline.gp, bandwidth.gp, flops.gp; with GPU "
        "files roofline-gpu0.gp, gpu_bandwidth.gp, gpu_flops.gp, gemm.gp, unified_memory.gp, "
        "unified_memory_reuse.gp, gpu_latency.gp, gpu_transfer.gp) and renders each with gnuplot ($GNUPLOT, else "
        "gnuplot in PATH) to PNG, and to PDF and SVG with --format (the same picture, vector: for papers); without "
        "gnuplot the scripts are still written, and a format gnuplot has no terminal for is skipped with a "
        "warning.",
        "Writes DIR/report.md (charts linked) and DIR/report.html (charts embedded): the machine, the ceilings "
        "table, the charts and the provenance of every number."};
    const struct rfl_cli cli = {
        .program = names[which],
        .summary = summaries[which],
        .epilog = "Exit status: 0 ok, 1 a write failed, 2 bad usage or an input file rfl cannot read (the message "
                  "names FILE:LINE).",
        .options = table,
        .noptions = which == CMD_PLOT ? 4 : 2,
        .allow_operands = 1,
    };
    const int parsed = parse_dir_command(&cli, argc, argv, &dir);
    if (parsed != RFL_CLI_RUN)
        return parsed == RFL_CLI_DONE ? RFL_EXIT_OK : RFL_EXIT_USAGE;
    rfl_afile_remove_stale(dir); /* what a killed rfl left there */
    struct rfl_settings s;
    int rc = rfl_load_settings_for(&s, dir, config);
    if (formats)
        s.formats = formats;
    if (rc == RFL_EXIT_OK) {
        if (which == CMD_CEILINGS)
            rc = rfl_do_ceilings(dir, &s, app, 0);
        else if (which == CMD_PLOT)
            rc = rfl_do_plot(dir, &s, app, !no_render);
        else
            rc = rfl_do_report(dir, &s, app);
    }
    rfl_settings_free(&s);
    return rc;
}

int rfl_cmd_ceilings(int argc, char **argv) { return dir_command(CMD_CEILINGS, argc, argv); }
int rfl_cmd_plot(int argc, char **argv) { return dir_command(CMD_PLOT, argc, argv); }
int rfl_cmd_report(int argc, char **argv) { return dir_command(CMD_REPORT, argc, argv); }

int rfl_driver_main(int argc, char **argv)
{
    rfl_log_set_progname("rfl");
    if (argc < 2) {
        usage(stderr);
        return RFL_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return RFL_EXIT_OK;
    }
    if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        printf("rfl (rfl) %s\n", rfl_version());
        return RFL_EXIT_OK;
    }
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {{"run", rfl_cmd_run},       {"ceilings", rfl_cmd_ceilings}, {"plot", rfl_cmd_plot},
                {"report", rfl_cmd_report}, {"compare", rfl_cmd_compare},   {"profile", rfl_cmd_profile}};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(cmd, cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr,
            "rfl: unknown command '%s' (commands: run, ceilings, plot, report, compare, profile; see rfl --help)\n",
            cmd);
    return RFL_EXIT_USAGE;
}
