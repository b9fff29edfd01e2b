/* ceilings.csv and roofline.json: the model of a run directory, written. */
#include "config.h"
#include "gpu.h"
#include "model.h"
#include "sources.h"
#include "write.h"
#include "common/csv.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/rfl.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void csv_u64_or_empty(struct rfl_csv *csv, uint64_t v)
{
    if (v)
        rfl_csv_u64(csv, v);
    else
        rfl_csv_str(csv, "");
}

int rfl_ceilings_write_csv(const struct rfl_model *m, const char *path)
{
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, rfl_schema_ceilings.names, rfl_schema_ceilings.count) != 0)
        return -1;
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        char pct[32] = "";
        if (c->spec > 0)
            rfl_format_double(pct, sizeof pct, "%.1f", rfl_ceiling_percent(c));
        rfl_csv_str(&csv, c->device);
        rfl_csv_str(&csv, c->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute");
        rfl_csv_str(&csv, c->name);
        rfl_csv_double(&csv, c->value);
        rfl_csv_str(&csv, rfl_ceiling_unit(c));
        rfl_csv_double(&csv, c->spec);
        rfl_csv_str(&csv, pct);
        rfl_csv_str(&csv, c->spec_source);
        rfl_csv_str(&csv, c->program);
        rfl_csv_str(&csv, c->kernel);
        rfl_csv_str(&csv, c->precision);
        rfl_csv_str(&csv, c->isa);
        rfl_csv_int(&csv, c->ranks);
        rfl_csv_int(&csv, c->threads_per_rank);
        rfl_csv_u64(&csv, c->wss_min_bytes);
        rfl_csv_u64(&csv, c->wss_max_bytes);
        csv_u64_or_empty(&csv, c->topology_bytes);
        csv_u64_or_empty(&csv, c->transition_bytes);
        rfl_csv_double(&csv, c->flops_per_elem);
        rfl_csv_u64(&csv, c->points);
        rfl_csv_str(&csv, c->shared_with);
        rfl_csv_str(&csv, c->file);
        rfl_csv_end_row(&csv);
    }
    return rfl_csv_commit(&csv);
}

static json_t *real_or_null(double v) { return isfinite(v) ? json_real(v) : json_null(); }
static json_t *u64_or_null(uint64_t v) { return v ? json_integer((json_int_t)v) : json_null(); }

static json_t *ceiling_json(const struct rfl_ceiling *c)
{
    json_t *prov = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:o, s:I, s:s}", "program", c->program,
                             "kernel", c->kernel, "precision", c->precision, "isa", c->isa, "ranks",
                             (json_int_t)c->ranks, "threads_per_rank", (json_int_t)c->threads_per_rank,
                             "wss_min_bytes", (json_int_t)c->wss_min_bytes, "wss_max_bytes",
                             (json_int_t)c->wss_max_bytes, "flops_per_elem", real_or_null(c->flops_per_elem),
                             "points", (json_int_t)c->points, "file", c->file);
    return json_pack("{s:s, s:s, s:s, s:f, s:s, s:o, s:o, s:s, s:o, s:o, s:s, s:o}", "device", c->device, "kind",
                     c->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute", "name", c->name, "value",
                     c->value, "unit", rfl_ceiling_unit(c), "spec_value", real_or_null(c->spec),
                     "percent_of_spec", real_or_null(rfl_ceiling_percent(c)), "spec_source", c->spec_source,
                     "topology_bytes", u64_or_null(c->topology_bytes), "detected_transition_bytes",
                     u64_or_null(c->transition_bytes), "shared_with", c->shared_with, "provenance", prov);
}

static json_t *curve_json(const struct rfl_model *m, const struct rfl_bw_curve *c)
{
    json_t *segs = json_array();
    for (size_t s = 0; s < c->levels.nseg; s++) {
        const struct rfl_segment *g = &c->levels.seg[s];
        json_t *names = json_array();
        for (unsigned l = 0; l <= c->ncache; l++)
            if (g->levels >> l & 1) {
                char buf[16];
                rfl_level_name(m, l, buf, sizeof buf);
                json_array_append_new(names, json_string(buf));
            }
        json_array_append_new(segs, json_pack("{s:I, s:I, s:I, s:f, s:f, s:b, s:o}", "wss_min_bytes",
                                              (json_int_t)c->wss[g->first], "wss_max_bytes",
                                              (json_int_t)c->wss[g->last], "points",
                                              (json_int_t)(g->last - g->first + 1), "median_gbytes_per_s",
                                              g->median, "best_gbytes_per_s", g->best, "plateau", g->plateau,
                                              "levels", names));
    }
    return json_pack("{s:s, s:s, s:s, s:b, s:I, s:I, s:s, s:b, s:I, s:f, s:o}", "kernel", c->kernel, "precision",
                     c->precision, "isa", c->isa, "nontemporal", c->nontemporal, "ranks", (json_int_t)c->ranks,
                     "threads_per_rank", (json_int_t)c->threads_per_rank, "file", m->inputs[c->input].file,
                     "used_for_ceilings", c->used, "points", (json_int_t)c->n, "noise", c->levels.noise,
                     "segments", segs);
}

