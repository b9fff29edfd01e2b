/* What the parts of rfl_gemm share inside the program: the run's context,
 * a group of inputs (buffers.c), runners, checks (verify.c), choices of
 * configuration (tune.c), kept results (results.c), model rows (model.c)
 * and the output files (output.c). run.c drives them. */
#ifndef RFL_GEMM_INTERNAL_H
#define RFL_GEMM_INTERNAL_H

#include <cublas_v2.h>
#include <jansson.h>

#include "gemm/gemm.h"
#include "gemm/lt.h"
#include "gpu/budget.h"
#include "common/csv.h"
#include "common/session.h"

#define RFL_GEMM_MAX_SETS 256
#define RFL_GEMM_MAX_EXPERIMENTS 1000
#define RFL_GEMM_MAX_CHOICES 32

struct rfl_gemm_ctx {
    const struct rfl_gemm_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    cublasHandle_t blas;
    int have_blas;
    struct rfl_gemm_lt lt;        /* cuBLASLt: its handle and workspace */
    struct rfl_gemm_diff *diff;   /* device */
    struct rfl_gpu_clock *clock;  /* device */
    double min_time_s;
    unsigned experiments;
    int ranks, root;
    /* Each point waits for the power and thermal limiters to let go first
     * (rfl_gpu_nvml_settle), at most settle_max_s: what that cost. */
    double settle_max_s, settle_s;
    unsigned settle_waits, settle_limited;
    /* gemm.csv (where the gemm mode runs), its companions gemm_mix.csv and
     * gemm_model.csv, and the sidecar; out.status (RFL_EXIT_* so far) and
     * out.failure are the run's outcome. */
    struct rfl_session out;
    struct rfl_csv *mix_csv, *model_csv; /* rank 0: the companions; NULL where not written */
};

/* ---- buffers.c: a group, the inputs of one (precision, transposition, size) ---- */

struct rfl_gemm_group {
    enum rfl_gemm_prec p;
    int transb;
    unsigned m, n, k;
    size_t es; /* bytes per element of A, B, C (fp64: 8, else 4) */
    int lda, ldb, ldc;
    int nsets, half;
    void *a[RFL_GEMM_MAX_SETS], *b[RFL_GEMM_MAX_SETS], *c[RFL_GEMM_MAX_SETS];
    void *a16[RFL_GEMM_MAX_SETS], *b16[RFL_GEMM_MAX_SETS];
    void *c16[RFL_GEMM_MAX_SETS]; /* half: C in the input type, for the c16 runners */
    void *r; /* the reference result */
    unsigned long long seed;
};

/* A runner: one kernel, or cuBLAS or cuBLASLt in one precision. */
struct rfl_gemm_runner {
    enum rfl_gemm_family family;
    const struct rfl_gemm_kernel *k; /* NULL for the libraries */
    enum rfl_gemm_prec prec;
    int transb;
    const struct rfl_gemm_lt_plan *lt; /* cuBLASLt: the plan and its algorithm */
    int c16; /* the libraries in bf16, fp16: C in the input type (the group's c16), not FP32 */
};

/* A 64-bit mixer (splitmix64) for seeds and sampled positions. */
unsigned long long rfl_gemm_mix64(unsigned long long x);
/* The precision A, B and C are stored in (fp64, else fp32). */
enum rfl_gemm_prec rfl_gemm_storage_prec(enum rfl_gemm_prec p);
/* 0 ok, -1 failure, 1 does not fit in device memory (skipped). With
 * `rotate`, sets of inputs up to twice the L2 size. */
int rfl_gemm_group_alloc(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, enum rfl_gemm_prec p, int transb,
                         struct rfl_gemm_size s, int rotate, unsigned long long seed);
void rfl_gemm_group_free(struct rfl_gemm_group *g);
/* C of set `set` refilled with its C0. In a half group C0 is rounded to
 * the input type and c16[set] holds it too, so the runners with either C
 * and the reference all start from the same C0 (no rounding of it to
 * account for in the bound). */
int rfl_gemm_group_fill_c(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, int set);
/* The arguments for set `set` (the half copies with use16; into `out`
 * instead of C where not NULL). */
void rfl_gemm_group_args(const struct rfl_gemm_ctx *c, const struct rfl_gemm_group *g, int set, int use16,
                         void *out, struct rfl_gemm_args *a);
/* The arguments of runner r on set `set`: its inputs (16-bit for a half
 * group) and its C (c16[set] for a c16 runner). */
void rfl_gemm_runner_args(const struct rfl_gemm_ctx *c, const struct rfl_gemm_group *g, const struct rfl_gemm_runner *r,
                          int set, struct rfl_gemm_args *a);
