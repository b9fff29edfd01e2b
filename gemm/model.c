/* The upper bound of a kernel (Lai and Seznec, Section 4, Eqs. 6-9), from
 * its main loop's SASS and the measured FMA:LDS mix throughput.
 *
 * Units: warp instructions per clock per SM.  With F (FMA-class), L
 * (shared loads) and O (the rest) instructions in the main loop:
 *
 *   F_I = F / (F + L + O)                    the FMA fraction (Fig. 3, the
 *                                            other instructions counted too)
 *   r   = F / L                              the ratio the mix is read at
 *   R_mix(r)                                 FMA rate of the measured mix
 *   F_T = R_mix(r) (1 + 1/r) / R_peak        throughput factor (Eq. 7)
 *   P_SM,Lai = F_I F_T P_theoretical         Eq. 8 as the paper writes it
 *   P_SM = min(R_mix(r), 4 F_I, R_peak) x flops per instruction x SMs x clock
 *
 * P_SM is what rfl uses: the mix's own rate, or the issue slots (4 warp
 * instructions per clock per SM) of which the FMAs get the fraction F_I,
 * whichever is lower.  For FFMA, whose peak equals the issue rate, it is
 * within a few percent of Eq. 8; for DFMA and DMMA, whose pipes take
 * several issue cycles per instruction, the other instructions issue in
 * the gaps and Eq. 8 would charge them twice.
 *
 *   P_Mem = I x BW,  I = 2 BM BN / ((BM + BN) s)   Eq. 6 (s: element bytes)
 *
 * with BW the measured L2 read bandwidth (every block's tiles come through
 * L2; the DRAM figure, as the paper has it, is reported beside it), and
 * P_potential = min(P_SM, P_Mem) (Eq. 9).
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

int rfl_gemm_model_bound(const struct rfl_gemm_kernel *k, const struct rfl_gemm_mix *mix,
                         const struct rfl_gpu_device *dev, double mhz, struct rfl_gemm_bound *b)
{
    memset(b, 0, sizeof *b);
    b->f_i = b->fma_per_lds = b->mix_fma_per_clock = b->mix_instr_per_clock = b->f_t = NAN;
    b->p_sm_lai_gflops = b->p_sm_gflops = b->p_mem_gflops = b->p_mem_dram_gflops = b->p_potential_gflops = NAN;
    b->peak_gflops = b->issue_fma_per_clock = NAN;
    b->mhz = mhz;
    const struct rfl_sass_counts *sc = rfl_gemm_sass_find(k->symbol);
    b->sass = sc;
    const double s = k->prec == RFL_GEMM_FP64 ? 8.0 : 4.0;
    b->intensity = 2.0 * k->bm * k->bn / ((double)(k->bm + k->bn) * s);
    if (mix && mix->l2_gbytes_per_s > 0) {
        b->p_mem_gflops = b->intensity * mix->l2_gbytes_per_s;
        b->p_mem_dram_gflops = b->intensity * mix->dram_gbytes_per_s;
    }
    const double peak = peak_instr_per_clock(dev, k->op);
    b->fma_peak_per_clock = peak;
    if (peak > 0 && mhz > 0)
        b->peak_gflops = peak * flops_per_instr(k->op) * dev->sm_count * mhz * 1e-3;
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
    b->issue_fma_per_clock = 4.0 * b->f_i;
    b->lds_distinct = k->lds_distinct;
    b->mix_fma_per_clock = rfl_gemm_mix_fma_rate(mix, k->op, b->lds_bytes, k->lds_distinct, b->fma_per_lds);
    if (!(b->mix_fma_per_clock > 0) || !(peak > 0) || !(mhz > 0))
        return -1;
    b->mix_instr_per_clock = b->mix_fma_per_clock * (1.0 + (b->lds ? 1.0 / b->fma_per_lds : 0.0));
    b->f_t = b->mix_instr_per_clock / peak;
    b->p_sm_lai_gflops = b->f_i * b->f_t * b->peak_gflops;
    double rate = b->mix_fma_per_clock;
    if (b->issue_fma_per_clock < rate)
        rate = b->issue_fma_per_clock;
    if (peak < rate)
        rate = peak;
    b->p_sm_gflops = rate * flops_per_instr(k->op) * dev->sm_count * mhz * 1e-3;
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
                if (!r || *n >= cap)
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
            const struct rfl_gemm_runner run = {RFL_GEMM_CUBLAS, NULL, r->prec, r->transb};
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
    ROW("F_T: mix throughput", fmt(cell, sizeof cell, r_->kernel ? b_->f_t : NAN, 3, ""));
    ROW("SM clock, MHz", fmt(cell, sizeof cell, r_->mhz, 0, ""));
    ROW("peak, GFLOP/s", fmt(cell, sizeof cell, r_->peak, 0, ""));
    ROW("P_SM Eq. 8, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_lai_gflops : NAN, 0, ""));
    ROW("P_SM (min), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_sm_gflops : NAN, 0, ""));
    ROW("P_Mem Eq. 6 (L2), GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_mem_gflops : NAN, 0, ""));
    ROW("bound Eq. 9, GFLOP/s", fmt(cell, sizeof cell, r_->kernel ? b_->p_potential_gflops : NAN, 0, ""));
    ROW("bound, % of peak", fmt(cell, sizeof cell,
                                 r_->kernel && r_->peak > 0 ? 100 * b_->p_potential_gflops / r_->peak : NAN, 1, "%"));
    ROW("achieved, GFLOP/s", fmt(cell, sizeof cell, r_->gflops, 0, ""));
    ROW("achieved, % of peak", fmt(cell, sizeof cell, r_->peak > 0 ? 100 * r_->gflops / r_->peak : NAN, 1, "%"));
    ROW("bound / achieved", fmt(cell, sizeof cell,
                                r_->kernel && b_->p_potential_gflops > 0 ? b_->p_potential_gflops / r_->gflops : NAN,
                                3, ""));
    ROW("achieved / cuBLAS", fmt(cell, sizeof cell, m_->peer ? r_->gflops / m_->peer->gflops : NAN, 3, ""));
#undef ROW
}
