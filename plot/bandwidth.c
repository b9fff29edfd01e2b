/* bandwidth.png: the CPU's bandwidth curves against working set, with the
 * cache capacities and the plateaus found (drawn by working_set.c). */
#include "config.h"
#include "charts.h"
#include "device_chart.h"
#include "style.h"
#include "ceilings/model.h"
#include "common/size.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The curves of the ISA, precision and job shape that set the first
 * ceiling, the title that names them and the cache capacities of that job. */
static void prepare(const struct rfl_model *m, struct rfl_plot_ws_view *v)
{
    v->device = "cpu";
    const struct rfl_bw_curve *ref = NULL;
    for (size_t i = 0; i < m->nceilings && !ref; i++) {
        const struct rfl_ceiling *ce = &m->ceilings[i];
        if (ce->kind != RFL_CEILING_BANDWIDTH || strcmp(ce->device, "cpu"))
            continue;
        for (size_t j = 0; j < m->ncurves && !ref; j++) {
            const struct rfl_bw_curve *cv = &m->curves[j];
            if (!strcmp(cv->kernel, ce->kernel) && !strcmp(cv->precision, ce->precision) &&
                !strcmp(cv->isa, ce->isa) && !strcmp(m->inputs[cv->input].file, ce->file))
                ref = cv;
        }
    }
    if (!ref && m->ncurves)
        ref = &m->curves[0];
    if (!ref)
        return;
    for (size_t j = 0; j < m->ncurves && v->ncurves < RFL_PLOT_WS_MAX_CURVES; j++) {
        const struct rfl_bw_curve *cv = &m->curves[j];
        if (!strcmp(cv->precision, ref->precision) && !strcmp(cv->isa, ref->isa) && cv->ranks == ref->ranks &&
            cv->threads_per_rank == ref->threads_per_rank && cv->input == ref->input && cv->used)
            v->curves[v->ncurves++] = cv;
    }
    snprintf(v->title, sizeof v->title, "Bandwidth: %s, %s %s, %ld rank%s x %ld thread%s", m->machine,
             ref->precision, ref->isa, ref->ranks, ref->ranks == 1 ? "" : "s", ref->threads_per_rank,
             ref->threads_per_rank == 1 ? "" : "s");
    double job_threads = (double)(ref->ranks * ref->threads_per_rank);
    for (unsigned l = 0; l < m->ncache && v->nmarks < RFL_PLOT_WS_MAX_MARKS; l++) {
        struct rfl_plot_ws_mark *mk = &v->marks[v->nmarks++];
        char name[16], size[32];
        mk->x = ref->capacity[l] * job_threads;
        mk->sides = 1;
        rfl_level_name(m, l, name, sizeof name);
        snprintf(mk->text, sizeof mk->text, "%s %s", name,
                 rfl_format_size((uint64_t)llround(mk->x), size, sizeof size));
    }
}

static void describe(const struct rfl_bw_curve *c, size_t index, struct rfl_plot_line *out)
{
    snprintf(out->comment, sizeof out->comment, "%s", c->kernel);
    snprintf(out->style, sizeof out->style, "lw 1.5 pt 7 ps 0.6");
    out->color = rfl_plot_palette[index % RFL_PLOT_NPALETTE];
    snprintf(out->title, sizeof out->title, "%s", c->kernel);
}

static const struct rfl_plot_ws_device cpu_working_set = {
    .name = "bandwidth",
    .right = 0.83,
    .headroom = 2.5,
    .xlabel = "working set (bytes, all ranks and threads)",
    .key_samplen = 2,
    .plateau_widen = 1.2,
    .plateau_shows_kernel = 1,
    .merge_shared_plateaus = 1,
    .capacity_key = "cache capacity (hwloc)",
    .key_lists_absent = 1,
    .x_text = rfl_chart_num,
    .prepare = prepare,
    .describe = describe,
};

int rfl_plot_bandwidth(const struct rfl_model *m, const char *dir)
{
    return rfl_plot_working_set(m, dir, &cpu_working_set);
}
