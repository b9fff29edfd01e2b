/* rfl_gemm under a time budget (gpu/budget.h): each point's priority and
 * weight, and every point of the run expected before it starts. A tensor
 * roof is the best of its unit's points (cuBLAS and cuBLASLt in TF32, BF16
 * and FP16; dmma, cuBLAS and cuBLASLt in FP64 on the FP64 tensor cores):
 * the largest square size's come first, never cut; then the other roof
 * shapes', the model size's (the model table and the evidence) and the
 * tunings; the rest last. */
#include "config.h"
#include "gemm/gemm_internal.h"
#include "gemm/lt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_gemm_family_has(enum rfl_gemm_family f, enum rfl_gemm_prec p)
{
    switch (f) {
    case RFL_GEMM_VOLKOV:
    case RFL_GEMM_TILED:
        return p == RFL_GEMM_FP64 || p == RFL_GEMM_FP32;
    case RFL_GEMM_DMMA:
        return p == RFL_GEMM_FP64;
    case RFL_GEMM_CUBLASLT:
        return rfl_gemm_lt_has(p);
    default:
        return 1;
    }
}

unsigned rfl_gemm_largest_square(const struct rfl_gemm_size *sizes, int nsizes)
{
    unsigned largest = 0;
    for (int i = 0; i < nsizes; i++)
        if (sizes[i].m == sizes[i].n && sizes[i].n == sizes[i].k && sizes[i].m > largest)
            largest = sizes[i].m;
    return largest;
}

/* Shapes a roof is taken over besides the sweep's: one shape's best was
 * not the unit's (a BF16 GEMM at 4096^3 ran at 103% of the roof that
 * 8192^3 gave), and a wide, short-k GEMM runs other kernels again. */
const struct rfl_gemm_size rfl_gemm_roof_shapes[RFL_GEMM_NROOF_SHAPES] = {
    {8192, 8192, 8192}, {4096, 4096, 4096}, {16384, 16384, 4096}};

int rfl_gemm_is_roof_shape(struct rfl_gemm_size s)
{
    for (int i = 0; i < RFL_GEMM_NROOF_SHAPES; i++)
        if (s.m == rfl_gemm_roof_shapes[i].m && s.n == rfl_gemm_roof_shapes[i].n && s.k == rfl_gemm_roof_shapes[i].k)
            return 1;
    return 0;
}

int rfl_gemm_is_tensor(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p)
{
    const enum rfl_gemm_unit u = rfl_gemm_unit_of(&c->dev, f, p);
    return u == RFL_GEMM_UNIT_FP64_TENSOR || u == RFL_GEMM_UNIT_TF32_TENSOR || u == RFL_GEMM_UNIT_FP16_TENSOR;
}

int rfl_gemm_point_priority(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                            struct rfl_gemm_size s, unsigned largest, unsigned ms)
{
    const int square = s.m == s.n && s.n == s.k;
    const int tensor = rfl_gemm_is_tensor(c, f, p);
    if (tensor && square && s.m == largest && transb == 0)
        return 0;
    if ((tensor && transb == 0 && rfl_gemm_is_roof_shape(s)) || (square && s.m == ms))
        return 1;
    return 2;
}

/* A guess of the rate of a unit, FLOP/s, for the weights (what the points
 * take then corrects it). */
static double rate_guess(enum rfl_gemm_unit u)
{
    switch (u) {
    case RFL_GEMM_UNIT_FP64_TENSOR:
        return 5e13;
    case RFL_GEMM_UNIT_TF32_TENSOR:
        return 2e14;
    case RFL_GEMM_UNIT_FP16_TENSOR:
        return 5e14;
    default:
        return 2e13;
    }
}

double rfl_gemm_point_weight(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p,
                             struct rfl_gemm_size s, unsigned experiments)
{
    const double one = 2.0 * s.m * (double)s.n * s.k / rate_guess(rfl_gemm_unit_of(&c->dev, f, p));
    const double sample = one > c->min_time_s ? one : c->min_time_s;
    /* The check, calibration and warm-up, the samples, and the wait for the
     * power limiter before them (run.c: at most settle_max_s; a quick run
     * that left it out ran out of time before its last tensor roof);
     * cuBLASLt's algorithms first each timed once (two samples); a library's GEMM also alone,
     * `experiments` rested launches after one more wait (run.c). */
    const int library = f == RFL_GEMM_CUBLAS || f == RFL_GEMM_CUBLASLT;
    return one + (experiments + 3.0) * sample + c->settle_max_s +
           (f == RFL_GEMM_CUBLASLT ? 2.0 * RFL_GEMM_LT_ALGOS * sample : 0) +
           (library ? experiments * one + c->settle_max_s : 0);
}

double rfl_gemm_group_weight(enum rfl_gemm_prec p, struct rfl_gemm_size s)
{
    (void)p;
    return 0.001 + 2.0 * s.m * (double)s.n * s.k / rate_guess(RFL_GEMM_UNIT_FP32);
}

