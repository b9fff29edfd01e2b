/* rfl_dense: LU, Cholesky and QR factorizations (Volkov & Demmel, Section 5)
 * timed and verified at sizes n, against the GEMM rate of the same run.
 * This file: the options, and the program's three entry points. */
#ifndef RFL_DENSE_H
#define RFL_DENSE_H

#include <stddef.h>

#define RFL_DENSE_MAX_SIZES 32
#define RFL_DENSE_MAX_EXPERIMENTS 100

enum rfl_dense_factor { RFL_DENSE_LU, RFL_DENSE_CHOLESKY, RFL_DENSE_QR, RFL_DENSE_NFACTOR };
/* lapack: the CPU's LAPACK (OpenBLAS or the system's), the whole factorization on the host;
 * cusolver: cuSOLVER's getrf, potrf, geqrf on the GPU; hybrid: blocked LU, Cholesky and QR,
 * panels on the CPU (LAPACK), trailing updates on the GPU (cuBLAS), look-ahead of one panel;
 * gpu_panel: the same with the panels on the GPU (cuSOLVER); recursive: LU and Cholesky by
 * halves down to a leaf cuSOLVER factors. GPU methods need CUDA. */
enum rfl_dense_method {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) RFL_DENSE_##id,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
    RFL_DENSE_NMETHOD
};

extern const char *const rfl_dense_factor_names[RFL_DENSE_NFACTOR + 1];
extern const char *const rfl_dense_method_names[RFL_DENSE_NMETHOD + 1];
#define RFL_DENSE_ALL_FACTORS ((1u << RFL_DENSE_NFACTOR) - 1)
#define RFL_DENSE_ALL_METHODS ((1u << RFL_DENSE_NMETHOD) - 1)

/* The factorizations a method has (a bitmask of enum rfl_dense_factor). */
unsigned rfl_dense_method_factors(enum rfl_dense_method m);

/* How the GPU-resident methods factor, each default chosen by a measurement (docs/PERFORMANCE.md,
 * rfl_dense): RFL_DENSE_<NAME> in the environment overrides it, to repeat that measurement
 * (rfl_dense --help, rfl_dense_tuning_read; the sidecar records the values a run used). */
struct rfl_dense_tuning {
    int side_priority;  /* the side lane's stream at the device's highest priority */
    int syrk_leaf;      /* Cholesky's trailing SYRK split into GEMMs down to blocks of this (0: one SYRK) */
    int lu_panel_leaf;  /* gpu_panel LU's panel by Toledo's recursion down to this (0: one getrf) */
    int leaf_kernel;    /* LU leaves of at most RFL_DENSE_GETF2_MAX_W columns by getf2.cu, not getrf */
    int inverse;        /* gpu_panel: the panel's triangle inverted (a small TRSM on I), its solves GEMMs */
    int sm_reserve;     /* SMs the main lane's cuBLAS leaves to the side lane's panel (0: none) */
    int trsm_leaf;      /* recursive Cholesky: diagonal blocks of this inverted once, its solves GEMMs
                           (0, or not dividing the leaf: a TRSM at the leaf; default 512) */
};

struct rfl_dense_opts {
    unsigned factors, methods, precisions; /* bitmasks; 0: all (a list of every name, or "all", is 0) */
    const char *sizes_text;
    unsigned sizes[RFL_DENSE_MAX_SIZES];
    size_t nsizes;
    unsigned experiments;
    unsigned block;   /* panel width of hybrid and gpu_panel, leaf of recursive; 0: rfl_dense_block_for's */
    unsigned device;  /* first CUDA device */
    int quick;
    const char *output;
    int print_columns, self_test, inject_fault;
    unsigned long long seed;
    double time_budget_s; /* --time-budget; 0: none */
    struct rfl_dense_tuning tune;
    int argc;
    char **argv;
};

/* Where a factorization's time went (seconds; NaN: not split): the CPU's panels, the waits for
 * transfers, and the rest of the wall time (the GPU's updates the CPU did not hide). */
struct rfl_dense_split {
    double panel_s, update_s, transfer_s;
};

void rfl_dense_defaults(struct rfl_dense_opts *o);
int rfl_dense_parse(struct rfl_dense_opts *o, int argc, char **argv);
/* The tuning's defaults, each overridden by its RFL_DENSE_<NAME> where set: 0, or -1 with one line
 * naming the variable, its value and what it takes in msg. */
int rfl_dense_tuning_read(struct rfl_dense_tuning *t, char *msg, size_t len);
int rfl_dense_run(const struct rfl_dense_opts *o);

/* "256,1024" or "256:4096" (powers of two from MIN up to MAX) -> sorted, distinct sizes from 16
 * to 1048576; 0, or -1 on a malformed list. */
int rfl_dense_parse_sizes(const char *text, unsigned *sizes, size_t max, size_t *count);

/* The block a method runs with at order n: --block, else 512 (hybrid, gpu_panel: measured
 * against 256 and 1024 on an H200) and recursive's leaf n/4 within [4096, n/2] (cuSOLVER's potrf
 * and getrf are efficient on large blocks, slow on many small ones: on an H200 leaf 4096 beat
 * 2048 at n = 8192 and 16384; docs/PERFORMANCE.md, rfl_dense). */
#define RFL_DENSE_AUTO_BLOCK                                                                                      \
    "512, gpu_panel's QR 1024 up to n = 8192; recursive's leaf n/4, at least 4096 and at most n/2, a multiple of "  \
    "512, at least 512"
unsigned rfl_dense_block_for(const struct rfl_dense_opts *o, enum rfl_dense_factor f, enum rfl_dense_method m,
                             unsigned n);

/* Standard flop counts: LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3 (LAPACK Working Note 41). */
double rfl_dense_flops(enum rfl_dense_factor f, double n);

/* The factorizations and methods asked that have no partner among the other's (gpu_panel asked
 * for QR alone): 0, or -1 after one line naming the combination in msg. */
int rfl_dense_check_combination(unsigned methods, unsigned factors, char *msg, size_t len);


#endif
