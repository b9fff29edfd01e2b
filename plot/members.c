/* members.png: each ceiling across the members of a run of several ranks
 * (ceilings/members.h), as percent of the median of each member's peers,
 * the outlier limit (90%) drawn across and every outlier circled. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/members.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_plot_members(const struct rfl_model *m, const char *dir)
{
    long max_rank = 0;
    double ylo = RFL_MEMBER_OUTLIER_FRACTION * 100, yhi = 100;
    for (size_t i = 0; i < m->nmembers; i++) {
        const struct rfl_member *mb = &m->members[i];
        max_rank = mb->rank > max_rank ? mb->rank : max_rank;
        if (isfinite(mb->percent_of_peers)) {
            ylo = fmin(ylo, mb->percent_of_peers);
            yhi = fmax(yhi, mb->percent_of_peers);
        }
    }
    if (!m->nmembers)
        return 0;
    char title[512], corner[512], gp[2048];
    snprintf(title, sizeof title, "Each rank's ceilings against the median of its peers: %s, %ld ranks", m->machine,
             max_rank + 1);
    rfl_plot_corner(m, corner, sizeof corner);
    struct rfl_chart c;
    if (rfl_chart_begin(&c, "members", 1200, 800, 0.08, 0.72, 0.12, 0.93, title, corner) != 0)
        return -1;
    /* linear axes: ranks and percent */
    rfl_chart_printf(&c, "unset logscale\n");
    rfl_chart_printf(&c, "set xrange [-0.5:%ld.5]\n", max_rank);
    char lo[32], hi[32], lim[32];
    rfl_chart_printf(&c, "set yrange [%s:%s]\n", rfl_chart_num(lo, sizeof lo, floor(ylo / 5) * 5 - 5),
                     rfl_chart_num(hi, sizeof hi, ceil(yhi / 5) * 5 + 5));
    rfl_chart_printf(&c, "set format y \"%%g\"\n");
    rfl_chart_printf(&c, "set xtics (");
    for (long r = 0; r <= max_rank; r++) {
        const char *host = "";
        for (size_t i = 0; i < m->nmembers; i++)
            if (m->members[i].rank == r)
                host = m->members[i].host;
        char label[128];
        snprintf(label, sizeof label, "rank %ld %s", r, host);
        rfl_chart_printf(&c, "%s%s %ld", r ? ", " : "", rfl_chart_literal(&c, label), r);
    }
    rfl_chart_printf(&c, ") rotate by 30 right\n");
    rfl_chart_printf(&c, "set xlabel \"member (rank, host)\"\n");
    rfl_chart_printf(&c, "set ylabel \"percent of the median of its peers\"\n");
    rfl_chart_printf(&c, "set key outside right top vertical Left reverse samplen 3 spacing 1.3 font \"sans,10\"\n");
    rfl_chart_num(lim, sizeof lim, RFL_MEMBER_OUTLIER_FRACTION * 100);
    rfl_chart_printf(&c, "set arrow from graph 0, first %s to graph 1, first %s nohead dt 2 lc rgb \"#c00000\"\n",
                     lim, lim);
    /* one block per ceiling with members, then the outliers */
    rfl_chart_printf(&c, "$members << EOD\n");
    size_t blocks = 0;
    for (size_t ci = 0; ci < m->nceilings; ci++) {
        size_t first, n = rfl_members_of(m, ci, &first);
        if (!n)
            continue;
        rfl_chart_printf(&c, "# %s %s: rank, percent of peers\n", m->ceilings[ci].device, m->ceilings[ci].name);
        for (size_t k = 0; k < n; k++) {
            const struct rfl_member *mb = &m->members[first + k];
            char v[32];
            rfl_chart_printf(&c, "%ld %s\n", mb->rank, rfl_plot_coord(v, sizeof v, mb->percent_of_peers));
        }
        rfl_chart_printf(&c, "\n\n");
        blocks++;
    }
    rfl_chart_printf(&c, "EOD\n$outliers << EOD\n");
    for (size_t i = 0; i < m->nmembers; i++)
        if (m->members[i].outlier) {
            char v[32];
            rfl_chart_printf(&c, "%ld %s\n", m->members[i].rank,
                             rfl_plot_coord(v, sizeof v, m->members[i].percent_of_peers));
        }
    rfl_chart_printf(&c, "NaN NaN\nEOD\n");
    rfl_chart_printf(&c, "plot \\\n");
    size_t b = 0;
    for (size_t ci = 0; ci < m->nceilings; ci++) {
        size_t first, n = rfl_members_of(m, ci, &first);
        if (!n)
            continue;
        char name[160];
        snprintf(name, sizeof name, "%s %s", m->ceilings[ci].device, m->ceilings[ci].name);
        rfl_chart_printf(&c, "  $members index %zu with linespoints pt 7 ps 1.2 lw 1.5 lc rgb \"%s\" title %s, \\\n",
                         b, rfl_plot_palette[b % RFL_PLOT_NPALETTE], rfl_chart_literal(&c, name));
        b++;
    }
    rfl_chart_printf(&c, "  $outliers with points pt 6 ps 3.5 lw 2 lc rgb \"#c00000\" title %s, \\\n",
                     rfl_chart_literal(&c, "outlier: below 90% of its peers' median"));
    rfl_chart_printf(&c, "  NaN notitle\n");
    snprintf(gp, sizeof gp, "%s/members.gp", dir);
    return rfl_chart_end(&c, gp);
}
