#include "config.h"
#include "verify.h"

#include <string.h>

static double pat_a(size_t i) { return (double)((i & 7) + 1); }
static double pat_b(size_t i) { return (double)((i >> 3) & 15); }
static double pat_c(size_t i) { return (double)(i & 15); }
#define POISON (-1.0)

static double get(enum rfl_precision p, const void *x, size_t i)
{
    return p == RFL_FP64 ? ((const double *)x)[i] : (double)((const float *)x)[i];
}

static void set(enum rfl_precision p, void *x, size_t i, double v)
{
    if (p == RFL_FP64)
        ((double *)x)[i] = v;
    else
        ((float *)x)[i] = (float)v;
}

void rfl_bw_fill(enum rfl_bw_kernel_id k, enum rfl_precision p, struct rfl_bw_work *w)
{
    for (size_t i = 0; i < w->n; i++) {
        switch (k) {
        case RFL_BW_SUM:
        case RFL_BW_RMW:
            set(p, w->a, i, pat_a(i));
            break;
        case RFL_BW_COPY:
        case RFL_BW_COPY_NT:
            set(p, w->a, i, pat_a(i));
            set(p, w->b, i, POISON);
            break;
        case RFL_BW_TRIAD:
        case RFL_BW_TRIAD_NT:
            set(p, w->a, i, POISON);
            set(p, w->b, i, pat_b(i));
            set(p, w->c, i, pat_c(i));
            break;
        case RFL_BW_WRITE:
        case RFL_BW_WRITE_NT:
        default:
            set(p, w->a, i, POISON);
            break;
        }
    }
    w->result = 0.0;
}

static void expect(struct rfl_bw_mismatch *m, char array, size_t i, double got, double want)
{
    if (got == want)
        return;
    if (m->count++ == 0) {
        m->array = array;
        m->index = i;
        m->got = got;
        m->expected = want;
    }
}

void rfl_bw_check(enum rfl_bw_kernel_id k, enum rfl_precision p, const struct rfl_bw_work *w,
                  uint64_t applied, uint64_t last_trials, struct rfl_bw_mismatch *m)
{
    memset(m, 0, sizeof *m);
    if (k == RFL_BW_SUM) {
        /* Sum of pat_a over n elements (n is a multiple of 8): 36 per 8. */
        double per_trial = 4.5 * (double)w->n;
        expect(m, 's', 0, w->result, per_trial * (double)last_trials);
    }
    for (size_t i = 0; i < w->n; i++) {
        switch (k) {
        case RFL_BW_SUM:
            expect(m, 'a', i, get(p, w->a, i), pat_a(i));
            break;
        case RFL_BW_RMW:
            expect(m, 'a', i, get(p, w->a, i), pat_a(i) + (double)applied * RFL_BW_RMW_ALPHA);
            break;
        case RFL_BW_COPY:
        case RFL_BW_COPY_NT:
            expect(m, 'a', i, get(p, w->a, i), pat_a(i));
            expect(m, 'b', i, get(p, w->b, i), pat_a(i));
            break;
        case RFL_BW_TRIAD:
        case RFL_BW_TRIAD_NT:
            expect(m, 'a', i, get(p, w->a, i), pat_b(i) + RFL_BW_TRIAD_SCALAR * pat_c(i));
            expect(m, 'b', i, get(p, w->b, i), pat_b(i));
            expect(m, 'c', i, get(p, w->c, i), pat_c(i));
            break;
        case RFL_BW_WRITE:
        case RFL_BW_WRITE_NT:
        default:
            expect(m, 'a', i, get(p, w->a, i), (double)((last_trials - 1) & 0xffff));
            break;
        }
    }
}

uint64_t rfl_bw_refill_after(enum rfl_bw_kernel_id k, enum rfl_precision p)
{
    if (k != RFL_BW_RMW)
        return UINT64_MAX;
    return p == RFL_FP32 ? (1ull << 23) : (1ull << 50);
}
