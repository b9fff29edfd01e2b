/* The kernel table of rfl profile's points (profile_table.h). */
#include "config.h"
#include "profile_table.h"
#include "ceilings/model.h"
#include "profile/profile.h"
#include "common/csv.h"
#include "common/interrupt.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void number(char *buf, size_t len, double v, const char *fmt)
{
    if (isfinite(v))
        rfl_format_double(buf, len, fmt, v);
    else
        snprintf(buf, len, "-");
}

/* s with `p` put before it. */
static void prefix(char *s, size_t len, const char *p)
{
    size_t n = strlen(p), l = strlen(s);
    if (!n || l + n >= len)
        return;
    memmove(s + n, s, l + 1);
    memcpy(s, p, n);
}

/* Columns a text takes on a terminal: its UTF-8 characters (the marks). */
static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void duration(char *buf, size_t len, double s)
{
    if (s < 1e-3)
        number(buf, len, s * 1e6, "%.1f us");
    else if (s < 1)
        number(buf, len, s * 1e3, "%.3g ms");
    else
        number(buf, len, s, "%.3g s");
}

/* Whether a signal stopped a table: set by the table, read by the report. */
static int stopped;

int rfl_kernel_table_stopped(void)
{
    if (stopped)
        rfl_error("interrupted: the report's kernel table was cut short, so the report is not replaced");
    return stopped;
}

