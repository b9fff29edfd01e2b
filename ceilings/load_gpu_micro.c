/* rfl_gpu_micro's CSV files: host-device transfers and their fit, pointer
 * chase, and the launch, barrier, pipeline and stride tables. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "timed.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static struct rfl_gpu_transfer *find_transfer(struct rfl_gpu_data *g, const char *dir, const char *mem)
{
    for (size_t i = 0; i < g->ntransfers; i++)
        if (!strcmp(g->transfers[i].direction, dir) && !strcmp(g->transfers[i].host_memory, mem))
            return &g->transfers[i];
    struct rfl_gpu_transfer *x = rfl_load_grow(&g->transfers, &g->ntransfers, sizeof *x);
    if (!x)
        return NULL;
    snprintf(x->direction, sizeof x->direction, "%s", dir);
    snprintf(x->host_memory, sizeof x->host_memory, "%s", mem);
    return x;
}

/* The cells that name a transfer's series, the first of every row of both files. */
struct transfer_cells {
    char dir[8], mem[16];
};
static const struct rfl_load_cell transfer_cells[] = {RFL_LOAD_CELL(struct transfer_cells, dir, TEXT, 0, "direction"),
                                                      RFL_LOAD_CELL(struct transfer_cells, mem, TEXT, 0, "host_memory")};

int rfl_gpu_load_transfer(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, transfer_cells, 2, 0) != 0)
        return -1;
    const struct rfl_timed_columns cols = rfl_timed_columns_of(t, "time_min_s", NULL, "time_median_s");
    struct transfer_cells v;
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        struct rfl_timed_row pt;
        const int ok = rfl_timed_row(m, t, rows.r, &cols, &pt);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_transfer *x = find_transfer(m->gpu, v.dir, v.mem);
        if (!x) {
            rfl_error("out of memory");
            return -1;
        }
        if (rfl_timed_add(&x->pts, t, rows.r, &pt, v.dir))
            return -1;
        x->input = input;
    }
    return more;
}

void rfl_gpu_transfer_judge(struct rfl_gpu_transfer *x, const char *check, double ceiling, const char *from)
{
    const int fitted = x->gbytes_per_s > 0;
    const int within = fitted && x->largest_gbytes_per_s > 0 &&
                       fabs(x->gbytes_per_s / x->largest_gbytes_per_s - 1) <= RFL_GPU_FIT_TOLERANCE;
    x->check_recorded = check && *check;
    snprintf(x->check, sizeof x->check, "%s", x->check_recorded ? check : !fitted ? "no_fit" : within ? "pass" : "fail");
    /* A verdict of pass whose numbers say otherwise is no pass either. */
    if (within && !strcmp(x->check, "pass")) {
        x->from = RFL_GPU_LINK_FIT;
        x->link_gbytes_per_s = x->gbytes_per_s;
    } else if (x->check_recorded && strcmp(x->check, "pass") != 0) {
        const int copies = from && !strcmp(from, "largest_copies") && ceiling > 0;
        x->from = copies ? RFL_GPU_LINK_COPIES : RFL_GPU_LINK_NONE;
        x->link_gbytes_per_s = copies ? ceiling : NAN;
    } else { /* a file from before the check: its largest copy is the direct measurement */
        const int copies = x->largest_gbytes_per_s > 0;
        x->from = copies ? RFL_GPU_LINK_COPIES : RFL_GPU_LINK_NONE;
        x->link_gbytes_per_s = copies ? x->largest_gbytes_per_s : NAN;
    }
}

/* The columns of a fit row: those of every file, then the verdict's
 * (optional: files from before the check lack them). */
enum { F_DIR, F_MEM, F_POINTS, F_MIN, F_MAX, F_LAT, F_BW, F_RMS, F_MAXERR, F_BIG, F_ATTEMPTS, F_CHECK, F_CEIL, F_FROM,
       F_N };
