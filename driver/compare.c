/* rfl compare RUN_A RUN_B [RUN_C...]: the ceilings of several runs side by
 * side. Each run's ceilings.csv is read back (ceilings/read.c); ceilings are
 * matched by device, kind and name; each run's value is held against run
 * A's: it differs when |ratio - 1| is above max(tolerance, the two spreads
 * summed). A CPU ceiling within the two runs' machine noise (their noise
 * probes' coefficients of variation summed, from run.json) agrees within
 * the noise: the report of a noisy run says as much, and two full runs on
 * such a machine differ as far. A Markdown table on stdout; with -o DIR also compare.md,
 * compare.csv and one overlay chart per device (compare-DEVICE.gp + .png). */
#include "config.h"
#include "driver.h"
#include "markup.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"
#include "ceilings/write.h"
#include "plot/plot.h"
#include "common/afile.h"
#include "common/input.h"
#include "common/csv.h"
#include "common/log.h"
#include "common/options.h"
#include "common/rfl.h"
#include "schema/schema.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_RUNS 26    /* labelled A to Z */
#define MAX_DEVICES 16 /* charts */

struct run {
    const char *dir;
    char label[2];
    struct rfl_ceiling *c;
    size_t n;
    double noise_percent; /* the CPU's noise over the run (run.json noise.cv x 100); NaN: not probed */
};

/* One ceiling across the runs. */
struct row {
    const struct rfl_ceiling *at[MAX_RUNS]; /* NULL: not in that run */
    const struct rfl_ceiling *any;          /* the first run's that has it */
};

enum verdict { V_REFERENCE, V_AGREE, V_NOISE, V_DIFFERS, V_MISSING, V_UNMATCHED };
static const char *const verdict_names[] = {"reference", "agree", "within_noise", "differs", "missing", "unmatched"};

struct compare {
    struct run runs[MAX_RUNS];
    size_t nruns;
    struct row *rows;
    size_t nrows;
    double tolerance;
    size_t differ, missing, within_noise;
};

static double spread_or_zero(const struct rfl_ceiling *c)
{
    double s = rfl_ceiling_spread(c);
    return isnan(s) ? 0 : s;
}

/* Run j's verdict on a row, with its ratio to run A and its limit (percent). */
static enum verdict judge(const struct compare *k, const struct row *w, size_t j, double *ratio, double *limit)
{
    const struct rfl_ceiling *a = w->at[0], *b = w->at[j];
    *ratio = *limit = NAN;
    if (!b)
        return V_MISSING;
    if (j == 0) {
        *ratio = 1;
        return V_REFERENCE;
    }
    if (!a)
        return V_UNMATCHED;
    *ratio = b->value / a->value;
    *limit = fmax(k->tolerance, spread_or_zero(a) + spread_or_zero(b));
    if (fabs(*ratio - 1) * 100 <= *limit)
        return V_AGREE;
    /* The noise probe times a CPU kernel: it speaks for the CPU's ceilings. */
    const double na = k->runs[0].noise_percent, nb = k->runs[j].noise_percent;
    if (!strcmp(a->device, "cpu") && !(isnan(na) && isnan(nb))) {
        const double noise = (isnan(na) ? 0 : na) + (isnan(nb) ? 0 : nb);
        if (noise > *limit) {
            *limit = noise;
            return fabs(*ratio - 1) * 100 > *limit ? V_DIFFERS : V_NOISE;
        }
    }
    return V_DIFFERS;
}

static int same_ceiling(const struct rfl_ceiling *a, const struct rfl_ceiling *b)
{
    return a->kind == b->kind && !strcmp(a->device, b->device) && !strcmp(a->name, b->name);
}

static int match(struct compare *k)
{
    size_t total = 0;
    for (size_t r = 0; r < k->nruns; r++)
        total += k->runs[r].n;
    k->rows = calloc(total ? total : 1, sizeof *k->rows);
    if (!k->rows) {
        rfl_error("out of memory");
        return -1;
    }
    for (size_t r = 0; r < k->nruns; r++)
        for (size_t i = 0; i < k->runs[r].n; i++) {
            const struct rfl_ceiling *c = &k->runs[r].c[i];
            size_t w = 0;
            while (w < k->nrows && !same_ceiling(k->rows[w].any, c))
                w++;
            if (w == k->nrows)
                k->rows[k->nrows++].any = c;
            k->rows[w].at[r] = c;
        }
    for (size_t w = 0; w < k->nrows; w++) {
        int differs = 0, missing = 0, noise = 0;
        for (size_t j = 0; j < k->nruns; j++) {
            double ratio, limit;
            enum verdict v = judge(k, &k->rows[w], j, &ratio, &limit);
            differs |= v == V_DIFFERS;
            missing |= v == V_MISSING;
            noise |= v == V_NOISE;
        }
        k->differ += differs;
        k->missing += missing;
        k->within_noise += noise && !differs;
    }
    return 0;
}