int rfl_kernel_table(const struct rfl_model *m, const char *device, struct rfl_kernel_table *t)
{
    memset(t, 0, sizeof *t);
    const struct rfl_app *first = NULL;
    size_t n = 0;
    int measured[RFL_MEM_NLEVELS] = {0};
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->device, device) || !strcmp(k->tool, "dense"))
            continue;
        first = first ? first : k;
        n++;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            measured[l] |= isfinite(k->bytes[l]) && rfl_kernel_level_name(k, l) != NULL;
    }
    if (!n)
        return 0;
    t->cell = calloc(n, sizeof *t->cell);
    if (!t->cell)
        return -1;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        if (measured[l])
            snprintf(t->levels + strlen(t->levels), sizeof t->levels - strlen(t->levels), "%s%s", *t->levels ? " / " : "",
                     rfl_kernel_level_name(first, l));
    snprintf(t->ai_head, sizeof t->ai_head, "flops/byte at %s", t->levels);
    static const char *const head[RFL_KTABLE_COLS] = {"#", "kernel", "launches", "time", "GFLOP/s", NULL,
                                                      "flops", "bound by", "% of roof"};
    t->ncols = RFL_KTABLE_COLS;
    for (size_t c = 0; c < t->ncols; c++)
        t->head[c] = head[c] ? head[c] : t->ai_head;
    int gpu = !strcmp(device, "gpu");
    if (!strcmp(first->tool, "likwid")) {
        t->head[1] = "region";
        t->head[2] = "calls";
    }
    snprintf(t->title, sizeof t->title, "Profiled %s (%s%s%.120s)", gpu ? "kernels" : "regions",
             gpu ? "Nsight Compute" : "likwid-perfctr", first->device_name ? " on " : "",
             first->device_name ? first->device_name : "");
    snprintf(t->caption, sizeof t->caption,
             "One row per %s (profile.csv has the full names and every count). # is its number on the %s roofline, "
             "where it is drawn at its achieved GFLOP/s once per memory level, at its arithmetic intensity there "
             "(the hierarchical roofline). Its roof: the lowest of intensity x bandwidth over the levels and the "
             "compute roof of its flops (each kind at its own measured ceiling); flops: the kind of most of them.",
             gpu ? "kernel name, launches summed" : "region", gpu ? "GPU" : "CPU");
    size_t number_on_chart = 0, unplaced = 0, above = 0, lower = 0;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if ((i & 255) == 0 && rfl_interrupted()) { /* thousands of kernels: stop within the second */
            stopped = 1;
            rfl_kernel_table_free(t);
            return -1;
        }
        if (strcmp(k->device, device))
            continue;
        if (!strcmp(k->tool, "dense")) { /* rfl_dense's points: numbered on the chart, tabled by report_dense.c */
            number_on_chart += rfl_kernel_placed(k);
            continue;
        }
        char(*row)[160] = t->cell[t->nrows++];
        int placed = rfl_kernel_placed(k);
        if (placed)
            snprintf(row[0], sizeof row[0], "%zu", ++number_on_chart);
        else
            snprintf(row[0], sizeof row[0], "-");
        snprintf(row[1], sizeof row[1], "%s", rfl_kernel_label(k));
        snprintf(row[2], sizeof row[2], "%ld", k->launches);
        duration(row[3], sizeof row[3], k->time_s);
        /* A kernel recorded without some flop count: its flops, intensities, rate and fraction are at least these. */
        const char *ge = k->lower_bound ? "≥" : "";
        lower += k->lower_bound != 0;
        number(row[4], sizeof row[4], k->gflops, k->gflops >= 100 ? "%.0f" : "%.3g");
        prefix(row[4], sizeof row[4], ge);
        for (int l = 0; l < RFL_MEM_NLEVELS; l++) {
            if (!measured[l])
                continue;
            char v[32];
            double ai = rfl_kernel_ai(k, l);
            number(v, sizeof v, rfl_kernel_flops(k) > 0 ? ai : isfinite(k->bytes[l]) ? 0 : NAN, "%.3g");
            if (isfinite(ai) && ai > 0)
                prefix(v, sizeof v, ge);
            snprintf(row[5] + strlen(row[5]), sizeof row[5] - strlen(row[5]), "%s%s", *row[5] ? " / " : "", v);
        }
        snprintf(row[6], sizeof row[6], "%s", *k->precision ? k->precision : "-");
        snprintf(row[7], sizeof row[7], "%s", k->bound);
        number(row[8], sizeof row[8], k->attainable > 0 ? 100 * k->gflops / k->attainable : NAN, "%.0f%%");
        if (k->attainable > 0) {
            prefix(row[8], sizeof row[8], ge);
            if (k->gflops > k->attainable) { /* the roof is wrong, not the kernel: a roof bounds all it runs */
                char roof[32];
                number(roof, sizeof roof, k->attainable, k->attainable >= 100 ? "%.0f" : "%.3g");
                snprintf(row[8] + strlen(row[8]), sizeof row[8] - strlen(row[8]), " (roof measured too low: %s GFLOP/s)",
                         roof);
                above++;
            }
        }
        if (!placed) {
            size_t used = strlen(t->note);
            if (!unplaced++)
                snprintf(t->note, sizeof t->note, "Not on the chart (no flops, or no bytes measured: a log axis has no "
                                                  "place for intensity 0 or none): ");
            used = strlen(t->note);
            if (used + strlen(rfl_kernel_label(k)) + 8 < sizeof t->note)
                snprintf(t->note + used, sizeof t->note - used, "%s%s", unplaced > 1 ? ", " : "", rfl_kernel_label(k));
            else if (!strstr(t->note, "..."))
                snprintf(t->note + used, sizeof t->note - used, ", ...");
        }
    }
    if (unplaced)
        snprintf(t->note + strlen(t->note), sizeof t->note - strlen(t->note), ".");
    if (lower)
        snprintf(t->note + strlen(t->note), sizeof t->note - strlen(t->note),
                 "%s≥: at least this: the recording lacks a flop count of %zu of them (their flops are lower bounds).",
                 *t->note ? " " : "", lower);
    if (above)
        snprintf(t->note + strlen(t->note), sizeof t->note - strlen(t->note),
                 "%sRoof measured too low: %zu ran above the roof they are held against, which must bound every kernel "
                 "the machine runs; measure that roof again.", *t->note ? " " : "", above);
    return 1;
}

void rfl_kernel_table_free(struct rfl_kernel_table *t)
{
    free(t->cell);
    t->cell = NULL;
}

void rfl_kernel_table_print(FILE *out, const struct rfl_kernel_table *t)
{
    size_t w[RFL_KTABLE_COLS];
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = width(t->head[c]);
        for (size_t r = 0; r < t->nrows; r++)
            w[c] = width(t->cell[r][c]) > w[c] ? width(t->cell[r][c]) : w[c];
    }
    fprintf(out, "%s\n", t->title);
    for (size_t r = 0; r <= t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = r ? t->cell[r - 1][c] : t->head[c];
            int right = c != 1 && c != 6 && c != 7;
            fprintf(out, "%s%*s%s%s", c ? "  " : "", right ? (int)(w[c] - width(s)) : 0, "", right ? s : "",
                    right ? "" : s);
            if (!right && c + 1 < t->ncols)
                fprintf(out, "%*s", (int)(w[c] - width(s)), "");
        }
        fputc('\n', out);
    }
    if (*t->note)
        fprintf(out, "%s\n", t->note);
}
