/* The report's "Warnings": every warning the run printed, in one place
 * near the top (a warning on stderr alone is lost once the terminal is). */
#ifndef RFL_DRIVER_REPORT_WARNINGS_H
#define RFL_DRIVER_REPORT_WARNINGS_H

#include "doc.h"
#include "ceilings/model.h"

/* Each input's sidecar "warnings" (its program's), then rfl run's own from
 * DIR/run.json; nothing when there are none. */
void rfl_report_warnings(struct rfl_doc *d, const struct rfl_model *m);

#endif