static void md_cells(FILE *f, const char *const *cells, size_t n)
{
    fputc('|', f);
    for (size_t i = 0; i < n; i++) {
        fputc(' ', f);
        rfl_md_text(f, cells[i], 0);
        fputs(" |", f);
    }
    fputc('\n', f);
}

/* The legend, the table and the summary, in Markdown. */
static void write_table(FILE *f, const struct compare *k)
{
    for (size_t r = 0; r < k->nruns; r++) {
        fprintf(f, "- %s: ", k->runs[r].label);
        rfl_md_text(f, k->runs[r].dir, 0);
        fprintf(f, " (%zu ceilings)\n", k->runs[r].n);
    }
    fputc('\n', f);
    size_t ncols = 2 + k->nruns + 2 * (k->nruns - 1) + 1;
    char(*text)[128] = calloc(ncols, sizeof *text);
    const char **cells = calloc(ncols, sizeof *cells);
    if (!text || !cells) {
        free(text), free(cells);
        rfl_error("out of memory");
        return;
    }
    size_t c = 0;
    cells[c++] = "ceiling";
    cells[c++] = "unit";
    for (size_t r = 0; r < k->nruns; r++)
        cells[c++] = k->runs[r].label;
    for (size_t j = 1; j < k->nruns; j++) {
        snprintf(text[c], sizeof text[c], "%s / A", k->runs[j].label);
        cells[c] = text[c], c++;
        snprintf(text[c], sizeof text[c], "limit %s", k->runs[j].label);
        cells[c] = text[c], c++;
    }
    cells[c++] = "verdict";
    md_cells(f, cells, ncols);
    fputc('|', f);
    for (size_t i = 0; i < ncols; i++)
        fputs("---|", f);
    fputc('\n', f);
    for (size_t w = 0; w < k->nrows; w++) {
        const struct row *row = &k->rows[w];
        const struct rfl_ceiling *any = row->any;
        char verdict[512] = "";
        size_t used = 0;
        c = 0;
        snprintf(text[c], sizeof text[c], "%s %s %s", any->device,
                 any->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute", any->name);
        cells[c] = text[c], c++;
        cells[c++] = rfl_ceiling_unit(any);
        for (size_t r = 0; r < k->nruns; r++, c++) {
            const struct rfl_ceiling *x = row->at[r];
            char num[48], spread[48];
            if (x) {
                rfl_format_double(num, sizeof num, "%.1f", x->value);
                rfl_spread_text(spread, sizeof spread, x);
                snprintf(text[c], sizeof text[c], "%s%s%s%s", num, spread[0] ? " (" : "", spread, spread[0] ? ")" : "");
            } else {
                snprintf(text[c], sizeof text[c], "-");
            }
            cells[c] = text[c];
        }
        const char *const words[] = {"", "", "agrees within the machine's noise: ", "differs: ", "missing in ",
                                     "only in "};
        for (enum verdict v = V_NOISE; v <= V_UNMATCHED; v++) {
            int first = 1;
            for (size_t j = 0; j < k->nruns; j++) {
                double ratio, limit;
                if (judge(k, row, j, &ratio, &limit) != v)
                    continue;
                used += (size_t)snprintf(verdict + used, sizeof verdict - used, "%s%s%s",
                                         first ? (used ? "; " : "") : ", ", first ? words[v] : "",
                                         k->runs[j].label);
                first = 0;
                if (used >= sizeof verdict)
                    used = sizeof verdict - 1;
            }
        }
        for (size_t j = 1; j < k->nruns; j++) {
            double ratio, limit;
            judge(k, row, j, &ratio, &limit);
            if (isnan(limit)) {
                snprintf(text[c], sizeof text[c], "-");
                snprintf(text[c + 1], sizeof text[c + 1], "-");
            } else {
                rfl_format_double(text[c], sizeof text[c], "%.3f", ratio);
                rfl_format_double(text[c + 1], sizeof text[c + 1], "%.1f%%", limit);
            }
            cells[c] = text[c], cells[c + 1] = text[c + 1];
            c += 2;
        }
        cells[c++] = used ? verdict : "agree";
        md_cells(f, cells, ncols);
    }
    free(text);
    free(cells);
    char tol[32];
    rfl_format_double(tol, sizeof tol, "%g", k->tolerance);
    fprintf(f, "\n%zu ceilings: %zu differ%s beyond the noise, %zu %s missing from some run. A ceiling differs "
               "from run A's when |ratio - 1| is above the limit, max(%s%%, the two spreads summed); a spread is "
               "the \xc2\xb1 of ceilings.csv (spread_percent; none: 0).\n",
            k->nrows, k->differ, k->differ == 1 ? "s" : "", k->missing, k->missing == 1 ? "is" : "are", tol);
    int probed = 0;
    for (size_t r = 0; r < k->nruns; r++)
        probed |= !isnan(k->runs[r].noise_percent);
    if (!probed)
        return;
    fputs("Machine noise (run.json, the noise probe's coefficient of variation over the run):", f);
    for (size_t r = 0; r < k->nruns; r++) {
        char num[32] = "-";
        if (!isnan(k->runs[r].noise_percent))
            rfl_format_double(num, sizeof num, "%.1f%%", k->runs[r].noise_percent);
        fprintf(f, "%s %s %s", r ? "," : "", k->runs[r].label, num);
    }
    fprintf(f, ". A CPU ceiling beyond that limit but within the two runs' noise summed (the limit then) agrees "
               "within the machine's noise: %zu ceiling%s; a quieter machine is needed to tell them apart.\n",
            k->within_noise, k->within_noise == 1 ? "" : "s");
}

static int write_csv(const struct compare *k, const char *path)
{
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, rfl_schema_compare.names, rfl_schema_compare.count) != 0)
        return -1;
    for (size_t w = 0; w < k->nrows; w++) {
        const struct rfl_ceiling *any = k->rows[w].any;
        for (size_t r = 0; r < k->nruns; r++) {
            const struct rfl_ceiling *x = k->rows[w].at[r];
            double ratio, limit;
            enum verdict v = judge(k, &k->rows[w], r, &ratio, &limit);
            char spread[32] = "";
            if (x && !isnan(rfl_ceiling_spread(x)))
                rfl_format_double(spread, sizeof spread, "%.2f", rfl_ceiling_spread(x));
            rfl_csv_str(&csv, any->device);
            rfl_csv_str(&csv, any->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute");
            rfl_csv_str(&csv, any->name);
            rfl_csv_str(&csv, rfl_ceiling_unit(any));
            rfl_csv_str(&csv, k->runs[r].label);
            rfl_csv_str(&csv, k->runs[r].dir);
            rfl_csv_double(&csv, x ? x->value : NAN);
            rfl_csv_double(&csv, x ? x->value_low : NAN);
            rfl_csv_double(&csv, x ? x->value_high : NAN);
            rfl_csv_str(&csv, spread);
            rfl_csv_double(&csv, ratio);
            rfl_csv_double(&csv, limit);
            rfl_csv_str(&csv, verdict_names[v]);
            rfl_csv_end_row(&csv);
        }
    }
    return rfl_csv_commit(&csv);
}

