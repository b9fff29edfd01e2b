#include "config.h"
#include "mpi_shim.h"
#include "log.h"
#include "rfl.h"

#include <stdint.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_MPI
#include <mpi.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h> /* MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support */
#endif

static int rank_, size_ = 1, local_rank_, local_size_ = 1, initialised_by_us;
static MPI_Comm local_ = MPI_COMM_NULL; /* this node's ranks (MPI_COMM_TYPE_SHARED) */
static char library_[MPI_MAX_LIBRARY_VERSION_STRING];

int rfl_mpi_init(int *argc, char ***argv)
{
    int flag = 0, provided = 0;
    MPI_Initialized(&flag);
    if (!flag) {
        if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return -1;
        initialised_by_us = 1;
    } else {
        MPI_Query_thread(&provided);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local_);
    MPI_Comm_rank(local_, &local_rank_);
    MPI_Comm_size(local_, &local_size_);
    int len = 0;
    MPI_Get_library_version(library_, &len);
    char *nl = strchr(library_, '\n'); /* keep the first line: name and version */
    if (nl)
        *nl = '\0';
    rfl_log_set_rank(rank_);
    if (provided < MPI_THREAD_FUNNELED) {
        rfl_error("the MPI library does not support MPI_THREAD_FUNNELED");
        return -1;
    }
    return 0;
}

void rfl_mpi_finalize(void)
{
    int flag = 0;
    MPI_Finalized(&flag);
    if (!flag && local_ != MPI_COMM_NULL)
        MPI_Comm_free(&local_);
    if (initialised_by_us && !flag)
        MPI_Finalize();
}

int rfl_mpi_enabled(void) { return 1; }
int rfl_mpi_rank(void) { return rank_; }
int rfl_mpi_size(void) { return size_; }
int rfl_mpi_local_rank(void) { return local_rank_; }
int rfl_mpi_local_size(void) { return local_size_; }
void rfl_mpi_barrier(void) { MPI_Barrier(MPI_COMM_WORLD); }

void rfl_mpi_peers(const char *key, int *index, int *count)
{
    unsigned hash = 2166136261u; /* FNV-1a: collisions only merge groups, a harmless over-count */
    for (const char *p = key; *p; p++)
        hash = (hash ^ (unsigned char)*p) * 16777619u;
    MPI_Comm peers;
    MPI_Comm_split(MPI_COMM_WORLD, (int)(hash & 0x7fffffff), rank_, &peers);
    MPI_Comm_rank(peers, index);
    MPI_Comm_size(peers, count);
    MPI_Comm_free(&peers);
}
void rfl_mpi_bcast_double(double *v, int n) { MPI_Bcast(v, n, MPI_DOUBLE, 0, MPI_COMM_WORLD); }
void rfl_mpi_bcast_int(int *v, int n) { MPI_Bcast(v, n, MPI_INT, 0, MPI_COMM_WORLD); }

/* One value reduced over every rank, the result on every rank. */
#define ALLREDUCE_FN(name, type, mpi_type, op)                                                                 \
    type name(type v)                                                                                         \
    {                                                                                                         \
        type r;                                                                                               \
        MPI_Allreduce(&v, &r, 1, mpi_type, op, MPI_COMM_WORLD);                                               \
        return r;                                                                                             \
    }
ALLREDUCE_FN(rfl_mpi_max_double, double, MPI_DOUBLE, MPI_MAX)
ALLREDUCE_FN(rfl_mpi_sum_double, double, MPI_DOUBLE, MPI_SUM)
ALLREDUCE_FN(rfl_mpi_sum_ll, long long, MPI_LONG_LONG, MPI_SUM)
ALLREDUCE_FN(rfl_mpi_max_int, int, MPI_INT, MPI_MAX)
ALLREDUCE_FN(rfl_mpi_min_int, int, MPI_INT, MPI_MIN)

/* Every rank's string of `comm`, joined by `sep` in rank order: on rank 0
 * (NULL elsewhere), or on every rank (`everyone`). A rank that cannot hold
 * its part stops the job: the others would wait for it. */
static char *gather_strings(MPI_Comm comm, int everyone, const char *mine, const char *sep)
{
    int me = 0, n = 1, len = (int)strlen(mine) + 1;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &n);
    const int receives = everyone || me == 0;
    int *lens = receives ? malloc(sizeof *lens * (size_t)n) : NULL;
    int *displs = receives ? malloc(sizeof *displs * (size_t)n) : NULL;
    if (receives && (!lens || !displs))
        rfl_mpi_abort(RFL_EXIT_FAILURE);
    if (everyone)
        MPI_Allgather(&len, 1, MPI_INT, lens, 1, MPI_INT, comm);
    else
        MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, comm);
    size_t total = 0;
    for (int r = 0; receives && r < n; r++) {
        displs[r] = (int)total;
        total += (size_t)lens[r];
    }
    char *all = receives ? malloc(total) : NULL;
    char *joined = receives ? malloc(total + strlen(sep) * (size_t)n + 1) : NULL;
    if (receives && (!all || !joined))
        rfl_mpi_abort(RFL_EXIT_FAILURE);
    if (everyone)
        MPI_Allgatherv(mine, len, MPI_CHAR, all, lens, displs, MPI_CHAR, comm);
    else
        MPI_Gatherv(mine, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, comm);
    if (joined) {
        joined[0] = '\0';
        for (int r = 0; r < n; r++) {
            if (r)
                strcat(joined, sep);
            strcat(joined, all + displs[r]);
        }
    }
    free(lens);
    free(displs);
    free(all);
    return joined;
}

