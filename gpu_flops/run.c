/* The sweep of rfl_gpu_flops: precision x chains x FPE x threads per block x
 * blocks per grid (x working set).  Samples are timed with CUDA events;
 * the SM clock of each sample is read inside the kernel (clock64 against
 * %globaltimer), and the peak a row is judged against is the per-SM rate
 * of its compute capability at that clock. */
#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "gpu_flops/kernels.h"
#include "gpu/budget.h"
#include "gpu/sweep.h"
#include "gpu/ranks.h"
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

#define MAX_EXPERIMENTS RFL_GPU_MAX_EXPERIMENTS
#define MAX_TRIALS (1ull << 40)
/* Under a time budget: a point's time beyond its samples (fill, the host
 * replay, rows), and the least the samples come down to. */
#define POINT_OVERHEAD_S 0.005
#define MIN_TIME_FLOOR_S 0.001
#define EXPERIMENTS_FLOOR 3

static const char *const *const columns = rfl_schema_gpu_flops_columns; /* schema/gpu_flops.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_GPU_FLOPS_NCOLUMNS)

struct config {
    enum rfl_gpu_precision prec;
    unsigned chains, fpe, threads, blocks;
    struct rfl_gpu_blocks spec;
};

struct ctx {
    const struct rfl_gpu_flops_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    void *buf;
    size_t buf_bytes;
    struct rfl_gpu_clock *clock;
    struct rfl_gpu_mismatch *mismatch;
    double min_time_s;
    unsigned experiments;
    int ranks;
    double best_fraction[RFL_GPU_NPRECISION], best_gflops[RFL_GPU_NPRECISION], best_mhz[RFL_GPU_NPRECISION];
    char best_config[RFL_GPU_NPRECISION][96];
};

/* A precision's bytes: its row of schema/gpu_precisions.inc (a word holds
 * one scalar, or fp16's two). */
static size_t scalar_bytes(enum rfl_gpu_precision p) { return rfl_gpu_precisions[p].bytes; }
static unsigned scalars_per_word(enum rfl_gpu_precision p) { return rfl_gpu_precisions[p].per_word; }
static size_t word_bytes(enum rfl_gpu_precision p) { return scalar_bytes(p) * scalars_per_word(p); }

static double fma_per_clock(const struct rfl_gpu_device *d, enum rfl_gpu_precision p)
{
    return p == RFL_GPU_FP64 ? d->rates.fp64_fma : p == RFL_GPU_FP32 ? d->rates.fp32_fma : d->rates.fp16_fma;
}

/* Peak GFLOP/s of the device at `mhz` (an FMA is two flops); 0: unknown. */
static double peak_gflops(const struct rfl_gpu_device *d, enum rfl_gpu_precision p, double mhz)
{
    return d->sm_count * 2.0 * fma_per_clock(d, p) * mhz * 1e-3;
}

static int sample(struct ctx *c, const struct config *cfg, size_t n_groups, unsigned long long trials, double *t,
                  double *mhz)
{
    const struct rfl_gfl_launch l = {
        .precision = cfg->prec, .fpe = cfg->fpe, .chains = cfg->chains, .a = c->buf, .n_groups = n_groups,
        .trials = trials, .blocks = cfg->blocks, .threads = cfg->threads, .c1 = RFL_GFL_C1, .m = RFL_GFL_M,
        .c2 = RFL_GFL_C2, .c1_h = rfl_half_from_double(RFL_GFL_C1), .m_h = rfl_half_from_double(RFL_GFL_M),
        .c2_h = rfl_half_from_double(RFL_GFL_C2), .clock = c->clock, .stream = c->stream};
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer) || RFL_CUDA(rfl_gfl_run(&l)) || rfl_gpu_timer_stop(&c->timer, t))
        return -1;
    struct rfl_gpu_clock h;
    if (RFL_CUDA(cudaMemcpy(&h, c->clock, sizeof h, cudaMemcpyDeviceToHost)))
        return -1;
    *mhz = rfl_gpu_clock_mhz(&h);
    return 0;
}

