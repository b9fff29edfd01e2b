/* Finding a program to run: gnuplot, ncu, likwid-perfctr. */
#ifndef RFL_WHICH_H
#define RFL_WHICH_H

#include <stddef.h>

/* NAME with a '/': itself when executable; else the first executable NAME
 * in the directories of $PATH, then in those of `also` (a ':' list, may be
 * NULL). Into buf; NULL when there is none (or it does not fit). */
const char *rfl_which(const char *name, const char *also, char *buf, size_t len);

#endif
