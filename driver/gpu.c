/* The GPU programs' CSV -> the GPU's curves and series -> its ceilings. */
#include "config.h"
#include "gpu.h"
#include "model.h"
#include "sources.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_gpu_level_names[RFL_GPU_NLEVELS] = {"shared", "L1", "L2", "device memory"};
static const char *const prec_names[RFL_GPU_NPREC] = {"fp64", "fp32", "fp16"};

/* Required: what the driver reads (and how a row is chosen); optional: the
 * rest of what the program writes. A column in neither is refused. */
const char *const rfl_gpu_bandwidth_columns[] = {
    "scope", "rank", "kernel", "access", "precision", "threads_per_block", "blocks_per_grid", "wss_bytes",
    "gbytes_per_s", "verified", NULL};
const char *const rfl_gpu_bandwidth_optional[] = {
    "device", "ranks", "lo_kernel", "blocks_spec", "level", "tile_bytes", "bytes_per_trial", "trials",
    "experiments", "time_min_s", "time_median_s", "time_max_s", "gbytes_per_s_median", "gbytes_per_s_worst",
    "sm_clock_mhz", "bytes_per_clock_per_sm", "fraction_of_datasheet", NULL};
const char *const rfl_gpu_flops_columns[] = {
    "scope", "rank", "precision", "fpe", "chains_per_thread", "threads_per_block", "blocks_per_grid", "wss_bytes",
    "gflops_per_s", "verified", NULL};
const char *const rfl_gpu_flops_optional[] = {
    "device", "ranks", "blocks_spec", "elements", "flops_per_trial", "bytes_per_trial", "trials", "experiments",
    "time_min_s", "time_median_s", "time_max_s", "gflops_per_s_median", "gflops_per_s_worst", "gbytes_per_s",
    "sm_clock_mhz", "peak_gflops_per_s", "fraction_of_peak", NULL};
const char *const rfl_gpu_launch_columns[] = {
    "rank", "device", "method", "blocks", "threads_per_block", "launches", "experiments", "time_per_launch_min_us",
    "time_per_launch_median_us", "time_per_launch_max_us", "verified", NULL};
const char *const rfl_gpu_transfer_columns[] = {
    "rank", "device", "direction", "host_memory", "bytes", "repeats", "experiments", "time_min_s", "time_median_s",
    "time_max_s", "gbytes_per_s", "gbytes_per_s_median", "model_time_s", "model_relative_error", "verified", NULL};
const char *const rfl_gpu_transfer_fit_columns[] = {
    "rank", "device", "direction", "host_memory", "points", "bytes_min", "bytes_max", "latency_us",
    "bandwidth_gbytes_per_s", "rms_relative_error", "max_relative_error", "largest_bytes", "largest_gbytes_per_s",
    "fit_over_largest", "verified", NULL};
const char *const rfl_gpu_chase_columns[] = {
    "rank", "device", "memory", "array_bytes", "stride_bytes", "cycle_elements", "warmup_steps", "steps",
    "cycles_per_access", "ns_per_access", "sm_clock_mhz", "verified", NULL};
const char *const rfl_gpu_pipeline_columns[] = {
    "rank", "device", "precision", "threads_per_block", "chains_per_thread", "fma_per_chain", "cycles",
    "cycles_per_fma", "fma_per_clock_per_sm", "fraction_of_sm_peak", "sm_clock_mhz", "verified", NULL};
const char *const rfl_gpu_stride_columns[] = {
    "rank", "device", "pattern", "word_bytes", "offset_words", "stride_words", "words_copied", "bytes_moved",
    "launches", "experiments", "time_min_s", "time_median_s", "time_max_s", "gbytes_per_s", "gbytes_per_s_median",
    "fraction_of_datasheet", "verified", NULL};
const char *const rfl_gpu_barrier_columns[] = {
    "rank", "device", "method", "blocks", "blocks_per_sm", "threads_per_block", "iterations", "experiments",
    "time_per_barrier_min_us", "time_per_barrier_median_us", "time_per_barrier_max_us", "verified", NULL};
const char *const rfl_gpu_um_columns[] = {
    "rank", "device", "mechanism", "fig7_panel", "wss_bytes", "elements", "reuse", "trials", "experiments",
    "time_min_s", "time_median_s", "time_max_s", "bytes_per_sample", "gbytes_per_s", "gbytes_per_s_median",
    "fraction_of_device", "to_device_s_per_trial", "gpu_s_per_trial", "to_host_s_per_trial", "cpu_s_per_trial",
    "transfer_gbytes_per_s", "status", "verified", NULL};
const char *const rfl_gpu_gemm_columns[] = {
    "rank", "device", "kernel", "config", "precision", "unit", "transa", "transb", "m", "n", "k", "alpha", "beta",
    "l2", "buffer_sets", "flops", "launches_per_sample", "experiments", "time_min_s", "time_median_s", "time_max_s",
    "gflops_per_s", "gflops_per_s_median", "sm_clock_mhz", "peak_gflops_per_s", "fraction_of_peak",
    "model_bound_gflops_per_s", "bound_over_achieved", "reference", "max_rel_error", "error_bound", "verified", NULL};
const char *const rfl_gpu_gemm_mix_columns[] = {
    "rank", "device", "kind", "op", "lds_bytes", "lds_distinct_words", "fma_per_group", "lds_per_group", "fma_per_lds",
    "threads_per_block", "blocks", "iterations", "loop_instructions", "time_s", "sm_clock_mhz", "fma_per_clock_per_sm",
    "lds_per_clock_per_sm", "instr_per_clock_per_sm", "fma_fraction_of_peak", "gbytes_per_s", NULL};
const char *const rfl_gpu_gemm_model_columns[] = {
    "kernel", "config", "precision", "transb", "m", "n", "k", "registers_per_thread", "threads_per_block",
    "blocks_per_sm", "register_tile", "loop_instructions", "fma_instructions", "fma_op", "lds_instructions",
    "lds_bytes", "lds_distinct_words", "other_instructions", "f_i", "fma_per_lds", "mix_fma_per_clock",
    "mix_instr_per_clock", "fma_peak_per_clock", "f_t", "sm_clock_mhz", "peak_gflops_per_s", "p_sm_lai_gflops_per_s",
    "p_sm_gflops_per_s", "intensity_flops_per_byte", "l2_gbytes_per_s", "dram_gbytes_per_s", "p_mem_gflops_per_s",
    "p_mem_dram_gflops_per_s", "p_potential_gflops_per_s", "achieved_gflops_per_s", "bound_over_achieved",
    "cublas_gflops_per_s", "achieved_over_cublas", NULL};

/* ---------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------- */

struct rfl_gpu_data *rfl_gpu_data(struct rfl_model *m)
{
    if (!m->gpu) {
        m->gpu = calloc(1, sizeof *m->gpu);
        if (m->gpu)
            m->gpu->dev.rank = -1;
    }
    return m->gpu;
}

void rfl_gpu_free(struct rfl_gpu_data *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->ncurves; i++) {
        free(g->curves[i].x);
        free(g->curves[i].y);
        free(g->curves[i].clock_mhz);
    }
    for (size_t i = 0; i < g->nflops; i++) {
        struct rfl_gpu_flops_series *f = &g->flops[i];
        free(f->fpe), free(f->gflops), free(f->peak), free(f->clock_mhz), free(f->wss), free(f->tpb);
        free(f->blocks);
    }
    for (size_t i = 0; i < g->ntransfers; i++) {
        free(g->transfers[i].bytes);
        free(g->transfers[i].time_s);
    }
    for (size_t i = 0; i < g->nchase; i++) {
        free(g->chase[i].bytes);
        free(g->chase[i].cycles);
        free(g->chase[i].ns);
    }
    free(g->curves), free(g->flops), free(g->transfers), free(g->chase), free(g->gemm), free(g->model);
    free(g->um), free(g->launch), free(g->barrier), free(g->pipeline), free(g->stride);
    free(g);
}

