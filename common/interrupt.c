#include "config.h"
#include "interrupt.h"
#include "log.h"
#include "mpi_shim.h"
#include "rfl.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define NSIGNALS 4
static const int handled[NSIGNALS] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

static volatile sig_atomic_t received;
static volatile sig_atomic_t forward_to;   /* a child's pid, or minus its group; 0: none */
static volatile sig_atomic_t forwarded;    /* the signal was passed on to that child */
static volatile sig_atomic_t deadline_s;
static char deadline_msg[512];
static struct sigaction inherited[NSIGNALS];
static int installed;

/* Passes the stop on to the child once: a second SIGINT would make mpirun
 * kill its ranks before they save their rows. */
static void pass_on(void)
{
    pid_t to = (pid_t)forward_to;
    if (to != 0 && !forwarded) {
        forwarded = 1;
        kill(to, SIGTERM);
    }
}

static void on_signal(int sig)
{
    int saved = errno;
    if (!received) {
        received = sig;
        if (deadline_s)
            alarm((unsigned)deadline_s);
    }
    pass_on();
    errno = saved;
}

static void on_deadline(int sig)
{
    (void)sig;
    pid_t to = (pid_t)forward_to; /* a child that ignored the SIGTERM */
    if (to != 0)
        kill(to, SIGKILL);
    size_t len = strlen(deadline_msg);
    if (len && write(STDERR_FILENO, deadline_msg, len) < 0)
        len = 0;
    _exit(RFL_EXIT_INTERRUPTED);
}

void rfl_interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < NSIGNALS; i++) {
        sigaddset(&sa.sa_mask, handled[i]);
        sigaddset(&set, handled[i]);
    }
    sa.sa_flags = SA_RESTART;
    for (int i = 0; i < NSIGNALS; i++) {
        if (!installed)
            sigaction(handled[i], NULL, &inherited[i]);
        /* nohup: a hangup ignored from the start stays ignored */
        if (handled[i] == SIGHUP && inherited[i].sa_handler == SIG_IGN)
            continue;
        sigaction(handled[i], &sa, NULL);
    }
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    installed = 1;
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

int rfl_interrupt_exit_code(int rc)
{
    return rc == RFL_EXIT_FAILURE && received ? RFL_EXIT_INTERRUPTED : rc;
}

pid_t rfl_interrupt_fork(int own_group)
{
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        forward_to = 0;
        deadline_s = 0;
        if (own_group)
            setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
        if (getppid() != parent) /* the parent died before the watch was set */
            _exit(RFL_EXIT_INTERRUPTED);
        for (int i = 0; installed && i < NSIGNALS; i++)
            sigaction(handled[i], &inherited[i], NULL);
        return 0;
    }
    if (pid > 0) {
        if (own_group)
            setpgid(pid, pid); /* both sides: whichever runs first */
        forwarded = 0;
        forward_to = own_group ? -pid : pid;
        if (received)
            pass_on();
    }
    return pid;
}

void rfl_interrupt_forget_child(void)
{
    forward_to = 0;
}

void rfl_interrupt_deadline(unsigned seconds, const char *message)
{
    snprintf(deadline_msg, sizeof deadline_msg, "%s", message ? message : "");
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_deadline;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    deadline_s = (sig_atomic_t)seconds;
    if (!seconds)
        alarm(0);
    else if (received)
        alarm(seconds);
}

int rfl_interrupt_before_run(void)
{
    int status = RFL_EXIT_OK;
    if (!rfl_interrupt_agree(0, &status))
        return 0;
    if (rfl_mpi_rank() == 0)
        rfl_error("interrupted before the run started: nothing written");
    return 1;
}
