/* SIGINT, SIGTERM, SIGHUP and SIGQUIT, handled alike by every program and
 * by `rfl run`: each one only sets a flag, and the program stops at its
 * next check (between samples, inside long initialisation), keeps what it
 * has measured, removes its temporary files and exits 130. A second or
 * third signal changes nothing: the same clean stop finishes. A signal
 * that was ignored when the program started stays ignored only for SIGHUP
 * (so `nohup` keeps working); the others are always caught.
 *
 * Child processes (rfl run's programs, rfl plot's gnuplot) are started
 * with rfl_interrupt_fork: they die with their parent (Linux
 * PR_SET_PDEATHSIG), and the first signal the parent gets is passed on to
 * them as SIGTERM. */
#ifndef RFL_INTERRUPT_H
#define RFL_INTERRUPT_H

#include <sys/types.h>

/* Installs the handler for the four signals (again, harmlessly: MPI_Init
 * may set its own). Call it first thing in main(). */
void rfl_interrupt_install(void);
/* The signal number received first, or 0. */
int rfl_interrupted(void);
void rfl_interrupt_reset(void);
/* Collective, between measurements: every rank takes rank 0's view of
 * whether to stop (`stop` already, or a signal arrived), so all ranks leave
 * their loops together. A stop that a signal caused turns an RFL_EXIT_OK
 * *status into RFL_EXIT_INTERRUPTED. Returns the agreed stop. */
int rfl_interrupt_agree(int stop, int *status);
/* Collective, before a program's run: 1 (after one line on rank 0's
 * stderr) when rank 0 has had a signal, so the run is skipped and nothing
 * is written; else 0. */
int rfl_interrupt_before_run(void);
/* A program's exit code: one that failed (RFL_EXIT_FAILURE) after a signal
 * arrived, e.g. because its session would not open once interrupted,
 * exits RFL_EXIT_INTERRUPTED; any other code is kept. */
int rfl_interrupt_exit_code(int rc);

/* fork() for a child that must not outlive this process: in the child,
 * PR_SET_PDEATHSIG(SIGTERM) (and an exit if the parent is already gone),
 * the signal dispositions this process inherited, and with `own_group` a
 * process group of its own (rfl run's programs: a Ctrl-C at the terminal
 * reaches rfl only). In the parent, the first signal received (before or
 * after) is passed on to the child, or to its group, as SIGTERM, until
 * rfl_interrupt_forget_child. Returns fork's value. */
pid_t rfl_interrupt_fork(int own_group);
void rfl_interrupt_forget_child(void);
/* After a signal, _exit(RFL_EXIT_INTERRUPTED) with `message` on stderr if
 * the process has not finished its clean stop within `seconds` (0: never),
 * first killing (SIGKILL) the child it passed the signal on to, if any.
 * For work that does not check the flag (rfl run's in-process steps). */
void rfl_interrupt_deadline(unsigned seconds, const char *message);

#endif
