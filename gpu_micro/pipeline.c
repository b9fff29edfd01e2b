/* pipeline: dependent-FMA latency and throughput against threads per
 * block (Volkov 3.4 and 3.6).  One block on one SM; each thread runs one
 * or four independent chains of n dependent FMAs.  With one thread the
 * cycles per FMA are the pipeline's latency; as threads (and chains) grow,
 * FMAs per clock climb to the SM's peak. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "gpu_micro/kernels.h"
#include "common/log.h"
#include "common/rfl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gmi_table_spec rfl_gmi_pipeline_table = {"pipeline", rfl_schema_gpu_micro_pipeline_columns,
                                                          RFL_SCHEMA_GPU_MICRO_PIPELINE_NCOLUMNS};

static const unsigned thread_counts[] = {1, 32, 64, 96, 128, 192, 256, 384, 512, 768, 1024};
#define NTHREADS (sizeof thread_counts / sizeof thread_counts[0])
static const unsigned chain_counts[] = {1, 4};

int rfl_gmi_mode_pipeline(struct rfl_gmi_ctx *c)
{
    const struct rfl_gpu_micro_opts *o = c->o;
    const unsigned n = o->quick ? 2048 : 8192; /* a multiple of 32 */
    void *out = NULL;
    uint64_t *host = malloc(1024 * 4 * sizeof *host);
    if (!host || RFL_CUDA(cudaMalloc(&out, 1024 * 4 * sizeof(double)))) {
        free(host);
        return rfl_gmi_failed(c);
    }
    struct rfl_gmi_table t;
    if (rfl_gmi_table_open(c, &t, &rfl_gmi_pipeline_table)) {
        cudaFree(out);
        free(host);
        return -1;
    }
    double latency[2] = {NAN, NAN}, best_rate[2] = {0}, best_fraction[2] = {0};
    unsigned best_threads[2] = {0}, best_chains[2] = {0};
    int stop = 0, failed = 0;
    for (size_t i = 0; i < 2 * 2 * NTHREADS; i++)
        rfl_gmi_expect(c, 0, 1);
    for (int fp64 = 0; fp64 < 2 && !stop && !failed; fp64++)
        for (size_t ci = 0; ci < 2 && !stop && !failed; ci++)
            for (size_t ti = 0; ti < NTHREADS && !stop && !failed; ti++) {
                const unsigned chains = chain_counts[ci], threads = thread_counts[ti];
                char what[64];
                snprintf(what, sizeof what, "pipeline %s", fp64 ? "fp64" : "fp32");
                if (!rfl_gmi_admit(c, 0, 1, what))
                    continue;
                struct rfl_gpu_clock clk, best = {~0ull, 0};
                for (unsigned e = 0; e < c->experiments + 1 && !failed; e++) {
                    if (RFL_CUDA(rfl_gmi_pipeline(fp64, chains, threads, n, out, c->clock, c->stream)) ||
                        RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
                        RFL_CUDA(cudaMemcpy(&clk, c->clock, sizeof clk, cudaMemcpyDeviceToHost)))
                        failed = 1;
                    else if (e > 0 && clk.cycles < best.cycles) /* the first run warms up */
                        best = clk;
                }
                const size_t values = (size_t)threads * chains, bytes = fp64 ? 8 : 4;
                if (failed || RFL_CUDA(cudaMemcpy(host, out, values * bytes, cudaMemcpyDeviceToHost))) {
                    failed = 1;
                    break;
                }
                uint64_t expected[8];
                for (unsigned k = 0; k < 8; k++)
                    expected[k] = rfl_gmi_pipeline_replay(fp64, k, n);
                long long bad = 0;
                size_t first = 0;
                for (size_t v = 0; v < values; v++) {
                    uint64_t got = 0;
                    memcpy(&got, (const char *)host + v * bytes, bytes);
                    if (o->inject_fault && v == 0)
                        got ^= 1;
                    if (got != expected[v & 7] && !bad++)
                        first = v;
                }
                char detail[160];
                snprintf(detail, sizeof detail, "%s, %u threads x %u chains: %lld wrong chain results, first #%zu",
                         fp64 ? "fp64" : "fp32", threads, chains, bad, first);
                const double fmas = (double)threads * chains * n;
                const double rate = fmas / (double)best.cycles;
                const double per_clock = fp64 ? c->dev.rates.fp64_fma : c->dev.rates.fp32_fma;
                const double mhz = rfl_gpu_clock_mhz(&best);
                if (threads == 1 && chains == 1)
                    latency[fp64] = (double)best.cycles / n;
                if (rate > best_rate[fp64]) {
                    best_rate[fp64] = rate;
                    best_fraction[fp64] = per_clock > 0 ? rate / per_clock : NAN;
                    best_threads[fp64] = threads;
                    best_chains[fp64] = chains;
                }
                struct rfl_gmi_cell cells[] = {
                    RFL_GMI_I(0), RFL_GMI_I(0), RFL_GMI_S(fp64 ? "fp64" : "fp32"), RFL_GMI_I(threads),
                    RFL_GMI_I(chains), RFL_GMI_I(n), RFL_GMI_I(best.cycles), RFL_GMI_D((double)best.cycles / n),
                    RFL_GMI_D(rate), RFL_GMI_D(per_clock > 0 ? rate / per_clock : NAN), RFL_GMI_D(mhz > 0 ? mhz : NAN),
                    RFL_GMI_I(1)};
                stop = rfl_gmi_emit(c, &t, cells, bad, detail);
                rfl_gmi_done(c);
            }
    cudaFree(out);
    free(host);
    if (failed)
        return rfl_gmi_abort(c, &t);
    if (!stop && c->root) {
        json_t *ev = rfl_gmi_evidence_list(c);
        char note[160];
        for (int fp64 = 0; fp64 < 2; fp64++) {
            rfl_gpu_evidence(ev, fp64 ? "pipeline_fp64_latency_cycles" : "pipeline_fp32_latency_cycles", latency[fp64],
                             "cycles", NULL, NAN, 0, "one thread, one chain of dependent FMAs (Volkov 3.4)");
            snprintf(note, sizeof note, "%.1f FMA/clock at %u threads x %u chains, one SM (Volkov 3.6)",
                     best_rate[fp64], best_threads[fp64], best_chains[fp64]);
            rfl_gpu_evidence(ev, fp64 ? "pipeline_fp64_fraction_of_sm_peak" : "pipeline_fp32_fraction_of_sm_peak",
                             best_fraction[fp64], "fraction", NULL, NAN, 0, note);
        }
        json_object_set_new(c->mode_meta, "fma_per_chain", json_integer(n));
        json_object_set_new(c->mode_meta, "formula", json_string("b = b*m + c, m = 0.70710678118654752, c = 0.3"));
    }
    return rfl_gmi_table_close(c, &t);
}
