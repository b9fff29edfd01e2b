/* Reading the programs' CSV back: RFC 4180 fields (quotes, doubled quotes),
 * columns looked up by name, every problem one line naming FILE:LINE. */
#ifndef RFL_CEILINGS_TABLE_H
#define RFL_CEILINGS_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include "common/number.h"

struct rfl_table {
    char *path;
    size_t ncols, nrows;
    char **columns;  /* header names */
    char **cells;    /* nrows x ncols, row-major; "" for an empty field */
    int *lineno;     /* file line of each row, for messages */
    char *storage;
};

/* Reads the whole file. An empty file, a file without data rows, an
 * unterminated quote or a row whose field count differs from the header's
 * is an error (one line on stderr, -1). */
int rfl_table_read(const char *path, struct rfl_table *t);
/* The same, but a header without rows is a table of none where
 * `header_only_ok` (a program whose time budget cut every point). */
int rfl_table_read_some(const char *path, struct rfl_table *t, int header_only_ok);
void rfl_table_free(struct rfl_table *t);

/* Index of a column, or -1. */
int rfl_table_column(const struct rfl_table *t, const char *name);
/* Every `required` column must be present and every header name must be in
 * `required` or `optional` (both NULL-terminated; optional may be NULL):
 * a file written by an unknown or newer program is refused rather than
 * half understood. -1 with a message naming the file and the column. */
int rfl_table_check_columns(const struct rfl_table *t, const char *kind, const char *const *required,
                            const char *const *optional);

static inline const char *rfl_table_cell(const struct rfl_table *t, size_t row, int col)
{
    return col < 0 ? "" : t->cells[row * t->ncols + (size_t)col];
}

/* Typed access: -1 with "FILE:LINE: column 'c': invalid ... 'v'" on a bad
 * value. An empty field is an error unless `empty_ok`, when it reads as NaN
 * (double) or leaves *out untouched (integers). */
int rfl_table_double(const struct rfl_table *t, size_t row, int col, int empty_ok, double *out);
int rfl_table_u64(const struct rfl_table *t, size_t row, int col, uint64_t *out);
int rfl_table_int(const struct rfl_table *t, size_t row, int col, long *out);
/* The ranges every count and size read from a CSV must fall in, so that no
 * product of them overflows: counts (ranks, threads, blocks, chains,
 * reuse, m, n, k ...) fit an int, as the programs that write them count;
 * sizes in bytes are at most 1 EiB. docs/FORMAT.md names both. */
#define RFL_TABLE_MAX_COUNT 2147483647L
#define RFL_TABLE_MAX_BYTES ((uint64_t)1 << 60)
/* An integer from min to max: -1 with "FILE:LINE: column 'c': 'v' is
 * outside MIN to MAX" (or invalid integer). */
int rfl_table_count(const struct rfl_table *t, size_t row, int col, long min, long max, long *out);
/* A size in bytes from min to RFL_TABLE_MAX_BYTES. */
int rfl_table_bytes(const struct rfl_table *t, size_t row, int col, uint64_t min, uint64_t *out);
/* A non-empty text field. */
int rfl_table_text(const struct rfl_table *t, size_t row, int col, const char **out);

/* Every number above is read with common/number.h's strict grammar, the
 * one options and config files use: no blanks, hex, inf or nan. */

#endif
