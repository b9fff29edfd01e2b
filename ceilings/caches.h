/* The cache sizes the sidecars report (hwloc's default discovery, sysfs on
 * Linux; CPUID through hwloc's x86 backend) held against where the CPU's
 * bandwidth curves show their last transition ending (common/plateau.h):
 * which size the sweep confirms. For roofline.json's "caches" and the
 * report's sentence on them (driver/report_caches.c). */
#ifndef RFL_CEILINGS_CACHES_H
#define RFL_CEILINGS_CACHES_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "model.h"

struct rfl_cache_check {
    size_t curves;            /* used CPU curves whose sweep reached memory */
    size_t confirmed;         /* of them, those whose memory plateau is confirmed */
    size_t measured;          /* of them, those whose plateau follows a step of the last cache's own */
    uint64_t step;            /* the median of those steps (rfl_plateau.step), the job's working set (0: none) */
    uint64_t transition_end;  /* where that curve's memory plateau begins, the end of its transition */
    uint64_t hwloc_llc;       /* the job's share of hwloc's last-level cache (0: not known) */
    uint64_t cpuid_llc;       /* the same of CPUID's (0: not recorded) */
    int hwloc_level, cpuid_level;
    int hwloc_agrees, cpuid_agrees; /* rfl_plateau_size_agrees(size, step) */
};

void rfl_cache_check(const struct rfl_model *m, struct rfl_cache_check *v);
/* roofline.json's "caches": both lists, the check and its verdict. */
json_t *rfl_cache_check_json(const struct rfl_model *m);

#endif
