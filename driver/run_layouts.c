/* rfl run --layouts (see run_layouts.h). */
#include "config.h"
#include "run_layouts.h"
#include "run_program.h"
#include "files.h"
#include "launcher.h"
#include "cpu/layout.h"
#include "plot/layouts.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/rfl.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int rfl_run_layouts_program(const struct rfl_settings *s, int p)
{
    const struct rfl_program *pr = &rfl_programs[p];
    return (s->programs >> p & 1) && !pr->gpu && pr->mpi == RFL_PROGRAM_MPI;
}

/* Built: beside rfl (or in $RFL_PROGRAM_DIR). The main pass says when one is not. */
static int built(const struct rfl_run *r, int p)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", r->progdir, rfl_programs[p].binary);
    return access(path, X_OK) == 0;
}

/* A layout's settings: the run's with the layout's ranks and threads, and
 * no application points (they go with the main pass's ceilings). It
 * shares the run's strings: never freed. */
static void layout_settings(const struct rfl_settings *s, const struct rfl_run_layout *l, struct rfl_settings *out)
{
    *out = *s;
    out->ranks = l->ranks;
    out->threads = l->threads_per_rank;
    out->app = NULL;
}

/* "numa: 4 ranks x 8 threads", "flat: 16 ranks (8 per node) x 1 thread" */
static void describe(const struct rfl_run_layout *l, char *buf, size_t len)
{
    char per_node[32] = "", threads[32];
    if (l->ranks != l->ranks_per_node)
        snprintf(per_node, sizeof per_node, " (%u per node)", l->ranks_per_node);
    if (l->threads_per_rank)
        snprintf(threads, sizeof threads, "%u thread%s", l->threads_per_rank, l->threads_per_rank == 1 ? "" : "s");
    else
        snprintf(threads, sizeof threads, "the programs' threads");
    snprintf(buf, len, "%s: %u rank%s%s x %s", l->name, l->ranks, l->ranks == 1 ? "" : "s", per_node, threads);
}

int rfl_run_layouts_plan(struct rfl_run *r)
{
    r->nlayouts = 0;
    int runs[RFL_NPROGRAMS] = {0}, any = 0;
    for (int p = 0; p < RFL_NPROGRAMS; p++)
        any |= runs[p] = rfl_run_layouts_program(r->s, p);
    if (!any) {
        rfl_warn("layouts: this run measures no CPU program (bandwidth, flops): no layout to run");
        return RFL_EXIT_OK;
    }
    struct rfl_layout_node node;
    if (rfl_layout_plan_here(1, &node, NULL) != 0) {
        rfl_error("layouts: this node's cores could not be read (hwloc): no layout can be planned");
        return RFL_EXIT_FAILURE;
    }
    const unsigned nodes = rfl_launcher_nodes(r->s);
    /* In the order they run; a layout of the ranks per node of one before
     * it is that one (a node of one domain has no numa layout of its own). */
    const struct {
        const char *name;
        unsigned per_node; /* 0: not on this node */
    } candidates[RFL_RUN_MAX_LAYOUTS] = {
        {"node", 1},
        {"numa", node.domains >= 2 ? node.domains : 0},
        {"socket", node.packages >= 2 && node.packages != node.domains ? node.packages : 0},
        {"flat", node.cores},
    };
    for (size_t i = 0; i < RFL_RUN_MAX_LAYOUTS; i++) {
        int same = candidates[i].per_node == 0;
        for (size_t j = 0; j < r->nlayouts && !same; j++)
            same = r->layouts[j].ranks_per_node == candidates[i].per_node;
        if (same)
            continue;
        struct rfl_run_layout *l = &r->layouts[r->nlayouts++];
        memset(l, 0, sizeof *l);
        snprintf(l->name, sizeof l->name, "%s", candidates[i].name);
        snprintf(l->dir, sizeof l->dir, "%s/%s", RFL_PLOT_LAYOUTS_DIR, candidates[i].name);
        l->ranks_per_node = candidates[i].per_node;
        l->ranks = l->ranks_per_node * nodes;
        /* each rank's threads: its share of the node, as the launcher binds it */
        struct rfl_settings ls;
        layout_settings(r->s, l, &ls);
        struct rfl_launcher_layout lay;
        rfl_launcher_layout(&ls, l->ranks, &lay);
        l->threads_per_rank = lay.cores_per_rank;
        snprintf(l->binding, sizeof l->binding, "%s", l->ranks > 1 ? lay.binding : "");
    }
    /* Every layout fits the node (the planner divides its cores), unless
     * the settings say otherwise: the same refusal as the main pass. */
    for (size_t i = 0; i < r->nlayouts; i++) {
        struct rfl_settings ls;
        layout_settings(r->s, &r->layouts[i], &ls);
        char what[64];
        snprintf(what, sizeof what, "layout %s", r->layouts[i].name);
        struct rfl_launcher_layout record;
        const int rc = rfl_launcher_preflight(&ls, runs, what, 0, &record);
        if (rc != RFL_EXIT_OK)
            return rc;
    }
    return RFL_EXIT_OK;
}