/* Grows an array of `size`-byte elements by one; the new one is zeroed. */
static void *grow(void *arrayp, size_t *n, size_t size)
{
    void **array = arrayp;
    char *more = realloc(*array, (*n + 1) * size);
    if (!more)
        return NULL;
    *array = more;
    memset(more + *n * size, 0, size);
    return more + (*n)++ * size;
}

static int push_double(double **v, size_t n, double x)
{
    double *more = realloc(*v, (n + 1) * sizeof *more);
    if (!more)
        return -1;
    more[n] = x;
    *v = more;
    return 0;
}

static int copy_text(char *dst, size_t len, const struct rfl_table *t, size_t row, int col)
{
    const char *s;
    if (rfl_table_text(t, row, col, &s) != 0)
        return -1;
    if (strlen(s) >= len) {
        rfl_error("%s:%d: column '%s': value too long '%s'", t->path, t->lineno[row], t->columns[col], s);
        return -1;
    }
    memcpy(dst, s, strlen(s) + 1);
    return 0;
}

/* An integer that may be empty (memcpy rows have no launch shape): 0. */
static int opt_int(const struct rfl_table *t, size_t row, int col, long *out)
{
    *out = 0;
    if (col < 0 || rfl_table_cell(t, row, col)[0] == '\0')
        return 0;
    return rfl_table_int(t, row, col, out);
}

static int positive(const struct rfl_table *t, size_t row, int col, double v)
{
    if (v > 0)
        return 0;
    rfl_error("%s:%d: column '%s': must be positive, got '%s'", t->path, t->lineno[row], t->columns[col],
              rfl_table_cell(t, row, col));
    return -1;
}

static double json_num(const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_number(v) ? json_number_value(v) : 0;
}

/* The GPU of the lowest rank in the sidecar's gpus[]; every GPU file of a
 * run directory must describe the same one. */
static int device_from_meta(struct rfl_model *m, const json_t *meta, const char *file)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    if (!g) {
        rfl_error("out of memory");
        return -1;
    }
    json_t *gpus = json_object_get(meta, "gpus"), *pick = NULL;
    size_t i;
    json_t *e;
    long rank = -1;
    json_array_foreach(gpus, i, e) {
        json_t *r = json_object_get(e, "rank");
        long rr = json_is_integer(r) ? (long)json_integer_value(r) : (long)i;
        if (json_is_object(json_object_get(e, "device")) && (!pick || rr < rank)) {
            pick = e;
            rank = rr;
        }
    }
    json_t *d = json_object_get(pick, "device");
    json_t *name = json_object_get(d, "name"), *sms = json_object_get(d, "sm_count");
    json_t *l2 = json_object_get(d, "l2_bytes"), *idx = json_object_get(d, "index");
    if (!pick || !json_is_string(name) || !json_is_integer(sms) || json_integer_value(sms) <= 0 ||
        !json_is_integer(l2) || json_integer_value(l2) <= 0) {
        rfl_error("%s: its sidecar has no gpus[].device with name, sm_count and l2_bytes (the GPU's properties that "
                  "name its levels)", file);
        return -1;
    }
    struct rfl_gpu_device dv;
    memset(&dv, 0, sizeof dv);
    dv.known = 1;
    dv.rank = (int)rank;
    dv.index = json_is_integer(idx) ? (int)json_integer_value(idx) : 0;
    snprintf(dv.label, sizeof dv.label, "gpu%d", dv.index);
    snprintf(dv.name, sizeof dv.name, "%s", json_string_value(name));
    json_t *cc = json_object_get(d, "compute_capability");
    snprintf(dv.cc, sizeof dv.cc, "%s", json_is_string(cc) ? json_string_value(cc) : "");
    json_t *arch = json_object_get(json_object_get(meta, "cuda"), "arch");
    if (dv.cc[0]) {
        char digits[12];
        size_t k = 0;
        for (const char *p = dv.cc; *p && k + 1 < sizeof digits; p++)
            if (*p >= '0' && *p <= '9')
                digits[k++] = *p;
        digits[k] = '\0';
        snprintf(dv.arch, sizeof dv.arch, "sm_%s", digits);
    } else if (json_is_string(arch)) {
        snprintf(dv.arch, sizeof dv.arch, "%s", json_string_value(arch));
    }
    dv.sm_count = (unsigned)json_integer_value(sms);
    dv.l2_bytes = (uint64_t)json_integer_value(l2);
    dv.shared_bytes_per_sm = (uint64_t)json_num(d, "shared_bytes_per_sm");
    dv.global_mem_bytes = (uint64_t)json_num(d, "global_mem_bytes");
    dv.sm_clock_max_mhz = json_num(d, "sm_clock_max_khz") / 1000.0;
    dv.mem_theoretical_gbytes_per_s = json_num(d, "mem_theoretical_gbytes_per_s");
    json_t *ds = json_object_get(d, "datasheet");
    if (json_is_object(ds)) {
        json_t *part = json_object_get(ds, "part");
        snprintf(dv.part, sizeof dv.part, "%s", json_is_string(part) ? json_string_value(part) : "");
        dv.datasheet_gbytes_per_s = json_num(ds, "mem_gbytes_per_s");
    }
    json_t *rates = json_object_get(d, "sm_rates");
    dv.fma_per_clock[RFL_GPU_FP64] = json_num(rates, "fp64_fma_per_clock");
    dv.fma_per_clock[RFL_GPU_FP32] = json_num(rates, "fp32_fma_per_clock");
    dv.fma_per_clock[RFL_GPU_FP16] = json_num(rates, "fp16_fma_per_clock");
    dv.shared_bytes_per_clock = json_num(rates, "shared_bytes_per_clock");
    dv.l1_bytes_per_sm = (uint64_t)json_num(rates, "l1_bytes");
    if (!g->dev.known) {
        g->dev = dv;
        return 0;
    }
    if (strcmp(g->dev.name, dv.name) != 0 || g->dev.sm_count != dv.sm_count || g->dev.l2_bytes != dv.l2_bytes) {
        rfl_error("%s: its GPU (%s, %u SMs) differs from the other files' (%s, %u SMs): one run directory holds "
                  "one GPU's measurements", file, dv.name, dv.sm_count, g->dev.name, g->dev.sm_count);
        return -1;
    }
    if (g->dev.rank != dv.rank)
        rfl_model_note(m, "%s: measured by rank %d, the other GPU files by rank %d", file, dv.rank, g->dev.rank);
    return 0;
}

/* The rows a GPU ceiling may use: this GPU's (the chosen rank's), not the
 * aggregate rows of several GPUs. Counts the others for one note per file. */
struct row_filter {
    int c_scope, c_rank;
    long rank;
    size_t other;
};

static void filter_init(struct row_filter *f, const struct rfl_model *m, const struct rfl_table *t)
{
    f->c_scope = rfl_table_column(t, "scope");
    f->c_rank = rfl_table_column(t, "rank");
    f->rank = m->gpu ? m->gpu->dev.rank : 0;
    f->other = 0;
}

/* 1: use the row; 0: skip it; -1: a bad value. */
static int filter_row(struct row_filter *f, const struct rfl_table *t, size_t r)
{
    if (f->c_scope >= 0 && strcmp(rfl_table_cell(t, r, f->c_scope), "gpu") != 0) {
        f->other++;
        return 0;
    }
    long rank = 0;
    if (f->c_rank >= 0 && opt_int(t, r, f->c_rank, &rank) != 0)
        return -1;
    if (rank != f->rank) {
        f->other++;
        return 0;
    }
    return 1;
}

static void filter_note(struct rfl_model *m, const struct row_filter *f, const struct rfl_table *t, size_t input)
{
    if (f->other)
        rfl_model_note(m, "%s: %zu rows of other ranks' GPUs or of all GPUs together (scope aggregate) are not "
                          "used: the GPU roofline is rank %ld's GPU",
                       m->inputs[input].file, f->other, f->rank);
    (void)t;
}

