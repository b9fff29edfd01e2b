/* The few MPI operations the benchmarks need, with a serial fallback, so
 * every program builds and runs without MPI.  All calls are made by the
 * master thread only (MPI_THREAD_FUNNELED). */
#ifndef RFL_MPI_SHIM_H
#define RFL_MPI_SHIM_H

#include <stddef.h>

/* Initialises MPI once per process (later calls are no-ops) and tells the
 * logger our rank. Returns 0, or -1 if MPI cannot give FUNNELED support. */
int rfl_mpi_init(int *argc, char ***argv);
void rfl_mpi_finalize(void);
int rfl_mpi_enabled(void); /* built with MPI */
int rfl_mpi_rank(void);
int rfl_mpi_size(void);
int rfl_mpi_local_rank(void); /* rank among the ranks of this node */
int rfl_mpi_local_size(void);
/* Index and count of the ranks whose `key` equals ours (e.g. host and
 * cpuset: the ranks that share a set of cores). */
void rfl_mpi_peers(const char *key, int *index, int *count);
/* Every rank of this node's string, joined by `sep` in local-rank order, on
 * every rank of the node (the caller frees). Collective over the node. */
char *rfl_mpi_local_allgather_strings(const char *mine, const char *sep);
void rfl_mpi_barrier(void);
void rfl_mpi_bcast_double(double *values, int count);
void rfl_mpi_bcast_int(int *values, int count);
double rfl_mpi_max_double(double value);
long long rfl_mpi_sum_ll(long long value);
double rfl_mpi_sum_double(double value);
int rfl_mpi_max_int(int value);
int rfl_mpi_min_int(int value);
/* Point-to-point between two ranks (rfl_network's ping-pong): blocking,
 * at most INT_MAX bytes, a fixed tag. 0, or -1 after a message (and
 * always -1 without MPI, where there is no other rank). */
int rfl_mpi_send(const void *buf, size_t bytes, int peer);
int rfl_mpi_recv(void *buf, size_t bytes, int peer);
/* This rank's host name as MPI names it (MPI_Get_processor_name; without
 * MPI gethostname), into buf of len bytes. */
void rfl_mpi_processor_name(char *buf, size_t len);
/* Whether the MPI library can send from GPU memory (CUDA-aware Open MPI:
 * built with it, MPIX_CUDA_AWARE_SUPPORT, and on at run time,
 * MPIX_Query_cuda_support): "yes", or "no: WHY" / "unknown: WHY". */
const char *rfl_mpi_cuda_aware(void);
/* Rank 0 receives every rank's string joined by `sep` (caller frees);
 * other ranks get NULL. */
char *rfl_mpi_gather_strings(const char *mine, const char *sep);
/* Every rank's `n` doubles, concatenated in rank order, on rank 0 (the
 * caller frees); NULL on the other ranks. Collective. */
double *rfl_mpi_gather_doubles(const double *mine, int n);
/* Host names of all ranks, "host:ranks" pairs joined by ',' (rank 0 only). */
char *rfl_mpi_placement(void);
const char *rfl_mpi_library(void);
void rfl_mpi_abort(int code) __attribute__((noreturn));

#endif
