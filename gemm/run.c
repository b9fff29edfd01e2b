/* The run of rfl_gemm: the mix microbenchmark, then for each precision
 * and transposition the tuning of tiled and dmma over their tile shapes,
 * then for each size one group of fresh random inputs (rotating sets
 * twice the L2 size, so no launch finds its inputs in L2), one reference
 * (cuBLAS; cuBLAS itself against the host in long double), and each
 * kernel checked against it and timed with events.  Last the model table
 * (Lai and Seznec, Eqs. 6-9; Volkov and Demmel, Tables 2-3) at the model
 * size, and the evidence lines. */
#include "config.h"
#include "gemm/blas.h"
#include "gemm/gemm_internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Under a time budget, the least the samples come down to. */
#define MIN_TIME_FLOOR_S 0.002
#define EXPERIMENTS_FLOOR 3

/* ------------------------------------------------------------------------
 * One point: verify, time, write the rows
 * ---------------------------------------------------------------------- */

static int run_point(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                     struct rfl_csv *csv, const struct rfl_gemm_mix *mix, struct rfl_gemm_results *rs)
{
    struct rfl_gemm_check ck;
    if (rfl_gemm_verify(c, r, g, &ck))
        return -1;
    char cfg[96];
    rfl_gemm_runner_config(r, cfg, sizeof cfg);
    long long bad = !(ck.err <= ck.bound);
    if (bad)
        rfl_error_all("verification failed: %s %s %s %s %ux%ux%u: max |C - R| / max |R| = %.3g > %.3g (against %s): %s",
                      rfl_gemm_family_names[r->family], cfg, rfl_gemm_prec_names[r->prec],
                      rfl_gemm_trans_names[r->transb], g->m, g->n, g->k, ck.err, ck.bound, ck.reference, ck.detail);
    if ((c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad) != 0) {
        snprintf(c->out.failure, sizeof c->out.failure, "%s %s %s C %s %ux%ux%u: max_rel_error %.3g > %.3g",
                 rfl_gemm_family_names[r->family], rfl_gemm_prec_names[r->prec], rfl_gemm_trans_names[r->transb],
                 rfl_gemm_c_type(r->prec, r->c16), g->m, g->n, g->k, ck.err, ck.bound);
        c->out.status = RFL_EXIT_VERIFY;
        return -1;
    }
    /* Collective: a signal since the last point stops the run before the
     * timing (a large GEMM takes a while to verify and time). */
    if (rfl_interrupt_agree(0, &c->out.status))
        return -1;
    /* Every point from the same state: a cuBLAS roof timed right after a
     * 16384^3 point ran at the power limiter's 1125-1600 MHz on an H100 and
     * read 9% under the same GEMM measured rested (1965 MHz). */
    double waited = 0;
    const int settled = rfl_gpu_nvml_settle(&c->dev, c->settle_max_s, &waited);
    if (settled >= 0) {
        c->settle_s += waited;
        c->settle_waits += waited > 0.005;
        c->settle_limited += settled == 1;
    }
    double times[RFL_GEMM_MAX_EXPERIMENTS], mhz_min;
    unsigned reps;
    if (rfl_gemm_time_runner(c, r, g, c->experiments, times, NULL, &reps, &mhz_min))
        return -1;
    /* The libraries' GEMMs set the tensor roofs: their launches alone too (a profiled kernel is
     * one launch on a rested GPU). */
    double rested_s = NAN;
    if ((r->family == RFL_GEMM_CUBLAS || r->family == RFL_GEMM_CUBLASLT) &&
        rfl_gemm_time_rested(c, r, g, c->experiments, &rested_s))
        return -1;
    const int nv = (int)c->experiments + 5;
    double *mine = calloc((size_t)nv, sizeof *mine);
    if (!mine)
        return -1;
    memcpy(mine, times, c->experiments * sizeof *mine);
    mine[c->experiments] = mhz_min;
    mine[c->experiments + 1] = ck.err;
    mine[c->experiments + 2] = c->dev.index;
    mine[c->experiments + 3] = reps;
    mine[c->experiments + 4] = rested_s;
    double *all = rfl_gpu_gather_doubles(mine, nv);
    free(mine);
    const double flops = 2.0 * g->m * (double)g->n * g->k;
    const enum rfl_gemm_unit unit = rfl_gemm_unit_of(&c->dev, r->family, r->prec);
    const double per_clock = rfl_gemm_unit_flops_per_clock(&c->dev, unit);
    if (c->root && all) {
        for (int rank = 0; rank < c->ranks; rank++) {
            const double *v = all + (size_t)rank * nv;
            double sorted[RFL_GEMM_MAX_EXPERIMENTS];
            memcpy(sorted, v, c->experiments * sizeof *sorted);
            struct rfl_stats st;
            rfl_stats_compute(sorted, c->experiments, &st);
            /* NVML's clock, else the one the mix kernels ran at (read inside them). */
            const double mhz = v[c->experiments] > 0 ? v[c->experiments] : mix && mix->mhz > 0 ? mix->mhz : NAN;
            const double gflops = flops / st.min * 1e-9;
            const double peak = per_clock > 0 && mhz > 0 ? per_clock * c->dev.sm_count * mhz * 1e-3 : NAN;
            struct rfl_gemm_bound b;
            memset(&b, 0, sizeof b);
            b.p_potential_gflops = NAN;
            if (r->k)
                rfl_gemm_model_bound(r->k, rfl_gemm_sass_find(r->k->symbol), mix, &c->dev, mhz, g->m, g->n, &b);
            if (rank == 0) {
                struct rfl_gemm_result *res = rfl_gemm_results_add(rs);
                if (res) {
                    res->family = r->family;
                    res->prec = r->prec;
                    res->transb = r->transb;
                    res->size = (struct rfl_gemm_size){g->m, g->n, g->k};
                    res->kernel = r->k;
                    res->c16 = r->c16;
                    res->gflops = gflops;
                    res->mhz = mhz;
                    res->peak = peak;
                    res->err = v[c->experiments + 1];
                    res->bound = b;
                }
            }
            if (!csv)
                continue;
            rfl_csv_int(csv, rank);
            rfl_csv_int(csv, (long long)v[c->experiments + 2]);
            rfl_csv_str(csv, rfl_gemm_family_names[r->family]);
            rfl_csv_str(csv, cfg);
            rfl_csv_str(csv, rfl_gemm_prec_names[r->prec]);
            rfl_csv_str(csv, rfl_gemm_unit_names[unit]);
            rfl_csv_str(csv, "n");
            rfl_csv_str(csv, r->transb ? "t" : "n");
            rfl_csv_u64(csv, g->m);
            rfl_csv_u64(csv, g->n);
            rfl_csv_u64(csv, g->k);
            rfl_csv_double(csv, c->o->alpha);
            rfl_csv_double(csv, c->o->beta);
            rfl_csv_str(csv, rfl_gemm_l2_names[c->o->l2]);
            rfl_csv_int(csv, g->nsets);
            rfl_csv_double(csv, flops);
            rfl_csv_u64(csv, (uint64_t)v[c->experiments + 3]);
            rfl_csv_int(csv, c->experiments);
            rfl_csv_double(csv, st.min);
            rfl_csv_double(csv, st.median);
            rfl_csv_double(csv, st.max);
            rfl_csv_double(csv, gflops);
            rfl_csv_double(csv, flops / st.median * 1e-9);
            rfl_csv_double(csv, mhz);
            rfl_csv_double(csv, peak);
            rfl_csv_double(csv, peak > 0 ? gflops / peak : NAN);
            rfl_csv_double(csv, b.p_potential_gflops);
            rfl_csv_double(csv, b.p_potential_gflops > 0 ? b.p_potential_gflops / gflops : NAN);
            rfl_csv_str(csv, ck.reference);
            rfl_csv_double(csv, v[c->experiments + 1]);
            rfl_csv_double(csv, ck.bound);
            rfl_csv_int(csv, 1);
            rfl_csv_double(csv, v[c->experiments + 4] > 0 ? flops / v[c->experiments + 4] * 1e-9 : NAN);
            rfl_csv_end_row(csv);
        }
        rfl_progress("%s %s %s %ux%ux%u: %.0f GFLOP/s", rfl_gemm_family_names[r->family], rfl_gemm_prec_names[r->prec],
                     rfl_gemm_trans_names[r->transb], g->m, g->n, g->k, flops / all[0] * 1e-9);
    }
    free(all);
    return 0;
}

