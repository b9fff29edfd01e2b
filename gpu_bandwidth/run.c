/* The sweep of rfl_gpu_bandwidth: kernels x access x precision x threads per
 * block x blocks per grid x working set.  Every sample is timed with CUDA
 * events on this rank's GPU; under MPI all ranks start each sample together
 * (a barrier), so the aggregate row is what the GPUs deliver at once. */
#include "config.h"
#include "gpu_bandwidth/gpu_bandwidth.h"
#include "gpu_bandwidth/kernels.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/size.h"
#include "common/stats.h"
#include "common/timer.h"
#include "common/selftest.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXPERIMENTS 1000
#define MAX_TRIALS (1ull << 40)
/* Working sets at least this many times the L2 are device-memory rows
 * for the evidence (below, part of the array may still hit in L2). */
#define DEVICE_MEMORY_L2_FACTOR 4

static const char *const *const columns = rfl_schema_gpu_bandwidth_columns; /* schema/gpu_bandwidth.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_GPU_BANDWIDTH_NCOLUMNS)

struct config {
    enum rfl_gbw_kernel kernel;
    enum rfl_gbw_access access;
    enum rfl_gpu_precision prec;
    unsigned threads;
    struct rfl_gpu_blocks spec;
    unsigned blocks;   /* resolved */
    int resident;      /* blocks per SM at once */
    size_t tile_vecs;  /* shared kernel: its tile; bulk: one chunk */
};

struct best {
    double device_gbs, memcpy_gbs, l2_gbs, shared_fraction, shared_gbs, shared_mhz;
    uint64_t device_wss, memcpy_wss, l2_wss;
    const char *device_kernel;
    char device_config[96], l2_config[96];
};

struct ctx {
    const struct rfl_gpu_bandwidth_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    char *buf;
    size_t buf_bytes;
    double *block_sums; /* device */
    double *host_sums;
    size_t max_blocks;
    struct rfl_gpu_clock *clock;       /* device */
    struct rfl_gpu_mismatch *mismatch; /* device */
    double min_time_s;
    unsigned experiments;
    int ranks;
    struct best best;
};

/* ------------------------------------------------------------------------
 * Pure helpers (tested by --self-test)
 * ---------------------------------------------------------------------- */

/* Vectors of an array of about `bytes`: a whole number of quanta, at least one. */
static size_t vectors_for(uint64_t bytes)
{
    size_t n = (size_t)(bytes / RFL_GBW_VEC_BYTES) / RFL_GBW_QUANTUM * RFL_GBW_QUANTUM;
    return n < RFL_GBW_QUANTUM ? RFL_GBW_QUANTUM : n;
}

/* The level a working set lives in, by capacity (the device's properties). */
static const char *level_of(const struct rfl_gpu_device *d, enum rfl_gbw_kernel k, uint64_t wss)
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
static size_t tile_vecs_for(const struct rfl_gpu_device *d, unsigned threads)
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

/* Sum of the fill pattern (i % 8) + 1 over n scalars (n a multiple of 8),
 * for `trials` read trials. */
static double read_sum_closed_form(size_t n_scalars, unsigned long long trials)
{
    return 4.5 * (double)n_scalars * (double)trials;
}

static unsigned lanes_of(enum rfl_gpu_precision p) { return p == RFL_GPU_FP64 ? 2 : 4; }

/* ------------------------------------------------------------------------
 * One point of the sweep
 * ---------------------------------------------------------------------- */

struct point {
    double times[MAX_EXPERIMENTS];
    double mhz_at_min;        /* SM clock of the fastest sample; 0: not recorded */
    unsigned long long trials;
    long long bad;
    char detail[256];
};

static int sync_clock(struct ctx *c, double *mhz)
{
    struct rfl_gpu_clock h;
    if (RFL_CUDA(cudaMemcpy(&h, c->clock, sizeof h, cudaMemcpyDeviceToHost)))
        return -1;
    *mhz = rfl_gpu_clock_mhz(&h);
    return 0;
}

/* One timed sample of `trials` trials; seconds in *t, SM clock in *mhz. */
static int sample(struct ctx *c, const struct config *cfg, size_t n_vec, unsigned long long trials, double *t,
                  double *mhz)
{
    *mhz = 0;
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer))
        return -1;
    if (cfg->kernel == RFL_GBW_MEMCPY) {
        const size_t half = n_vec * RFL_GBW_VEC_BYTES;
        for (unsigned long long i = 0; i < trials; i++)
            if (RFL_CUDA(cudaMemcpyAsync(c->buf + half, c->buf, half, cudaMemcpyDeviceToDevice, c->stream)))
                return -1;
    } else {
        const struct rfl_gbw_launch l = {
            .kernel = cfg->kernel, .access = cfg->access, .precision = cfg->prec, .a = c->buf, .n_vec = n_vec,
            .trials = trials, .blocks = cfg->blocks, .threads = cfg->threads, .tile_vecs = cfg->tile_vecs,
            .block_sums = c->block_sums, .clock = rfl_gbw_kernels[cfg->kernel].trials_inside ? c->clock : NULL,
            .stream = c->stream};
        if (RFL_CUDA(rfl_gbw_run(&l)))
            return -1;
    }
    if (rfl_gpu_timer_stop(&c->timer, t))
        return -1;
    if (cfg->kernel != RFL_GBW_MEMCPY && rfl_gbw_kernels[cfg->kernel].trials_inside)
        return sync_clock(c, mhz);
    return 0;
}

