/* The configurations of rfl_gpu_bandwidth's sweep and where a working set
 * lives: kernels x access x precision x threads per block x blocks per
 * grid, each resolved against the device (its tile or chunk, occupancy and
 * grid), the working sets of the sweep (the geometric series and points
 * placed from the device's L1 and L2 sizes), the vectors of a working set,
 * its level by capacity, and the priority of a configuration under a time
 * budget. */
#include "config.h"
#include "gpu_bandwidth/internal.h"
#include "common/log.h"
#include "common/rfl.h"

#include <math.h>
#include <stdlib.h>

/* Vectors of an array of about `bytes`: a whole number of quanta, at least one. */
size_t rfl_gbw_vectors_for(uint64_t bytes)
{
    size_t n = (size_t)(bytes / RFL_GBW_VEC_BYTES) / RFL_GBW_QUANTUM * RFL_GBW_QUANTUM;
    return n < RFL_GBW_QUANTUM ? RFL_GBW_QUANTUM : n;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

size_t rfl_gbw_anchors(double l1_sm, double l1_total, double l2, uint64_t *out)
{
    size_t n = 0;
    /* One SM's L1, where l1_set's per-SM set lives. */
    static const double in_sm[] = {0.25, 0.5, 0.75};
    for (size_t i = 0; i < sizeof in_sm / sizeof in_sm[0] && l1_sm > 0; i++)
        out[n++] = (uint64_t)llround(in_sm[i] * l1_sm);
    /* The aggregate L1 (SMs x the unified L1/shared size): L1-allocating
     * kernels keep these in L1; streaming ones find them in L2. */
    static const double in_l1[] = {0.25, 0.5, 0.75, 0.9};
    for (size_t i = 0; i < sizeof in_l1 / sizeof in_l1[0] && l1_total > 0; i++)
        out[n++] = (uint64_t)llround(in_l1[i] * l1_total);
    /* The L2 from 0.3 to 0.7 of its size, and between the aggregate L1 and
     * the L2 (where L1-allocating kernels read from L2). */
    static const double in_l2[] = {0.3, 0.5, 0.7};
    for (size_t i = 0; i < sizeof in_l2 / sizeof in_l2[0] && l2 > 0; i++)
        out[n++] = (uint64_t)llround(in_l2[i] * l2);
    if (l1_total > 0 && l2 > l1_total * 1.1) {
        out[n++] = (uint64_t)llround(l1_total + 0.25 * (l2 - l1_total));
        out[n++] = (uint64_t)llround(l1_total + 0.5 * (l2 - l1_total));
    }
    /* Device memory: from the size past which rows count as device memory. */
    static const double past_l2[] = {RFL_GBW_DEVICE_MEMORY_L2_FACTOR, 1.5 * RFL_GBW_DEVICE_MEMORY_L2_FACTOR,
                                     2 * RFL_GBW_DEVICE_MEMORY_L2_FACTOR};
    for (size_t i = 0; i < sizeof past_l2 / sizeof past_l2[0] && l2 > 0; i++)
        out[n++] = (uint64_t)llround(past_l2[i] * l2);
    return n;
}

uint64_t *rfl_gbw_working_sets(const struct rfl_gpu_device *d, uint64_t wss_min, uint64_t wss_max, double growth,
                               size_t *n)
{
    size_t ng = 0;
    uint64_t *geo = rfl_gpu_geometric(wss_min, wss_max, growth, &ng);
    if (!geo)
        return NULL;
    uint64_t anchors[RFL_GBW_MAX_ANCHORS];
    const size_t na = rfl_gbw_anchors((double)d->rates.l1_bytes, (double)d->sm_count * d->rates.l1_bytes,
                                      (double)d->l2_bytes, anchors);
    uint64_t *v = realloc(geo, (ng + na) * sizeof *v);
    if (!v) {
        free(geo);
        return NULL;
    }
    /* An anchor within the range and not within 2% of a point already there. */
    size_t total = ng;
    for (size_t a = 0; a < na; a++) {
        if (anchors[a] < wss_min || anchors[a] > wss_max)
            continue;
        int near = 0;
        for (size_t i = 0; i < total && !near; i++)
            near = fabs((double)v[i] - (double)anchors[a]) <= 0.02 * (double)anchors[a];
        if (!near)
            v[total++] = anchors[a];
    }
    qsort(v, total, sizeof *v, cmp_u64);
    *n = total;
    return v;
}

int rfl_gbw_is_anchor(const struct rfl_gpu_device *d, uint64_t wss)
{
    uint64_t anchors[RFL_GBW_MAX_ANCHORS];
    const size_t na = rfl_gbw_anchors((double)d->rates.l1_bytes, (double)d->sm_count * d->rates.l1_bytes,
                                      (double)d->l2_bytes, anchors);
    for (size_t a = 0; a < na; a++)
        if (anchors[a] == wss)
            return 1;
    return 0;
}

unsigned rfl_gbw_unroll_of(const struct rfl_gpu_bandwidth_opts *o, enum rfl_gbw_kernel k)
{
    if (o->unroll > 0)
        return (unsigned)atoi(rfl_gbw_unroll_names[o->unroll]);
    return k == RFL_GBW_L2_WAVES ? 16u : 8u;
}

int rfl_gbw_priority(const struct rfl_gbw_config *cfgs, int ncfg, int i, int anchor)
{
    const enum rfl_gbw_kernel k = cfgs[i].kernel;
    if (k == RFL_GBW_GLOBAL_LAUNCH || k == RFL_GBW_MEMCPY)
        return 3;
    int first = -1, first_read = -1;
    for (int j = 0; j < ncfg; j++)
        if (cfgs[j].kernel == k) {
            if (first < 0)
                first = j;
            if (first_read < 0 && cfgs[j].access == RFL_GBW_READ)
                first_read = j;
        }
    return i == (first_read >= 0 ? first_read : first) ? (anchor ? 0 : 1) : 2;
}

/* The level a working set lives in, by capacity (the device's properties),
 * from the kernel's path (schema/gpu_kernels.inc). Kernels A and B allocate
 * in L1: past the aggregate L1 but within the L2 most of their loads still
 * hit in L1 (an H100 read 28-29 TB/s there, L1 speed, against 7.7 TB/s from
 * L2), so that span is "l1_l2", no level; the L2 is measured by the kernels
 * that skip L1 (ceilings/load_gpu_bandwidth.c applies the same rule to the
 * curves). */
enum rfl_gpu_level rfl_gbw_level_of(const struct rfl_gpu_device *d, enum rfl_gbw_kernel k, uint64_t wss)
{
    switch (rfl_gbw_kernels[k].path) {
    case RFL_GPU_PATH_SHARED:
        return RFL_GPU_SHARED;
    case RFL_GPU_PATH_SM_L1: /* the working set is per SM: every SM reads all of it */
        return wss <= d->rates.l1_bytes ? RFL_GPU_L1 : wss <= d->l2_bytes ? RFL_GPU_NO_LEVEL : RFL_GPU_DEVMEM;
    case RFL_GPU_PATH_L1:
        if ((double)wss <= d->sm_count * d->rates.l1_bytes)
            return RFL_GPU_L1;
        return wss <= d->l2_bytes ? RFL_GPU_NO_LEVEL : RFL_GPU_DEVMEM;
    case RFL_GPU_PATH_L2:
    default:
        return wss <= d->l2_bytes ? RFL_GPU_L2 : RFL_GPU_DEVMEM;
    }
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

unsigned rfl_gbw_lanes_of(enum rfl_gpu_precision p) { return RFL_GBW_VEC_BYTES / rfl_gpu_precisions[p].bytes; }

int rfl_gbw_configs(struct rfl_gbw_ctx *c, unsigned kernels, unsigned accesses, unsigned precisions,
                    uint64_t chunk_bytes, struct rfl_gbw_config **cfgs_out, int *ncfg_out)
{
    const struct rfl_gpu_bandwidth_opts *o = c->o;
    int cap = RFL_GBW_NKERNELS * RFL_GBW_NACCESS * RFL_GPU_NPRECISION * RFL_GBW_MAX_LIST * RFL_GBW_MAX_LIST + 1;
    int ncfg = 0;
    struct rfl_gbw_config *cfgs = calloc((size_t)cap, sizeof *cfgs);
    static const unsigned l1_set_threads[] = {RFL_GBW_L1_SET_THREADS};
    for (int k = 0; k < RFL_GBW_NKERNELS && cfgs; k++) {
        if (!(kernels >> k & 1) || k == RFL_GBW_MEMCPY)
            continue;
        const int own_threads = k == RFL_GBW_L1_SET && !o->threads_text;
        const unsigned *threads = own_threads ? l1_set_threads : o->threads;
        const int nthreads = own_threads ? 1 : o->nthreads;
        for (int a = 0; a < RFL_GBW_NACCESS; a++)
            for (int p = 0; p < RFL_GPU_NPRECISION; p++)
                for (int t = 0; t < nthreads; t++)
                    for (int b = 0; b < o->nblocks; b++) {
                        /* l2_waves' grid is trials x chunks: its blocks spec only sizes the sums */
                        if (!(accesses >> a & 1) || !(precisions >> p & 1) || !rfl_gpu_precisions[p].bandwidth ||
                            !rfl_gbw_runs(k, a) || (k == RFL_GBW_L2_WAVES && b > 0))
                            continue;
                        struct rfl_gbw_config *cfg = &cfgs[ncfg++];
                        cfg->kernel = (enum rfl_gbw_kernel)k;
                        cfg->access = (enum rfl_gbw_access)a;
                        cfg->prec = (enum rfl_gpu_precision)p;
                        cfg->threads = threads[t];
                        cfg->spec = o->blocks[b];
                        cfg->tile_vecs = k == RFL_GBW_SHARED        ? rfl_gbw_tile_vecs_for(&c->dev, cfg->threads)
                                         : k == RFL_GBW_GLOBAL_BULK ? chunk_bytes / RFL_GBW_VEC_BYTES
                                         : k == RFL_GBW_L2_CHUNKS   ? RFL_GBW_L2_CHUNK_BYTES / RFL_GBW_VEC_BYTES
                                                                    : 0; /* l1_set: one chunk, the whole set */
                        if (k == RFL_GBW_SHARED && cfg->tile_vecs == 0) {
                            rfl_error("%s has no shared memory for Kernel C's tiles", c->dev.name);
                            free(cfgs);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        /* Dynamic shared memory: Kernel C's tile, global_bulk's stages (the
                         * chunk kernels' chunks stay in global memory). */
                        const size_t smem = k == RFL_GBW_SHARED ? cfg->tile_vecs * RFL_GBW_VEC_BYTES
                                            : k == RFL_GBW_GLOBAL_BULK
                                                ? cfg->tile_vecs * RFL_GBW_VEC_BYTES * RFL_GBW_BULK_STAGES
                                                : 0;
                        cfg->unroll = rfl_gbw_unroll_of(o, (enum rfl_gbw_kernel)k);
                        cfg->loads_nc = o->l2_loads == 1;
                        if (RFL_CUDA(rfl_gbw_occupancy(cfg->kernel, cfg->access, cfg->prec, cfg->threads, smem,
                                                       cfg->unroll, cfg->loads_nc, &cfg->resident))) {
                            free(cfgs);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        if (cfg->resident < 1) {
                            if (k == RFL_GBW_L2_OWN) /* l2_waves is bounded at 1024 threads */
                                rfl_error("%s with --unroll %u and %u threads per block cannot run on %s "
                                          "(16 loads in flight: at most 512 threads)",
                                          rfl_gbw_kernels[k].name, cfg->unroll, cfg->threads, c->dev.name);
                            else
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
    if (cfgs && (kernels >> RFL_GBW_MEMCPY & 1)) {
        cfgs[ncfg].kernel = RFL_GBW_MEMCPY;
        cfgs[ncfg++].access = RFL_GBW_COPY; /* its only access (the table's) */
    }
    if (cfgs && ncfg == 0) {
        /* What each kernel asked for runs, from the kernel table. */
        char what[512] = "";
        size_t used = 0;
        for (int k = 0; k < RFL_GBW_NKERNELS && used < sizeof what; k++) {
            if (!(kernels >> k & 1))
                continue;
            used += (size_t)snprintf(what + used, sizeof what - used, "%s%s only", used ? "; " : "",
                                     rfl_gbw_kernels[k].name);
            for (int a = 0, n = 0; a < RFL_GBW_NACCESS && used < sizeof what; a++)
                if (rfl_gbw_runs(k, a))
                    used += (size_t)snprintf(what + used, sizeof what - used, "%s%s", n++ ? ", " : " ",
                                             rfl_gbw_access_names[a]);
        }
        rfl_error("nothing to run: %s (add an access it runs, or another kernel)", what);
        free(cfgs);
        return RFL_EXIT_USAGE;
    }
    if (!cfgs)
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    *cfgs_out = cfgs;
    *ncfg_out = ncfg;
    return RFL_EXIT_OK;
}

unsigned rfl_gbw_replicas(const struct rfl_gbw_config *cfg, size_t n_vec)
{
    if (cfg->kernel != RFL_GBW_L2_CHUNKS && cfg->kernel != RFL_GBW_L1_SET)
        return 1;
    return rfl_gbw_chunk_plan_of(n_vec, cfg->tile_vecs, cfg->blocks).replicas;
}

double rfl_gbw_vectors_moved(const struct rfl_gbw_config *cfg, size_t n_vec)
{
    /* The access table's loads and stores (memcpy_d2d: copy); the chunk
     * kernels, which only read, load the data set `replicas` times. */
    const struct rfl_gbw_access_info *a = &rfl_gbw_accesses[cfg->access];
    return ((double)a->loads * (double)rfl_gbw_replicas(cfg, n_vec) + (double)a->stores) * (double)n_vec;
}
