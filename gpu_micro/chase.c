/* chase: pointer-chasing latency over array size x stride (Volkov 3.3,
 * Fig. 1).  One thread follows p = *p through a cycle of size/stride
 * elements; the array size reveals cache capacities, the stride cache
 * lines and pages (TLB reach), in cycles (clock64) and ns (%globaltimer).
 * Global loads go through L1 (plain ld.global) or skip it (ld.cg, so the
 * L2 shows alone); shared memory for its own latency. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "gpu_micro/vmm_pages.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/size.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_chase_table = {"chase", rfl_schema_gpu_micro_chase_columns,
                                                       RFL_SCHEMA_GPU_MICRO_CHASE_NCOLUMNS};

static const char *const memory_names[RFL_GMI_NCHASE] = {"global_ca", "global_cg", "shared"};
/* ld.cg over gpu_micro/vmm_pages.h's array: pages mapped in shuffled order,
 * the cycle visiting them in a random order. */
#define SCATTERED_NAME "global_cg_scattered"

/* Cycles of up to this many elements are walked once untimed and then at
 * least once timed, so a cycle that fits a cache is measured from it. No
 * GPU cache holds a million lines; longer cycles are timed cold. */
#define WARM_CAP (1ull << 20)
/* A step in latency by more than this factor between two sizes is a
 * capacity edge. */
#define EDGE_RATIO 1.5
/* At page strides the lines stay in L2 and the flat part varies by a few
 * percent; a translation miss (about 50 ns on a 140 ns hit on the H200),
 * taken by part of the accesses once the pages outgrow the TLB, shows as
 * a rise of 8% or more from one size to the next. */
#define TLB_EDGE_RATIO 1.08

static unsigned long long round8(unsigned long long v) { return (v + 7) / 8 * 8; }

/* One point of a series whose cycle of `size / stride` nodes is already
 * linked at `base`, in address order or, with `order`, in that order:
 * walks it, checks where the walk ended, writes the row. The ns per access
 * goes to *ns. Returns -1 when a CUDA call failed, else whether to stop. */
static int chase_point(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t, const char *name,
                       enum rfl_gmi_chase_memory mem, char *base, uint64_t size, uint64_t stride,
                       const unsigned *order, unsigned long long min_steps, double *ns)
{
    const unsigned long long cycle = size / stride;
    const unsigned long long warmup = cycle <= WARM_CAP ? cycle : 0;
    const unsigned long long steps = round8(cycle <= WARM_CAP && cycle > min_steps ? cycle : min_steps);
    struct rfl_gpu_clock clk;
    unsigned long long offset = 0;
    if (RFL_CUDA(rfl_gmi_chase(mem, base, cycle, stride, warmup, steps, c->words, c->clock, c->stream)) ||
        RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
        RFL_CUDA(cudaMemcpy(&clk, c->clock, sizeof clk, cudaMemcpyDeviceToHost)) ||
        RFL_CUDA(cudaMemcpy(&offset, c->words, sizeof offset, cudaMemcpyDeviceToHost)))
        return -1;
    const unsigned long long node = (warmup + steps) % cycle;
    const unsigned long long want = (order ? order[node] : node) * stride;
    if (c->o->inject_fault)
        offset += stride;
    char detail[160];
    snprintf(detail, sizeof detail, "%s %llu bytes, stride %llu: ended at offset %llu, expected %llu", name,
             (unsigned long long)size, (unsigned long long)stride, offset, want);
    *ns = (double)clk.ns / (double)steps;
    const double cyc = (double)clk.cycles / (double)steps, mhz = rfl_gpu_clock_mhz(&clk);
    struct rfl_gmi_cell cells[] = {
        RFL_GMI_I(0),      RFL_GMI_I(0),      RFL_GMI_S(name),   RFL_GMI_I(size),
        RFL_GMI_I(stride), RFL_GMI_I(cycle),  RFL_GMI_I(warmup), RFL_GMI_I(steps),
        RFL_GMI_D(cyc),    RFL_GMI_D(*ns),    RFL_GMI_D(mhz > 0 ? mhz : NAN), RFL_GMI_I(1)};
    return rfl_gmi_emit(c, t, cells, offset != want, detail);
}

/* A point's weight under a budget: its steps, and laying out its array
 * (256 MiB count as much as the steps). */
static double chase_weight(uint64_t size) { return 1.0 + (double)size / (double)(256u << 20); }

