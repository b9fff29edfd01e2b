/* ceilings.csv and roofline.json: the model of a run directory, written. */
#include "config.h"
#include "caches.h"
#include "dense.h"
#include "gpu.h"
#include "model.h"
#include "sources.h"
#include "spread.h"
#include "write.h"
#include "members.h"
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

/* One row: the job's ceiling, or (mb not NULL) one member's own value of it,
 * its spread unknown. */
static void write_row(struct rfl_csv *csv, const struct rfl_ceiling *job, const struct rfl_member *mb)
{
    struct rfl_ceiling member;
    const struct rfl_ceiling *c = job;
    if (mb) {
        member = *job;
        member.value = member.value_high = mb->value;
        member.value_low = NAN;
        member.spread_points = member.samples = 0;
        member.ranks = 1;
        member.spec = NAN; /* the spec is the job's */
        member.spec_source[0] = '\0';
        snprintf(member.device, sizeof member.device, "%s", mb->device);
        c = &member;
    }
    char pct[32] = "";
    if (c->spec > 0)
        rfl_format_double(pct, sizeof pct, "%.1f", rfl_ceiling_percent(c));
    rfl_csv_str(csv, c->device);
    rfl_csv_str(csv, c->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute");
    rfl_csv_str(csv, c->name);
    rfl_csv_double(csv, c->value);
    rfl_csv_double(csv, c->value_low);
    rfl_csv_double(csv, c->value_high);
    char spread[32] = "";
    if (!isnan(rfl_ceiling_spread(c)))
        rfl_format_double(spread, sizeof spread, "%.2f", rfl_ceiling_spread(c));
    rfl_csv_str(csv, spread);
    rfl_csv_str(csv, rfl_ceiling_unit(c));
    rfl_csv_double(csv, c->spec);
    rfl_csv_str(csv, pct);
    rfl_csv_str(csv, c->spec_source);
    rfl_csv_str(csv, c->program);
    rfl_csv_str(csv, c->kernel);
    rfl_csv_str(csv, c->precision);
    rfl_csv_str(csv, c->isa);
    rfl_csv_int(csv, c->ranks);
    rfl_csv_int(csv, c->threads_per_rank);
    rfl_csv_u64(csv, c->wss_min_bytes);
    rfl_csv_u64(csv, c->wss_max_bytes);
    csv_u64_or_empty(csv, c->topology_bytes);
    csv_u64_or_empty(csv, c->transition_bytes);
    rfl_csv_double(csv, c->flops_per_elem);
    rfl_csv_u64(csv, c->points);
    csv_u64_or_empty(csv, c->spread_points);
    csv_u64_or_empty(csv, c->samples);
    rfl_csv_double(csv, mb ? NAN : c->synchronised);
    rfl_csv_str(csv, c->shared_with);
    rfl_csv_str(csv, c->file);
    if (mb) {
        rfl_csv_str(csv, mb->host);
        rfl_csv_int(csv, mb->rank);
        char pp[32] = "";
        if (isfinite(mb->percent_of_peers))
            rfl_format_double(pp, sizeof pp, "%.1f", mb->percent_of_peers);
        rfl_csv_str(csv, pp);
        rfl_csv_int(csv, mb->outlier);
    } else {
        for (int k = 0; k < 4; k++)
            rfl_csv_str(csv, "");
    }
    rfl_csv_end_row(csv);
}

int rfl_ceilings_write_csv(const struct rfl_model *m, const char *path)
{
    struct rfl_csv csv;
    if (rfl_csv_open(&csv, path, rfl_schema_ceilings.names, rfl_schema_ceilings.count) != 0)
        return -1;
    for (size_t i = 0; i < m->nceilings; i++) {
        write_row(&csv, &m->ceilings[i], NULL);
        size_t first, n = rfl_members_of(m, i, &first);
        for (size_t k = 0; k < n; k++)
            write_row(&csv, &m->ceilings[i], &m->members[first + k]);
    }
    return rfl_csv_commit(&csv);
}

/* roofline.json. Text from the inputs goes through rfl_json_text (invalid
 * UTF-8 replaced, never refused) and numbers through real_or_null (a value
 * that is not finite is null, never refused); every value, set and append
 * is checked (*bad), so nothing is left out silently. */
#define T(s) rfl_json_text(s)
static json_t *real_or_null(double v) { return isfinite(v) ? json_real(v) : json_null(); }
#define R(v) real_or_null(v)
static json_t *u64_or_null(uint64_t v) { return v ? json_integer((json_int_t)v) : json_null(); }

static json_t *ceiling_json(const struct rfl_ceiling *c)
{
    json_t *prov = json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:I, s:o, s:I, s:o}", "program", T(c->program),
                             "kernel", T(c->kernel), "precision", T(c->precision), "isa", T(c->isa), "ranks",
                             (json_int_t)c->ranks, "threads_per_rank", (json_int_t)c->threads_per_rank,
                             "wss_min_bytes", (json_int_t)c->wss_min_bytes, "wss_max_bytes",
                             (json_int_t)c->wss_max_bytes, "flops_per_elem", R(c->flops_per_elem), "points",
                             (json_int_t)c->points, "file", T(c->file));
    json_t *spread = json_pack("{s:o, s:o, s:o, s:o, s:o, s:b, s:o}", "value_low", R(c->value_low), "value_high",
                               R(c->value_high), "percent", R(rfl_ceiling_spread(c)), "points",
                               u64_or_null(c->spread_points), "samples", u64_or_null(c->samples), "noisy",
                               rfl_ceiling_noisy(c), "synchronised_value", R(c->synchronised));
    return json_pack("{s:o, s:s, s:o, s:o, s:o, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "device", T(c->device),
                     "kind", c->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute", "name", T(c->name), "value",
                     R(c->value), "spread", spread, "unit", rfl_ceiling_unit(c), "spec_value", R(c->spec),
                     "percent_of_spec", R(rfl_ceiling_percent(c)), "spec_source", T(c->spec_source), "topology_bytes",
                     u64_or_null(c->topology_bytes), "detected_transition_bytes", u64_or_null(c->transition_bytes),
                     "shared_with", T(c->shared_with), "provenance", prov);
}