static int reset_mismatch(struct ctx *c) { return rfl_gpu_mismatch_reset(c->mismatch, c->stream); }

/* Runs the device-side check of n_vec vectors at `a` against the pattern
 * plus `offset`; counts wrong scalars into p->bad with a description. */
static int check_array(struct ctx *c, enum rfl_gpu_precision prec, const char *a, size_t n_vec, double offset,
                       const char *what, struct point *p)
{
    struct rfl_gpu_mismatch m;
    if (reset_mismatch(c) || RFL_CUDA(rfl_gbw_check(prec, a, n_vec, offset, c->mismatch, c->stream)) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
        RFL_CUDA(cudaMemcpy(&m, c->mismatch, sizeof m, cudaMemcpyDeviceToHost)))
        return -1;
    if (m.count == 0)
        return 0;
    double got = NAN;
    size_t elem = prec == RFL_GPU_FP64 ? 8 : 4;
    unsigned char raw[8];
    if (RFL_CUDA(cudaMemcpy(raw, a + m.first_index * elem, elem, cudaMemcpyDeviceToHost)))
        return -1;
    if (prec == RFL_GPU_FP64) {
        double v;
        memcpy(&v, raw, 8);
        got = v;
    } else {
        float v;
        memcpy(&v, raw, 4);
        got = v;
    }
    p->bad += (long long)m.count;
    snprintf(p->detail, sizeof p->detail, "%s: %llu wrong values; first [%llu] = %.17g, expected %.17g", what,
             m.count, m.first_index, got, (double)((m.first_index & 7) + 1) + offset);
    return 0;
}

