/* The upper bound of a kernel (Lai and Seznec, Section 4, Eqs. 6-9), from
 * its main loop's SASS, the measured FMA:LDS mix throughput and the
 * per-SM limits of the compute capability (gpu/gpu.c, one table per cc).
 *
 * Units: warp instructions per clock per SM.  With F (FMA-class), L
 * (shared loads) and O (the rest) instructions in the main loop:
 *
 *   F_I = F / (F + L + O)                    the FMA fraction (Fig. 3, the
 *                                            other instructions counted too)
 *   W   = the loop's shared-memory wavefronts (below)
 *   r   = F x w_mix / W                      the FMA:LDS ratio of the mix that
 *                                            loads shared memory as the loop does
 *   R_mix(r)                                 FMA rate of the measured mix
 *   F_T = R_mix(r) (1 + 1/r) / R_peak        throughput factor (Eq. 7)
 *   P_SM,Lai = F_I F_T P_theoretical         Eq. 8 as the paper writes it
 *   P_SM = min(R_mix(r), issue F_I, F / W, R_peak)
 *          x flops per instruction x SMs x max clock x q
 *
 * Each term and why it is what it is:
 *  - R_peak: the pipe's rate from the cc table (sm_90: FFMA 128 / 32 = 4,
 *    DFMA 64 / 32 = 2 warp instructions per clock; DMMA from the tensor
 *    rates), a hard limit.
 *  - issue F_I: the 4 schedulers issue one warp instruction a clock each
 *    (rates.warp_issue); the FMAs get the fraction F_I of the slots.  The
 *    other instructions are charged once, here: DFMA and DMMA take several
 *    issue cycles of their pipe, and the rest issues in the gaps, which
 *    Eq. 8 would charge twice.
 *  - F / W: shared memory returns one 32-bit register for all 32 lanes a
 *    clock (rates.shared_bytes = 128 B, one wavefront), so a load of b
 *    bytes a lane takes b/4 wavefronts, half that where lanes l and l^1
 *    (or l^2) read the same address (two lanes' values are packed).  The
 *    tiled kernels load A at lane % LM (4 wavefronts an LDS.128) and B at
 *    lane / LM (2): the mix's tiled points (lane % 8) charge every load 4,
 *    which is why the old bound, read at r = F / L, fell below the FP64
 *    kernels (128x64x8 t4x8: 2 of its 6 loads a k step are A's).  gemm_mix
 *    measures 1, 2 and 4 wavefronts (LDS.32, LDS.64, LDS.128 at lane % 8)
 *    and 2 for a broadcast LDS.128 (0.5 per clock), as the rule says.
 *  - R_mix(r): the mix is read where it puts the same FMA:wavefront load
 *    on the SM as the loop (r above, not F / L); its rate never drops below
 *    a point measured at a lower ratio (mix.c: the mix's own dips at high
 *    ratios, where its FMAs wait on each other, are not the hardware's).
 *    This is the term that keeps the bound tight (the FFMA loops reach
 *    85-95% of it); it is measured, so it holds for kernels no better
 *    scheduled than the mix.
 *  - the clock: the device's maximum SM clock (sm_clock_max_khz).  The
 *    clock of a row is one NVML reading taken as the timed launches end,
 *    not the mean over them; under power capping it moves by hundreds of
 *    MHz within a sample, and no interval runs faster than the maximum, so
 *    only that makes a bound.  A throttled row reads bound / achieved above
 *    1 by max clock / its clock (gemm.csv has the clock and the peak at it).
 *  - q = T / (SMs x ceil(T / SMs)), T the blocks of the grid at the row's
 *    m x n: a block runs on one SM, so one SM runs ceil(T / SMs) blocks
 *    while the device does T (wave quantisation; 1024^3 with 64 blocks of
 *    128x128 uses 64 of 132 SMs).
 *
 *   P_Mem = I x BW,  I = 2 BM BN / ((BM + BN) s)   Eq. 6 (s: element bytes)
 *
 * with BW the measured L2 read bandwidth (every block's tiles come through
 * L2; the DRAM figure, as the paper has it, is reported beside it), and
 * P_potential = min(P_SM, P_Mem) (Eq. 9).  (The measured L2 figure is
 * below the part's, so P_Mem is conservative the wrong way; it binds no
 * kernel here, being 1.6x or more above P_SM.)
 *
 * The model rows at the model size go to gemm_model.csv and, as a table,
 * to stderr. */
