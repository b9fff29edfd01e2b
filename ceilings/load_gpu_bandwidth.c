/* rfl_gpu_bandwidth's CSV: GB/s against working set, one curve per kernel x
 * access x precision x launch shape, its levels cut by the GPU's capacities. */
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

/* A row's cells (rfl_load_cells), in the order they are checked; its
 * precision is empty for cudaMemcpy. */
struct bw_cells {
    char kernel[32], access[8], prec[8];
    long tpb, blocks, samples;
    uint64_t wss;
    double rate, clock, median;
};
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct bw_cells, field, kind, min, column)
static const struct rfl_load_cell cells[] = {
    CELL(kernel, TEXT, 0, "kernel"),                       CELL(access, TEXT, 0, "access"),
    CELL(tpb, OPT_INT, 0, "threads_per_block"),            CELL(blocks, OPT_INT, 0, "blocks_per_grid"),
    CELL(wss, BYTES, 1, "wss_bytes"),                      CELL(rate, POSITIVE, 0, "gbytes_per_s"),
    CELL(clock, OPTIONAL, 0, "sm_clock_mhz"),              CELL(median, OPT_POSITIVE, 0, "gbytes_per_s_median"),
    CELL(samples, SAMPLES, 0, "experiments"),              CELL(prec, OPT_TEXT, 0, "precision"),
};
#undef CELL
#define NCELLS (sizeof cells / sizeof *cells)

/* The curve of this file (`index`: its curves so far) with these fields,
 * made when new. */
static struct rfl_bw_curve *find_bw_curve(struct rfl_gpu_data *g, struct rfl_load_index *index, size_t input,
                                          const char *kernel, const char *access, const char *prec, long tpb,
                                          long blocks)
{
    char shape[48];
    snprintf(shape, sizeof shape, "%ld %ld", tpb, blocks);
    const char *key[] = {kernel, access, prec, shape};
    int made;
    struct rfl_bw_curve *c = rfl_load_keyed(index, key, 4, &g->curves, &g->ncurves, sizeof *c, &made);
    if (c && made) {
        snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
        snprintf(c->access, sizeof c->access, "%s", access);
        snprintf(c->precision, sizeof c->precision, "%s", prec);
        c->threads_per_block = tpb;
        c->blocks = blocks;
        c->input = input;
    }
    return c;
}

/* Which capacities cut a kernel's curve, from its row of the kernel table
 * (schema/gpu_kernels.inc): its path and the first level it may set.
 * Kernel C works in shared memory (path SHARED: no cut); l1_set's working set
 * is per SM (SM_L1: one SM's L1); the kernels that skip L1 (L2) are cut by
 * the L2 alone; the others go through L1 and L2. A kernel the table does not
 * name (a file of another version) is taken as one of those.
 *
 * The L2 ceiling comes only from the kernels that skip L1.  An L1-allocating
 * kernel past the aggregate L1 (SMs x L1) but within the L2 still hits in L1
 * for most of its loads: the L1 is not LRU and each SM's share overflows its
 * L1 by little.  On an H100 (33 MiB of L1, 50 MiB of L2) global_inside read
 * 28-29 TB/s at 35-41.5 MiB (1.06-1.26 x the aggregate L1: L1 speed) and
 * still 13 TB/s at 64 MiB, against 7.7 TB/s for the L1-skipping kernels
 * within the L2; a level "L2" there was an L1 figure.  The clean window
 * (>= 2 x the aggregate L1 and <= the L2) is empty on the H100, H200 and
 * A100, so for these kernels the span between the aggregate L1 and the L2
 * names no level (RFL_GPU_NO_LEVEL: no ceiling taken from it). */
