/* The roof above a point (struct rfl_app, model.h: an --app point, a
 * profiled kernel or region, rfl_dense's factorization): what the point's
 * counts give (all its flops, its intensity at a level, the levels of its
 * device) and its bound from the model's ceilings, kept on the point when
 * it joins the model, so the charts and tables read fields. */
#ifndef RFL_CEILINGS_BOUND_H
#define RFL_CEILINGS_BOUND_H

#include "model.h"

/* All its flops; its intensity at a level (NaN: not measured there, or
 * no bytes); whether it is a point on a roofline (flops, and an intensity
 * at some level: a kernel without flops has intensity 0, which a log axis
 * cannot show); the name of a level on its device (NULL: none there). */
double rfl_kernel_flops(const struct rfl_app *k);
double rfl_kernel_ai(const struct rfl_app *k, int level);
int rfl_kernel_placed(const struct rfl_app *k);
const char *rfl_kernel_level_name(const struct rfl_app *k, int level);
/* Its GFLOP/s, the kind of most of its flops, and the roof above it from
 * the model's ceilings: the lowest of intensity x bandwidth over the levels
 * measured and the compute roof of its mix of flops (each kind held against
 * its own ceiling), into gflops, precision, ai/level (the level whose line
 * is lowest), attainable and bound; and what the charts draw: ai_at,
 * level_names and placed. */
void rfl_kernel_bound(const struct rfl_model *m, struct rfl_app *k);

#endif
