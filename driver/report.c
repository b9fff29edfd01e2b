/* rfl report: report.md (PNGs linked) and report.html (PNGs embedded as
 * base64, one file to mail or attach), written from one description. */
#include "config.h"
#include "driver.h"
#include "doc.h"
#include "markup.h"
#include "profile_table.h"
#include "report_dense.h"
#include "report_budget.h"
#include "report_caches.h"
#include "report_link.h"
#include "report_layouts.h"
#include "report_members.h"
#include "report_warnings.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"
#include "plot/plot.h"
#include "common/afile.h"
#include "common/csv.h"
#include "common/input.h"
#include "common/log.h"
#include "common/size.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void base64(FILE *out, const unsigned char *data, size_t n)
{
    static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)data[i] << 16 | (i + 1 < n ? (unsigned)data[i + 1] << 8 : 0) |
                     (i + 2 < n ? data[i + 2] : 0);
        fputc(al[v >> 18 & 63], out);
        fputc(al[v >> 12 & 63], out);
        fputc(i + 1 < n ? al[v >> 6 & 63] : '=', out);
        fputc(i + 2 < n ? al[v & 63] : '=', out);
    }
}

/* The chart's vector files (rfl plot --format), linked beside the PNG: the
 * HTML stays one file to mail, so they are not embedded. */
static void vector_links(struct rfl_doc *d, const char *base)
{
    int n = 0;
    for (int f = 1; rfl_plot_format_names[f]; f++) {
        char name[128], path[2200];
        snprintf(name, sizeof name, "%s.%s", base, rfl_plot_format_names[f]);
        snprintf(path, sizeof path, "%s/%s", d->dir, name);
        if (access(path, F_OK) != 0)
            continue;
        fprintf(d->md.fp, "%s[%s](%s)", n ? ", " : "Also as ", name, name);
        fprintf(d->html.fp, "%s<a href=\"", n++ ? ", " : "<p>Also as ");
        rfl_html_text(d->html.fp, name);
        fprintf(d->html.fp, "\">");
        rfl_html_text(d->html.fp, name);
        fprintf(d->html.fp, "</a>");
    }
    if (n) {
        fprintf(d->md.fp, "\n\n");
        fprintf(d->html.fp, "</p>\n");
    }
}

static void image(struct rfl_doc *d, const char *alt, const char *base)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s.png", d->dir, base);
    char why[256];
    size_t n = 0;
    unsigned char *buf = (unsigned char *)rfl_input_load(path, RFL_INPUT_MAX_BYTES, &n, why, sizeof why);
    if (!buf) {
        if (errno != ENOENT)
            rfl_warn("%s: %s: left out of the report", path, why);
        fprintf(d->md.fp, "*%s: not rendered (no gnuplot); the script is `%s.gp`.*\n\n", alt, base);
        fprintf(d->html.fp, "<p><em>");
        rfl_html_text(d->html.fp, alt);
        fprintf(d->html.fp, ": not rendered (no gnuplot); the script is ");
        rfl_html_text(d->html.fp, base);
        fprintf(d->html.fp, ".gp.</em></p>\n");
        vector_links(d, base);
        return;
    }
    fprintf(d->md.fp, "![%s](%s.png)\n\n", alt, base);
    if (n > 0) {
        fprintf(d->html.fp, "<figure><img alt=\"");
        rfl_html_text(d->html.fp, alt);
        fprintf(d->html.fp, "\" src=\"data:image/png;base64,");
        base64(d->html.fp, buf, n);
        fprintf(d->html.fp, "\"><figcaption>");
        rfl_html_text(d->html.fp, alt);
        fprintf(d->html.fp, "</figcaption></figure>\n");
    }
    free(buf);
    vector_links(d, base);
}

/* A chart that `rfl plot` made a script for (a GPU chart without data has none). */
static void chart_if_drawn(struct rfl_doc *d, const char *alt, const char *base)
{
    char gp[2048], png[2048];
    snprintf(gp, sizeof gp, "%s/%s.gp", d->dir, base);
    snprintf(png, sizeof png, "%s/%s.png", d->dir, base);
    /* Only whether they are there: opening a FIFO would wait for a writer. */
    if (access(gp, F_OK) != 0 && access(png, F_OK) != 0)
        return;
    image(d, alt, base);
}