static void free_ctx(struct rfl_gemm_ctx *c)
{
    if (c->have_blas)
        cublasDestroy(c->blas);
    rfl_gemm_lt_destroy(&c->lt);
    rfl_gpu_timer_destroy(&c->timer);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    cudaFree(c->diff);
    cudaFree(c->clock);
}

/* This rank's device (agreed over the ranks), its stream, timer, device
 * records and cuBLAS handle; an RFL_EXIT_* code. */
static int open_ctx(struct rfl_gemm_ctx *c, const struct rfl_gemm_opts *o)
{
    memset(c, 0, sizeof *c);
    c->o = o;
    c->ranks = rfl_mpi_size();
    c->root = rfl_mpi_rank() == 0;
    const int rc = rfl_gpu_select_agreed((int)o->device, &c->dev);
    if (rc != RFL_EXIT_OK)
        return rc;
    c->min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.005 : 0.02;
    c->settle_max_s = o->quick ? 0.25 : 1.0;
    c->experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
    if (RFL_CUDA(cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking)) ||
        rfl_gpu_timer_create(&c->timer, c->stream) || RFL_CUDA(cudaMalloc((void **)&c->diff, sizeof *c->diff)) ||
        RFL_CUDA(cudaMalloc((void **)&c->clock, sizeof *c->clock)) || rfl_gemm_cublas_create(&c->blas, c->stream)) {
        free_ctx(c);
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }
    c->have_blas = 1;
    if (rfl_gemm_lt_create(&c->lt)) {
        free_ctx(c);
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }
    /* Dynamic shared memory past 48 KB must be asked for, once per kernel. */
    int nk;
    const struct rfl_gemm_kernel *table = rfl_gemm_kernel_table(&nk);
    for (int i = 0; i < nk; i++)
        if (table[i].dynamic_smem &&
            RFL_CUDA(cudaFuncSetAttribute(table[i].func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int)table[i].smem_bytes))) {
            free_ctx(c);
            return rfl_gpu_fail(RFL_EXIT_FAILURE);
        }
    return RFL_EXIT_OK;
}

