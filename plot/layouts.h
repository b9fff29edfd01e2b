/* The ceilings of each layout of a run (rfl run --layouts): every
 * DIR/layouts/NAME/ceilings.csv, read back by ceilings/read.c, for the
 * chart layouts.png (layouts.c) and the report's table
 * (driver/report_layouts.c). Nothing is computed here: each layout's
 * ceilings are those its own ceilings step wrote. */
#ifndef RFL_PLOT_LAYOUTS_H
#define RFL_PLOT_LAYOUTS_H

#include <stddef.h>

struct rfl_ceiling;
struct rfl_model;

/* The folder of the layouts' directories in a run directory (rfl run
 * --layouts makes them). */
#define RFL_PLOT_LAYOUTS_DIR "layouts"
#define RFL_PLOT_MAX_LAYOUTS 8

struct rfl_plot_layout {
    char name[64];                /* its folder: node, numa, socket, flat */
    long ranks, threads_per_rank; /* of its CPU ceilings (0: unknown) */
    struct rfl_ceiling *ceilings; /* its CPU ceilings (device cpu), in the file's order */
    size_t n;
};

/* The layouts of run directory `dir`: the folders of dir/layouts that hold
 * a ceilings.csv, fewest ranks first (then by name), at most `max`. Their
 * count (0: none); -1 after one line naming FILE:LINE when one cannot be
 * read. Free with rfl_plot_layouts_free. */
int rfl_plot_layouts_read(const char *dir, struct rfl_plot_layout *out, size_t max);
void rfl_plot_layouts_free(struct rfl_plot_layout *layouts, size_t n);
/* Whether dir has a layout with a ceilings.csv (the chart table's test). */
int rfl_plot_layouts_present(const char *dir);

/* The chart (the chart table's writer): DIR/layouts.gp from the layouts of
 * m->dir. 0, or -1 after a message. */
int rfl_plot_layouts(const struct rfl_model *m, const char *dir);

/* The ceilings compared: every (kind, name) of the layouts' CPU ceilings,
 * bandwidth first, each in the order the first layout that has it lists
 * it; into `groups` (pointers to one layout's ceiling of each), at most
 * `max`. Their count. */
size_t rfl_plot_layouts_groups(const struct rfl_plot_layout *layouts, size_t n, const struct rfl_ceiling **groups,
                               size_t max);
/* Layout l's ceiling of the same kind and name as `like`; NULL: none. */
const struct rfl_ceiling *rfl_plot_layouts_find(const struct rfl_plot_layout *l, const struct rfl_ceiling *like);
/* "numa: 2 ranks x 4 threads" (ranks x threads "?" when unknown). */
void rfl_plot_layouts_describe(const struct rfl_plot_layout *l, char *buf, size_t len);

#endif
