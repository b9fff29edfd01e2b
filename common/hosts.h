/* The host each rank runs on: MPI's processor name, or, for tests, the
 * test-only list RFL_TEST_HOSTS ("a,a,b,b": rank r is entry r), which lets
 * one machine play several nodes (rfl_network's pair classes, the CPU
 * programs' per-rank rows and so rfl ceilings' members grouped by host). */
#ifndef RFL_HOSTS_H
#define RFL_HOSTS_H

#include <stddef.h>

#define RFL_HOST_LEN 64

/* This rank's host name from `list`: 1 with out set; 0 when list is NULL;
 * -1 with why set when the list is malformed or too short for `ranks`. */
int rfl_test_host(const char *list, int rank, int ranks, char *out, size_t len, char *why, size_t whylen);

/* Collective: every rank's host name on rank 0, hosts[ranks] (other ranks
 * may pass NULL), from RFL_TEST_HOSTS when set, else the processor name
 * (newline, comma and double quote become '?'). *from_test says which.
 * Returns 0, or RFL_EXIT_USAGE on every rank after one line naming a
 * malformed RFL_TEST_HOSTS. */
int rfl_host_names(char (*hosts)[RFL_HOST_LEN], int *from_test);

/* Testing only: RFL_TEST_SLOW_RANK=R:FACTOR makes rank R FACTOR times
 * slower (FACTOR from 1 to 1000): the programs that honour it (rfl_bandwidth
 * and rfl_flops, cpu/team.c) keep rank R busy after each timed kernel until
 * FACTOR times its own kernel time has passed, so its rows and the whole
 * job's really are slower: a planted outlier for rfl ceilings' members.
 * Collective: *factor is this rank's (1 on every other rank, and unset).
 * Returns 0, or RFL_EXIT_USAGE on every rank after one line naming the
 * value. */
int rfl_test_slow_rank(double *factor);

#endif