static int verify(struct ctx *c, const struct config *cfg, size_t words, unsigned long long trials, struct rfl_gpu_point *p)
{
    unsigned long long expected[8];
    /* Eight independent replays: spread over the host's threads. */
#pragma omp parallel for schedule(static, 1)
    for (int k = 0; k < 8; k++)
        expected[k] = rfl_gfl_replay_bits(cfg->prec, cfg->fpe, (unsigned)k, trials);
    struct rfl_gpu_mismatch m;
    if (rfl_gpu_mismatch_reset(c->mismatch, c->stream) ||
        RFL_CUDA(rfl_gfl_check(cfg->prec, c->buf, words, expected, c->mismatch, c->stream)) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
        RFL_CUDA(cudaMemcpy(&m, c->mismatch, sizeof m, cudaMemcpyDeviceToHost)))
        return -1;
    if (m.count == 0)
        return 0;
    const size_t sb = scalar_bytes(cfg->prec);
    unsigned char raw[8] = {0};
    if (RFL_CUDA(cudaMemcpy(raw, (const char *)c->buf + m.first_index * sb, sb, cudaMemcpyDeviceToHost)))
        return -1;
    uint64_t got = 0;
    memcpy(&got, raw, sb); /* little-endian: the low bytes */
    p->bad = (long long)m.count;
    snprintf(p->detail, sizeof p->detail,
             "%llu wrong values after %llu trials; first [%llu] has bits 0x%llx, the host replay 0x%llx", m.count,
             trials, m.first_index, (unsigned long long)got, expected[m.first_index & 7]);
    return 0;
}

static int run_point(struct ctx *c, const struct config *cfg, size_t n_groups, struct rfl_gpu_point *p)
{
    memset(p, 0, sizeof *p);
    const size_t words = n_groups * cfg->chains;
    if (RFL_CUDA(rfl_gfl_fill(cfg->prec, c->buf, words, c->stream)))
        return -1;
    unsigned long long applied = 0, trials = 1;
    double t = 0, mhz = 0;
    for (;;) {
        if (sample(c, cfg, n_groups, trials, &t, &mhz))
            return -1;
        applied += trials;
        t = c->ranks > 1 ? rfl_mpi_max_double(t) : t;
        if (t >= c->min_time_s || trials >= MAX_TRIALS)
            break;
        trials *= 2;
    }
    double best = INFINITY;
    for (unsigned e = 0; e < c->experiments; e++) {
        if (sample(c, cfg, n_groups, trials, &p->times[e], &mhz))
            return -1;
        applied += trials;
        if (p->times[e] < best) {
            best = p->times[e];
            p->mhz_at_min = mhz;
        }
    }
    p->trials = trials;
    if (c->o->inject_fault && RFL_CUDA(cudaMemsetAsync(c->buf, 0x5a, 2, c->stream)))
        return -1;
    return verify(c, cfg, words, applied, p);
}

/* What one point's rows need beyond the row itself. */
struct point_rows {
    struct ctx *c;
    const struct config *cfg;
    size_t n_groups;
};