static void evidence(struct rfl_gemm_ctx *c, const struct rfl_gemm_results *rs, unsigned ms, json_t *list)
{
    rfl_info("evidence: device %s, %d SMs, compute capability %d.%d", c->dev.name, c->dev.sm_count, c->dev.cc_major,
             c->dev.cc_minor);
    char note[512];
    char name[96];
    /* Our kernels against cuBLAS at the model size. */
    const struct {
        enum rfl_gemm_family f;
        enum rfl_gemm_prec p;
        const char *kernel, *blas, *name;
        double target;
    } versus[] = {{RFL_GEMM_TILED, RFL_GEMM_FP32, "tiled", "SGEMM", "tiled_sgemm", 0.90},
                  {RFL_GEMM_DMMA, RFL_GEMM_FP64, "dmma", "DGEMM", "dmma_dgemm", 0.80}};
    for (size_t i = 0; i < sizeof versus / sizeof versus[0]; i++) {
        const struct rfl_gemm_result *own = rfl_gemm_results_find(rs, versus[i].f, versus[i].p, 0, ms, ms, ms);
        const struct rfl_gemm_result *blas = rfl_gemm_results_find(rs, RFL_GEMM_CUBLAS, versus[i].p, 0, ms, ms, ms);
        if (!own || !blas)
            continue;
        char cfg[96];
        rfl_gemm_kernel_config(own->kernel, cfg, sizeof cfg);
        snprintf(note, sizeof note, "%u^3 nn: %s %.0f, cuBLAS %s %.0f GFLOP/s; %s", ms, versus[i].kernel, own->gflops,
                 versus[i].blas, blas->gflops, cfg);
        snprintf(name, sizeof name, "%s_over_cublas_%u", versus[i].name, ms);
        rfl_gpu_evidence(list, name, own->gflops / blas->gflops, "ratio", ">=", versus[i].target, 0, note);
    }
    for (int p = 0; p < 2; p++) {
        const struct rfl_gemm_result *v =
            rfl_gemm_results_find(rs, RFL_GEMM_VOLKOV, (enum rfl_gemm_prec)p, 0, ms, ms, ms);
        if (!v)
            continue;
        snprintf(note, sizeof note, "%u^3 nn: %.0f GFLOP/s of %.0f at %.0f MHz; verified (max_rel_error %.2g)", ms,
                 v->gflops, v->peak, v->mhz, v->err);
        snprintf(name, sizeof name, "volkov_%s_fraction_of_peak", p == RFL_GEMM_FP32 ? "sgemm" : "dgemm");
        rfl_gpu_evidence(list, name, v->peak > 0 ? v->gflops / v->peak : NAN, "fraction", NULL, NAN, 0, note);
    }
    const struct {
        enum rfl_gemm_family f;
        enum rfl_gemm_prec p;
        const char *name;
        int target;
    } bounds[] = {{RFL_GEMM_TILED, RFL_GEMM_FP32, "tiled_sgemm", 1},
                  {RFL_GEMM_TILED, RFL_GEMM_FP64, "tiled_dgemm", 0},
                  {RFL_GEMM_DMMA, RFL_GEMM_FP64, "dmma_dgemm", 0},
                  {RFL_GEMM_VOLKOV, RFL_GEMM_FP32, "volkov_sgemm", 0}};
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        const struct rfl_gemm_result *r = rfl_gemm_results_find(rs, bounds[i].f, bounds[i].p, 0, ms, ms, ms);
        if (!r)
            continue;
        const struct rfl_gemm_bound *b = &r->bound;
        const double ratio = b->valid ? b->p_potential_gflops / r->gflops : NAN;
        snprintf(note, sizeof note,
                 "bound %.0f (P_SM %.0f, Eq. 8 %.0f, P_Mem %.0f), achieved %.0f GFLOP/s; loop %d instr: %d FMA, %d LDS, "
                 "%d other; F_I %.3f, F_T %.3f",
                 b->p_potential_gflops, b->p_sm_gflops, b->p_sm_lai_gflops, b->p_mem_gflops, r->gflops, b->loop, b->fma,
                 b->lds, b->other, b->f_i, b->f_t);
        /* Tightness is the model's, the power cap aside: the bound (at the
         * maximum clock) scaled to the clock read for the row; soundness is
         * the bound as it stands. */
        const double tight = r->mhz > 0 && b->mhz > 0 ? ratio * r->mhz / b->mhz : ratio;
        snprintf(name, sizeof name, "%s_bound_over_achieved", bounds[i].name);
        rfl_gpu_evidence(list, name, tight, "ratio", bounds[i].target ? "<=" : NULL, 1.15, 0, note);
        if (bounds[i].target) {
            snprintf(name, sizeof name, "%s_bound_not_below_achieved", bounds[i].name);
            snprintf(note, sizeof note, "an upper bound must not be below the rate (bound at %.0f MHz, the maximum)",
                     b->mhz);
            rfl_gpu_evidence(list, name, ratio, "ratio", ">=", 1.0, 0, note);
        }
    }
}

