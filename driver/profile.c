/* rfl profile: kernels (Nsight Compute) or regions (likwid-perfctr) as
 * points on the roofline rfl measured of the same machine: DIR/profile.csv,
 * the roofline redrawn with them, the report with their table. */
#include "config.h"
#include "driver.h"
#include "profile_table.h"
#include "settings.h"
#include "spawn.h"
#include "ceilings/model.h"
#include "profile/profile.h"
#include "plot/plot.h"
#include "common/afile.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/options.h"
#include "common/rfl.h"
#include "common/which.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The ncu options rfl profile runs with, before --metrics; --help prints them. */
#define NCU_OPTIONS "--csv --page raw --target-processes all --clock-control none"

static char *help_epilog(void)
{
    static const char head[] =
        "GPU: rfl profile -- COMMAND runs\n"
        "  ncu " NCU_OPTIONS " --metrics \\\n"
        "      METRICS --log-file FILE COMMAND\n"
        "with the METRICS this GPU's ncu --query-metrics knows (ncu: PATH, else /usr/local/cuda/bin). For "
        "--ncu-csv, record the same way, e.g.\n"
        "  ncu " NCU_OPTIONS " --metrics \\\n"
        "      METRICS COMMAND > FILE\n"
        "(concatenated outputs of several commands are read as one). METRICS:\n  ";
    static const char tail[] =
        "\n--clock-control none: kernels run at the clocks rfl measured its roofs at (ncu locks them at base "
        "otherwise, and rfl warns when the recorded clock is low).\n"
        "\n"
        "CPU: --likwid FILE reads the output of likwid-perfctr -O -c CPUS -g GROUP [-m] COMMAND for GROUP in "
        "FLOPS_DP (and/or FLOPS_SP), L2, L3 and MEM (AMD Zen: MEM1, MEM2), one run each, concatenated; --cpu -- "
        "COMMAND runs them where the counters can be read.\n"
        "\n"
        "Exit status: 0 ok; 1 ncu or likwid-perfctr missing, counters not readable, the command or a write "
        "failed; 2 bad usage or an input file rfl cannot read (one line naming FILE:LINE, the kernel and the "
        "metric); 130 interrupted.";
    char *metrics = rfl_ncu_metric_list(NULL, NULL);
    size_t len = sizeof head + sizeof tail + (metrics ? strlen(metrics) : 0);
    char *s = malloc(len);
    if (s)
        snprintf(s, len, "%s%s%s", head, metrics ? metrics : "", tail);
    free(metrics);
    return s;
}

/* A scratch folder for what ncu and likwid-perfctr write; "" when none. */
static int scratch_dir(char *buf, size_t len)
{
    const char *t = getenv("TMPDIR");
    snprintf(buf, len, "%s/rfl-profile.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(buf)) {
        rfl_error("%s: cannot make a scratch folder: %s", buf, strerror(errno));
        buf[0] = '\0';
        return -1;
    }
    return 0;
}

/* The first line of FILE that says what went wrong (an "ERROR" line, else
 * the last non-empty one), into why. */
static void reason_in(const char *file, char *why, size_t len)
{
    char bad[128];
    size_t n = 0;
    char *text = rfl_input_load(file, 1 << 20, &n, bad, sizeof bad);
    snprintf(why, len, "no message");
    for (char *line = text ? strtok(text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (!*line || !strncmp(line, "---", 3))
            continue;
        snprintf(why, len, "%s", line);
        if (strstr(line, "ERROR") || strstr(line, "rror"))
            break;
    }
    free(text);
}

struct query {
    char *text;
};

/* Whether ncu --query-metrics lists the metric (its name without the
 * .sum/.avg at the start of a line). */
static int ncu_knows(const char *name, void *ctx)
{
    const struct query *q = ctx;
    size_t base = strrchr(name, '.') ? (size_t)(strrchr(name, '.') - name) : strlen(name);
    for (const char *p = q->text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, name, base) && (p[base] == ' ' || p[base] == '\t'))
            return 1;
    return 0;
}

