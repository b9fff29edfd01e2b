/* gpu_link.png: rfl_gpu_link's matrix, one cell per ordered pair of GPUs
 * (row: source, column: destination), coloured by the one-way
 * cudaMemcpyPeer rate (the fit's bandwidth: the GPU link roof of that
 * pair) and labelled with it, whether the pair has peer access, and the
 * rate both ways at once and of the peer-reading kernel where measured. */
#include "config.h"
#include "charts.h"
#include "style.h"
#include "ceilings/gpu_link.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>

int rfl_plot_gpu_link(const struct rfl_model *m, const char *dir)
{
    const struct rfl_link_data *d = m->link;
    const int n = d->ndev;
    double top = 0;
    for (int s = 0; s < n; s++)
        for (int t = 0; t < n; t++) {
            const double v = rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_MEMCPY_PEER));
            if (v > top)
                top = v;
        }
    if (!(top > 0))
        return 0; /* nothing measured: no script */
    const double cell = n <= 4 ? 150 : n <= 8 ? 100 : 60, width = 260 + cell * n, height = 200 + cell * n;
    struct rfl_chart c;
    if (rfl_chart_open(&c, "gpu_link", width, height) != 0)
        return -1;
    char title[512], corner[512], num[32];
    snprintf(title, sizeof title, "GPU to GPU copies: %s, %d GPUs, one-way cudaMemcpyPeer (fit) in GB/s", m->machine,
             n);
    rfl_plot_corner(m, corner, sizeof corner);
    rfl_chart_printf(&c, "set title %s font \"sans,12\"\n", rfl_chart_literal(&c, title));
    rfl_chart_printf(&c, "set label 1 %s at screen 0.99, screen 0.015 right font \"sans,8\" tc rgb \"#808080\"\n",
                     rfl_chart_literal(&c, corner));
    rfl_chart_printf(&c, "set size ratio -1\nset xrange [-0.5:%d.5]\nset x2range [-0.5:%d.5]\nset yrange [%d.5:-0.5]\n",
                     n - 1, n - 1, n - 1);
    rfl_chart_printf(&c, "unset xtics\nset x2tics 0, 1, %d scale 0\nset ytics 0, 1, %d scale 0\n", n - 1, n - 1);
    rfl_chart_printf(&c, "set x2label \"destination GPU\" font \"sans,10\"\nset ylabel \"source GPU\" font \"sans,10\"\n");
    rfl_chart_printf(&c, "set cblabel \"GB/s\" font \"sans,10\"\nset cbrange [0:%s]\n",
                     rfl_chart_num(num, sizeof num, top));
    rfl_chart_printf(&c, "set palette defined (0 \"#f7fbff\", 1 \"#6baed6\", 2 \"#08306b\")\n");
    rfl_chart_printf(&c, "$matrix << EOD\n# one row per source GPU, one column per destination (NaN: none)\n");
    for (int s = 0; s < n; s++) {
        for (int t = 0; t < n; t++) {
            const double v = rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_MEMCPY_PEER));
            rfl_chart_printf(&c, "%s%s", t ? " " : "", isnan(v) ? "NaN" : rfl_chart_num(num, sizeof num, v));
        }
        rfl_chart_printf(&c, "\n");
    }
    rfl_chart_printf(&c, "EOD\n");
    int label = 2;
    const int big = n <= 4 ? 12 : n <= 8 ? 10 : 8, small = big - 3;
    for (int s = 0; s < n; s++)
        for (int t = 0; t < n; t++) {
            const struct rfl_link_series *u = rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_MEMCPY_PEER);
            const double v = rfl_link_gbs(u);
            if (s == t || !u)
                continue;
            /* The rate, then under it: peer access, both ways, the peer kernel (each where known). */
            char lines[4][64];
            int nl = 0;
            snprintf(lines[nl++], sizeof lines[0], "%s", isnan(v) ? "-" : rfl_chart_num(num, sizeof num, v));
            snprintf(lines[nl++], sizeof lines[0], "%s", u->peer ? "P2P" : "no P2P");
            const double b = rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_BIDIR, RFL_LINK_MEMCPY_PEER));
            const double k = rfl_link_gbs(rfl_link_find(d, s, t, RFL_LINK_UNI, RFL_LINK_PEER_KERNEL));
            if (!isnan(b))
                snprintf(lines[nl++], sizeof lines[0], "both ways %s", rfl_chart_num(num, sizeof num, b));
            if (!isnan(k))
                snprintf(lines[nl++], sizeof lines[0], "kernel %s", rfl_chart_num(num, sizeof num, k));
            const char *color = v > 0.6 * top ? "#ffffff" : "#202020";
            for (int i = 0; i < nl; i++)
                rfl_chart_printf(&c, "set label %d %s at %d, %.2f center front font \"sans,%d\" tc rgb \"%s\"\n",
                                 label++, rfl_chart_literal(&c, lines[i]), t, s - 0.22 + (i ? 0.12 + 0.13 * i : 0),
                                 i ? small : big, color);
        }
    rfl_chart_printf(&c, "plot $matrix matrix with image notitle\n");
    char gp[2048];
    snprintf(gp, sizeof gp, "%s/gpu_link.gp", dir);
    return rfl_chart_end(&c, gp);
}
