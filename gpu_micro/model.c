/* The host-side arithmetic of rfl_gpu_micro: the transfer model fit, the
 * detection of latency steps in the pointer chase, and the replay of the
 * pipeline's FMA chains. */
#include "config.h"
#include "gpu_micro/internal.h"

#include <math.h>
#include <string.h>

int rfl_gmi_fit_transfer(const double *bytes, const double *seconds, int n, struct rfl_gmi_fit *fit)
{
    memset(fit, 0, sizeof *fit);
    /* Minimise sum ((L + b x - T) / T)^2 over L and x = 1/bandwidth: a
     * linear least-squares problem with weights 1/T^2. */
    double sw = 0, swb = 0, swbb = 0, swt = 0, swbt = 0;
    int used = 0;
    for (int i = 0; i < n; i++) {
        if (!(seconds[i] > 0) || !(bytes[i] >= 0))
            continue;
        const double w = 1.0 / (seconds[i] * seconds[i]);
        sw += w;
        swb += w * bytes[i];
        swbb += w * bytes[i] * bytes[i];
        swt += w * seconds[i];
        swbt += w * bytes[i] * seconds[i];
        used++;
    }
    const double det = sw * swbb - swb * swb;
    if (used < 2 || !(fabs(det) > 0))
        return -1;
    const double latency = (swt * swbb - swb * swbt) / det;
    const double x = (sw * swbt - swb * swt) / det;
    if (!(x > 0))
        return -1;
    fit->latency_s = latency;
    fit->bandwidth_bytes_per_s = 1.0 / x;
    double ss = 0;
    for (int i = 0; i < n; i++) {
        if (!(seconds[i] > 0))
            continue;
        const double r = (latency + bytes[i] * x - seconds[i]) / seconds[i];
        ss += r * r;
        if (fabs(r) > fit->max_relative)
            fit->max_relative = fabs(r);
    }
    fit->rms_relative = sqrt(ss / used);
    return 0;
}

int rfl_gmi_transitions(const double *latency, int n, double ratio, int *at, int cap)
{
    int found = 0;
    for (int i = 1; i < n && found < cap; i++)
        if (latency[i - 1] > 0 && latency[i] > ratio * latency[i - 1])
            at[found++] = i;
    return found;
}

uint64_t rfl_gmi_pipeline_replay(int fp64, unsigned pattern, unsigned n)
{
    const double m = 0.70710678118654752, c = 0.3;
    if (fp64) {
        double b = 1.0 + (double)(pattern & 7) / 8.0;
        for (unsigned i = 0; i < n; i++)
            b = fma(b, m, c);
        uint64_t bits;
        memcpy(&bits, &b, sizeof bits);
        return bits;
    }
    float b = (float)(1.0 + (double)(pattern & 7) / 8.0);
    for (unsigned i = 0; i < n; i++)
        b = fmaf(b, (float)m, (float)c);
    uint32_t bits;
    memcpy(&bits, &b, sizeof bits);
    return bits;
}
