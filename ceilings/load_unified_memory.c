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

/* A row's cells (rfl_load_cells), in the order they are checked, then verified. */
#define CELL(field, kind, min, column) RFL_LOAD_CELL(struct rfl_gpu_um, field, kind, min, column)
static const struct rfl_load_cell cells[] = {
    CELL(mechanism, TEXT, 0, "mechanism"),              CELL(panel, TEXT, 0, "fig7_panel"),
    CELL(wss, BYTES, 1, "wss_bytes"),                   CELL(reuse, COUNT, 1, "reuse"),
    CELL(gbytes_per_s, OPTIONAL, 0, "gbytes_per_s"),    CELL(fraction, OPTIONAL, 0, "fraction_of_device"),
    CELL(status, TEXT, 0, "status"),
};
#undef CELL
#define NCELLS (sizeof cells / sizeof *cells)

int rfl_gpu_load_um(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    struct rfl_load_rows rows;
    if (rfl_load_rows_open(&rows, m, input, t, meta, cells, NCELLS, 0) != 0)
        return -1;
    struct rfl_gpu_data *g = m->gpu;
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(meta, "reference"), i, e) {
        json_t *r = json_object_get(e, "rank");
        if ((!json_is_integer(r) || json_integer_value(r) == rows.rank) && rfl_load_json_num(e, "device_pass_gbytes_per_s") > 0)
            g->um_device_pass = rfl_load_json_num(e, "device_pass_gbytes_per_s");
    }
    g->um_input = input;
    g->have_um_input = 1;
    struct rfl_gpu_um p;
    memset(&p, 0, sizeof p);
    int more;
    while ((more = rfl_load_rows_next(&rows, &p)) > 0) {
        const size_t r = rows.r;
        double verified = NAN;
        if (rfl_table_double(t, r, rows.c_verified, 1, &verified))
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
    return more;
}
