/* What rfl_dense measured (dense.csv): its verified rows, for the dense
 * chart and the report's table, and the factorizations placed as points on
 * the rooflines (load_dense.c). */
#ifndef RFL_CEILINGS_DENSE_H
#define RFL_CEILINGS_DENSE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

struct rfl_model;

/* A factorization by a method, or (factorization "gemm", method "blas" or "cublas") the GEMM
 * reference of its device at its n: the roof of that device's factorizations of that n. */
struct rfl_dense_row {
    char factorization[16], method[16], precision[8], device[16];
    uint64_t n, block;      /* block 0: the library's own */
    double flops, time_s;   /* time_min_s */
    double gflops, gemm_gflops, fraction; /* of the GEMM row of its device, precision and n where the
                                           * file has one, else its own columns; NaN: not measured */
    double panel_s, update_s, transfer_s; /* NaN: not split */
    double error, bound;
    double gflops_median; /* NaN: not in the file */
    long experiments;
    size_t input;         /* m->inputs[input]: the file it came from */
};

struct rfl_dense_data {
    size_t n;
    struct rfl_dense_row *rows;
};

void rfl_dense_free(struct rfl_dense_data *d);

/* The factorization methods of dense.csv (schema/dense_methods.inc), in their order: names
 * and dense.png's key. */
enum {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) RFL_DENSE_ROW_##id,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
    RFL_DENSE_ROW_NMETHOD
};
extern const char *const rfl_dense_row_methods[RFL_DENSE_ROW_NMETHOD];
extern const char *const rfl_dense_row_method_labels[RFL_DENSE_ROW_NMETHOD];

int rfl_dense_is_gemm(const struct rfl_dense_row *r);
/* The GPU compute roof that bounds a cuBLAS gemm row of rfl_dense on a GPU of architecture
 * arch, the tensor roofs of rfl_gemm's GEMMs ("fp64 tensor": DGEMM runs on the FP64 tensor
 * units where the architecture has them); NULL for any other row. */
const char *rfl_dense_gemm_roof(const struct rfl_dense_row *r, const char *arch);
int rfl_dense_on_gpu(const struct rfl_dense_row *r); /* device gpuN, not the host's cpu */

/* The byte model of a point (docs/FORMAT.md, section dense): the bytes a blocked right-looking
 * factorization moves to and within the memory that holds the matrix. */
double rfl_dense_bytes(const struct rfl_dense_row *r);

/* The GEMM roof of a precision on the host (gpu 0) or the GPU (1) for the dense chart: the
 * reference's rate at each n, the same library at the same n as the factorizations it bounds
 * (the gemm rows; in a file from before them, the rows' gemm_gflops_per_s). Ascending n, the
 * best where one n has several; returns how many (at most max). */
size_t rfl_dense_gemm_curve(const struct rfl_dense_data *d, const char *precision, int gpu, uint64_t *n,
                            double *gflops, size_t max);

/* roofline.json's "dense": the points on the rooflines. */
json_t *rfl_dense_points_json(const struct rfl_model *m);

#endif