/* verified must be 1; 0 skips the row with a note; -1 a bad value. */
static int verified_row(struct rfl_model *m, const struct rfl_table *t, size_t r, int col)
{
    long v;
    if (rfl_table_int(t, r, col, &v) != 0)
        return -1;
    if (v != 1) {
        rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------------------
 * rfl_gpu_bandwidth
 * ------------------------------------------------------------------------- */

static struct rfl_gpu_bw_curve *find_bw_curve(struct rfl_gpu_data *g, size_t input, const char *kernel,
                                              const char *access, const char *prec, long tpb, long blocks)
{
    for (size_t i = 0; i < g->ncurves; i++) {
        struct rfl_gpu_bw_curve *c = &g->curves[i];
        if (c->input == input && c->threads_per_block == tpb && c->blocks == blocks && !strcmp(c->kernel, kernel) &&
            !strcmp(c->access, access) && !strcmp(c->precision, prec))
            return c;
    }
    struct rfl_gpu_bw_curve *c = grow(&g->curves, &g->ncurves, sizeof *c);
    if (!c)
        return NULL;
    snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
    snprintf(c->access, sizeof c->access, "%s", access);
    snprintf(c->precision, sizeof c->precision, "%s", prec);
    c->threads_per_block = tpb;
    c->blocks = blocks;
    c->input = input;
    return c;
}

/* Which capacities cut a kernel's curve: Kernel C works in shared memory
 * (none); global_stream's loads, global_bulk's copies and cudaMemcpy skip
 * L1 (L2 only); the others go through L1 and L2. */
static void bw_curve_levels(const struct rfl_gpu_device *d, struct rfl_gpu_bw_curve *c)
{
    double l1 = (double)d->sm_count * (double)d->l1_bytes_per_sm, l2 = (double)d->l2_bytes;
    c->used = strcmp(c->kernel, "memcpy_d2d") != 0;
    if (!strcmp(c->kernel, "shared_blocked")) {
        c->ncap = 0;
        c->level_of[0] = RFL_GPU_SHARED;
    } else if (!strcmp(c->kernel, "global_stream") || !strcmp(c->kernel, "global_bulk") ||
               !strcmp(c->kernel, "memcpy_d2d") || !(l1 > 0) || l1 >= l2) {
        c->ncap = 1;
        c->capacity[0] = l2;
        c->level_of[0] = RFL_GPU_L2;
        c->level_of[1] = RFL_GPU_DEVMEM;
    } else {
        c->ncap = 2;
        c->capacity[0] = l1;
        c->capacity[1] = l2;
        c->level_of[0] = RFL_GPU_L1;
        c->level_of[1] = RFL_GPU_L2;
        c->level_of[2] = RFL_GPU_DEVMEM;
    }
}

int rfl_gpu_load_bandwidth(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_kernel = rfl_table_column(t, "kernel"), c_access = rfl_table_column(t, "access");
    int c_prec = rfl_table_column(t, "precision"), c_tpb = rfl_table_column(t, "threads_per_block");
    int c_blocks = rfl_table_column(t, "blocks_per_grid"), c_wss = rfl_table_column(t, "wss_bytes");
    int c_rate = rfl_table_column(t, "gbytes_per_s"), c_ver = rfl_table_column(t, "verified");
    int c_clock = rfl_table_column(t, "sm_clock_mhz");
    size_t first = g->ncurves;
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        char kernel[32], access[8];
        long tpb, blocks;
        uint64_t wss;
        double rate, clock = NAN;
        if (copy_text(kernel, sizeof kernel, t, r, c_kernel) || copy_text(access, sizeof access, t, r, c_access) ||
            opt_int(t, r, c_tpb, &tpb) || opt_int(t, r, c_blocks, &blocks) || rfl_table_u64(t, r, c_wss, &wss) ||
            rfl_table_double(t, r, c_rate, 0, &rate) || positive(t, r, c_rate, rate) ||
            (c_clock >= 0 && rfl_table_double(t, r, c_clock, 1, &clock)))
            return -1;
        const char *prec = rfl_table_cell(t, r, c_prec);
        if (strlen(prec) >= 8) {
            rfl_error("%s:%d: column 'precision': value too long '%s'", t->path, t->lineno[r], prec);
            return -1;
        }
        if (wss == 0) {
            rfl_error("%s:%d: column 'wss_bytes': must be positive, got '0'", t->path, t->lineno[r]);
            return -1;
        }
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_bw_curve *c = find_bw_curve(g, input, kernel, access, prec, tpb, blocks);
        if (!c || push_double(&c->x, c->n, (double)wss) || push_double(&c->y, c->n, rate) ||
            push_double(&c->clock_mhz, c->n, clock)) {
            rfl_error("%s: out of memory", t->path);
            return -1;
        }
        c->n++;
    }
    filter_note(m, &f, t, input);
    for (size_t i = first; i < g->ncurves; i++) {
        struct rfl_gpu_bw_curve *c = &g->curves[i];
        for (size_t a = 1; a < c->n; a++)
            for (size_t b = a; b > 0 && c->x[b - 1] > c->x[b]; b--) {
                double tx = c->x[b], ty = c->y[b], tc = c->clock_mhz[b];
                c->x[b] = c->x[b - 1], c->y[b] = c->y[b - 1], c->clock_mhz[b] = c->clock_mhz[b - 1];
                c->x[b - 1] = tx, c->y[b - 1] = ty, c->clock_mhz[b - 1] = tc;
            }
        bw_curve_levels(&g->dev, c);
        struct rfl_levels_input in = {c->n, c->x, c->y, c->ncap, c->capacity};
        if (rfl_levels_detect(&in, &c->levels) != 0) {
            rfl_error("%s: the %s %s %s curve cannot be analysed (%zu points)", t->path, c->kernel, c->access,
                      c->precision, c->n);
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * rfl_gpu_flops
 * ------------------------------------------------------------------------- */

int rfl_gpu_load_flops(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_prec = rfl_table_column(t, "precision"), c_fpe = rfl_table_column(t, "fpe");
    int c_chains = rfl_table_column(t, "chains_per_thread"), c_tpb = rfl_table_column(t, "threads_per_block");
    int c_blocks = rfl_table_column(t, "blocks_per_grid"), c_wss = rfl_table_column(t, "wss_bytes");
    int c_rate = rfl_table_column(t, "gflops_per_s"), c_ver = rfl_table_column(t, "verified");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_clock = rfl_table_column(t, "sm_clock_mhz");
    size_t first = g->nflops;
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        char prec[8];
        long chains, tpb, blocks;
        uint64_t wss;
        double fpe, rate, peak = NAN, clock = NAN;
        if (copy_text(prec, sizeof prec, t, r, c_prec) || rfl_table_double(t, r, c_fpe, 0, &fpe) ||
            positive(t, r, c_fpe, fpe) || rfl_table_int(t, r, c_chains, &chains) ||
            rfl_table_int(t, r, c_tpb, &tpb) || rfl_table_int(t, r, c_blocks, &blocks) ||
            rfl_table_u64(t, r, c_wss, &wss) || rfl_table_double(t, r, c_rate, 0, &rate) ||
            positive(t, r, c_rate, rate) || (c_peak >= 0 && rfl_table_double(t, r, c_peak, 1, &peak)) ||
            (c_clock >= 0 && rfl_table_double(t, r, c_clock, 1, &clock)))
            return -1;
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_flops_series *s = NULL;
        for (size_t i = first; i < g->nflops && !s; i++)
            if (!strcmp(g->flops[i].precision, prec) && g->flops[i].chains == chains)
                s = &g->flops[i];
        if (!s) {
            s = grow(&g->flops, &g->nflops, sizeof *s);
            if (!s) {
                rfl_error("out of memory");
                return -1;
            }
            snprintf(s->precision, sizeof s->precision, "%s", prec);
            s->chains = chains;
            s->input = input;
        }
        size_t k = 0;
        while (k < s->n && s->fpe[k] != fpe)
            k++;
        if (k == s->n) {
            uint64_t *w = realloc(s->wss, (s->n + 1) * sizeof *w);
            if (w)
                s->wss = w;
            long *a = realloc(s->tpb, (s->n + 1) * sizeof *a);
            if (a)
                s->tpb = a;
            long *b = realloc(s->blocks, (s->n + 1) * sizeof *b);
            if (b)
                s->blocks = b;
            if (!w || !a || !b || push_double(&s->fpe, s->n, fpe) || push_double(&s->gflops, s->n, 0) ||
                push_double(&s->peak, s->n, NAN) || push_double(&s->clock_mhz, s->n, NAN)) {
                rfl_error("out of memory");
                return -1;
            }
            s->n++;
        }
        /* The best launch shape at each flops per element. */
        if (rate > s->gflops[k]) {
            s->gflops[k] = rate;
            s->peak[k] = peak;
            s->clock_mhz[k] = clock;
            s->wss[k] = wss;
            s->tpb[k] = tpb;
            s->blocks[k] = blocks;
        }
    }
    filter_note(m, &f, t, input);
    for (size_t i = first; i < g->nflops; i++) {
        struct rfl_gpu_flops_series *s = &g->flops[i];
        for (size_t a = 1; a < s->n; a++)
            for (size_t b = a; b > 0 && s->fpe[b - 1] > s->fpe[b]; b--) {
#define SWAP(arr, T)                                                                                                   \
    do {                                                                                                               \
        T tmp = s->arr[b];                                                                                             \
        s->arr[b] = s->arr[b - 1];                                                                                     \
        s->arr[b - 1] = tmp;                                                                                           \
    } while (0)
                SWAP(fpe, double);
                SWAP(gflops, double);
                SWAP(peak, double);
                SWAP(clock_mhz, double);
                SWAP(wss, uint64_t);
                SWAP(tpb, long);
                SWAP(blocks, long);
#undef SWAP
            }
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * rfl_gpu_micro
 * ------------------------------------------------------------------------- */

static struct rfl_gpu_transfer *find_transfer(struct rfl_gpu_data *g, const char *dir, const char *mem)
{
    for (size_t i = 0; i < g->ntransfers; i++)
        if (!strcmp(g->transfers[i].direction, dir) && !strcmp(g->transfers[i].host_memory, mem))
            return &g->transfers[i];
    struct rfl_gpu_transfer *x = grow(&g->transfers, &g->ntransfers, sizeof *x);
    if (!x)
        return NULL;
    snprintf(x->direction, sizeof x->direction, "%s", dir);
    snprintf(x->host_memory, sizeof x->host_memory, "%s", mem);
    return x;
}

int rfl_gpu_load_transfer(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_dir = rfl_table_column(t, "direction"), c_mem = rfl_table_column(t, "host_memory");
    int c_bytes = rfl_table_column(t, "bytes"), c_time = rfl_table_column(t, "time_min_s");
    int c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        char dir[8], mem[16];
        uint64_t bytes;
        double time_s;
        if (copy_text(dir, sizeof dir, t, r, c_dir) || copy_text(mem, sizeof mem, t, r, c_mem) ||
            rfl_table_u64(t, r, c_bytes, &bytes) || rfl_table_double(t, r, c_time, 0, &time_s) ||
            positive(t, r, c_time, time_s))
            return -1;
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_transfer *x = find_transfer(m->gpu, dir, mem);
        if (!x || push_double(&x->bytes, x->n, (double)bytes) || push_double(&x->time_s, x->n, time_s)) {
            rfl_error("out of memory");
            return -1;
        }
        x->n++;
        x->input = input;
    }
    filter_note(m, &f, t, input);
    return 0;
}

int rfl_gpu_load_transfer_fit(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_dir = rfl_table_column(t, "direction"), c_mem = rfl_table_column(t, "host_memory");
    int c_points = rfl_table_column(t, "points"), c_min = rfl_table_column(t, "bytes_min");
    int c_max = rfl_table_column(t, "bytes_max"), c_lat = rfl_table_column(t, "latency_us");
    int c_bw = rfl_table_column(t, "bandwidth_gbytes_per_s"), c_rms = rfl_table_column(t, "rms_relative_error");
    int c_big = rfl_table_column(t, "largest_gbytes_per_s"), c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        char dir[8], mem[16];
        long points;
        uint64_t bmin, bmax;
        double lat, bw, rms, big;
        if (copy_text(dir, sizeof dir, t, r, c_dir) || copy_text(mem, sizeof mem, t, r, c_mem) ||
            rfl_table_int(t, r, c_points, &points) || rfl_table_u64(t, r, c_min, &bmin) ||
            rfl_table_u64(t, r, c_max, &bmax) || rfl_table_double(t, r, c_lat, 0, &lat) ||
            rfl_table_double(t, r, c_bw, 0, &bw) || positive(t, r, c_bw, bw) ||
            rfl_table_double(t, r, c_rms, 0, &rms) || rfl_table_double(t, r, c_big, 0, &big))
            return -1;
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_transfer *x = find_transfer(m->gpu, dir, mem);
        if (!x) {
            rfl_error("out of memory");
            return -1;
        }
        x->have_fit = 1;
        x->latency_us = lat;
        x->gbytes_per_s = bw;
        x->rms_error = rms;
        x->largest_gbytes_per_s = big;
        x->bytes_min = bmin;
        x->bytes_max = bmax;
        x->points = points;
        x->fit_input = input;
    }
    filter_note(m, &f, t, input);
    return 0;
}

int rfl_gpu_load_chase(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_mem = rfl_table_column(t, "memory"), c_bytes = rfl_table_column(t, "array_bytes");
    int c_stride = rfl_table_column(t, "stride_bytes"), c_cyc = rfl_table_column(t, "cycles_per_access");
    int c_ns = rfl_table_column(t, "ns_per_access"), c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        char mem[24];
        uint64_t bytes, stride;
        double cyc, ns;
        if (copy_text(mem, sizeof mem, t, r, c_mem) || rfl_table_u64(t, r, c_bytes, &bytes) ||
            rfl_table_u64(t, r, c_stride, &stride) || rfl_table_double(t, r, c_cyc, 0, &cyc) ||
            positive(t, r, c_cyc, cyc) || rfl_table_double(t, r, c_ns, 0, &ns) || positive(t, r, c_ns, ns))
            return -1;
        if (bytes == 0) {
            rfl_error("%s:%d: column 'array_bytes': must be positive, got '0'", t->path, t->lineno[r]);
            return -1;
        }
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_chase *c = NULL;
        for (size_t i = 0; i < g->nchase && !c; i++)
            if (!strcmp(g->chase[i].memory, mem) && g->chase[i].stride == stride)
                c = &g->chase[i];
        if (!c) {
            c = grow(&g->chase, &g->nchase, sizeof *c);
            if (!c) {
                rfl_error("out of memory");
                return -1;
            }
            snprintf(c->memory, sizeof c->memory, "%s", mem);
            c->stride = stride;
        }
        if (push_double(&c->bytes, c->n, (double)bytes) || push_double(&c->cycles, c->n, cyc) ||
            push_double(&c->ns, c->n, ns)) {
            rfl_error("out of memory");
            return -1;
        }
        c->n++;
    }
    filter_note(m, &f, t, input);
    for (size_t i = 0; i < g->nchase; i++) {
        struct rfl_gpu_chase *c = &g->chase[i];
        for (size_t a = 1; a < c->n; a++)
            for (size_t b = a; b > 0 && c->bytes[b - 1] > c->bytes[b]; b--) {
                double t0 = c->bytes[b], t1 = c->cycles[b], t2 = c->ns[b];
                c->bytes[b] = c->bytes[b - 1], c->cycles[b] = c->cycles[b - 1], c->ns[b] = c->ns[b - 1];
                c->bytes[b - 1] = t0, c->cycles[b - 1] = t1, c->ns[b - 1] = t2;
            }
    }
    return 0;
}

/* launch, barrier, pipeline, stride: a few numbers per row for the report. */
static int load_rows(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta,
                     struct rfl_gpu_row **rows, size_t *nrows, const char *what, const char *a, const char *b,
                     const char *value, const char *value2)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_what = rfl_table_column(t, what), c_a = rfl_table_column(t, a), c_b = rfl_table_column(t, b);
    int c_v = rfl_table_column(t, value), c_v2 = value2 ? rfl_table_column(t, value2) : -1;
    int c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        struct rfl_gpu_row row;
        memset(&row, 0, sizeof row);
        row.value2 = NAN;
        if (copy_text(row.what, sizeof row.what, t, r, c_what) || opt_int(t, r, c_a, &row.a) ||
            opt_int(t, r, c_b, &row.b) || rfl_table_double(t, r, c_v, 0, &row.value) ||
            (c_v2 >= 0 && rfl_table_double(t, r, c_v2, 1, &row.value2)))
            return -1;
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_row *slot = grow(rows, nrows, sizeof *slot);
        if (!slot) {
            rfl_error("out of memory");
            return -1;
        }
        *slot = row;
    }
    filter_note(m, &f, t, input);
    return 0;
}

