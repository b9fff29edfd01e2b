#include "config.h"
#include "fit.h"

#include <math.h>
#include <string.h>

int rfl_fit_latency_bandwidth(const double *bytes, const double *seconds, int n, struct rfl_fit *fit)
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
        if (!(seconds[i] > 0) || !(bytes[i] >= 0))
            continue;
        const double r = (latency + bytes[i] * x - seconds[i]) / seconds[i];
        ss += r * r;
        if (fabs(r) > fit->max_relative)
            fit->max_relative = fabs(r);
    }
    fit->rms_relative = sqrt(ss / used);
    return 0;
}
