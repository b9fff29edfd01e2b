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
 * must be a file. 0, or RFL_EXIT_USAGE after one line. */
int rfl_launcher_check(const struct rfl_settings *s);

/* Whether this mpiexec is Open MPI's (its --version says so; asked once):
 * only Open MPI's understands --oversubscribe, --allow-run-as-root and -x. */
int rfl_launcher_is_open_mpi(const char *mpiexec);

/* The words before the program for `ranks` ranks, written one after the
 * other (each with its '\0') into buf; returns how many, or 0 when they do
 * not fit in len bytes or max words. */
size_t rfl_launcher_words(const struct rfl_settings *s, unsigned ranks, char *buf, size_t len, char **words,
                          size_t max);

#endif