int rfl_gpu_load_launch(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    return g ? load_rows(m, input, t, meta, &g->launch, &g->nlaunch, "method", "blocks", "threads_per_block",
                         "time_per_launch_min_us", "time_per_launch_median_us")
             : -1;
}

int rfl_gpu_load_barrier(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    return g ? load_rows(m, input, t, meta, &g->barrier, &g->nbarrier, "method", "blocks", "blocks_per_sm",
                         "time_per_barrier_min_us", "time_per_barrier_median_us")
             : -1;
}

int rfl_gpu_load_pipeline(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    return g ? load_rows(m, input, t, meta, &g->pipeline, &g->npipeline, "precision", "threads_per_block",
                         "chains_per_thread", "cycles_per_fma", "fraction_of_sm_peak")
             : -1;
}

int rfl_gpu_load_stride(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    return g ? load_rows(m, input, t, meta, &g->stride, &g->nstride, "pattern", "word_bytes", "stride_words",
                         "gbytes_per_s", "fraction_of_datasheet")
             : -1;
}

/* ---------------------------------------------------------------------------
 * rfl_unified_memory
 * ------------------------------------------------------------------------- */

int rfl_gpu_load_um(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct row_filter f;
    filter_init(&f, m, t);
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(meta, "reference"), i, e) {
        json_t *r = json_object_get(e, "rank");
        if ((!json_is_integer(r) || json_integer_value(r) == f.rank) && json_num(e, "device_pass_gbytes_per_s") > 0)
            g->um_device_pass = json_num(e, "device_pass_gbytes_per_s");
    }
    g->um_input = input;
    g->have_um_input = 1;
    int c_mech = rfl_table_column(t, "mechanism"), c_panel = rfl_table_column(t, "fig7_panel");
    int c_wss = rfl_table_column(t, "wss_bytes"), c_reuse = rfl_table_column(t, "reuse");
    int c_rate = rfl_table_column(t, "gbytes_per_s"), c_frac = rfl_table_column(t, "fraction_of_device");
    int c_status = rfl_table_column(t, "status"), c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        struct rfl_gpu_um p;
        memset(&p, 0, sizeof p);
        double verified = NAN;
        if (copy_text(p.mechanism, sizeof p.mechanism, t, r, c_mech) ||
            copy_text(p.panel, sizeof p.panel, t, r, c_panel) || rfl_table_u64(t, r, c_wss, &p.wss) ||
            rfl_table_int(t, r, c_reuse, &p.reuse) || rfl_table_double(t, r, c_rate, 1, &p.gbytes_per_s) ||
            rfl_table_double(t, r, c_frac, 1, &p.fraction) || copy_text(p.status, sizeof p.status, t, r, c_status) ||
            rfl_table_double(t, r, c_ver, 1, &verified))
            return -1;
        if (p.wss == 0 || p.reuse < 1) {
            rfl_error("%s:%d: wss_bytes and reuse must be positive", t->path, t->lineno[r]);
            return -1;
        }
        int measured = !strcmp(p.status, "ok") || !strcmp(p.status, "timeout");
        if (measured && !(p.gbytes_per_s > 0)) {
            rfl_error("%s:%d: column 'gbytes_per_s': a measured point (status %s) needs a positive rate", t->path,
                      t->lineno[r], p.status);
            return -1;
        }
        if (measured && verified != 1) {
            rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
            continue;
        }
        if (!measured)
            p.gbytes_per_s = p.fraction = NAN;
        else if (isnan(p.fraction) && g->um_device_pass > 0)
            p.fraction = p.gbytes_per_s / g->um_device_pass;
        struct rfl_gpu_um *slot = grow(&g->um, &g->num, sizeof *slot);
        if (!slot) {
            rfl_error("out of memory");
            return -1;
        }
        *slot = p;
    }
    filter_note(m, &f, t, input);
    return 0;
}

