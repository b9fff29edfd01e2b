/* The kernel table of rfl profile's points on one device: the report's
 * (report.c) and rfl profile's own on stdout, from the same rows. */
#ifndef RFL_DRIVER_PROFILE_TABLE_H
#define RFL_DRIVER_PROFILE_TABLE_H

#include <stddef.h>
#include <stdio.h>

struct rfl_model;

#define RFL_KTABLE_COLS 9
struct rfl_kernel_table {
    size_t ncols, nrows;
    const char *head[RFL_KTABLE_COLS];
    char (*cell)[RFL_KTABLE_COLS][160]; /* nrows rows of ncols cells */
    char title[192], caption[768], note[1024];
    char levels[64];                    /* the intensity column's levels, "L1 / L2 / device memory" */
    char ai_head[96];                   /* its heading */
};

/* The table of the model's kernels on `device` ("cpu" or "gpu"): 1 made,
 * 0 none there, -1 out of memory or a signal (rfl_kernel_table_stopped). # numbers the kernels drawn on the
 * roofline, in the order plot/profile_points.c draws them. */
int rfl_kernel_table(const struct rfl_model *m, const char *device, struct rfl_kernel_table *t);
void rfl_kernel_table_free(struct rfl_kernel_table *t);
/* Whether a signal stopped a table on its way (rfl_kernel_table then
 * returns -1): the report, which goes on without it, is not to replace the
 * previous one (one line says so). */
int rfl_kernel_table_stopped(void);
/* The table as aligned text (rfl profile's stdout). */
void rfl_kernel_table_print(FILE *out, const struct rfl_kernel_table *t);

#endif
