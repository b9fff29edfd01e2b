/* rfl_gemm as a library: main() parses options into this struct and calls
 * rfl_gemm_run(); the tests call the same functions.
 *
 * C = alpha * A * op(B) + beta * C, column-major, op(B) = B (nn) or B^T
 * (nt), in FP64, FP32 and, through cuBLAS, TF32, BF16 and FP16 tensor
 * GEMMs; kernels volkov (Volkov and Demmel, Fig. 4), tiled (register and
 * warp tiled, FFMA/DFMA), dmma (FP64 tensor cores) and cublas.  Every
 * result is checked against cuBLAS (and cuBLAS against the host in long
 * double); the upper-bound model of Lai and Seznec (Eqs. 6-9) reads each
 * kernel's main loop from its SASS and the FMA:LDS mix throughput measured
 * by --mode mix. */
#ifndef RFL_GEMM_H
#define RFL_GEMM_H

#include <stdint.h>

#include "gemm/gemm_kernels.h"
#include "gemm/sass.h"
#include "gpu/gpu.h"

extern const char *const rfl_gemm_prec_names[RFL_GEMM_NPREC + 1];     /* fp64 fp32 tf32 bf16 fp16 */
extern const char *const rfl_gemm_family_names[RFL_GEMM_NFAMILY + 1]; /* volkov tiled dmma cublas cublaslt */
extern const char *const rfl_gemm_trans_names[3];                     /* nn nt */
extern const char *const rfl_gemm_op_names[RFL_GEMM_NOP + 1];         /* ffma dfma dmma884 dmma16816 */
/* The type C is stored in, for gemm.csv's c_type: the input type with c16, else fp64 for fp64
 * and fp32 for the rest (cli.c, beside the names). */
const char *rfl_gemm_c_type(enum rfl_gemm_prec p, int c16);

enum rfl_gemm_mode { RFL_GEMM_MODE_GEMM, RFL_GEMM_MODE_MIX, RFL_GEMM_MODE_MODEL, RFL_GEMM_NMODES };
extern const char *const rfl_gemm_mode_names[RFL_GEMM_NMODES + 1];

enum rfl_gemm_l2 { RFL_GEMM_L2_ROTATE, RFL_GEMM_L2_WARM };
extern const char *const rfl_gemm_l2_names[3];

#define RFL_GEMM_MAX_SIZES 64
#define RFL_GEMM_MAX_DIM 65536u

struct rfl_gemm_size {
    unsigned m, n, k;
};

struct rfl_gemm_opts {
    unsigned kernels;      /* bitmask of enum rfl_gemm_family; 0: all */
    unsigned precisions;   /* bitmask of enum rfl_gemm_prec; 0: all */
    unsigned trans;        /* bitmask: 1 nn, 2 nt; 0: both */
    unsigned modes;        /* bitmask of enum rfl_gemm_mode; 0: all */
    const char *sizes_text;
    struct rfl_gemm_size sizes[RFL_GEMM_MAX_SIZES];
    int nsizes;
    unsigned model_size;   /* the square size the model table compares at; 0: default */
    unsigned tune_size;    /* square size the tuning runs at; 0: default */
    int no_tune;           /* take each family's first configuration */
    const char *config;    /* NULL: tune; else the kernel symbol (or part of it) to use */
    double alpha, beta;
    int l2;                /* enum rfl_gemm_l2 */
    double min_time_s;     /* shortest timed sample; 0: default */
    unsigned experiments;  /* timed samples per point; 0: default */
    double time_budget_s;  /* the whole run within this; 0: no budget */
    unsigned seed;
    unsigned device;
    const char *output;    /* CSV path; FILE_mix.csv and FILE_model.csv beside it; "-": stdout */
    const char *sass_file; /* --sass: print the main-loop counts of a listing and exit */
    int quick, list_devices, list_kernels, print_columns, self_test, inject_fault;
    int argc;
    char **argv;
};

void rfl_gemm_defaults(struct rfl_gemm_opts *o);
int rfl_gemm_parse(struct rfl_gemm_opts *o, int argc, char **argv);
int rfl_gemm_run(const struct rfl_gemm_opts *o);

/* "8192" (square) or "MxNxK", comma-separated; each dimension a multiple
 * of 128 from 128 to 65536. One line naming the option on a bad entry. */
