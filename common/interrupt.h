/* SIGINT/SIGTERM handling: the first signal asks the program to stop at the
 * next safe point and keep what it has measured; a second one kills it. */
#ifndef RFL_INTERRUPT_H
#define RFL_INTERRUPT_H

void rfl_interrupt_install(void);
/* The signal number received, or 0. */
int rfl_interrupted(void);
void rfl_interrupt_reset(void);
/* Collective, between measurements: every rank takes rank 0's view of
 * whether to stop (`stop` already, or a signal arrived), so all ranks leave
 * their loops together. A stop that a signal caused turns an RFL_EXIT_OK
 * *status into RFL_EXIT_INTERRUPTED. Returns the agreed stop. */
int rfl_interrupt_agree(int stop, int *status);

#endif
