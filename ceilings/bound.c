/* The roof above a point on a roofline (bound.h): its flops, its
 * intensity at each memory level, the levels of its device, and the bound
 * the model's ceilings set on it, kept on the point. */
#include "config.h"
#include "bound.h"
#include "gpu.h"
#include "model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const rfl_flop_unit_names[RFL_FLOP_NUNITS] = {
    "fp64", "fp32", "fp16", "fp64 tensor", "tf32 tensor", "bf16 tensor", "fp16 tensor", "fp8 tensor"};

double rfl_kernel_flops(const struct rfl_app *k)
{
    double f = 0;
    for (int u = 0; u < RFL_FLOP_NUNITS; u++)
        f += k->flops[u];
    return f;
}

double rfl_kernel_ai(const struct rfl_app *k, int level)
{
    double b = k->bytes[level];
    return isfinite(b) && b > 0 ? rfl_kernel_flops(k) / b : NAN;
}

int rfl_kernel_placed(const struct rfl_app *k)
{
    if (!(rfl_kernel_flops(k) > 0) || !(k->time_s > 0))
        return 0;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++)
        if (rfl_kernel_ai(k, l) > 0 && rfl_kernel_level_name(k, l))
            return 1;
    return 0;
}

const char *rfl_kernel_level_name(const struct rfl_app *k, int level)
{
    static const char *const cpu[RFL_MEM_NLEVELS] = {"L1", "L2", "L3", "DRAM"};
    static const char *const gpu[RFL_MEM_NLEVELS] = {"L1", "L2", NULL, "device memory"};
    return !strcmp(k->device, "gpu") ? gpu[level] : cpu[level];
}

static const struct rfl_ceiling *ceiling_of(const struct rfl_model *m, const struct rfl_app *k,
                                            enum rfl_ceiling_kind kind, const char *name)
{
    if (!strcmp(k->device, "gpu"))
        return rfl_gpu_ceiling(m, name);
    if (kind == RFL_CEILING_COMPUTE)
        return rfl_model_peak(m, "cpu", name);
    for (size_t i = 0; i < m->nceilings; i++)
        if (m->ceilings[i].kind == kind && !strcmp(m->ceilings[i].device, "cpu") && !strcmp(m->ceilings[i].name, name))
            return &m->ceilings[i];
    return NULL;
}

void rfl_kernel_bound(const struct rfl_model *m, struct rfl_app *k)
{
    /* What the charts draw, kept on the point: they read it, never derive it. */
    for (int l = 0; l < RFL_MEM_NLEVELS; l++) {
        k->ai_at[l] = rfl_kernel_ai(k, l);
        k->level_names[l] = rfl_kernel_level_name(k, l);
    }
    k->placed = rfl_kernel_placed(k);
    double f = rfl_kernel_flops(k);
    k->gflops = k->time_s > 0 ? f / k->time_s * 1e-9 : 0;
    int most = -1;
    for (int u = 0; u < RFL_FLOP_NUNITS; u++)
        if (k->flops[u] > 0 && (most < 0 || k->flops[u] > k->flops[most]))
            most = u;
    snprintf(k->precision, sizeof k->precision, "%s", most >= 0 ? rfl_flop_unit_names[most] : "");
    /* The compute roof of its mix: each kind's flops at its own ceiling's rate. */
    double seconds = 0, covered = 0;
    char units[96] = "";
    for (int u = 0; u < RFL_FLOP_NUNITS; u++) {
        if (!(k->flops[u] > 0))
            continue;
        const struct rfl_ceiling *c = ceiling_of(m, k, RFL_CEILING_COMPUTE, rfl_flop_unit_names[u]);
        if (!c || !(c->value > 0))
            continue;
        seconds += k->flops[u] / c->value;
        covered += k->flops[u];
        if (k->flops[u] >= 0.01 * f)
            snprintf(units + strlen(units), sizeof units - strlen(units), "%s%s", *units ? "+" : "", c->name);
    }
    double top = covered > 0 ? covered / seconds : INFINITY;
    /* The memory roof: the lowest line over the levels measured. */
    double mem = INFINITY;
    int low = -1, slowest = -1;
    for (int l = 0; l < RFL_MEM_NLEVELS; l++) {
        const char *name = rfl_kernel_level_name(k, l);
        if (!name || !(k->bytes[l] > 0))
            continue;
        slowest = l;
        const struct rfl_ceiling *c = ceiling_of(m, k, RFL_CEILING_BANDWIDTH, name);
        if (!c || !(c->value > 0))
            continue;
        double roof = c->value * f / k->bytes[l];
        if (low < 0 || roof < mem) {
            mem = roof;
            low = l;
        }
    }
    int at = low >= 0 ? low : slowest;
    k->ai = at >= 0 ? f / k->bytes[at] : NAN;
    snprintf(k->level, sizeof k->level, "%s", at >= 0 ? rfl_kernel_level_name(k, at) : "");
    if (!(f > 0)) {
        k->ai = 0;
        k->attainable = 0;
        snprintf(k->bound, sizeof k->bound, "no flops");
    } else if (low >= 0 && mem <= top) {
        k->attainable = mem;
        snprintf(k->bound, sizeof k->bound, "%s bandwidth", k->level);
    } else if (isfinite(top)) {
        k->attainable = top;
        snprintf(k->bound, sizeof k->bound, "%s peak", units);
    } else {
        k->attainable = 0;
        snprintf(k->bound, sizeof k->bound, "none");
    }
}