/* The charts of the chart table that apply, of one section (CPU or GPU). */
static void charts(struct rfl_doc *d, const struct rfl_model *m, int gpu)
{
    for (size_t i = 0; i < rfl_plot_ncharts; i++) {
        const struct rfl_plot_chart *k = &rfl_plot_charts[i];
        const size_t count = k->gpu == gpu ? rfl_plot_chart_count(k, m) : 0;
        for (size_t j = 0; j < count; j++) {
            char base[64];
            rfl_plot_chart_name(k, m, j, base, sizeof base);
            if (k->gpu)
                chart_if_drawn(d, k->caption, base);
            else
                image(d, k->caption, base);
        }
    }
}

static const char *num(char *buf, size_t len, double v, const char *fmt)
{
    if (!isfinite(v))
        snprintf(buf, len, "-");
    else
        rfl_format_double(buf, len, fmt, v);
    return buf;
}

static const char *size_or_dash(char *buf, size_t len, uint64_t v)
{
    if (!v)
        snprintf(buf, len, "-");
    else
        rfl_format_size(v, buf, len);
    return buf;
}

static void machine_section(struct rfl_doc *d, const struct rfl_model *m)
{
    static const char *const head[] = {"", ""};
    char caches[512] = "", mem[32], tmp[64];
    size_t used = 0;
    for (unsigned l = 0; l < m->ncache; l++) {
        char size[32];
        used += (size_t)snprintf(caches + used, sizeof caches - used, "%sL%d %s x %u", l ? ", " : "",
                                 m->cache[l].level, rfl_format_size(m->cache[l].size_bytes, size, sizeof size),
                                 m->cache[l].instances);
    }
    rfl_doc_table_begin(d, head, 2);
    const char *rows[][2] = {
        {"machine", m->machine},
        {"host", m->host},
        {"CPU", m->cpu_model[0] ? m->cpu_model : "-"},
        {"caches (hwloc)", caches[0] ? caches : "-"},
        {"memory", size_or_dash(mem, sizeof mem, m->memory_bytes)},
        {"measured (UTC)", m->date},
        {"rfl version", m->version},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        rfl_doc_table_row(d, rows[i], 2);
    if (m->cores) {
        snprintf(tmp, sizeof tmp, "%u", m->cores);
        const char *r[2] = {"cores", tmp};
        rfl_doc_table_row(d, r, 2);
    }
    if (m->clock_ghz > 0) {
        rfl_format_double(tmp, sizeof tmp, "%.2f GHz (measured by rfl_flops)", m->clock_ghz);
        const char *r[2] = {"clock", tmp};
        rfl_doc_table_row(d, r, 2);
    }
    rfl_doc_table_end(d);
}

static void ceilings_section(struct rfl_doc *d, const struct rfl_model *m)
{
    static const char *const head[] = {"device", "ceiling", "value", "spread", "spec", "% of spec", "kernel",
                                       "precision", "ISA", "ranks x threads", "working sets",
                                       "level size (hwloc)", "detected end of level", "file"};
    rfl_doc_table_begin(d, head, 14);
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        char value[96], spec[200], pct[32], rxt[32], wss[96], topo[32], trans[32], a[32], b[32], name[192];
        char words[96];
        snprintf(name, sizeof name, "%s%s%s%s", c->name, c->shared_with[0] ? " (same plateau as " : "",
                 c->shared_with, c->shared_with[0] ? ")" : "");
        if (c->unconfirmed) /* ceilings/caches.h: its memory plateau did not flatten */
            snprintf(name + strlen(name), sizeof name - strlen(name), " (plateau not confirmed)");
        snprintf(value, sizeof value, "%s %s", num(a, sizeof a, c->value, "%.1f"), rfl_ceiling_unit(c));
        if (isfinite(c->synchronised)) /* the threads ran unevenly: say which figure is which */
            snprintf(value + strlen(value), sizeof value - strlen(value), " sustained (synchronised %s)",
                     num(b, sizeof b, c->synchronised, "%.1f"));
        if (c->spec > 0)
            snprintf(spec, sizeof spec, "%s (%s)", num(a, sizeof a, c->spec, "%.1f"), c->spec_source);
        else if (strcmp(c->device, "cpu") != 0 && c->kind == RFL_CEILING_BANDWIDTH &&
                 rfl_gpu_level_named(c->name) == RFL_GPU_L2)
            snprintf(spec, sizeof spec, "none: NVIDIA publishes no L2 bandwidth");
        else
            snprintf(spec, sizeof spec, "-");
        num(pct, sizeof pct, rfl_ceiling_percent(c), "%.0f%%");
        if (strcmp(c->device, "cpu") == 0)
            snprintf(rxt, sizeof rxt, "%ld x %ld", c->ranks, c->threads_per_rank);
        else if (c->threads_per_rank > 0)
            snprintf(rxt, sizeof rxt, "%ld GPU thread%s", c->threads_per_rank, c->threads_per_rank == 1 ? "" : "s");
        else
            snprintf(rxt, sizeof rxt, "-");
        if (c->kind == RFL_CEILING_BANDWIDTH)
            snprintf(wss, sizeof wss, "%s - %s", size_or_dash(a, sizeof a, c->wss_min_bytes),
                     size_or_dash(b, sizeof b, c->wss_max_bytes));
        else if (isfinite(c->flops_per_elem))
            snprintf(wss, sizeof wss, "%s at %s flops/element", size_or_dash(a, sizeof a, c->wss_min_bytes),
                     num(b, sizeof b, c->flops_per_elem, "%g"));
        else
            snprintf(wss, sizeof wss, "%s (matrices)", size_or_dash(a, sizeof a, c->wss_min_bytes));
        const char *row[] = {c->device, name, value, rfl_spread_words(words, sizeof words, c), spec, pct, c->kernel,
                             c->precision, c->isa, rxt, wss, size_or_dash(topo, sizeof topo, c->topology_bytes),
                             size_or_dash(trans, sizeof trans, c->transition_bytes), c->file};
        rfl_doc_table_row(d, row, 14);
    }
    rfl_doc_table_end(d);
    rfl_doc_para(d, "Bandwidth ceilings are the best rate on the plateau of the sweep that holds most of a level's "
            "working sets; levels are named by hwloc's cache sizes, and the detected end of each level "
            "(where its plateau gives way, median over the kernels) stands beside the size hwloc reports; DRAM's is "
            "the best rate on the memory plateau, from where the sweep measured the last transition to end. "
            "Compute ceilings are the best rate of each precision and instruction set. A ceiling's value is that best "
            "rate; its spread is the typical rate of its points beside it (the median over the plateau's points, "
            "or the top of the flops sweep, of each point's median sample) and its share of the best; below "
            "%.0f%% of the best the ceiling is marked noisy. Where a CPU point's threads ran unevenly (a shared host "
            "that puts two vCPUs on one core for a while), its ceiling is the rate the threads sustained at their "
            "own pace over a window, marked sustained, with the synchronised best beside it: what a "
            "bulk-synchronous code, each step waiting for its slowest thread, sees.", 100 - 2 * RFL_SPREAD_NOISY_PERCENT);
    if (m->fma.sentence[0])
        rfl_doc_para(d, "%s", m->fma.sentence);
    if (m->gpu && m->gpu->dev.known)
        rfl_doc_para(d, "GPU levels are named by the GPU's properties: the aggregate L1 (SMs x L1/shared per SM) and the "
                "L2 size cut each global-memory kernel's curve; Kernel C (shared_blocked) works in shared memory "
                "at any working set, so its plateau is the shared-memory ceiling. Device memory counts working sets "
                "of at least 4 x L2. The host link is the fitted bandwidth of pinned cudaMemcpy; tensor ceilings are "
                "the best cuBLAS (or dmma) GEMM of each tensor unit and input type. GPU spec values come from the "
                "device: the datasheet bandwidth, and SMs x the measured clock x bytes or flops per clock.");
}