static const char *const fit_columns[F_N + 1] = {
    "direction", "host_memory", "points", "bytes_min", "bytes_max", "latency_us", "bandwidth_gbytes_per_s",
    "rms_relative_error", "max_relative_error", "largest_gbytes_per_s", "attempts", "fit_check",
    "ceiling_gbytes_per_s", "ceiling_from", NULL};

/* One fit row into x (its direction and host memory already there): 0, or
 * -1 on a bad cell (one line said). */
static int read_fit_row(const struct rfl_table *t, size_t r, const int *col, struct rfl_gpu_transfer *x)
{
    long points = 0, attempts = 0;
    uint64_t bmin = 0, bmax = 0;
    double lat = NAN, bw = NAN, rms = NAN, maxerr = NAN, big = NAN, ceiling = NAN;
    char check[16] = "", from[24] = "";
    if (rfl_table_count(t, r, col[F_POINTS], 0, RFL_TABLE_MAX_COUNT, &points) ||
        rfl_table_bytes(t, r, col[F_MIN], 0, &bmin) || rfl_table_bytes(t, r, col[F_MAX], 0, &bmax))
        return -1;
    /* rfl_gpu_micro writes a fit it could not make (too few sizes, as
     * under a time budget) with its values empty. One of the two alone
     * empty is an error. */
    const int empty = !*rfl_table_cell(t, r, col[F_LAT]) && !*rfl_table_cell(t, r, col[F_BW]);
    if (!empty && (rfl_table_double(t, r, col[F_LAT], 0, &lat) || rfl_table_double(t, r, col[F_BW], 0, &bw) ||
                   rfl_load_positive(t, r, col[F_BW], bw) || rfl_table_double(t, r, col[F_RMS], 0, &rms)))
        return -1;
    if ((col[F_MAXERR] >= 0 && rfl_table_double(t, r, col[F_MAXERR], 1, &maxerr)) ||
        rfl_table_double(t, r, col[F_BIG], 1, &big) ||
        (col[F_ATTEMPTS] >= 0 && *rfl_table_cell(t, r, col[F_ATTEMPTS]) &&
         rfl_table_count(t, r, col[F_ATTEMPTS], 1, RFL_TABLE_MAX_COUNT, &attempts)) ||
        (col[F_CEIL] >= 0 && rfl_table_double(t, r, col[F_CEIL], 1, &ceiling)) ||
        (col[F_CHECK] >= 0 && *rfl_table_cell(t, r, col[F_CHECK]) && rfl_load_text(check, sizeof check, t, r, col[F_CHECK])) ||
        (col[F_FROM] >= 0 && *rfl_table_cell(t, r, col[F_FROM]) && rfl_load_text(from, sizeof from, t, r, col[F_FROM])))
        return -1;
    if (*check && strcmp(check, "pass") && strcmp(check, "fail") && strcmp(check, "no_fit")) {
        rfl_error("%s:%d: column 'fit_check': '%s' is not pass, fail or no_fit", t->path, t->lineno[r], check);
        return -1;
    }
    x->have_fit = !empty;
    x->latency_us = lat;
    x->gbytes_per_s = bw;
    x->rms_error = rms;
    x->max_error = maxerr;
    x->largest_gbytes_per_s = big;
    x->bytes_min = bmin;
    x->bytes_max = bmax;
    x->points = points;
    x->attempts = attempts;
    rfl_gpu_transfer_judge(x, check, ceiling, from);
    return 0;
}

/* Every GPU's own pinned host link as a member row (members.h): the file
 * has one row per rank and direction, and no aggregate. */
static const char *const member_columns[] = {"direction", "host_memory", "bytes_max", "bandwidth_gbytes_per_s",
                                             "largest_gbytes_per_s", "fit_check", "ceiling_gbytes_per_s",
                                             "ceiling_from", NULL};
