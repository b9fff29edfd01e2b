/* rfl_gpu_bandwidth --self-test: the pure helpers of the sweep (vectors of
 * a working set, Kernel C's tile, the level of a working set, the read
 * check's closed form) against figures worked out by hand. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/selftest.h"

#include <stdlib.h>
#include <string.h>

int rfl_gbw_self_test(void)
{
    int failures = rfl_gpu_self_test();
    EXPECT(rfl_gbw_vectors_for(1) == RFL_GBW_QUANTUM);
    EXPECT(rfl_gbw_vectors_for(1000) == RFL_GBW_QUANTUM); /* at least one quantum */
    EXPECT(rfl_gbw_vectors_for(4096) == 256);
    EXPECT(rfl_gbw_vectors_for(1u << 20) == (1u << 16));
    EXPECT(rfl_gbw_vectors_for((1u << 20) + 100) == (1u << 16));
    struct rfl_gpu_device d;
    memset(&d, 0, sizeof d);
    /* An H100 SXM as CUDA reports it. */
    d.sm_count = 132;
    d.max_threads_per_sm = 2048;
    d.shared_per_sm = 233472;
    d.shared_per_block_optin = 232448;
    d.reserved_shared_per_block = 1024;
    d.l2_bytes = 52428800;
    d.rates = rfl_gpu_sm_rates_for(9, 0);
    EXPECT(rfl_gbw_tile_vecs_for(&d, 1024) == (233472 / 2 - 1024 - 256) / 16);
    EXPECT(rfl_gbw_tile_vecs_for(&d, 256) == (233472 / 8 - 1024 - 256) / 16);
    /* Two blocks of 1024 threads fit one SM with their tiles. */
    EXPECT(2 * (rfl_gbw_tile_vecs_for(&d, 1024) * 16 + 1024 + 256) <= 233472);
    EXPECT(rfl_gbw_tile_vecs_for(&d, 32) * 16 <= d.shared_per_block_optin);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_SHARED, 1u << 30) == RFL_GPU_SHARED);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_GLOBAL_INSIDE, 16u << 20) == RFL_GPU_L1);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_GLOBAL_STREAM, 16u << 20) == RFL_GPU_L2);
    /* Past the aggregate L1 (33M) an L1-allocating kernel still hits in L1:
     * no level (issue 14); the L1-skipping kernels are in L2 there. */
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_GLOBAL_INSIDE, 40u << 20) == RFL_GPU_NO_LEVEL);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_GLOBAL_STREAM, 40u << 20) == RFL_GPU_L2);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_L2_CHUNKS, 40u << 20) == RFL_GPU_L2);
    /* l1_set's working set is per SM. */
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_L1_SET, 128u << 10) == RFL_GPU_L1);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_L1_SET, 1u << 20) == RFL_GPU_NO_LEVEL);
    /* The `level` column's values. */
    EXPECT(strcmp(rfl_gpu_level_column(RFL_GPU_NO_LEVEL), "l1_l2") == 0 &&
           strcmp(rfl_gpu_level_column(RFL_GPU_DEVMEM), "device_memory") == 0 &&
           strcmp(rfl_gpu_level_column(RFL_GPU_L1), "l1") == 0);
    /* The chunk plan: 512K chunks, one wave of at most `blocks`, every
     * vector loaded `replicas` times a trial. */
    struct rfl_gbw_chunk_plan cp = rfl_gbw_chunk_plan_of(2u << 20, 32768, 1056);
    EXPECT(cp.nchunks == 64 && cp.replicas == 16 && cp.grid == 1024);
    cp = rfl_gbw_chunk_plan_of(4096, 32768, 1056);
    EXPECT(cp.nchunks == 1 && cp.replicas == 1056 && cp.grid == 1056);
    cp = rfl_gbw_chunk_plan_of(1u << 28, 32768, 1056);
    EXPECT(cp.nchunks == 1056 && cp.replicas == 1 && cp.grid == 1056);
    cp = rfl_gbw_chunk_plan_of(4096, 0, 528); /* l1_set: one chunk */
    EXPECT(cp.nchunks == 1 && cp.replicas == 528);
    /* Bytes counted per trial: write stores, copy loads and stores. */
    struct rfl_gbw_config cfg = {.kernel = RFL_GBW_GLOBAL_STREAM, .access = RFL_GBW_WRITE, .blocks = 1056};
    EXPECT(rfl_gbw_vectors_moved(&cfg, 1000) == 1000);
    cfg.access = RFL_GBW_COPY;
    EXPECT(rfl_gbw_vectors_moved(&cfg, 1000) == 2000);
    cfg.kernel = RFL_GBW_L2_CHUNKS;
    cfg.access = RFL_GBW_READ;
    cfg.tile_vecs = 32768;
    EXPECT(rfl_gbw_vectors_moved(&cfg, 2u << 20) == 16.0 * (2u << 20));
    EXPECT(!rfl_gbw_runs(RFL_GBW_L2_CHUNKS, RFL_GBW_RMW) && !rfl_gbw_runs(RFL_GBW_SHARED, RFL_GBW_WRITE) &&
           rfl_gbw_runs(RFL_GBW_GLOBAL_INSIDE, RFL_GBW_COPY));
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_GLOBAL_LAUNCH, 1ull << 30) == RFL_GPU_DEVMEM);
    EXPECT(rfl_gbw_level_of(&d, RFL_GBW_MEMCPY, 1u << 20) == RFL_GPU_L2);
    /* The read closed form against the pattern summed by hand. */
    for (size_t n = 8; n <= 4096; n *= 2) {
        double s = 0;
        for (size_t i = 0; i < n; i++)
            s += (double)((i & 7) + 1);
        EXPECT(rfl_gbw_read_sum_closed_form(n, 3) == 3 * s);
    }
    /* Every vector count is a whole number of pattern periods in both precisions. */
    EXPECT((rfl_gbw_vectors_for(12345678) * rfl_gbw_lanes_of(RFL_GPU_FP64)) % 8 == 0);
    /* The working sets: every level of an H100 has points at the top of its
     * window whatever the growth (x4 from 64K has none between 16M and 64M). */
    size_t n = 0;
    uint64_t *w = rfl_gbw_working_sets(&d, 64 << 10, 1ull << 30, 4.0, &n);
    const double l1 = 132.0 * 256 * 1024, l2 = 52428800;
    int in_l1_top = 0, between = 0, l2_stream = 0, dram = 0, sorted = 1;
    for (size_t i = 0; w && i < n; i++) {
        in_l1_top += w[i] > 0.5 * l1 && w[i] <= l1;
        between += w[i] > l1 && w[i] <= l2;
        l2_stream += w[i] >= 0.3 * l2 && w[i] <= l2;
        dram += w[i] >= 4 * l2;
        sorted &= i == 0 || w[i] > w[i - 1];
    }
    EXPECT(w && sorted && w[0] == 64 << 10 && w[n - 1] == 1ull << 30);
    EXPECT(in_l1_top >= 2 && between >= 2 && l2_stream >= 3 && dram >= 3);
    free(w);
    /* Anchors outside the range are left out; none comes within 2% of a point. */
    w = rfl_gbw_working_sets(&d, 1 << 20, 4 << 20, 2.0, &n);
    EXPECT(w && n == 3 && w[0] == 1 << 20 && w[2] == 4 << 20);
    free(w);
    EXPECT(rfl_gbw_anchors(256 * 1024, l1, l2, (uint64_t[RFL_GBW_MAX_ANCHORS]){0}) == RFL_GBW_MAX_ANCHORS);
    EXPECT(rfl_gpu_level_of_column("l2") == RFL_GPU_L2 && rfl_gpu_level_of_column("l1_l2") == RFL_GPU_NO_LEVEL &&
           rfl_gpu_level_of_column("bogus") == RFL_GPU_NO_LEVEL);
    /* The kernel table: every kernel's name finds it, and its accesses, its
     * L2 band and its bytes are its row's; --precision's names are the
     * precisions' own, bit for bit (the rows with kernels come first). */
    for (int k = 0; k < RFL_GBW_NKERNELS; k++) {
        EXPECT(rfl_gbw_kernel_of(rfl_gbw_kernel_names[k]) == k && !strcmp(rfl_gbw_kernels[k].name, rfl_gbw_kernel_names[k]));
        EXPECT(rfl_gbw_kernels[k].accesses != 0 && (rfl_gbw_kernels[k].sets == RFL_GPU_NO_LEVEL) == !!rfl_gbw_kernels[k].drawn);
    }
    EXPECT(rfl_gbw_kernel_of("bogus") == RFL_GBW_NKERNELS && rfl_gbw_access_of("copy") == RFL_GBW_COPY);
    EXPECT(rfl_gbw_l2_band_kernel(RFL_GBW_L2_OWN) && rfl_gbw_l2_band_kernel(RFL_GBW_GLOBAL_STREAM) &&
           !rfl_gbw_l2_band_kernel(RFL_GBW_L2_CHUNKS) && !rfl_gbw_l2_band_kernel(RFL_GBW_GLOBAL_INSIDE) &&
           !rfl_gbw_l2_band_kernel(RFL_GBW_NKERNELS));
    for (int p = 0; rfl_gbw_precision_list[p]; p++)
        EXPECT(rfl_gpu_precision_of(rfl_gbw_precision_list[p]) == p && rfl_gpu_precisions[p].bandwidth);
    EXPECT(rfl_gbw_lanes_of(RFL_GPU_FP64) == 2 && rfl_gbw_lanes_of(RFL_GPU_FP32) == 4);
    cfg = (struct rfl_gbw_config){.kernel = RFL_GBW_MEMCPY, .access = RFL_GBW_COPY};
    EXPECT(rfl_gbw_vectors_moved(&cfg, 1000) == 2000);
    cfg = (struct rfl_gbw_config){.kernel = RFL_GBW_GLOBAL_INSIDE, .access = RFL_GBW_RMW};
    EXPECT(rfl_gbw_vectors_moved(&cfg, 1000) == 2000);
    return rfl_selftest_result("rfl_gpu_bandwidth", failures);
}
