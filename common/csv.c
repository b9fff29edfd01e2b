#include "config.h"
#include "csv.h"
#include "log.h"
#include "number.h"
#include "stats.h"

#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
void rfl_format_double(char *buf, size_t len, const char *fmt, double value)
{
    locale_t c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t previous = c_locale ? uselocale(c_locale) : (locale_t)0;
    snprintf(buf, len, fmt, value);
    if (c_locale) {
        uselocale(previous);
        freelocale(c_locale);
    }
}
#pragma GCC diagnostic pop

int rfl_csv_open(struct rfl_csv *csv, const char *path, const char *const *columns, size_t ncols)
{
    memset(csv, 0, sizeof *csv);
    if (rfl_afile_open(&csv->file, path) != 0)
        return -1;
    csv->columns = columns;
    csv->ncols = ncols;
    for (size_t i = 0; i < ncols; i++)
        fprintf(csv->file.fp, "%s%s", i ? "," : "", columns[i]);
    fputc('\n', csv->file.fp);
    return 0;
}

static void separator(struct rfl_csv *csv)
{
    if (csv->col >= csv->ncols) {
        fprintf(stderr, "rfl_csv: more fields than the %zu columns\n", csv->ncols);
        abort();
    }
    if (csv->col++)
        fputc(',', csv->file.fp);
}

void rfl_csv_str(struct rfl_csv *csv, const char *value)
{
    separator(csv);
    if (!value)
        return;
    if (strpbrk(value, ",\"\n\r")) {
        fputc('"', csv->file.fp);
        for (const char *p = value; *p; p++) {
            if (*p == '"')
                fputc('"', csv->file.fp);
            fputc(*p, csv->file.fp);
        }
        fputc('"', csv->file.fp);
    } else {
        fputs(value, csv->file.fp);
    }
}

void rfl_csv_u64(struct rfl_csv *csv, uint64_t value)
{
    separator(csv);
    fprintf(csv->file.fp, "%" PRIu64, value);
}

void rfl_csv_int(struct rfl_csv *csv, long long value)
{
    separator(csv);
    fprintf(csv->file.fp, "%lld", value);
}

void rfl_csv_double(struct rfl_csv *csv, double value)
{
    separator(csv);
    if (isnan(value))
        return; /* empty field: not measured */
    char buf[64];
    rfl_format_double(buf, sizeof buf, "%.9g", value);
    double back;
    if (!csv->bad_line && rfl_parse_decimal(buf, &back) != 0) {
        csv->bad_line = csv->rows + 2; /* the header is line 1 */
        csv->bad_column = csv->columns[csv->col - 1];
        snprintf(csv->bad_text, sizeof csv->bad_text, "%s", buf);
    }
    fputs(buf, csv->file.fp);
}

void rfl_csv_samples(struct rfl_csv *csv, const struct rfl_stats *st, double amount)
{
    rfl_csv_double(csv, st->min);
    rfl_csv_double(csv, st->median);
    rfl_csv_double(csv, st->max);
    rfl_csv_double(csv, amount / st->min * 1e-9);
    rfl_csv_double(csv, amount / st->median * 1e-9);
    rfl_csv_double(csv, amount / st->max * 1e-9);
}

void rfl_csv_end_row(struct rfl_csv *csv)
{
    if (csv->col != csv->ncols) {
        fprintf(stderr, "rfl_csv: row has %zu fields, header has %zu\n", csv->col, csv->ncols);
        abort();
    }
    fputc('\n', csv->file.fp);
    csv->col = 0;
    csv->rows++;
}

int rfl_csv_commit(struct rfl_csv *csv)
{
    if (csv->bad_line) {
        rfl_error("%s:%zu: column '%s': %s, which rfl cannot read back (not a finite number in range): "
                  "nothing written", csv->file.path ? csv->file.path : "-", csv->bad_line, csv->bad_column,
                  csv->bad_text);
        rfl_afile_abort(&csv->file);
        return -1;
    }
    return rfl_afile_commit(&csv->file);
}
void rfl_csv_abort(struct rfl_csv *csv) { rfl_afile_abort(&csv->file); }