static void write_row(void *arg, struct rfl_csv *csv, const struct rfl_gpu_rank_row *row)
{
    const struct point_rows *pr = arg;
    struct ctx *c = pr->c;
    const struct config *cfg = pr->cfg;
    const unsigned long long trials = row->trials;
    const int aggregate = row->aggregate;
    const double mhz = row->mhz;
    const struct rfl_stats *st = &row->st;
    const double gpus = aggregate ? c->ranks : 1;
    const double elements = (double)pr->n_groups * cfg->chains * scalars_per_word(cfg->prec) * gpus;
    const double flops_per_trial = elements * cfg->fpe;
    const double bytes_per_trial = elements * (double)scalar_bytes(cfg->prec) * 2.0;
    const double gflops = flops_per_trial * (double)trials / st->min * 1e-9;
    const double peak = !aggregate && mhz > 0 ? peak_gflops(&c->dev, cfg->prec, mhz) : 0;
    char spec[32];
    rfl_gpu_blocks_format(&cfg->spec, spec, sizeof spec);
    rfl_csv_str(csv, rfl_gpu_precisions[cfg->prec].name);
    rfl_csv_u64(csv, cfg->fpe);
    rfl_csv_u64(csv, cfg->chains);
    rfl_csv_u64(csv, cfg->threads);
    rfl_csv_u64(csv, cfg->blocks);
    rfl_csv_str(csv, spec);
    rfl_csv_u64(csv, (uint64_t)pr->n_groups * cfg->chains * word_bytes(cfg->prec) * (uint64_t)gpus);
    rfl_csv_double(csv, elements);
    rfl_csv_double(csv, flops_per_trial);
    rfl_csv_double(csv, bytes_per_trial);
    rfl_csv_u64(csv, trials);
    rfl_csv_int(csv, c->experiments);
    rfl_csv_double(csv, st->min);
    rfl_csv_double(csv, st->median);
    rfl_csv_double(csv, st->max);
    rfl_csv_double(csv, gflops);
    rfl_csv_double(csv, flops_per_trial * (double)trials / st->median * 1e-9);
    rfl_csv_double(csv, flops_per_trial * (double)trials / st->max * 1e-9);
    rfl_csv_double(csv, bytes_per_trial * (double)trials / st->min * 1e-9);
    rfl_csv_double(csv, !aggregate && mhz > 0 ? mhz : NAN);
    rfl_csv_double(csv, peak > 0 ? peak : NAN);
    rfl_csv_double(csv, peak > 0 ? gflops / peak : NAN);
    rfl_csv_int(csv, 1);
    rfl_csv_end_row(csv);
    if (aggregate || row->rank != 0 || peak <= 0)
        return;
    if (gflops / peak > c->best_fraction[cfg->prec]) {
        c->best_fraction[cfg->prec] = gflops / peak;
        c->best_gflops[cfg->prec] = gflops;
        c->best_mhz[cfg->prec] = mhz;
        snprintf(c->best_config[cfg->prec], sizeof c->best_config[cfg->prec], "FPE %u, %u chains, %u x %u threads",
                 cfg->fpe, cfg->chains, cfg->blocks, cfg->threads);
    }
}

/* The rows of a point on every rank (collective, gpu/ranks.h); 1: stop the sweep. */
static int emit_point(struct ctx *c, struct rfl_session *out, const struct config *cfg, size_t n_groups,
                      const struct rfl_gpu_point *p)
{
    const char *prec = rfl_gpu_precisions[cfg->prec].name;
    char point[128], what[96];
    snprintf(point, sizeof point, "%s FPE %u, %u chains, %zu groups", prec, cfg->fpe, cfg->chains, n_groups);
    snprintf(what, sizeof what, "%s FPE %u, %u chains", prec, cfg->fpe, cfg->chains);
    struct point_rows pr = {.c = c, .cfg = cfg, .n_groups = n_groups};
    const struct rfl_gpu_point_rows pt = {.ranks = c->ranks, .experiments = c->experiments, .measured = p,
                                          .device = c->dev.index, .point = point, .what = what,
                                          .write_row = write_row, .arg = &pr};
    int rows_written = 0;
    const int stop = rfl_gpu_point_rows(out, &pt, &rows_written);
    if (rows_written)
        rfl_progress("%s FPE %u, %u chains, %ux%u", prec, cfg->fpe, cfg->chains, cfg->blocks, cfg->threads);
    return stop;
}

