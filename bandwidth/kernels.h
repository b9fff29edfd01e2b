/* The bandwidth kernels.  Each declares, as data, how many arrays it touches
 * and how many elements it reads and writes per element; the timing loop,
 * the byte counts and the verification all read this table. */
#ifndef RFL_BW_KERNELS_H
#define RFL_BW_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/isa.h"

/* RFL_BW_SUM (s += a[i], read-only), RFL_BW_RMW (a[i] = beta*a[i] + alpha,
 * the paper's update), RFL_BW_COPY, RFL_BW_TRIAD, RFL_BW_WRITE (store-only)
 * and the _NT variants with non-temporal stores: the rows of
 * schema/bandwidth_kernels.inc, the names the CSV, the reader and the
 * config share. */
enum rfl_bw_kernel_id {
#define RFL_BANDWIDTH_KERNEL(id, name, arrays, reads, writes, nontemporal, formula) RFL_BW_##id,
#include "schema/bandwidth_kernels.inc"
#undef RFL_BANDWIDTH_KERNEL
    RFL_BW_NKERNELS
};

struct rfl_bw_kernel {
    const char *name;
    unsigned arrays;          /* arrays in the working set */
    unsigned reads, writes;   /* elements read / written per element index */
    int nontemporal;          /* stores bypass the caches (no write-allocate) */
    const char *formula;
};

extern const struct rfl_bw_kernel rfl_bw_kernels[RFL_BW_NKERNELS];
extern const char *const rfl_bw_kernel_names[RFL_BW_NKERNELS + 1];

/* Elements per thread are a multiple of this, so no kernel needs a
 * remainder loop: 8 AVX-512 registers of fp32. */
#define RFL_BW_ELEM_QUANTUM 128
/* The sum kernel folds its vector accumulators into a double at least every
 * this many elements, which keeps fp32 partial sums exact (see verify.c). */
#define RFL_BW_SUM_BLOCK (1u << 20)

struct rfl_bw_work {
    void *a, *b, *c;   /* this thread's arrays (element type by precision) */
    size_t n;          /* elements per array, a multiple of RFL_BW_ELEM_QUANTUM */
    uint64_t trials;   /* passes over the arrays in one call */
    double scalar;     /* rmw beta, triad s */
    double addend;     /* rmw alpha */
    double result;     /* sum: the total over all trials of the call */
};

typedef void (*rfl_bw_fn)(struct rfl_bw_work *w);

/* The implementation of a kernel for an ISA and precision, or NULL where
 * there is none (non-temporal stores in the plain C variant). */
rfl_bw_fn rfl_bw_lookup(enum rfl_isa isa, enum rfl_precision prec, enum rfl_bw_kernel_id k);

/* Per-ISA tables, defined in kernels_c.c and kernels_x86.c. */
extern const rfl_bw_fn rfl_bw_c_fp64[RFL_BW_NKERNELS], rfl_bw_c_fp32[RFL_BW_NKERNELS];
extern const rfl_bw_fn rfl_bw_avx2_fp64[RFL_BW_NKERNELS], rfl_bw_avx2_fp32[RFL_BW_NKERNELS];
extern const rfl_bw_fn rfl_bw_avx512_fp64[RFL_BW_NKERNELS], rfl_bw_avx512_fp32[RFL_BW_NKERNELS];

/* Keeps the compiler from merging or hoisting trials: every trial must
 * really touch memory again. */
#define RFL_BW_CLOBBER() __asm__ __volatile__("" ::: "memory")

#endif
