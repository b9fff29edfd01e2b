/* How rfl run starts a program of several ranks: mpiexec (Open MPI, MPICH
 * ...: with a hostfile, or inside a Slurm allocation) or srun. The words
 * before the program's own, from the settings `launcher`, `hostfile`,
 * `mpiexec_args` and `srun_args`. */
#ifndef RFL_DRIVER_LAUNCHER_H
#define RFL_DRIVER_LAUNCHER_H

#include <stddef.h>

#include "settings.h"

/* enum rfl_launcher and rfl_launcher_names: settings.h (the config key). */

/* The launcher's program: $MPIEXEC, else configure's mpiexec; $SRUN, else "srun". */
const char *rfl_launcher_path(const struct rfl_settings *s);

/* Checks the settings before a run: a hostfile goes with mpiexec only and
 * must be a file; it becomes an absolute path (the steps run in
 * DIR/.partial/STEP). 0, or RFL_EXIT_USAGE after one line (RFL_EXIT_FAILURE
 * out of memory). */
int rfl_launcher_check(struct rfl_settings *s);

/* Whether this mpiexec is Open MPI's (its --version says so; asked once):
 * only Open MPI's understands --oversubscribe, --allow-run-as-root and -x. */
int rfl_launcher_is_open_mpi(const char *mpiexec);

/* The ranks of a step: `ranks` for the CPU programs (mpi set); for a GPU
 * program one rank per GPU: `ranks` where they may span nodes (srun, a
 * hostfile, inside a Slurm allocation), else at most this node's GPUs
 * (rfl_launcher_gpu_count); 1 for the others or with one rank. */
unsigned rfl_launcher_step_ranks(const struct rfl_settings *s, int gpu, int mpi);
/* This node's NVIDIA GPUs: the /dev/nvidiaN files, at most as many as
 * CUDA_VISIBLE_DEVICES names when set; $RFL_GPU_COUNT (testing) instead. */
unsigned rfl_launcher_gpu_count(void);

/* The words before the program for `ranks` ranks, written one after the
 * other (each with its '\0') into buf; returns how many, or 0 when they do
 * not fit in len bytes or max words. */
size_t rfl_launcher_words(const struct rfl_settings *s, unsigned ranks, char *buf, size_t len, char **words,
                          size_t max);

#endif