int rfl_gmi_mode_chase(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const uint64_t lo = o->chase[0] ? o->chase[0] : 1024;
    uint64_t hi = o->chase[0] ? o->chase[1] : o->quick ? 128ull << 20 : 4ull << 30;
    /* One allocation holds the largest array: it must fit the free memory,
     * with room left for the driver. */
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes)))
        return rfl_gmi_failed(c);
    const uint64_t room = free_bytes > (1ull << 30) ? (uint64_t)(0.9 * (double)(free_bytes - (1ull << 30))) : 0;
    if (hi > room) {
        char a[32], b[32];
        if (o->chase[0]) {
            rfl_error("option --chase-sizes: maximum %s does not fit the free device memory (%s usable)",
                      rfl_format_size(hi, a, sizeof a), rfl_format_size(room, b, sizeof b));
            return rfl_gmi_failed(c);
        }
        hi = room;
    }
    const unsigned long long min_steps = o->chase_steps ? o->chase_steps : o->quick ? 8192 : 32768;
    size_t npoints = 0;
    uint64_t *sizes = rfl_gpu_geometric(lo, hi, 2.0, &npoints);
    char *buf = NULL;
    if (!sizes || RFL_CUDA(cudaMalloc((void **)&buf, hi))) {
        free(sizes);
        return rfl_gmi_failed(c);
    }
    const size_t shared_max = rfl_gmi_chase_shared_max();
    struct rfl_gmi_table t;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_chase_table)) {
        cudaFree(buf);
        free(sizes);
        return -1;
    }
    /* Latency series (ns) per memory and stride, rank 0's GPU, for the evidence. */
    double *series = calloc((size_t)RFL_GMI_NCHASE * o->nstrides * npoints, sizeof *series);
    int stop = 0, failed = !series;
    for (int mem = 0; mem < RFL_GMI_NCHASE; mem++)
        for (int s = 0; s < o->nstrides; s++)
            for (size_t i = 0; i < npoints; i++) {
                const uint64_t size = sizes[i] / o->strides[s] * o->strides[s];
                if (!(size < 2 * o->strides[s] || (mem == RFL_GMI_SHARED && size > shared_max)))
                    rfl_gmi_expect(c, 0, chase_weight(size));
            }
    for (int mem = 0; mem < RFL_GMI_NCHASE && !stop && !failed; mem++)
        for (int s = 0; s < o->nstrides && !stop && !failed; s++) {
            const uint64_t stride = o->strides[s];
            for (size_t i = 0; i < npoints && !stop && !failed; i++) {
                const uint64_t size = sizes[i] / stride * stride;
                if (size < 2 * stride || (mem == RFL_GMI_SHARED && size > shared_max))
                    continue;
                char what[64];
                snprintf(what, sizeof what, "chase %s stride %llu", memory_names[mem], (unsigned long long)stride);
                if (!rfl_gmi_admit(c, 0, chase_weight(size), what))
                    continue;
                const int r =
                    mem != RFL_GMI_SHARED && RFL_CUDA(rfl_gmi_chase_init(buf, size / stride, stride, c->stream))
                        ? -1
                        : chase_point(c, &t, memory_names[mem], (enum rfl_gmi_chase_memory)mem, buf, size, stride,
                                      NULL, min_steps, &series[((size_t)mem * o->nstrides + s) * npoints + i]);
                failed = r < 0;
                stop = r > 0;
                rfl_gmi_done(c);
            }
        }
    cudaFree(buf);
    /* The page-sized strides again, over scattered pages (gpu_micro/vmm_pages.h):
     * cudaMalloc maps a large array contiguously, and what the hardware
     * makes of that may hide the TLB. buf is freed first: both may be most
     * of the device's memory. */
    double *scattered = calloc((size_t)o->nstrides * npoints, sizeof *scattered);
    char scattered_why[192] = "";
    int any_page = 0;
    for (int s = 0; s < o->nstrides; s++)
        any_page |= o->strides[s] >= (1u << 20);
    struct rfl_vmm_pages pages;
    memset(&pages, 0, sizeof pages);
    if (!scattered)
        failed = 1;
    else if (!stop && !failed && any_page &&
             rfl_vmm_pages_map(&pages, c->dev.index, hi, scattered_why, sizeof scattered_why) != 0)
        rfl_warn("chase: no scattered-page series: %s", scattered_why);
    /* Visited in a random order too: a next-page prefetch of translations
     * could hide misses from a walk in address order. */
    unsigned *order = NULL, *order_dev = NULL;
    size_t max_cycle = 0;
    for (int s = 0; s < o->nstrides; s++)
        if (o->strides[s] >= (1u << 20) && hi / o->strides[s] > max_cycle)
            max_cycle = hi / o->strides[s];
    if (pages.base && (max_cycle > UINT32_MAX || !(order = malloc(max_cycle * sizeof *order)) ||
                       RFL_CUDA(cudaMalloc((void **)&order_dev, max_cycle * sizeof *order_dev))))
        failed = 1;
    for (int s = 0; s < o->nstrides && pages.base && !stop && !failed; s++) {
        const uint64_t stride = o->strides[s];
        if (stride < (1u << 20))
            continue;
        for (size_t i = 0; i < npoints && !stop && !failed; i++) {
            const uint64_t size = sizes[i] / stride * stride;
            char what[64];
            snprintf(what, sizeof what, "chase %s stride %llu", SCATTERED_NAME, (unsigned long long)stride);
            if (size < 2 * stride || !rfl_gmi_admit(c, 0, chase_weight(size), what))
                continue;
            const unsigned long long cycle = size / stride;
            /* order[0] = 0, the rest a fixed shuffle (xorshift64) of 1..cycle-1. */
            uint64_t x = 0x2545f4914f6cdd1dull ^ cycle;
            for (size_t k = 0; k < cycle; k++)
                order[k] = (unsigned)k;
            for (size_t k = cycle; k > 2; k--) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                const size_t j = 1 + (size_t)(x % (k - 1));
                const unsigned tmp = order[k - 1];
                order[k - 1] = order[j];
                order[j] = tmp;
            }
            const int r =
                RFL_CUDA(cudaMemcpy(order_dev, order, cycle * sizeof *order, cudaMemcpyHostToDevice)) ||
                        RFL_CUDA(rfl_gmi_chase_init_order(pages.base, order_dev, cycle, stride, c->stream))
                    ? -1
                    : chase_point(c, &t, SCATTERED_NAME, RFL_GMI_GLOBAL_CG, pages.base, size, stride, order,
                                  min_steps, &scattered[(size_t)s * npoints + i]);
            failed = r < 0;
            stop = r > 0;
            rfl_gmi_done(c);
        }
    }
    free(order);
    cudaFree(order_dev);
    const size_t page_bytes = pages.page_bytes;
    const int have_scattered = pages.base != NULL;
    rfl_vmm_pages_free(&pages);
    if (failed) {
        free(scattered);
        free(series);
        free(sizes);
        return rfl_gmi_abort(c, &t);
    }
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        /* The line-sized stride shows capacities; the largest, pages. */
        int line = -1, page = -1;
        for (int s = 0; s < o->nstrides; s++) {
            if (o->strides[s] >= 32 && (line < 0 || o->strides[s] < o->strides[line]))
                line = s;
            if (o->strides[s] >= (1u << 20) && (page < 0 || o->strides[s] > o->strides[page]))
                page = s;
        }
        char a[32], b[32], note[512];
        for (int mem = 0; mem < RFL_GMI_SHARED && line >= 0; mem++) {
            /* Drop the sizes a stride skipped, keeping indices into sizes. */
            double lat[64];
            int idx[64], n = 0, at[8];
            for (size_t i = 0; i < npoints && n < 64; i++) {
                const double v = series[((size_t)mem * o->nstrides + line) * npoints + i];
                if (v > 0) {
                    lat[n] = v;
                    idx[n++] = (int)i;
                }
            }
            const int edges = rfl_gmi_transitions(lat, n, EDGE_RATIO, at, 8);
            if (n > 0) {
                char z[32];
                snprintf(note, sizeof note, "stride %s: %.0f ns at %s, %.0f ns at %s",
                         rfl_format_size(o->strides[line], a, sizeof a), lat[0],
                         rfl_format_size(sizes[idx[0]], b, sizeof b), lat[n - 1],
                         rfl_format_size(sizes[idx[n - 1]], z, sizeof z));
                rfl_gpu_evidence(ev, mem == RFL_GMI_GLOBAL_CA ? "chase_l1_hit_ns" : "chase_l2_hit_ns", lat[0], "ns",
                                 NULL, NAN, 0, note);
            }
            if (mem == RFL_GMI_GLOBAL_CA && edges > 0) {
                snprintf(note, sizeof note, "latency steps up between %s and %s (L1 + shared per SM: %.0f KiB)",
                         rfl_format_size(sizes[idx[at[0] - 1]], a, sizeof a), rfl_format_size(sizes[idx[at[0]]], b, sizeof b),
                         c->dev.rates.l1_bytes / 1024.0);
                rfl_gpu_evidence(ev, "chase_l1_edge_bytes", (double)sizes[idx[at[0]]], "bytes", NULL, NAN, 0, note);
            }
            if (mem == RFL_GMI_GLOBAL_CG) {
                /* With L1 bypassed, the first step is the L2 running out. */
                if (edges > 0)
                    snprintf(note, sizeof note, "ld.cg latency steps up between %s and %s; documented L2 %.0f MiB",
                             rfl_format_size(sizes[idx[at[0] - 1]], a, sizeof a),
                             rfl_format_size(sizes[idx[at[0]]], b, sizeof b), c->dev.l2_bytes / 1048576.0);
                else
                    snprintf(note, sizeof note, "no step in ld.cg latency over the sizes run");
                rfl_gpu_evidence(ev, "chase_l2_edge_bytes", edges > 0 ? (double)sizes[idx[at[0]]] : NAN, "bytes", "~",
                                 (double)c->dev.l2_bytes, 0.5, note);
                if (n > 0)
                    rfl_gpu_evidence(ev, "chase_memory_ns", lat[n - 1], "ns", NULL, NAN, 0,
                                     "ld.cg at the largest size: device-memory latency");
            }
        }
        /* Page-sized strides keep the lines few: what rises is the TLB.
         * Each stride of 1 MiB or more is a series; the first edge of the
         * smallest such stride is the evidence. */
        size_t used = 0;
        double first_edge = NAN;
        int seen_stride = 0;
        note[0] = 0;
        if (have_scattered)
            used = (size_t)snprintf(note, sizeof note, "%s pages mapped and visited in shuffled order, ld.cg: ",
                                    rfl_format_size(page_bytes, a, sizeof a));
        else
            used = (size_t)snprintf(note, sizeof note, "cudaMalloc array, ld.cg (%s): ", scattered_why);
        for (int s = 0; s < o->nstrides; s++) {
            if (o->strides[s] < (1u << 20))
                continue;
            double lat[64];
            int idx[64], n = 0, at[8];
            for (size_t i = 0; i < npoints && n < 64; i++) {
                const double v = have_scattered ? scattered[(size_t)s * npoints + i]
                                                : series[((size_t)RFL_GMI_GLOBAL_CG * o->nstrides + s) * npoints + i];
                if (v > 0) {
                    lat[n] = v;
                    idx[n++] = (int)i;
                }
            }
            const int edges = rfl_gmi_transitions(lat, n, TLB_EDGE_RATIO, at, 8);
            const int first_stride = !seen_stride;
            seen_stride = 1;
            if (used < sizeof note)
                used += (size_t)snprintf(note + used, sizeof note - used, "%sstride %s:", first_stride ? "" : "; ",
                                         rfl_format_size(o->strides[s], a, sizeof a));
            for (int e = 0; e < edges && used < sizeof note; e++)
                used += (size_t)snprintf(note + used, sizeof note - used, " %s->%s %.0f->%.0f ns",
                                         rfl_format_size(sizes[idx[at[e] - 1]], a, sizeof a),
                                         rfl_format_size(sizes[idx[at[e]]], b, sizeof b), lat[at[e] - 1], lat[at[e]]);
            if (edges == 0 && used < sizeof note)
                used += (size_t)snprintf(note + used, sizeof note - used, " no step up to %s",
                                         n ? rfl_format_size(sizes[idx[n - 1]], a, sizeof a) : "-");
            if (edges > 0 && isnan(first_edge))
                first_edge = (double)sizes[idx[at[0]]];
        }
        if (page >= 0)
            rfl_gpu_evidence(ev, "chase_tlb_edge_bytes", first_edge, "bytes", NULL, NAN, 0, note);
        json_t *sl = json_array();
        for (int s = 0; s < o->nstrides; s++)
            json_array_append_new(sl, json_integer((json_int_t)o->strides[s]));
        json_object_set_new(c->mode_meta, "strides_bytes", sl);
        json_object_set_new(c->mode_meta, "array_bytes_min", json_integer((json_int_t)lo));
        json_object_set_new(c->mode_meta, "array_bytes_max", json_integer((json_int_t)hi));
        json_object_set_new(c->mode_meta, "min_steps", json_integer((json_int_t)min_steps));
        json_object_set_new(c->mode_meta, "edge_ratio", json_real(EDGE_RATIO));
        json_object_set_new(c->mode_meta, "tlb_edge_ratio", json_real(TLB_EDGE_RATIO));
        json_object_set_new(c->mode_meta, "scattered_page_bytes",
                            have_scattered ? json_integer((json_int_t)page_bytes) : json_null());
    }
    free(scattered);
    free(series);
    free(sizes);
    return rfl_gmi_table_close(c, &t);
}