/* The GPU: the device, its levels, the curves, the transfer fits, the GEMM
 * points and the unified-memory reuse. */
static json_t *gpu_json(const struct rfl_model *m)
{
    const struct rfl_gpu_data *g = m->gpu;
    if (!g || !g->dev.known)
        return json_null();
    const struct rfl_gpu_device *d = &g->dev;
    json_t *o = json_pack("{s:s, s:i, s:i, s:s, s:s, s:s, s:i, s:I, s:I, s:I, s:I, s:o, s:o}", "device", d->label,
                          "index", d->index, "rank", d->rank, "name", d->name, "compute_capability", d->cc, "arch",
                          d->arch, "sm_count", (int)d->sm_count, "shared_bytes_per_sm",
                          (json_int_t)d->shared_bytes_per_sm, "l1_bytes_per_sm", (json_int_t)d->l1_bytes_per_sm,
                          "l2_bytes", (json_int_t)d->l2_bytes, "global_mem_bytes", (json_int_t)d->global_mem_bytes,
                          "sm_clock_max_mhz", real_or_null(d->sm_clock_max_mhz > 0 ? d->sm_clock_max_mhz : NAN),
                          "datasheet_gbytes_per_s",
                          real_or_null(d->datasheet_gbytes_per_s > 0 ? d->datasheet_gbytes_per_s : NAN));
    json_t *levels = json_array();
    for (int L = 0; L < RFL_GPU_NLEVELS; L++) {
        const struct rfl_ceiling *ce = rfl_gpu_ceiling(m, rfl_gpu_level_names[L]);
        uint64_t size = L == RFL_GPU_SHARED ? (uint64_t)d->sm_count * d->shared_bytes_per_sm
                        : L == RFL_GPU_L1   ? (uint64_t)d->sm_count * d->l1_bytes_per_sm
                        : L == RFL_GPU_L2   ? d->l2_bytes
                                            : d->global_mem_bytes;
        json_array_append_new(
            levels, json_pack("{s:s, s:o, s:o, s:o}", "name", rfl_gpu_level_names[L], "size_bytes",
                              size ? json_integer((json_int_t)size) : json_null(), "detected_transition_bytes",
                              ce && ce->transition_bytes ? json_integer((json_int_t)ce->transition_bytes) : json_null(),
                              "ceiling_gbytes_per_s", ce ? json_real(ce->value) : json_null()));
    }
    json_object_set_new(o, "levels", levels);
    json_t *curves = json_array();
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_bw_curve *c = &g->curves[i];
        json_t *segs = json_array();
        for (size_t s = 0; s < c->levels.nseg; s++) {
            const struct rfl_segment *sg = &c->levels.seg[s];
            json_t *names = json_array();
            for (unsigned l = 0; l <= c->ncache; l++)
                if (sg->levels >> l & 1)
                    json_array_append_new(names, json_string(rfl_gpu_level_names[c->level_of[l]]));
            json_array_append_new(segs, json_pack("{s:I, s:I, s:I, s:f, s:f, s:b, s:o}", "wss_min_bytes",
                                                  (json_int_t)c->x[sg->first], "wss_max_bytes",
                                                  (json_int_t)c->x[sg->last], "points",
                                                  (json_int_t)(sg->last - sg->first + 1), "median_gbytes_per_s",
                                                  sg->median, "best_gbytes_per_s", sg->best, "plateau", sg->plateau,
                                                  "levels", names));
        }
        json_array_append_new(curves, json_pack("{s:s, s:s, s:s, s:I, s:I, s:s, s:b, s:I, s:f, s:o}", "kernel",
                                                c->kernel, "access", c->access, "precision", c->precision,
                                                "threads_per_block", (json_int_t)c->threads_per_block,
                                                "blocks_per_grid", (json_int_t)c->blocks, "file",
                                                m->inputs[c->input].file, "used_for_ceilings", c->used, "points",
                                                (json_int_t)c->n, "noise", c->levels.noise, "segments", segs));
    }
    json_object_set_new(o, "bandwidth_curves", curves);
    json_t *links = json_array();
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        if (x->have_fit)
            json_array_append_new(links, json_pack("{s:s, s:s, s:f, s:f, s:f}", "direction", x->direction,
                                                   "host_memory", x->host_memory, "latency_us", x->latency_us,
                                                   "bandwidth_gbytes_per_s", x->gbytes_per_s, "rms_relative_error",
                                                   x->rms_error));
    }
    json_object_set_new(o, "transfer_fits", links);
    json_t *gemm = json_array();
    for (size_t i = 0; i < g->ngemm; i++) {
        const struct rfl_gpu_gemm *r = &g->gemm[i];
        double bytes = rfl_gpu_gemm_bytes(r), ai = 2.0 * r->m * r->n * r->k / bytes;
        double att = r->attainable;
        json_array_append_new(gemm, json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:o, s:o}", "kernel",
                                              r->kernel, "precision", r->precision, "unit", r->unit, "transb",
                                              r->transb, "m", (json_int_t)r->m, "n", (json_int_t)r->n, "k",
                                              (json_int_t)r->k, "arithmetic_intensity", ai, "gflops_per_s", r->gflops,
                                              "attainable_gflops_per_s", att > 0 ? json_real(att) : json_null(),
                                              "model_bound_gflops_per_s", real_or_null(r->bound)));
    }
    json_object_set_new(o, "gemm", gemm);
    /* Per mechanism and working set: the smallest reuse whose effective
     * bandwidth reaches half of the device pass (null: never). */
    json_t *half = json_array();
    for (size_t i = 0; i < g->num; i++) {
        const struct rfl_gpu_um *p = &g->um[i];
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= !strcmp(g->um[j].mechanism, p->mechanism) && g->um[j].wss == p->wss;
        if (seen)
            continue;
        long reuse = 0;
        int measured = 0;
        for (size_t j = i; j < g->num; j++) {
            const struct rfl_gpu_um *q = &g->um[j];
            if (strcmp(q->mechanism, p->mechanism) || q->wss != p->wss || isnan(q->gbytes_per_s))
                continue;
            measured = 1;
            if (q->fraction >= 0.5 && (!reuse || q->reuse < reuse))
                reuse = q->reuse;
        }
        if (measured)
            json_array_append_new(half, json_pack("{s:s, s:I, s:o}", "mechanism", p->mechanism, "wss_bytes",
                                                  (json_int_t)p->wss, "reuse",
                                                  reuse ? json_integer(reuse) : json_null()));
    }
    json_object_set_new(o, "reuse_to_half_device", half);
    json_object_set_new(o, "um_device_pass_gbytes_per_s", g->um_device_pass > 0 ? json_real(g->um_device_pass)
                                                                                 : json_null());
    return o;
}

