/* rfl_gpu_micro: what every mode uses from its context (internal.h): its
 * tables (CSV and sidecar), the run's budget and the failure that stops it.
 * Apart from run.c, which calls the modes: a mode calls only down. */
#include "config.h"
#include "gpu_micro/internal.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Tables
 * ---------------------------------------------------------------------- */

int rfl_gmi_table_open(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t, const struct rfl_gmi_table_spec *spec)
{
    memset(t, 0, sizeof *t);
    t->spec = spec;
    size_t len = strlen(c->o->output) + strlen(spec->suffix) + 8;
    t->path = malloc(len);
    if (!t->path)
        rfl_mpi_abort(RFL_EXIT_FAILURE);
    snprintf(t->path, len, "%s_%s.csv", c->o->output, spec->suffix);
    /* Collective: the NVML readings before the mode runs. */
    const struct rfl_session_spec s = {.program = "rfl_gpu_micro", .argc = c->o->argc, .argv = c->o->argv,
                                       .output = t->path, .columns = spec->columns, .ncols = spec->ncols,
                                       .flags = RFL_SESSION_TABLE};
    if (rfl_gpu_session_open(&t->out, &s, &c->dev) != 0) {
        free(t->path);
        t->path = NULL;
        c->status = RFL_EXIT_FAILURE;
        return -1;
    }
    t->open = 1;
    return 0;
}

int rfl_gmi_emit(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t, struct rfl_gmi_cell *cells, long long bad,
                 const char *detail)
{
    const int n = (int)t->spec->ncols;
    cells[0] = RFL_GMI_I(rfl_mpi_rank());
    cells[1] = RFL_GMI_I(c->dev.index);
    double *mine = calloc((size_t)n + 1, sizeof *mine);
    if (!mine)
        rfl_mpi_abort(RFL_EXIT_FAILURE);
    for (int i = 0; i < n; i++)
        mine[i] = cells[i].v;
    mine[n] = (double)bad;
    double *all = rfl_gpu_gather_doubles(mine, n + 1);
    free(mine);
    long long total = c->ranks > 1 ? rfl_mpi_sum_ll(bad) : bad;
    if (bad)
        rfl_error_all("verification failed: %s: %s", t->spec->suffix, detail ? detail : "wrong results");
    if (total) {
        c->status = RFL_EXIT_VERIFY;
        snprintf(c->failure, sizeof c->failure, "%s: %lld wrong results", t->spec->suffix, total);
    } else if (c->root && all && t->open) {
        for (int r = 0; r < c->ranks; r++) {
            const double *v = all + (size_t)r * (n + 1);
            for (int i = 0; i < n; i++) {
                if (cells[i].kind == RFL_GMI_STR)
                    rfl_csv_str(&t->out.csv, cells[i].s);
                else if (cells[i].kind == RFL_GMI_WORD)
                    rfl_csv_str(&t->out.csv, cells[i].names[(int)v[i]]);
                else if (isnan(v[i]))
                    rfl_csv_str(&t->out.csv, "");
                else if (cells[i].kind == RFL_GMI_INT)
                    rfl_csv_int(&t->out.csv, (long long)llround(v[i]));
                else
                    rfl_csv_double(&t->out.csv, v[i]);
            }
            rfl_csv_end_row(&t->out.csv);
        }
    }
    free(all);
    return rfl_interrupt_agree(c->status != RFL_EXIT_OK, &c->status);
}

int rfl_gmi_table_close(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t)
{
    rfl_gpu_meta_finish(t->out.meta, &c->dev); /* collective */
    t->out.status = c->status;
    snprintf(t->out.failure, sizeof t->out.failure, "%s", c->failure);
    json_t *meta = rfl_session_outcome(&t->out);
    if (meta) {
        json_object_set_new(meta, "mode", json_string(t->spec->suffix));
        json_object_set(meta, "settings", c->mode_meta ? c->mode_meta : json_object());
        json_object_set_new(meta, "min_time_s", json_real(c->min_time_s));
        json_object_set_new(meta, "experiments", json_integer(c->experiments));
        /* The budget as it stands when this mode's file is written. */
        json_object_set_new(meta, "budget", rfl_gpu_budget_json(c->budget));
    }
    int rc = rfl_session_commit(&t->out);
    rfl_session_close(&t->out); /* collective; the run reports its own outcome */
    t->open = 0;
    free(t->path);
    t->path = NULL;
    if (rc)
        c->status = RFL_EXIT_FAILURE;
    return rc;
}

int rfl_gmi_abort(struct rfl_gmi_ctx *c, struct rfl_gmi_table *t)
{
    if (t->open)
        rfl_session_abort(&t->out);
    t->open = 0;
    free(t->path);
    t->path = NULL;
    return rfl_gmi_failed(c);
}

int rfl_gmi_mismatch_reset(struct rfl_gmi_ctx *c) { return rfl_gpu_mismatch_reset(c->mismatch, c->stream); }

int rfl_gmi_mismatch_read(struct rfl_gmi_ctx *c, struct rfl_gpu_mismatch *m)
{
    if (RFL_CUDA(cudaStreamSynchronize(c->stream)) ||
        RFL_CUDA(cudaMemcpy(m, c->mismatch, sizeof *m, cudaMemcpyDeviceToHost)))
        return -1;
    return 0;
}

json_t *rfl_gmi_evidence_list(struct rfl_gmi_ctx *c)
{
    if (!c->mode_meta)
        return NULL;
    json_t *list = json_object_get(c->mode_meta, "evidence");
    if (!list) {
        list = json_array();
        json_object_set_new(c->mode_meta, "evidence", list);
    }
    return list;
}

void rfl_gmi_expect(struct rfl_gmi_ctx *c, int prio, double weight) { rfl_gpu_budget_expect(c->budget, prio, weight); }

int rfl_gmi_admit(struct rfl_gmi_ctx *c, int prio, double weight, const char *what)
{
    return rfl_gpu_budget_admit(c->budget, prio, weight, what);
}

void rfl_gmi_done(struct rfl_gmi_ctx *c) { rfl_gpu_budget_done(c->budget); }

int rfl_gmi_failed(struct rfl_gmi_ctx *c)
{
    c->status = rfl_gpu_fail(RFL_EXIT_FAILURE);
    return -1;
}
