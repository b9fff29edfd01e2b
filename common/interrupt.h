/* SIGINT/SIGTERM handling: the first signal asks the program to stop at the
 * next safe point and keep what it has measured; a second one kills it. */
#ifndef RFL_INTERRUPT_H
#define RFL_INTERRUPT_H

void rfl_interrupt_install(void);
/* The signal number received, or 0. */
int rfl_interrupted(void);
void rfl_interrupt_reset(void);

#endif