static void evidence(const struct ctx *c, json_t *list, unsigned precisions)
{
    rfl_info("evidence: device %s, %d SMs, compute capability %d.%d", c->dev.name, c->dev.sm_count, c->dev.cc_major,
             c->dev.cc_minor);
    static const char *const names[] = {"fp64_fraction_of_clock_peak", "fp32_fraction_of_clock_peak",
                                        "fp16_fraction_of_clock_peak"};
    for (int p = 0; p < RFL_GPU_NPRECISION; p++) {
        if (!(precisions >> p & 1))
            continue;
        char note[512];
        const double per_clock = fma_per_clock(&c->dev, (enum rfl_gpu_precision)p);
        if (per_clock <= 0) {
            rfl_gpu_evidence(list, names[p], NAN, "fraction", NULL, NAN, 0,
                             "no per-SM rate known for this compute capability");
            continue;
        }
        snprintf(note, sizeof note, "%.0f GFLOP/s at %.0f MHz (peak %.0f); %s", c->best_gflops[p], c->best_mhz[p],
                 peak_gflops(&c->dev, (enum rfl_gpu_precision)p, c->best_mhz[p]), c->best_config[p]);
        /* The issue holds FP64 and FP32 to 97%; FP16 is reported. */
        rfl_gpu_evidence(list, names[p], c->best_fraction[p] > 0 ? c->best_fraction[p] : NAN, "fraction",
                         p == RFL_GPU_FP16 ? NULL : ">=", 0.97, 0, note);
        if (c->best_fraction[p] > 1.02)
            rfl_warn("%s: %.3f of the clock-derived peak: the per-SM rate table (gpu/gpu.c) may be wrong for "
                     "compute capability %d.%d", rfl_gpu_precisions[p].name, c->best_fraction[p], c->dev.cc_major,
                     c->dev.cc_minor);
    }
}

static int print_columns(const struct rfl_gpu_run_opts *o)
{
    (void)o;
    rfl_schema_print(stdout, &rfl_schema_gpu_flops);
    return RFL_EXIT_OK;
}

static int self_test(void)
{
    int failures = rfl_gpu_self_test() + rfl_gfl_verify_self_test();
    struct rfl_gpu_device d;
    memset(&d, 0, sizeof d);
    d.sm_count = 132;
    d.rates = rfl_gpu_sm_rates_for(9, 0);
    /* H100 SXM at its 1980 MHz boost: 66.9 TFLOP/s FP32, 33.5 FP64, 133.8 FP16. */
    EXPECT(fabs(peak_gflops(&d, RFL_GPU_FP32, 1980) - 66908) < 1);
    EXPECT(fabs(peak_gflops(&d, RFL_GPU_FP64, 1980) - 33454) < 1);
    EXPECT(fabs(peak_gflops(&d, RFL_GPU_FP16, 1980) - 133816) < 1);
    for (unsigned f = 1; f <= RFL_GFL_MAX_FPE; f *= 2)
        EXPECT(rfl_gfl_fpe_index(f) >= 0);
    EXPECT(rfl_gfl_fpe_index(3) < 0 && rfl_gfl_fpe_index(8192) < 0 && rfl_gfl_chains_index(3) < 0);
    EXPECT(rfl_gfl_chains_index(8) == 3);
    return rfl_selftest_result("rfl_gpu_flops", failures);
}

/* A configuration's priority under a time budget: 0 for the one each
 * compute ceiling comes from (its precision at the most chains and the
 * highest FPE, the first threads and blocks), 1 for the rest. */
static int priority(const struct rfl_gpu_flops_opts *o, const struct config *cfg)
{
    unsigned chains = 0, fpe = 0;
    for (int i = 0; i < o->nchains; i++)
        chains = o->chains[i] > chains ? o->chains[i] : chains;
    for (int i = 0; i < o->nfpe; i++)
        fpe = o->fpe[i] > fpe ? o->fpe[i] : fpe;
    return cfg->chains == chains && cfg->fpe == fpe && cfg->threads == o->threads[0] &&
                   cfg->spec.kind == o->blocks[0].kind && cfg->spec.value == o->blocks[0].value
               ? 0
               : 1;
}

/* The groups of chains of a configuration's working-set point j (one per
 * thread without --wss). */
static size_t groups_of(const struct config *cfg, const uint64_t *wss, size_t j)
{
    size_t n_groups = (size_t)cfg->blocks * cfg->threads;
    if (wss) {
        n_groups = (size_t)(wss[j] / (word_bytes(cfg->prec) * cfg->chains));
        if (n_groups < 1)
            n_groups = 1;
    }
    return n_groups;
}

/* The sweep's configurations over its working sets (rfl_gpu_sweep's hooks). */
struct sweep {
    struct ctx *c;
    const struct config *cfgs;
    const uint64_t *wss;
};

static size_t point_groups(void *arg, int i, size_t j)
{
    const struct sweep *s = arg;
    return groups_of(&s->cfgs[i], s->wss, j);
}