static void bw_curve_levels(const struct rfl_gpu_device *d, struct rfl_bw_curve *c)
{
    double l1 = (double)d->sm_count * (double)d->l1_bytes_per_sm, l2 = (double)d->l2_bytes;
    const int k = rfl_gbw_kernel_of(c->kernel);
    const enum rfl_gpu_path path = k < RFL_GBW_NKERNELS ? rfl_gbw_kernels[k].path : RFL_GPU_PATH_L1;
    const enum rfl_gpu_level sets = k < RFL_GBW_NKERNELS ? rfl_gbw_kernels[k].sets : RFL_GPU_L1;
    /* A kernel that sets no ceiling is drawn: cudaMemcpy, the peer; l2_chunks,
     * not trusted for a ceiling yet: where several blocks read the same chunk
     * at once (a data set smaller than blocks x chunk) the L2 serves them with
     * fewer accesses than the bytes it counts. On an H100 it read 18-20 TB/s at
     * data sets of 0.03-2 MiB and 9-12 TB/s at 64 MiB, past the 50 MiB L2
     * (device memory gives 3.3), and its L2 ceiling moved from 10 to 20 TB/s
     * between two runs. */
    c->used = sets != RFL_GPU_NO_LEVEL;
    if (path == RFL_GPU_PATH_SHARED) {
        c->ncache = 0;
        c->level_of[0] = RFL_GPU_SHARED;
    } else if (path == RFL_GPU_PATH_SM_L1 && d->l1_bytes_per_sm > 0 && (double)d->l1_bytes_per_sm < l2) {
        /* Its working set is per SM: each SM's L1 holds all of it. Past one
         * SM's L1, partly L1 hits as above: no level. */
        c->ncache = 2;
        c->capacity[0] = (double)d->l1_bytes_per_sm;
        c->capacity[1] = l2;
        c->level_of[0] = RFL_GPU_L1;
        c->level_of[1] = RFL_GPU_NO_LEVEL;
        c->level_of[2] = RFL_GPU_DEVMEM;
    } else if (rfl_gbw_l2_band_kernel(k) && l2 > 0) {
        /* The kernels that skip L1 and read distinct data in every block:
         * the L2 ceiling from the band L2/8 .. L2/2 alone (rfl_l2_band_holds:
         * below it a few loads per thread). */
        c->ncache = 3;
        c->capacity[0] = l2 / RFL_L2_BAND_LOW_DIV;
        c->capacity[1] = l2 / RFL_L2_BAND_HIGH_DIV;
        c->capacity[2] = l2;
        c->level_of[0] = RFL_GPU_NO_LEVEL;
        c->level_of[1] = RFL_GPU_L2;
        c->level_of[2] = RFL_GPU_NO_LEVEL;
        c->level_of[3] = RFL_GPU_DEVMEM;
    } else if (path == RFL_GPU_PATH_L2 && sets == RFL_GPU_DEVMEM && l2 > 0) {
        /* A kernel for device memory alone: within the L2, no level. */
        c->ncache = 1;
        c->capacity[0] = l2;
        c->level_of[0] = RFL_GPU_NO_LEVEL;
        c->level_of[1] = RFL_GPU_DEVMEM;
    } else if ((path == RFL_GPU_PATH_L2 && sets == RFL_GPU_NO_LEVEL) || !(l1 > 0) || l1 >= l2) {
        c->ncache = 1;
        c->capacity[0] = l2;
        c->level_of[0] = RFL_GPU_L2;
        c->level_of[1] = RFL_GPU_DEVMEM;
    } else {
        c->ncache = 2;
        c->capacity[0] = l1;
        c->capacity[1] = l2;
        c->level_of[0] = RFL_GPU_L1;
        c->level_of[1] = RFL_GPU_NO_LEVEL;
        c->level_of[2] = RFL_GPU_DEVMEM;
    }
}

/* Every GPU's own rows and the aggregate's as member rows (members.h). */
static const char *const member_columns[] = {"kernel",    "access",       "threads_per_block", "blocks_per_grid",
                                             "wss_bytes", "gbytes_per_s", "precision",         NULL};
static int member_fill(const struct rfl_table *t, size_t r, const int *col, struct rfl_member_row *row)
{
    char kernel[32], access[8], prec[8];
    long tpb, blocks;
    if (rfl_load_text(kernel, sizeof kernel, t, r, col[0]) || rfl_load_text(access, sizeof access, t, r, col[1]) ||
        rfl_load_opt_int(t, r, col[2], &tpb) || rfl_load_opt_int(t, r, col[3], &blocks) ||
        rfl_table_bytes(t, r, col[4], 1, &row->wss) || rfl_table_double(t, r, col[5], 0, &row->rate))
        return -1;
    /* empty for cudaMemcpy; checked by the loader */
    snprintf(prec, sizeof prec, "%s", rfl_table_cell(t, r, col[6]));
    rfl_member_gpu_key(row->key, sizeof row->key, kernel, access, prec, tpb, blocks);
    return 1;
}

int rfl_gpu_load_bandwidth(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, cells, NCELLS, 1) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    size_t first = g->ncurves;
    struct rfl_load_index index = {0};
    struct bw_cells v;
    int more;
    while ((more = rfl_load_rows_next(&rows, &v)) > 0) {
        struct rfl_bw_curve *c = find_bw_curve(g, &index, input, v.kernel, v.access, v.prec, v.tpb, v.blocks);
        char what[96];
        snprintf(what, sizeof what, "%s %s %s", v.kernel, v.access, v.prec);
        if (!c || rfl_load_room(t, rows.r, c->n, what) != 0)
            goto fail;
        if (rfl_load_push_double(&c->x, c->n, (double)v.wss) || rfl_load_push_double(&c->y, c->n, v.rate) ||
            rfl_load_push_double(&c->clock_mhz, c->n, v.clock) || rfl_load_push_double(&c->y_median, c->n, v.median) ||
            rfl_load_push_long(&c->samples, c->n, v.samples)) {
            rfl_error("%s: out of memory", t->path);
            goto fail;
        }
        c->n++;
    }
    rfl_load_index_free(&index);
    if (more < 0 || rfl_member_gpu_rows(m, input, t, meta, member_columns, member_fill) != 0)
        return -1;
    for (size_t i = first; i < g->ncurves; i++) {
        struct rfl_bw_curve *c = &g->curves[i];
        const struct rfl_load_points points[] = {RFL_LOAD_POINTS(c->x), RFL_LOAD_POINTS(c->y),
                                                 RFL_LOAD_POINTS(c->clock_mhz), RFL_LOAD_POINTS(c->y_median),
                                                 RFL_LOAD_POINTS(c->samples)};
        rfl_load_sort(c->n, points, sizeof points / sizeof *points);
        bw_curve_levels(&g->dev, c);
        if (rfl_curve_levels(c, t->path, c->access, c->precision) != 0)
            return -1;
    }
    return 0;
fail:
    rfl_load_index_free(&index);
    return -1;
}