/* ---------------------------------------------------------------------------
 * rfl_gemm
 * ------------------------------------------------------------------------- */

int rfl_gpu_load_gemm(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct row_filter f;
    filter_init(&f, m, t);
    int c_kernel = rfl_table_column(t, "kernel"), c_config = rfl_table_column(t, "config");
    int c_prec = rfl_table_column(t, "precision"), c_unit = rfl_table_column(t, "unit");
    int c_tb = rfl_table_column(t, "transb"), c_m = rfl_table_column(t, "m"), c_n = rfl_table_column(t, "n");
    int c_k = rfl_table_column(t, "k"), c_rate = rfl_table_column(t, "gflops_per_s");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_bound = rfl_table_column(t, "model_bound_gflops_per_s");
    int c_clock = rfl_table_column(t, "sm_clock_mhz"), c_ver = rfl_table_column(t, "verified");
    for (size_t r = 0; r < t->nrows; r++) {
        int use = filter_row(&f, t, r);
        if (use < 0)
            return -1;
        if (!use)
            continue;
        struct rfl_gpu_gemm row;
        memset(&row, 0, sizeof row);
        if (copy_text(row.kernel, sizeof row.kernel, t, r, c_kernel) ||
            copy_text(row.config, sizeof row.config, t, r, c_config) ||
            copy_text(row.precision, sizeof row.precision, t, r, c_prec) ||
            copy_text(row.unit, sizeof row.unit, t, r, c_unit) ||
            copy_text(row.transb, sizeof row.transb, t, r, c_tb) || rfl_table_int(t, r, c_m, &row.m) ||
            rfl_table_int(t, r, c_n, &row.n) || rfl_table_int(t, r, c_k, &row.k) ||
            rfl_table_double(t, r, c_rate, 0, &row.gflops) || positive(t, r, c_rate, row.gflops) ||
            rfl_table_double(t, r, c_peak, 1, &row.peak) || rfl_table_double(t, r, c_bound, 1, &row.bound) ||
            rfl_table_double(t, r, c_clock, 1, &row.clock_mhz))
            return -1;
        if (row.m < 1 || row.n < 1 || row.k < 1) {
            rfl_error("%s:%d: m, n and k must be positive", t->path, t->lineno[r]);
            return -1;
        }
        int ok = verified_row(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        row.input = input;
        struct rfl_gpu_gemm *slot = grow(&g->gemm, &g->ngemm, sizeof *slot);
        if (!slot) {
            rfl_error("out of memory");
            return -1;
        }
        *slot = row;
    }
    filter_note(m, &f, t, input);
    return 0;
}

/* The mix microbenchmark feeds rfl_gemm's own model; here it is only read
 * (so a malformed file is caught) and counted. */
int rfl_gpu_load_gemm_mix(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    int c_kind = rfl_table_column(t, "kind"), c_time = rfl_table_column(t, "time_s");
    for (size_t r = 0; r < t->nrows; r++) {
        const char *kind;
        double time_s;
        if (rfl_table_text(t, r, c_kind, &kind) || rfl_table_double(t, r, c_time, 0, &time_s))
            return -1;
    }
    m->gpu->nmix += t->nrows;
    return 0;
}

int rfl_gpu_load_gemm_model(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (device_from_meta(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    int c[14];
    static const char *const names[14] = {"kernel",           "config",           "precision",
                                          "transb",           "m",                "n",
                                          "k",                "fma_instructions", "lds_instructions",
                                          "other_instructions", "p_sm_gflops_per_s", "p_mem_gflops_per_s",
                                          "p_potential_gflops_per_s", "achieved_gflops_per_s"};
    for (int i = 0; i < 14; i++)
        c[i] = rfl_table_column(t, names[i]);
    int c_fi = rfl_table_column(t, "f_i"), c_cub = rfl_table_column(t, "cublas_gflops_per_s");
    int c_op = rfl_table_column(t, "fma_op");
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_gpu_gemm_model row;
        memset(&row, 0, sizeof row);
        double fma = NAN, lds = NAN, other = NAN;
        snprintf(row.fma_op, sizeof row.fma_op, "%.15s", rfl_table_cell(t, r, c_op));
        if (copy_text(row.kernel, sizeof row.kernel, t, r, c[0]) ||
            copy_text(row.config, sizeof row.config, t, r, c[1]) ||
            copy_text(row.precision, sizeof row.precision, t, r, c[2]) ||
            copy_text(row.transb, sizeof row.transb, t, r, c[3]) || rfl_table_int(t, r, c[4], &row.m) ||
            rfl_table_int(t, r, c[5], &row.n) || rfl_table_int(t, r, c[6], &row.k) ||
            rfl_table_double(t, r, c[7], 1, &fma) || rfl_table_double(t, r, c[8], 1, &lds) ||
            rfl_table_double(t, r, c[9], 1, &other) || rfl_table_double(t, r, c[10], 1, &row.p_sm) ||
            rfl_table_double(t, r, c[11], 1, &row.p_mem) || rfl_table_double(t, r, c[12], 1, &row.p_potential) ||
            rfl_table_double(t, r, c[13], 1, &row.achieved) || rfl_table_double(t, r, c_fi, 1, &row.f_i) ||
            rfl_table_double(t, r, c_cub, 1, &row.cublas))
            return -1;
        row.fma = isnan(fma) ? -1 : (long)fma;
        row.lds = isnan(lds) ? -1 : (long)lds;
        row.other = isnan(other) ? -1 : (long)other;
        struct rfl_gpu_gemm_model *slot = grow(&g->model, &g->nmodel, sizeof *slot);
        if (!slot) {
            rfl_error("out of memory");
            return -1;
        }
        *slot = row;
    }
    return 0;
}

static int elem_bytes(const char *prec, int output)
{
    if (!strcmp(prec, "fp64"))
        return 8;
    if (!strcmp(prec, "fp32") || !strcmp(prec, "tf32") || output)
        return 4;
    return 2; /* bf16, fp16 inputs */
}

double rfl_gpu_gemm_bytes(const struct rfl_gpu_gemm *r)
{
    double in = elem_bytes(r->precision, 0), out = elem_bytes(r->precision, 1);
    return ((double)r->m * r->k + (double)r->k * r->n) * in + 2.0 * r->m * r->n * out;
}

void rfl_gpu_gemm_roof_name(const struct rfl_gpu_gemm *r, char *buf, size_t len)
{
    size_t ul = strlen(r->unit);
    if (ul > 7 && !strcmp(r->unit + ul - 7, "_tensor")) {
        /* FP16 and BF16 share a unit, but each has its own roof. */
        if (!strcmp(r->unit, "fp16_tensor"))
            snprintf(buf, len, "%s tensor", r->precision);
        else
            snprintf(buf, len, "%.*s tensor", (int)(ul - 7), r->unit);
    } else {
        snprintf(buf, len, "%s", r->unit);
    }
}

/* ---------------------------------------------------------------------------
 * Ceilings
 * ------------------------------------------------------------------------- */

static const struct rfl_ceiling *gpu_ceiling(const struct rfl_model *m, const char *name)
{
    if (!m->gpu)
        return NULL;
    for (size_t i = 0; i < m->nceilings; i++)
        if (!strcmp(m->ceilings[i].device, m->gpu->dev.label) && !strcmp(m->ceilings[i].name, name))
            return &m->ceilings[i];
    return NULL;
}

double rfl_gpu_gemm_attainable(const struct rfl_model *m, const struct rfl_gpu_gemm *r)
{
    char roof_name[32];
    rfl_gpu_gemm_roof_name(r, roof_name, sizeof roof_name);
    const struct rfl_ceiling *roof = gpu_ceiling(m, roof_name);
    const struct rfl_ceiling *mem = gpu_ceiling(m, rfl_gpu_level_names[RFL_GPU_DEVMEM]);
    double top = roof ? roof->value : r->peak > 0 ? r->peak : INFINITY;
    double bw = mem ? mem->value * 2.0 * r->m * r->n * r->k / rfl_gpu_gemm_bytes(r) : INFINITY;
    double a = fmin(top, bw);
    return isfinite(a) ? a : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static struct rfl_ceiling *new_gpu_ceiling(struct rfl_model *m, enum rfl_ceiling_kind kind, const char *name)
{
    struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
    if (!ce)
        return NULL;
    snprintf(ce->device, sizeof ce->device, "%s", m->gpu->dev.label);
    ce->kind = kind;
    snprintf(ce->name, sizeof ce->name, "%s", name);
    snprintf(ce->isa, sizeof ce->isa, "%s", m->gpu->dev.arch);
    ce->ranks = 1;
    return ce;
}

static void clock_text(char *buf, size_t len, double mhz, int measured)
{
    snprintf(buf, len, "%.2f GHz%s", mhz / 1000.0, measured ? " measured" : " max");
}

static int bandwidth_levels(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    size_t first_ceiling = m->nceilings;
    for (int L = 0; L < RFL_GPU_NLEVELS; L++) {
        const struct rfl_gpu_bw_curve *win = NULL;
        size_t wbest = 0, wfirst = 0, wlast = 0, wcount = 0, with_points = 0, ntrans = 0;
        unsigned wlocal = 0;
        double *trans = calloc(g->ncurves + 1, sizeof *trans);
        if (!trans)
            return -1;
        for (size_t i = 0; i < g->ncurves; i++) {
            const struct rfl_gpu_bw_curve *c = &g->curves[i];
            if (!c->used)
                continue;
            for (unsigned l = 0; l <= c->ncap; l++) {
                if (c->level_of[l] != L)
                    continue;
                with_points += c->levels.points[l] > 0;
                struct rfl_levels_input in = {c->n, c->x, c->y, c->ncap, c->capacity};
                size_t best = 0, first = 0, last = 0;
                size_t count = rfl_levels_value(&in, &c->levels, l, &best, &first, &last);
                if (!count)
                    continue;
                if (!win || c->y[best] > win->y[wbest]) {
                    win = c;
                    wbest = best;
                    wfirst = first;
                    wlast = last;
                    wcount = count;
                    wlocal = l;
                }
                double tr = rfl_levels_transition(&in, &c->levels, l);
                if (tr > 0)
                    trans[ntrans++] = tr;
            }
        }
        const char *name = rfl_gpu_level_names[L];
        int have_kernel = 0;
        for (size_t i = 0; i < g->ncurves; i++)
            for (unsigned l = 0; l <= g->curves[i].ncap; l++)
                have_kernel |= g->curves[i].used && g->curves[i].level_of[l] == L;
        if (!win && g->ncurves && !have_kernel && L == RFL_GPU_SHARED) {
            rfl_model_note(m, "%s shared: no Kernel C (shared_blocked) rows, so no shared-memory ceiling", d->label);
            free(trans);
            continue;
        }
        if (!win) {
            if (g->ncurves && with_points)
                rfl_model_note(m, "%s %s: no plateau in any bandwidth curve (its working sets fall in transitions), "
                                  "so no %s ceiling", d->label, name, name);
            else if (g->ncurves)
                rfl_model_note(m, "%s %s: the bandwidth sweep has no working set in this level", d->label, name);
            free(trans);
            continue;
        }
        struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_BANDWIDTH, name);
        if (!ce) {
            free(trans);
            return -1;
        }
        ce->value = win->y[wbest];
        snprintf(ce->program, sizeof ce->program, "rfl_gpu_bandwidth");
        if (win->threads_per_block)
            snprintf(ce->kernel, sizeof ce->kernel, "%s %s %ldx%ld", win->kernel, win->access, win->blocks,
                     win->threads_per_block);
        else
            snprintf(ce->kernel, sizeof ce->kernel, "%s %s", win->kernel, win->access);
        snprintf(ce->precision, sizeof ce->precision, "%s", win->precision);
        ce->threads_per_rank = win->threads_per_block * win->blocks;
        ce->wss_min_bytes = (uint64_t)win->x[wfirst];
        ce->wss_max_bytes = (uint64_t)win->x[wlast];
        ce->topology_bytes = L == RFL_GPU_SHARED ? (uint64_t)d->sm_count * d->shared_bytes_per_sm
                             : L == RFL_GPU_L1   ? (uint64_t)d->sm_count * d->l1_bytes_per_sm
                             : L == RFL_GPU_L2   ? d->l2_bytes
                                                 : d->global_mem_bytes;
        if (ntrans) {
            qsort(trans, ntrans, sizeof *trans, cmp_double);
            ce->transition_bytes =
                (uint64_t)llround(ntrans % 2 ? trans[ntrans / 2] : sqrt(trans[ntrans / 2 - 1] * trans[ntrans / 2]));
        }
        free(trans);
        ce->points = wcount;
        ce->curve = (long)(win - g->curves);
        ce->segment = win->levels.owner[wlocal];
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[win->input].file);
        /* Spec: the datasheet's memory bandwidth; shared memory and L1 (one
         * SRAM) at their bytes per clock per SM at the row's clock. */
        if (L == RFL_GPU_DEVMEM && d->datasheet_gbytes_per_s > 0) {
            ce->spec = d->datasheet_gbytes_per_s;
            snprintf(ce->spec_source, sizeof ce->spec_source, "datasheet %.100s", d->part[0] ? d->part : d->name);
        } else if (L == RFL_GPU_DEVMEM && d->mem_theoretical_gbytes_per_s > 0) {
            ce->spec = d->mem_theoretical_gbytes_per_s;
            snprintf(ce->spec_source, sizeof ce->spec_source, "2 x memory clock x bus width");
        } else if ((L == RFL_GPU_SHARED || L == RFL_GPU_L1) && d->shared_bytes_per_clock > 0) {
            double mhz = win->clock_mhz[wbest];
            int measured = mhz > 0;
            if (!measured)
                mhz = d->sm_clock_max_mhz;
            if (mhz > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, mhz, measured);
                ce->spec = d->sm_count * d->shared_bytes_per_clock * mhz / 1000.0;
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x %g B/clk", d->sm_count, clk,
                         d->shared_bytes_per_clock);
            }
        }
    }
    /* Levels whose ceiling is one plateau of one curve. */
    for (size_t i = first_ceiling; i < m->nceilings; i++) {
        struct rfl_ceiling *a = &m->ceilings[i];
        size_t used = 0;
        for (size_t j = first_ceiling; j < m->nceilings; j++) {
            const struct rfl_ceiling *b = &m->ceilings[j];
            if (j != i && b->curve == a->curve && b->segment == a->segment)
                used += (size_t)snprintf(a->shared_with + used, sizeof a->shared_with - used, "%s%s",
                                         used ? " " : "", b->name);
        }
    }
    if (g->ncurves)
        for (size_t i = 0; i < g->ncurves; i++)
            if (!g->curves[i].used) {
                rfl_model_note(m, "%s: %s is drawn for comparison; the ceilings come from rfl's own kernels",
                               m->inputs[g->curves[i].input].file, g->curves[i].kernel);
                break;
            }
    return 0;
}