int rfl_run_layouts_steps(const struct rfl_run *r)
{
    int programs = 0;
    for (int p = 0; p < RFL_NPROGRAMS; p++)
        programs += rfl_run_layouts_program(r->s, p) && built(r, p);
    return programs ? (int)r->nlayouts * (programs + 1) : 0; /* + each layout's ceilings */
}

int rfl_run_layouts(struct rfl_run *r, int *index, int total, int *ran_now, int *first_failure)
{
    for (size_t i = 0; i < r->nlayouts; i++) {
        const struct rfl_run_layout *l = &r->layouts[i];
        struct rfl_settings ls;
        layout_settings(r->s, l, &ls);
        char dir[PATH_MAX + 64], suffix[24], what[128];
        snprintf(dir, sizeof dir, "%s/%s", r->dir, l->dir);
        snprintf(suffix, sizeof suffix, "@%s", l->name);
        describe(l, what, sizeof what);
        if (r->dry_run) {
            printf("# layout %s, into %s\n", what, dir);
        } else {
            rfl_info("layout %s, into %s", what, dir);
            if (rfl_run_mkdir_p(dir) != 0) {
                rfl_error("%s: cannot create: %s", dir, strerror(errno));
                if (*first_failure == RFL_EXIT_OK)
                    *first_failure = RFL_EXIT_FAILURE;
                continue;
            }
        }
        int ran = 0, measured = 0;
        for (int p = 0; p < RFL_NPROGRAMS; p++) {
            if (!rfl_run_layouts_program(&ls, p) || !built(r, p))
                continue;
            /* the share its program had in the main pass: --layouts adds a pass */
            const struct rfl_run_pass pass = {&ls, suffix, dir, r->main_share_s[p]};
            const size_t before = r->nsteps;
            const int prc = rfl_run_program_step(r, p, &pass, ++*index, total);
            const struct rfl_run_step *st = r->nsteps > before ? &r->steps[r->nsteps - 1] : NULL;
            if (st && !strcmp(st->status, "done")) {
                measured = 1;
                ran |= !st->resumed;
            }
            if (prc == RFL_EXIT_INTERRUPTED || rfl_interrupted())
                return RFL_EXIT_INTERRUPTED;
            if (prc != RFL_EXIT_OK && *first_failure == RFL_EXIT_OK)
                *first_failure = prc;
            if (!r->dry_run)
                rfl_run_save_json(r);
        }
        if (r->dry_run || !measured)
            continue;
        *ran_now |= ran;
        char name[64];
        snprintf(name, sizeof name, "ceilings%s", suffix);
        const int drc = rfl_run_derived_step(r, name, "ceilings", dir, &ls, NULL, "ceilings.csv", ran, ++*index, total);
        rfl_run_save_json(r);
        if (rfl_interrupted())
            return RFL_EXIT_INTERRUPTED;
        if (drc != RFL_EXIT_OK && *first_failure == RFL_EXIT_OK)
            *first_failure = drc;
    }
    return RFL_EXIT_OK;
}