int rfl_gemm_run(const struct rfl_gemm_opts *o)
{
    if (o->print_columns) {
        rfl_gemm_print_columns();
        return RFL_EXIT_OK;
    }
    if (o->self_test)
        return rfl_gemm_self_test();
    if (o->sass_file)
        return rfl_gemm_print_sass(o->sass_file, stdout);
    if (o->list_kernels) {
        rfl_gemm_list_kernels(stdout);
        return RFL_EXIT_OK;
    }
    if (o->list_devices)
        return rfl_gpu_list_devices(stdout);

    struct rfl_gpu_budget budget;
    rfl_gpu_budget_begin(&budget, o->time_budget_s, 1);
    struct rfl_gemm_ctx c;
    const int rc = open_ctx(&c, o);
    if (rc != RFL_EXIT_OK)
        return rc;
    const unsigned modes = o->modes ? o->modes : (1u << RFL_GEMM_NMODES) - 1;
    const int do_gemm = modes >> RFL_GEMM_MODE_GEMM & 1, do_model = modes >> RFL_GEMM_MODE_MODEL & 1;
    const int do_mix = (modes >> RFL_GEMM_MODE_MIX & 1) || do_model;
    const unsigned kernels = o->kernels ? o->kernels : (1u << RFL_GEMM_NFAMILY) - 1;
    const unsigned precisions = o->precisions ? o->precisions : (1u << RFL_GEMM_NPREC) - 1;
    const unsigned trans = o->trans ? o->trans : 3;
    const unsigned ms = o->model_size ? o->model_size : 8192;

    /* The sizes, with the model size added where the model needs it, and
     * where --sizes is not given the roof shapes the sweep lacks, for the
     * tensor units alone (roof_only). */
    struct rfl_gemm_size sizes[RFL_GEMM_MAX_SIZES + 1 + RFL_GEMM_NROOF_SHAPES];
    unsigned char roof_only[RFL_GEMM_MAX_SIZES + 1 + RFL_GEMM_NROOF_SHAPES] = {0};
    int nsizes = o->nsizes, have_ms = 0;
    memcpy(sizes, o->sizes, (size_t)nsizes * sizeof sizes[0]);
    for (int i = 0; i < nsizes; i++)
        have_ms |= sizes[i].m == ms && sizes[i].n == ms && sizes[i].k == ms;
    if (do_model && do_gemm && !have_ms)
        sizes[nsizes++] = (struct rfl_gemm_size){ms, ms, ms};
    for (int r = 0; r < RFL_GEMM_NROOF_SHAPES && !o->sizes_text; r++) {
        const struct rfl_gemm_size s = rfl_gemm_roof_shapes[r];
        int have = 0;
        for (int i = 0; i < nsizes; i++)
            have |= sizes[i].m == s.m && sizes[i].n == s.n && sizes[i].k == s.k;
        if (!have) {
            roof_only[nsizes] = 1;
            sizes[nsizes++] = s;
        }
    }

    /* The budget: the samples that fit, then every point expected (the
     * weights are seconds at a guessed rate, corrected as points run). */
    const unsigned largest = rfl_gemm_largest_square(sizes, nsizes);
    if (rfl_gpu_budget_limited(&budget) && do_gemm) {
        double n = 0;
        const double total = rfl_gemm_budget_expect(&c, &budget, sizes, roof_only, nsizes, ms, kernels, precisions, trans, &n);
        memset(budget.pending, 0, sizeof budget.pending);
        memset(budget.pending_n, 0, sizeof budget.pending_n);
        /* What the samples' plan counts per point beyond min_time: the GEMMs themselves. */
        const double beyond = n > 0 ? total / n - rfl_gpu_budget_point_s(0, c.min_time_s, c.experiments) : 0;
        rfl_gpu_budget_plan_samples(&budget, n, beyond > 0 ? beyond : 0, &c.min_time_s, o->min_time_s > 0,
                                    MIN_TIME_FLOOR_S, &c.experiments, o->experiments > 0, EXPERIMENTS_FLOOR);
        rfl_gemm_budget_expect(&c, &budget, sizes, roof_only, nsizes, ms, kernels, precisions, trans, &n);
    }
    if (rfl_gemm_output_open(&c, do_gemm, do_mix, do_model)) {
        free_ctx(&c);
        return RFL_EXIT_FAILURE;
    }
    struct rfl_csv *csv = c.root && do_gemm ? &c.out.csv : NULL;
    json_t *tuning = json_array(), *lt_tried = json_array();
    struct rfl_gemm_mix mix;
    memset(&mix, 0, sizeof mix);
    struct rfl_gemm_results rs = {NULL, 0, 0};
    int stop = 0;
    /* A CUDA or cuBLAS failure is one rank's alone: rfl_gpu_fail ends the
     * whole job under MPI (the other ranks would wait in a collective). */
    if (do_mix && rfl_gemm_mix_run(&c, &mix)) {
        if (c.out.status == RFL_EXIT_OK) /* else interrupted */
            c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
        stop = 1;
    }
    if (!stop && do_mix && c.root)
        rfl_info("mix: %d points, SM clock %.0f MHz; L2 read %.0f GB/s; DRAM copy %.0f GB/s", mix.npoints, mix.mhz,
                 mix.l2_gbytes_per_s, mix.dram_gbytes_per_s);

    static const enum rfl_gemm_prec order[] = {RFL_GEMM_FP32, RFL_GEMM_FP64, RFL_GEMM_TF32, RFL_GEMM_BF16,
                                               RFL_GEMM_FP16};
    for (size_t pi = 0; pi < sizeof order / sizeof order[0] && do_gemm && !stop; pi++) {
        const enum rfl_gemm_prec p = order[pi];
        if (!(precisions >> p & 1))
            continue;
        for (int tb = 0; tb < 2 && !stop; tb++) {
            if (!(trans >> tb & 1))
                continue;
            struct rfl_gemm_choice ch[RFL_GEMM_NFAMILY];
            for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
                memset(&ch[f], 0, sizeof ch[f]);
                if (!(kernels >> f & 1) || !rfl_gemm_family_has((enum rfl_gemm_family)f, p) || f == RFL_GEMM_CUBLAS ||
                    f == RFL_GEMM_CUBLASLT)
                    continue;
                rfl_gemm_choices_for(o, (enum rfl_gemm_family)f, p, tb, &ch[f]);
                if (ch[f].n == 0 && c.root)
                    rfl_warn("no %s kernel for %s %s%s%s", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                             rfl_gemm_trans_names[tb], o->config ? " named like " : "", o->config ? o->config : "");
                /* A tuning cut for time leaves the first configuration, as --no-tune. */
                char what[96];
                snprintf(what, sizeof what, "tuning %s %s %s", rfl_gemm_family_names[f], rfl_gemm_prec_names[p],
                         rfl_gemm_trans_names[tb]);
                const unsigned ts = o->tune_size ? o->tune_size : o->quick ? 1024 : 4096;
                if (stop || ch[f].n <= 1 || o->no_tune ||
                    !rfl_gpu_budget_admit_step(&budget, 1,
                                               ch[f].n * rfl_gemm_point_weight(&c, (enum rfl_gemm_family)f, p,
                                                                               (struct rfl_gemm_size){ts, ts, ts}, 3),
                                               what))
                    continue;
                if (rfl_gemm_tune(&c, (enum rfl_gemm_family)f, p, tb, &ch[f], tuning)) {
                    if (c.out.status == RFL_EXIT_OK)
                        c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                }
                rfl_gpu_budget_done(&budget);
            }
            for (int si = 0; si < nsizes && !stop; si++) {
                const struct rfl_gemm_size s = sizes[si];
                /* Under a budget the group (its inputs and reference) is a
                 * point of its own, at its most important point's priority:
                 * cut, it takes its points with it. */
                struct rfl_gemm_planned pts[RFL_GEMM_MAX_POINTS];
                const int npts = rfl_gemm_group_points(&c, ch, kernels, p, tb, s, roof_only[si], largest, ms, pts);
                if (!npts)
                    continue;
                int gprio = RFL_GPU_BUDGET_NPRIO - 1;
                for (int i = 0; i < npts; i++)
                    gprio = pts[i].prio < gprio ? pts[i].prio : gprio;
                char gwhat[96];
                snprintf(gwhat, sizeof gwhat, "inputs %s %s %ux%ux%u", rfl_gemm_prec_names[p], rfl_gemm_trans_names[tb],
                         s.m, s.n, s.k);
                /* Priority 0 is a tensor roof's only point: never cut. */
                if (npts && gprio == 0)
                    rfl_gpu_budget_admit_kept(&budget, gprio, rfl_gemm_group_weight(p, s), 1);
                else if (npts && !rfl_gpu_budget_admit_step(&budget, gprio, rfl_gemm_group_weight(p, s), gwhat)) {
                    for (int i = 0; i < npts; i++) {
                        rfl_gpu_budget_forget(&budget, pts[i].prio, pts[i].weight);
                        rfl_gpu_budget_cut(&budget, pts[i].what, 1);
                    }
                    continue;
                }
                struct rfl_gemm_group g;
                const unsigned long long seed =
                    rfl_gemm_mix64(((unsigned long long)o->seed << 32) ^ ((unsigned long long)p << 28) ^
                          ((unsigned long long)tb << 27) ^ ((unsigned long long)s.m * 131 + s.n * 7 + s.k));
                const int alloc = rfl_gemm_group_alloc(&c, &g, p, tb, s, o->l2 == RFL_GEMM_L2_ROTATE, seed);
                if (alloc < 0) {
                    rfl_gemm_group_free(&g);
                    c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                    break;
                }
                if (rfl_mpi_max_int(alloc) > 0) {
                    if (c.root)
                        rfl_warn("%s %s %ux%ux%u: the inputs do not fit in device memory; skipped",
                                 rfl_gemm_prec_names[p], rfl_gemm_trans_names[tb], s.m, s.n, s.k);
                    rfl_gemm_group_free(&g);
                    continue;
                }
                if (rfl_gemm_group_reference(&c, &g)) {
                    rfl_gemm_group_free(&g);
                    c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                    stop = 1;
                    break;
                }
                rfl_gpu_budget_done(&budget);
                struct rfl_gemm_lt_plan plan;
                memset(&plan, 0, sizeof plan);
                for (int f = 0; f < RFL_GEMM_NFAMILY && c.root; f++)
                    if (ch[f].n && rfl_gemm_runs_at(&c, (enum rfl_gemm_family)f, p, tb, roof_only[si]) &&
                        !rfl_gemm_pick(&ch[f], s, c.dev.sm_count))
                        rfl_warn("%s %s %s: no configuration fits %ux%ux%u; skipped", rfl_gemm_family_names[f],
                                 rfl_gemm_prec_names[p], rfl_gemm_trans_names[tb], s.m, s.n, s.k);
                /* The points of a group in rfl_gemm_group_points' order: a
                 * library's BF16 or FP16 point with C in the input type (the
                 * GEMM frameworks run, whose kernels outran the FP32-C
                 * roofs) before the one with C in FP32, so a fault injected
                 * for the test stops on it. */
                for (int i = 0; i < npts && !stop; i++) {
                    const enum rfl_gemm_family f = pts[i].family;
                    const struct rfl_gemm_planned *pt = &pts[i];
                    struct rfl_gemm_runner r = {f, NULL, p, tb, NULL, pt->c16};
                    if (f == RFL_GEMM_CUBLASLT) {
                        /* Agreed: a rank whose heuristic offers nothing skips it on every rank. */
                        rfl_gemm_lt_plan_free(&plan);
                        const int made = rfl_gemm_lt_plan(&c.lt, p, tb, pt->c16, (int)g.m, (int)g.n, (int)g.k, g.lda,
                                                          g.ldb, g.ldc, &plan);
                        const int worst = c.ranks > 1 ? rfl_mpi_max_int(made < 0 ? 2 : made) : (made < 0 ? 2 : made);
                        if (worst == 2) {
                            c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                            stop = 1;
                            break;
                        }
                        if (worst == 1)
                            continue;
                        r.lt = &plan;
                    } else if (f != RFL_GEMM_CUBLAS) {
                        r.k = rfl_gemm_pick(&ch[f], s, c.dev.sm_count); /* not NULL: a planned point */
                    }
                    if (pt->prio == 0 ? !rfl_gpu_budget_admit_kept(&budget, pt->prio, pt->weight, 0)
                                      : !rfl_gpu_budget_admit(&budget, pt->prio, pt->weight, pt->what))
                        continue;
                    if ((r.lt && rfl_gemm_lt_pick(&c, &g, &plan, lt_tried)) ||
                        run_point(&c, &r, &g, csv, do_mix ? &mix : NULL, &rs)) {
                        if (c.out.status == RFL_EXIT_OK)
                            c.out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
                        stop = 1;
                    }
                    rfl_gpu_budget_done(&budget);
                    stop = rfl_interrupt_agree(stop, &c.out.status);
                }
                rfl_gemm_lt_plan_free(&plan);
                rfl_gemm_group_free(&g);
            }
        }
    }
    const double elapsed = rfl_gpu_session_stop(&c.out, &c.dev);
    if (c.out.status == RFL_EXIT_FAILURE && !c.out.failure[0])
        snprintf(c.out.failure, sizeof c.out.failure, "a CUDA or cuBLAS call failed (see the messages above)");

    if (c.root) {
        struct rfl_gemm_model_row rows[64];
        int nrows = 0;
        if (do_model && do_gemm) {
            rfl_gemm_model_rows(&rs, ms, rows, &nrows, 64);
            if (c.model_csv)
                rfl_gemm_model_csv(c.model_csv, rows, nrows, do_mix ? &mix : NULL);
            if (c.out.status == RFL_EXIT_OK)
                rfl_gemm_model_table(rows, nrows, ms);
        }
        json_t *ev = json_array();
        if (c.out.status == RFL_EXIT_OK && do_gemm)
            evidence(&c, &rs, ms, ev);
        json_t *meta = rfl_session_outcome(&c.out);
        json_object_set_new(meta, "gemm", rfl_gemm_output_settings(&c, sizes, nsizes, ms, elapsed));
        json_object_set_new(meta, "tuning", tuning);
        tuning = NULL;
        json_object_set_new(meta, "cublaslt", lt_tried);
        lt_tried = NULL;
        json_t *chosen = json_array();
        for (int i = 0; i < rs.n; i++)
            if (rs.r[i].kernel && rs.r[i].size.m == ms && rs.r[i].size.n == ms && rs.r[i].size.k == ms) {
                char cfg[96];
                rfl_gemm_kernel_config(rs.r[i].kernel, cfg, sizeof cfg);
                json_array_append_new(chosen, json_pack("{s:s, s:s, s:s, s:s, s:s}", "kernel",
                                                        rfl_gemm_family_names[rs.r[i].family], "precision",
                                                        rfl_gemm_prec_names[rs.r[i].prec], "transb",
                                                        rfl_gemm_trans_names[rs.r[i].transb], "symbol",
                                                        rs.r[i].kernel->symbol, "config", cfg));
            }
        json_object_set_new(meta, "chosen_at_model_size", chosen);
        if (do_mix)
            json_object_set_new(meta, "mix", json_pack("{s:i, s:f, s:f, s:f}", "points", mix.npoints, "sm_clock_mhz",
                                                       isfinite(mix.mhz) ? mix.mhz : 0.0, "l2_gbytes_per_s",
                                                       mix.l2_gbytes_per_s, "dram_gbytes_per_s",
                                                       mix.dram_gbytes_per_s));
        json_object_set_new(meta, "evidence", ev);
        json_object_set_new(meta, "budget", rfl_gpu_budget_json(&budget));
    }
    rfl_session_commit(&c.out);
    const int exit_code = rfl_session_close(&c.out);
    json_decref(tuning);
    json_decref(lt_tried);
    free(rs.r);
    rfl_gemm_mix_free(&mix);
    free_ctx(&c);
    rfl_gpu_budget_free(&budget);
    return exit_code;
}
