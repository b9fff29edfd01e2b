#include "config.h"
#include "table.h"
#include "common/input.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

struct growing {
    void *items;
    size_t n, cap, size;
};

static int grow_push(struct growing *g, const void *item)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 64;
        void *p = realloc(g->items, cap * g->size);
        if (!p)
            return -1;
        g->items = p;
        g->cap = cap;
    }
    memcpy((char *)g->items + g->n * g->size, item, g->size);
    g->n++;
    return 0;
}

int rfl_table_read(const char *path, struct rfl_table *t) { return rfl_table_read_some(path, t, 0); }

int rfl_table_read_some(const char *path, struct rfl_table *t, int header_only_ok)
{
    memset(t, 0, sizeof *t);
    size_t len = 0;
    char *text = rfl_input_read_text(path, RFL_INPUT_MAX_BYTES, &len, NULL);
    if (!text)
        return -1;
    if (len == 0) {
        rfl_error("%s:1: empty file (expected a CSV header)", path);
        free(text);
        return -1;
    }
    /* Fields are unquoted in place into `out`, which never outruns the input. */
    char *out = malloc(len + 1);
    struct growing fields = {.size = sizeof(size_t)}, rows = {.size = sizeof(int)};
    size_t o = 0, i = 0, row_start_field = 0, ncols = 0;
    int line = 1, row_line = 1, rc = 0;
    if (!out) {
        free(text);
        rfl_error("%s: out of memory", path);
        return -1;
    }
    while (i < len && rc == 0) {
        /* One record. */
        row_line = line;
        row_start_field = fields.n;
        for (;;) {
            size_t start = o;
            if (text[i] == '"') {
                i++;
                for (;;) {
                    if (i >= len) {
                        rfl_error("%s:%d: unterminated quoted field", path, row_line);
                        rc = -1;
                        break;
                    }
                    if (text[i] == '"') {
                        if (i + 1 < len && text[i + 1] == '"') {
                            out[o++] = '"';
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    if (text[i] == '\n')
                        line++;
                    out[o++] = text[i++];
                }
                if (rc)
                    break;
                if (i < len && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                    rfl_error("%s:%d: text after a closing quote", path, line);
                    rc = -1;
                    break;
                }
            } else {
                while (i < len && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                    if (text[i] == '"') {
                        rfl_error("%s:%d: a quote inside an unquoted field", path, line);
                        rc = -1;
                        break;
                    }
                    out[o++] = text[i++];
                }
                if (rc)
                    break;
            }
            out[o++] = '\0';
            if (grow_push(&fields, &start) != 0) {
                rc = -1;
                rfl_error("%s: out of memory", path);
                break;
            }
            if (i < len && text[i] == ',') {
                i++;
                continue;
            }
            if (i < len && text[i] == '\r')
                i++;
            if (i < len && text[i] == '\n')
                i++;
            line++;
            break;
        }
        if (rc)
            break;
        size_t got = fields.n - row_start_field;
        if (got == 1 && out[((const size_t *)fields.items)[row_start_field]] == '\0' &&
            strspn(text + i, "\r\n") == len - i) {
            fields.n--; /* blank lines at the end of the file */
            break;
        }
        if (rows.n == 0) {
            ncols = got;
        } else if (got != ncols) {
            const size_t *f = (const size_t *)fields.items + row_start_field;
            if (got == 1 && out[f[0]] == '\0')
                rfl_error("%s:%d: empty line (expected %zu fields)", path, row_line, ncols);
            else
                rfl_error("%s:%d: %zu field%s, but the header has %zu", path, row_line, got, got == 1 ? "" : "s", ncols);
            rc = -1;
            break;
        }
        if (grow_push(&rows, &row_line) != 0) {
            rc = -1;
            rfl_error("%s: out of memory", path);
        }
    }
    free(text);
    if (rc == 0 && rows.n == 0) {
        rfl_error("%s:1: empty file (expected a CSV header)", path);
        rc = -1;
    }
    if (rc == 0 && rows.n == 1 && !header_only_ok) {
        rfl_error("%s:2: no data rows after the header", path);
        rc = -1;
    }
    if (rc != 0) {
        free(out);
        free(fields.items);
        free(rows.items);
        return -1;
    }
    const size_t *offs = fields.items;
    t->path = strdup(path);
    t->storage = out;
    t->ncols = ncols;
    t->nrows = rows.n - 1;
    t->columns = malloc(ncols * sizeof *t->columns);
    t->cells = malloc((t->nrows ? t->nrows : 1) * ncols * sizeof *t->cells);
    t->lineno = malloc(rows.n * sizeof *t->lineno);
    if (!t->path || !t->columns || !t->cells || !t->lineno) {
        free(fields.items);
        free(rows.items);
        rfl_table_free(t);
        rfl_error("%s: out of memory", path);
        return -1;
    }
    for (size_t c = 0; c < ncols; c++)
        t->columns[c] = out + offs[c];
    for (size_t c = 0; c < ncols && rc == 0; c++)
        if (t->columns[c][0] == '\0') {
            rfl_error("%s:1: column %zu has an empty name", path, c + 1);
            rc = -1;
        }
    /* A repeated name, found in a sorted copy: a header of a million
     * columns is checked in O(n log n), not O(n^2). */
    char **sorted = rc == 0 && ncols > 1 ? malloc(ncols * sizeof *sorted) : NULL;
    if (sorted) {
        memcpy(sorted, t->columns, ncols * sizeof *sorted);
        qsort(sorted, ncols, sizeof *sorted, cmp_names);
        for (size_t c = 1; c < ncols && rc == 0; c++)
            if (strcmp(sorted[c - 1], sorted[c]) == 0) {
                rfl_error("%s:1: column '%s' appears twice", path, sorted[c]);
                rc = -1;
            }
        free(sorted);
    } else if (rc == 0 && ncols > 1) {
        rfl_error("%s: out of memory", path);
        rc = -1;
    }
    for (size_t r = 0; r < t->nrows; r++) {
        t->lineno[r] = ((const int *)rows.items)[r + 1];
        for (size_t c = 0; c < ncols; c++)
            t->cells[r * ncols + c] = out + offs[(r + 1) * ncols + c];
    }
    free(fields.items);
    free(rows.items);
    if (rc != 0) {
        rfl_table_free(t);
        return -1;
    }
    return 0;
}

void rfl_table_free(struct rfl_table *t)
{
    free(t->path);
    free(t->columns);
    free(t->cells);
    free(t->lineno);
    free(t->storage);
    memset(t, 0, sizeof *t);
}

int rfl_table_column(const struct rfl_table *t, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (strcmp(t->columns[c], name) == 0)
            return (int)c;
    return -1;
}

static int in_list(const char *const *list, const char *name)
{
    for (size_t i = 0; list && list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

int rfl_table_check_columns(const struct rfl_table *t, const char *kind, const char *const *required,
                            const char *const *optional)
{
    for (size_t i = 0; required[i]; i++)
        if (rfl_table_column(t, required[i]) < 0) {
            rfl_error("%s:1: missing column '%s' (required in a %s file)", t->path, required[i], kind);
            return -1;
        }
    for (size_t c = 0; c < t->ncols; c++)
        if (!in_list(required, t->columns[c]) && !in_list(optional, t->columns[c])) {
            rfl_error("%s:1: unknown column '%s' in a %s file (columns: docs/FORMAT.md)", t->path,
                      t->columns[c], kind);
            return -1;
        }
    return 0;
}

static int bad(const struct rfl_table *t, size_t row, int col, const char *what)
{
    rfl_error("%s:%d: column '%s': %s '%s'", t->path, t->lineno[row], t->columns[col], what,
              rfl_table_cell(t, row, col));
    return -1;
}

int rfl_table_double(const struct rfl_table *t, size_t row, int col, int empty_ok, double *out)
{
    const char *s = rfl_table_cell(t, row, col);
    if (*s == '\0') {
        if (!empty_ok)
            return bad(t, row, col, "empty value, expected a number:");
        *out = NAN;
        return 0;
    }
    /* The options' grammar: strtod alone would take " 5" and 0x10, which
     * no rfl program writes and a hand edit did not mean as a number. */
    if (rfl_parse_decimal(s, out) != 0)
        return bad(t, row, col, "invalid number");
    return 0;
}

int rfl_table_u64(const struct rfl_table *t, size_t row, int col, uint64_t *out)
{
    if (rfl_parse_u64(rfl_table_cell(t, row, col), out) != 0)
        return bad(t, row, col, "invalid non-negative integer");
    return 0;
}

int rfl_table_int(const struct rfl_table *t, size_t row, int col, long *out)
{
    if (rfl_parse_long(rfl_table_cell(t, row, col), out) != 0)
        return bad(t, row, col, "invalid integer");
    return 0;
}

static int outside(const struct rfl_table *t, size_t row, int col, const char *range)
{
    rfl_error("%s:%d: column '%s': '%s' is outside %s", t->path, t->lineno[row], t->columns[col],
              rfl_table_cell(t, row, col), range);
    return -1;
}

int rfl_table_count(const struct rfl_table *t, size_t row, int col, long min, long max, long *out)
{
    long v;
    if (rfl_table_int(t, row, col, &v) != 0)
        return -1;
    if (v < min || v > max) {
        char range[64];
        snprintf(range, sizeof range, "%ld to %ld", min, max);
        return outside(t, row, col, range);
    }
    *out = v;
    return 0;
}

int rfl_table_bytes(const struct rfl_table *t, size_t row, int col, uint64_t min, uint64_t *out)
{
    uint64_t v;
    if (rfl_table_u64(t, row, col, &v) != 0)
        return -1;
    if (v < min || v > RFL_TABLE_MAX_BYTES) {
        char range[64];
        snprintf(range, sizeof range, "%llu to %llu (1 EiB)", (unsigned long long)min,
                 (unsigned long long)RFL_TABLE_MAX_BYTES);
        return outside(t, row, col, range);
    }
    *out = v;
    return 0;
}

int rfl_table_text(const struct rfl_table *t, size_t row, int col, const char **out)
{
    const char *s = rfl_table_cell(t, row, col);
    if (*s == '\0')
        return bad(t, row, col, "empty value");
    *out = s;
    return 0;
}
