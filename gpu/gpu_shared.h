/* Plain structures that the kernels (.cu) and the host code (.c) both read:
 * keep them C, fixed-size and free of CUDA types. */
#ifndef RFL_GPU_SHARED_H
#define RFL_GPU_SHARED_H

/* The element types of the GPU programs, enum rfl_gpu_precision, declared once for the
 * programs and ceilings/ (schema/gpu_precisions.inc). */
#include "schema/kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one thread (block 0, thread 0) saw of a kernel: SM cycles from
 * clock64() and nanoseconds from %globaltimer over the same span, so
 * cycles / ns is the SM clock during that kernel. */
struct rfl_gpu_clock {
    unsigned long long cycles;
    unsigned long long ns;
};

/* Result of a device-side verification pass: wrong elements, and the
 * first (lowest) wrong index (~0ull when none). */
struct rfl_gpu_mismatch {
    unsigned long long count;
    unsigned long long first_index;
};

#define RFL_GPU_NO_INDEX (~0ull)

/* MHz from a clock record; 0 when the span is too short to tell (under
 * 0.5 ms, where a coarse %globaltimer tick would show). */
static inline double rfl_gpu_clock_mhz(const struct rfl_gpu_clock *c)
{
    return c->ns >= 500000 ? (double)c->cycles / (double)c->ns * 1e3 : 0.0;
}

#ifdef __cplusplus
}
#endif

#endif