static int host_link(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    static const char *const dirs[] = {"h2d", "d2h"};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < g->ntransfers; i++) {
            const struct rfl_gpu_transfer *x = &g->transfers[i];
            if (!x->have_fit || strcmp(x->direction, dirs[k]) || strcmp(x->host_memory, "pinned"))
                continue;
            char name[32];
            snprintf(name, sizeof name, "host link %s", dirs[k]);
            struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_BANDWIDTH, name);
            if (!ce)
                return -1;
            ce->isa[0] = '\0';
            ce->value = x->gbytes_per_s;
            snprintf(ce->program, sizeof ce->program, "rfl_gpu_micro");
            snprintf(ce->kernel, sizeof ce->kernel, "cudaMemcpy pinned, fit");
            ce->threads_per_rank = 1;
            ce->wss_min_bytes = x->bytes_min;
            ce->wss_max_bytes = x->bytes_max;
            ce->points = (size_t)(x->points > 0 ? x->points : 0);
            snprintf(ce->file, sizeof ce->file, "%s", m->inputs[x->fit_input].file);
        }
    return 0;
}

static int compute_roofs(struct rfl_model *m)
{
    struct rfl_gpu_data *g = m->gpu;
    const struct rfl_gpu_device *d = &g->dev;
    for (int p = 0; p < RFL_GPU_NPREC; p++) {
        const struct rfl_gpu_flops_series *best = NULL;
        size_t bk = 0;
        for (size_t i = 0; i < g->nflops; i++) {
            const struct rfl_gpu_flops_series *s = &g->flops[i];
            if (strcmp(s->precision, prec_names[p]))
                continue;
            for (size_t k = 0; k < s->n; k++)
                if (!best || s->gflops[k] > best->gflops[bk]) {
                    best = s;
                    bk = k;
                }
        }
        if (!best)
            continue;
        struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_COMPUTE, prec_names[p]);
        if (!ce)
            return -1;
        ce->value = best->gflops[bk];
        snprintf(ce->program, sizeof ce->program, "rfl_gpu_flops");
        snprintf(ce->kernel, sizeof ce->kernel, "fma chains %ld %ldx%ld", best->chains, best->blocks[bk],
                 best->tpb[bk]);
        snprintf(ce->precision, sizeof ce->precision, "%s", best->precision);
        ce->threads_per_rank = best->tpb[bk] * best->blocks[bk];
        ce->wss_min_bytes = ce->wss_max_bytes = best->wss[bk];
        ce->flops_per_elem = best->fpe[bk];
        ce->points = 1;
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[best->input].file);
        if (best->peak[bk] > 0) {
            ce->spec = best->peak[bk];
            double mhz = best->clock_mhz[bk];
            if (mhz > 0 && d->fma_per_clock[p] > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, mhz, 1);
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x 2 x %g FMA/clk", d->sm_count, clk,
                         d->fma_per_clock[p]);
            } else {
                snprintf(ce->spec_source, sizeof ce->spec_source, "rfl_gpu_flops: SMs x clock x FMA/clk");
            }
        }
    }
    /* Tensor roofs: the best cuBLAS or dmma GEMM of each tensor unit and input type. */
    static const char *const tensor[] = {"fp64 tensor", "tf32 tensor", "bf16 tensor", "fp16 tensor"};
    for (int t = 0; t < 4; t++) {
        const struct rfl_gpu_gemm *best = NULL;
        for (size_t i = 0; i < g->ngemm; i++) {
            char name[32];
            rfl_gpu_gemm_roof_name(&g->gemm[i], name, sizeof name);
            if (!strcmp(name, tensor[t]) && (!best || g->gemm[i].gflops > best->gflops))
                best = &g->gemm[i];
        }
        if (!best)
            continue;
        struct rfl_ceiling *ce = new_gpu_ceiling(m, RFL_CEILING_COMPUTE, tensor[t]);
        if (!ce)
            return -1;
        ce->value = best->gflops;
        snprintf(ce->program, sizeof ce->program, "rfl_gemm");
        snprintf(ce->kernel, sizeof ce->kernel, "%s n%s %ldx%ldx%ld", best->kernel, best->transb, best->m, best->n,
                 best->k);
        snprintf(ce->precision, sizeof ce->precision, "%s", best->precision);
        ce->threads_per_rank = 0;
        ce->wss_min_bytes = ce->wss_max_bytes = (uint64_t)rfl_gpu_gemm_bytes(best);
        ce->points = 1;
        snprintf(ce->file, sizeof ce->file, "%s", m->inputs[best->input].file);
        if (best->peak > 0) {
            ce->spec = best->peak;
            if (best->clock_mhz > 0) {
                char clk[48];
                clock_text(clk, sizeof clk, best->clock_mhz, 1);
                snprintf(ce->spec_source, sizeof ce->spec_source, "%u SMs x %s x %.0f flops/clk (%s)", d->sm_count,
                         clk, best->peak * 1000.0 / (d->sm_count * best->clock_mhz), best->unit);
            } else {
                snprintf(ce->spec_source, sizeof ce->spec_source, "rfl_gemm: SMs x clock x flops/clk (%s)",
                         best->unit);
            }
        }
    }
    return 0;
}

