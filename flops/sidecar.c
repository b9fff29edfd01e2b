/* The JSON sidecar of rfl_flops (see sidecar.h). */
#include "config.h"
#include "sidecar.h"
#include "cpu/buffer.h"
#include "common/timer.h"

#include <string.h>

static json_t *uint_array(const unsigned *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

void rfl_fl_describe_run(json_t *meta, const struct rfl_fl_plan *p, struct rfl_fl_clocks *clocks, double elapsed_s,
                         int madvise_ok, size_t buffer_bytes, size_t above_rows)
{
    const struct rfl_fl_clock_group *top = rfl_fl_clocks_top(clocks);
    const struct rfl_fl_clock_group *end = &clocks->end;

    json_object_set_new(meta, "thread_counts", uint_array(p->thread_counts, p->nthread_counts));
    json_object_set_new(meta, "topology", rfl_topo_to_json(&p->topo));
    json_object_set_new(meta, "cpu", rfl_fl_cpu_to_json(&p->cpu));
    json_object_set_new(meta, "fma_units", rfl_fl_smt_to_json(&p->smt));

    json_t *groups_json = json_array();
    for (size_t i = 0; i < clocks->ngroups; i++) {
        struct rfl_fl_clock_group *g = &clocks->groups[i];
        json_t *per_thread = json_array();
        for (char *tok = g->per_thread ? strtok(g->per_thread, " ") : NULL; tok; tok = strtok(NULL, " "))
            json_array_append_new(per_thread, json_string(tok));
        json_array_append_new(groups_json,
                              json_pack("{s:i, s:I, s:f, s:f, s:f, s:f, s:o}", "threads_per_rank", (int)g->threads,
                                        "cores_used", (json_int_t)g->cores_used, "ghz_mean", g->ghz_mean, "ghz_min",
                                        g->ghz_min, "ghz_max", g->ghz_max, "integer_ghz_mean", g->integer_ghz_mean,
                                        "per_thread", per_thread));
    }
    json_t *clock = json_pack("{s:s, s:s, s:f, s:i, s:o}", "method", rfl_clock_method(), "load",
                              rfl_clock_load_names[p->clock_load], "seconds_per_run", RFL_FL_CLOCK_SECONDS, "runs",
                              RFL_FL_CLOCK_REPS, "groups", groups_json);
    if (end->threads)
        json_object_set_new(clock, "end",
                            json_pack("{s:i, s:f, s:f}", "threads_per_rank", (int)end->threads, "ghz_mean",
                                      end->ghz_mean, "integer_ghz_mean", end->integer_ghz_mean));
    else
        json_object_set_new(clock, "end", json_null());
    json_object_set_new(meta, "clock", clock);

    json_t *per_prec = json_object();
    for (int prec = 0; prec < RFL_NPRECISION; prec++) {
        double fpc = rfl_fl_flops_per_cycle(&p->cpu, p->peak_vector_bytes, p->peak_fma, (enum rfl_precision)prec);
        json_object_set_new(per_prec, rfl_precision_names[prec],
                            json_pack("{s:f, s:f}", "flops_per_cycle_per_core", fpc, "gflops_per_s",
                                      (double)top->cores_used * top->ghz_mean * fpc));
    }
    json_object_set_new(
        meta, "peak",
        json_pack("{s:s, s:i, s:b, s:I, s:f, s:o, s:s}", "isa",
                  p->peak_isa == RFL_FL_NISA ? rfl_fl_ref_target() : rfl_fl_isa_names[p->peak_isa],
                  "vector_bits", (int)p->peak_vector_bytes * 8, "fma", p->peak_fma, "cores_used",
                  (json_int_t)top->cores_used, "clock_ghz", top->ghz_mean, "precisions", per_prec, "formula",
                  "cores_used x clock_ghz (measured, all threads busy) x flops_per_cycle_per_core "
                  "(2 x FMA pipes x lanes with FMA)"));
    json_object_set_new(
        meta, "model",
        json_pack("{s:s, s:s}", "description",
                  "issue-rate model of Lo et al. Section 5.3: per vector of the kernel, 1 load, 1 store, "
                  "FPE/2 FMAs (or a multiply and an add each without FMA) and 1 add for odd FPE; cycles = "
                  "max(FP instructions over the FP pipes, loads over load ports, stores over store ports); "
                  "ref rows use the build's vector width for compiled FPE values and scalar code for the "
                  "loop form",
                  "formula", "cores_used x clock_ghz x FPE x lanes / cycles per vector"));
    json_object_set_new(
        meta, "verification",
        json_pack("{s:s, s:f, s:s}", "scheme",
                  "start values 0/1 (hash of the index); beta0 = -FPE/2, alpha = 1, gamma = -(FPE/2+1) "
                  "(FPE 1: +1/-1 by trial parity): each trial swaps 0 and 1 (FPE 1: adds 1, subtracts 1); "
                  "checked after an odd number of trials",
                  "tolerance", 0.0, "note",
                  "every intermediate is an integer below 2^24: exact in fp32 and fp64, fused or not"));
    unsigned compiled[11];
    for (unsigned k = 0; k <= 10; k++)
        compiled[k] = 1u << k;
    json_t *unrolls = json_array(), *isas = json_array();
    for (size_t i = 0; i < p->nconfigs; i++) {
        const struct rfl_fl_config *c = &p->configs[i];
        if (c->variant != RFL_FL_SIMD)
            continue;
        json_t *u = json_integer(c->unroll);
        size_t k;
        for (k = 0; k < json_array_size(unrolls); k++)
            if (json_integer_value(json_array_get(unrolls, k)) == (json_int_t)c->unroll)
                break;
        if (k == json_array_size(unrolls))
            json_array_append(unrolls, u);
        json_decref(u);
        for (k = 0; k < json_array_size(isas); k++)
            if (strcmp(json_string_value(json_array_get(isas, k)), rfl_fl_isa_names[c->isa]) == 0)
                break;
        if (k == json_array_size(isas))
            json_array_append_new(isas, json_string(rfl_fl_isa_names[c->isa]));
    }
    json_object_set_new(
        meta, "kernels",
        json_pack("{s:s, s:i, s:i, s:{s:s, s:i, s:b, s:o, s:s}, s:{s:o, s:o, s:i}}", "formula",
                  rfl_fl_kernel.formula, "reads_per_elem", (int)rfl_fl_kernel.reads_per_elem, "writes_per_elem",
                  (int)rfl_fl_kernel.writes_per_elem, "ref", "target", rfl_fl_ref_target(), "vector_bits", (int)rfl_fl_ref_vector_bytes() * 8,
                  "fma", rfl_fl_ref_has_fma(), "compiled_fpe", uint_array(compiled, 11), "other_fpe",
                  "a loop over the polynomial's degree", "simd", "isas", isas, "unrolls", unrolls,
                  "chains_to_cover_fma_latency",
                  (int)(p->cpu.fma_latency_cycles *
                        p->cpu.fma_per_cycle[rfl_fl_width_index(p->peak_vector_bytes)])));
    json_t *sweep = json_pack("{s:o, s:f, s:i, s:f, s:f}", "fpe", uint_array(p->fpe, p->nfpe), "min_time_s",
                              p->min_time_s, "experiments", (int)p->experiments, "timer_resolution_s",
                              rfl_timer_resolution_s(), "elapsed_s", elapsed_s);
    if (p->wss_default) {
        json_object_set_new(sweep, "wss_bytes_per_thread", json_integer((json_int_t)p->wss_thread_default));
    } else {
        json_object_set_new(sweep, "wss_min_bytes", json_integer((json_int_t)p->wss_min));
        json_object_set_new(sweep, "wss_max_bytes", json_integer((json_int_t)p->wss_max));
        json_object_set_new(sweep, "growth", json_real(p->growth));
    }
    json_object_set_new(meta, "sweep", sweep);
    json_object_set_new(meta, "huge_pages", rfl_buffer_hugepages_json(madvise_ok, buffer_bytes));
    json_object_set_new(meta, "above_peak_rows", json_integer((json_int_t)above_rows));
}
