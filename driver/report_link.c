/* The report's GPU link section: from the model's rfl_gpu_link series. */
#include "config.h"
#include "report_link.h"
#include "ceilings/gpu_link.h"
#include "ceilings/model.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_report_table_free(struct rfl_report_table *t)
{
    free(t->cells);
    free(t->ptr);
    memset(t, 0, sizeof *t);
}

static int table_new(struct rfl_report_table *t, size_t rows, size_t cols)
{
    t->rows = rows;
    t->cols = cols;
    t->cells = calloc(rows * cols, sizeof *t->cells);
    t->ptr = calloc(rows * cols, sizeof *t->ptr);
    if (!t->cells || !t->ptr) {
        rfl_report_table_free(t);
        rfl_error("out of memory");
        return -1;
    }
    for (size_t i = 0; i < rows * cols; i++)
        t->ptr[i] = t->cells[i];
    return 0;
}

static char *cell(struct rfl_report_table *t, size_t r, size_t c) { return t->cells[r * t->cols + c]; }

/* "45.2" (digits after the point; no_p2p: "45.2 (no P2P)"), or "-" for NaN. */
static void rate(char *buf, double v, int digits, int no_p2p)
{
    if (isnan(v))
        snprintf(buf, RFL_REPORT_CELL, "-");
    else
        snprintf(buf, RFL_REPORT_CELL, "%.*f%s", digits, v, no_p2p ? " (no P2P)" : "");
}

int rfl_report_link(const struct rfl_model *m, char *para, size_t len, struct rfl_report_table *matrix,
                    struct rfl_report_table *pairs)
{
    const struct rfl_link_data *d = m->link;
    if (!d || !d->n)
        return 0;
    const int n = d->ndev;
    size_t npairs = 0, peer = 0;
    for (int s = 0; s < n; s++)
        for (int t = 0; t < n; t++) {
            const struct rfl_link_series *u = rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_MEMCPY_PEER);
            if (s == t || !u)
                continue;
            npairs++;
            peer += u->peer != 0;
        }
    if (table_new(matrix, (size_t)n + 1, (size_t)n + 1) || table_new(pairs, npairs + 1, 8)) {
        rfl_report_table_free(matrix);
        return -1;
    }
    snprintf(cell(matrix, 0, 0), RFL_REPORT_CELL, "source \\ destination");
    for (int t = 0; t < n; t++)
        snprintf(cell(matrix, 0, (size_t)t + 1), RFL_REPORT_CELL, "GPU %d", t);
    static const char *const head[8] = {"source", "destination", "peer access", "one way (GB/s)", "latency (µs)",
                                        "both ways (GB/s)", "peer kernel (GB/s)", "host-staged (GB/s)"};
    for (int i = 0; i < 8; i++)
        snprintf(cell(pairs, 0, (size_t)i), RFL_REPORT_CELL, "%s", head[i]);
    size_t r = 1;
    for (int s = 0; s < n; s++) {
        snprintf(cell(matrix, (size_t)s + 1, 0), RFL_REPORT_CELL, "GPU %d", s);
        for (int t = 0; t < n; t++) {
            const struct rfl_link_series *u = rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_MEMCPY_PEER);
            char *mc = cell(matrix, (size_t)s + 1, (size_t)t + 1);
            if (s == t || !u) {
                snprintf(mc, RFL_REPORT_CELL, "-");
                continue;
            }
            rate(mc, rfl_link_gbs(u), 1, !u->peer);
            snprintf(cell(pairs, r, 0), RFL_REPORT_CELL, "GPU %d", s);
            snprintf(cell(pairs, r, 1), RFL_REPORT_CELL, "GPU %d", t);
            snprintf(cell(pairs, r, 2), RFL_REPORT_CELL, "%s", u->peer ? "yes" : "no");
            rate(cell(pairs, r, 3), rfl_link_gbs(u), 1, 0);
            rate(cell(pairs, r, 4), u->have_fit ? u->latency_us : NAN, 2, 0);
            rate(cell(pairs, r, 5), rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_BIDIR, RFL_LINK_MEMCPY_PEER)), 1, 0);
            rate(cell(pairs, r, 6), rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_PEER_KERNEL)), 1, 0);
            rate(cell(pairs, r, 7), rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_HOST_STAGED)), 1, 0);
            r++;
        }
    }
    snprintf(para, len,
             "rfl_gpu_link copied between %d GPUs in one process: %zu ordered pair%s, %zu with peer access (the "
             "destination may read the source's memory, as cudaDeviceCanAccessPeer says). One way: the fitted "
             "bandwidth of T = latency + bytes / bandwidth over cudaMemcpyPeerAsync copies (the GPU link roofs); both "
             "ways: each direction at once on its own stream, bytes of both counted; peer kernel: a kernel on the "
             "destination reading the source's memory; host-staged: through pinned host memory, where there is no "
             "peer access. Rows: source GPU; columns: destination.",
             n, npairs, npairs == 1 ? "" : "s", peer);
    return 1;
}
