/* What the loaders share: the loaders themselves (one file per program,
 * load_<program>.c, each with its program's column lists), the typed-cell
 * helpers they read rows with, and the GPU rows' device and rank filter. */
#ifndef RFL_CEILINGS_LOAD_H
#define RFL_CEILINGS_LOAD_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "table.h"

/* One loader: adds the rows of one file to the model; `meta` is the parsed sidecar. */
typedef int rfl_loader(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta);

rfl_loader rfl_load_bandwidth, rfl_load_flops;
rfl_loader rfl_gpu_load_bandwidth, rfl_gpu_load_flops;
rfl_loader rfl_gpu_load_launch, rfl_gpu_load_transfer, rfl_gpu_load_transfer_fit, rfl_gpu_load_chase,
    rfl_gpu_load_pipeline, rfl_gpu_load_stride, rfl_gpu_load_barrier;
rfl_loader rfl_gpu_load_um;
rfl_loader rfl_gpu_load_gemm, rfl_gpu_load_gemm_mix, rfl_gpu_load_gemm_model;
rfl_loader rfl_load_network, rfl_load_network_fit;
rfl_loader rfl_load_gpu_link, rfl_load_gpu_link_fit;
rfl_loader rfl_load_dense;

/* The ceilings steps (cpu_ceilings.c, gpu_ceilings.c, load_network.c). */
int rfl_bandwidth_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s);
int rfl_flops_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s);
int rfl_gpu_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s);
int rfl_network_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s); /* load_network.c */
int rfl_gpu_link_ceilings(struct rfl_model *m, const struct rfl_ceilings_settings *s); /* load_gpu_link.c */
/* dense.csv's factorizations as points on the rooflines (load_dense.c): after every ceiling. */
int rfl_dense_points(struct rfl_model *m, const struct rfl_ceilings_settings *s);
/* The plateau that sets a level's ceiling: of the used curves, the best
 * point of a plateau naming `level` (a device level: level_of). Each
 * curve's transition out of the level goes to trans[] (room for one per
 * curve), times the job's threads when per_job (the CPU's per-thread x),
 * sorted. */
struct rfl_plateau_pick {
    const struct rfl_bw_curve *curve; /* NULL: no plateau names the level */
    unsigned local;                   /* the winner's own level */
    size_t best, first, last, count;  /* as rfl_levels_value */
    size_t with_points;               /* used curves with working sets in the level */
    size_t ntrans;
    int unconfirmed;                  /* the CPU's DRAM: the winner's memory plateau is not confirmed */
};
void rfl_plateau_pick(const struct rfl_bw_curve *curves, size_t ncurves, int level, int per_job, double *trans,
                      struct rfl_plateau_pick *p);
/* A CPU curve's memory plateau (common/plateau.h, from its points, their
 * median rates and its capacities): sets c->memory and c->memory_known. A
 * curve with no step of its own begins memory past `measured_end` (per
 * thread: where its file's curves' own transitions ended; 0: none) when
 * that lies past its last cache. */
void rfl_curve_find_memory(struct rfl_bw_curve *c, double measured_end);
/* The curve's input to levels.h, memory_from set where its memory plateau
 * was found. */
struct rfl_levels_input rfl_curve_input(const struct rfl_bw_curve *c);
/* The curve's levels (rfl_levels_detect on rfl_curve_input): 0, or -1 after
 * "PATH: the KERNEL WHAT WHAT2 curve cannot be analysed ...". */
int rfl_curve_levels(struct rfl_bw_curve *c, const char *path, const char *what, const char *what2);
/* Levels whose ceilings (from ceilings[first] on) are one plateau of one
 * curve, no step seen between them: each names the others in shared_with. */
void rfl_mark_shared(struct rfl_model *m, size_t first);

/* rfl_flops's sidecar key fma_units (optional; the first file's counts):
 * -1 with a message naming the file and key when it is malformed. */
