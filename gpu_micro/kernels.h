/* Kernels of rfl_gpu_micro (Volkov and Demmel, Section 3), one group per
 * mode, with C launchers for the host code. */
#ifndef RFL_GPU_MICRO_KERNELS_H
#define RFL_GPU_MICRO_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu/gpu_shared.h"

#ifdef __cplusplus
extern "C" {
#endif

/* launch: the simplest kernel, one word updated (Volkov 3.1): thread 0 of
 * block 0 adds 1 to *counter, so N launches leave N there. */
cudaError_t rfl_gmi_tick(unsigned blocks, unsigned threads, unsigned long long *counter, cudaStream_t s);

/* transfer: the byte pattern (gpu/gpu_shared.h), filled and checked on the device. */
cudaError_t rfl_gmi_bytes_fill(unsigned char *a, size_t n, unsigned seed, cudaStream_t s);
cudaError_t rfl_gmi_bytes_check(const unsigned char *a, size_t n, unsigned seed, struct rfl_gpu_mismatch *m,
                                cudaStream_t s);

/* chase (Volkov 3.3, Fig. 1): one thread follows p = *p through a cycle
 * of `cycle` elements `stride` bytes apart, `warmup` steps untimed, then
 * `steps` timed (a multiple of 8); *final_offset is where it ends, in
 * bytes from the start. */
enum rfl_gmi_chase_memory { RFL_GMI_GLOBAL_CA, RFL_GMI_GLOBAL_CG, RFL_GMI_SHARED, RFL_GMI_NCHASE };
cudaError_t rfl_gmi_chase_init(void *a, size_t cycle, size_t stride_bytes, cudaStream_t s);
/* The same cycle visited in `order` (device memory, `cycle` node indices,
 * order[0] = 0 so the chase still starts at `a`). */
cudaError_t rfl_gmi_chase_init_order(void *a, const unsigned *order, size_t cycle, size_t stride_bytes,
                                     cudaStream_t s);
cudaError_t rfl_gmi_chase(enum rfl_gmi_chase_memory mem, void *a, size_t cycle, size_t stride_bytes,
                          unsigned long long warmup, unsigned long long steps, unsigned long long *final_offset,
                          struct rfl_gpu_clock *clock, cudaStream_t s);
/* Largest array the shared-memory chase takes on this device. */
size_t rfl_gmi_chase_shared_max(void);

/* pipeline (Volkov 3.4, 3.6): one block, each thread `chains` dependent
 * chains of `n` FMAs b = b*m + c; block-wide cycles from thread 0 between
 * two barriers. out[thread * chains + j] = the chain's last value. */
cudaError_t rfl_gmi_pipeline(int fp64, unsigned chains, unsigned threads, unsigned n, void *out,
                             struct rfl_gpu_clock *clock, cudaStream_t s);

/* stride (Volkov 3.5): copies over a persistent grid. */
cudaError_t rfl_gmi_copy_fill(unsigned *src, unsigned *dst, size_t words, cudaStream_t s);
/* word_bytes 4, 8 or 16: n_words words from src + offset to dst + offset
 * (offset and n in 4-byte words); stride > 1 copies every stride-th word. */
cudaError_t rfl_gmi_copy(const unsigned *src, unsigned *dst, size_t words, unsigned word_bytes, unsigned offset,
                         unsigned stride, unsigned blocks, unsigned threads, cudaStream_t s);
/* Every word w of dst must be pattern(w) if first <= w < last and
 * (w - first) % stride == 0, else the poison 0xffffffff. */
cudaError_t rfl_gmi_copy_check(const unsigned *dst, size_t words, size_t first, size_t last, unsigned stride,
                               struct rfl_gpu_mismatch *m, cudaStream_t s);
cudaError_t rfl_gmi_copy_occupancy(unsigned word_bytes, unsigned stride, unsigned threads, int *blocks_per_sm);

/* barrier (Volkov 3.8): `iters` device-wide barriers in one kernel, by
 * cooperative groups' grid sync or by an atomic counter; or `iters`
 * launches of a kernel, the barrier being the launch boundary.  Each
 * barrier is checked: after barrier i every block must see its neighbour's
 * flag at i (or i + 1); *errors counts the blocks that did not. */
enum rfl_gmi_barrier { RFL_GMI_GRID_SYNC, RFL_GMI_ATOMIC, RFL_GMI_RELAUNCH, RFL_GMI_NBARRIER };
cudaError_t rfl_gmi_barrier(enum rfl_gmi_barrier method, unsigned blocks, unsigned threads, unsigned iters,
                            unsigned *flags, unsigned *sync_words, unsigned *errors, cudaStream_t s);
cudaError_t rfl_gmi_barrier_occupancy(enum rfl_gmi_barrier method, unsigned threads, int *blocks_per_sm);

#ifdef __cplusplus
}
#endif

#endif
