/* stride: copy bandwidth by alignment and stride (Volkov 3.5): aligned
 * copies in 32-, 64- and 128-bit words, a 32-bit copy with both pointers
 * one word off alignment, and 32-bit copies of every 2nd, 10th and 1000th
 * word.  Bandwidth counts the useful bytes (read + written), as Volkov's
 * fractions of the pin bandwidth do. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_stride_table = {"stride", rfl_schema_gpu_micro_stride_columns,
                                                        RFL_SCHEMA_GPU_MICRO_STRIDE_NCOLUMNS};

static const struct {
    const char *name;
    unsigned word_bytes, offset, stride;
} patterns[] = {
    {"aligned_32", 4, 0, 1},  {"aligned_64", 8, 0, 1}, {"aligned_128", 16, 0, 1}, {"misaligned_32", 4, 1, 1},
    {"stride_2", 4, 0, 2},    {"stride_10", 4, 0, 10}, {"stride_1000", 4, 0, 1000},
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])
#define THREADS 256
#define MAX_LAUNCHES (1u << 20)

static int timed(struct rfl_gmi_ctx *c, const unsigned *src, unsigned *dst, size_t count, size_t p, unsigned blocks,
                 unsigned launches, double *seconds)
{
    if (c->ranks > 1)
        rfl_mpi_barrier();
    if (rfl_gpu_timer_start(&c->timer))
        return -1;
    for (unsigned l = 0; l < launches; l++)
        if (RFL_CUDA(rfl_gmi_copy(src, dst, count, patterns[p].word_bytes, patterns[p].offset, patterns[p].stride,
                                  blocks, THREADS, c->stream)))
            return -1;
    return rfl_gpu_timer_stop(&c->timer, seconds);
}

int rfl_gmi_mode_stride(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const uint64_t bytes = o->copy_bytes ? o->copy_bytes : o->quick ? 16ull << 20 : 256ull << 20;
    const size_t words = (size_t)(bytes / 4) / 4 * 4; /* whole 128-bit words */
    if (words < 4000) {
        rfl_error("option --copy-bytes: at least 16000 bytes (the stride-1000 copy needs a few words)");
        c->status = RFL_EXIT_USAGE;
        return -1;
    }
    unsigned *src = NULL, *dst = NULL;
    if (RFL_CUDA(cudaMalloc((void **)&src, words * 4)) || RFL_CUDA(cudaMalloc((void **)&dst, words * 4))) {
        cudaFree(src);
        return rfl_gmi_failed(c);
    }
    struct rfl_gmi_table t;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_stride_table)) {
        cudaFree(src);
        cudaFree(dst);
        return -1;
    }
    double gbs[NPATTERNS] = {0};
    int stop = 0, failed = 0;
    for (size_t p = 0; p < NPATTERNS; p++)
        rfl_gmi_expect(c, 0, 1);
    for (size_t p = 0; p < NPATTERNS && !stop && !failed; p++) {
        char what[64];
        snprintf(what, sizeof what, "stride %s", patterns[p].name);
        if (!rfl_gmi_admit(c, 0, 1, what))
            continue;
        const unsigned s = patterns[p].stride, off = patterns[p].offset;
        const size_t count = words - off; /* words handed to the kernel */
        const size_t copied = s > 1 ? count / s : count;
        const size_t last = s > 1 ? copied * s : words;
        int resident = 0;
        if (RFL_CUDA(rfl_gmi_copy_occupancy(patterns[p].word_bytes, s, THREADS, &resident)) ||
            RFL_CUDA(rfl_gmi_copy_fill(src, dst, words, c->stream))) {
            failed = 1;
            break;
        }
        const unsigned blocks = (unsigned)(c->dev.sm_count * (resident > 0 ? resident : 1));
        unsigned launches = 1;
        double sec = 0;
        for (;;) {
            if (timed(c, src, dst, count, p, blocks, launches, &sec)) {
                failed = 1;
                break;
            }
            sec = c->ranks > 1 ? rfl_mpi_max_double(sec) : sec;
            if (sec >= c->min_time_s || launches >= MAX_LAUNCHES)
                break;
            launches *= 2;
        }
        double times[1000];
        for (unsigned e = 0; e < c->experiments && !failed; e++)
            failed = timed(c, src, dst, count, p, blocks, launches, &times[e]) != 0;
        struct rfl_gpu_mismatch m;
        if (failed || (o->inject_fault && RFL_CUDA(cudaMemsetAsync(dst + off, 0x55, 4, c->stream))) || rfl_gmi_mismatch_reset(c) ||
            RFL_CUDA(rfl_gmi_copy_check(dst, words, off, last, s, c->mismatch, c->stream)) ||
            rfl_gmi_mismatch_read(c, &m)) {
            failed = 1;
            break;
        }
        char detail[160];
        snprintf(detail, sizeof detail, "%s: %llu wrong words, first at %llu", patterns[p].name, m.count,
                 m.first_index);
        struct rfl_stats st;
        rfl_stats_compute(times, c->experiments, &st);
        const double moved = (double)copied * 4.0 * 2.0;
        gbs[p] = moved * launches / st.min * 1e-9;
        const double sheet = c->dev.datasheet ? c->dev.datasheet->mem_gbytes_per_s : NAN;
        struct rfl_gmi_cell cells[] = {
            RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(patterns[p].name), RFL_GMI_I(patterns[p].word_bytes),
            RFL_GMI_I(off), RFL_GMI_I(s), RFL_GMI_I(copied), RFL_GMI_I(moved), RFL_GMI_I(launches),
            RFL_GMI_I(c->experiments), RFL_GMI_D(st.min), RFL_GMI_D(st.median), RFL_GMI_D(st.max), RFL_GMI_D(gbs[p]),
            RFL_GMI_D(moved * launches / st.median * 1e-9), RFL_GMI_D(gbs[p] / sheet), RFL_GMI_I(1)};
        stop = rfl_gmi_emit(c, &t, cells, (long long)m.count, detail);
        rfl_gmi_done(c);
    }
    cudaFree(src);
    cudaFree(dst);
    if (failed)
        return rfl_gmi_abort(c, &t);
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        const double aligned = fmax(gbs[0], fmax(gbs[1], gbs[2]));
        char name[64], note[160];
        for (size_t p = 0; p < NPATTERNS; p++) {
            snprintf(name, sizeof name, "copy_%s_gbytes_per_s", patterns[p].name);
            snprintf(note, sizeof note, "%.3f of the best aligned copy%s", gbs[p] / aligned,
                     c->dev.datasheet ? "" : " (no datasheet figure for this part)");
            rfl_gpu_evidence(ev, name, gbs[p], "GB/s", NULL, NAN, 0, note);
        }
        json_object_set_new(c->mode_meta, "bytes_per_buffer", json_integer((json_int_t)(words * 4)));
        json_object_set_new(c->mode_meta, "threads_per_block", json_integer(THREADS));
        json_object_set_new(c->mode_meta, "blocks", json_string("every SM full (occupancy), grid-stride"));
    }
    return rfl_gmi_table_close(c, &t);
}