static json_t *segment_json(const struct rfl_segment *g, json_int_t wss_min, json_int_t wss_max, json_t *names)
{
    return json_pack("{s:I, s:I, s:I, s:o, s:o, s:b, s:o}", "wss_min_bytes", wss_min, "wss_max_bytes", wss_max,
                     "points", (json_int_t)(g->last - g->first + 1), "median_gbytes_per_s", R(g->median), "best_gbytes_per_s", R(g->best), "plateau", g->plateau, "levels", names);
}

static json_t *curve_json(const struct rfl_model *m, const struct rfl_bw_curve *c, int *bad)
{
    json_t *segs = json_array();
    for (size_t s = 0; s < c->levels.nseg; s++) {
        const struct rfl_segment *g = &c->levels.seg[s];
        json_t *names = json_array();
        for (unsigned l = 0; l <= c->ncache; l++)
            if (g->levels >> l & 1) {
                char buf[16];
                rfl_level_name(m, l, buf, sizeof buf);
                rfl_json_append(names, T(buf), bad);
            }
        rfl_json_append(segs, segment_json(g, (json_int_t)c->wss[g->first], (json_int_t)c->wss[g->last], names), bad);
    }
    return json_pack("{s:o, s:o, s:o, s:b, s:I, s:I, s:o, s:b, s:I, s:o, s:o}", "kernel", T(c->kernel), "precision",
                     T(c->precision), "isa", T(c->isa), "nontemporal", c->nontemporal, "ranks", (json_int_t)c->ranks,
                     "threads_per_rank", (json_int_t)c->threads_per_rank, "file", T(m->inputs[c->input].file),
                     "used_for_ceilings", c->used, "points", (json_int_t)c->n, "noise", R(c->levels.noise),
                     "segments", segs);
}

/* The GPU: the device, its levels, the curves, the transfer fits, the GEMM
 * points and the unified-memory reuse. */
