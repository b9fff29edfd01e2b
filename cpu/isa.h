/* Instruction sets the explicit-SIMD kernels are written for, detected at
 * run time so one binary runs on any x86-64 (and elsewhere falls back to
 * the compiled C variant). */
#ifndef RFL_ISA_H
#define RFL_ISA_H

enum rfl_isa { RFL_ISA_C, RFL_ISA_AVX2, RFL_ISA_AVX512, RFL_NISA };
enum rfl_precision { RFL_FP64, RFL_FP32, RFL_NPRECISION };

extern const char *const rfl_isa_names[RFL_NISA + 1];             /* "c", "avx2", "avx512" */
extern const char *const rfl_precision_names[RFL_NPRECISION + 1]; /* "fp64", "fp32" */

int rfl_isa_supported(enum rfl_isa isa);
enum rfl_isa rfl_isa_best(void);
/* SIMD width in bytes of an ISA (the C variant reports the baseline, 16). */
unsigned rfl_isa_vector_bytes(enum rfl_isa isa);
static inline unsigned rfl_precision_bytes(enum rfl_precision p) { return p == RFL_FP64 ? 8 : 4; }

#endif
