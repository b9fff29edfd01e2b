/* The report's section on the layouts (see report_layouts.h). */
#include "config.h"
#include "report_layouts.h"
#include "ceilings/model.h"
#include "ceilings/spread.h"
#include "common/csv.h"
#include "common/log.h"
#include "plot/layouts.h"

#include <stdio.h>
#include <string.h>

/* The layout every other is held against: one rank x all cores. */
#define REFERENCE "node"
#define MAX_ROWS 64
#define COLS (RFL_PLOT_MAX_LAYOUTS + 2)
#define CELL 96

/* "1234.5 (median 1201.0), 0.98 x node" */
static void cell_text(char *buf, size_t len, const struct rfl_ceiling *c, const struct rfl_ceiling *ref)
{
    char value[32], spread[32], ratio[32] = "";
    rfl_format_double(value, sizeof value, "%.1f", c->value);
    rfl_spread_text(spread, sizeof spread, c);
    if (ref)
        rfl_format_double(ratio, sizeof ratio, ", %.2f x " REFERENCE, c->value / ref->value);
    snprintf(buf, len, "%s%s%s%s%s", value, spread[0] ? " (" : "", spread, spread[0] ? ")" : "", ratio);
}

void rfl_report_layouts(struct rfl_doc *d)
{
    struct rfl_plot_layout layouts[RFL_PLOT_MAX_LAYOUTS];
    const int nread = rfl_plot_layouts_read(d->dir, layouts, RFL_PLOT_MAX_LAYOUTS);
    if (nread < 0)
        rfl_warn("%s: the layouts' ceilings are left out of the report (see above)", d->dir);
    if (nread <= 0)
        return;
    const size_t n = (size_t)nread;
    const struct rfl_plot_layout *ref = NULL;
    for (size_t j = 0; j < n; j++)
        if (!strcmp(layouts[j].name, REFERENCE))
            ref = &layouts[j];
    const struct rfl_ceiling *groups[MAX_ROWS];
    const size_t ng = rfl_plot_layouts_groups(layouts, n, groups, MAX_ROWS);

    rfl_doc_heading(d, 2, "Ceilings by layout");
    char described[RFL_PLOT_MAX_LAYOUTS][128], list[1024] = "";
    size_t used = 0;
    for (size_t j = 0; j < n; j++) {
        rfl_plot_layouts_describe(&layouts[j], described[j], sizeof described[j]);
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", j ? ", " : "", described[j]);
        if (used >= sizeof list)
            used = sizeof list - 1;
    }
    rfl_doc_para(d,
                 "rfl run --layouts measured the CPU programs again for each layout of MPI ranks x OpenMP threads "
                 "on this node (Lo et al., Section 4.1: flat MPI against a rank per NUMA domain or socket, its "
                 "threads filling it): %s. Each layout's CSVs, sidecars and ceilings.csv are in layouts/NAME/. "
                 "--layouts adds one pass of the CPU programs per layout; under a time budget each layout's step "
                 "had the share its program had in the main pass. Each value is the layout's ceiling with its "
                 "spread (as in the ceilings table)%s.",
                 list, ref ? ", and its value over the " REFERENCE " layout's (one rank x all cores)" : "");

    static char cells[MAX_ROWS][COLS][CELL];
    const char *head[COLS];
    char head_text[COLS][CELL];
    size_t cols = 0;
    head[cols++] = "ceiling";
    for (size_t j = 0; j < n; j++) {
        snprintf(head_text[j], CELL, "%.*s (%ld x %ld)", (int)sizeof layouts[j].name, layouts[j].name,
                 layouts[j].ranks, layouts[j].threads_per_rank);
        head[cols++] = head_text[j];
    }
    head[cols++] = "best";
    size_t wins[RFL_PLOT_MAX_LAYOUTS] = {0};
    for (size_t g = 0; g < ng; g++) {
        const struct rfl_ceiling *best = NULL, *node = ref ? rfl_plot_layouts_find(ref, groups[g]) : NULL;
        size_t best_j = 0;
        snprintf(cells[g][0], CELL, "%s (%s)", groups[g]->name, rfl_ceiling_unit(groups[g]));
        for (size_t j = 0; j < n; j++) {
            const struct rfl_ceiling *c = rfl_plot_layouts_find(&layouts[j], groups[g]);
            if (!c) {
                snprintf(cells[g][1 + j], CELL, "-");
                continue;
            }
            cell_text(cells[g][1 + j], CELL, c, node);
            if (!best || c->value > best->value) {
                best = c;
                best_j = j;
            }
        }
        wins[best_j]++;
        if (node) {
            char ratio[32];
            rfl_format_double(ratio, sizeof ratio, "%.2f", best->value / node->value);
            snprintf(cells[g][1 + n], CELL, "%s (%s x " REFERENCE ")", layouts[best_j].name, ratio);
        } else {
            snprintf(cells[g][1 + n], CELL, "%s", layouts[best_j].name);
        }
    }
    rfl_doc_table_grid(d, head, cols, cells[0][0], ng, CELL, sizeof cells[0]);
    char best_text[1024] = "";
    used = 0;
    for (size_t j = 0; j < n; j++)
        if (wins[j] && used < sizeof best_text)
            used += (size_t)snprintf(best_text + used, sizeof best_text - used, "%s%s for %zu", used ? ", " : "",
                                     layouts[j].name, wins[j]);
    if (ng)
        rfl_doc_para(d, "The best of each ceiling came from: %s (of %zu ceilings).", best_text, ng);
    rfl_plot_layouts_free(layouts, n);
}
