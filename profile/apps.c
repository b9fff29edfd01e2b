/* Application points: read from a CSV (checked against the machine's
 * levels) and written back into the run directory. */
#include "config.h"
#include "profile.h"
#include "ceilings/model.h"
#include "ceilings/sources.h"
#include "ceilings/table.h"
#include "common/csv.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int valid_level(const struct rfl_model *m, const char *name)
{
    char buf[16];
    for (unsigned l = 0; l <= m->ncache; l++) {
        rfl_level_name(m, l, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return 1;
    }
    return 0;
}

int rfl_apps_read(struct rfl_model *m, const char *path)
{
    struct rfl_table t;
    if (rfl_table_read(path, &t) != 0)
        return -1;
    const struct rfl_source *src = rfl_source_for("applications.csv");
    if (rfl_table_check_columns(&t, "application points", src->required, src->optional) != 0) {
        rfl_table_free(&t);
        return -1;
    }
    int c_name = rfl_table_column(&t, "name"), c_ai = rfl_table_column(&t, "arithmetic_intensity");
    int c_rate = rfl_table_column(&t, "gflops_per_s"), c_level = rfl_table_column(&t, "level");
    int c_prec = rfl_table_column(&t, "precision");
    m->apps = calloc(t.nrows, sizeof *m->apps);
    if (!m->apps) {
        rfl_table_free(&t);
        return -1;
    }
    for (size_t r = 0; r < t.nrows; r++) {
        struct rfl_app *a = &m->apps[r];
        const char *name;
        if (rfl_table_text(&t, r, c_name, &name) || rfl_table_double(&t, r, c_ai, 0, &a->ai) ||
            rfl_table_double(&t, r, c_rate, 0, &a->gflops)) {
            rfl_table_free(&t);
            return -1;
        }
        if (!(a->ai > 0) || !(a->gflops > 0)) {
            rfl_error("%s:%d: arithmetic_intensity and gflops_per_s must be positive", path, t.lineno[r]);
            rfl_table_free(&t);
            return -1;
        }
        a->name = strdup(name);
        if (!a->name) {
            rfl_error("%s: out of memory", path);
            rfl_table_free(&t);
            return -1;
        }
        m->napps++; /* the model owns the name from here (rfl_model_free) */
        snprintf(a->level, sizeof a->level, "%s", rfl_table_cell(&t, r, c_level));
        snprintf(a->precision, sizeof a->precision, "%s", rfl_table_cell(&t, r, c_prec));
        if (a->level[0] && m->ncache && !valid_level(m, a->level)) {
            char known[128] = "", buf[16];
            for (unsigned l = 0; l <= m->ncache; l++) {
                rfl_level_name(m, l, buf, sizeof buf);
                strcat(known, l ? ", " : "");
                strcat(known, buf);
            }
            rfl_error("%s:%d: column 'level': '%s' is not a memory level of this machine (%s)", path,
                      t.lineno[r], a->level, known);
            rfl_table_free(&t);
            return -1;
        }
        if (a->precision[0] && strcmp(a->precision, "fp64") && strcmp(a->precision, "fp32")) {
            rfl_error("%s:%d: column 'precision': '%s' is not fp64 or fp32", path, t.lineno[r], a->precision);
            rfl_table_free(&t);
            return -1;
        }
        /* The roofline above the point must be a number: intensity x
         * bandwidth overflows without a peak to cap it. */
        double att = rfl_app_attainable(m, a, a->bound, sizeof a->bound);
        if (!isfinite(att) || (att > 0 && !isfinite(100.0 * a->gflops / att))) {
            if (!isfinite(att))
                rfl_error("%s:%d: column 'arithmetic_intensity': '%s' x the %s overflows (no peak bounds the point)",
                          path, t.lineno[r], rfl_table_cell(&t, r, c_ai), a->bound);
            else
                rfl_error("%s:%d: column 'gflops_per_s': '%s' is no finite percent of the %g GFLOP/s above it (%s)",
                          path, t.lineno[r], rfl_table_cell(&t, r, c_rate), att, a->bound);
            rfl_table_free(&t);
            return -1;
        }
    }
    rfl_table_free(&t);
    snprintf(m->app_file, sizeof m->app_file, "%s", path);
    return 0;
}

int rfl_apps_write(const struct rfl_model *m, const char *path)
{
    static const char *const cols[] = {"name", "arithmetic_intensity", "gflops_per_s", "level", "precision"};
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, cols, 5) != 0)
        return -1;
    for (size_t i = 0; i < m->napps; i++) {
        rfl_csv_str(&csv, m->apps[i].name);
        rfl_csv_double(&csv, m->apps[i].ai);
        rfl_csv_double(&csv, m->apps[i].gflops);
        rfl_csv_str(&csv, m->apps[i].level);
        rfl_csv_str(&csv, m->apps[i].precision);
        rfl_csv_end_row(&csv);
    }
    return rfl_csv_commit(&csv);
}
