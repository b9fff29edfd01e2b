/* The report's table of rfl_dense's factorizations (dense.csv's verified
 * rows): per row n, factorization, method, precision, GFLOP/s, the
 * fraction of the same run's GEMM rate, the backward error against its
 * bound and where the time went (panel, update, transfer). */
#ifndef RFL_DRIVER_REPORT_DENSE_H
#define RFL_DRIVER_REPORT_DENSE_H

#include <stddef.h>

struct rfl_model;

#define RFL_DTABLE_COLS 10
struct rfl_dense_table {
    size_t nrows;
    const char *head[RFL_DTABLE_COLS];
    char (*cell)[RFL_DTABLE_COLS][64]; /* nrows rows */
    char caption[1536];
};

/* 1 made, 0 no rows, -1 out of memory. */
int rfl_dense_table(const struct rfl_model *m, struct rfl_dense_table *t);
void rfl_dense_table_free(struct rfl_dense_table *t);

#endif