static int point_priority(void *arg, int i, size_t j)
{
    const struct sweep *s = arg;
    (void)j;
    return priority(s->c->o, &s->cfgs[i]);
}

/* A point's weight under a budget: its samples, and its array (a GiB
 * counts as much as the samples). */
static double point_weight(void *arg, int i, size_t n_groups)
{
    const struct config *cfg = &((const struct sweep *)arg)->cfgs[i];
    return 1.0 + (double)n_groups * cfg->chains * word_bytes(cfg->prec) / (double)(1ull << 30);
}

static void config_name(void *arg, int i, char *buf, size_t len)
{
    const struct config *cfg = &((const struct sweep *)arg)->cfgs[i];
    snprintf(buf, len, "%s FPE %u, %u chains, %ux%u", rfl_gpu_precisions[cfg->prec].name, cfg->fpe, cfg->chains,
             cfg->blocks, cfg->threads);
}

static int sweep_run_point(void *arg, int i, size_t n_groups, struct rfl_gpu_point *p)
{
    const struct sweep *s = arg;
    return run_point(s->c, &s->cfgs[i], n_groups, p);
}

static int sweep_emit_point(void *arg, struct rfl_session *out, int i, size_t n_groups, const struct rfl_gpu_point *p)
{
    const struct sweep *s = arg;
    return emit_point(s->c, out, &s->cfgs[i], n_groups, p);
}

static const struct rfl_gpu_sweep sweep_hooks = {
    .overhead_s = POINT_OVERHEAD_S, .min_time_floor_s = MIN_TIME_FLOOR_S, .experiments_floor = EXPERIMENTS_FLOOR,
    .size = point_groups, .priority = point_priority, .weight = point_weight, .name = config_name,
    .run = sweep_run_point, .emit = sweep_emit_point};

static void free_ctx(struct ctx *c)
{
    rfl_gpu_timer_destroy(&c->timer);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    cudaFree(c->buf);
    cudaFree(c->clock);
    cudaFree(c->mismatch);
}

