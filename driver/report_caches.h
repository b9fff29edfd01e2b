/* The report's sentence on the cache sizes: what hwloc (sysfs on Linux) and
 * CPUID report, where the sweep's last transition ends and which of them
 * it confirms (ceilings/caches.h), in plain words where they disagree. */
#ifndef RFL_DRIVER_REPORT_CACHES_H
#define RFL_DRIVER_REPORT_CACHES_H

#include <stddef.h>

#include "doc.h"
#include "ceilings/model.h"

/* The sentence in buf; 0 when there is nothing to say (no CPU caches). */
size_t rfl_report_caches_text(const struct rfl_model *m, char *buf, size_t len);
/* The same as a paragraph of the report. */
void rfl_report_caches(struct rfl_doc *d, const struct rfl_model *m);

#endif
