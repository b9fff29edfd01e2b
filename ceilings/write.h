/* The model of a run directory, written: ceilings.csv, roofline.json and a
 * one-screen summary. */
#ifndef RFL_CEILINGS_WRITE_H
#define RFL_CEILINGS_WRITE_H

#include "model.h"

int rfl_ceilings_write_csv(const struct rfl_model *m, const char *path);
int rfl_roofline_write_json(const struct rfl_model *m, const char *path);
void rfl_ceilings_print(const struct rfl_model *m);

#endif