int rfl_load_fma_units(struct rfl_model *m, const json_t *meta, const char *path);
/* The cores a CPU compute ceiling's spec counts without spec.cores: the
 * sets of FMA units where rfl_flops found the ceiling's threads sharing
 * them, else `cores`; `text` gets "8 physical cores (16 threads share FMA
 * units: probe)" or "16 cores". Returns whether the sets were used. */
int rfl_fma_spec_cores(const struct rfl_model *m, const struct rfl_ceiling *c, unsigned *cores, char *text,
                       size_t len);
/* The report's sentence on the finding, into m->fma.sentence. */
void rfl_fma_units_describe(struct rfl_model *m, const struct rfl_ceilings_settings *s);

/* The spec values beside the CPU's ceilings: the config's, else derived from
 * per-cycle rates, else the flops program's own peak. */
void rfl_attach_spec(struct rfl_model *m, const struct rfl_ceilings_settings *s);

/* A non-empty text cell that fits in len bytes. */
int rfl_load_text(char *dst, size_t len, const struct rfl_table *t, size_t row, int col);
/* Which of names[0..n) (or up to a NULL) row r's non-empty text cell is
 * (the text in dst, len bytes): its index; -1 after one line (a bad cell);
 * -2 when it is none of them, for the caller's own line. */
int rfl_load_choice(const struct rfl_table *t, size_t r, int col, const char *const *names, size_t n, char *dst,
                    size_t len);
/* A count (0 to RFL_TABLE_MAX_COUNT) that may be empty (memcpy rows have no launch shape): 0. */
int rfl_load_opt_int(const struct rfl_table *t, size_t row, int col, long *out);
/* The job of a CPU row: ranks and threads_per_rank, each from 1 to
 * RFL_TABLE_MAX_COUNT, and so is their product (the job's threads). */
int rfl_load_job(const struct rfl_table *t, size_t row, int c_ranks, int c_threads, long *ranks, long *threads);
/* -1 with "FILE:LINE: the WHAT curve has more than RFL_LEVELS_MAX_POINTS
 * points" when a curve or series holding n points cannot take another. */
int rfl_load_room(const struct rfl_table *t, size_t row, size_t n, const char *what);
/* -1 with a message unless v > 0. */
int rfl_load_positive(const struct rfl_table *t, size_t row, int col, double v);
/* Grows an array of `size`-byte elements by one; the new one is zeroed. */
void *rfl_load_grow(void *arrayp, size_t *n, size_t size);
int rfl_load_push_double(double **v, size_t n, double x);
int rfl_load_push_long(long **v, size_t n, long x);
int rfl_load_push_u64(uint64_t **v, size_t n, uint64_t x);
/* The cells a ceiling's spread reads from a row (col -1: the file has no
 * such column): the median sample's rate (empty: NaN; else > 0) and the
 * timed samples (empty: 0; else 1 to RFL_TABLE_MAX_COUNT). -1 with a message. */
int rfl_load_spread_cells(const struct rfl_table *t, size_t row, int c_median, int c_samples, double *median,
                          long *samples);
/* A CPU member's place: on a node of two or more NUMA domains, " NUMA N"
 * (the domains of rank `rank` in the sidecar's layout) after its host, so
 * each domain's rank is a member of its own (per-domain DRAM ceilings). */
void rfl_load_member_place(const json_t *meta, long rank, char *host, size_t len);
/* A row's sustained rate (cpu/team.h: where the threads ran unevenly; the
 * optional columns c_best and c_median, empty when not measured), its cells
 * checked in any case: where `may_lift` and it is above the synchronised
 * best *rate, it becomes *rate and its median part *median, and *sync keeps
 * the synchronised best; else *sync is NaN (a bandwidth row past the caches
 * each thread has to itself may not lift: common/plateau.h).
 * 0, or -1 after one error line (a value that is not a positive number). */
int rfl_load_sustained(const struct rfl_table *t, size_t row, int c_best, int c_median, int may_lift, double *rate,
                       double *median, double *sync);
