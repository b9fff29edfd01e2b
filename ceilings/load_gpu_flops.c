/* rfl_gpu_flops's CSV: GFLOP/s against flops per element, one series per
 * precision and chain count, the best launch shape at each point. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "members.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every GPU's own rows and the aggregate's as member rows (members.h). */
static const char *const member_columns[] = {"precision", "chains_per_thread", "wss_bytes", "gflops_per_s", NULL};
static int member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    char prec[8];
    long chains;
    if (rfl_load_text(prec, sizeof prec, t, r, col[0]) ||
        rfl_table_count(t, r, col[1], 1, RFL_TABLE_MAX_COUNT, &chains) || rfl_table_bytes(t, r, col[2], 0, &row->wss) ||
        rfl_table_double(t, r, col[3], 0, &row->rate))
        return -1;
    rfl_member_gpu_flops_key(row->key, sizeof row->key, prec, chains);
    return 1;
}

int rfl_gpu_load_flops(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    int c_prec = rfl_table_column(t, "precision"), c_fpe = rfl_table_column(t, "fpe");
    int c_chains = rfl_table_column(t, "chains_per_thread"), c_tpb = rfl_table_column(t, "threads_per_block");
    int c_blocks = rfl_table_column(t, "blocks_per_grid"), c_wss = rfl_table_column(t, "wss_bytes");
    int c_rate = rfl_table_column(t, "gflops_per_s"), c_ver = rfl_table_column(t, "verified");
    int c_peak = rfl_table_column(t, "peak_gflops_per_s"), c_clock = rfl_table_column(t, "sm_clock_mhz");
    int c_median = rfl_table_column(t, "gflops_per_s_median"), c_exp = rfl_table_column(t, "experiments");
    size_t first = g->nflops;
    struct rfl_load_index index = {0};
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        char prec[8];
        long chains, tpb, blocks, samples;
        uint64_t wss;
        double fpe, rate, peak = NAN, clock = NAN, median;
        if (rfl_load_text(prec, sizeof prec, t, r, c_prec) || rfl_table_double(t, r, c_fpe, 0, &fpe) ||
            rfl_load_positive(t, r, c_fpe, fpe) || rfl_table_count(t, r, c_chains, 1, RFL_TABLE_MAX_COUNT, &chains) ||
            rfl_table_count(t, r, c_tpb, 1, RFL_TABLE_MAX_COUNT, &tpb) ||
            rfl_table_count(t, r, c_blocks, 1, RFL_TABLE_MAX_COUNT, &blocks) ||
            rfl_table_bytes(t, r, c_wss, 0, &wss) || rfl_table_double(t, r, c_rate, 0, &rate) ||
            rfl_load_positive(t, r, c_rate, rate) || (c_peak >= 0 && rfl_table_double(t, r, c_peak, 1, &peak)) ||
            (c_clock >= 0 && rfl_table_double(t, r, c_clock, 1, &clock)) ||
            rfl_load_spread_cells(t, r, c_median, c_exp, &median, &samples))
            goto fail;
        int ok = rfl_load_verified(m, t, r, c_ver);
        if (ok < 0)
            goto fail;
        if (!ok)
            continue;
        char chains_text[24];
        snprintf(chains_text, sizeof chains_text, "%ld", chains);
        const char *key[] = {prec, chains_text};
        long found = rfl_load_index_find(&index, key, 2);
        struct rfl_flops_series *s = found >= 0 ? &g->flops[found] : NULL;
        if (!s) {
            s = rfl_load_grow(&g->flops, &g->nflops, sizeof *s);
            if (!s || rfl_load_index_add(&index, key, 2, g->nflops - 1) != 0) {
                rfl_error("out of memory");
                goto fail;
            }
            snprintf(s->precision, sizeof s->precision, "%s", prec);
            s->chains = chains;
            s->input = input;
        }
        size_t k = 0;
        while (k < s->n && s->fpe[k] != fpe)
            k++;
        if (k == s->n && rfl_load_room(t, r, s->n, prec) != 0)
            goto fail;
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
            if (!w || !a || !b || rfl_load_push_double(&s->fpe, s->n, fpe) || rfl_load_push_double(&s->gflops, s->n, 0) ||
                rfl_load_push_double(&s->row_peak, s->n, NAN) || rfl_load_push_double(&s->clock_mhz, s->n, NAN) ||
                rfl_load_push_double(&s->median, s->n, NAN) || rfl_load_push_long(&s->samples, s->n, 0)) {
                rfl_error("out of memory");
                goto fail;
            }
            s->n++;
        }
        /* The best launch shape at each flops per element. */
        if (rate > s->gflops[k]) {
            s->gflops[k] = rate;
            s->row_peak[k] = peak;
            s->clock_mhz[k] = clock;
            s->wss[k] = wss;
            s->tpb[k] = tpb;
            s->blocks[k] = blocks;
            s->median[k] = median;
            s->samples[k] = samples;
        }
    }
    rfl_load_index_free(&index);
    if (rfl_row_filter_end(m, &f, input, more) != 0 || rfl_member_gpu_rows(m, input, t, meta, member_columns, member_fill) != 0)
        return -1;
    for (size_t i = first; i < g->nflops; i++) {
        struct rfl_flops_series *s = &g->flops[i];
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
                SWAP(row_peak, double);
                SWAP(clock_mhz, double);
                SWAP(wss, uint64_t);
                SWAP(tpb, long);
                SWAP(blocks, long);
                SWAP(median, double);
                SWAP(samples, long);
#undef SWAP
            }
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}