static json_t *gpu_json(const struct rfl_model *m, int *bad)
{
    const struct rfl_gpu_data *g = m->gpu;
    if (!g || !g->dev.known)
        return json_null();
    const struct rfl_gpu_device *d = &g->dev;
    json_t *o = json_pack("{s:o, s:i, s:i, s:o, s:o, s:o, s:i, s:I, s:I, s:I, s:I, s:o, s:o}", "device", T(d->label),
                          "index", d->index, "rank", d->rank, "name", T(d->name), "compute_capability", T(d->cc),
                          "arch", T(d->arch), "sm_count", (int)d->sm_count, "shared_bytes_per_sm",
                          (json_int_t)d->shared_bytes_per_sm, "l1_bytes_per_sm", (json_int_t)d->l1_bytes_per_sm,
                          "l2_bytes", (json_int_t)d->l2_bytes, "global_mem_bytes", (json_int_t)d->global_mem_bytes,
                          "sm_clock_max_mhz", R(d->sm_clock_max_mhz > 0 ? d->sm_clock_max_mhz : NAN),
                          "datasheet_gbytes_per_s", R(d->datasheet_gbytes_per_s > 0 ? d->datasheet_gbytes_per_s : NAN));
    json_t *levels = json_array();
    for (int L = 0; L < RFL_GPU_NLEVELS; L++) {
        const struct rfl_ceiling *ce = rfl_gpu_ceiling(m, rfl_gpu_level_names[L]);
        uint64_t size = L == RFL_GPU_SHARED ? (uint64_t)d->sm_count * d->shared_bytes_per_sm
                        : L == RFL_GPU_L1   ? (uint64_t)d->sm_count * d->l1_bytes_per_sm
                        : L == RFL_GPU_L2   ? d->l2_bytes
                                            : d->global_mem_bytes;
        rfl_json_append(levels,
                        json_pack("{s:s, s:o, s:o, s:o}", "name", rfl_gpu_level_names[L], "size_bytes",
                                  u64_or_null(size), "detected_transition_bytes",
                                  u64_or_null(ce ? ce->transition_bytes : 0), "ceiling_gbytes_per_s",
                                  ce ? R(ce->value) : json_null()),
                        bad);
    }
    rfl_json_set(o, "levels", levels, bad);
    json_t *curves = json_array();
    for (size_t i = 0; i < g->ncurves; i++) {
        const struct rfl_bw_curve *c = &g->curves[i];
        json_t *segs = json_array();
        for (size_t s = 0; s < c->levels.nseg; s++) {
            const struct rfl_segment *sg = &c->levels.seg[s];
            json_t *names = json_array();
            for (unsigned l = 0; l <= c->ncache; l++)
                if ((sg->levels >> l & 1) && c->level_of[l] >= 0)
                    rfl_json_append(names, json_string(rfl_gpu_level_names[c->level_of[l]]), bad);
            rfl_json_append(segs, segment_json(sg, (json_int_t)c->x[sg->first], (json_int_t)c->x[sg->last], names), bad);
        }
        rfl_json_append(curves,
                        json_pack("{s:o, s:o, s:o, s:I, s:I, s:o, s:b, s:I, s:o, s:o}", "kernel", T(c->kernel),
                                  "access", T(c->access), "precision", T(c->precision), "threads_per_block",
                                  (json_int_t)c->threads_per_block, "blocks_per_grid", (json_int_t)c->blocks, "file",
                                  T(m->inputs[c->input].file), "used_for_ceilings", c->used, "points",
                                  (json_int_t)c->n, "noise", R(c->levels.noise), "segments", segs),
                        bad);
    }
    rfl_json_set(o, "bandwidth_curves", curves, bad);
    json_t *links = json_array();
    for (size_t i = 0; i < g->ntransfers; i++) {
        const struct rfl_gpu_transfer *x = &g->transfers[i];
        if (x->have_fit)
            rfl_json_append(links,
                            json_pack("{s:o, s:o, s:o, s:o, s:o}", "direction", T(x->direction), "host_memory",
                                      T(x->host_memory), "latency_us", R(x->latency_us), "bandwidth_gbytes_per_s",
                                      R(x->gbytes_per_s), "rms_relative_error", R(x->rms_error)),
                            bad);
    }
    rfl_json_set(o, "transfer_fits", links, bad);
    json_t *gemm = json_array();
    for (size_t i = 0; i < g->ngemm; i++) {
        const struct rfl_gpu_gemm *r = &g->gemm[i];
        double bytes = rfl_gpu_gemm_bytes(r), ai = 2.0 * r->m * r->n * r->k / bytes;
        double att = r->attainable;
        rfl_json_append(gemm,
                        json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:o, s:o, s:o, s:o}", "kernel", T(r->kernel),
                                  "precision", T(r->precision), "unit", T(r->unit), "transb", T(r->transb), "m",
                                  (json_int_t)r->m, "n", (json_int_t)r->n, "k", (json_int_t)r->k,
                                  "arithmetic_intensity", R(ai), "gflops_per_s", R(r->gflops),
                                  "attainable_gflops_per_s", att > 0 ? R(att) : json_null(),
                                  "model_bound_gflops_per_s", R(r->bound)),
                        bad);
    }
    rfl_json_set(o, "gemm", gemm, bad);
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
            rfl_json_append(half,
                            json_pack("{s:o, s:I, s:o}", "mechanism", T(p->mechanism), "wss_bytes",
                                      (json_int_t)p->wss, "reuse", reuse ? json_integer(reuse) : json_null()),
                            bad);
    }
    rfl_json_set(o, "reuse_to_half_device", half, bad);
    rfl_json_set(o, "um_device_pass_gbytes_per_s", g->um_device_pass > 0 ? R(g->um_device_pass) : json_null(), bad);
    return o;
}

