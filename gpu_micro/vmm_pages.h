/* An array built from the driver's smallest physical pages, mapped into
 * one virtual range in shuffled order (cuMemCreate / cuMemMap).  With
 * virtually adjacent pages physically apart, no translation can cover more
 * than one page, so a pointer chase at a page stride sees the TLB's reach
 * in pages, not whatever cudaMalloc's contiguous mapping lets the hardware
 * merge.  The driver API is fetched at run time through the runtime
 * (cudaGetDriverEntryPointByVersion): nothing links against libcuda. */
#ifndef RFL_GPU_VMM_PAGES_H
#define RFL_GPU_VMM_PAGES_H

#include <stddef.h>

struct rfl_vmm_pages {
    void *base;         /* the virtual range, `pages` x `page_bytes` */
    size_t page_bytes;  /* the allocation granularity (2 MiB on Hopper) */
    size_t pages;
    void *priv;
};

/* Maps at least `bytes` (rounded up to whole pages) on `device`. Returns 0,
 * or -1 with `why` filled (the driver API is missing, or a call failed);
 * nothing stays allocated after a failure. */
int rfl_vmm_pages_map(struct rfl_vmm_pages *v, int device, size_t bytes, char *why, size_t why_len);
void rfl_vmm_pages_free(struct rfl_vmm_pages *v);

#endif
