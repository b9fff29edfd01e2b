/* The end of rfl_unified_memory's sidecar (rank 0): after the evidence and
 * the summary, the keys that say what was swept and how (sweep,
 * mechanisms, kernel, every rank's reference rates, reuse_to_half_device,
 * skipped, evidence). */
#include "config.h"
#include "unified_memory/sweep.h"
#include "unified_memory/kernels.h"
#include "common/rfl.h"

#include <math.h>

#ifdef _OPENMP
#include <omp.h>
#endif

void rfl_um_sidecar(const struct rfl_um_ctx *c, const struct rfl_um_table *tab, struct rfl_session *out,
                    const double *ref_all, json_t *skipped, double elapsed)
{
    const struct rfl_unified_memory_opts *o = c->o;
    const unsigned mechs = c->mechs;
    json_t *ev = json_array(), *half = json_array();
    if (out->status == RFL_EXIT_OK) {
        rfl_um_evidence(c, tab, ev, half);
        rfl_um_print_summary(c, tab);
    }
    json_t *meta = rfl_session_outcome(out);
    json_t *rl = json_array(), *ml = json_array(), *refs = json_array();
    for (int r = 0; r < o->nreuse; r++)
        json_array_append_new(rl, json_integer(o->reuse[r]));
    for (int m = 0; m < RFL_UM_NMECH; m++)
        if (mechs >> m & 1)
            json_array_append_new(ml, json_pack("{s:s, s:s, s:b, s:b, s:s, s:s, s:s}", "name",
                                                rfl_um_mechanisms[m].name, "fig7_panel",
                                                rfl_um_mechanisms[m].fig7_panel, "explicit_copy",
                                                rfl_um_mechanisms[m].explicit_copy, "managed",
                                                rfl_um_mechanisms[m].managed, "host_memory",
                                                rfl_um_mechanisms[m].host_memory, "gpu_memory",
                                                rfl_um_mechanisms[m].gpu_memory, "per_trial",
                                                rfl_um_mechanisms[m].per_trial));
    for (int r = 0; ref_all && r < c->ranks; r++) {
        const double *v = ref_all + (size_t)r * RFL_UM_REF_NVALS;
        json_t *one = json_pack("{s:i, s:I}", "rank", r, "bytes", (json_int_t)v[0]);
        const char *keys[] = {NULL, "memcpy_h2d_gbytes_per_s", "memcpy_d2h_gbytes_per_s",
                              "device_pass_gbytes_per_s", "cpu_pass_gbytes_per_s"};
        for (int i = 1; i < RFL_UM_REF_NVALS; i++)
            json_object_set_new(one, keys[i], isfinite(v[i]) ? json_real(v[i]) : json_null());
        json_array_append_new(refs, one);
    }
    int omp_threads = 1;
#ifdef _OPENMP
    omp_threads = omp_get_max_threads();
#endif
    json_object_set_new(
        meta, "sweep",
        json_pack("{s:I, s:I, s:f, s:o, s:f, s:i, s:f, s:i, s:i, s:I, s:f, s:i, s:b, s:b, s:f}", "wss_min_bytes",
                  (json_int_t)c->wss_min, "wss_max_bytes", (json_int_t)c->wss_max, "growth", c->growth, "reuse", rl,
                  "min_time_s", c->min_time, "experiments", (int)c->experiments, "point_timeout_s", c->timeout,
                  "threads_per_block", (int)c->threads, "max_blocks_per_grid", c->resident * c->dev.sm_count,
                  "mem_limit_bytes", (json_int_t)c->mem_limit, "host_limit_bytes", isfinite(c->host_limit) ? c->host_limit : 0.0, "omp_threads",
                  omp_threads, "breakdown", c->breakdown, "reference", !o->no_reference, "elapsed_s", elapsed));
    json_object_set_new(meta, "mechanisms", ml);
    json_object_set_new(
        meta, "kernel",
        json_pack("{s:s, s:s, s:s, s:i, s:i, s:f, s:f, s:f, s:s, s:s}", "gpu",
                  "a[i] = beta * a[i] + gpu_alpha over double2 vectors, grid-stride, 4 loads in flight; one "
                  "launch per pass",
                  "cpu", "a[i] = beta * a[i] + cpu_alpha, OpenMP static schedule (one thread below 32768 elements)",
                  "fill", "a[i] = (i % 8) + 1", "element_bytes", (int)sizeof(double), "bytes_per_element_per_pass",
                  (int)(2 * sizeof(double)), "beta", RFL_UM_BETA, "gpu_alpha", RFL_UM_GPU_ALPHA, "cpu_alpha",
                  RFL_UM_CPU_ALPHA, "effective_bytes", "2 x 8 x elements x trials x (reuse + 1)", "check",
                  "after each point every element equals (i % 8) + 1 + trials x (reuse x gpu_alpha + cpu_alpha), "
                  "summed over every trial run on the array"));
    json_object_set_new(meta, "reference", refs);
    json_object_set_new(meta, "reuse_to_half_device", half);
    json_object_set_new(meta, "skipped", skipped ? skipped : json_array());
    json_object_set_new(meta, "evidence", ev);
}