#include "config.h"
#include "gemm/gemm_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double peak_instr_per_clock(const struct rfl_gpu_device *d, enum rfl_gemm_op op)
{
    switch (op) {
    case RFL_GEMM_OP_FFMA:
        return d->rates.fp32_fma / 32.0;
    case RFL_GEMM_OP_DFMA:
        return d->rates.fp64_fma / 32.0;
    case RFL_GEMM_OP_DMMA884:
        return rfl_gemm_unit_flops_per_clock(d, RFL_GEMM_UNIT_FP64_TENSOR) / 512.0;
    case RFL_GEMM_OP_DMMA16816:
        return rfl_gemm_unit_flops_per_clock(d, RFL_GEMM_UNIT_FP64_TENSOR) / 4096.0;
    default:
        return 0;
    }
}

static double flops_per_instr(enum rfl_gemm_op op)
{
    return op == RFL_GEMM_OP_DMMA884 ? 512.0 : op == RFL_GEMM_OP_DMMA16816 ? 4096.0 : 64.0;
}

double rfl_gemm_lds_wavefronts(int bytes, int pairs_share)
{
    const int regs = bytes >= 8 ? bytes / 4 : 1;
    return pairs_share && regs > 1 ? regs / 2 : regs;
}

double rfl_gemm_kernel_lds_wavefronts(const struct rfl_gemm_kernel *k, int lds_bytes)
{
    switch (k->family) {
    case RFL_GEMM_TILED: {
        /* tiled.cuh: per k step TM/V loads of A at lane % LM and TN/V of B
         * at lane / LM, LM = WM / TM lanes along m, V elements in 16 bytes. */
        const int v = k->prec == RFL_GEMM_FP64 ? 2 : 4;
        if (k->tm <= 0 || k->tn <= 0 || k->wm <= 0 || k->tm % v || k->tn % v)
            return rfl_gemm_lds_wavefronts(lds_bytes, 0);
        const int lm = k->wm / k->tm, ra = k->tm / v, rb = k->tn / v;
        return (ra * rfl_gemm_lds_wavefronts(16, lm <= 2) + rb * rfl_gemm_lds_wavefronts(16, lm >= 2)) /
               (ra + rb);
    }
    case RFL_GEMM_VOLKOV:
        /* every lane reads the same row of B: a broadcast. */
        return rfl_gemm_lds_wavefronts(lds_bytes, 1);
    default:
        /* dmma: every lane its own fragment word (lane % 32). */
        return rfl_gemm_lds_wavefronts(lds_bytes, k->lds_distinct <= 2);
    }
}

