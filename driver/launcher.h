/* How rfl run starts a program of several ranks: mpiexec (Open MPI, MPICH
 * ...: with a hostfile, or inside a Slurm allocation) or srun. The words
 * before the program's own, from the settings `launcher`, `hostfile`,
 * `mpiexec_args`, `srun_args` and `oversubscribe`, and the words that give
 * each rank its fair share of the node's cores, planned by cpu/layout.h
 * (the planner the programs use) on this node's hwloc topology. */
#ifndef RFL_DRIVER_LAUNCHER_H
#define RFL_DRIVER_LAUNCHER_H

#include <stddef.h>

#include <jansson.h>

#include "settings.h"
#include "cpu/layout.h"

/* enum rfl_launcher and rfl_launcher_names: settings.h (the config key). */

/* The launcher's program: $MPIEXEC, else configure's mpiexec; $SRUN, else "srun". */
const char *rfl_launcher_path(const struct rfl_settings *s);

/* Checks the settings before a run: a hostfile goes with mpiexec only and
 * must be a file; it becomes an absolute path (the steps run in
 * DIR/.partial/STEP). 0, or RFL_EXIT_USAGE after one line (RFL_EXIT_FAILURE
 * out of memory). */
int rfl_launcher_check(struct rfl_settings *s);

/* The launcher's kind: srun is Slurm's; an mpiexec is what its --version
 * says (asked once per path). Only Open MPI's understands --oversubscribe,
 * --allow-run-as-root and -x; each kind has its own binding words. */
enum rfl_launcher_kind rfl_launcher_kind(const struct rfl_settings *s);

/* The nodes a step's ranks spread over: a hostfile's distinct hosts; with
 * srun, its -N/--nodes in srun_args, else the allocation's nodes; inside a
 * Slurm allocation SLURM_JOB_NUM_NODES; else 1. */
unsigned rfl_launcher_nodes(const struct rfl_settings *s);

/* The layout of a step of `ranks` ranks: ranks per node, each rank's share
 * of this node's cores, and the words that ask the launcher for it (none
 * when the user's own arguments choose mapping or binding, or the launcher
 * is of no known kind). */
struct rfl_launcher_layout {
    enum rfl_launcher_kind kind;
    unsigned ranks, nodes, ranks_per_node;
    unsigned node_cores;     /* this node's physical cores in its allowed set (hwloc); 0: unknown */
    unsigned cores_per_rank; /* the planner's share.cores; 0: unknown */
    int user_binds;          /* mpiexec_args / srun_args choose mapping or binding: they win */
    const char *placed_by;   /* "rfl" (the words), "mpiexec_args", "srun_args" or "none" */
    size_t nwords;
    char *words[8];
    char buf[256];
    char binding[256];       /* the words joined by blanks */
};
void rfl_launcher_layout(const struct rfl_settings *s, unsigned ranks, struct rfl_launcher_layout *lay);
/* run.json's "launcher": kind, nodes, ranks_per_node, cores_per_rank,
 * binding (the words joined) and binding_from (placed_by). */
json_t *rfl_launcher_layout_json(const struct rfl_launcher_layout *lay);

/* rfl run, before anything starts, on the largest step that runs now
 * (runs[p]: program p does; 1 rank: not under the launcher): refuses, with
 * one line and RFL_EXIT_USAGE, ranks per node x max(threads, 1) beyond this
 * node's cores, unless s->oversubscribe. The line names what asked: `file`
 * (the config or run.conf; NULL: none) when the ranks or threads came from
 * it, `--ranks N` when ranks_from_option. Warns that a launcher of no known
 * kind gets no binding words. *record: the layout of the largest step of
 * the selected programs, run now or earlier (ranks 1: none under the
 * launcher), for run.json. */
int rfl_launcher_preflight(const struct rfl_settings *s, const int *runs, const char *file, int ranks_from_option,
                           struct rfl_launcher_layout *record);

/* The ranks of a step: `ranks` for the CPU programs (mpi set); for a GPU
 * program one rank per GPU: `ranks` where they may span nodes (srun, a
 * hostfile, inside a Slurm allocation), else at most this node's GPUs
 * (rfl_launcher_gpu_count); 1 for the others or with one rank. */
unsigned rfl_launcher_step_ranks(const struct rfl_settings *s, int gpu, int mpi);
/* This node's NVIDIA GPUs: the /dev/nvidiaN files, at most as many as
 * CUDA_VISIBLE_DEVICES names when set; $RFL_GPU_COUNT (testing) instead. */
unsigned rfl_launcher_gpu_count(void);

/* The words before the program for `ranks` ranks (the launcher, -n N, the
 * binding words of rfl_launcher_layout, the Open MPI options, the hostfile,
 * the user's arguments), written one after the other (each with its '\0')
 * into buf; returns how many, or 0 when they do not fit in len bytes or max
 * words. */
size_t rfl_launcher_words(const struct rfl_settings *s, unsigned ranks, char *buf, size_t len, char **words,
                          size_t max);

#endif
