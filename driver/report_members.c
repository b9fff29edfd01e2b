/* The report's members section (see report_members.h). */
#include "config.h"
#include "report_members.h"
#include "ceilings/members.h"
#include "common/csv.h"
#include "common/rfl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_report_member_head[RFL_REPORT_MEMBER_COLS] = {
    "host", "rank", "device", "ceiling", "value", "the run's ceiling", "% of peers' median", "outlier"};

static int by_host_rank_ceiling(const void *pa, const void *pb)
{
    const struct rfl_member *a = *(const struct rfl_member *const *)pa, *b = *(const struct rfl_member *const *)pb;
    int c = strcmp(a->host, b->host);
    if (!c)
        c = (a->rank > b->rank) - (a->rank < b->rank);
    if (!c)
        c = (a->ceiling > b->ceiling) - (a->ceiling < b->ceiling);
    return c;
}

int rfl_report_members_order(const struct rfl_model *m, const struct rfl_member ***order)
{
    const struct rfl_member **o = malloc((m->nmembers ? m->nmembers : 1) * sizeof *o);
    if (!o)
        return -1;
    for (size_t i = 0; i < m->nmembers; i++)
        o[i] = &m->members[i];
    qsort(o, m->nmembers, sizeof *o, by_host_rank_ceiling);
    *order = o;
    return 0;
}

void rfl_report_member_row(const struct rfl_model *m, const struct rfl_member *mb,
                           char (*cells)[RFL_REPORT_MEMBER_CELL])
{
    const struct rfl_ceiling *c = &m->ceilings[mb->ceiling];
    const char *unit = c->kind == RFL_CEILING_BANDWIDTH ? "GB/s" : "GFLOP/s";
    char v[48];
    snprintf(cells[0], RFL_REPORT_MEMBER_CELL, "%s", mb->host);
    snprintf(cells[1], RFL_REPORT_MEMBER_CELL, "%ld", mb->rank);
    snprintf(cells[2], RFL_REPORT_MEMBER_CELL, "%s", mb->device);
    snprintf(cells[3], RFL_REPORT_MEMBER_CELL, "%s", c->name);
    rfl_format_double(v, sizeof v, "%.2f", mb->value);
    snprintf(cells[4], RFL_REPORT_MEMBER_CELL, "%s %s", v, unit);
    rfl_format_double(v, sizeof v, "%.2f", c->value);
    if (!strcmp(c->device, "cpu"))
        snprintf(cells[5], RFL_REPORT_MEMBER_CELL, "%s %s (%ld ranks)", v, unit, c->ranks);
    else
        snprintf(cells[5], RFL_REPORT_MEMBER_CELL, "%s %s (%s)", v, unit, c->device);
    if (isfinite(mb->percent_of_peers))
        rfl_format_double(cells[6], RFL_REPORT_MEMBER_CELL, "%.1f%%", mb->percent_of_peers);
    else
        snprintf(cells[6], RFL_REPORT_MEMBER_CELL, "-");
    snprintf(cells[7], RFL_REPORT_MEMBER_CELL, "%s", mb->outlier ? "outlier" : "");
}

void rfl_report_members_text(const struct rfl_model *m, char *out, size_t len)
{
    const size_t outliers = rfl_members_outliers(m);
    int used = snprintf(out, len,
                        "Each rank's own ceiling is its best rate on the points that set the job's ceiling (the same "
                        "kernel and plateau), timed by the rank itself while all ranks ran together. A member below "
                        "%.0f%% of the median of its peers (the other ranks' values of the same ceiling) on any "
                        "ceiling is an outlier. %s",
                        RFL_MEMBER_OUTLIER_FRACTION * 100,
                        m->gpu ? "The run's ceiling is the whole job's (CPU) or rank 0's GPU's; all GPUs together are "
                                 "the ceilings of device gpus. "
                               : "");
    if (used < 0 || (size_t)used >= len)
        return;
    if (!outliers) {
        snprintf(out + used, len - (size_t)used, "No outlier.");
        return;
    }
    used += snprintf(out + used, len - (size_t)used, "%zu outlier%s:", outliers, outliers == 1 ? "" : "s");
    for (size_t i = 0; i < m->nmembers && (size_t)used < len; i++) {
        const struct rfl_member *mb = &m->members[i];
        if (!mb->outlier)
            continue;
        char pct[32];
        rfl_format_double(pct, sizeof pct, "%.1f", mb->percent_of_peers);
        used += snprintf(out + used, len - (size_t)used, " rank %ld on %s, %s at %s%% of its peers' median;",
                         mb->rank, mb->host, m->ceilings[mb->ceiling].name, pct);
    }
    if ((size_t)used < len && used > 0 && out[used - 1] == ';')
        out[used - 1] = '.';
}