int rfl_roofline_write_json(const struct rfl_model *m, const char *path)
{
    int bad = 0;
    json_t *root = json_object();
    rfl_json_set(root, "rfl_version", T(rfl_version()), &bad);
    rfl_json_set(root, "machine", T(m->machine), &bad);
    rfl_json_set(root, "host", T(m->host), &bad);
    rfl_json_set(root, "cpu_model", T(m->cpu_model), &bad);
    rfl_json_set(root, "date_utc", T(m->date), &bad);
    rfl_json_set(root, "clock_ghz", m->clock_ghz > 0 ? R(m->clock_ghz) : json_null(), &bad);
    json_t *fma = NULL;
    if (m->fma.known) {
        fma = json_object();
        rfl_json_set(fma, "source", T(m->fma.source), &bad);
        rfl_json_set(fma, "file", T(m->fma.file), &bad);
        rfl_json_set(fma, "threads", json_integer((json_int_t)m->fma.threads), &bad);
        rfl_json_set(fma, "logical_cpus", json_integer((json_int_t)m->fma.logical), &bad);
        rfl_json_set(fma, "physical", json_integer((json_int_t)m->fma.physical), &bad);
        rfl_json_set(fma, "finding", T(m->fma.sentence), &bad);
    }
    rfl_json_set(root, "fma_units", fma ? fma : json_null(), &bad);

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
        json_t *lv = json_pack("{s:o}", "name", T(name));
        if (l < m->ncache) {
            rfl_json_set(lv, "size_bytes", json_integer((json_int_t)m->cache[l].size_bytes), &bad);
            rfl_json_set(lv, "instances", json_integer(m->cache[l].instances), &bad);
            rfl_json_set(lv, "cores_sharing", json_integer(m->cache[l].cores_sharing), &bad);
        } else {
            rfl_json_set(lv, "size_bytes", u64_or_null(m->memory_bytes), &bad);
        }
        rfl_json_set(lv, "topology_bytes", u64_or_null(ce ? ce->topology_bytes : 0), &bad);
        rfl_json_set(lv, "detected_transition_bytes", u64_or_null(ce ? ce->transition_bytes : 0), &bad);
        rfl_json_set(lv, "ceiling_gbytes_per_s", ce ? R(ce->value) : json_null(), &bad);
        rfl_json_append(levels, lv, &bad);
    }
    rfl_json_set(root, "levels", levels, &bad);
    rfl_json_set(root, "caches", have_cpu ? rfl_cache_check_json(m) : json_null(), &bad);

    json_t *ceil = json_array();
    for (size_t i = 0; i < m->nceilings; i++)
        rfl_json_append(ceil, ceiling_json(&m->ceilings[i]), &bad);
    rfl_json_set(root, "ceilings", ceil, &bad);

    json_t *members = json_array();
    for (size_t i = 0; i < m->nmembers; i++) {
        const struct rfl_member *mb = &m->members[i];
        const struct rfl_ceiling *c = &m->ceilings[mb->ceiling];
        rfl_json_append(members,
                        json_pack("{s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:o}", "device", T(mb->device), "kind",
                                  T(c->kind == RFL_CEILING_BANDWIDTH ? "bandwidth" : "compute"), "name", T(c->name),
                                  "host", T(mb->host), "rank", (json_int_t)mb->rank, "value", R(mb->value),
                                  "percent_of_peers", real_or_null(mb->percent_of_peers), "outlier",
                                  json_boolean(mb->outlier)),
                        &bad);
    }
    rfl_json_set(root, "members", members, &bad);

    json_t *apps = json_array();
    for (size_t i = 0; i < m->napps; i++) {
        const struct rfl_app *a = &m->apps[i];
        double att = a->attainable;
        rfl_json_append(apps,
                        json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "name", T(a->name),
                                  "arithmetic_intensity", R(a->ai), "gflops_per_s", R(a->gflops), "level",
                                  T(a->level), "precision", T(a->precision), "attainable_gflops_per_s",
                                  att > 0 ? R(att) : json_null(), "percent_of_attainable",
                                  att > 0 ? R(100.0 * a->gflops / att) : json_null(), "bound", T(a->bound)),
                        &bad);
    }
    rfl_json_set(root, "applications", apps, &bad);
    if (m->dense)
        rfl_json_set(root, "dense", rfl_dense_points_json(m), &bad);

    json_t *inputs = json_array();
    for (size_t i = 0; i < m->ninputs; i++) {
        const struct rfl_input *in = &m->inputs[i];
        rfl_json_append(inputs,
                        json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:o}", "file", T(in->file), "kind",
                                  T(in->source->kind), "program", T(in->program), "host", T(in->host), "date_utc",
                                  T(in->date), "status", T(in->status), "ranks", (json_int_t)in->ranks,
                                  "threads_per_rank", (json_int_t)in->threads_per_rank, "rows",
                                  (json_int_t)in->rows, "command_line", T(in->command_line)),
                        &bad);
    }
    rfl_json_set(root, "inputs", inputs, &bad);

    json_t *curves = json_array();
    for (size_t i = 0; i < m->ncurves; i++)
        rfl_json_append(curves, curve_json(m, &m->curves[i], &bad), &bad);
    rfl_json_set(root, "bandwidth_curves", curves, &bad);

    rfl_json_set(root, "gpu", gpu_json(m, &bad), &bad);

    json_t *notes = json_array();
    for (size_t i = 0; i < m->nnotes; i++)
        rfl_json_append(notes, T(m->notes[i]), &bad);
    rfl_json_set(root, "notes", notes, &bad);

    int rc = -1;
    if (bad || !root)
        rfl_error("%s: cannot build the JSON document (out of memory)", path);
    else
        rc = rfl_meta_write(root, path);
    json_decref(root);
    return rc;
}

/* A one-screen summary on stderr. */
void rfl_ceilings_print(const struct rfl_model *m)
{
    for (size_t i = 0; i < m->nceilings; i++) {
        const struct rfl_ceiling *c = &m->ceilings[i];
        char spec[64] = "", spread[48];
        if (c->spec > 0)
            snprintf(spec, sizeof spec, "  (%.0f%% of spec %.1f)", rfl_ceiling_percent(c), c->spec);
        rfl_spread_text(spread, sizeof spread, c);
        if (strcmp(c->device, "cpu") == 0)
            rfl_info("%-4s %-16s %10.1f %-7s %-14s %s %s %s, %ldx%ld%s", c->device, c->name, c->value,
                     rfl_ceiling_unit(c), spread, c->kernel, c->precision, c->isa, c->ranks, c->threads_per_rank, spec);
        else
            rfl_info("%-4s %-16s %10.1f %-7s %-14s %s%s%s%s", c->device, c->name, c->value, rfl_ceiling_unit(c), spread,
                     c->kernel, c->precision[0] ? " " : "", c->precision, spec);
    }
    for (size_t i = 0; i < m->nnotes; i++)
        rfl_info("note: %s", m->notes[i]);
}
