/* rfl run's processes: a program step as a child that never outlives rfl,
 * what its exit status means for rfl's own, and the lock on a run
 * directory. */
#ifndef RFL_DRIVER_SPAWN_H
#define RFL_DRIVER_SPAWN_H

#include <stddef.h>

/* The lock file in a run directory: kept, never deleted (a lock held on a
 * deleted file would let a second rfl lock a new one). */
#define RFL_RUN_LOCK_FILE ".rfl.lock"

/* Runs argv in cwd (OMP_NUM_THREADS=threads when not 0) in a process group
 * of its own, stdin from /dev/null, and waits for it. The child dies with
 * rfl (PR_SET_PDEATHSIG) and gets rfl's first SIGINT, SIGTERM, SIGHUP or
 * SIGQUIT as SIGTERM (common/interrupt.h). Returns its exit status, or
 * 128 + the signal that killed it, or -1 when it could not be started
 * (after a message). */
int rfl_run_spawn(char **argv, const char *cwd, unsigned threads);
/* The same with its stdout and stderr in the file `out` (made anew; NULL:
 * rfl's own). */
int rfl_run_spawn_to(char **argv, const char *cwd, unsigned threads, const char *out);

/* What a program step's status `raw` (from rfl_run_spawn) makes of rfl
 * run's: RFL_EXIT_OK; RFL_EXIT_INTERRUPTED when rfl had a signal or the
 * program stopped for one (130, 128 + SIGINT/TERM/HUP/QUIT); a program's
 * own 2 (usage) and 3 (verification); anything else, 126 and 127 (could
 * not run), 128 + another signal (killed, e.g. 137), is RFL_EXIT_FAILURE.
 * `why` gets the reason in words for a failure ("exited with status 127",
 * "was killed by signal 9 (Killed)"). */
int rfl_run_step_status(int raw, char *why, size_t len);

/* Locks DIR/.rfl.lock (flock, exclusive, not waiting) for the life of this
 * process (not inherited by the programs it runs) and writes this PID in it.
 * Returns the descriptor, or -1 after one line naming the directory and
 * the holder's PID: then rfl run exits RFL_EXIT_FAILURE. */
int rfl_run_lock(const char *dir);

#endif
