#include "config.h"
#include "gpu_micro/gpu_micro.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/options.h"
#include "common/rfl.h"

int main(int argc, char **argv)
{
    rfl_log_set_progname(argv[0]);
    if (rfl_mpi_init(&argc, &argv) != 0)
        return RFL_EXIT_FAILURE;
    struct rfl_gpu_micro_opts opts;
    rfl_gpu_micro_defaults(&opts);
    int rc = RFL_EXIT_OK;
    switch (rfl_gpu_micro_parse(&opts, argc, argv)) {
    case RFL_CLI_RUN:
        rc = rfl_gpu_micro_run(&opts);
        break;
    case RFL_CLI_ERROR:
        rc = RFL_EXIT_USAGE;
        break;
    default:
        break;
    }
    rfl_mpi_finalize();
    return rc;
}
