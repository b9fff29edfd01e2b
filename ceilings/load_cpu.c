/* What the CPU programs' rows share (rfl_bandwidth, rfl_flops): the job,
 * the rate with its spread and sustained cells, verified, and a rank's own
 * row made a member. */
#include "config.h"
#include "load.h"
#include "members.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rfl_load_cpu_columns(const struct rfl_table *t, const char *stem, struct rfl_load_cpu *c)
{
    char name[64];
    memset(c, 0, sizeof *c);
    c->c_ranks = rfl_table_column(t, "ranks");
    c->c_threads = rfl_table_column(t, "threads_per_rank");
    c->c_rate = rfl_table_column(t, stem);
    snprintf(name, sizeof name, "%s_median", stem);
    c->c_median = rfl_table_column(t, name);
    snprintf(name, sizeof name, "%s_sustained", stem);
    c->c_sustained = rfl_table_column(t, name);
    snprintf(name, sizeof name, "%s_sustained_median", stem);
    c->c_sustained_median = rfl_table_column(t, name);
    c->c_verified = rfl_table_column(t, "verified");
    c->c_samples = rfl_table_column(t, "experiments");
    c->c_rank = rfl_table_column(t, "rank");
    c->c_host = rfl_table_column(t, "host");
}

int rfl_load_cpu_cells(const struct rfl_table *t, size_t r, struct rfl_load_cpu *c)
{
    c->median = NAN;
    c->samples = 0;
    return rfl_load_job(t, r, c->c_ranks, c->c_threads, &c->ranks, &c->threads) ||
                   rfl_table_double(t, r, c->c_rate, 0, &c->rate) || rfl_table_int(t, r, c->c_verified, &c->verified) ||
                   rfl_load_spread_cells(t, r, c->c_median, c->c_samples, &c->median, &c->samples)
               ? -1
               : 0;
}

int rfl_load_cpu_row(struct rfl_model *m, const struct rfl_table *t, size_t r, const json_t *meta, size_t input,
                     int may_lift, uint64_t wss, const char *key, struct rfl_load_cpu *c)
{
    if (rfl_load_positive(t, r, c->c_rate, c->rate) != 0 ||
        rfl_load_sustained(t, r, c->c_sustained, c->c_sustained_median, may_lift, &c->rate, &c->median, &c->sync) != 0)
        return -1;
    if (c->verified != 1) {
        rfl_model_note(m, "%s:%d: skipped a row whose result was not verified", t->path, t->lineno[r]);
        return 0;
    }
    if (c->c_rank < 0 || !*rfl_table_cell(t, r, c->c_rank))
        return 1;
    struct rfl_member_row row = {.input = input, .device = "cpu", .wss = wss, .rate = c->rate};
    if (rfl_table_count(t, r, c->c_rank, 0, c->ranks - 1, &row.rank) ||
        (c->c_host >= 0 && rfl_load_text(row.host, sizeof row.host, t, r, c->c_host)))
        return -1;
    rfl_load_member_place(meta, row.rank, row.host, sizeof row.host);
    snprintf(row.key, sizeof row.key, "%s", key);
    if (rfl_member_row_add(m, &row) != 0) {
        rfl_error("%s: out of memory", t->path);
        return -1;
    }
    return 0;
}
