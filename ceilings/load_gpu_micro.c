/* rfl_gpu_micro's CSV files: host-device transfers and their fit, pointer
 * chase, and the launch, barrier, pipeline and stride tables. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
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

int rfl_gpu_load_transfer(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_dir = rfl_table_column(t, "direction"), c_mem = rfl_table_column(t, "host_memory");
    int c_bytes = rfl_table_column(t, "bytes"), c_time = rfl_table_column(t, "time_min_s");
    int c_ver = rfl_table_column(t, "verified");
    int c_median = rfl_table_column(t, "time_median_s"), c_exp = rfl_table_column(t, "experiments");
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        char dir[8], mem[16];
        uint64_t bytes;
        double time_s, median;
        long samples;
        if (rfl_load_text(dir, sizeof dir, t, r, c_dir) || rfl_load_text(mem, sizeof mem, t, r, c_mem) ||
            rfl_table_bytes(t, r, c_bytes, 1, &bytes) || rfl_table_double(t, r, c_time, 0, &time_s) ||
            rfl_load_positive(t, r, c_time, time_s) || rfl_load_spread_cells(t, r, c_median, c_exp, &median, &samples))
            return -1;
        int ok = rfl_load_verified(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        struct rfl_gpu_transfer *x = find_transfer(m->gpu, dir, mem);
        if (!x) {
            rfl_error("out of memory");
            return -1;
        }
        if (rfl_load_room(t, r, x->pts.n, dir) || rfl_timed_push(&x->pts, (double)bytes, time_s, median, samples))
            return -1;
        x->input = input;
    }
    return rfl_row_filter_end(m, &f, input, more);
}

/* Every GPU's own pinned fit as a member row of the host link (members.h):
 * the file has one row per rank and direction, and no aggregate. */
static const char *const fit_member_columns[] = {"direction", "host_memory", "bytes_max", "bandwidth_gbytes_per_s",
                                                 NULL};
static int fit_member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    char dir[8], mem[16];
    if (rfl_load_text(dir, sizeof dir, t, r, col[0]) || rfl_load_text(mem, sizeof mem, t, r, col[1]))
        return -1;
    if (strcmp(mem, "pinned") != 0)
        return 0;
    if (rfl_table_bytes(t, r, col[2], 0, &row->wss) || rfl_table_double(t, r, col[3], 1, &row->rate))
        return -1;
    if (isnan(row->rate)) /* no fit: noted by the loader */
        return 0;
    if (rfl_load_positive(t, r, col[3], row->rate))
        return -1;
    rfl_member_host_link_key(row->key, sizeof row->key, dir, mem);
    return 1;
}

int rfl_gpu_load_transfer_fit(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_dir = rfl_table_column(t, "direction"), c_mem = rfl_table_column(t, "host_memory");
    int c_points = rfl_table_column(t, "points"), c_min = rfl_table_column(t, "bytes_min");
    int c_max = rfl_table_column(t, "bytes_max"), c_lat = rfl_table_column(t, "latency_us");
    int c_bw = rfl_table_column(t, "bandwidth_gbytes_per_s"), c_rms = rfl_table_column(t, "rms_relative_error");
    int c_big = rfl_table_column(t, "largest_gbytes_per_s"), c_ver = rfl_table_column(t, "verified");
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        char dir[8], mem[16];
        long points;
        uint64_t bmin, bmax;
        double lat, bw, rms, big;
        if (rfl_load_text(dir, sizeof dir, t, r, c_dir) || rfl_load_text(mem, sizeof mem, t, r, c_mem) ||
            rfl_table_count(t, r, c_points, 0, RFL_TABLE_MAX_COUNT, &points) || rfl_table_bytes(t, r, c_min, 0, &bmin) ||
            rfl_table_bytes(t, r, c_max, 0, &bmax))
            return -1;
        /* rfl_gpu_micro writes a fit it could not make (too few sizes, as
         * under a time budget) with its values empty: no fit, noted. One
         * of them alone empty is an error below. */
        if (!*rfl_table_cell(t, r, c_lat) && !*rfl_table_cell(t, r, c_bw)) {
            rfl_model_note(m, "%s:%d: %s %s: no fit (too few sizes), skipped", t->path, t->lineno[r], dir, mem);
            continue;
        }
        if (rfl_table_double(t, r, c_lat, 0, &lat) || rfl_table_double(t, r, c_bw, 0, &bw) ||
            rfl_load_positive(t, r, c_bw, bw) || rfl_table_double(t, r, c_rms, 0, &rms) ||
            rfl_table_double(t, r, c_big, 0, &big))
            return -1;
        int ok = rfl_load_verified(m, t, r, c_ver);
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
    if (rfl_row_filter_end(m, &f, input, more) != 0)
        return -1;
    return rfl_member_gpu_rows(m, input, t, meta, fit_member_columns, fit_member_fill);
}