int rfl_gemm_model_bound(const struct rfl_gemm_kernel *k, const struct rfl_sass_counts *sc,
                         const struct rfl_gemm_mix *mix, const struct rfl_gpu_device *dev, double mhz, unsigned m,
                         unsigned n, struct rfl_gemm_bound *b)
{
    memset(b, 0, sizeof *b);
    b->f_i = b->fma_per_lds = b->mix_fma_per_clock = b->mix_instr_per_clock = b->f_t = NAN;
    b->p_sm_lai_gflops = b->p_sm_gflops = b->p_mem_gflops = b->p_mem_dram_gflops = b->p_potential_gflops = NAN;
    b->peak_gflops = b->issue_fma_per_clock = b->lds_wavefronts = b->mix_ratio = b->smem_fma_per_clock = NAN;
    /* The clock of the bound: the maximum (see above); the row's reading only where CUDA gives none. */
    b->mhz = dev->sm_clock_max_khz > 0 ? dev->sm_clock_max_khz * 1e-3 : mhz;
    const double tiles = k->bm > 0 && k->bn > 0 ? (double)(m / (unsigned)k->bm) * (double)(n / (unsigned)k->bn) : 0;
    b->wave_efficiency = tiles >= 1 && dev->sm_count > 0
                             ? tiles / (dev->sm_count * ceil(tiles / dev->sm_count))
                             : 1.0;
    b->sass = sc;
    const double s = k->prec == RFL_GEMM_FP64 ? 8.0 : 4.0;
    b->intensity = 2.0 * k->bm * k->bn / ((double)(k->bm + k->bn) * s);
    if (mix && mix->l2_gbytes_per_s > 0) {
        b->p_mem_gflops = b->intensity * mix->l2_gbytes_per_s;
        b->p_mem_dram_gflops = b->intensity * mix->dram_gbytes_per_s;
    }
    const double peak = peak_instr_per_clock(dev, k->op);
    b->fma_peak_per_clock = peak;
    if (peak > 0 && b->mhz > 0)
        b->peak_gflops = peak * flops_per_instr(k->op) * dev->sm_count * b->mhz * 1e-3;
    if (!sc || !sc->has_loop)
        return -1;
    const int *l = sc->loop;
    b->loop = sc->loop_instructions;
    b->fma = rfl_sass_fma(l);
    b->lds = rfl_sass_lds(l);
    b->other = b->loop - b->fma - b->lds;
    b->lds_bytes = l[RFL_SASS_LDS128] >= l[RFL_SASS_LDS64] && l[RFL_SASS_LDS128] >= l[RFL_SASS_LDS32] ? 16
                   : l[RFL_SASS_LDS64] >= l[RFL_SASS_LDS32]                                          ? 8
                                                                                                     : 4;
    b->fma_per_lds = b->lds ? (double)b->fma / b->lds : INFINITY;
    b->f_i = (double)b->fma / b->loop;
    b->issue_fma_per_clock = (dev->rates.warp_issue > 0 ? dev->rates.warp_issue : 4.0) * b->f_i;
    b->lds_distinct = k->lds_distinct;
    /* Wavefronts of the loop, and the mix ratio with as many per FMA. */
    b->lds_wavefronts = b->lds * rfl_gemm_kernel_lds_wavefronts(k, b->lds_bytes);
    const int pattern = rfl_gemm_mix_pattern(mix, k->op, b->lds_bytes, k->lds_distinct);
    const double mix_wf = rfl_gemm_lds_wavefronts(b->lds_bytes, pattern > 0 && pattern <= 2);
    b->mix_ratio = b->lds_wavefronts > 0 ? b->fma * mix_wf / b->lds_wavefronts : INFINITY;
    const double wavefronts_per_clock = dev->rates.shared_bytes > 0 ? dev->rates.shared_bytes / 128.0 : 1.0;
    b->smem_fma_per_clock = b->lds_wavefronts > 0 ? b->fma / b->lds_wavefronts * wavefronts_per_clock : INFINITY;
    b->mix_fma_per_clock = rfl_gemm_mix_fma_rate(mix, k->op, b->lds_bytes, k->lds_distinct, b->mix_ratio);
    if (!(b->mix_fma_per_clock > 0) || !(peak > 0) || !(b->mhz > 0))
        return -1;
    b->mix_instr_per_clock = b->mix_fma_per_clock * (1.0 + (isfinite(b->mix_ratio) ? 1.0 / b->mix_ratio : 0.0));
    b->f_t = b->mix_instr_per_clock / peak;
    b->p_sm_lai_gflops = b->f_i * b->f_t * b->peak_gflops;
    double rate = b->mix_fma_per_clock;
    if (b->issue_fma_per_clock < rate)
        rate = b->issue_fma_per_clock;
    if (b->smem_fma_per_clock < rate)
        rate = b->smem_fma_per_clock;
    if (peak < rate)
        rate = peak;
    b->p_sm_gflops = rate * flops_per_instr(k->op) * dev->sm_count * b->mhz * 1e-3 * b->wave_efficiency;
    b->p_potential_gflops = isfinite(b->p_mem_gflops) && b->p_mem_gflops < b->p_sm_gflops ? b->p_mem_gflops
                                                                                          : b->p_sm_gflops;
    b->valid = 1;
    return 0;
}