static int run_point(struct ctx *c, const struct config *cfg, size_t n_vec, struct point *p)
{
    memset(p, 0, sizeof *p);
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    const int rmw = !memcpy_kernel && cfg->access == RFL_GBW_RMW;
    const int read = !memcpy_kernel && !rmw;
    /* fp32 stays exact up to 2^24: refill before a0 + T gets there. */
    const unsigned long long refill = rmw && cfg->prec == RFL_GPU_FP32 ? (1ull << 22) : MAX_TRIALS;
    const enum rfl_gpu_precision fill_prec = memcpy_kernel ? RFL_GPU_FP32 : cfg->prec;
    char *dst = memcpy_kernel ? c->buf + n_vec * RFL_GBW_VEC_BYTES : NULL;

    if (RFL_CUDA(rfl_gbw_fill(fill_prec, c->buf, n_vec, c->stream)))
        return -1;
    if (memcpy_kernel && RFL_CUDA(cudaMemsetAsync(dst, 0xff, n_vec * RFL_GBW_VEC_BYTES, c->stream)))
        return -1;
    if (read && RFL_CUDA(cudaMemsetAsync(c->block_sums, 0, cfg->blocks * sizeof(double), c->stream)))
        return -1;
    unsigned long long applied = 0, read_trials = 0, trials = 1;
    double t = 0, mhz = 0;

    /* Double the trials until one sample is long enough to time; every
     * rank takes the slowest rank's time, so all decide alike. */
    for (;;) {
        if (rmw && applied + trials > refill) {
            if (RFL_CUDA(rfl_gbw_fill(cfg->prec, c->buf, n_vec, c->stream)))
                return -1;
            applied = 0;
        }
        if (sample(c, cfg, n_vec, trials, &t, &mhz))
            return -1;
        applied += trials;
        read_trials += trials;
        t = c->ranks > 1 ? rfl_mpi_max_double(t) : t;
        if (t >= c->min_time_s || trials >= refill || trials >= MAX_TRIALS)
            break;
        trials *= 2;
    }
    /* A calibration sample stretched by a busy host (other processes on
     * the GPU or CPU) stops the doubling early; samples that then come out
     * far below the minimum time are retaken with more trials. Every rank
     * takes the slowest rank's shortest time, so all decide alike. */
    for (int attempt = 0;; attempt++) {
        double best = INFINITY;
        for (unsigned e = 0; e < c->experiments; e++) {
            if (rmw && applied + trials > refill) {
                if (RFL_CUDA(rfl_gbw_fill(cfg->prec, c->buf, n_vec, c->stream)))
                    return -1;
                applied = 0;
            }
            if (sample(c, cfg, n_vec, trials, &p->times[e], &mhz))
                return -1;
            applied += trials;
            read_trials += trials;
            if (p->times[e] < best) {
                best = p->times[e];
                p->mhz_at_min = mhz;
            }
        }
        best = c->ranks > 1 ? rfl_mpi_max_double(best) : best;
        if (best >= 0.5 * c->min_time_s || attempt >= 3 || trials >= refill || trials >= MAX_TRIALS)
            break;
        while (best < c->min_time_s && trials < refill && trials < MAX_TRIALS) {
            trials *= 2;
            best *= 2;
        }
        if (trials > refill)
            trials = refill;
    }
    p->trials = trials;

    if (c->o->inject_fault && RFL_CUDA(cudaMemsetAsync(memcpy_kernel ? dst : c->buf, 0xff, 4, c->stream)))
        return -1;
    if (memcpy_kernel)
        return check_array(c, RFL_GPU_FP32, dst, n_vec, 0.0, "copy", p);
    if (check_array(c, cfg->prec, c->buf, n_vec, rmw ? (double)applied : 0.0, rmw ? "array" : "array (read-only)", p))
        return -1;
    if (read) {
        if (RFL_CUDA(cudaMemcpy(c->host_sums, c->block_sums, cfg->blocks * sizeof(double), cudaMemcpyDeviceToHost)))
            return -1;
        double sum = 0;
        for (unsigned b = 0; b < cfg->blocks; b++)
            sum += c->host_sums[b];
        const double want = read_sum_closed_form(n_vec * lanes_of(cfg->prec), read_trials);
        if (sum != want) {
            p->bad++;
            if (!p->detail[0])
                snprintf(p->detail, sizeof p->detail, "sum over %llu trials is %.17g, expected %.17g", read_trials,
                         sum, want);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Rows
 * ---------------------------------------------------------------------- */

static void write_row(struct rfl_csv *csv, struct ctx *c, const struct config *cfg, int aggregate, int rank,
                      int device, uint64_t wss, size_t n_vec, unsigned long long trials, const double *times,
                      double mhz)
{
    const struct rfl_gbw_kernel_info *k = &rfl_gbw_kernels[cfg->kernel];
    const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
    /* Bytes moved per trial on one GPU: rmw and the copy read and write. */
    const double per_vec = memcpy_kernel || cfg->access == RFL_GBW_RMW ? 2.0 : 1.0;
    const double bytes_per_trial = per_vec * (double)n_vec * RFL_GBW_VEC_BYTES * (aggregate ? c->ranks : 1);
    const double bytes = bytes_per_trial * (double)trials;
    double sorted[MAX_EXPERIMENTS];
    memcpy(sorted, times, c->experiments * sizeof *sorted);
    struct rfl_stats st;
    rfl_stats_compute(sorted, c->experiments, &st);
    const double gbs = bytes / st.min * 1e-9;
    const int clocked = !aggregate && mhz > 0;
    char spec[32];
    rfl_gpu_blocks_format(&cfg->spec, spec, sizeof spec);

    rfl_csv_str(csv, aggregate ? "aggregate" : "gpu");
    if (aggregate) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_int(csv, rank);
        rfl_csv_int(csv, device);
    }
    rfl_csv_int(csv, c->ranks);
    rfl_csv_str(csv, k->name);
    rfl_csv_str(csv, k->lo_kernel);
    rfl_csv_str(csv, memcpy_kernel ? "copy" : rfl_gbw_access_names[cfg->access]);
    rfl_csv_str(csv, memcpy_kernel ? "" : rfl_gpu_precision_names[cfg->prec]);
    if (memcpy_kernel) {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    } else {
        rfl_csv_u64(csv, cfg->threads);
        rfl_csv_u64(csv, cfg->blocks);
        rfl_csv_str(csv, spec);
    }
    rfl_csv_u64(csv, wss);
    rfl_csv_str(csv, level_of(&c->dev, cfg->kernel, wss));
    rfl_csv_u64(csv, cfg->kernel == RFL_GBW_SHARED || cfg->kernel == RFL_GBW_GLOBAL_BULK
                         ? cfg->tile_vecs * RFL_GBW_VEC_BYTES
                         : 0);
    rfl_csv_double(csv, bytes_per_trial);
    rfl_csv_u64(csv, trials);
    rfl_csv_int(csv, c->experiments);
    rfl_csv_double(csv, st.min);
    rfl_csv_double(csv, st.median);
    rfl_csv_double(csv, st.max);
    rfl_csv_double(csv, gbs);
    rfl_csv_double(csv, bytes / st.median * 1e-9);
    rfl_csv_double(csv, bytes / st.max * 1e-9);
    rfl_csv_double(csv, clocked ? mhz : NAN);
    rfl_csv_double(csv, clocked ? bytes / st.min / (c->dev.sm_count * mhz * 1e6) : NAN);
    rfl_csv_double(csv, !aggregate && c->dev.datasheet ? gbs / c->dev.datasheet->mem_gbytes_per_s : NAN);
    rfl_csv_int(csv, 1);
    rfl_csv_end_row(csv);

    if (aggregate || rank != 0)
        return;
    /* Rank 0's own GPU is the one the evidence speaks for. */
    struct best *b = &c->best;
    if (memcpy_kernel) {
        if (wss >= DEVICE_MEMORY_L2_FACTOR * (uint64_t)c->dev.l2_bytes && gbs > b->memcpy_gbs) {
            b->memcpy_gbs = gbs;
            b->memcpy_wss = wss;
        }
        return;
    }
    if (cfg->kernel == RFL_GBW_SHARED) {
        const double fraction = clocked ? bytes / st.min / (c->dev.sm_count * mhz * 1e6) / c->dev.rates.shared_bytes : 0;
        if (fraction > b->shared_fraction) {
            b->shared_fraction = fraction;
            b->shared_gbs = gbs;
            b->shared_mhz = mhz;
        }
        return;
    }
    if (wss >= DEVICE_MEMORY_L2_FACTOR * (uint64_t)c->dev.l2_bytes && gbs > b->device_gbs) {
        b->device_gbs = gbs;
        b->device_wss = wss;
        b->device_kernel = k->name;
        snprintf(b->device_config, sizeof b->device_config, "%s %s %s, %u x %u threads",
                 k->name, rfl_gbw_access_names[cfg->access], rfl_gpu_precision_names[cfg->prec], cfg->blocks,
                 cfg->threads);
    }
    if ((cfg->kernel == RFL_GBW_GLOBAL_STREAM || cfg->kernel == RFL_GBW_GLOBAL_BULK) && wss <= c->dev.l2_bytes &&
        gbs > b->l2_gbs) {
        b->l2_gbs = gbs;
        b->l2_wss = wss;
        snprintf(b->l2_config, sizeof b->l2_config, "%s %s, %u x %u threads", k->name,
                 rfl_gpu_precision_names[cfg->prec], cfg->blocks, cfg->threads);
    }
}

/* ------------------------------------------------------------------------
 * The run
 * ---------------------------------------------------------------------- */

static const char *const level_names[] = {"shared", "l1", "l2", "device_memory"};
#define NLEVELS 4

static int level_index(const char *name)
{
    for (int i = 0; i < NLEVELS; i++)
        if (strcmp(name, level_names[i]) == 0)
            return i;
    return NLEVELS - 1;
}

static void print_summary(const struct ctx *c, const struct config *cfgs, int ncfg, double (*best)[NLEVELS])
{
    if (rfl_mpi_rank() != 0)
        return;
    fprintf(stderr, "%-44s %10s %10s %10s %14s\n", "best GB/s (rank 0's GPU)", "shared", "l1", "l2", "device_memory");
    for (int i = 0; i < ncfg; i++) {
        const struct config *cfg = &cfgs[i];
        char name[96];
        if (cfg->kernel == RFL_GBW_MEMCPY)
            snprintf(name, sizeof name, "%s", rfl_gbw_kernels[cfg->kernel].name);
        else
            snprintf(name, sizeof name, "%s %s %s %ux%u", rfl_gbw_kernels[cfg->kernel].name,
                     rfl_gbw_access_names[cfg->access], rfl_gpu_precision_names[cfg->prec], cfg->blocks,
                     cfg->threads);
        fprintf(stderr, "%-44s", name);
        for (int l = 0; l < NLEVELS; l++)
            if (best[i][l] > 0)
                fprintf(stderr, " %*.1f", l == 3 ? 14 : 10, best[i][l]);
            else
                fprintf(stderr, " %*s", l == 3 ? 14 : 10, "-");
        fputc('\n', stderr);
    }
    (void)c;
}

static void evidence(const struct ctx *c, json_t *list, unsigned kernels)
{
    const struct best *b = &c->best;
    const struct rfl_gpu_datasheet *ds = c->dev.datasheet;
    char note[192];
    rfl_info("evidence: device %s, %d SMs, L2 %.0f MiB, datasheet %s", c->dev.name, c->dev.sm_count,
             c->dev.l2_bytes / 1048576.0, ds ? ds->part : "unknown (no target)");
    const unsigned device_kernels =
        (1u << RFL_GBW_GLOBAL_INSIDE) | (1u << RFL_GBW_GLOBAL_LAUNCH) | (1u << RFL_GBW_GLOBAL_STREAM) |
        (1u << RFL_GBW_GLOBAL_BULK);
    if (kernels & device_kernels) {
        char sz[32];
        snprintf(note, sizeof note, "%s at %s", b->device_gbs > 0 ? b->device_config : "no row at >= 4 x L2",
                 rfl_format_size(b->device_wss, sz, sizeof sz));
        rfl_gpu_evidence(list, "device_memory_vs_datasheet", b->device_gbs > 0 ? b->device_gbs : NAN, "GB/s",
                         ds ? ">=" : NULL, ds ? 0.95 * ds->mem_gbytes_per_s : NAN, 0,
                         ds ? note : "unknown part: no datasheet figure");
        if (kernels & (1u << RFL_GBW_MEMCPY))
            rfl_gpu_evidence(list, "device_memory_vs_memcpy_d2d", b->device_gbs > 0 ? b->device_gbs : NAN, "GB/s",
                             ">=", b->memcpy_gbs > 0 ? b->memcpy_gbs : NAN, 0,
                             "the best kernel against cudaMemcpy D2D (read + write bytes), same run");
    }
    if (kernels & ((1u << RFL_GBW_GLOBAL_STREAM) | (1u << RFL_GBW_GLOBAL_BULK))) {
        char sz[32];
        snprintf(note, sizeof note, "%s at %s (L2 %.0f MiB)", b->l2_gbs > 0 ? b->l2_config : "no row within the L2",
                 rfl_format_size(b->l2_wss, sz, sizeof sz), c->dev.l2_bytes / 1048576.0);
        const int target = ds && ds->l2_target_gbytes_per_s > 0;
        rfl_gpu_evidence(list, "l2_ceiling", b->l2_gbs > 0 ? b->l2_gbs : NAN, "GB/s", target ? ">=" : NULL,
                         target ? ds->l2_target_gbytes_per_s : NAN, 0, note);
    }
    if (kernels & (1u << RFL_GBW_SHARED)) {
        snprintf(note, sizeof note, "%.0f GB/s at %.0f MHz = x %.0f B/clk/SM x %d SMs", b->shared_gbs, b->shared_mhz,
                 c->dev.rates.shared_bytes, c->dev.sm_count);
        rfl_gpu_evidence(list, "shared_memory_fraction_of_128B_per_clk", b->shared_fraction > 0 ? b->shared_fraction : NAN,
                         "fraction", ">=", 0.90, 0, note);
    }
    if ((kernels & (1u << RFL_GBW_MEMCPY)) && b->memcpy_gbs > 0)
        rfl_gpu_evidence(list, "memcpy_d2d", b->memcpy_gbs, "GB/s", NULL, NAN, 0,
                         ds ? "bytes read + written, for comparison" : "");
}

static int print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_gpu_bandwidth);
    return RFL_EXIT_OK;
}