/* A device's chart name: compare-DEVICE, its name kept to letters, digits,
 * '-' and '_' (others become '_'), numbered where two would collide. */
static void chart_base(char bases[][48], size_t i, const char *device)
{
    char *b = bases[i];
    int n = snprintf(b, 48, "compare-");
    for (const char *p = device; *p && n < 40; p++, n++)
        b[n] = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
                       *p == '_'
                   ? *p
                   : '_';
    b[n] = '\0';
    for (size_t j = 0; j < i; j++)
        if (!strcmp(bases[j], b)) {
            snprintf(b, 48, "compare-device%zu", i + 1);
            break;
        }
}

/* compare.md, compare.csv and the charts, all or none. */
static int write_outputs(const struct compare *k, const char *out, int render, unsigned formats)
{
    char devices[MAX_DEVICES][16], bases[MAX_DEVICES][48], md[4096], csv[4096];
    size_t ndev = 0;
    for (size_t w = 0; w < k->nrows && ndev < MAX_DEVICES; w++) {
        size_t d = 0;
        while (d < ndev && strcmp(devices[d], k->rows[w].any->device))
            d++;
        if (d == ndev) {
            snprintf(devices[ndev], sizeof devices[0], "%s", k->rows[w].any->device);
            chart_base(bases, ndev, devices[ndev]);
            ndev++;
        }
    }
    snprintf(md, sizeof md, "%s/compare.md", out);
    snprintf(csv, sizeof csv, "%s/compare.csv", out);
    struct rfl_plot_run pr[MAX_RUNS];
    for (size_t r = 0; r < k->nruns; r++)
        pr[r] = (struct rfl_plot_run){k->runs[r].label, k->runs[r].dir, k->runs[r].c, k->runs[r].n};
    char buf[1024];
    const char *gnuplot = render ? rfl_gnuplot_path(buf, sizeof buf) : NULL;
    rfl_afile_remove_stale(out);
    rfl_afile_stage_begin();
    struct rfl_afile f;
    if (rfl_afile_open(&f, md) != 0)
        goto failed;
    fprintf(f.fp, "# Ceilings compared (rfl compare)\n\n");
    write_table(f.fp, k);
    for (size_t d = 0; d < ndev; d++) {
        fprintf(f.fp, "\n![rooflines of ");
        rfl_md_text(f.fp, devices[d], 0);
        fprintf(f.fp, "](%s.png)\n", bases[d]);
    }
    if (rfl_afile_commit(&f) != 0 || write_csv(k, csv) != 0)
        goto failed;
    rfl_plot_script_formats(formats);
    for (size_t d = 0; d < ndev; d++) {
        int rc = rfl_plot_compare(pr, k->nruns, devices[d], out, bases[d]);
        if (rc < 0 || (rc == 0 && gnuplot && rfl_plot_render(gnuplot, out, bases[d], formats) != 0))
            goto failed;
    }
    rfl_plot_script_formats(RFL_PLOT_PNG);
    if (rfl_afile_stage_commit() != 0)
        return -1;
    rfl_info("wrote %s, %s and %zu chart%s%s", md, csv, ndev, ndev == 1 ? "" : "s",
             gnuplot ? "" : render ? " (scripts only: no gnuplot)" : " (scripts only)");
    return 0;
failed:
    rfl_afile_stage_abort();
    return -1;
}

