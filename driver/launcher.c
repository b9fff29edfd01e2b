/* rfl run's launchers (see launcher.h). */
#include "config.h"
#include "launcher.h"
#include "files.h"
#include "programs.h"
#include "common/input.h"
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

/* What an mpiexec's --version says it is, asked once per path. */
static enum rfl_launcher_kind kind_of_mpiexec(const char *mpiexec)
{
    static char asked[1024];
    static enum rfl_launcher_kind answer;
    static int known;
    if (known && strcmp(asked, mpiexec) == 0)
        return answer;
    snprintf(asked, sizeof asked, "%s", mpiexec);
    known = 1;
    answer = RFL_LAUNCHER_UNKNOWN;
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
    answer = rfl_launcher_kind_of_version(out);
    return answer;
}

enum rfl_launcher_kind rfl_launcher_kind(const struct rfl_settings *s)
{
    return s->launcher == RFL_LAUNCHER_SRUN ? RFL_LAUNCHER_SLURM : kind_of_mpiexec(rfl_launcher_path(s));
}

unsigned rfl_launcher_gpu_count(void)
{
    const int n = rfl_run_gpu_count(); /* files.c: /dev/nvidiaN under CUDA_VISIBLE_DEVICES */
    return n > 0 ? (unsigned)n : 0;
}

unsigned rfl_launcher_step_ranks(const struct rfl_settings *s, int gpu, int mpi)
{
    /* gpu 2 (rfl_gpu_link) drives every GPU from one process: never under the launcher. */
    if (s->ranks < 2 || (!mpi && !gpu) || gpu == RFL_PROGRAM_ALL_GPUS)
        return 1;
    if (mpi || s->launcher == RFL_LAUNCHER_SRUN || (s->hostfile && *s->hostfile) || getenv("SLURM_JOB_ID"))
        return s->ranks;
    const unsigned gpus = rfl_launcher_gpu_count();
    return gpus < 1 ? 1 : gpus < s->ranks ? gpus : s->ranks;
}

/* A hostfile's nodes: its distinct hosts, the first word of each line
 * (Open MPI's "host slots=N", MPICH's and Intel's "host:N"); '#' starts a
 * comment. 1 when it cannot be read (rfl_launcher_check has looked at it). */
