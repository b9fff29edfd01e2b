/* What the modes of rfl_gpu_micro share: the run's context, and tables
 * whose rows every rank contributes (one row per GPU, written by rank 0). */
#ifndef RFL_GPU_MICRO_INTERNAL_H
#define RFL_GPU_MICRO_INTERNAL_H

#include <stddef.h>

#include <jansson.h>

#include "gpu/budget.h"
#include "gpu/gpu.h"
#include "gpu_micro/gpu_micro.h"
#include "common/csv.h"
#include "common/session.h"
#include "schema/schema.h"

struct rfl_gmi_ctx {
    const struct rfl_gpu_micro_opts *o;
    struct rfl_gpu_device dev;
    cudaStream_t stream;
    struct rfl_gpu_timer timer;
    struct rfl_gpu_mismatch *mismatch; /* device */
    struct rfl_gpu_clock *clock;       /* device */
    unsigned long long *words;         /* device scratch, 8 words */
    double min_time_s;
    unsigned experiments;
    int ranks, root;
    int status;                        /* RFL_EXIT_* of the run so far */
    char failure[512];
    json_t *mode_meta;                 /* rank 0: the current mode's "mode" object */
    struct rfl_gpu_budget *budget;     /* --time-budget (gpu/budget.h) */
};

/* The CSV of a mode: its file suffix and columns (schema/gpu_micro_MODE.def). */
struct rfl_gmi_table_spec {
    const char *suffix; /* "launch" -> PREFIX_launch.csv */
    const char *const *columns;
    size_t ncols;
};

struct rfl_gmi_table {
    const struct rfl_gmi_table_spec *spec;
    struct rfl_session out; /* the CSV and its sidecar, begun when the table opened */
    char *path;
    int open;
};

/* A cell of a row: text (the same on every rank), a number (each rank
 * its own; CELL_INT is written as an integer, NaN as an empty field), or
 * one of a list of words (each rank's own index into `names`). */
enum rfl_gmi_cell_kind { RFL_GMI_STR, RFL_GMI_INT, RFL_GMI_DBL, RFL_GMI_WORD };
struct rfl_gmi_cell {
    enum rfl_gmi_cell_kind kind;
    const char *s;
    double v;
    const char *const *names;
};
#define RFL_GMI_S(text) ((struct rfl_gmi_cell){RFL_GMI_STR, (text), 0, NULL})
#define RFL_GMI_I(value) ((struct rfl_gmi_cell){RFL_GMI_INT, NULL, (double)(value), NULL})
#define RFL_GMI_D(value) ((struct rfl_gmi_cell){RFL_GMI_DBL, NULL, (double)(value), NULL})
#define RFL_GMI_W(words, index) ((struct rfl_gmi_cell){RFL_GMI_WORD, NULL, (double)(index), (words)})

/* Opens PREFIX_SUFFIX.csv on rank 0 (collective); -1 when it cannot. */
int rfl_gmi_table_open(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t, const struct rfl_gmi_table_spec *spec);
/* One row per rank. cells[0] and cells[1] are filled here (rank, device).
 * `bad` wrong results on this rank fail the run (exit 3) with `detail`.
 * Collective; returns 1 when the mode must stop (a failure anywhere, or an
 * interrupt), else 0. */
int rfl_gmi_emit(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t, struct rfl_gmi_cell *cells, long long bad,
                 const char *detail);
/* Commits the CSV and writes its sidecar (meta plus the mode's object). */
int rfl_gmi_table_close(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t);

/* A CUDA failure while the table is open: drops the half-written CSV and
 * fails the run (under MPI, the job); returns -1. */
int rfl_gmi_abort(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t);

/* Device-side verification record: reset before a check, read after. */
int rfl_gmi_mismatch_reset(struct rfl_gmi_ctx *c);
int rfl_gmi_mismatch_read(struct rfl_gmi_ctx *c, struct rfl_gpu_mismatch *m);

/* The current mode's evidence list (rank 0; NULL elsewhere): goes into
 * its sidecar under settings.evidence. */
json_t *rfl_gmi_evidence_list(struct rfl_gmi_ctx *c);

/* Under --time-budget (gpu/budget.h): a mode's points, expected before its
 * loop (weight 1, plus what grows with the point's bytes), then each
 * admitted in turn (0: cut, recorded under `what`) and done once measured. */
void rfl_gmi_expect(struct rfl_gmi_ctx *c, int prio, double weight);
int rfl_gmi_admit(struct rfl_gmi_ctx *c, int prio, double weight, const char *what);
void rfl_gmi_done(struct rfl_gmi_ctx *c);

/* A CUDA failure inside a mode: one line was printed; stop the run. */
int rfl_gmi_failed(struct rfl_gmi_ctx *c);

/* The modes: 0, or -1 after a CUDA failure (c->status says why). */
int rfl_gmi_mode_launch(struct rfl_gmi_ctx *c);
int rfl_gmi_mode_transfer(struct rfl_gmi_ctx *c);
int rfl_gmi_mode_chase(struct rfl_gmi_ctx *c);
int rfl_gmi_mode_pipeline(struct rfl_gmi_ctx *c);
int rfl_gmi_mode_stride(struct rfl_gmi_ctx *c);
int rfl_gmi_mode_barrier(struct rfl_gmi_ctx *c);

extern const struct rfl_gmi_table_spec rfl_gmi_launch_table, rfl_gmi_transfer_table, rfl_gmi_transfer_fit_table,
    rfl_gmi_chase_table, rfl_gmi_pipeline_table, rfl_gmi_stride_table, rfl_gmi_barrier_table;

/* chase: the sizes after which latency rises by more than `ratio` over the
 * previous size; returns how many (at most cap), the index of the larger
 * size of each pair in `at`. */
int rfl_gmi_transitions(const double *latency, int n, double ratio, int *at, int cap);

/* pipeline: n FMAs b = b*m + c from 1 + pattern/8, replayed on the host. */
uint64_t rfl_gmi_pipeline_replay(int fp64, unsigned pattern, unsigned n);

#endif
