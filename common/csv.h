/* Tidy CSV output: a header of snake_case column names with units, one row
 * per measurement, '.' as the decimal point under any locale, written
 * atomically (see afile.h). */
#ifndef RFL_CSV_H
#define RFL_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "afile.h"

struct rfl_csv {
    struct rfl_afile file;
    const char *const *columns;
    size_t ncols;
    size_t col;  /* fields written in the current row */
    size_t rows;
    /* The first number written that rfl's reader would refuse (infinite, or a denormal strtod
     * calls out of range): the commit refuses the file rather than leave one no rfl can read. */
    size_t bad_line;
    const char *bad_column;
    char bad_text[64];
};

int rfl_csv_open(struct rfl_csv *csv, const char *path, const char *const *columns, size_t ncols);
void rfl_csv_str(struct rfl_csv *csv, const char *value);
void rfl_csv_u64(struct rfl_csv *csv, uint64_t value);
void rfl_csv_int(struct rfl_csv *csv, long long value);
/* Nine significant digits: more than any timer here resolves. */
void rfl_csv_double(struct rfl_csv *csv, double value);
/* A point's samples (common/stats.h) in six columns: the min, median and
 * max time (s), then `amount` per second at each (x 1e-9: GB/s, Gflop/s):
 * the best, the median and the worst rate. */
struct rfl_stats;
void rfl_csv_samples(struct rfl_csv *csv, const struct rfl_stats *st, double amount);
/* Ends the row; a row with the wrong number of fields is a programming error
 * and aborts. */
void rfl_csv_end_row(struct rfl_csv *csv);
/* Commits the file; refuses it (one line naming FILE:LINE, the column and the value, nothing
 * written, -1) where a number written would not read back (bad_line). */
int rfl_csv_commit(struct rfl_csv *csv);
void rfl_csv_abort(struct rfl_csv *csv);

/* Formats a double with '.' as decimal point whatever LC_NUMERIC says. */
void rfl_format_double(char *buf, size_t len, const char *fmt, double value);

#endif
