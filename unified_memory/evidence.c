/* What rfl_unified_memory concludes from rank 0's rows: the evidence lines
 * (each measured rate beside the target the paper's findings set), the
 * reuse needed for half the device pass's rate, and the summary table. */
#include "config.h"
#include "unified_memory/sweep.h"
#include "common/log.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>

/* Working sets at least this many times the L2 are "large": the passes
 * stream from device memory rather than from the L2. */
#define LARGE_L2_FACTOR 4

/* A (working set, reuse) where every listed mechanism was measured in
 * `base`: the largest working set, preferring large ones (>= 4 x L2), and
 * at it the smallest reuse (top = 0) or the largest (top = 1). 0 when
 * there is none. */
static int pick(const struct rfl_um_table *t, const double *base, const int *mechs, int nm, uint64_t large, int top,
                long *w_out, int *r_out)
{
    for (int pass = 0; pass < 2; pass++)
        for (long w = (long)t->nw - 1; w >= 0; w--) {
            if (pass == 0 && t->wss[w] < large)
                continue;
            for (int i = 0; i < t->nr; i++) {
                const int r = top ? t->nr - 1 - i : i;
                int all = 1;
                for (int k = 0; k < nm; k++)
                    all = all && isfinite(base[((size_t)mechs[k] * t->nw + (size_t)w) * (size_t)t->nr + (size_t)r]);
                if (all) {
                    *w_out = w;
                    *r_out = r;
                    return 1;
                }
            }
        }
    return 0;
}