int rfl_gpu_flops_run(const struct rfl_gpu_flops_opts *o)
{
    struct rfl_gpu_budget budget;
    struct ctx c = {.o = o, .ranks = rfl_mpi_size()};
    int rc;
    if (rfl_gpu_run_start(&o->run, print_columns, self_test, &budget, &c.dev, &rc))
        return rc;
    const int root = rfl_mpi_rank() == 0;
    rfl_gpu_run_sampling(&o->run, &c.min_time_s, &c.experiments);
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_GPU_NPRECISION) - 1;
    const double growth = o->growth ? o->growth : 2.0;

    /* Configurations, resolved against the device. */
    int ncfg = 0, cap = RFL_GPU_NPRECISION * o->nchains * o->nfpe * o->nthreads * o->nblocks;
    struct config *cfgs = calloc((size_t)cap + 1, sizeof *cfgs);
    size_t max_words = 0;
    uint64_t *wss = NULL;
    size_t npoints = 1;
    if (o->wss[0] && !(wss = rfl_gpu_geometric(o->wss[0], o->wss[1], growth, &npoints))) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }
    for (int p = 0; p < RFL_GPU_NPRECISION && cfgs; p++)
        for (int ch = 0; ch < o->nchains; ch++)
            for (int f = 0; f < o->nfpe; f++)
                for (int t = 0; t < o->nthreads; t++)
                    for (int b = 0; b < o->nblocks; b++) {
                        if (!(precisions >> p & 1))
                            continue;
                        struct config *cfg = &cfgs[ncfg++];
                        cfg->prec = (enum rfl_gpu_precision)p;
                        cfg->chains = o->chains[ch];
                        cfg->fpe = o->fpe[f];
                        cfg->threads = o->threads[t];
                        cfg->spec = o->blocks[b];
                        int resident = 0;
                        if (RFL_CUDA(rfl_gfl_occupancy(cfg->prec, cfg->fpe, cfg->chains, cfg->threads, &resident))) {
                            rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
                            goto done;
                        }
                        if (resident < 1) {
                            rfl_error("the %s kernel with %u chains cannot run %u threads per block on %s",
                                      rfl_gpu_precisions[p].name, cfg->chains, cfg->threads, c.dev.name);
                            rc = rfl_gpu_fail(RFL_EXIT_USAGE);
                            goto done;
                        }
                        cfg->blocks = rfl_gpu_blocks_resolve(&cfg->spec, &c.dev, resident);
                        size_t words = (size_t)cfg->blocks * cfg->threads * cfg->chains;
                        if (wss) {
                            size_t w = (size_t)(wss[npoints - 1] / word_bytes(cfg->prec));
                            words = w > words ? w : words;
                        }
                        if (words * word_bytes(cfg->prec) > max_words * 8)
                            max_words = (words * word_bytes(cfg->prec) + 7) / 8;
                    }
    if (!cfgs) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }
    c.buf_bytes = max_words * 8 + 64;
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes)) || c.buf_bytes > free_bytes / 2) {
        if (c.buf_bytes > free_bytes / 2)
            rfl_error("option --wss: %zu bytes of buffers exceed half the free device memory", c.buf_bytes);
        rc = rfl_gpu_fail(RFL_EXIT_USAGE);
        goto done;
    }
    if (RFL_CUDA(cudaMalloc(&c.buf, c.buf_bytes)) || RFL_CUDA(cudaMalloc((void **)&c.clock, sizeof *c.clock)) ||
        RFL_CUDA(cudaMalloc((void **)&c.mismatch, sizeof *c.mismatch)) ||
        RFL_CUDA(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c.timer, c.stream)) {
        rc = rfl_gpu_fail(RFL_EXIT_FAILURE);
        goto done;
    }

    struct rfl_session out;
    if (rfl_gpu_session_open(&out,
                             &(struct rfl_session_spec){.program = "rfl_gpu_flops", .argc = o->argc, .argv = o->argv,
                                                        .output = o->output, .columns = columns, .ncols = NCOLUMNS},
                             &c.dev) != 0) {
        rc = RFL_EXIT_FAILURE;
        goto done;
    }

    struct sweep sw = {&c, cfgs, wss};
    rfl_gpu_sweep_run(&sweep_hooks, &sw, ncfg, npoints, &o->run, &budget, &out, &c.min_time_s, &c.experiments);
    const double elapsed = rfl_gpu_session_stop(&out, &c.dev);

    if (root) {
        json_t *ev = json_array();
        if (out.status == RFL_EXIT_OK)
            evidence(&c, ev, precisions);
        json_t *meta = rfl_session_outcome(&out);
        json_object_set_new(meta, "sweep",
                            json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:f, s:i, s:f}", "fpe",
                                      rfl_gpu_uints_json(o->fpe, o->nfpe), "chains",
                                      rfl_gpu_uints_json(o->chains, o->nchains), "threads_per_block",
                                      rfl_gpu_uints_json(o->threads, o->nthreads), "blocks",
                                      rfl_gpu_blocks_json(o->blocks, o->nblocks), "wss_min_bytes",
                                      o->wss[0] ? json_integer((json_int_t)o->wss[0]) : json_null(), "wss_max_bytes",
                                      o->wss[0] ? json_integer((json_int_t)o->wss[1]) : json_null(), "min_time_s",
                                      c.min_time_s, "experiments", (int)c.experiments, "elapsed_s", elapsed));
        json_object_set_new(meta, "kernel",
                            json_pack("{s:s, s:f, s:f, s:f}", "formula",
                                      "per trial: b = x; if FPE odd: b = b + c1; FPE/2 times: b = b*m + c2; x = -b",
                                      "c1", RFL_GFL_C1, "m", RFL_GFL_M, "c2", RFL_GFL_C2));
        json_object_set_new(meta, "evidence", ev);
        json_object_set_new(meta, "budget", rfl_gpu_budget_json(&budget));
    }
    rfl_session_commit(&out);
    rc = rfl_session_close(&out);
done:
    free(cfgs);
    free(wss);
    free_ctx(&c);
    rfl_gpu_budget_free(&budget);
    return rc;
}