/* Every operand is a run; options may come before, between or after them. */
static int parse(const struct rfl_cli *cli, int argc, char **argv, struct compare *k)
{
    for (;;) {
        int first = 0;
        enum rfl_cli_result res = rfl_cli_parse(cli, argc, argv, &first);
        if (res != RFL_CLI_RUN)
            return res;
        if (first >= argc)
            break;
        if (k->nruns == MAX_RUNS) {
            fprintf(stderr, "%s: at most %d runs, got '%s' too\n", cli->program, MAX_RUNS, argv[first]);
            return RFL_CLI_ERROR;
        }
        k->runs[k->nruns].label[0] = (char)('A' + k->nruns);
        k->runs[k->nruns++].dir = argv[first];
        argc -= first;
        argv += first; /* the operand becomes argv[0], which getopt skips */
    }
    if (k->nruns < 2) {
        fprintf(stderr, "%s: two run directories or more, got %zu (usage: %s [OPTION]... RUN_A RUN_B [RUN_C...])\n",
                cli->program, k->nruns, cli->program);
        return RFL_CLI_ERROR;
    }
    return RFL_CLI_RUN;
}

/* A run's ceilings.csv, read back: exit 2 after one line when it is missing or malformed. */
static int read_run(struct run *r)
{
    struct stat st;
    if (stat(r->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        rfl_error("'%s' is not a directory", r->dir);
        return -1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/ceilings.csv", r->dir);
    if (access(path, F_OK) != 0 && errno == ENOENT) {
        rfl_error("%s: no such file; rfl compare reads each run's ceilings (rfl ceilings %s writes them)", path,
                  r->dir);
        return -1;
    }
    if (rfl_ceilings_read(path, &r->c, &r->n) != 0)
        return -1;
    /* run.json's noise (rfl run writes it; a directory of rfl ceilings alone has none). */
    r->noise_percent = NAN;
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    size_t len = 0;
    char *text = rfl_input_read_text(path, RFL_INPUT_MAX_BYTES, &len, "a run's run.json");
    if (!text)
        return -1;
    json_error_t err;
    json_t *j = json_loadb(text, len, 0, &err);
    free(text);
    if (!j) {
        rfl_error("%s:%d: not JSON: %s", path, err.line, err.text);
        return -1;
    }
    json_t *cv = json_object_get(json_object_get(j, "noise"), "cv");
    if (cv && !json_is_null(cv)) {
        if (!json_is_number(cv) || !(json_number_value(cv) >= 0) || json_number_value(cv) > 100) {
            rfl_error("%s: key noise.cv: not a number from 0 to 100", path);
            json_decref(j);
            return -1;
        }
        r->noise_percent = 100 * json_number_value(cv);
    }
    json_decref(j);
    return 0;
}

int rfl_cmd_compare(int argc, char **argv)
{
    struct compare k;
    memset(&k, 0, sizeof k);
    k.tolerance = 5;
    const char *out = NULL;
    int no_render = 0;
    unsigned formats = RFL_PLOT_PNG;
    struct rfl_option table[] = {
        {"tolerance", 't', RFL_OPT_DOUBLE, &k.tolerance, "PCT",
         "a ceiling differs from run A's when |ratio - 1| is above max(PCT%, the two spreads summed) (default 5)",
         0, 100, NULL},
        RFL_OPTION_OUTPUT("DIR", &out, "also write DIR/compare.md, compare.csv and compare-DEVICE.gp (+ .png)"),
        {"no-render", 0, RFL_OPT_FLAG, &no_render, NULL, "with -o: write the .gp scripts only", 0, 0, NULL},
        RFL_OPTION_FORMAT_HELP(&formats, "with -o: the charts' formats, comma-separated: png (what compare.md "
                                         "links), pdf and svg for papers (default png)"),
    };
    const struct rfl_cli cli = {
        .program = "rfl compare",
        .summary = "rfl compare [OPTION]... RUN_A RUN_B [RUN_C...]: compares the ceilings of two run directories "
                   "or more (their ceilings.csv, as rfl ceilings wrote it), matched by device, kind and name (gpu0 "
                   "of one machine against gpu0 of another): per ceiling each run's value and spread, its ratio to "
                   "run A's, and whether the difference is larger than the noise: the two spreads, and for CPU "
                   "ceilings the machine noise each run's noise probe measured (run.json). A Markdown table on "
                   "stdout; -o DIR adds the files, with one chart per device overlaying the runs' rooflines.",
        .epilog = "Exit status: 0 every ceiling agrees, 1 some ceiling differs beyond the noise or is missing from "
                  "some run (or an output could not be written), 2 bad usage or a run without a readable "
                  "ceilings.csv (the message names FILE:LINE).",
        RFL_CLI_OPTIONS(table),
        .allow_operands = 1,
    };
    const int parsed = parse(&cli, argc, argv, &k);
    if (parsed != RFL_CLI_RUN)
        return parsed == RFL_CLI_DONE ? RFL_EXIT_OK : RFL_EXIT_USAGE;
    int rc = RFL_EXIT_OK;
    for (size_t r = 0; r < k.nruns && rc == RFL_EXIT_OK; r++)
        if (read_run(&k.runs[r]) != 0)
            rc = RFL_EXIT_USAGE;
    if (rc == RFL_EXIT_OK && out) {
        struct stat st;
        if (stat(out, &st) != 0 && errno == ENOENT && mkdir(out, 0777) != 0 && errno != EEXIST) {
            rfl_error("%s: cannot make the directory: %s", out, strerror(errno));
            rc = RFL_EXIT_FAILURE;
        } else if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode)) {
            rfl_error("%s: not a directory (-o)", out);
            rc = RFL_EXIT_USAGE;
        }
    }
    if (rc == RFL_EXIT_OK && match(&k) != 0)
        rc = RFL_EXIT_FAILURE;
    if (rc == RFL_EXIT_OK && out && write_outputs(&k, out, !no_render, formats) != 0)
        rc = RFL_EXIT_FAILURE;
    if (rc == RFL_EXIT_OK) {
        write_table(stdout, &k);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            rfl_error("stdout: %s", strerror(errno));
            rc = RFL_EXIT_FAILURE;
        } else if (k.differ || k.missing) {
            rc = RFL_EXIT_FAILURE;
        }
    }
    for (size_t r = 0; r < k.nruns; r++)
        free(k.runs[r].c);
    free(k.rows);
    return rc;
}
