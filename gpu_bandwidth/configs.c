/* The configurations of rfl_gpu_bandwidth's sweep and where a working set
 * lives: kernels x access x precision x threads per block x blocks per
 * grid, each resolved against the device (its tile or chunk, occupancy and
 * grid), the vectors of a working set, and its level by capacity. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/log.h"
#include "common/rfl.h"

#include <stdlib.h>

/* Vectors of an array of about `bytes`: a whole number of quanta, at least one. */
size_t rfl_gbw_vectors_for(uint64_t bytes)
{
    size_t n = (size_t)(bytes / RFL_GBW_VEC_BYTES) / RFL_GBW_QUANTUM * RFL_GBW_QUANTUM;
    return n < RFL_GBW_QUANTUM ? RFL_GBW_QUANTUM : n;
}

/* The level a working set lives in, by capacity (the device's properties). */
const char *rfl_gbw_level_of(const struct rfl_gpu_device *d, enum rfl_gbw_kernel k, uint64_t wss)
{
    if (k == RFL_GBW_SHARED)
        return "shared";
    if ((k == RFL_GBW_GLOBAL_INSIDE || k == RFL_GBW_GLOBAL_LAUNCH) && (double)wss <= d->sm_count * d->rates.l1_bytes)
        return "l1";
    if (wss <= d->l2_bytes)
        return "l2";
    return "device_memory";
}

/* Shared memory per block of Kernel C: the SM's shared memory split among
 * as many blocks as give it full thread occupancy, less what the driver
 * reserves per block and the kernel's static shared memory. */
size_t rfl_gbw_tile_vecs_for(const struct rfl_gpu_device *d, unsigned threads)
{
    unsigned per_sm = d->max_threads_per_sm > 0 ? (unsigned)d->max_threads_per_sm / threads : 1;
    if (per_sm < 1)
        per_sm = 1;
    size_t bytes = d->shared_per_sm / per_sm;
    const size_t taken = d->reserved_shared_per_block + RFL_GBW_STATIC_SHARED;
    bytes = bytes > taken ? bytes - taken : 0;
    if (bytes > d->shared_per_block_optin)
        bytes = d->shared_per_block_optin;
    return bytes / RFL_GBW_VEC_BYTES;
}

unsigned rfl_gbw_lanes_of(enum rfl_gpu_precision p) { return p == RFL_GPU_FP64 ? 2 : 4; }

int rfl_gbw_configs(struct rfl_gbw_ctx *c, unsigned kernels, unsigned accesses, unsigned precisions,
                    uint64_t chunk_bytes, struct rfl_gbw_config **cfgs_out, int *ncfg_out)
{
    const struct rfl_gpu_bandwidth_opts *o = c->o;
    int cap = RFL_GBW_NKERNELS * RFL_GBW_NACCESS * 2 * RFL_GBW_MAX_LIST * RFL_GBW_MAX_LIST + 1, ncfg = 0;
    struct rfl_gbw_config *cfgs = calloc((size_t)cap, sizeof *cfgs);
    for (int k = 0; k < RFL_GBW_NKERNELS && cfgs; k++) {
        if (!(kernels >> k & 1) || k == RFL_GBW_MEMCPY)
            continue;
        for (int a = 0; a < RFL_GBW_NACCESS; a++)
            for (int p = 0; p < 2; p++)
                for (int t = 0; t < o->nthreads; t++)
                    for (int b = 0; b < o->nblocks; b++) {
                        if (!(accesses >> a & 1) || !(precisions >> p & 1) ||
                            (k == RFL_GBW_GLOBAL_BULK && a == RFL_GBW_RMW))
                            continue;
                        struct rfl_gbw_config *cfg = &cfgs[ncfg++];
                        cfg->kernel = (enum rfl_gbw_kernel)k;
                        cfg->access = (enum rfl_gbw_access)a;
                        cfg->prec = (enum rfl_gpu_precision)p;
                        cfg->threads = o->threads[t];
                        cfg->spec = o->blocks[b];
                        cfg->tile_vecs = k == RFL_GBW_SHARED        ? rfl_gbw_tile_vecs_for(&c->dev, cfg->threads)
                                         : k == RFL_GBW_GLOBAL_BULK ? chunk_bytes / RFL_GBW_VEC_BYTES
                                                                    : 0;
                        if (k == RFL_GBW_SHARED && cfg->tile_vecs == 0) {
                            rfl_error("%s has no shared memory for Kernel C's tiles", c->dev.name);
                            free(cfgs);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        const size_t smem = cfg->tile_vecs * RFL_GBW_VEC_BYTES *
                                            (k == RFL_GBW_GLOBAL_BULK ? RFL_GBW_BULK_STAGES : 1);
                        if (RFL_CUDA(rfl_gbw_occupancy(cfg->kernel, cfg->access, cfg->prec, cfg->threads, smem,
                                                       &cfg->resident))) {
                            free(cfgs);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        if (cfg->resident < 1) {
                            rfl_error("%s with %u threads per block cannot run on %s (registers or shared memory)",
                                      rfl_gbw_kernels[k].name, cfg->threads, c->dev.name);
                            free(cfgs);
                            return rfl_gpu_fail(RFL_EXIT_USAGE);
                        }
                        cfg->blocks = rfl_gpu_blocks_resolve(&cfg->spec, &c->dev, cfg->resident);
                        if (cfg->blocks > c->max_blocks)
                            c->max_blocks = cfg->blocks;
                    }
    }
    if (cfgs && (kernels >> RFL_GBW_MEMCPY & 1))
        cfgs[ncfg++].kernel = RFL_GBW_MEMCPY;
    if (cfgs && ncfg == 0) {
        rfl_error("nothing to run: global_bulk only reads (add --access read, or another kernel)");
        free(cfgs);
        return RFL_EXIT_USAGE;
    }
    if (!cfgs)
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    *cfgs_out = cfgs;
    *ncfg_out = ncfg;
    return RFL_EXIT_OK;
}