int rfl_roofline_write_json(const struct rfl_model *m, const char *path)
{
    json_t *root = json_object();
    json_object_set_new(root, "rfl_version", json_string(rfl_version()));
    json_object_set_new(root, "machine", json_string(m->machine));
    json_object_set_new(root, "host", json_string(m->host));
    json_object_set_new(root, "cpu_model", json_string(m->cpu_model));
    json_object_set_new(root, "date_utc", json_string(m->date));
    json_object_set_new(root, "clock_ghz", m->clock_ghz > 0 ? json_real(m->clock_ghz) : json_null());
    json_object_set_new(root, "fma_units",
                        !m->fma.known ? json_null()
                                      : json_pack("{s:s, s:s, s:I, s:I, s:I, s:s}", "source", m->fma.source, "file",
                                                  m->fma.file, "threads", (json_int_t)m->fma.threads, "logical_cpus",
                                                  (json_int_t)m->fma.logical, "physical", (json_int_t)m->fma.physical,
                                                  "finding", m->fma.sentence));

    json_t *levels = json_array();
    /* The CPU's levels, when a CPU was measured (a GPU-only run has none). */
    int have_cpu = m->ncache > 0 || m->ncurves > 0;
    for (size_t i = 0; i < m->nceilings; i++)
        have_cpu |= !strcmp(m->ceilings[i].device, "cpu");
    for (unsigned l = 0; have_cpu && l <= m->ncache; l++) {
        char name[16];
        rfl_level_name(m, l, name, sizeof name);
        const struct rfl_ceiling *ce = NULL;
        for (size_t i = 0; i < m->nceilings; i++)
            if (m->ceilings[i].kind == RFL_CEILING_BANDWIDTH && !strcmp(m->ceilings[i].device, "cpu") &&
                !strcmp(m->ceilings[i].name, name))
                ce = &m->ceilings[i];
        json_t *lv = json_pack("{s:s}", "name", name);
        if (l < m->ncache) {
            json_object_set_new(lv, "size_bytes", json_integer((json_int_t)m->cache[l].size_bytes));
            json_object_set_new(lv, "instances", json_integer(m->cache[l].instances));
            json_object_set_new(lv, "cores_sharing", json_integer(m->cache[l].cores_sharing));
        } else {
            json_object_set_new(lv, "size_bytes", u64_or_null(m->memory_bytes));
        }
        json_object_set_new(lv, "topology_bytes", u64_or_null(ce ? ce->topology_bytes : 0));
        json_object_set_new(lv, "detected_transition_bytes", u64_or_null(ce ? ce->transition_bytes : 0));
        json_object_set_new(lv, "ceiling_gbytes_per_s", ce ? json_real(ce->value) : json_null());
        json_array_append_new(levels, lv);
    }
    json_object_set_new(root, "levels", levels);

    json_t *ceil = json_array();
    for (size_t i = 0; i < m->nceilings; i++)
        json_array_append_new(ceil, ceiling_json(&m->ceilings[i]));
    json_object_set_new(root, "ceilings", ceil);

    json_t *apps = json_array();
    for (size_t i = 0; i < m->napps; i++) {
        const struct rfl_app *a = &m->apps[i];
        double att = a->attainable;
        json_array_append_new(apps, json_pack("{s:s, s:f, s:f, s:s, s:s, s:o, s:o, s:s}", "name", a->name,
                                              "arithmetic_intensity", a->ai, "gflops_per_s", a->gflops, "level",
                                              a->level, "precision", a->precision, "attainable_gflops_per_s",
                                              att > 0 ? json_real(att) : json_null(), "percent_of_attainable",
                                              att > 0 ? json_real(100.0 * a->gflops / att) : json_null(),
                                              "bound", a->bound));
    }
    json_object_set_new(root, "applications", apps);

    json_t *inputs = json_array();
    for (size_t i = 0; i < m->ninputs; i++) {
        const struct rfl_input *in = &m->inputs[i];
        json_array_append_new(inputs, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:s}", "file",
                                                in->file, "kind", in->source->kind, "program", in->program, "host",
                                                in->host, "date_utc", in->date, "status", in->status, "ranks",
                                                (json_int_t)in->ranks, "threads_per_rank",
                                                (json_int_t)in->threads_per_rank, "rows", (json_int_t)in->rows,
                                                "command_line", in->command_line ? in->command_line : ""));
    }
    json_object_set_new(root, "inputs", inputs);

    json_t *curves = json_array();
    for (size_t i = 0; i < m->ncurves; i++)
        json_array_append_new(curves, curve_json(m, &m->curves[i]));
    json_object_set_new(root, "bandwidth_curves", curves);

    json_object_set_new(root, "gpu", gpu_json(m));

    json_t *notes = json_array();
    for (size_t i = 0; i < m->nnotes; i++)
        json_array_append_new(notes, json_string(m->notes[i]));
    json_object_set_new(root, "notes", notes);

    int rc = rfl_meta_write(root, path);
    json_decref(root);
    return rc;
}

/* A one-screen summary on stderr. */
void rfl_ceilings_print(const struct rfl_model *m)
{
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        char spec[64] = "";
        if (c->spec > 0)
            snprintf(spec, sizeof spec, "  (%.0f%% of spec %.1f)", rfl_ceiling_percent(c), c->spec);
        if (strcmp(c->device, "cpu") == 0)
            rfl_info("%-4s %-16s %10.1f %-7s %s %s %s, %ldx%ld%s", c->device, c->name, c->value, rfl_ceiling_unit(c),
                     c->kernel, c->precision, c->isa, c->ranks, c->threads_per_rank, spec);
        else
            rfl_info("%-4s %-16s %10.1f %-7s %s%s%s%s", c->device, c->name, c->value, rfl_ceiling_unit(c), c->kernel,
                     c->precision[0] ? " " : "", c->precision, spec);
    }
    for (size_t i = 0; i < m->nnotes; i++)
        rfl_info("note: %s", m->notes[i]);
}