int rfl_gemm_parse_sizes(const char *program, const char *text, struct rfl_gemm_size *out, int cap, int *n);

/* ------------------------------------------------------------------------
 * Kernels (kernels.c)
 * ---------------------------------------------------------------------- */

/* Whether k can run m x n x k (its tiles divide the sizes). */
int rfl_gemm_kernel_fits(const struct rfl_gemm_kernel *k, unsigned m, unsigned n, unsigned kk);
/* Prints the table with each kernel's main-loop counts (--list-kernels). */
void rfl_gemm_list_kernels(FILE *out);
/* Prints the main-loop counts of a listing (--sass FILE); RFL_EXIT_*. */
int rfl_gemm_print_sass(const char *path, FILE *out);

/* ------------------------------------------------------------------------
 * Peaks (per SM and clock, by the unit that does a kernel's arithmetic)
 * ---------------------------------------------------------------------- */

enum rfl_gemm_unit { RFL_GEMM_UNIT_FP64, RFL_GEMM_UNIT_FP32, RFL_GEMM_UNIT_FP64_TENSOR, RFL_GEMM_UNIT_TF32_TENSOR,
                     RFL_GEMM_UNIT_FP16_TENSOR, RFL_GEMM_NUNITS };
extern const char *const rfl_gemm_unit_names[RFL_GEMM_NUNITS];
/* FLOPs per clock per SM of a unit on a compute capability (0: unknown). */
double rfl_gemm_unit_flops_per_clock(const struct rfl_gpu_device *d, enum rfl_gemm_unit u);
/* The unit a (family, precision) runs on. */
enum rfl_gemm_unit rfl_gemm_unit_of(const struct rfl_gpu_device *d, enum rfl_gemm_family f, enum rfl_gemm_prec p);

/* ------------------------------------------------------------------------
 * Verification (verify.c)
 * ---------------------------------------------------------------------- */

/* The bound on max|C - R| / max|R| a result must meet: 8 u sqrt(k) where
 * both sides round in the precision of u (fp64 2^-53, fp32 2^-24); 8 u_in
 * for the tensor GEMMs against FP32 (tf32 and fp16 inputs 2^-11, bf16
 * 2^-8), whose error comes from rounding their inputs. */
double rfl_gemm_error_bound(enum rfl_gemm_prec p, unsigned k);
/* The bound for a bf16 or fp16 GEMM that stores C in its input type:
 * rfl_gemm_error_bound plus the rounding of the output (derived in
 * verify.c), for a reference whose largest magnitude is max_ref. */
double rfl_gemm_error_bound_c16(enum rfl_gemm_prec p, unsigned k, double max_ref);

/* Entries (rows[i], cols[j]) of alpha A op(B) + beta C0, from host copies
 * of the rows of A, the columns of op(B) and the entries of C0, in long
 * double. rows_a: nr x k (row i of A), cols_b: nc x k (column j of op(B)). */
void rfl_gemm_host_reference(int fp64, const void *rows_a, const void *cols_b, const void *c0, int nr, int nc,
                             unsigned k, double alpha, double beta, long double *out);

/* ------------------------------------------------------------------------
 * The mix microbenchmark and the bandwidths (mix.c)
 * ---------------------------------------------------------------------- */

struct rfl_gemm_mix_point {
    enum rfl_gemm_op op;
    int lds_bytes;
    int lds_distinct;              /* distinct words a warp reads per load */
    int fma_per_group, lds_per_group;
    double fma_per_lds;            /* INFINITY where there are no loads */
    double fma_per_clock;          /* warp instructions per clock per SM */
    double lds_per_clock;
    double mhz;
};

struct rfl_gemm_mix {
    int npoints;
    struct rfl_gemm_mix_point *points;
    double l2_gbytes_per_s;   /* L2-resident reads */
    double dram_gbytes_per_s; /* device-to-device copy, bytes read + written */
    double mhz;               /* SM clock during the FMA mixes (median) */
};

struct rfl_gemm_ctx; /* run.c */
/* Runs every mix kernel and the bandwidths, writes FILE_mix.csv rows.
 * 0, or -1 on a failure or when a signal stopped it (the session's status
 * is then 130). */
