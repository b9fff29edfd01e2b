/* Instruction counts of a kernel's main loop, read from `cuobjdump -sass`
 * (Lai and Seznec, Section 4: the instruction mix of the SGEMM main loop;
 * Volkov and Demmel, Table 3: "instructions in inner loop").
 *
 * A function's main loop is the backward branch whose body holds the most
 * FMA-class instructions (FFMA, DFMA, DMMA, HMMA); ties go to the longer
 * body, so an outer loop that contains an inner one wins.  Branch targets
 * may be addresses ("BRA 0x1b40") or labels ("BRA `(.L_x_12)"), as
 * different cuobjdump releases print them. */
#ifndef RFL_GEMM_SASS_H
#define RFL_GEMM_SASS_H

#include <stddef.h>
#include <stdio.h>

#define RFL_SASS_NAME_MAX 128

/* Instruction classes counted in a loop (and in the whole function). */
enum rfl_sass_class {
    RFL_SASS_FFMA,
    RFL_SASS_DFMA,
    RFL_SASS_DMMA884,   /* DMMA.8x8x4 */
    RFL_SASS_DMMA16816, /* DMMA.16x8x16 (and other DMMA shapes) */
    RFL_SASS_HMMA,      /* HMMA/HGMMA and the other tensor MMAs */
    RFL_SASS_LDS32,     /* LDS, LDS.U8 ... LDS.32: 4 bytes or less */
    RFL_SASS_LDS64,
    RFL_SASS_LDS128,
    RFL_SASS_LDSM,      /* ldmatrix */
    RFL_SASS_STS,
    RFL_SASS_LDG,
    RFL_SASS_STG,
    RFL_SASS_LDGSTS,    /* cp.async */
    RFL_SASS_LOCAL,     /* LDL, STL: register spills */
    RFL_SASS_BAR,       /* BAR, DEPBAR, LDGDEPBAR, WARPSYNC */
    RFL_SASS_NOP,       /* NOP, and padding that never runs (@!PT) */
    RFL_SASS_BRANCH,
    RFL_SASS_OTHER,     /* integer, address, move, predicate, float other than FMA... */
    RFL_SASS_NCLASSES
};

extern const char *const rfl_sass_class_names[RFL_SASS_NCLASSES];

struct rfl_sass_counts {
    char function[RFL_SASS_NAME_MAX];
    int instructions;               /* in the whole function */
    int has_loop;                   /* 0: no backward branch with FMAs */
    unsigned loop_start, loop_end;  /* byte offsets of the main loop's first and last instruction */
    int loop_instructions;
    int loop[RFL_SASS_NCLASSES];    /* per class, in the main loop */
    int all[RFL_SASS_NCLASSES];     /* per class, in the whole function */
};

/* The class of one opcode ("LDS.U.128", "DMMA.8x8x4", "@P0" already
 * stripped). */
enum rfl_sass_class rfl_sass_classify(const char *opcode);

/* Parses a cuobjdump -sass listing; *out (the caller frees) gets one entry
 * per function, in the order they appear. Returns 0, or -1 with a reason
 * in `why` (unreadable input, no function, too many). */
int rfl_sass_parse(FILE *in, struct rfl_sass_counts **out, int *n, char *why, size_t why_len);

/* FMA-class instructions (FFMA + DFMA + DMMA + HMMA) and shared loads of
 * a class array. */
int rfl_sass_fma(const int *counts);
int rfl_sass_lds(const int *counts);

/* The embedded table (gemm/gemm_sass.c, generated at build time from the
 * kernels' objects; see Makefile.am): every kernel of libgemmkernels.a. */
extern const struct rfl_sass_counts rfl_gemm_sass_table[];
extern const int rfl_gemm_sass_count;
/* "cuobjdump 13.0 on ..." or why the table is empty. */
extern const char rfl_gemm_sass_source[];
const struct rfl_sass_counts *rfl_gemm_sass_find(const char *function);

#endif