void rfl_um_evidence(const struct rfl_um_ctx *c, const struct rfl_um_table *t, json_t *list, json_t *half)
{
    const unsigned mechs = c->mechs;
    const struct rfl_um_reference *ref = &c->ref;
    const unsigned *reuse = c->o->reuse;
    const uint64_t large = LARGE_L2_FACTOR * (uint64_t)c->dev.l2_bytes;
    char note[256], a[32];
    long w;
    int r;
    rfl_info("evidence: device %s, %d SMs, L2 %.0f MiB, PCI %s", c->dev.name, c->dev.sm_count,
             c->dev.l2_bytes / 1048576.0, c->dev.pci_bus_id);
    const double round_trip = 2.0 / (1.0 / ref->h2d + 1.0 / ref->d2h);
    const char *ge = isfinite(round_trip) ? ">=" : NULL; /* no target without the reference */
    snprintf(note, sizeof note, "cudaMemcpy of %s from cudaMallocHost memory, best of %d",
             rfl_format_size((uint64_t)ref->bytes, a, sizeof a), RFL_UM_REF_SAMPLES);
    rfl_gpu_evidence(list, "reference_memcpy_h2d", ref->h2d, "GB/s", NULL, NAN, 0, note);
    rfl_gpu_evidence(list, "reference_memcpy_d2h", ref->d2h, "GB/s", NULL, NAN, 0, note);
    rfl_gpu_evidence(list, "reference_device_pass", ref->device_rmw, "GB/s", NULL, NAN, 0,
                     "the GPU pass on cudaMalloc memory: the ceiling as reuse grows");
    rfl_gpu_evidence(list, "reference_cpu_pass", ref->cpu_rmw, "GB/s", NULL, NAN, 0,
                     "the OpenMP CPU pass on pinned host memory");

    for (int pm = RFL_UM_PINNED_REGISTER; pm <= RFL_UM_PINNED_ALLOC; pm++) {
        if (!(mechs >> pm & 1))
            continue;
        const int one[1] = {pm};
        char name[96];
        int found = pick(t, t->transfer, one, 1, large, 0, &w, &r);
        snprintf(name, sizeof name, "%s_copy_vs_memcpy", rfl_um_mechanisms[pm].name);
        snprintf(note, sizeof note, "2 x wss / (H2D + D2H) at %s, reuse %u; target 0.95 x %.4g GB/s (pinned memcpy)",
                 found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0, round_trip);
        rfl_gpu_evidence(list, name, found ? *rfl_um_cell(t, t->transfer, pm, (size_t)w, r) : NAN, "GB/s", ge,
                         0.95 * round_trip, 0, note);
        found = pick(t, t->gbs, one, 1, large, 1, &w, &r);
        snprintf(name, sizeof name, "%s_top_reuse_vs_device", rfl_um_mechanisms[pm].name);
        snprintf(note, sizeof note, "effective %.4g GB/s at %s, reuse %u, over the device pass %.4g GB/s",
                 found ? *rfl_um_cell(t, t->gbs, pm, (size_t)w, r) : NAN, found ? rfl_format_size(t->wss[w], a, sizeof a) : "-",
                 found ? reuse[r] : 0, ref->device_rmw);
        rfl_gpu_evidence(list, name, found ? *rfl_um_cell(t, t->gbs, pm, (size_t)w, r) / ref->device_rmw : NAN, "fraction",
                         NULL, NAN, 0, note);
    }
    if (mechs >> RFL_UM_ZERO_COPY & 1) {
        /* Flat in reuse: no reuse gains more than 10% over the smallest. */
        const int zc[1] = {RFL_UM_ZERO_COPY};
        double gain = NAN;
        unsigned at = 0;
        int found = pick(t, t->gbs, zc, 1, large, 0, &w, &r) && r == 0;
        if (found) {
            const double base = *rfl_um_cell(t, t->gbs, RFL_UM_ZERO_COPY, (size_t)w, 0);
            int measured = 0;
            for (int i = 0; i < t->nr; i++) {
                const double v = *rfl_um_cell(t, t->gbs, RFL_UM_ZERO_COPY, (size_t)w, i);
                if (isfinite(v) && (measured++ == 0 || v / base > gain)) {
                    gain = v / base;
                    at = reuse[i];
                }
            }
            if (measured < 2)
                gain = NAN;
        }
        snprintf(note, sizeof note, "best effective rate over the one at reuse %u, at %s (best at reuse %u)", reuse[0],
                 found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", at);
        rfl_gpu_evidence(list, "zero_copy_reuse_gain", gain, "ratio", "<=", 1.1, 0, note);
    }
    const int pair[2] = {RFL_UM_MANAGED, RFL_UM_PINNED_ALLOC};
    if ((mechs >> RFL_UM_MANAGED & 1) && (mechs >> RFL_UM_PINNED_ALLOC & 1)) {
        for (int top = 0; top < 2; top++) {
            int found = pick(t, t->gbs, pair, 2, large, top, &w, &r);
            snprintf(note, sizeof note, "managed %.4g GB/s, pinned_alloc %.4g GB/s at %s, reuse %u",
                     found ? *rfl_um_cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r) : NAN,
                     found ? *rfl_um_cell(t, t->gbs, RFL_UM_PINNED_ALLOC, (size_t)w, r) : NAN,
                     found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0);
            rfl_gpu_evidence(list, top ? "managed_vs_pinned_high_reuse" : "managed_vs_pinned_low_reuse",
                             found ? *rfl_um_cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r) /
                                         *rfl_um_cell(t, t->gbs, RFL_UM_PINNED_ALLOC, (size_t)w, r)
                                   : NAN,
                             "ratio", top ? ">=" : "<=", top ? 0.9 : 1.0, 0, note);
        }
    }
    if ((mechs >> RFL_UM_MANAGED & 1) && (mechs >> RFL_UM_MANAGED_PREFETCH & 1)) {
        const int mp[2] = {RFL_UM_MANAGED_PREFETCH, RFL_UM_MANAGED};
        for (int top = 0; top < 2; top++) {
            int found = pick(t, t->gbs, mp, 2, large, top, &w, &r);
            snprintf(note, sizeof note, "what prefetching buys: managed_prefetch over managed at %s, reuse %u",
                     found ? rfl_format_size(t->wss[w], a, sizeof a) : "-", found ? reuse[r] : 0);
            rfl_gpu_evidence(list, top ? "managed_prefetch_vs_managed_high_reuse" : "managed_prefetch_vs_managed_low_reuse",
                             found ? *rfl_um_cell(t, t->gbs, RFL_UM_MANAGED_PREFETCH, (size_t)w, r) /
                                         *rfl_um_cell(t, t->gbs, RFL_UM_MANAGED, (size_t)w, r)
                                   : NAN,
                             "ratio", NULL, NAN, 0, note);
        }
    }
    /* The reuse needed for half the device pass's rate, per mechanism and
     * working set (JSON), and at the largest working set (printed). */
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        if (!(mechs >> m & 1))
            continue;
        long printed = -1;
        unsigned printed_reuse = 0;
        for (long v = (long)t->nw - 1; v >= 0; v--) {
            int any = 0, found = -1;
            for (int i = 0; i < t->nr; i++) {
                const double g = *rfl_um_cell(t, t->gbs, m, (size_t)v, i);
                any = any || isfinite(g);
                if (found < 0 && isfinite(g) && g >= 0.5 * ref->device_rmw)
                    found = i;
            }
            if (!any)
                continue;
            if (half)
                json_array_append_new(half, json_pack("{s:s, s:I, s:o}", "mechanism", rfl_um_mechanisms[m].name,
                                                      "wss_bytes", (json_int_t)t->wss[v], "reuse",
                                                      found >= 0 ? json_integer(reuse[found]) : json_null()));
            if (printed < 0) {
                printed = v;
                printed_reuse = found >= 0 ? reuse[found] : 0;
            }
        }
        char name[96];
        snprintf(name, sizeof name, "reuse_to_half_device_%s", rfl_um_mechanisms[m].name);
        snprintf(note, sizeof note, "smallest reuse measured with >= 0.5 x %.4g GB/s at %s%s", ref->device_rmw,
                 printed >= 0 ? rfl_format_size(t->wss[printed], a, sizeof a) : "-",
                 printed >= 0 && !printed_reuse ? " (not reached)" : "");
        rfl_gpu_evidence(list, name, printed_reuse ? (double)printed_reuse : NAN, "reuse", NULL, NAN, 0, note);
    }
}

void rfl_um_print_summary(const struct rfl_um_ctx *c, const struct rfl_um_table *t)
{
    const unsigned mechs = c->mechs;
    fprintf(stderr, "effective GB/s at the largest working set measured (rank 0's GPU)\n%-18s %8s", "mechanism",
            "wss");
    for (int r = 0; r < t->nr; r++)
        fprintf(stderr, " %8u", c->o->reuse[r]);
    fputc('\n', stderr);
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        if (!(mechs >> m & 1))
            continue;
        long w = (long)t->nw - 1;
        for (; w >= 0; w--) {
            int any = 0;
            for (int r = 0; r < t->nr; r++)
                any = any || isfinite(*rfl_um_cell(t, t->gbs, m, (size_t)w, r));
            if (any)
                break;
        }
        char sz[32];
        fprintf(stderr, "%-18s %8s", rfl_um_mechanisms[m].name, w >= 0 ? rfl_format_size(t->wss[w], sz, sizeof sz) : "-");
        for (int r = 0; r < t->nr; r++) {
            const double v = w >= 0 ? *rfl_um_cell(t, t->gbs, m, (size_t)w, r) : NAN;
            if (isfinite(v))
                fprintf(stderr, " %8.1f", v);
            else
                fprintf(stderr, " %8s", "-");
        }
        fputc('\n', stderr);
    }
}
