/* rfl_flops's keys in the JSON sidecar (FILE.json next to the CSV): the
 * thread counts, topology and CPU table, the clock of every thread count,
 * the peak and its formula, the model, the verification scheme, the
 * kernels, the sweep and the huge pages. */
#ifndef RFL_FL_SIDECAR_H
#define RFL_FL_SIDECAR_H

#include <stddef.h>

#include <jansson.h>

#include "plan.h"
#include "sample.h"

/* Adds the keys to `meta` (the session's outcome). The clocks' per-thread
 * strings are split in place. */
void rfl_fl_describe_run(json_t *meta, const struct rfl_fl_plan *p, struct rfl_fl_clocks *clocks, double elapsed_s,
                         int madvise_ok, size_t buffer_bytes, size_t above_rows);

#endif