static int run_ncu(char **cmd, const char *scratch, struct rfl_profile *p)
{
    char ncu[PATH_MAX], out[PATH_MAX + 64], log[PATH_MAX + 64];
    if (!rfl_which("ncu", "/usr/local/cuda/bin", ncu, sizeof ncu)) {
        rfl_error("ncu not found: install Nsight Compute (CUDA toolkit package nsight-compute)");
        return RFL_EXIT_FAILURE;
    }
    snprintf(out, sizeof out, "%s/query-metrics.txt", scratch);
    snprintf(log, sizeof log, "%s/ncu.csv", scratch);
    char *query_argv[] = {ncu, "--query-metrics", NULL};
    int st = rfl_run_spawn_to(query_argv, ".", 0, out);
    if (rfl_interrupted())
        return RFL_EXIT_INTERRUPTED;
    char why[512];
    if (st != 0) {
        reason_in(out, why, sizeof why);
        rfl_error("%s --query-metrics: exit %d: %s", ncu, st, why);
        return RFL_EXIT_FAILURE;
    }
    struct query q = {rfl_input_read(out, RFL_INPUT_MAX_BYTES, &(size_t){0}, "ncu's metric list")};
    if (!q.text)
        return RFL_EXIT_FAILURE;
    /* Without a time nothing can be placed; any other metric this ncu lacks
     * is left out, and the reader names it and marks what it bounds. */
    for (size_t i = 0; i < rfl_ncu_nmetrics; i++)
        if (rfl_ncu_metrics[i].role == RFL_NCU_TIME && !ncu_knows(rfl_ncu_metrics[i].name, &q)) {
            rfl_error("%s --query-metrics lists no metric '%s' (this GPU or Nsight Compute lacks it)", ncu,
                      rfl_ncu_metrics[i].name);
            free(q.text);
            return RFL_EXIT_FAILURE;
        }
    char *metrics = rfl_ncu_metric_list(ncu_knows, &q);
    free(q.text);
    size_t ncmd = 0;
    while (cmd[ncmd])
        ncmd++;
    char **argv = calloc(ncmd + 16, sizeof *argv);
    if (!metrics || !argv) {
        free(metrics);
        free(argv);
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    size_t a = 0;
    char opts[] = NCU_OPTIONS;
    argv[a++] = ncu;
    for (char *o = strtok(opts, " "); o; o = strtok(NULL, " "))
        argv[a++] = o;
    argv[a++] = "--metrics";
    argv[a++] = metrics;
    argv[a++] = "--log-file";
    argv[a++] = log;
    for (size_t i = 0; i < ncmd; i++)
        argv[a++] = cmd[i];
    st = rfl_run_spawn(argv, ".", 0);
    free(metrics);
    free(argv);
    if (rfl_interrupted() || st == 128 + 2 || st == 128 + 15)
        return RFL_EXIT_INTERRUPTED;
    if (st != 0) {
        rfl_error("ncu exited with status %d: the command failed or ncu could not profile it (its messages are above)",
                  st);
        return RFL_EXIT_FAILURE;
    }
    return rfl_ncu_read(log, p) == 0 ? RFL_EXIT_OK : RFL_EXIT_FAILURE;
}

/* Whether likwid-perfctr -a lists group g (the first word of a line). */
static int likwid_lists(const char *groups, const char *g)
{
    size_t n = strlen(g);
    for (const char *p = groups; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        p += strspn(p, " \t");
        if (!strncmp(p, g, n) && (p[n] == ' ' || p[n] == '\t' || p[n] == '\n' || p[n] == '\0'))
            return 1;
    }
    return 0;
}

static int run_likwid(char **cmd, const char *scratch, int markers, struct rfl_profile *p)
{
    char lk[PATH_MAX], out[PATH_MAX + 64], all[PATH_MAX + 64], why[512];
    if (!rfl_which("likwid-perfctr", NULL, lk, sizeof lk)) {
        rfl_error("likwid-perfctr not found: install likwid (package likwid)");
        return RFL_EXIT_FAILURE;
    }
    /* Can the counters be read here? A run of `true` says (and names why not). */
    snprintf(out, sizeof out, "%s/probe.txt", scratch);
    char *probe[] = {lk, "-O", "-c", "0", "-g", "FLOPS_DP", "true", NULL};
    int st = rfl_run_spawn_to(probe, ".", 0, out);
    if (rfl_interrupted())
        return RFL_EXIT_INTERRUPTED;
    char *text = rfl_input_load(out, 1 << 20, &(size_t){0}, why, sizeof why);
    int tables = text && strstr(text, "TABLE,");
    free(text);
    if (st != 0 || !tables) {
        reason_in(out, why, sizeof why);
        rfl_error("hardware counters are not readable here, so nothing was profiled (likwid-perfctr -g FLOPS_DP: %s)",
                  why);
        return RFL_EXIT_FAILURE;
    }
    snprintf(out, sizeof out, "%s/groups.txt", scratch);
    char *list[] = {lk, "-a", NULL};
    st = rfl_run_spawn_to(list, ".", 0, out);
    char *groups = st == 0 ? rfl_input_load(out, 1 << 20, &(size_t){0}, why, sizeof why) : NULL;
    static const char *const wanted[] = {"FLOPS_DP", "FLOPS_SP", "L2", "L3", "MEM", "MEM1", "MEM2"};
    char cpus[32];
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(cpus, sizeof cpus, "0-%ld", ncpu > 1 ? ncpu - 1 : 0);
    size_t ncmd = 0;
    while (cmd[ncmd])
        ncmd++;
    char **argv = calloc(ncmd + 12, sizeof *argv);
    FILE *cat = NULL;
    snprintf(all, sizeof all, "%s/likwid.csv", scratch);
    int rc = argv && groups ? RFL_EXIT_OK : RFL_EXIT_FAILURE;
    if (rc == RFL_EXIT_OK && !(cat = fopen(all, "w")))
        rc = RFL_EXIT_FAILURE;
    for (size_t g = 0; rc == RFL_EXIT_OK && g < sizeof wanted / sizeof wanted[0]; g++) {
        if (!likwid_lists(groups, wanted[g]))
            continue;
        snprintf(out, sizeof out, "%s/%s.csv", scratch, wanted[g]);
        size_t a = 0;
        argv[a++] = lk, argv[a++] = "-O", argv[a++] = "-o", argv[a++] = out, argv[a++] = "-c", argv[a++] = cpus;
        argv[a++] = "-g", argv[a++] = (char *)wanted[g];
        if (markers)
            argv[a++] = "-m";
        for (size_t i = 0; i < ncmd; i++)
            argv[a++] = cmd[i];
        argv[a] = NULL;
        st = rfl_run_spawn(argv, ".", 0);
        if (rfl_interrupted())
            rc = RFL_EXIT_INTERRUPTED;
        else if (st != 0) {
            rfl_error("likwid-perfctr -g %s exited with status %d: the command failed or the group could not be measured",
                      wanted[g], st);
            rc = RFL_EXIT_FAILURE;
        } else {
            char *part = rfl_input_read(out, RFL_INPUT_MAX_BYTES, &(size_t){0}, "likwid-perfctr's output");
            if (!part || fputs(part, cat) == EOF)
                rc = RFL_EXIT_FAILURE;
            free(part);
        }
    }
    if (cat && fclose(cat) != 0 && rc == RFL_EXIT_OK)
        rc = RFL_EXIT_FAILURE;
    free(argv);
    free(groups);
    if (rc == RFL_EXIT_OK && rfl_likwid_read(all, p) != 0)
        rc = RFL_EXIT_FAILURE;
    return rc;
}

static void warn_caveat(void *ctx, const char *text)
{
    (void)ctx;
    rfl_warn("%s", text);
}

/* Puts profile.csv back as it was before this command replaced it (NULL:
 * there was none), after a signal stopped the charts or the report that go
 * with it: the run directory is left as it was. */
static void restore(const char *path, const char *old)
{
    if (old ? rfl_afile_write_string(path, old) == 0 : unlink(path) == 0 || errno == ENOENT)
        rfl_error("interrupted: %s is as it was before", path);
    else
        rfl_error("interrupted: %s could not be put back as it was", path);
}

/* The points into the model; profile.csv, charts and report into dir. */
static int place(struct rfl_model *m, struct rfl_profile *p, const char *dir, const struct rfl_settings *s, int render)
{
    if (rfl_kernels_label(p->k, p->n) != 0 || rfl_kernels_replace(m, p) != 0) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    const char *device = m->nkernels ? m->kernels[m->nkernels - 1].device : "gpu";
    size_t unplaced = 0, shown = 0;
    char names[512] = "";
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->device, device) || rfl_kernel_placed(k))
            continue;
        if (unplaced++ < 4)
            shown += (size_t)snprintf(names + shown, sizeof names - shown, "%s%.60s", shown ? ", " : "",
                                      rfl_kernel_label(k));
    }
    if (unplaced)
        rfl_warn("%zu %s counted no flops or no bytes (%s%s): listed in the table, not drawn (intensity 0 has no "
                 "place on a log axis)", unplaced, strcmp(device, "gpu") ? "regions" : "kernels", names,
                 unplaced > 4 ? ", ..." : "");
    rfl_kernels_caveats(m, warn_caveat, NULL);
    struct rfl_kernel_table t;
    int made = rfl_kernel_table(m, device, &t);
    if (made > 0) {
        rfl_kernel_table_print(stdout, &t);
        rfl_kernel_table_free(&t);
    }
    if (fflush(stdout) != 0)
        return RFL_EXIT_FAILURE;
    if (rfl_interrupted()) {
        rfl_error("interrupted: nothing written");
        return RFL_EXIT_INTERRUPTED;
    }
    if (made < 0) {
        rfl_error("out of memory");
        return RFL_EXIT_FAILURE;
    }
    if (!dir) {
        rfl_info("no run directory (--run DIR): the points are held against no roofline and nothing is written");
        return RFL_EXIT_OK;
    }
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/profile.csv", dir);
    /* The file this replaces, kept until the charts and the report are made. */
    char *old = NULL;
    if (access(path, F_OK) == 0 && !(old = rfl_input_read(path, RFL_INPUT_MAX_BYTES, &(size_t){0}, "profile.csv")))
        return RFL_EXIT_FAILURE;
    int wrc = rfl_profile_write(m, path);
    if (wrc != 0) {
        free(old);
        return rfl_interrupted() ? RFL_EXIT_INTERRUPTED : wrc == -2 ? RFL_EXIT_USAGE : RFL_EXIT_FAILURE;
    }
    rfl_info("wrote %s (%zu %s)", path, m->nkernels, m->nkernels == 1 ? "point" : "points");
    /* A signal stops the charts before they replace any (plot/profile_points.c
     * fails the chart, gnuplot is not started or is stopped): profile.csv goes
     * back too. Once the charts are in place they match the new file, and
     * only the report (rfl report DIR) is left to make. */
    int rc = rfl_do_plot(dir, s, NULL, render);
    if (rc != RFL_EXIT_OK && rfl_interrupted())
        restore(path, old);
    else if (rc == RFL_EXIT_OK && rfl_interrupted())
        rfl_error("interrupted: %s and the charts are new, the report is not (rfl report %s makes it)", path, dir);
    else if (rc == RFL_EXIT_OK)
        rc = rfl_do_report(dir, s, NULL);
    free(old);
    return rc;
}

