/* rfl_dense's recursive method: LU and Cholesky by halves, a leaf of nb by cuSOLVER. */
#ifndef RFL_DENSE_RECURSIVE_H
#define RFL_DENSE_RECURSIVE_H

#include "device.h"

/* LU (pivots in g->ipiv) or Cholesky of the loaded matrix (already in g->a), leaves of nb
 * columns. 0, or -1 after a message. */
int rfl_dense_recursive(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb);

/* LU of the panel A[c:n, c:c+w] on lane l by the same recursion, leaves of `leaf` columns, not
 * timed by part (the caller times it whole); the interchanges reach the columns outside it from
 * the caller. 0, or -1 after a message. */
int rfl_dense_recursive_lu_panel(struct rfl_dense_gpu *g, struct rfl_dense_lane *l, int c, int w, int leaf);

#endif