/* Each rank's own ceilings and the outliers (report_members.h). */
static void members_section(struct rfl_doc *d, const struct rfl_model *m)
{
    char cells[RFL_REPORT_MEMBER_COLS][RFL_REPORT_MEMBER_CELL], text[2048];
    const char *row[RFL_REPORT_MEMBER_COLS];
    rfl_doc_heading(d, 2, "Members: each rank's ceilings");
    const struct rfl_member **order = NULL;
    if (rfl_report_members_order(m, &order) != 0)
        return; /* out of memory: no table */
    rfl_doc_table_begin(d, rfl_report_member_head, RFL_REPORT_MEMBER_COLS);
    for (size_t k = 0; k < m->nmembers; k++) {
        rfl_report_member_row(m, order[k], cells);
        for (int i = 0; i < RFL_REPORT_MEMBER_COLS; i++)
            row[i] = cells[i];
        rfl_doc_table_row(d, row, RFL_REPORT_MEMBER_COLS);
    }
    rfl_doc_table_end(d);
    free(order);
    rfl_report_members_text(m, text, sizeof text);
    rfl_doc_para(d, "%s", text);
}

/* ---------------------------------------------------------------------------
 * GPU sections
 * ------------------------------------------------------------------------- */

static void gpu_device_section(struct rfl_doc *d, const struct rfl_model *m)
{
    const struct rfl_gpu_device *g = &m->gpu->dev;
    static const char *const head[] = {"", ""};
    char idx[64], sms[64], l1[128], l2[32], mem[32], clk[32], ds[160], a[32], b[32];
    snprintf(idx, sizeof idx, "%s (CUDA device %d, rank %d)", g->label, g->index, g->rank);
    snprintf(sms, sizeof sms, "%u (compute capability %s, %s)", g->sm_count, g->cc[0] ? g->cc : "?",
             g->arch[0] ? g->arch : "?");
    snprintf(l1, sizeof l1, "%s L1/shared per SM (%s shared usable)", size_or_dash(a, sizeof a, g->l1_bytes_per_sm),
             size_or_dash(b, sizeof b, g->shared_bytes_per_sm));
    size_or_dash(l2, sizeof l2, g->l2_bytes);
    size_or_dash(mem, sizeof mem, g->global_mem_bytes);
    num(clk, sizeof clk, g->sm_clock_max_mhz > 0 ? g->sm_clock_max_mhz : NAN, "%.0f MHz");
    if (g->datasheet_gbytes_per_s > 0)
        snprintf(ds, sizeof ds, "%s: %.0f GB/s", g->part, g->datasheet_gbytes_per_s);
    else if (g->mem_theoretical_gbytes_per_s > 0)
        snprintf(ds, sizeof ds, "unknown part; 2 x memory clock x bus width = %.0f GB/s",
                 g->mem_theoretical_gbytes_per_s);
    else
        snprintf(ds, sizeof ds, "-");
    rfl_doc_table_begin(d, head, 2);
    const char *rows[][2] = {{"GPU", g->name}, {"device", idx},      {"SMs", sms},
                             {rfl_gpu_level_names[RFL_GPU_L1], l1}, {rfl_gpu_level_names[RFL_GPU_L2], l2},
                             {rfl_gpu_level_names[RFL_GPU_DEVMEM], mem},
                             {"max SM clock", clk}, {"memory bandwidth (spec)", ds}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        rfl_doc_table_row(d, rows[i], 2);
    rfl_doc_table_end(d);
}

static void gpu_tables(struct rfl_doc *d, const struct rfl_model *m)
{
    const struct rfl_gpu_data *g = m->gpu;
    char a[64], b[64], c[64], e[64], f[64];
    if (g->ntransfers) {
        rfl_doc_heading(d, 3, "Host-device copies (rfl_gpu_micro transfer)");
        static const char *const head[] = {"direction", "host memory", "latency", "bandwidth (fit)",
                                           "largest copy", "rms error of the fit"};
        rfl_doc_table_begin(d, head, 6);
        for (size_t i = 0; i < g->ntransfers; i++) {
            const struct rfl_gpu_transfer *x = &g->transfers[i];
            if (!x->have_fit)
                continue;
            num(a, sizeof a, x->latency_us, "%.2f us");
            num(b, sizeof b, x->gbytes_per_s, "%.1f GB/s");
            num(c, sizeof c, x->largest_gbytes_per_s, "%.1f GB/s");
            num(e, sizeof e, 100 * x->rms_error, "%.1f%%");
            const char *row[] = {x->direction, x->host_memory, a, b, c, e};
            rfl_doc_table_row(d, row, 6);
        }
        rfl_doc_table_end(d);
    }
    if (g->nlaunch || g->nbarrier) {
        rfl_doc_heading(d, 3, "Launch overhead and device-wide barriers (rfl_gpu_micro launch, barrier)");
        static const char *const head[] = {"what", "method", "blocks", "threads per block / blocks per SM",
                                           "fastest", "median"};
        rfl_doc_table_begin(d, head, 6);
        for (int k = 0; k < 2; k++) {
            const struct rfl_gpu_row *rows = k ? g->barrier : g->launch;
            size_t n = k ? g->nbarrier : g->nlaunch;
            for (size_t i = 0; i < n; i++) {
                snprintf(a, sizeof a, "%ld", rows[i].a);
                snprintf(b, sizeof b, "%ld", rows[i].b);
                num(c, sizeof c, rows[i].value, "%.2f us");
                num(e, sizeof e, rows[i].value2, "%.2f us");
                const char *row[] = {k ? "barrier" : "launch", rows[i].what, a, b, c, e};
                rfl_doc_table_row(d, row, 6);
            }
        }
        rfl_doc_table_end(d);
    }
    if (g->npipeline) {
        /* Per precision: the latency (one thread, one chain) and the best
         * throughput with the block shape that reached it. */
        rfl_doc_heading(d, 3, "FMA pipeline (rfl_gpu_micro pipeline, one block on one SM)");
        static const char *const head[] = {"precision", "latency: cycles per dependent FMA (1 thread, 1 chain)",
                                           "best fraction of the SM's FMA peak", "at threads x chains"};
        rfl_doc_table_begin(d, head, 4);
        for (size_t i = 0; i < g->npipeline; i++) {
            const struct rfl_gpu_row *r = &g->pipeline[i];
            int seen = 0;
            for (size_t j = 0; j < i; j++)
                seen |= !strcmp(g->pipeline[j].what, r->what);
            if (seen)
                continue;
            const struct rfl_gpu_row *lat = NULL, *best = NULL;
            for (size_t j = i; j < g->npipeline; j++) {
                const struct rfl_gpu_row *q = &g->pipeline[j];
                if (strcmp(q->what, r->what))
                    continue;
                if (q->a == 1 && q->b == 1)
                    lat = q;
                if (!best || q->value2 > best->value2)
                    best = q;
            }
            num(a, sizeof a, lat ? lat->value : NAN, "%.2f");
            num(b, sizeof b, best->value2, "%.3f");
            snprintf(c, sizeof c, "%ld x %ld", best->a, best->b);
            const char *row[] = {r->what, a, b, c};
            rfl_doc_table_row(d, row, 4);
        }
        rfl_doc_table_end(d);
    }
    if (g->nstride) {
        rfl_doc_heading(d, 3, "Copy bandwidth by alignment and stride (rfl_gpu_micro stride)");
        static const char *const head[] = {"pattern", "word bytes", "stride (words)", "GB/s (useful bytes)",
                                           "fraction of the datasheet"};
        rfl_doc_table_begin(d, head, 5);
        for (size_t i = 0; i < g->nstride; i++) {
            const struct rfl_gpu_row *r = &g->stride[i];
            snprintf(a, sizeof a, "%ld", r->a);
            snprintf(b, sizeof b, "%ld", r->b);
            num(c, sizeof c, r->value, "%.1f");
            num(e, sizeof e, r->value2, "%.3f");
            const char *row[] = {r->what, a, b, c, e};
            rfl_doc_table_row(d, row, 5);
        }
        rfl_doc_table_end(d);
    }
    if (g->nmodel) {
        rfl_doc_heading(d, 3, "GEMM upper-bound model (rfl_gemm, Lai and Seznec)");
        static const char *const head[] = {"kernel", "precision", "size", "main loop FMA / LDS / other",
                                           "P_SM", "P_mem (L2)", "bound", "achieved", "bound / achieved",
                                           "cuBLAS"};
        rfl_doc_table_begin(d, head, 10);
        for (size_t i = 0; i < g->nmodel; i++) {
            const struct rfl_gpu_gemm_model *r = &g->model[i];
            char size[64], counts[64], g1[32], g2[32], g3[32], g4[32], g5[32], g6[32];
            snprintf(size, sizeof size, "%ldx%ldx%ld n%s", r->m, r->n, r->k, r->transb);
            if (r->fma >= 0)
                snprintf(counts, sizeof counts, "%ld %s / %ld / %ld", r->fma, r->fma_op, r->lds, r->other);
            else
                snprintf(counts, sizeof counts, "-");
            num(g1, sizeof g1, r->p_sm, "%.0f");
            num(g2, sizeof g2, r->p_mem, "%.0f");
            num(g3, sizeof g3, r->p_potential, "%.0f");
            num(g4, sizeof g4, r->achieved, "%.0f");
            num(g5, sizeof g5, r->p_potential > 0 && r->achieved > 0 ? r->p_potential / r->achieved : NAN, "%.2f");
            num(g6, sizeof g6, r->cublas, "%.0f");
            const char *row[] = {r->kernel, r->precision, size, counts, g1, g2, g3, g4, g5, g6};
            rfl_doc_table_row(d, row, 10);
        }
        rfl_doc_table_end(d);
        rfl_doc_para(d, "GFLOP/s. P_SM: the main loop's FMA share of the issue slots at the measured FMA/LDS mix rate; "
                "P_mem: the block tile's intensity x the measured L2 bandwidth; bound = min(P_SM, P_mem).");
    }
    if (g->num) {
        rfl_doc_heading(d, 3, "Unified memory: reuse to reach half of the device pass (rfl_unified_memory)");
        char mech[12][24];
        size_t nmech = 0;
        uint64_t wss[64];
        size_t nwss = 0;
        for (size_t i = 0; i < g->num; i++) {
            size_t k = 0;
            while (k < nmech && strcmp(mech[k], g->um[i].mechanism))
                k++;
            if (k == nmech && nmech < 12)
                snprintf(mech[nmech++], sizeof mech[0], "%s", g->um[i].mechanism);
            k = 0;
            while (k < nwss && wss[k] != g->um[i].wss)
                k++;
            if (k == nwss && nwss < 64)
                wss[nwss++] = g->um[i].wss;
        }
        for (size_t x = 1; x < nwss; x++)
            for (size_t y = x; y > 0 && wss[y - 1] > wss[y]; y--) {
                uint64_t t = wss[y];
                wss[y] = wss[y - 1];
                wss[y - 1] = t;
            }
        const char *head[65];
        char heads[65][32];
        head[0] = "mechanism";
        for (size_t w = 0; w < nwss; w++) {
            rfl_format_size(wss[w], heads[w], sizeof heads[w]);
            head[w + 1] = heads[w];
        }
        rfl_doc_table_begin(d, head, nwss + 1);
        for (size_t k = 0; k < nmech; k++) {
            const char *row[65];
            char cells[64][24];
            row[0] = mech[k];
            for (size_t w = 0; w < nwss; w++) {
                long reuse = 0;
                int measured = 0;
                for (size_t i = 0; i < g->num; i++) {
                    const struct rfl_gpu_um *u = &g->um[i];
                    if (strcmp(u->mechanism, mech[k]) || u->wss != wss[w] || !(u->gbytes_per_s > 0))
                        continue;
                    measured = 1;
                    if (u->fraction >= 0.5 && (!reuse || u->reuse < reuse))
                        reuse = u->reuse;
                }
                if (reuse)
                    snprintf(cells[w], sizeof cells[w], "%ld", reuse);
                else
                    snprintf(cells[w], sizeof cells[w], "%s", measured ? "never" : "-");
                row[w + 1] = cells[w];
            }
            rfl_doc_table_row(d, row, nwss + 1);
        }
        rfl_doc_table_end(d);
        num(f, sizeof f, g->um_device_pass > 0 ? g->um_device_pass : NAN, "%.0f GB/s");
        rfl_doc_para(d, "The smallest reuse (GPU passes per CPU pass) whose effective bandwidth is at least half of the GPU "
                "pass on device memory (%s); never: no measured reuse reached it; -: not measured.", f);
    }
}


static void apps_section(struct rfl_doc *d, const struct rfl_model *m)
{
    if (!m->napps)
        return;
    rfl_doc_heading(d, 2, "Applications");
    static const char *const head[] = {"application", "flops/byte", "GFLOP/s", "bound by", "attainable GFLOP/s",
                                       "% of attainable"};
    rfl_doc_table_begin(d, head, 6);
    for (size_t i = 0; i < m->napps; i++) {
        const struct rfl_app *a = &m->apps[i];
        char ai[32], g[32], att[32], pct[32];
        double at = a->attainable;
        const char *row[] = {a->name, num(ai, sizeof ai, a->ai, "%g"), num(g, sizeof g, a->gflops, "%g"), a->bound,
                             num(att, sizeof att, at > 0 ? at : NAN, "%.1f"),
                             num(pct, sizeof pct, at > 0 ? 100 * a->gflops / at : NAN, "%.0f%%")};
        rfl_doc_table_row(d, row, 6);
    }
    rfl_doc_table_end(d);
}

/* rfl_dense's factorizations (report_dense.c). */
static void dense_section(struct rfl_doc *d, const struct rfl_model *m)
{
    struct rfl_dense_table t;
    if (rfl_dense_table(m, &t) <= 0)
        return;
    rfl_doc_heading(d, 2, "Dense factorizations");
    rfl_doc_para(d, "%s", t.caption);
    rfl_doc_table_grid(d, t.head, RFL_DTABLE_COLS, t.cell[0][0], t.nrows, sizeof t.cell[0][0], sizeof t.cell[0]);
    rfl_dense_table_free(&t);
}

/* rfl profile's kernels or regions on one device (profile_table.c). */
static void kernels_section(struct rfl_doc *d, const struct rfl_model *m, const char *device)
{
    struct rfl_kernel_table t;
    if (rfl_kernel_table(m, device, &t) <= 0)
        return;
    rfl_doc_heading(d, 3, t.title);
    rfl_doc_para(d, "%s", t.caption);
    rfl_doc_table_grid(d, t.head, t.ncols, t.cell[0][0], t.nrows, sizeof t.cell[0][0], sizeof t.cell[0]);
    if (*t.note)
        rfl_doc_para(d, "%s", t.note);
    rfl_kernel_table_free(&t);
}

/* rfl_gpu_link's matrix and pairs (report_link.c). */
static void link_section(struct rfl_doc *d, const struct rfl_model *m)
{
    char text[1024];
    struct rfl_report_table mx, pairs;
    if (rfl_report_link(m, text, sizeof text, &mx, &pairs) != 1)
        return;
    rfl_doc_heading(d, 2, "GPU links");
    rfl_doc_para(d, "%s", text);
    for (struct rfl_report_table *t = &mx; t; t = t == &mx ? &pairs : NULL)
        rfl_doc_table_grid(d, t->ptr, t->cols, t->cells[t->cols], t->rows - 1, RFL_REPORT_CELL, RFL_REPORT_CELL * t->cols);
    rfl_report_table_free(&mx);
    rfl_report_table_free(&pairs);
}

static void provenance_section(struct rfl_doc *d, const struct rfl_model *m)
{
    rfl_doc_heading(d, 2, "Provenance");
    static const char *const head[] = {"file", "program", "measured (UTC)", "status", "ranks x threads", "rows",
                                       "command line"};
    rfl_doc_table_begin(d, head, 7);
    for (size_t i = 0; i < m->ninputs; i++) {
        const struct rfl_input *in = &m->inputs[i];
        char rxt[32], rows[32];
        snprintf(rxt, sizeof rxt, "%ld x %ld", in->ranks, in->threads_per_rank);
        snprintf(rows, sizeof rows, "%zu", in->rows);
        const char *row[] = {in->file, in->program, in->date, in->status, rxt, rows,
                             in->command_line ? in->command_line : ""};
        rfl_doc_table_row(d, row, 7);
    }
    rfl_doc_table_end(d);
    for (size_t i = 0; i < m->ninputs; i++)
        if (m->inputs[i].layout[0])
            rfl_doc_para(d, "Layout of %s: %s", m->inputs[i].file, m->inputs[i].layout);
}

/* Steps and wall times from dir/run.json, when rfl run made the directory. */
static void run_section(struct rfl_doc *d)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/run.json", d->dir);
    char bad[256];
    size_t len = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, bad, sizeof bad);
    if (!text && errno != ENOENT)
        rfl_warn("%s: %s: the run's steps are left out of the report", path, bad);
    json_t *run = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    json_t *steps = json_object_get(run, "steps");
    if (!json_is_array(steps)) {
        json_decref(run);
        return;
    }
    rfl_doc_heading(d, 2, "Run");
    json_t *mode = json_object_get(run, "mode"), *ranks = json_object_get(run, "ranks");
    rfl_doc_para(d, "rfl run, mode %s, %lld rank(s).", json_is_string(mode) ? json_string_value(mode) : "?",
         json_is_integer(ranks) ? (long long)json_integer_value(ranks) : 0LL);
    static char budget_text[RFL_REPORT_BUDGET_MAX][RFL_REPORT_BUDGET_TEXT];
    for (size_t i = 0, n = rfl_report_budget_paragraphs(run, budget_text, RFL_REPORT_BUDGET_MAX); i < n; i++)
        rfl_doc_para(d, "%s", budget_text[i]);
    static const char *const head[] = {"step", "status", "wall time", "command or reason"};
    rfl_doc_table_begin(d, head, 4);
    size_t i;
    json_t *s;
    json_array_foreach(steps, i, s) {
        char wall[32];
        json_t *el = json_object_get(s, "elapsed_s");
        num(wall, sizeof wall, json_is_number(el) ? json_number_value(el) : NAN, "%.1f s");
        json_t *name = json_object_get(s, "step"), *st = json_object_get(s, "status");
        json_t *cmd = json_object_get(s, "command"), *why = json_object_get(s, "reason");
        const char *row[] = {json_is_string(name) ? json_string_value(name) : "?",
                             json_is_string(st) ? json_string_value(st) : "?", wall,
                             json_is_string(why) && *json_string_value(why) ? json_string_value(why)
                             : json_is_string(cmd) ? json_string_value(cmd) : ""};
        rfl_doc_table_row(d, row, 4);
    }
    rfl_doc_table_end(d);
    json_decref(run);
}

