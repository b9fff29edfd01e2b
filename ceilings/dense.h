/* What rfl_dense measured (dense.csv): its verified rows, for the dense
 * chart and the report's table, and the factorizations placed as points on
 * the rooflines (load_dense.c). */
#ifndef RFL_CEILINGS_DENSE_H
#define RFL_CEILINGS_DENSE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

struct rfl_model;

struct rfl_dense_row {
    char factorization[16], method[16], precision[8], device[16];
    uint64_t n, block;      /* block 0: the library's own */
    double flops, time_s;   /* time_min_s */
    double gflops, gemm_gflops, fraction; /* gemm_gflops, fraction: NaN where not measured */
    double panel_s, update_s, transfer_s; /* NaN: not split */
    double error, bound;
};

struct rfl_dense_data {
    size_t n;
    struct rfl_dense_row *rows;
};

void rfl_dense_free(struct rfl_dense_data *d);

/* The byte model of a point (docs/FORMAT.md, section dense): the bytes a blocked right-looking
 * factorization moves to and within the memory that holds the matrix. */
double rfl_dense_bytes(const struct rfl_dense_row *r);

/* The GEMM roof of a precision for the dense chart: gemm.csv's best rate of that precision (where
 * rfl_gemm ran; *source "gemm.csv"), else dense.csv's own GEMM reference at its largest n
 * (*source "dense.csv"); NaN: none. On the device of `gpu` (1) or the host (0). */
double rfl_dense_gemm_roof(const struct rfl_model *m, const char *precision, int gpu, const char **source);

/* roofline.json's "dense": the points on the rooflines. */
json_t *rfl_dense_points_json(const struct rfl_model *m);

#endif
