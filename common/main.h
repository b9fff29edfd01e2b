/* The main() of every benchmark program, from its three functions:
 * rfl_NAME_defaults, rfl_NAME_parse (an rfl_cli_result) and rfl_NAME_run
 * (an exit code). A program's main.c includes its header and this one and
 * says RFL_PROGRAM_MAIN(NAME). */
#ifndef RFL_MAIN_H
#define RFL_MAIN_H

#include "log.h"
#include "mpi_shim.h"
#include "options.h"
#include "rfl.h"

#define RFL_PROGRAM_MAIN(name)                                                                                \
    int main(int argc, char **argv)                                                                           \
    {                                                                                                         \
        rfl_log_set_progname(argv[0]);                                                                        \
        if (rfl_mpi_init(&argc, &argv) != 0)                                                                  \
            return RFL_EXIT_FAILURE;                                                                          \
        struct rfl_##name##_opts opts;                                                                        \
        rfl_##name##_defaults(&opts);                                                                         \
        int rc = RFL_EXIT_OK;                                                                                 \
        switch (rfl_##name##_parse(&opts, argc, argv)) {                                                      \
        case RFL_CLI_RUN:                                                                                     \
            rc = rfl_##name##_run(&opts);                                                                     \
            break;                                                                                            \
        case RFL_CLI_ERROR:                                                                                   \
            rc = RFL_EXIT_USAGE;                                                                              \
            break;                                                                                            \
        default:                                                                                              \
            break;                                                                                            \
        }                                                                                                     \
        rfl_mpi_finalize();                                                                                   \
        return rc;                                                                                            \
    }

#endif
