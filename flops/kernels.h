/* The rfl_flops kernels (Lo et al., Section 5, Fig. 3): every element x of
 * a thread's array goes through a polynomial in x each trial,
 *
 *     beta = (FPE odd) ? x + gamma : beta0     the odd term, 1 flop
 *     repeat FPE/2 times: beta = beta*x + alpha    2 flops (one FMA)
 *     x = beta                                 stored back
 *
 * so FPE (flops per element) is a run-time value and one binary sweeps any
 * FPE. The coefficients are run-time values too: nothing is constant-folded.
 *
 * Two variants: `ref`, the paper's plain C as the build's compiler makes it
 * (what compiled code gets), and `simd`, explicit SIMD with FMA in which
 * `unroll` independent vectors are in flight (the FMA latency times the FMA
 * pipes must be covered to reach the peak). */
#ifndef RFL_FL_KERNELS_H
#define RFL_FL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/isa.h"

/* Instruction sets of the simd variant. The 128-bit one is the baseline of
 * its architecture (SSE2 on x86-64: multiply and add, no FMA; NEON on
 * AArch64: FMA), written with the compiler's vector extensions. */
enum rfl_fl_isa { RFL_FL_SSE2, RFL_FL_AVX2, RFL_FL_AVX512, RFL_FL_NEON, RFL_FL_NISA };
extern const char *const rfl_fl_isa_names[RFL_FL_NISA + 1]; /* "sse2", "avx2", "avx512", "neon" */

/* RFL_FL_REF, RFL_FL_SIMD: the rows of schema/flops_variants.inc. */
enum rfl_fl_variant {
#define RFL_FLOPS_VARIANT(id, name) RFL_FL_##id,
#include "schema/flops_variants.inc"
#undef RFL_FLOPS_VARIANT
    RFL_FL_NVARIANT
};
extern const char *const rfl_fl_variant_names[RFL_FL_NVARIANT + 2]; /* "ref", "simd", "all" */

/* Unroll factors (independent vectors in flight) the simd variant has. */
#define RFL_FL_NUNROLL 5
extern const unsigned rfl_fl_unrolls[RFL_FL_NUNROLL];                /* 1, 2, 4, 8, 16 */
extern const char *const rfl_fl_unroll_names[RFL_FL_NUNROLL + 1];    /* "1", ... "16" */

/* What one element costs per trial, as data: the sweep's byte counts, the
 * model and the metadata read these. Flops are the run-time FPE. */
struct rfl_fl_kernel_info {
    unsigned reads_per_elem, writes_per_elem; /* elements loaded and stored */
    const char *formula;
};
extern const struct rfl_fl_kernel_info rfl_fl_kernel;

/* Elements per thread are a multiple of this: 16 vectors of 16 fp32 lanes,
 * so no kernel needs a remainder loop. */
#define RFL_FL_ELEM_QUANTUM 256
#define RFL_FL_MAX_FPE 65536

int rfl_fl_isa_supported(enum rfl_fl_isa isa);
/* The widest supported ISA, or RFL_FL_NISA where the simd variant has none
 * for this architecture (then only ref runs). */
enum rfl_fl_isa rfl_fl_isa_best(void);
unsigned rfl_fl_isa_vector_bytes(enum rfl_fl_isa isa);
int rfl_fl_isa_has_fma(enum rfl_fl_isa isa);

struct rfl_fl_work {
    void *a;              /* this thread's elements (fp64 or fp32) */
    size_t n;             /* a multiple of RFL_FL_ELEM_QUANTUM */
    uint64_t trials;      /* passes over the array in this call */
    uint64_t first_trial; /* trials applied since the fill before this call */
    unsigned fpe;         /* flops per element per trial */
    double beta0, alpha;  /* see the comment at the top */
    double gamma[2];      /* odd term, by the parity of the trial index */
};

typedef void (*rfl_fl_fn)(const struct rfl_fl_work *w);

/* The simd kernel for an ISA, precision and unroll factor, or NULL where
 * there is none. Calling it on a CPU without the ISA faults: check
 * rfl_fl_isa_supported first. */
rfl_fl_fn rfl_fl_simd_lookup(enum rfl_fl_isa isa, enum rfl_precision prec, unsigned unroll);

/* The ref kernel: straight-line code compiled for this FPE where the build
 * has one (the paper's preprocessor macro, for every power of two up to
 * 1024), otherwise a loop over the polynomial's degree. */
rfl_fl_fn rfl_fl_ref_lookup(enum rfl_precision prec, unsigned fpe);
int rfl_fl_ref_compiled(unsigned fpe);
/* What the build's compiler could use for ref: the widest vector its flags
 * allow and whether they allow FMA (the model's input for ref rows). */
unsigned rfl_fl_ref_vector_bytes(void);
int rfl_fl_ref_has_fma(void);
const char *rfl_fl_ref_target(void);

/* Per-ISA tables of the simd kernels [precision][unroll index]. */
extern const rfl_fl_fn rfl_fl_avx512_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
extern const rfl_fl_fn rfl_fl_avx2_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
extern const rfl_fl_fn rfl_fl_vec128_kernels[RFL_NPRECISION][RFL_FL_NUNROLL];
/* Whether the 128-bit kernels were compiled with fused multiply-add (always
 * on NEON; on x86-64 only when the build's flags enable FMA). */
int rfl_fl_vec128_fused(void);

/* Keeps the compiler from merging trials: each must really load and store. */
#define RFL_FL_CLOBBER() __asm__ __volatile__("" ::: "memory")

#endif
