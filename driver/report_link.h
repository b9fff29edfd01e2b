/* The report's words on rfl_gpu_link's measurements (ceilings/gpu_link.h):
 * a paragraph, the matrix of one-way cudaMemcpyPeer rates (a row per
 * source GPU, a column per destination) and a table of every pair. */
#ifndef RFL_DRIVER_REPORT_LINK_H
#define RFL_DRIVER_REPORT_LINK_H

#include <stddef.h>

struct rfl_model;

#define RFL_REPORT_CELL 64

/* Cells row by row, the header first: rows x cols of them. */
struct rfl_report_table {
    size_t rows, cols;
    char (*cells)[RFL_REPORT_CELL];
    const char **ptr; /* the same, as pointers (for a row: ptr + r * cols) */
};

/* 1 with the paragraph and both tables filled (free them), 0 when the
 * model has no GPU link series, -1 out of memory (one line said). */
int rfl_report_link(const struct rfl_model *m, char *para, size_t len, struct rfl_report_table *matrix,
                    struct rfl_report_table *pairs);
void rfl_report_table_free(struct rfl_report_table *t);

#endif