static int fit_member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    struct rfl_gpu_transfer x;
    memset(&x, 0, sizeof x);
    char check[16] = "", from[24] = "";
    double ceiling = NAN;
    if (rfl_load_text(x.direction, sizeof x.direction, t, r, col[0]) ||
        rfl_load_text(x.host_memory, sizeof x.host_memory, t, r, col[1]))
        return -1;
    if (strcmp(x.host_memory, "pinned") != 0)
        return 0;
    if (rfl_table_bytes(t, r, col[2], 0, &row->wss) || rfl_table_double(t, r, col[3], 1, &x.gbytes_per_s) ||
        (!isnan(x.gbytes_per_s) && rfl_load_positive(t, r, col[3], x.gbytes_per_s)) ||
        rfl_table_double(t, r, col[4], 1, &x.largest_gbytes_per_s) ||
        (col[5] >= 0 && *rfl_table_cell(t, r, col[5]) && rfl_load_text(check, sizeof check, t, r, col[5])) ||
        (col[6] >= 0 && rfl_table_double(t, r, col[6], 1, &ceiling)) ||
        (col[7] >= 0 && *rfl_table_cell(t, r, col[7]) && rfl_load_text(from, sizeof from, t, r, col[7])))
        return -1;
    rfl_gpu_transfer_judge(&x, check, ceiling, from);
    if (x.from == RFL_GPU_LINK_NONE) /* noted by the loader */
        return 0;
    row->rate = x.link_gbytes_per_s;
    rfl_member_host_link_key(row->key, sizeof row->key, x.direction, x.host_memory);
    return 1;
}

int rfl_gpu_load_transfer_fit(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, transfer_cells, 2, 0) != 0)
        return -1;
    int col[F_N];
    for (int i = 0; i < F_N; i++)
        col[i] = rfl_table_column(t, fit_columns[i]);
    struct transfer_cells v;
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        const size_t r = rows.r;
        struct rfl_gpu_transfer row;
        memset(&row, 0, sizeof row);
        if (read_fit_row(t, r, col, &row))
            return -1;
        int ok = rfl_load_verified(m, t, r, rows.c_verified);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        if (!row.have_fit)
            rfl_model_note(m, "%s:%d: %s %s: no fit (too few sizes)", t->path, t->lineno[r], v.dir, v.mem);
        struct rfl_gpu_transfer *x = find_transfer(m->gpu, v.dir, v.mem);
        if (!x) {
            rfl_error("out of memory");
            return -1;
        }
        /* The copies (gpu_micro_transfer.csv) stay as they were loaded. */
        row.pts = x->pts;
        row.input = x->input;
        snprintf(row.direction, sizeof row.direction, "%s", x->direction);
        snprintf(row.host_memory, sizeof row.host_memory, "%s", x->host_memory);
        row.fit_input = input;
        *x = row;
    }
    if (more < 0)
        return -1;
    return rfl_member_gpu_rows(m, input, t, meta, member_columns, fit_member_fill);
}

/* A chase row's cells (rfl_load_cells), in the order they are checked. */
struct chase_cells {
    char mem[24];
    uint64_t bytes, stride;
    double cyc, ns;
};
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct chase_cells, field, kind, min, column)
static const struct rfl_load_cell chase_cells[] = {
    CELL(mem, TEXT, 0, "memory"),                 CELL(bytes, BYTES, 1, "array_bytes"),
    CELL(stride, BYTES, 0, "stride_bytes"),       CELL(cyc, POSITIVE, 0, "cycles_per_access"),
    CELL(ns, POSITIVE, 0, "ns_per_access"),
};
#undef CELL
#define NCHASE (sizeof chase_cells / sizeof *chase_cells)