int rfl_cmd_profile(int argc, char **argv)
{
    rfl_interrupt_install();
    const char *run = NULL, *ncu_csv = NULL, *likwid = NULL, *config = NULL;
    int cpu = 0, markers = 0, no_render = 0;
    unsigned formats = 0;
    const struct rfl_option table[] = {
        {"run", 'r', RFL_OPT_STRING, &run, "DIR",
         "the run directory: the points are held against its ceilings and profile.csv, the charts and the report "
         "are written there (without it: the table only)", 0, 0, NULL},
        {"ncu-csv", 0, RFL_OPT_STRING, &ncu_csv, "FILE", "read Nsight Compute's CSV (see below) instead of running ncu", 0,
         0, NULL},
        {"likwid", 0, RFL_OPT_STRING, &likwid, "FILE", "read likwid-perfctr -O output (CPU regions; see below)", 0, 0,
         NULL},
        {"cpu", 0, RFL_OPT_FLAG, &cpu, NULL, "run COMMAND under likwid-perfctr (CPU) instead of ncu", 0, 0, NULL},
        {"markers", 0, RFL_OPT_FLAG, &markers, NULL,
         "with --cpu: COMMAND uses LIKWID's marker API (a point per region; default: the whole run)", 0, 0, NULL},
        {"config", 'c', RFL_OPT_STRING, &config, "FILE", "settings, or NAME of an installed config (default: DIR/run.conf, else the embedded default)",
         0, 0, NULL},
        {"no-render", 0, RFL_OPT_FLAG, &no_render, NULL, "write the .gp scripts only", 0, 0, NULL},
        RFL_OPTION_FORMAT(&formats),
    };
    char *epilog = help_epilog();
    const struct rfl_cli cli = {
        .program = "rfl profile",
        .summary = "Puts kernels on the roofline rfl measured of this machine: runs -- COMMAND [ARG]... under "
                   "Nsight Compute (GPU) or likwid-perfctr (--cpu), or reads their output, and writes "
                   "DIR/profile.csv (one row per kernel or region: launches, time, flops per precision, bytes at "
                   "L1, L2, L3 and DRAM/device memory, intensity at each, GFLOP/s, the roof that bounds it and its "
                   "fraction), then redraws the roofline with the kernels as points (one marker per memory level: "
                   "the hierarchical roofline) and the report with their table.",
        .epilog = epilog ? epilog : "",
        RFL_CLI_OPTIONS(table),
        .allow_operands = 1,
    };
    int first = 0;
    enum rfl_cli_result res = rfl_cli_parse(&cli, argc, argv, &first);
    free(epilog);
    if (res == RFL_CLI_DONE)
        return RFL_EXIT_OK;
    if (res == RFL_CLI_ERROR)
        return RFL_EXIT_USAGE;
    char **cmd = first < argc ? argv + first : NULL;
    int sources = (ncu_csv != NULL) + (likwid != NULL) + (cmd != NULL);
    if (sources != 1) {
        fprintf(stderr, "rfl profile: %s (see --help)\n",
                sources ? "one of --ncu-csv FILE, --likwid FILE or -- COMMAND, not several"
                        : "nothing to profile: give --ncu-csv FILE, --likwid FILE or -- COMMAND [ARG]...");
        return RFL_EXIT_USAGE;
    }
    if ((cpu || markers) && !cmd) {
        fprintf(stderr, "rfl profile: --%s runs a COMMAND: give -- COMMAND [ARG]... (see --help)\n",
                cpu ? "cpu" : "markers");
        return RFL_EXIT_USAGE;
    }
    if (markers && !cpu) {
        fprintf(stderr, "rfl profile: --markers goes with --cpu (likwid-perfctr's marker API; see --help)\n");
        return RFL_EXIT_USAGE;
    }
    struct stat st;
    if (run && (stat(run, &st) != 0 || !S_ISDIR(st.st_mode))) {
        fprintf(stderr, "rfl profile: '%s' is not a directory\n", run);
        return RFL_EXIT_USAGE;
    }
    struct rfl_settings s;
    struct rfl_model m;
    memset(&m, 0, sizeof m);
    int rc = run ? rfl_load_settings_for(&s, run, config) : rfl_settings_init(&s) == 0 ? RFL_EXIT_OK : RFL_EXIT_FAILURE;
    if (formats)
        s.formats = formats;
    if (rc == RFL_EXIT_OK && run) {
        rfl_afile_remove_stale(run);
        rc = rfl_model_build(&m, run, &s.ceilings, NULL);
    }
    struct rfl_profile p = {0};
    char scratch[PATH_MAX] = "";
    if (rc == RFL_EXIT_OK && ncu_csv)
        rc = rfl_ncu_read(ncu_csv, &p) == 0 ? RFL_EXIT_OK : RFL_EXIT_USAGE;
    else if (rc == RFL_EXIT_OK && likwid)
        rc = rfl_likwid_read(likwid, &p) == 0 ? RFL_EXIT_OK : RFL_EXIT_USAGE;
    else if (rc == RFL_EXIT_OK && scratch_dir(scratch, sizeof scratch) != 0)
        rc = RFL_EXIT_FAILURE;
    else if (rc == RFL_EXIT_OK)
        rc = cpu ? run_likwid(cmd, scratch, markers, &p) : run_ncu(cmd, scratch, &p);
    if (*scratch)
        rfl_remove_tree(scratch);
    if (rc != RFL_EXIT_OK && !p.n && rfl_interrupted()) /* the readers stop at a signal without a word */
        rfl_error("interrupted: nothing written");
    if (rc == RFL_EXIT_OK)
        rc = place(&m, &p, run, &s, !no_render);
    rfl_profile_free(&p);
    rfl_model_free(&m);
    rfl_settings_free(&s);
    return rfl_interrupted() ? RFL_EXIT_INTERRUPTED : rc;
}