static int self_test(void)
{
    int failures = rfl_gpu_self_test();
    EXPECT(vectors_for(1) == RFL_GBW_QUANTUM);
    EXPECT(vectors_for(1000) == RFL_GBW_QUANTUM); /* at least one quantum */
    EXPECT(vectors_for(4096) == 256);
    EXPECT(vectors_for(1u << 20) == (1u << 16));
    EXPECT(vectors_for((1u << 20) + 100) == (1u << 16));
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
    EXPECT(tile_vecs_for(&d, 1024) == (233472 / 2 - 1024 - 256) / 16);
    EXPECT(tile_vecs_for(&d, 256) == (233472 / 8 - 1024 - 256) / 16);
    /* Two blocks of 1024 threads fit one SM with their tiles. */
    EXPECT(2 * (tile_vecs_for(&d, 1024) * 16 + 1024 + 256) <= 233472);
    EXPECT(tile_vecs_for(&d, 32) * 16 <= d.shared_per_block_optin);
    EXPECT(strcmp(level_of(&d, RFL_GBW_SHARED, 1u << 30), "shared") == 0);
    EXPECT(strcmp(level_of(&d, RFL_GBW_GLOBAL_INSIDE, 16u << 20), "l1") == 0);
    EXPECT(strcmp(level_of(&d, RFL_GBW_GLOBAL_STREAM, 16u << 20), "l2") == 0);
    EXPECT(strcmp(level_of(&d, RFL_GBW_GLOBAL_INSIDE, 40u << 20), "l2") == 0);
    EXPECT(strcmp(level_of(&d, RFL_GBW_GLOBAL_LAUNCH, 1ull << 30), "device_memory") == 0);
    EXPECT(strcmp(level_of(&d, RFL_GBW_MEMCPY, 1u << 20), "l2") == 0);
    /* The read closed form against the pattern summed by hand. */
    for (size_t n = 8; n <= 4096; n *= 2) {
        double s = 0;
        for (size_t i = 0; i < n; i++)
            s += (double)((i & 7) + 1);
        EXPECT(read_sum_closed_form(n, 3) == 3 * s);
    }
    /* Every vector count is a whole number of pattern periods in both precisions. */
    EXPECT((vectors_for(12345678) * lanes_of(RFL_GPU_FP64)) % 8 == 0);
    EXPECT(level_index("l2") == 2 && level_index("bogus") == NLEVELS - 1);
    return rfl_selftest_result("rfl_gpu_bandwidth", failures);
}