int rfl_gpu_ceilings(struct rfl_model *m, const struct rfl_settings *s)
{
    (void)s;
    if (!m->gpu || !m->gpu->dev.known)
        return 0;
    if (bandwidth_levels(m) != 0 || host_link(m) != 0 || compute_roofs(m) != 0)
        return -1;
    return 0;
}

/* ---------------------------------------------------------------------------
 * roofline.json
 * ------------------------------------------------------------------------- */

static json_t *real_or_null(double v) { return isfinite(v) ? json_real(v) : json_null(); }

json_t *rfl_gpu_json(const struct rfl_model *m)
{
    const struct rfl_gpu_data *g = m->gpu;
    if (!g || !g->dev.known)
        return json_null();
    const struct rfl_gpu_device *d = &g->dev;
    json_t *o = json_pack("{s:s, s:i, s:i, s:s, s:s, s:s, s:i, s:I, s:I, s:I, s:I, s:o, s:o}", "device", d->label,
                          "index", d->index, "rank", d->rank, "name", d->name, "compute_capability", d->cc, "arch",
                          d->arch, "sm_count", (int)d->sm_count, "shared_bytes_per_sm",
                          (json_int_t)d->shared_bytes_per_sm, "l1_bytes_per_sm", (json_int_t)d->l1_bytes_per_sm,
                          "l2_bytes", (json_int_t)d->l2_bytes, "global_mem_bytes", (json_int_t)d->global_mem_bytes,
                          "sm_clock_max_mhz", real_or_null(d->sm_clock_max_mhz > 0 ? d->sm_clock_max_mhz : NAN),
                          "datasheet_gbytes_per_s",
                          real_or_null(d->datasheet_gbytes_per_s > 0 ? d->datasheet_gbytes_per_s : NAN));
    json_t *levels = json_array();
    for (int L = 0; L < RFL_GPU_NLEVELS; L++) {
        const struct rfl_ceiling *ce = gpu_ceiling(m, rfl_gpu_level_names[L]);
        uint64_t size = L == RFL_GPU_SHARED ? (uint64_t)d->sm_count * d->shared_bytes_per_sm
                        : L == RFL_GPU_L1   ? (uint64_t)d->sm_count * d->l1_bytes_per_sm
                        : L == RFL_GPU_L2   ? d->l2_bytes
                                            : d->global_mem_bytes;
        json_array_append_new(
            levels, json_pack("{s:s, s:o, s:o, s:o}", "name", rfl_gpu_level_names[L], "size_bytes",
                              size ? json_integer((json_int_t)size) : json_null(), "detected_transition_bytes",
                              ce && ce->transition_bytes ? json_integer((json_int_t)ce->transition_bytes) : json_null(),
                              "ceiling_gbytes_per_s", ce ? json_real(ce->value) : json_null()));
    }
    json_object_set_new(o, "levels", levels);
    json_t *curves = json_array();
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_gpu_bw_curve *c = &g->curves[i];
        json_t *segs = json_array();
        for (size_t s = 0; s < c->levels.nseg; s++) {
            const struct rfl_segment *sg = &c->levels.seg[s];
            json_t *names = json_array();
            for (unsigned l = 0; l <= c->ncap; l++)
                if (sg->levels >> l & 1)
                    json_array_append_new(names, json_string(rfl_gpu_level_names[c->level_of[l]]));
            json_array_append_new(segs, json_pack("{s:I, s:I, s:I, s:f, s:f, s:b, s:o}", "wss_min_bytes",
                                                  (json_int_t)c->x[sg->first], "wss_max_bytes",
                                                  (json_int_t)c->x[sg->last], "points",
                                                  (json_int_t)(sg->last - sg->first + 1), "median_gbytes_per_s",
                                                  sg->median, "best_gbytes_per_s", sg->best, "plateau", sg->plateau,
                                                  "levels", names));
        }
        json_array_append_new(curves, json_pack("{s:s, s:s, s:s, s:I, s:I, s:s, s:b, s:I, s:f, s:o}", "kernel",
                                                c->kernel, "access", c->access, "precision", c->precision,
                                                "threads_per_block", (json_int_t)c->threads_per_block,
                                                "blocks_per_grid", (json_int_t)c->blocks, "file",
                                                m->inputs[c->input].file, "used_for_ceilings", c->used, "points",
                                                (json_int_t)c->n, "noise", c->levels.noise, "segments", segs));
    }
    json_object_set_new(o, "bandwidth_curves", curves);
    json_t *links = json_array();
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        if (x->have_fit)
            json_array_append_new(links, json_pack("{s:s, s:s, s:f, s:f, s:f}", "direction", x->direction,
                                                   "host_memory", x->host_memory, "latency_us", x->latency_us,
                                                   "bandwidth_gbytes_per_s", x->gbytes_per_s, "rms_relative_error",
                                                   x->rms_error));
    }
    json_object_set_new(o, "transfer_fits", links);
    json_t *gemm = json_array();
    for (size_t i = 0; i < g->ngemm; i++) {
        const struct rfl_gpu_gemm *r = &g->gemm[i];
        double bytes = rfl_gpu_gemm_bytes(r), ai = 2.0 * r->m * r->n * r->k / bytes;
        double att = rfl_gpu_gemm_attainable(m, r);
        json_array_append_new(gemm, json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:o, s:o}", "kernel",
                                              r->kernel, "precision", r->precision, "unit", r->unit, "transb",
                                              r->transb, "m", (json_int_t)r->m, "n", (json_int_t)r->n, "k",
                                              (json_int_t)r->k, "arithmetic_intensity", ai, "gflops_per_s", r->gflops,
                                              "attainable_gflops_per_s", att > 0 ? json_real(att) : json_null(),
                                              "model_bound_gflops_per_s", real_or_null(r->bound)));
    }
    json_object_set_new(o, "gemm", gemm);
    /* Per mechanism and working set: the smallest reuse whose effective
     * bandwidth reaches half of the device pass (null: never). */
    json_t *half = json_array();
    for (size_t i = 0; i < g->num; i++) {
        const struct rfl_gpu_um *p = &g->um[i];
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= !strcmp(g->um[j].mechanism, p->mechanism) && g->um[j].wss == p->wss;
        if (seen)
            continue;
        long reuse = 0;
        int measured = 0;
        for (size_t j = i; j < g->num; j++) {
            const struct rfl_gpu_um *q = &g->um[j];
            if (strcmp(q->mechanism, p->mechanism) || q->wss != p->wss || isnan(q->gbytes_per_s))
                continue;
            measured = 1;
            if (q->fraction >= 0.5 && (!reuse || q->reuse < reuse))
                reuse = q->reuse;
        }
        if (measured)
            json_array_append_new(half, json_pack("{s:s, s:I, s:o}", "mechanism", p->mechanism, "wss_bytes",
                                                  (json_int_t)p->wss, "reuse",
                                                  reuse ? json_integer(reuse) : json_null()));
    }
    json_object_set_new(o, "reuse_to_half_device", half);
    json_object_set_new(o, "um_device_pass_gbytes_per_s", g->um_device_pass > 0 ? json_real(g->um_device_pass)
                                                                                 : json_null());
    return o;
}
