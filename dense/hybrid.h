/* rfl_dense's hybrid method: panels on the CPU (LAPACK), updates on the GPU (cuBLAS). */
#ifndef RFL_DENSE_HYBRID_H
#define RFL_DENSE_HYBRID_H

#include "device.h"

/* The pinned panel of n x nb, before the clock starts. 0 or -1. */
int rfl_dense_hybrid_buffers(struct rfl_dense_gpu *g, int nb);

/* Factorization f of the loaded matrix (already in g->a) with panels of nb: ipiv (LU) or tau
 * (QR) on the host; split the CPU panels' and the waits' time. 0, or -1 after a message. */
int rfl_dense_hybrid(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb, int *ipiv, void *tau,
                     struct rfl_dense_split *split);

#endif