/* R = alpha A op(B) + beta C0 by cuBLAS (FP32 for the tensor precisions). */
int rfl_gemm_group_reference(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g);
int rfl_gemm_run_once(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, const struct rfl_gemm_args *a);
/* The configuration column: the kernel's tile shape, or the cuBLAS call
 * (c16: " C bf16" or " C fp16" after it). */
void rfl_gemm_runner_config(const struct rfl_gemm_runner *r, char *buf, size_t len);

/* ---- verify.c ---- */

struct rfl_gemm_check {
    double err, bound;
    const char *reference;
    char detail[384];
};

/* Runs r once on set 0 (C refilled with C0) and compares: with the group's
 * reference on the device (a c16 runner's C converted to FP32 first), or,
 * for cuBLAS in FP32/FP64 (the reference itself), 8 x 8 entries against
 * the host in long double. 0: compared (see ck->err against ck->bound);
 * -1: a call failed. */
int rfl_gemm_verify(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                    struct rfl_gemm_check *ck);

/* ---- tune.c: timing, choices of configuration (tiled, dmma), tuning ---- */

struct rfl_gemm_choice {
    int n;
    const struct rfl_gemm_kernel *k[RFL_GEMM_MAX_CHOICES];
    double gflops[RFL_GEMM_MAX_CHOICES];
};

/* Launches per sample double until a sample lasts min_time; one warm-up
 * sample; then `experiments` samples: seconds per GEMM in times[], the SM
 * clock of each in mhz_at[] (if not NULL), that of the fastest in *mhz_min. */
int rfl_gemm_time_runner(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                         unsigned experiments, double *times, double *mhz_at, unsigned *reps_out, double *mhz_min);
/* `samples` rested launches, each alone on a GPU the NVML settle let cool down, timed by events
 * behind a wait kernel (so the launch's queuing stays out): the fastest in *best_s. A roof bounds
 * what a kernel alone does (a profiler times one launch), and a run of launches slows to what
 * the power limit leaves. 0, or -1. */
int rfl_gemm_time_rested(struct rfl_gemm_ctx *c, const struct rfl_gemm_runner *r, struct rfl_gemm_group *g,
                         unsigned samples, double *best_s);
void rfl_gemm_choices_for(const struct rfl_gemm_opts *o, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                          struct rfl_gemm_choice *ch);
/* The configuration for a size (NULL: none fits). */
const struct rfl_gemm_kernel *rfl_gemm_pick(const struct rfl_gemm_choice *ch, struct rfl_gemm_size s, int sms);
/* Ranks the choices by their rate at the tuning size (rank 0's ranking on
 * every rank); their rows go to `tuning` on rank 0. 0, or -1 on a failure
 * or when a signal stopped it (the session's status then says which). */
int rfl_gemm_tune(struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                  struct rfl_gemm_choice *ch, json_t *tuning);

/* cuBLASLt: each of the plan's algorithms (the ranks' common count)
 * verified against the group's reference and timed once at the group's
 * shape; plan->pick becomes rank 0's fastest. Rank 0 appends what it tried
 * to `list` (NULL: nothing). 0, or -1 on a failure, a wrong result (the
 * session's status 3) or a signal (130). */
int rfl_gemm_lt_pick(struct rfl_gemm_ctx *c, struct rfl_gemm_group *g, struct rfl_gemm_lt_plan *plan, json_t *list);

/* ---- results.c: results kept for the model table and the evidence (rank 0's numbers) ---- */

struct rfl_gemm_result {
    enum rfl_gemm_family family;
    enum rfl_gemm_prec prec;
    int transb;
    struct rfl_gemm_size size;
    const struct rfl_gemm_kernel *kernel; /* NULL: cuBLAS */
    int c16; /* C in the input type: not found by rfl_gemm_results_find */
    double gflops, mhz, peak, err;
    struct rfl_gemm_bound bound;
};

struct rfl_gemm_results {
    struct rfl_gemm_result *r;
    int n, cap;
};

/* A zeroed new result (NULL: out of memory). */
struct rfl_gemm_result *rfl_gemm_results_add(struct rfl_gemm_results *rs);
const struct rfl_gemm_result *rfl_gemm_results_find(const struct rfl_gemm_results *rs, enum rfl_gemm_family f,
                                                    enum rfl_gemm_prec p, int transb, unsigned m, unsigned n,
                                                    unsigned k);

/* ---- model.c: the model table at the model size ---- */

struct rfl_gemm_model_row {
    const struct rfl_gemm_result *res;
    const struct rfl_gemm_result *peer; /* cuBLAS, same precision, transposition and size */
    int regs, blocks_per_sm;
};

void rfl_gemm_model_rows(const struct rfl_gemm_results *rs, unsigned ms, struct rfl_gemm_model_row *rows, int *n,
                         int cap);
/* The rows of gemm_model.csv. */
void rfl_gemm_model_csv(struct rfl_csv *csv, const struct rfl_gemm_model_row *rows, int n,
                        const struct rfl_gemm_mix *mix);
