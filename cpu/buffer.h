/* The benchmarks' data buffers: 2 MiB aligned and offered to transparent
 * huge pages, whose TLB reach is worth about 40% of DRAM bandwidth on the
 * development machine; and what the kernel actually gave, for the sidecar. */
#ifndef RFL_BUFFER_H
#define RFL_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define RFL_HUGE_PAGE_BYTES ((size_t)2 << 20)

/* NULL (with a message naming the size) when the allocation fails.
 * *madvise_ok: the kernel accepted MADV_HUGEPAGE. Free with free(). */
char *rfl_buffer_alloc(size_t bytes, int *madvise_ok);
/* The same without the message: NULL where the system refuses the size
 * (the caller has a smaller plan). Pages are not touched: an allocation
 * larger than what is used costs address space only. */
char *rfl_buffer_try_alloc(size_t bytes, int *madvise_ok);
/* A thread's first touch of its share (zeroes, so its pages come from its
 * NUMA node), in slices, stopping early once this process had a signal:
 * a large working set takes a while to touch, and the sweep is about to
 * stop anyway (the next timed sample tells every rank). */
void rfl_buffer_first_touch(char *p, size_t bytes);
/* thp_enabled, madvise_hugepage, buffer_bytes_rank0, anon_huge_bytes_rank0. */
json_t *rfl_buffer_hugepages_json(int madvise_ok, uint64_t buffer_bytes);
/* Memory the system has free now, in bytes (0 if unknown). */
double rfl_buffer_available_memory(void);
/* The buffers a node's ranks may hold, in bytes: --mem-limit (`option`;
 * 0: not given), else half the memory free now. */
double rfl_buffer_node_limit(uint64_t option);
/* Whether `node_bytes` of buffers per node keep to `limit`; where not, 0
 * after one line ("option --wss: buffers need ... per node ..."). */
int rfl_buffer_node_fits(double node_bytes, double limit);

#endif
