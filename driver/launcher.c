/* rfl run's launchers (see launcher.h). */
#include "config.h"
#include "launcher.h"
#include "files.h"
#include "common/log.h"
#include "common/rfl.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

const char *rfl_launcher_path(const struct rfl_settings *s)
{
    const char *env = getenv(s->launcher == RFL_LAUNCHER_SRUN ? "SRUN" : "MPIEXEC");
    if (env && *env)
        return env;
    if (s->launcher == RFL_LAUNCHER_SRUN)
        return "srun";
    return RFL_MPIEXEC[0] ? RFL_MPIEXEC : "mpiexec";
}

int rfl_launcher_check(struct rfl_settings *s)
{
    const char *hf = s->hostfile;
    if (!hf || !*hf)
        return 0;
    if (s->launcher != RFL_LAUNCHER_MPIEXEC) {
        rfl_error("hostfile = %s: a hostfile goes with launcher = mpiexec, not %s (srun takes its nodes from "
                  "the Slurm allocation)", hf, rfl_launcher_names[s->launcher]);
        return RFL_EXIT_USAGE;
    }
    struct stat st;
    if (stat(hf, &st) != 0 || !S_ISREG(st.st_mode)) {
        rfl_error("hostfile = %s: not a regular file", hf);
        return RFL_EXIT_USAGE;
    }
    char abs[PATH_MAX];
    if (hf[0] != '/' && realpath(hf, abs) && rfl_config_set_string(&s->hostfile, abs) != 0)
        return RFL_EXIT_FAILURE;
    return 0;
}

int rfl_launcher_is_open_mpi(const char *mpiexec)
{
    static char asked[1024];
    static int answer = -1;
    if (answer >= 0 && strcmp(asked, mpiexec) == 0)
        return answer;
    snprintf(asked, sizeof asked, "%s", mpiexec);
    answer = 0;
    int fd[2];
    if (pipe(fd) != 0)
        return answer;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    char *argv[] = {(char *)mpiexec, "--version", NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, mpiexec, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    char out[4096];
    size_t n = 0;
    if (rc == 0) {
        ssize_t got;
        while (n < sizeof out - 1 && (got = read(fd[0], out + n, sizeof out - 1 - n)) > 0)
            n += (size_t)got;
        /* the rest unread: a long answer still ends */
        close(fd[0]);
        int status;
        while (waitpid(pid, &status, 0) < 0)
            ;
    } else {
        close(fd[0]);
    }
    out[n] = '\0';
    answer = strstr(out, "Open MPI") || strstr(out, "OpenRTE") || strstr(out, "open-mpi.org");
    return answer;
}

unsigned rfl_launcher_gpu_count(void)
{
    const int n = rfl_run_gpu_count(); /* files.c: /dev/nvidiaN under CUDA_VISIBLE_DEVICES */
    return n > 0 ? (unsigned)n : 0;
}

unsigned rfl_launcher_step_ranks(const struct rfl_settings *s, int gpu, int mpi)
{
    /* gpu 2 (rfl_gpu_link) drives every GPU from one process: never under the launcher. */
    if (s->ranks < 2 || (!mpi && !gpu) || gpu == 2)
        return 1;
    if (mpi || s->launcher == RFL_LAUNCHER_SRUN || (s->hostfile && *s->hostfile) || getenv("SLURM_JOB_ID"))
        return s->ranks;
    const unsigned gpus = rfl_launcher_gpu_count();
    return gpus < 1 ? 1 : gpus < s->ranks ? gpus : s->ranks;
}

size_t rfl_launcher_words(const struct rfl_settings *s, unsigned ranks, char *buf, size_t len, char **words,
                          size_t max)
{
    size_t n = 0, used = 0;
    int full = 0;
#define PUSH(str)                                                                                                      \
    do {                                                                                                               \
        size_t l_ = strlen(str) + 1;                                                                                   \
        if (n == max || used + l_ > len) {                                                                             \
            full = 1;                                                                                                  \
            break;                                                                                                     \
        }                                                                                                              \
        memcpy(buf + used, (str), l_);                                                                                 \
        words[n++] = buf + used;                                                                                       \
        used += l_;                                                                                                    \
    } while (0)
    const char *path = rfl_launcher_path(s);
    char num[32];
    snprintf(num, sizeof num, "%u", ranks);
    PUSH(path);
    PUSH("-n");
    PUSH(num);
    const char *extra = "";
    if (s->launcher == RFL_LAUNCHER_SRUN) {
        extra = s->srun_args ? s->srun_args : "";
    } else {
        extra = s->mpiexec_args ? s->mpiexec_args : "";
        if (rfl_launcher_is_open_mpi(path)) {
            /* more ranks than slots on one machine; inside a Slurm
             * allocation the allocation says how many fit */
            if (!getenv("SLURM_JOB_ID"))
                PUSH("--oversubscribe");
            if (geteuid() == 0)
                PUSH("--allow-run-as-root");
            if (s->threads) {
                PUSH("-x");
                PUSH("OMP_NUM_THREADS");
            }
        }
        if (s->hostfile && *s->hostfile) {
            PUSH("--hostfile");
            PUSH(s->hostfile);
        }
    }
    char *work = strdup(extra), *save = NULL;
    if (!work)
        return 0;
    for (char *tok = strtok_r(work, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
        PUSH(tok);
    free(work);
#undef PUSH
    return full ? 0 : n;
}
