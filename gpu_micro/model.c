/* The host-side arithmetic of rfl_gpu_micro: the detection of latency steps
 * in the pointer chase and the replay of the pipeline's FMA chains (the
 * transfer fit is common/fit.c, shared with rfl_network). */
#include "config.h"
#include "gpu_micro/internal.h"

#include <math.h>
#include <string.h>

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