/* The table on stderr (nn rows), as Volkov and Demmel's Table 3. */
void rfl_gemm_model_table(const struct rfl_gemm_model_row *rows, int n, unsigned ms);

/* ---- plan.c: the points under a time budget ---- */

/* Whether a family has a precision (volkov, tiled: fp64, fp32; dmma: fp64; cuBLAS: all). */
int rfl_gemm_family_has(enum rfl_gemm_family f, enum rfl_gemm_prec p);
/* The largest square size of the sweep (0: none). */
unsigned rfl_gemm_largest_square(const struct rfl_gemm_size *sizes, int nsizes);
/* The shapes every tensor roof is also measured at (those the sweep lacks
 * are added, for the tensor units' nn points alone, where --sizes is not
 * given). */
#define RFL_GEMM_NROOF_SHAPES 3
extern const struct rfl_gemm_size rfl_gemm_roof_shapes[RFL_GEMM_NROOF_SHAPES];
int rfl_gemm_is_roof_shape(struct rfl_gemm_size s);
/* Whether (family, precision) runs on a tensor unit. */
int rfl_gemm_is_tensor(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p);
/* Whether family f's points in precision p come twice, with C in FP32 and
 * with C in the input type (cuBLAS and cuBLASLt in bf16 and fp16), at
 * inner dimension k: not where alpha A B + beta C0 could overflow that
 * type (fp16, |alpha| k + |beta| past 65504), which no framework runs and
 * which could not be verified. */
int rfl_gemm_has_c16(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, unsigned k);
/* Whether a point runs at a size that is only there for the roofs
 * (roof_only): a tensor unit's, nn; at any other size, every point. */
int rfl_gemm_runs_at(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                     int roof_only);
/* 0: a tensor roof's point that is never cut (a tensor unit, nn, at the
 * largest square size); 1: a tensor unit's nn point at another roof shape,
 * or a point at the model size; 2: the rest. Tunings are 1. */
int rfl_gemm_point_priority(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p, int transb,
                            struct rfl_gemm_size s, unsigned largest, unsigned ms);
/* A point's weight: its seconds at a guessed rate of its unit. */
double rfl_gemm_point_weight(const struct rfl_gemm_ctx *c, enum rfl_gemm_family f, enum rfl_gemm_prec p,
                             struct rfl_gemm_size s, unsigned experiments);
/* A group's inputs and reference (one GEMM): its weight. */
double rfl_gemm_group_weight(enum rfl_gemm_prec p, struct rfl_gemm_size s);
/* The points of a group (precision, transposition, size) in family order
 * (a family's c16 point first: rfl_gemm_has_c16): their family, priority,
 * weight and name, into `out` (RFL_GEMM_MAX_POINTS); how many. `ch`: the
 * families' choices (RFL_GEMM_NFAMILY). */
#define RFL_GEMM_MAX_POINTS (RFL_GEMM_NFAMILY + 2)
struct rfl_gemm_planned {
    enum rfl_gemm_family family;
    int c16;
    int prio;
    double weight;
    char what[96];
};
int rfl_gemm_group_points(const struct rfl_gemm_ctx *c, const struct rfl_gemm_choice *ch, unsigned kernels,
                          enum rfl_gemm_prec p, int transb, struct rfl_gemm_size s, int roof_only, unsigned largest,
                          unsigned ms, struct rfl_gemm_planned *out);
/* Every point and tuning of the run expected in `b`; their total weight,
 * and how many points (a tuning counts its configurations) in *npoints. */
double rfl_gemm_budget_expect(const struct rfl_gemm_ctx *c, struct rfl_gpu_budget *b, const struct rfl_gemm_size *sizes,
                              const unsigned char *roof_only, int nsizes, unsigned ms, unsigned kernels, unsigned precisions, unsigned trans,
                              double *npoints);

/* ---- self_test.c ---- */

/* --self-test: the host-side checks (no GPU); an RFL_EXIT_* code. */
int rfl_gemm_self_test(void);

/* ---- output.c: the three tables and the sidecar ---- */


/* --print-columns. */
void rfl_gemm_print_columns(void);
/* Opens the run's session (agreed over the ranks): gemm.csv where do_gemm,
 * gemm_mix.csv where do_mix, gemm_model.csv where do_model and do_gemm,
 * and the sidecar begun by rfl_gpu_meta_new. -1, with nothing written and
 * the session released, where one cannot be opened. */
int rfl_gemm_output_open(struct rfl_gemm_ctx *c, int do_gemm, int do_mix, int do_model);
/* The sidecar's "gemm" object: the run's settings (see docs/FORMAT.md). */
json_t *rfl_gemm_output_settings(const struct rfl_gemm_ctx *c, const struct rfl_gemm_size *sizes, int nsizes,
                                 unsigned ms, double elapsed);

#endif
