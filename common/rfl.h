/* librfl: the shared core of the rfl benchmark programs and driver. */
#ifndef RFL_H
#define RFL_H

/* Exit codes shared by every program (the tests rely on them). */
enum {
    RFL_EXIT_OK = 0,
    RFL_EXIT_FAILURE = 1, /* a run failed: I/O, allocation, MPI */
    RFL_EXIT_USAGE = 2,   /* a bad option, value, config or input file */
    RFL_EXIT_VERIFY = 3,  /* a kernel's result did not match its closed form */
    RFL_EXIT_INTERRUPTED = 130
};

const char *rfl_version(void);

#endif