int rfl_gemm_mix_run(struct rfl_gemm_ctx *c, struct rfl_gemm_mix *out);
void rfl_gemm_mix_free(struct rfl_gemm_mix *m);
/* The measured pattern (lds_distinct) nearest `distinct` among the mix
 * points with loads of that op and width; -1: none. */
int rfl_gemm_mix_pattern(const struct rfl_gemm_mix *m, enum rfl_gemm_op op, int lds_bytes, int distinct);
/* The FMA-class rate of a mix at `ratio` FMA per load of `lds_bytes`,
 * `distinct` words a warp (the points with the nearest pattern that was
 * measured), interpolated in log2(ratio) between the measured points
 * (clamped at the ends) and never below a point at a lower ratio; NAN
 * where no point has that op and width. */
double rfl_gemm_mix_fma_rate(const struct rfl_gemm_mix *m, enum rfl_gemm_op op, int lds_bytes, int distinct,
                             double ratio);

/* ------------------------------------------------------------------------
 * The upper-bound model (model.c): Lai and Seznec, Eqs. 6, 8, 9
 * ---------------------------------------------------------------------- */

struct rfl_gemm_bound {
    int valid;                    /* 0: no SASS counts or no mix measurement */
    const struct rfl_sass_counts *sass;
    int fma, lds, other, loop;    /* main-loop instructions: FMA-class, shared loads, the rest, all */
    int lds_bytes;                /* the width of most of the shared loads */
    int lds_distinct;             /* the kernel's fragment pattern (words a warp reads per load) */
    double fma_per_lds;           /* F / L, the loop's instruction ratio */
    double lds_wavefronts;        /* shared-memory wavefronts of the loop's loads */
    double mix_ratio;             /* the ratio the mix is read at: F x (wavefronts of a mix load) / lds_wavefronts */
    double smem_fma_per_clock;    /* F / lds_wavefronts x wavefronts per clock: the shared-memory limit */
    double wave_efficiency;       /* blocks / (SMs x ceil(blocks / SMs)) at the row's m x n */
    double f_i;                   /* FMA fraction of the main loop */
    double mix_fma_per_clock;     /* measured: FMA warp instructions per clock per SM at that ratio */
    double mix_instr_per_clock;   /* ... and FMA + LDS */
    double fma_peak_per_clock;    /* the unit's peak, FMA warp instructions per clock per SM */
    double f_t;                   /* mix_instr_per_clock / fma_peak_per_clock (Eq. 7) */
    double issue_fma_per_clock;   /* issue slots: 4 x F_I FMA warp instructions per clock per SM */
    double mhz;                   /* the clock of the bound: the device's maximum SM clock */
    double peak_gflops;           /* P_theoretical at mhz */
    double p_sm_lai_gflops;       /* Eq. 8: F_I x F_T x P_theoretical */
    double p_sm_gflops;           /* min(mix, issue, shared memory, pipe) x flops x q: the SM bound used */
    double intensity;             /* FLOPs per byte of tile loads: 2 BM BN / ((BM + BN) s) */
    double p_mem_gflops;          /* Eq. 6 with the L2 bandwidth */
    double p_mem_dram_gflops;     /* Eq. 6 with the DRAM bandwidth, as the paper has it */
    double p_potential_gflops;    /* Eq. 9: min(P_SM, P_Mem) */
};

/* The bound of kernel k on an m x n output from its loop counts `sc` (NULL:
 * none), the mix and the device's per-SM limits, at the device's maximum SM
 * clock (`mhz`, the row's reading, only where CUDA reports none); 0, or -1
 * where a part is missing (b->valid 0, the columns NAN). */
int rfl_gemm_model_bound(const struct rfl_gemm_kernel *k, const struct rfl_sass_counts *sc,
                         const struct rfl_gemm_mix *mix, const struct rfl_gpu_device *dev, double mhz, unsigned m,
                         unsigned n, struct rfl_gemm_bound *b);
/* Shared-memory wavefronts of a warp's load of `bytes` a lane on sm_70 to
 * sm_90: bytes / 4 (one 32-bit register of 32 lanes returned a clock),
 * halved where lanes l and l^1 or l^2 read the same address. */
double rfl_gemm_lds_wavefronts(int bytes, int pairs_share);
/* The wavefronts of kernel k's fragment loads, per load on average. */
double rfl_gemm_kernel_lds_wavefronts(const struct rfl_gemm_kernel *k, int lds_bytes);

#endif
