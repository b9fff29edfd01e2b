/* The model of a run directory, written: ceilings.csv, roofline.json and a
 * one-screen summary; and ceilings.csv read back (read.c). */
#ifndef RFL_CEILINGS_WRITE_H
#define RFL_CEILINGS_WRITE_H

#include "model.h"

int rfl_ceilings_write_csv(const struct rfl_model *m, const char *path);
int rfl_roofline_write_json(const struct rfl_model *m, const char *path);
void rfl_ceilings_print(const struct rfl_model *m);

/* The rows of a ceilings.csv (columns by schema/ceilings.def; the spread's
 * columns may be missing, as in files of rfl before them: NaN), into a new
 * array (*out, *n; free()). Device, kind and name are those of rfl
 * ceilings; value above 0, between value_low and value_high where given;
 * one row per device, kind and name; at most RFL_CEILINGS_MAX_ROWS rows
 * (the members' rows, their `rank` set, are skipped and not counted).
 * -1 after one line naming FILE:LINE. */
#define RFL_CEILINGS_MAX_ROWS 1024
int rfl_ceilings_read(const char *path, struct rfl_ceiling **out, size_t *n);

#endif