/* What every CPU program's row has beside its own cells (load_cpu.c): the
 * job, the rate of column `stem` (gbytes_per_s, gflops_per_s) with its
 * STEM_median and STEM_sustained[_median] cells, verified, experiments, and
 * a rank's own row's rank and host; their columns (-1: none), then a row's
 * values. */
struct rfl_load_cpu {
    int c_ranks, c_threads, c_rate, c_median, c_sustained, c_sustained_median, c_verified, c_samples, c_rank, c_host;
    long ranks, threads, verified, samples;
    double rate, median, sync;
};
void rfl_load_cpu_columns(const struct rfl_table *t, const char *stem, struct rfl_load_cpu *c);
/* Row r's job, rate, verified and spread cells: 0, or -1 after one line. */
int rfl_load_cpu_cells(const struct rfl_table *t, size_t r, struct rfl_load_cpu *c);
/* The rest of row r once the loader's own cells are read: the rate must be
 * positive, the sustained rate may lift it (rfl_load_sustained's may_lift);
 * then 1: the row is the caller's, for its curve or series; 0: taken (not
 * verified: skipped with a note; a rank's own row: a member under `key`,
 * its place from the sidecar); -1 after one line. */
int rfl_load_cpu_row(struct rfl_model *m, const struct rfl_table *t, size_t r, const json_t *meta, size_t input,
                     int may_lift, uint64_t wss, const char *key, struct rfl_load_cpu *c);

/* A row of a latency + bytes/bandwidth fit (common/fit.c's columns: points, bytes_min,
 * bytes_max, latency_us, bandwidth_gbytes_per_s, max_relative_error; NaN where empty, as a
 * series too short to fit), then its verified cell: 1 (a verified row, *f set; its
 * bandwidth NaN where not fitted, else positive), 0 (not verified: rfl_load_verified's
 * note, skip it) or -1 after a one-line error naming the cell. */
struct rfl_load_fit {
    long points;
    uint64_t bytes_min, bytes_max;
    double latency_us, gbytes_per_s, max_error;
};
int rfl_load_fit_row(struct rfl_model *m, const struct rfl_table *t, size_t row, struct rfl_load_fit *f);
/* Appends a copy of *elem; -1 after "out of memory". */
int rfl_load_append(void *arrayp, size_t *n, size_t size, const void *elem);
/* A number of a JSON object; 0 when missing. */
double rfl_load_json_num(const json_t *obj, const char *key);
/* verified must be 1; 0 skips the row with a note; -1 a bad value. */
int rfl_load_verified(struct rfl_model *m, const struct rfl_table *t, size_t r, int col);

/* The cells a loader reads from every row of its file, each into a field of
 * its row struct, in a table in the order they are checked (rfl_load_cells):
 * an entry each, the column's name beside the field it fills. */