char *rfl_mpi_local_allgather_strings(const char *mine, const char *sep)
{
    return gather_strings(local_, 1, mine, sep);
}

#define RFL_MPI_P2P_TAG 4711

int rfl_mpi_send(const void *buf, size_t bytes, int peer)
{
    if (bytes > (size_t)INT_MAX || MPI_Send(buf, (int)bytes, MPI_BYTE, peer, RFL_MPI_P2P_TAG, MPI_COMM_WORLD) != MPI_SUCCESS) {
        rfl_error_all("MPI_Send of %zu bytes to rank %d failed", bytes, peer);
        return -1;
    }
    return 0;
}

int rfl_mpi_recv(void *buf, size_t bytes, int peer)
{
    MPI_Status st;
    int got = -1;
    if (bytes > (size_t)INT_MAX ||
        MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, RFL_MPI_P2P_TAG, MPI_COMM_WORLD, &st) != MPI_SUCCESS ||
        MPI_Get_count(&st, MPI_BYTE, &got) != MPI_SUCCESS || got != (int)bytes) {
        rfl_error_all("MPI_Recv of %zu bytes from rank %d failed (%d bytes arrived)", bytes, peer, got);
        return -1;
    }
    return 0;
}

void rfl_mpi_processor_name(char *buf, size_t len)
{
    char name[MPI_MAX_PROCESSOR_NAME + 1] = "";
    int n = 0;
    if (MPI_Get_processor_name(name, &n) != MPI_SUCCESS || n <= 0)
        gethostname(name, sizeof name - 1);
    snprintf(buf, len, "%s", name);
}

const char *rfl_mpi_cuda_aware(void)
{
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support() ? "yes" : "no: this Open MPI has CUDA support, off at run time";
#elif defined(MPIX_CUDA_AWARE_SUPPORT)
    return "no: this Open MPI was built without CUDA support";
#else
    return "unknown: the MPI library does not say (not Open MPI)";
#endif
}

char *rfl_mpi_gather_strings(const char *mine, const char *sep)
{
    return gather_strings(MPI_COMM_WORLD, 0, mine, sep);
}

const char *rfl_mpi_library(void) { return library_; }
void rfl_mpi_abort(int code)
{
    MPI_Abort(MPI_COMM_WORLD, code);
    exit(code);
}

#else /* !HAVE_MPI */

int rfl_mpi_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}
void rfl_mpi_finalize(void) {}
int rfl_mpi_enabled(void) { return 0; }
int rfl_mpi_rank(void) { return 0; }
int rfl_mpi_size(void) { return 1; }
int rfl_mpi_local_rank(void) { return 0; }
int rfl_mpi_local_size(void) { return 1; }
void rfl_mpi_barrier(void) {}
void rfl_mpi_peers(const char *key, int *index, int *count)
{
    (void)key;
    *index = 0;
    *count = 1;
}
void rfl_mpi_bcast_double(double *v, int n) { (void)v; (void)n; }
void rfl_mpi_bcast_int(int *v, int n) { (void)v; (void)n; }
double rfl_mpi_max_double(double v) { return v; }
long long rfl_mpi_sum_ll(long long v) { return v; }
double rfl_mpi_sum_double(double v) { return v; }
int rfl_mpi_max_int(int v) { return v; }
int rfl_mpi_min_int(int v) { return v; }
char *rfl_mpi_local_allgather_strings(const char *mine, const char *sep)
{
    (void)sep;
    return strdup(mine);
}
char *rfl_mpi_gather_strings(const char *mine, const char *sep)
{
    (void)sep;
    return strdup(mine);
}
int rfl_mpi_send(const void *buf, size_t bytes, int peer)
{
    (void)buf;
    rfl_error_all("no rank %d to send %zu bytes to: built without MPI", peer, bytes);
    return -1;
}
int rfl_mpi_recv(void *buf, size_t bytes, int peer)
{
    (void)buf;
    rfl_error_all("no rank %d to receive %zu bytes from: built without MPI", peer, bytes);
    return -1;
}
const char *rfl_mpi_cuda_aware(void) { return "no: built without MPI"; }
void rfl_mpi_processor_name(char *buf, size_t len)
{
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    snprintf(buf, len, "%s", name);
}
const char *rfl_mpi_library(void) { return "none"; }
void rfl_mpi_abort(int code) { exit(code); }

#endif

char *rfl_mpi_placement(void)
{
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    char mine[300];
    snprintf(mine, sizeof mine, "rank%d@%s", rfl_mpi_rank(), host);
    return rfl_mpi_gather_strings(mine, ",");
}

double *rfl_mpi_gather_doubles(const double *mine, int n)
{
    /* The bits of each double in hex: exact, and free of any locale. */
    size_t len = (size_t)n * 17 + 1;
    char *text = malloc(len);
    if (!text)
        rfl_mpi_abort(RFL_EXIT_FAILURE);
    text[0] = '\0';
    for (int i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &mine[i], sizeof bits);
        snprintf(text + (size_t)i * 17, len - (size_t)i * 17, "%016llx%s", (unsigned long long)bits,
                 i + 1 < n ? " " : "");
    }
    char *all = rfl_mpi_gather_strings(text, " ");
    free(text);
    if (!all)
        return NULL;
    int ranks = rfl_mpi_size();
    double *out = calloc((size_t)n * (size_t)ranks + 1, sizeof *out);
    const char *p = all;
    for (int i = 0; out && i < n * ranks; i++) {
        char *end = NULL;
        uint64_t bits = strtoull(p, &end, 16);
        memcpy(&out[i], &bits, sizeof bits);
        p = end;
    }
    free(all);
    return out;
}
