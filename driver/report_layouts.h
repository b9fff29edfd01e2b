/* The report's section "Ceilings by layout" (rfl run --layouts): each CPU
 * ceiling of each layout of ranks x threads (plot/layouts.h reads them
 * back from DIR/layouts/NAME/ceilings.csv) with its spread and its value
 * over the `node` layout's (one rank x all cores), and which layout gave
 * the best of it. */
#ifndef RFL_DRIVER_REPORT_LAYOUTS_H
#define RFL_DRIVER_REPORT_LAYOUTS_H

#include "doc.h"

/* The section, when d->dir has layouts; nothing otherwise. */
void rfl_report_layouts(struct rfl_doc *d);

#endif