int rfl_gemm_has_c16(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, unsigned k)
{
    if ((f != RFL_GEMM_CUBLAS && f != RFL_GEMM_CUBLASLT) || (p != RFL_GEMM_BF16 && p != RFL_GEMM_FP16))
        return 0;
    /* |a|, |b|, |c0| < 1: every |C| is below |alpha| k + |beta|. BF16's
     * range is FP32's: past no alpha the options allow. */
    return p == RFL_GEMM_BF16 || fabs(c->o->alpha) * k + fabs(c->o->beta) < 65504.0;
}

int rfl_gemm_runs_at(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                     int roof_only)
{
    return !roof_only || (transb == 0 && rfl_gemm_is_tensor(c, f, p));
}

int rfl_gemm_group_points(const struct rfl_gemm_ctx *c, const struct rfl_gemm_choice *ch, unsigned kernels,
                          enum rfl_gemm_prec p, int transb, struct rfl_gemm_size s, int roof_only, unsigned largest,
                          unsigned ms, struct rfl_gemm_planned *out)
{
    int n = 0;
    for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
        if (!(kernels >> f & 1) || !rfl_gemm_family_has((enum rfl_gemm_family)f, p) ||
            !rfl_gemm_runs_at(c, (enum rfl_gemm_family)f, p, transb, roof_only))
            continue;
        if (f != RFL_GEMM_CUBLAS && f != RFL_GEMM_CUBLASLT && !rfl_gemm_pick(&ch[f], s, c->dev.sm_count))
            continue;
        const int both = rfl_gemm_has_c16(c, (enum rfl_gemm_family)f, p, s.k);
        for (int v = 0; v <= both; v++) {
            out[n].family = (enum rfl_gemm_family)f;
            out[n].c16 = both && v == 0;
            out[n].prio = rfl_gemm_point_priority(c, (enum rfl_gemm_family)f, p, transb, s, largest, ms);
            out[n].weight = rfl_gemm_point_weight(c, (enum rfl_gemm_family)f, p, s, c->experiments);
            snprintf(out[n].what, sizeof out[n].what, "%s %s %s %ux%ux%u%s", rfl_gemm_family_names[f],
                     rfl_gemm_prec_names[p], rfl_gemm_trans_names[transb], s.m, s.n, s.k,
                     !out[n].c16 ? "" : p == RFL_GEMM_BF16 ? " C bf16" : " C fp16");
            n++;
        }
    }
    return n;
}

double rfl_gemm_budget_expect(const struct rfl_gemm_ctx *c, struct rfl_gpu_budget *b, const struct rfl_gemm_size *sizes,
                              const unsigned char *roof_only, int nsizes, unsigned ms, unsigned kernels, unsigned precisions, unsigned trans,
                              double *npoints)
{
    *npoints = 0;
    const struct rfl_gemm_opts *o = c->o;
    const unsigned largest = rfl_gemm_largest_square(sizes, nsizes);
    const unsigned ts = o->tune_size ? o->tune_size : o->quick ? 1024 : 4096;
    double total = 0;
    for (int p = 0; p < RFL_GEMM_NPREC; p++) {
        if (!(precisions >> p & 1))
            continue;
        for (int tb = 0; tb < 2; tb++) {
            if (!(trans >> tb & 1))
                continue;
            struct rfl_gemm_choice ch[RFL_GEMM_NFAMILY];
            memset(ch, 0, sizeof ch);
            for (int f = 0; f < RFL_GEMM_NFAMILY; f++) {
                if (!(kernels >> f & 1) || !rfl_gemm_family_has((enum rfl_gemm_family)f, (enum rfl_gemm_prec)p) ||
                    f == RFL_GEMM_CUBLAS || f == RFL_GEMM_CUBLASLT)
                    continue;
                rfl_gemm_choices_for(o, (enum rfl_gemm_family)f, (enum rfl_gemm_prec)p, tb, &ch[f]);
                if (ch[f].n > 1 && !o->no_tune) {
                    const double w = ch[f].n * rfl_gemm_point_weight(c, (enum rfl_gemm_family)f, (enum rfl_gemm_prec)p,
                                                                     (struct rfl_gemm_size){ts, ts, ts}, 3);
                    rfl_gpu_budget_expect(b, 1, w);
                    total += w;
                    *npoints += ch[f].n;
                }
            }
            for (int si = 0; si < nsizes; si++) {
                struct rfl_gemm_planned pts[RFL_GEMM_MAX_POINTS];
                const int n = rfl_gemm_group_points(c, ch, kernels, (enum rfl_gemm_prec)p, tb, sizes[si], roof_only[si],
                                                    largest, ms, pts);
                int gprio = RFL_GPU_BUDGET_NPRIO - 1;
                for (int i = 0; i < n; i++) {
                    rfl_gpu_budget_expect(b, pts[i].prio, pts[i].weight);
                    total += pts[i].weight;
                    gprio = pts[i].prio < gprio ? pts[i].prio : gprio;
                }
                if (n) { /* the group's inputs and reference */
                    rfl_gpu_budget_expect(b, gprio, rfl_gemm_group_weight((enum rfl_gemm_prec)p, sizes[si]));
                    total += rfl_gemm_group_weight((enum rfl_gemm_prec)p, sizes[si]);
                }
                *npoints += n;
            }
        }
    }
    return total;
}