/* ------------------------------------------------------------------------
 * The model table (Lai and Seznec Fig. 3 / Eq. 9; Volkov and Demmel
 * Tables 2 and 3): rows of gemm_model.csv and a table on stderr
 * ---------------------------------------------------------------------- */

void rfl_gemm_model_rows(const struct rfl_gemm_results *rs, unsigned ms, struct rfl_gemm_model_row *rows, int *n,
                         int cap)
{
    *n = 0;
    for (int t = 0; t < 2; t++)
        for (int p = 0; p < RFL_GEMM_NPREC; p++)
            for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
                const struct rfl_gemm_result *r =
                    rfl_gemm_results_find(rs, (enum rfl_gemm_family)f, (enum rfl_gemm_prec)p, t, ms, ms, ms);
                /* The model bounds rfl's kernels; cuBLAS is their peer, cuBLASLt a roof's. */
                if (!r || *n >= cap || f == RFL_GEMM_CUBLASLT)
                    continue;
                struct rfl_gemm_model_row *row = &rows[(*n)++];
                row->res = r;
                row->peer = rfl_gemm_results_find(rs, RFL_GEMM_CUBLAS, r->prec, t, ms, ms, ms);
                row->regs = 0;
                row->blocks_per_sm = 0;
                if (r->kernel) {
                    struct cudaFuncAttributes fa;
                    if (cudaFuncGetAttributes(&fa, r->kernel->func) == cudaSuccess)
                        row->regs = fa.numRegs;
                    int b = 0;
                    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, r->kernel->func, r->kernel->threads,
                                                                      r->kernel->dynamic_smem ? r->kernel->smem_bytes
                                                                                              : 0) == cudaSuccess)
                        row->blocks_per_sm = b;
                }
            }
}

void rfl_gemm_model_csv(struct rfl_csv *csv, const struct rfl_gemm_model_row *rows, int n,
                        const struct rfl_gemm_mix *mix)
{
    for (int i = 0; i < n; i++) {
        const struct rfl_gemm_result *r = rows[i].res;
        const struct rfl_gemm_bound *b = &r->bound;
        const struct rfl_gemm_kernel *k = r->kernel;
        char cfg[96] = "", tile[32] = "";
        if (k) {
            rfl_gemm_kernel_config(k, cfg, sizeof cfg);
            snprintf(tile, sizeof tile, "%dx%d", k->tm, k->tn);
        } else {
            const struct rfl_gemm_runner run = {RFL_GEMM_CUBLAS, NULL, r->prec, r->transb, NULL, 0};
            rfl_gemm_runner_config(&run, cfg, sizeof cfg);
        }
        const int counted = k && b->sass && b->sass->has_loop;
        rfl_csv_str(csv, rfl_gemm_family_names[r->family]);
        rfl_csv_str(csv, cfg);
        rfl_csv_str(csv, rfl_gemm_prec_names[r->prec]);
        rfl_csv_str(csv, r->transb ? "t" : "n");
        rfl_csv_u64(csv, r->size.m);
        rfl_csv_u64(csv, r->size.n);
        rfl_csv_u64(csv, r->size.k);
        rfl_csv_double(csv, rows[i].regs ? rows[i].regs : NAN);
        rfl_csv_double(csv, k ? k->threads : NAN);
        rfl_csv_double(csv, rows[i].blocks_per_sm ? rows[i].blocks_per_sm : NAN);
        rfl_csv_str(csv, tile);
        rfl_csv_double(csv, counted ? b->loop : NAN);
        rfl_csv_double(csv, counted ? b->fma : NAN);
        rfl_csv_str(csv, k ? rfl_gemm_op_names[k->op] : "");
        rfl_csv_double(csv, counted ? b->lds : NAN);
        rfl_csv_double(csv, counted ? b->lds_bytes : NAN);
        rfl_csv_double(csv, k ? k->lds_distinct : NAN);
        rfl_csv_double(csv, counted ? b->other : NAN);
        rfl_csv_double(csv, k ? b->f_i : NAN);
        rfl_csv_double(csv, k && isfinite(b->fma_per_lds) ? b->fma_per_lds : NAN);
        rfl_csv_double(csv, k ? b->mix_fma_per_clock : NAN);
        rfl_csv_double(csv, k ? b->mix_instr_per_clock : NAN);
        rfl_csv_double(csv, k ? b->fma_peak_per_clock : NAN);
        rfl_csv_double(csv, k ? b->f_t : NAN);
        rfl_csv_double(csv, r->mhz);
        rfl_csv_double(csv, r->peak);
        rfl_csv_double(csv, k ? b->p_sm_lai_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_sm_gflops : NAN);
        rfl_csv_double(csv, k ? b->intensity : NAN);
        rfl_csv_double(csv, mix ? mix->l2_gbytes_per_s : NAN);
        rfl_csv_double(csv, mix ? mix->dram_gbytes_per_s : NAN);
        rfl_csv_double(csv, k ? b->p_mem_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_mem_dram_gflops : NAN);
        rfl_csv_double(csv, k ? b->p_potential_gflops : NAN);
        rfl_csv_double(csv, r->gflops);
        rfl_csv_double(csv, k && b->p_potential_gflops > 0 ? b->p_potential_gflops / r->gflops : NAN);
        rfl_csv_double(csv, rows[i].peer ? rows[i].peer->gflops : NAN);
        rfl_csv_double(csv, rows[i].peer ? r->gflops / rows[i].peer->gflops : NAN);
        rfl_csv_end_row(csv);
    }
}