int rfl_gpu_load_chase(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, chase_cells, NCHASE, 1) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    /* The chase curves of earlier files take their rows too. */
    struct rfl_load_index index = {0};
    for (size_t i = 0; i < g->nchase; i++) {
        char stride_text[24];
        snprintf(stride_text, sizeof stride_text, "%llu", (unsigned long long)g->chase[i].stride);
        const char *key[] = {g->chase[i].memory, stride_text};
        if (rfl_load_index_add(&index, key, 2, i) != 0)
            goto fail;
    }
    struct chase_cells v;
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        char stride_text[24];
        snprintf(stride_text, sizeof stride_text, "%llu", (unsigned long long)v.stride);
        const char *key[] = {v.mem, stride_text};
        int made;
        struct rfl_gpu_chase *c = rfl_load_keyed(&index, key, 2, &g->chase, &g->nchase, sizeof *c, &made);
        if (!c)
            goto fail;
        if (made) {
            snprintf(c->memory, sizeof c->memory, "%s", v.mem);
            c->stride = v.stride;
        }
        if (rfl_load_room(t, rows.r, c->n, v.mem) != 0)
            goto fail;
        if (rfl_load_push_double(&c->bytes, c->n, (double)v.bytes) || rfl_load_push_double(&c->cycles, c->n, v.cyc) ||
            rfl_load_push_double(&c->ns, c->n, v.ns)) {
            rfl_error("out of memory");
            goto fail;
        }
        c->n++;
    }
    rfl_load_index_free(&index);
    if (more < 0)
        return -1;
    for (size_t i = 0; i < g->nchase; i++) {
        struct rfl_gpu_chase *c = &g->chase[i];
        const struct rfl_load_points points[] = {RFL_LOAD_POINTS(c->bytes), RFL_LOAD_POINTS(c->cycles),
                                                 RFL_LOAD_POINTS(c->ns)};
        rfl_load_sort(c->n, points, sizeof points / sizeof *points);
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}

/* launch, barrier, pipeline, stride: a few numbers per row for the report,
 * each table's rows in the model and the columns they come from. */
enum micro_table { LAUNCH, BARRIER, PIPELINE, STRIDE };
static const struct {
    const char *what, *a, *b, *value, *value2;
} micro_columns[] = {
    [LAUNCH] = {"method", "blocks", "threads_per_block", "time_per_launch_min_us", "time_per_launch_median_us"},
    [BARRIER] = {"method", "blocks", "blocks_per_sm", "time_per_barrier_min_us", "time_per_barrier_median_us"},
    [PIPELINE] = {"precision", "threads_per_block", "chains_per_thread", "cycles_per_fma", "fraction_of_sm_peak"},
    [STRIDE] = {"pattern", "word_bytes", "stride_words", "gbytes_per_s", "fraction_of_datasheet"},
};

static int load_rows(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta,
                     enum micro_table which)
{
#define CELL(field, kind, column) RFL_LOAD_CELL(struct rfl_gpu_row, field, kind, 0, micro_columns[which].column)
    const struct rfl_load_cell cells[] = {CELL(what, TEXT, what), CELL(a, OPT_INT, a), CELL(b, OPT_INT, b),
                                          CELL(value, NUMBER, value), CELL(value2, OPTIONAL, value2)};
#undef CELL
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, cells, sizeof cells / sizeof *cells, 1) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct rfl_gpu_row **list = which == LAUNCH ? &g->launch : which == BARRIER ? &g->barrier
                                : which == PIPELINE ? &g->pipeline : &g->stride;
    size_t *n = which == LAUNCH ? &g->nlaunch : which == BARRIER ? &g->nbarrier
                : which == PIPELINE ? &g->npipeline : &g->nstride;
    struct rfl_gpu_row row;
    memset(&row, 0, sizeof row);
    int more;
    while ((more = rfl_load_rows_next(&rows, &row)) > 0)
        if (rfl_load_append(list, n, sizeof row, &row) != 0)
            return -1;
    return more;
}

int rfl_gpu_load_launch(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    return load_rows(m, input, t, meta, LAUNCH);
}

int rfl_gpu_load_barrier(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    return load_rows(m, input, t, meta, BARRIER);
}

int rfl_gpu_load_pipeline(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    return load_rows(m, input, t, meta, PIPELINE);
}

int rfl_gpu_load_stride(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    return load_rows(m, input, t, meta, STRIDE);
}
