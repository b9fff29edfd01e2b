#include "config.h"
#include "interrupt.h"
#include "mpi_shim.h"
#include "rfl.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t received;

static void on_signal(int sig)
{
    received = sig;
    signal(sig, SIG_DFL); /* a second signal ends the program at once */
}

void rfl_interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int rfl_interrupted(void) { return received; }
void rfl_interrupt_reset(void) { received = 0; }

int rfl_interrupt_agree(int stop, int *status)
{
    int agreed = stop || received != 0;
    rfl_mpi_bcast_int(&agreed, 1);
    if (agreed && !stop && *status == RFL_EXIT_OK)
        *status = RFL_EXIT_INTERRUPTED;
    return agreed;
}
