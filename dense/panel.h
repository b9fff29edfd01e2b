/* rfl_dense's gpu_panel method: panels and updates on the GPU, a panel of look-ahead. */
#ifndef RFL_DENSE_PANEL_H
#define RFL_DENSE_PANEL_H

#include "device.h"

/* Factorization f of the loaded matrix (already in g->a) with panels of nb, on the device:
 * the pivots in g->ipiv, QR's scalars in g->tau. 0, or -1 after a message. */
int rfl_dense_panel(struct rfl_dense_gpu *g, enum rfl_dense_factor f, int nb);

#endif
