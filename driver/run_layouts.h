/* rfl run --layouts (the config's layouts = yes): the same CPU ceilings
 * measured once per layout of the node's ranks and threads, the comparison
 * Lo et al. recommend (Section 4.1: flat MPI against one rank per NUMA
 * domain, its threads filling it):
 *
 *   node    1 rank x all cores
 *   numa    one rank per NUMA domain (only with 2 or more)
 *   socket  one rank per package (only with 2 or more, and a count other
 *           than the domains')
 *   flat    one rank per core, 1 thread each
 *
 * from this node's hwloc topology (its allowed set, cpu/layout.h); layouts
 * of the same ranks per node run once, the first named. With a hostfile or
 * a Slurm allocation a layout's ranks are its ranks per node x the nodes.
 * Each rank's threads are its share of the node's cores as the planner
 * gives it, and the launcher gets the words that bind it there
 * (launcher.h).
 *
 * After the main pass, each layout's pass runs the CPU programs of the run
 * (bandwidth, flops: those of rfl_run_layouts_program) into
 * DIR/layouts/NAME/, steps NAME@LAYOUT with their own markers, each given
 * the --time-budget its program had in the main pass, then that
 * directory's ceilings.csv (step ceilings@LAYOUT). plot/layouts.c charts
 * them, report_layouts.c tables them. The layouts' type: run_state.h. */
#ifndef RFL_DRIVER_RUN_LAYOUTS_H
#define RFL_DRIVER_RUN_LAYOUTS_H

#include "run_state.h"
#include "settings.h"

/* Whether program p runs in the layouts' passes: a CPU program of the run
 * that runs under the launcher (bandwidth, flops; not network, dense or the
 * GPU programs). */
int rfl_run_layouts_program(const struct rfl_settings *s, int p);

/* This node's layouts into r->layouts (r->nlayouts), and the check that
 * each fits the node (launcher.h's refusal of more ranks per node x
 * threads than cores, naming the layout). 0, or RFL_EXIT_USAGE after one
 * line, or RFL_EXIT_FAILURE when the topology cannot be read. */
int rfl_run_layouts_plan(struct rfl_run *r);

/* The steps the layouts' passes add to the progress count. */
int rfl_run_layouts_steps(const struct rfl_run *r);

/* Every layout's pass, after the main one ([*index/total] counted on).
 * *ran_now is set when a step ran now (not kept from an earlier run), and
 * *first_failure to a step's failure when it holds none yet. RFL_EXIT_OK,
 * or RFL_EXIT_INTERRUPTED. */
int rfl_run_layouts(struct rfl_run *r, int *index, int total, int *ran_now, int *first_failure);

#endif