enum rfl_load_cell_kind {
    RFL_LOAD_TEXT,         /* a non-empty text that fits the field (rfl_load_text) */
    RFL_LOAD_OPT_TEXT,     /* a text that fits the field, or empty, or a column the file lacks: "" */
    RFL_LOAD_COUNT,        /* an integer from `min` to RFL_TABLE_MAX_COUNT (long) */
    RFL_LOAD_OPT_INT,      /* an integer or empty: 0 (long, rfl_load_opt_int) */
    RFL_LOAD_BYTES,        /* a size of `min` bytes or more (uint64_t) */
    RFL_LOAD_NUMBER,       /* a number (double) */
    RFL_LOAD_POSITIVE,     /* a number above 0 (double) */
    RFL_LOAD_OPTIONAL,     /* a number, or empty, or a column the file lacks: NaN (double) */
    RFL_LOAD_OPT_POSITIVE, /* a number above 0, or empty, or a column the file lacks: NaN (double) */
    RFL_LOAD_SAMPLES,      /* timed samples (long), or empty, or no column: 0 (rfl_load_spread_cells's) */
};
struct rfl_load_cell {
    const char *column;
    enum rfl_load_cell_kind kind;
    long min;
    size_t offset, size; /* of the field in the row struct */
};
#define RFL_LOAD_CELL(type, field, kind, min, column) \
    {(column), RFL_LOAD_##kind, (min), offsetof(type, field), sizeof ((type *)0)->field}
/* The columns of cells[0..n) in t (-1: the file has no such column). */
void rfl_load_cell_columns(const struct rfl_table *t, const struct rfl_load_cell *cells, size_t n, int *col);
/* Row r's cells into the row struct at `row`, each read as its kind says, in
 * the table's order: 0, or -1 after one line naming the first bad cell. */
int rfl_load_cells(const struct rfl_table *t, size_t r, const struct rfl_load_cell *cells, size_t n, const int *col,
                   void *row);

/* One of the parallel arrays of a curve or series' points (rfl_load_sort). */
struct rfl_load_points {
    void *v;
    size_t size;
};
#define RFL_LOAD_POINTS(array) {(array), sizeof *(array)}
/* Sorts n points held in the parallel arrays a[0..na) by a[0] (doubles)
 * ascending, all alike: an insertion sort (the programs write ascending
 * already), stable. */
void rfl_load_sort(size_t n, const struct rfl_load_points *a, size_t na);

/* Which curve or series a row belongs to, by a key made of its fields:
 * a hash map, so a file of many curves loads in time linear in its rows. */
struct rfl_load_index {
    char **keys;
    size_t *values, cap, n;
};
/* The value stored under the key of `parts` (nparts strings), or -1. */
long rfl_load_index_find(const struct rfl_load_index *ix, const char *const *parts, size_t nparts);
/* Stores value under that key; -1 after "out of memory". */
int rfl_load_index_add(struct rfl_load_index *ix, const char *const *parts, size_t nparts, size_t value);
/* The element of the array *arrayp (*n elements of `size` bytes) stored under
 * that key, else a new one, zeroed, appended and stored under it (*made 1):
 * NULL after "out of memory". */
void *rfl_load_keyed(struct rfl_load_index *ix, const char *const *parts, size_t nparts, void *arrayp, size_t *n,
                     size_t size, int *made);
void rfl_load_index_free(struct rfl_load_index *ix);

/* The CPU topology of a sidecar (topology.caches ...); every file of a run
 * directory must describe the same one. */
int rfl_load_topology(struct rfl_model *m, const json_t *meta, const char *path);

/* The GPU of the lowest rank in the sidecar's gpus[]; every GPU file of a
 * run directory must describe the same one. */
int rfl_load_gpu_device(struct rfl_model *m, const json_t *meta, const char *file);

/* A GPU file's rows a ceiling may use: this GPU's (the chosen rank's), not
 * the aggregate rows of several GPUs (the others counted for one note per
 * file), each read by a table of cells (rfl_load_cells) and, where
 * `verified`, skipped with rfl_load_verified's note unless it is verified. */
#define RFL_LOAD_MAX_CELLS 16
struct rfl_load_rows {
    struct rfl_model *m;
    const struct rfl_table *t;
    size_t input, r; /* r: the row read last */
    const struct rfl_load_cell *cells;
    size_t ncells;
    int col[RFL_LOAD_MAX_CELLS];
    int verified, c_verified, c_scope, c_rank, started;
    long rank;
    size_t other;
};
/* Starts on file `input`: its GPU (rfl_load_gpu_device, from the sidecar
 * `meta`) and the columns of its cells (at most RFL_LOAD_MAX_CELLS): 0, or
 * -1 after one line. */
int rfl_load_rows_open(struct rfl_load_rows *it, struct rfl_model *m, size_t input, const struct rfl_table *t,
                       const json_t *meta, const struct rfl_load_cell *cells, size_t ncells, int verified);
/* The next row to use, its cells in *row and it->r its index: 1; 0 past the
 * last (after the note on the rows of other GPUs); -1 after one line. */
int rfl_load_rows_next(struct rfl_load_rows *it, void *row);

#endif
