/* Plain structures that the kernels (.cu) and the host code (.c) both read,
 * and the byte pattern both write and check: keep them C, fixed-size and
 * free of CUDA types. */
#ifndef RFL_GPU_SHARED_H
#define RFL_GPU_SHARED_H

#include <stddef.h>

/* The element types of the GPU programs, enum rfl_gpu_precision, declared once for the
 * programs and ceilings/ (schema/gpu_precisions.inc). */
#include "schema/kernels.h"

#ifdef __CUDACC__
#define RFL_GPU_HOST_DEVICE __host__ __device__
#else
#define RFL_GPU_HOST_DEVICE
#endif

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

/* The byte pattern a copy carries, filled where it starts and checked where
 * it arrives (rfl_gpu_micro's transfers, rfl_gpu_link's copies): byte i of
 * a buffer filled from `seed`. On the device the fill and check loops are
 * gpu_device.cuh's; these are the host's. */
static inline RFL_GPU_HOST_DEVICE unsigned char rfl_gpu_byte_pattern(size_t i, unsigned seed)
{
    return (unsigned char)(i * 131u + seed);
}

static inline void rfl_gpu_bytes_fill_host(unsigned char *a, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        a[i] = rfl_gpu_byte_pattern(i, seed);
}

/* Adds the bytes of a[0..n) off the pattern to *m. */
static inline void rfl_gpu_bytes_check_host(const unsigned char *a, size_t n, unsigned seed,
                                            struct rfl_gpu_mismatch *m)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != rfl_gpu_byte_pattern(i, seed)) {
            m->count++;
            if (i < m->first_index)
                m->first_index = i;
        }
}

#ifdef __cplusplus
}
#endif

#endif
