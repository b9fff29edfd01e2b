/* The --self-test checks of the programs: EXPECT(cond) counts a failed
 * condition in the caller's `int failures` and names it on stderr. */
#ifndef RFL_SELFTEST_H
#define RFL_SELFTEST_H

#include <stdio.h>

#include "rfl.h"

#define EXPECT(cond)                                                                                          \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "self-test: %s:%d: %s\n", __FILE__, __LINE__, #cond);                             \
            failures++;                                                                                       \
        }                                                                                                     \
    } while (0)

/* The end of a program's self-test: "PROGRAM: self-test passed" when none
 * failed; the exit code. */
static inline int rfl_selftest_result(const char *program, int failures)
{
    if (failures == 0)
        fprintf(stderr, "%s: self-test passed\n", program);
    return failures ? RFL_EXIT_FAILURE : RFL_EXIT_OK;
}

#endif