int rfl_report_write(const struct rfl_model *m, const char *dir)
{
    struct rfl_doc d = {.dir = dir};
    char md[2048], html[2048], title[256];
    snprintf(md, sizeof md, "%s/report.md", dir);
    snprintf(html, sizeof html, "%s/report.html", dir);
    if (rfl_afile_open(&d.md, md) != 0)
        return -1;
    if (rfl_afile_open(&d.html, html) != 0) {
        rfl_afile_abort(&d.md);
        return -1;
    }
    snprintf(title, sizeof title, "Roofline of %s", m->machine);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", d.html.fp);
    rfl_html_text(d.html.fp, title);
    fputs("</title>\n<style>\nbody{font-family:sans-serif;max-width:1250px;margin:2em auto;color:#222}\n"
          "table{border-collapse:collapse;margin:1em 0;font-size:90%}\n"
          "td,th{border:1px solid #ccc;padding:3px 7px;text-align:left}\nth{background:#f0f0f0}\n"
          "img{max-width:100%;border:1px solid #ddd}\nfigure{margin:1.5em 0}\n</style>\n</head>\n<body>\n",
          d.html.fp);
    rfl_doc_heading(&d, 1, title);
    rfl_doc_para(&d, "Empirical roofline measured by rfl %s: bandwidth of every memory level and compute peak of every "
             "precision, with the textbook (spec) values beside them where known.",
         m->version);
    rfl_report_warnings(&d, m);
    rfl_doc_heading(&d, 2, "Machine");
    machine_section(&d, m);
    rfl_report_caches(&d, m);
    rfl_doc_heading(&d, 2, "Ceilings");
    ceilings_section(&d, m);
    if (m->nmembers)
        members_section(&d, m);
    rfl_report_layouts(&d);
    rfl_doc_heading(&d, 2, "Charts");
    charts(&d, m, 0);
    apps_section(&d, m);
    kernels_section(&d, m, "cpu");
    if (m->gpu && m->gpu->dev.known) {
        const struct rfl_gpu_data *g = m->gpu;
        char gtitle[256];
        snprintf(gtitle, sizeof gtitle, "GPU: %s", g->dev.name);
        rfl_doc_heading(&d, 2, gtitle);
        gpu_device_section(&d, m);
        charts(&d, m, 1);
        kernels_section(&d, m, "gpu");
        gpu_tables(&d, m);
    } else {
        kernels_section(&d, m, "gpu"); /* profiled on a GPU this run did not measure */
    }
    link_section(&d, m);
    dense_section(&d, m);
    provenance_section(&d, m);
    if (m->nnotes) {
        rfl_doc_heading(&d, 2, "Notes");
        rfl_doc_list(&d, (const char *const *)m->notes, m->nnotes);
    }
    run_section(&d);
    fputs("</body>\n</html>\n", d.html.fp);
    /* Both or neither; neither where a signal cut a kernel table short. */
    rfl_afile_stage_begin();
    if (rfl_afile_commit(&d.md) != 0 || rfl_kernel_table_stopped() || rfl_afile_commit(&d.html) != 0 ||
        rfl_afile_stage_commit() != 0) {
        rfl_afile_abort(&d.html);
        rfl_afile_stage_abort();
        return -1;
    }
    rfl_info("wrote %s and %s", md, html);
    return 0;
}
