/* rfl_unified_memory's CSV: effective bandwidth per mechanism, working set
 * and reuse, as a fraction of the GPU pass its sidecar records. */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <string.h>

int rfl_gpu_load_um(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    struct rfl_row_filter f;
    rfl_row_filter_init(&f, m, t);
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(meta, "reference"), i, e) {
        json_t *r = json_object_get(e, "rank");
        if ((!json_is_integer(r) || json_integer_value(r) == f.rank) && rfl_load_json_num(e, "device_pass_gbytes_per_s") > 0)
            g->um_device_pass = rfl_load_json_num(e, "device_pass_gbytes_per_s");
    }
    g->um_input = input;
    g->have_um_input = 1;
    int c_mech = rfl_table_column(t, "mechanism"), c_panel = rfl_table_column(t, "fig7_panel");
    int c_wss = rfl_table_column(t, "wss_bytes"), c_reuse = rfl_table_column(t, "reuse");
    int c_rate = rfl_table_column(t, "gbytes_per_s"), c_frac = rfl_table_column(t, "fraction_of_device");
    int c_status = rfl_table_column(t, "status"), c_ver = rfl_table_column(t, "verified");
    size_t r = 0;
    int more;
    for (; (more = rfl_row_filter_next(&f, t, &r)) > 0; r++) {
        struct rfl_gpu_um p;
        memset(&p, 0, sizeof p);
        double verified = NAN;
        if (rfl_load_text(p.mechanism, sizeof p.mechanism, t, r, c_mech) ||
            rfl_load_text(p.panel, sizeof p.panel, t, r, c_panel) || rfl_table_bytes(t, r, c_wss, 1, &p.wss) ||
            rfl_table_count(t, r, c_reuse, 1, RFL_TABLE_MAX_COUNT, &p.reuse) || rfl_table_double(t, r, c_rate, 1, &p.gbytes_per_s) ||
            rfl_table_double(t, r, c_frac, 1, &p.fraction) || rfl_load_text(p.status, sizeof p.status, t, r, c_status) ||
            rfl_table_double(t, r, c_ver, 1, &verified))
            return -1;
        int measured = !strcmp(p.status, "ok") || !strcmp(p.status, "timeout");
        if (measured && !(p.gbytes_per_s > 0)) {
            rfl_error("%s:%d: column 'gbytes_per_s': a measured point (status %s) needs a positive rate", t->path,
                      t->lineno[r], p.status);
            return -1;
        }
        if (measured && verified != 1) {
            rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
            continue;
        }
        if (!measured)
            p.gbytes_per_s = p.fraction = NAN;
        else if (isnan(p.fraction) && g->um_device_pass > 0)
            p.fraction = p.gbytes_per_s / g->um_device_pass;
        if (rfl_load_append(&g->um, &g->num, sizeof p, &p) != 0)
            return -1;
    }
    return rfl_row_filter_end(m, &f, input, more);
}
