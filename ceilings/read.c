/* ceilings.csv read back (rfl compare): the columns by schema/ceilings.def,
 * each row checked, every problem one line naming FILE:LINE and the value. */
#include "config.h"
#include "model.h"
#include "table.h"
#include "write.h"
#include "common/log.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int text_cell(const struct rfl_table *t, size_t r, int col, char *dst, size_t len)
{
    const char *s;
    if (rfl_table_text(t, r, col, &s) != 0)
        return -1;
    if (strlen(s) >= len) {
        rfl_error("%s:%d: column '%s': value too long (at most %zu characters) '%s'", t->path, t->lineno[r],
                  t->columns[col], len - 1, s);
        return -1;
    }
    snprintf(dst, len, "%s", s);
    return 0;
}

/* A rate: a finite number above 0 (empty: NaN when empty_ok). */
static int rate_cell(const struct rfl_table *t, size_t r, int col, int empty_ok, double *v)
{
    *v = NAN;
    if (col < 0)
        return 0;
    if (rfl_table_double(t, r, col, empty_ok, v) != 0)
        return -1;
    if (!isnan(*v) && !(*v > 0)) {
        rfl_error("%s:%d: column '%s': not above 0 '%s'", t->path, t->lineno[r], t->columns[col],
                  rfl_table_cell(t, r, col));
        return -1;
    }
    return 0;
}

static int read_row(const struct rfl_table *t, size_t r, struct rfl_ceiling *c)
{
    int c_dev = rfl_table_column(t, "device"), c_kind = rfl_table_column(t, "kind");
    int c_name = rfl_table_column(t, "name"), c_value = rfl_table_column(t, "value");
    int c_low = rfl_table_column(t, "value_low"), c_high = rfl_table_column(t, "value_high");
    int c_spec = rfl_table_column(t, "spec_value"), c_points = rfl_table_column(t, "spread_points");
    int c_sync = rfl_table_column(t, "synchronised_value");
    char kind[16];
    memset(c, 0, sizeof *c);
    c->curve = c->segment = -1;
    c->flops_per_elem = NAN;
    if (text_cell(t, r, c_dev, c->device, sizeof c->device) || text_cell(t, r, c_kind, kind, sizeof kind) ||
        text_cell(t, r, c_name, c->name, sizeof c->name) || rate_cell(t, r, c_value, 0, &c->value) ||
        rate_cell(t, r, c_low, 1, &c->value_low) || rate_cell(t, r, c_high, 1, &c->value_high) ||
        rate_cell(t, r, c_spec, 1, &c->spec) || rate_cell(t, r, c_sync, 1, &c->synchronised))
        return -1;
    if (!strcmp(kind, "bandwidth"))
        c->kind = RFL_CEILING_BANDWIDTH;
    else if (!strcmp(kind, "compute"))
        c->kind = RFL_CEILING_COMPUTE;
    else {
        rfl_error("%s:%d: column 'kind': expected bandwidth or compute, not '%s'", t->path, t->lineno[r], kind);
        return -1;
    }
    if (isnan(c->value_low) != isnan(c->value_high)) {
        rfl_error("%s:%d: columns 'value_low', 'value_high': one is empty ('%s', '%s')", t->path, t->lineno[r],
                  rfl_table_cell(t, r, c_low), rfl_table_cell(t, r, c_high));
        return -1;
    }
    if (!isnan(c->value_low) && !(c->value_low <= c->value && c->value <= c->value_high)) {
        rfl_error("%s:%d: column 'value': '%s' is not between value_low '%s' and value_high '%s'", t->path,
                  t->lineno[r], rfl_table_cell(t, r, c_value), rfl_table_cell(t, r, c_low),
                  rfl_table_cell(t, r, c_high));
        return -1;
    }
    long points = 0;
    if (c_points >= 0 && *rfl_table_cell(t, r, c_points) &&
        rfl_table_count(t, r, c_points, 1, RFL_TABLE_MAX_COUNT, &points) != 0)
        return -1;
    c->spread_points = (size_t)points;
    /* who measured it (rfl run --layouts names each layout's ranks x threads); empty: 0 */
    const int c_ranks = rfl_table_column(t, "ranks"), c_threads = rfl_table_column(t, "threads_per_rank");
    if ((c_ranks >= 0 && *rfl_table_cell(t, r, c_ranks) &&
         rfl_table_count(t, r, c_ranks, 0, RFL_TABLE_MAX_COUNT, &c->ranks) != 0) ||
        (c_threads >= 0 && *rfl_table_cell(t, r, c_threads) &&
         rfl_table_count(t, r, c_threads, 0, RFL_TABLE_MAX_COUNT, &c->threads_per_rank) != 0))
        return -1;
    return 0;
}

int rfl_ceilings_read(const char *path, struct rfl_ceiling **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    struct rfl_table t;
    if (rfl_table_read(path, &t) != 0)
        return -1;
    if (rfl_table_check_columns(&t, "ceilings", rfl_schema_ceilings_required, rfl_schema_ceilings_optional) != 0) {
        rfl_table_free(&t);
        return -1;
    }
    struct rfl_ceiling *c = calloc(t.nrows ? t.nrows : 1, sizeof *c);
    if (!c) {
        rfl_error("%s: out of memory", path);
        rfl_table_free(&t);
        return -1;
    }
    /* the job's ceilings; a member's row (its `rank` set) is one rank's own */
    const int c_rank = rfl_table_column(&t, "rank");
    size_t kept = 0;
    int *line = calloc(t.nrows ? t.nrows : 1, sizeof *line);
    if (!line) {
        rfl_error("%s: out of memory", path);
        goto fail;
    }
    for (size_t r = 0; r < t.nrows; r++) {
        if (c_rank >= 0 && *rfl_table_cell(&t, r, c_rank))
            continue;
        if (kept == RFL_CEILINGS_MAX_ROWS) { /* the job's rows; a member's are not counted */
            rfl_error("%s:%d: more than %d ceilings (rfl ceilings writes a few dozen)", path, t.lineno[r],
                      RFL_CEILINGS_MAX_ROWS);
            free(line);
            goto fail;
        }
        if (read_row(&t, r, &c[kept]) != 0) {
            free(line);
            goto fail;
        }
        line[kept] = t.lineno[r];
        for (size_t q = 0; q < kept; q++)
            if (!strcmp(c[q].device, c[kept].device) && c[q].kind == c[kept].kind && !strcmp(c[q].name, c[kept].name)) {
                rfl_error("%s:%d: a second %s %s ceiling '%s' (the first is on line %d)", path, t.lineno[r],
                          c[kept].device, c[kept].kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute",
                          c[kept].name, line[q]);
                free(line);
                goto fail;
            }
        kept++;
    }
    free(line);
    *out = c;
    *n = kept;
    rfl_table_free(&t);
    return 0;
fail:
    free(c);
    rfl_table_free(&t);
    return -1;
}