int rfl_gpu_load_chase(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_mem = rfl_table_column(t, "memory"), c_bytes = rfl_table_column(t, "array_bytes");
    int c_stride = rfl_table_column(t, "stride_bytes"), c_cyc = rfl_table_column(t, "cycles_per_access");
    int c_ns = rfl_table_column(t, "ns_per_access"), c_ver = rfl_table_column(t, "verified");
    /* The chase curves of earlier files take their rows too. */
    struct rfl_load_index index = {0};
    for (size_t i = 0; i < g->nchase; i++) {
        char stride_text[24];
        snprintf(stride_text, sizeof stride_text, "%llu", (unsigned long long)g->chase[i].stride);
        const char *key[] = {g->chase[i].memory, stride_text};
        if (rfl_load_index_add(&index, key, 2, i) != 0)
            goto fail;
    }
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        char mem[24];
        uint64_t bytes, stride;
        double cyc, ns;
        if (rfl_load_text(mem, sizeof mem, t, r, c_mem) || rfl_table_bytes(t, r, c_bytes, 1, &bytes) ||
            rfl_table_bytes(t, r, c_stride, 0, &stride) || rfl_table_double(t, r, c_cyc, 0, &cyc) ||
            rfl_load_positive(t, r, c_cyc, cyc) || rfl_table_double(t, r, c_ns, 0, &ns) || rfl_load_positive(t, r, c_ns, ns))
            goto fail;
        int ok = rfl_load_verified(m, t, r, c_ver);
        if (ok < 0)
            goto fail;
        if (!ok)
            continue;
        char stride_text[24];
        snprintf(stride_text, sizeof stride_text, "%llu", (unsigned long long)stride);
        const char *key[] = {mem, stride_text};
        long found = rfl_load_index_find(&index, key, 2);
        struct rfl_gpu_chase *c = found >= 0 ? &g->chase[found] : NULL;
        if (!c) {
            c = rfl_load_grow(&g->chase, &g->nchase, sizeof *c);
            if (!c || rfl_load_index_add(&index, key, 2, g->nchase - 1) != 0) {
                rfl_error("out of memory");
                goto fail;
            }
            snprintf(c->memory, sizeof c->memory, "%s", mem);
            c->stride = stride;
        }
        if (rfl_load_room(t, r, c->n, mem) != 0)
            goto fail;
        if (rfl_load_push_double(&c->bytes, c->n, (double)bytes) || rfl_load_push_double(&c->cycles, c->n, cyc) ||
            rfl_load_push_double(&c->ns, c->n, ns)) {
            rfl_error("out of memory");
            goto fail;
        }
        c->n++;
    }
    rfl_load_index_free(&index);
    if (rfl_row_filter_end(m, &f, input, more) != 0)
        return -1;
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
fail:
    rfl_load_index_free(&index);
    return -1;
}

/* launch, barrier, pipeline, stride: a few numbers per row for the report. */
static int load_rows(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta,
                     struct rfl_gpu_row **rows, size_t *nrows, const char *what, const char *a, const char *b,
                     const char *value, const char *value2)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_what = rfl_table_column(t, what), c_a = rfl_table_column(t, a), c_b = rfl_table_column(t, b);
    int c_v = rfl_table_column(t, value), c_v2 = value2 ? rfl_table_column(t, value2) : -1;
    int c_ver = rfl_table_column(t, "verified");
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        struct rfl_gpu_row row;
        memset(&row, 0, sizeof row);
        row.value2 = NAN;
        if (rfl_load_text(row.what, sizeof row.what, t, r, c_what) || rfl_load_opt_int(t, r, c_a, &row.a) ||
            rfl_load_opt_int(t, r, c_b, &row.b) || rfl_table_double(t, r, c_v, 0, &row.value) ||
            (c_v2 >= 0 && rfl_table_double(t, r, c_v2, 1, &row.value2)))
            return -1;
        int ok = rfl_load_verified(m, t, r, c_ver);
        if (ok < 0)
            return -1;
        if (!ok)
            continue;
        if (rfl_load_append(rows, nrows, sizeof row, &row) != 0)
            return -1;
    }
    return rfl_row_filter_end(m, &f, input, more);
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