static unsigned hostfile_nodes(const char *path)
{
    char why[256];
    size_t len = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    if (!text)
        return 1;
    unsigned n = 0;
    char *save = NULL;
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    /* the hosts are kept in place: each line's first word, cut at its end */
    char **hosts = calloc(lines, sizeof *hosts);
    for (char *line = hosts ? strtok_r(text, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
        line[strcspn(line, "#")] = '\0';
        line += strspn(line, " \t\r");
        line[strcspn(line, " \t\r:")] = '\0';
        if (!*line)
            continue;
        unsigned i = 0;
        while (i < n && strcmp(hosts[i], line) != 0)
            i++;
        if (i == n)
            hosts[n++] = line;
    }
    free(hosts);
    free(text);
    return n ? n : 1;
}

/* srun's -N/--nodes among its arguments (the first number of "2" or
 * "2-4"); 0: not given. */
static unsigned srun_args_nodes(const char *args)
{
    char *work = strdup(args ? args : ""), *save = NULL;
    unsigned nodes = 0;
    const char *value = NULL;
    for (char *tok = work ? strtok_r(work, " \t", &save) : NULL; tok; tok = strtok_r(NULL, " \t", &save)) {
        if (value) /* the word after a bare -N or --nodes */
            nodes = (unsigned)strtoul(tok, NULL, 10);
        value = !strcmp(tok, "-N") || !strcmp(tok, "--nodes") ? tok : NULL;
        if (!strncmp(tok, "--nodes=", 8))
            nodes = (unsigned)strtoul(tok + 8, NULL, 10);
        else if (!strncmp(tok, "-N", 2) && tok[2])
            nodes = (unsigned)strtoul(tok + 2, NULL, 10);
    }
    free(work);
    return nodes;
}

static unsigned env_count(const char *name)
{
    const char *v = getenv(name);
    char *end = NULL;
    unsigned long n = v && *v ? strtoul(v, &end, 10) : 0;
    return end && *end == '\0' && n > 0 && n < 1000000 ? (unsigned)n : 0;
}

unsigned rfl_launcher_nodes(const struct rfl_settings *s)
{
    if (s->launcher != RFL_LAUNCHER_SRUN && s->hostfile && *s->hostfile)
        return hostfile_nodes(s->hostfile);
    unsigned n = s->launcher == RFL_LAUNCHER_SRUN ? srun_args_nodes(s->srun_args) : 0;
    if (!n && (s->launcher == RFL_LAUNCHER_SRUN || getenv("SLURM_JOB_ID")))
        n = env_count("SLURM_JOB_NUM_NODES") ? env_count("SLURM_JOB_NUM_NODES") : env_count("SLURM_NNODES");
    return n ? n : 1;
}

/* Options by which the user's own launcher arguments place the ranks: with
 * any of them rfl adds no binding words of its own (a second, different
 * mapping is an error to Open MPI and a silent override elsewhere). */
static const char *const mpiexec_placing[] = {
    "--map-by", "-map-by", "--bind-to", "-bind-to", "--cpus-per-proc", "-cpus-per-proc", "--cpu-set",
    "-cpu-set", "--cpu-list", "--rankfile", "-rf", "-binding", "--npernode", "-npernode", "--npersocket",
    "-npersocket", "--pernode", "-pernode", "-ppn", "-perhost", NULL};
static const char *const srun_placing[] = {
    "--cpu-bind", "--cpus-per-task", "-c", "--distribution", "-m", "--hint", "--ntasks-per-node",
    "--ntasks-per-socket", "--ntasks-per-core", NULL};

static int user_places_ranks(const struct rfl_settings *s, enum rfl_launcher_kind kind)
{
    const int srun = s->launcher == RFL_LAUNCHER_SRUN;
    const char *args = srun ? s->srun_args : s->mpiexec_args;
    const char *const *placing = srun ? srun_placing : mpiexec_placing;
    if (kind == RFL_LAUNCHER_INTEL_MPI && (getenv("I_MPI_PIN_DOMAIN") || getenv("I_MPI_PIN_PROCESSOR_LIST")))
        return 1; /* -genv would override the user's environment */
    if (!args || !*args)
        return 0;
    if (strstr(args, "I_MPI_PIN"))
        return 1;
    char *work = strdup(args), *save = NULL;
    int found = 0;
    for (char *tok = work ? strtok_r(work, " \t", &save) : NULL; tok && !found; tok = strtok_r(NULL, " \t", &save))
        for (size_t i = 0; placing[i] && !found; i++) {
            const size_t l = strlen(placing[i]);
            /* "-c4", "-mblock": srun's one-letter options take their value joined */
            found = !strncmp(tok, placing[i], l) && (tok[l] == '\0' || tok[l] == '=' || (srun && l == 2));
        }
    free(work);
    return found;
}

void rfl_launcher_layout(const struct rfl_settings *s, unsigned ranks, struct rfl_launcher_layout *lay)
{
    memset(lay, 0, sizeof *lay);
    lay->ranks = ranks ? ranks : 1;
    lay->nodes = 1;
    lay->kind = RFL_LAUNCHER_UNKNOWN;
    if (lay->ranks > 1) { /* one rank runs without the launcher */
        lay->kind = rfl_launcher_kind(s);
        lay->nodes = rfl_launcher_nodes(s);
        lay->user_binds = user_places_ranks(s, lay->kind);
    }
    lay->ranks_per_node = (lay->ranks + lay->nodes - 1) / lay->nodes;
    struct rfl_layout_share share;
    struct rfl_layout_node node;
    if (rfl_layout_plan_here(lay->ranks_per_node, &node, &share) == 0)
        lay->cores_per_rank = share.cores;
    lay->node_cores = node.cores;
    lay->placed_by = lay->user_binds ? (s->launcher == RFL_LAUNCHER_SRUN ? "srun_args" : "mpiexec_args") : "none";
    if (lay->ranks > 1 && !lay->user_binds && lay->cores_per_rank) {
        char planned[sizeof lay->buf], *words[8];
        const size_t n = rfl_launcher_binding_words(lay->kind, share.cores, share.per_domain, planned,
                                                    sizeof planned, words, 8);
        size_t used = 0;
        for (size_t i = 0; i < n; i++) {
            /* asked to oversubscribe, Open MPI binds more ranks than cores only with this */
            const int overload = s->oversubscribe && lay->kind == RFL_LAUNCHER_OPEN_MPI && i > 0 &&
                                 !strcmp(words[i - 1], "--bind-to");
            const int l = snprintf(lay->buf + used, sizeof lay->buf - used, "%s%s", words[i],
                                   overload ? ":overload-allowed" : "");
            if (l < 0 || (size_t)l >= sizeof lay->buf - used) {
                lay->nwords = 0;
                break;
            }
            lay->words[lay->nwords++] = lay->buf + used;
            used += (size_t)l + 1;
        }
        if (lay->nwords)
            lay->placed_by = "rfl";
    }
    rfl_layout_share_free(&share);
    for (size_t i = 0, used = 0; i < lay->nwords; i++)
        used += (size_t)snprintf(lay->binding + used, sizeof lay->binding - used, "%s%s", i ? " " : "",
                                 lay->words[i]);
}

json_t *rfl_launcher_layout_json(const struct rfl_launcher_layout *lay)
{
    return json_pack("{s:s, s:i, s:i, s:i, s:s, s:s}", "kind", rfl_launcher_kind_names[lay->kind], "nodes",
                     (int)lay->nodes, "ranks_per_node", (int)lay->ranks_per_node, "cores_per_rank",
                     (int)lay->cores_per_rank, "binding", lay->binding, "binding_from", lay->placed_by);
}

static int check_cores(const struct rfl_settings *s, const struct rfl_launcher_layout *lay, const char *file,
                       int ranks_from_option)
{
    const unsigned threads = s->threads ? s->threads : 1;
    const unsigned long need = (unsigned long)lay->ranks_per_node * threads;
    if (lay->node_cores && need > lay->node_cores && !s->oversubscribe) {
        char per_node[64] = "";
        if (lay->ranks_per_node != s->ranks)
            snprintf(per_node, sizeof per_node, " (%u on this node)", lay->ranks_per_node);
        fprintf(stderr,
                "rfl run: %s%s%s %u%s x threads = %u need %lu cores; this node has %u (hwloc): ask for fewer "
                "ranks or threads, or give --oversubscribe\n",
                file ? file : "", file ? ": " : "", ranks_from_option ? "--ranks" : "ranks =", s->ranks, per_node,
                threads, need, lay->node_cores);
        return RFL_EXIT_USAGE;
    }
    if (lay->ranks > 1 && lay->kind == RFL_LAUNCHER_UNKNOWN && !lay->user_binds)
        rfl_warn("%s: its --version names no MPI rfl knows (Open MPI, MPICH, Intel MPI): no binding options "
                 "passed; each program widens to its share of the node's cores itself",
                 rfl_launcher_path(s));
    return RFL_EXIT_OK;
}

int rfl_launcher_preflight(const struct rfl_settings *s, const int *runs, const char *file, int ranks_from_option,
                           struct rfl_launcher_layout *record)
{
    unsigned now = 0, selected = 0;
    for (int p = 0; p < RFL_NPROGRAMS; p++) {
        const struct rfl_program *pr = &rfl_programs[p];
        const unsigned n = s->programs >> p & 1 ? rfl_launcher_step_ranks(s, pr->gpu, pr->mpi) : 0;
        selected = n > selected ? n : selected;
        now = runs[p] && n > now ? n : now;
    }
    rfl_launcher_layout(s, selected, record);
    if (!now)
        return RFL_EXIT_OK; /* no program runs now: nothing to fit */
    struct rfl_launcher_layout lay;
    if (now != selected)
        rfl_launcher_layout(s, now, &lay);
    return check_cores(s, now != selected ? &lay : record, file, ranks_from_option);
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
    struct rfl_launcher_layout lay;
    rfl_launcher_layout(s, ranks, &lay);
    for (size_t i = 0; i < lay.nwords; i++)
        PUSH(lay.words[i]);
    const char *extra = "";
    if (s->launcher == RFL_LAUNCHER_SRUN) {
        extra = s->srun_args ? s->srun_args : "";
        if (s->oversubscribe)
            PUSH("--overcommit"); /* more tasks x CPUs per task than the allocation's CPUs */
    } else {
        extra = s->mpiexec_args ? s->mpiexec_args : "";
        if (lay.kind == RFL_LAUNCHER_OPEN_MPI) {
            /* more ranks than slots only when asked (rfl run --oversubscribe) */
            if (s->oversubscribe)
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
