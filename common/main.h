/* The main() of every benchmark program, from its three functions:
 * rfl_NAME_defaults, rfl_NAME_parse (an rfl_cli_result) and rfl_NAME_run
 * (an exit code). A program's main.c includes its header and this one and
 * says RFL_PROGRAM_MAIN(NAME).
 *
 * The signal handler is installed before anything else (common/interrupt.h).
 * A signal that arrives before the output session opens ends the program
 * with exit 130 and nothing written: before the run, main skips it; during
 * its set-up, rfl_session_open refuses to open. */
#ifndef RFL_MAIN_H
#define RFL_MAIN_H

#include "interrupt.h"
#include "log.h"
#include "mpi_shim.h"
#include "options.h"
#include "rfl.h"

#define RFL_PROGRAM_MAIN(name)                                                                                \
    int main(int argc, char **argv)                                                                           \
    {                                                                                                         \
        rfl_interrupt_install(); /* first: a signal from now on is a clean stop */                            \
        rfl_log_set_progname(argv[0]);                                                                        \
        if (rfl_mpi_init(&argc, &argv) != 0)                                                                  \
            return rfl_interrupt_exit_code(RFL_EXIT_FAILURE);                                                 \
        rfl_interrupt_install(); /* again: MPI_Init may have set handlers of its own */                      \
        struct rfl_##name##_opts opts;                                                                        \
        rfl_##name##_defaults(&opts);                                                                         \
        int rc = RFL_EXIT_OK;                                                                                 \
        switch (rfl_##name##_parse(&opts, argc, argv)) {                                                      \
        case RFL_CLI_RUN:                                                                                     \
            rc = rfl_interrupt_before_run() ? RFL_EXIT_INTERRUPTED : rfl_##name##_run(&opts);                 \
            break;                                                                                            \
        case RFL_CLI_ERROR:                                                                                   \
            rc = RFL_EXIT_USAGE;                                                                              \
            break;                                                                                            \
        default:                                                                                              \
            break;                                                                                            \
        }                                                                                                     \
        rfl_mpi_finalize();                                                                                   \
        return rfl_interrupt_exit_code(rc);                                                                   \
    }

#endif