/* v with `decimals` digits after the point, `suffix` after it; "-" for NAN. */
static void fmt(char *buf, size_t len, double v, int decimals, const char *suffix)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.*f%s", decimals, v, suffix);
}

/* Properties down, kernels across (nn rows only), as Volkov and Demmel's Table 3. */
void rfl_gemm_model_table(const struct rfl_gemm_model_row *rows, int n, unsigned ms)
{
    const struct rfl_gemm_model_row *cols[16];
    int nc = 0;
    for (int i = 0; i < n && nc < 16; i++)
        if (rows[i].res->transb == 0)
            cols[nc++] = &rows[i];
    if (nc == 0)
        return;
    fprintf(stderr, "\nrfl_gemm: upper-bound model at %u^3, nn (Lai & Seznec Eqs. 6-9; counts: main loop, SASS)\n", ms);
    char line[1024], cell[64];
    enum { LABEL = 26, W = 12 };
#define ROW(label, expr)                                                                                      \
    do {                                                                                                      \
        int o_ = snprintf(line, sizeof line, "  %-*s", LABEL, label);                                         \
        for (int i_ = 0; i_ < nc; i_++) {                                                                     \
            const struct rfl_gemm_model_row *m_ = cols[i_];                                                            \
            const struct rfl_gemm_result *r_ = m_->res;                                                                \
            const struct rfl_gemm_bound *b_ = &r_->bound;                                                     \
            (void)m_;                                                                                         \
            (void)b_;                                                                                         \
            expr;                                                                                             \
            o_ += snprintf(line + o_, sizeof line - (size_t)o_, "%*s", W, cell);                              \
        }                                                                                                     \
        fprintf(stderr, "%s\n", line);                                                                        \
    } while (0)
    ROW("", snprintf(cell, sizeof cell, "%s", rfl_gemm_family_names[r_->family]));
    ROW("precision", snprintf(cell, sizeof cell, "%s", rfl_gemm_prec_names[r_->prec]));
    ROW("block tile", r_->kernel ? snprintf(cell, sizeof cell, "%dx%dx%d", r_->kernel->bm, r_->kernel->bn,
                                            r_->kernel->bk)
                                 : snprintf(cell, sizeof cell, "-"));
    ROW("C per thread (regs)", r_->kernel ? snprintf(cell, sizeof cell, "%dx%d", r_->kernel->tm, r_->kernel->tn)
                                          : snprintf(cell, sizeof cell, "-"));
    ROW("registers per thread", fmt(cell, sizeof cell, m_->regs ? m_->regs : NAN, 0, ""));
    ROW("threads x blocks per SM", m_->blocks_per_sm ? snprintf(cell, sizeof cell, "%dx%d", r_->kernel->threads,
                                                                m_->blocks_per_sm)
                                                     : snprintf(cell, sizeof cell, "-"));
    ROW("loop instructions", fmt(cell, sizeof cell, b_->sass ? b_->loop : NAN, 0, ""));
    ROW("  FMA-class", fmt(cell, sizeof cell, b_->sass ? b_->fma : NAN, 0, ""));
    ROW("  shared loads (LDS)", fmt(cell, sizeof cell, b_->sass ? b_->lds : NAN, 0, ""));
    ROW("  LDS width, bytes", fmt(cell, sizeof cell, b_->sass ? b_->lds_bytes : NAN, 0, ""));
    ROW("  other", fmt(cell, sizeof cell, b_->sass ? b_->other : NAN, 0, ""));
    ROW("F_I: FMA fraction", fmt(cell, sizeof cell, r_->kernel ? b_->f_i : NAN, 3, ""));
    ROW("FMA per LDS", fmt(cell, sizeof cell, r_->kernel && isfinite(b_->fma_per_lds) ? b_->fma_per_lds : NAN,
                           2, ""));
    ROW("LDS wavefronts / load", fmt(cell, sizeof cell, r_->kernel && b_->lds ? b_->lds_wavefronts / b_->lds : NAN,
                                     2, ""));
    ROW("mix read at FMA/LDS", fmt(cell, sizeof cell, r_->kernel && isfinite(b_->mix_ratio) ? b_->mix_ratio : NAN,
                                   2, ""));
    ROW("F_T: mix throughput", fmt(cell, sizeof cell, r_->kernel ? b_->f_t : NAN, 3, ""));
    ROW("SM clock (sampled), MHz", fmt(cell, sizeof cell, r_->mhz, 0, ""));
    ROW("bound at (max clock), MHz", fmt(cell, sizeof cell, r_->kernel ? b_->mhz : NAN, 0, ""));
    ROW("blocks / SM slots (q)", fmt(cell, sizeof cell, r_->kernel ? b_->wave_efficiency : NAN, 3, ""));
    ROW("peak (sampled clock)", fmt(cell, sizeof cell, r_->peak, 0, ""));
    ROW("P_SM Eq. 8, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_lai_gflops : NAN, 0, ""));
    ROW("P_SM (min), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_gflops : NAN, 0, ""));
    ROW("P_Mem Eq. 6 (L2), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_mem_gflops : NAN, 0, ""));
    ROW("bound Eq. 9, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_potential_gflops : NAN, 0, ""));
    ROW("bound, % of max-clock peak", fmt(cell, sizeof cell,
                                           r_->kernel && b_->peak_gflops > 0 ? 100 * b_->p_potential_gflops / b_->peak_gflops
                                                                             : NAN,
                                           1, "%"));
    ROW("achieved, GFLOP/s", fmt(cell, sizeof cell, r_->gflops, 0, ""));
    ROW("achieved, % of peak", fmt(cell, sizeof cell, r_->peak > 0 ? 100 * r_->gflops / r_->peak : NAN, 1, "%"));
    ROW("bound / achieved", fmt(cell, sizeof cell,
                                r_->kernel && b_->p_potential_gflops > 0 ? b_->p_potential_gflops / r_->gflops : NAN,
                                3, ""));
    ROW("achieved / cuBLAS", fmt(cell, sizeof cell, m_->peer ? r_->gflops / m_->peer->gflops : NAN, 3, ""));
#undef ROW
}
