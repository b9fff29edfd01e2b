/* rfl run's processes (see spawn.h). */
#include "config.h"
#include "spawn.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/rfl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int rfl_run_spawn(char **argv, const char *cwd, unsigned threads) { return rfl_run_spawn_to(argv, cwd, threads, NULL); }

int rfl_run_spawn_to(char **argv, const char *cwd, unsigned threads, const char *out)
{
    pid_t pid = rfl_interrupt_fork(1);
    if (pid < 0) {
        rfl_error("cannot start %s: %s", argv[0], strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (chdir(cwd) != 0)
            _exit(126);
        int fd = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, STDIN_FILENO);
            close(fd);
        }
        fd = out ? open(out, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644) : -1;
        if (out && fd < 0)
            _exit(126);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        if (threads) {
            char t[32];
            snprintf(t, sizeof t, "%u", threads);
            setenv("OMP_NUM_THREADS", t, 1);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "rfl: error: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    /* A second signal is not passed on: the program is already stopping,
     * and a second SIGINT would make mpirun kill its ranks at once. */
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 1 << 8;
            break;
        }
    rfl_interrupt_forget_child();
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int rfl_run_step_status(int raw, char *why, size_t len)
{
    if (raw == 0 && !rfl_interrupted())
        return RFL_EXIT_OK;
    if (rfl_interrupted() || raw == RFL_EXIT_INTERRUPTED || raw == 128 + SIGINT || raw == 128 + SIGTERM ||
        raw == 128 + SIGHUP || raw == 128 + SIGQUIT)
        return RFL_EXIT_INTERRUPTED;
    if (raw < 0)
        snprintf(why, len, "could not be started");
    else if (raw > 128 && raw < 128 + 65)
        snprintf(why, len, "was killed by signal %d (%s)", raw - 128, strsignal(raw - 128));
    else
        snprintf(why, len, "exited with status %d", raw);
    return raw == RFL_EXIT_USAGE || raw == RFL_EXIT_VERIFY ? raw : RFL_EXIT_FAILURE;
}

/* The PID a holder wrote, or 0 while it has not yet written it. */
static long holder_pid(int fd)
{
    for (int tries = 0; tries < 20; tries++) {
        char buf[32] = "";
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        long pid = n > 0 ? strtol(buf, NULL, 10) : 0;
        if (pid > 0)
            return pid;
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    return 0;
}

int rfl_run_lock(const char *dir)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, RFL_RUN_LOCK_FILE);
    /* Close-on-exec: a daemon the program starts (Open MPI's orted for a
     * singleton) would hold it after rfl ended. */
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        rfl_error("%s: cannot open the run directory's lock: %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        if (e == EWOULDBLOCK) {
            long pid = holder_pid(fd);
            if (pid > 0)
                rfl_error("%s: in use by another rfl run (pid %ld); wait for it or stop it first", dir, pid);
            else
                rfl_error("%s: in use by another rfl run; wait for it or stop it first", dir);
        } else {
            rfl_error("%s: cannot lock: %s", path, strerror(e));
        }
        close(fd);
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n) {
        rfl_error("%s: cannot write: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}
