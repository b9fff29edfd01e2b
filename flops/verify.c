#include "config.h"
#include "verify.h"

#include <string.h>

void rfl_fl_coefficients(struct rfl_fl_work *w, unsigned fpe)
{
    const double m = (double)(fpe / 2);
    w->fpe = fpe;
    w->alpha = 1.0;
    w->beta0 = -m;
    if (fpe == 1) {
        w->gamma[0] = 1.0;
        w->gamma[1] = -1.0;
    } else {
        w->gamma[0] = w->gamma[1] = -(m + 1.0);
    }
}

double rfl_fl_start_value(size_t i)
{
    /* The top bit of a Fibonacci hash: no period a SIMD width or an unroll
     * factor could line up with. */
    return (double)(((uint64_t)i * 0x9E3779B97F4A7C15ull) >> 63);
}

void rfl_fl_fill(enum rfl_precision p, const struct rfl_fl_work *w)
{
    if (p == RFL_FP64) {
        double *a = w->a;
        for (size_t i = 0; i < w->n; i++)
            a[i] = rfl_fl_start_value(i);
    } else {
        float *a = w->a;
        for (size_t i = 0; i < w->n; i++)
            a[i] = (float)rfl_fl_start_value(i);
    }
}

double rfl_fl_expected(unsigned fpe, uint64_t applied, size_t i)
{
    const double x0 = rfl_fl_start_value(i);
    const int odd_count = (int)(applied & 1);
    if (fpe == 1)
        return x0 + odd_count;
    return odd_count ? 1.0 - x0 : x0;
}

size_t rfl_fl_check(enum rfl_precision p, const struct rfl_fl_work *w, uint64_t applied,
                    struct rfl_fl_mismatch *m)
{
    memset(m, 0, sizeof *m);
    for (size_t i = 0; i < w->n; i++) {
        double got = p == RFL_FP64 ? ((const double *)w->a)[i] : (double)((const float *)w->a)[i];
        double want = rfl_fl_expected(w->fpe, applied, i);
        if (got == want)
            continue;
        if (m->count++ == 0) {
            m->index = i;
            m->got = got;
            m->expected = want;
        }
    }
    return m->count;
}