static void free_ctx(struct ctx *c)
{
    rfl_gpu_timer_destroy(&c->timer);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    cudaFree(c->buf);
    cudaFree(c->block_sums);
    cudaFree(c->clock);
    cudaFree(c->mismatch);
    free(c->host_sums);
}

int rfl_gpu_bandwidth_run(const struct rfl_gpu_bandwidth_opts *o)
{
    if (o->print_columns)
        return print_columns();
    if (o->self_test)
        return self_test();
    if (o->list_devices)
        return rfl_gpu_list_devices(stdout);

    struct ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.ranks = rfl_mpi_size();
    int rc = rfl_gpu_select_agreed((int)o->device, &c.dev);
    if (rc != RFL_EXIT_OK)
        return rc;
    const int root = rfl_mpi_rank() == 0;
    c.min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.002 : 0.005;
    c.experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
    const double growth = o->growth ? o->growth : o->quick ? 4.0 : 2.0;
    const unsigned kernels = o->kernels ? o->kernels : (1u << RFL_GBW_NKERNELS) - 1;
    const unsigned accesses = o->accesses ? o->accesses : (1u << RFL_GBW_NACCESS) - 1;
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_GPU_FP64) | (1u << RFL_GPU_FP32);
    uint64_t wss_min = o->wss[0] ? o->wss[0] : o->quick ? 64 << 10 : 4 << 10;
    uint64_t wss_max = o->wss[0] ? o->wss[1] : o->quick ? 1ull << 30 : 4ull << 30;

    /* Buffers stay within the memory limit; every rank keeps to the
     * smallest limit, so all sweep the same points. */
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    double limit = o->mem_limit ? (double)o->mem_limit : 0.5 * (double)free_bytes / c.dev.ranks_sharing;
    limit = -rfl_mpi_max_double(-limit);
    if ((double)wss_max > limit) {
        char a[32], b[32];
        if (o->wss[0]) {
            rfl_error("option --wss: maximum %s exceeds the device memory limit of %s (lower --wss or raise --mem-limit)",
                      rfl_format_size(wss_max, a, sizeof a), rfl_format_size((uint64_t)limit, b, sizeof b));
            return RFL_EXIT_USAGE;
        }
        wss_max = (uint64_t)limit;
        rfl_warn("the working set stops at %s, half the free device memory", rfl_format_size(wss_max, a, sizeof a));
    }
    if (wss_max < RFL_GBW_QUANTUM * RFL_GBW_VEC_BYTES * 2) {
        rfl_error("option --wss: maximum %llu bytes is below the smallest working set (2 KiB)", (unsigned long long)wss_max);
        return RFL_EXIT_USAGE;
    }
    if (wss_min > wss_max)
        wss_min = wss_max;
    size_t npoints = 0;
    uint64_t *wss = rfl_gpu_geometric(wss_min, wss_max, growth, &npoints);
    if (!wss)
        return rfl_gpu_fail(RFL_EXIT_FAILURE);

    const uint64_t chunk_bytes = o->chunk_bytes ? o->chunk_bytes : 16 << 10;
    /* The configurations, each resolved against this device. */
    int cap = RFL_GBW_NKERNELS * RFL_GBW_NACCESS * 2 * RFL_GBW_MAX_LIST * RFL_GBW_MAX_LIST + 1, ncfg = 0;
    struct config *cfgs = calloc((size_t)cap, sizeof *cfgs);
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
                        struct config *cfg = &cfgs[ncfg++];
                        cfg->kernel = (enum rfl_gbw_kernel)k;
                        cfg->access = (enum rfl_gbw_access)a;
                        cfg->prec = (enum rfl_gpu_precision)p;
                        cfg->threads = o->threads[t];
                        cfg->spec = o->blocks[b];
                        cfg->tile_vecs = k == RFL_GBW_SHARED        ? tile_vecs_for(&c.dev, cfg->threads)
                                         : k == RFL_GBW_GLOBAL_BULK ? chunk_bytes / RFL_GBW_VEC_BYTES
                                                                    : 0;
                        if (k == RFL_GBW_SHARED && cfg->tile_vecs == 0) {
                            rfl_error("%s has no shared memory for Kernel C's tiles", c.dev.name);
                            free(cfgs);
                            free(wss);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        const size_t smem = cfg->tile_vecs * RFL_GBW_VEC_BYTES *
                                            (k == RFL_GBW_GLOBAL_BULK ? RFL_GBW_BULK_STAGES : 1);
                        if (RFL_CUDA(rfl_gbw_occupancy(cfg->kernel, cfg->access, cfg->prec, cfg->threads, smem,
                                                       &cfg->resident))) {
                            free(cfgs);
                            free(wss);
                            return rfl_gpu_fail(RFL_EXIT_FAILURE);
                        }
                        if (cfg->resident < 1) {
                            rfl_error("%s with %u threads per block cannot run on %s (registers or shared memory)",
                                      rfl_gbw_kernels[k].name, cfg->threads, c.dev.name);
                            free(cfgs);
                            free(wss);
                            return rfl_gpu_fail(RFL_EXIT_USAGE);
                        }
                        cfg->blocks = rfl_gpu_blocks_resolve(&cfg->spec, &c.dev, cfg->resident);
                        if (cfg->blocks > c.max_blocks)
                            c.max_blocks = cfg->blocks;
                    }
    }
    if (cfgs && (kernels >> RFL_GBW_MEMCPY & 1))
        cfgs[ncfg++].kernel = RFL_GBW_MEMCPY;
    if (cfgs && ncfg == 0) {
        rfl_error("nothing to run: global_bulk only reads (add --access read, or another kernel)");
        free(cfgs);
        free(wss);
        return RFL_EXIT_USAGE;
    }
    if (!cfgs) {
        free(wss);
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }

    c.buf_bytes = (size_t)((wss_max + 1023) / 1024 * 1024);
    c.host_sums = calloc(c.max_blocks + 1, sizeof *c.host_sums);
    if (RFL_CUDA(cudaMalloc((void **)&c.buf, c.buf_bytes)) ||
        RFL_CUDA(cudaMalloc((void **)&c.block_sums, (c.max_blocks + 1) * sizeof(double))) ||
        RFL_CUDA(cudaMalloc((void **)&c.clock, sizeof *c.clock)) ||
        RFL_CUDA(cudaMalloc((void **)&c.mismatch, sizeof *c.mismatch)) ||
        RFL_CUDA(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c.timer, c.stream) || !c.host_sums) {
        free_ctx(&c);
        free(cfgs);
        free(wss);
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }

    const struct rfl_session_spec out_spec = {.program = "rfl_gpu_bandwidth", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS,
                                              .meta = rfl_gpu_meta_new("rfl_gpu_bandwidth", o->argc, o->argv, &c.dev)};
    struct rfl_session out;
    if (rfl_session_open(&out, &out_spec) != 0) {
        free_ctx(&c);
        free(cfgs);
        free(wss);
        return RFL_EXIT_FAILURE;
    }

    double(*best)[NLEVELS] = calloc((size_t)ncfg + 1, sizeof *best);
    int stop = 0;
    const int nvals = (int)c.experiments + 3;
    double *mine = calloc((size_t)nvals, sizeof *mine);
    for (int i = 0; i < ncfg && !stop; i++) {
        const struct config *cfg = &cfgs[i];
        size_t last_n = 0;
        for (size_t j = 0; j < npoints && !stop; j++) {
            const int memcpy_kernel = cfg->kernel == RFL_GBW_MEMCPY;
            const size_t n_vec = memcpy_kernel ? vectors_for(wss[j] / 2) : vectors_for(wss[j]);
            if (n_vec == last_n || (memcpy_kernel ? 2 : 1) * n_vec * RFL_GBW_VEC_BYTES > c.buf_bytes)
                continue;
            last_n = n_vec;
            const uint64_t wss_bytes = (uint64_t)(memcpy_kernel ? 2 : 1) * n_vec * RFL_GBW_VEC_BYTES;
            struct point p;
            if (run_point(&c, cfg, n_vec, &p)) {
                out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                stop = 1;
                break;
            }
            memcpy(mine, p.times, c.experiments * sizeof *mine);
            mine[c.experiments] = p.mhz_at_min;
            mine[c.experiments + 1] = (double)p.bad;
            mine[c.experiments + 2] = c.dev.index;
            double *all = rfl_gpu_gather_doubles(mine, nvals);
            long long bad = c.ranks > 1 ? rfl_mpi_sum_ll(p.bad) : p.bad;
            char sz[32];
            rfl_format_size(wss_bytes, sz, sizeof sz);
            if (p.bad)
                rfl_error_all("verification failed: %s %s %s at %s: %s", rfl_gbw_kernels[cfg->kernel].name,
                              cfg->kernel == RFL_GBW_MEMCPY ? "copy" : rfl_gbw_access_names[cfg->access],
                              cfg->kernel == RFL_GBW_MEMCPY ? "" : rfl_gpu_precision_names[cfg->prec], sz, p.detail);
            if (bad) {
                out.status = RFL_EXIT_VERIFY;
                snprintf(out.failure, sizeof out.failure, "%s at %s: %lld wrong values", rfl_gbw_kernels[cfg->kernel].name, sz,
                         bad);
                stop = 1;
            } else if (root && all) {
                for (int r = 0; r < c.ranks; r++)
                    write_row(&out.csv, &c, cfg, 0, r, (int)all[(size_t)r * nvals + c.experiments + 2], wss_bytes, n_vec,
                              p.trials, all + (size_t)r * nvals, all[(size_t)r * nvals + c.experiments]);
                if (c.ranks > 1) {
                    double agg[MAX_EXPERIMENTS];
                    for (unsigned e = 0; e < c.experiments; e++) {
                        agg[e] = 0;
                        for (int r = 0; r < c.ranks; r++)
                            if (all[(size_t)r * nvals + e] > agg[e])
                                agg[e] = all[(size_t)r * nvals + e];
                    }
                    write_row(&out.csv, &c, cfg, 1, 0, 0, wss_bytes, n_vec, p.trials, agg, 0);
                }
                double t_min = INFINITY;
                for (unsigned e = 0; e < c.experiments; e++)
                    t_min = p.times[e] < t_min ? p.times[e] : t_min;
                const double per_vec = memcpy_kernel || cfg->access == RFL_GBW_RMW ? 2.0 : 1.0;
                const double gbs = per_vec * (double)n_vec * RFL_GBW_VEC_BYTES * (double)p.trials / t_min * 1e-9;
                double *slot = &best[i][level_index(level_of(&c.dev, cfg->kernel, wss_bytes))];
                if (gbs > *slot)
                    *slot = gbs;
                rfl_progress("%s %s %s %ux%u  %s  %.1f GB/s", rfl_gbw_kernels[cfg->kernel].name,
                             memcpy_kernel ? "copy" : rfl_gbw_access_names[cfg->access],
                             memcpy_kernel ? "" : rfl_gpu_precision_names[cfg->prec], cfg->blocks, cfg->threads, sz,
                             gbs);
            }
            free(all);
            stop = rfl_interrupt_agree(stop, &out.status);
        }
    }
    const double elapsed = rfl_session_stop(&out);
    free(mine);
    rfl_gpu_meta_finish(out.meta, &c.dev);

    if (root) {
        json_t *ev = json_array();
        if (out.status == RFL_EXIT_OK)
            evidence(&c, ev, kernels);
        json_t *meta = rfl_session_outcome(&out);
        json_t *tl = json_array(), *bl = json_array(), *kl = json_array();
        for (int t = 0; t < o->nthreads; t++)
            json_array_append_new(tl, json_integer(o->threads[t]));
        for (int b = 0; b < o->nblocks; b++) {
            char spec[32];
            rfl_gpu_blocks_format(&o->blocks[b], spec, sizeof spec);
            json_array_append_new(bl, json_string(spec));
        }
        for (int k = 0; k < RFL_GBW_NKERNELS; k++)
            if (kernels >> k & 1)
                json_array_append_new(kl, json_pack("{s:s, s:s, s:b, s:s}", "name", rfl_gbw_kernels[k].name,
                                                    "lo_kernel", rfl_gbw_kernels[k].lo_kernel, "trials_inside",
                                                    rfl_gbw_kernels[k].trials_inside, "description",
                                                    rfl_gbw_kernels[k].description));
        json_object_set_new(meta, "sweep",
                            json_pack("{s:I, s:I, s:f, s:f, s:i, s:o, s:o, s:f, s:f}", "wss_min_bytes",
                                      (json_int_t)wss_min, "wss_max_bytes", (json_int_t)wss_max, "growth", growth,
                                      "min_time_s", c.min_time_s, "experiments", (int)c.experiments,
                                      "threads_per_block", tl, "blocks", bl, "mem_limit_bytes", limit, "elapsed_s",
                                      elapsed));
        json_object_set_new(meta, "kernels", kl);
        json_object_set_new(meta, "evidence", ev);
    }
    rfl_session_commit(&out);
    if (root && (out.status == RFL_EXIT_OK || out.status == RFL_EXIT_INTERRUPTED))
        print_summary(&c, cfgs, ncfg, best);
    int exit_code = rfl_session_close(&out);
    free(best);
    free(cfgs);
    free(wss);
    free_ctx(&c);
    return exit_code;
}
