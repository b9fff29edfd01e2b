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
 * P_potential = min(P_SM, P_Mem) (Eq. 9). */
#include "config.h"
#include "gemm/gemm.h"

#include <math.h>
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
