/* rfl_network: MPI point-to-point latency and bandwidth between ranks
 * (ping-pong over message sizes, host memory), each pair of ranks on the
 * same node or on different nodes, and the fit T = latency + bytes /
 * bandwidth per class of pair: the network roof. */
#ifndef RFL_NETWORK_H
#define RFL_NETWORK_H

#include <stddef.h>
#include <stdint.h>

#include "common/hosts.h"

enum rfl_net_pairs { RFL_NET_PAIRS_RANK0, RFL_NET_PAIRS_ALL };
enum rfl_net_class { RFL_NET_SAME_NODE, RFL_NET_OTHER_NODE, RFL_NET_NCLASSES };

/* Message sizes: at most this many; the largest at most RFL_NET_MAX_BYTES. */
#define RFL_NET_MAX_SIZES 64
#define RFL_NET_MAX_BYTES (1ull << 30)
#define RFL_NET_HOST_LEN RFL_HOST_LEN

struct rfl_network_opts {
    uint64_t sizes[2]; /* MIN:MAX; 0: the defaults */
    double growth;     /* 0: the default */
    double min_time_s; /* 0: the default */
    unsigned experiments;
    int pairs;         /* enum rfl_net_pairs */
    const char *output;
    int quick, print_columns, self_test, inject_fault;
    int argc;
    char **argv;
};

void rfl_network_defaults(struct rfl_network_opts *o);
int rfl_network_parse(struct rfl_network_opts *o, int argc, char **argv);
int rfl_network_run(const struct rfl_network_opts *o);

extern const char *const rfl_net_pair_names[];
extern const char *const rfl_net_class_names[RFL_NET_NCLASSES];

/* The message sizes from lo to hi, each `growth` times the one before
 * (rounded up), hi always the last; how many (0: more than cap). */
size_t rfl_net_sizes(uint64_t lo, uint64_t hi, double growth, uint64_t *out, size_t cap);
/* The pairs (a, b) measured, a < b: rank 0 with each other rank, or all. */
size_t rfl_net_pairs(int ranks, int all, int (*out)[2], size_t cap);
/* The byte pattern of a point, and its check: the wrong bytes (the first
 * at *first). */
void rfl_net_fill(unsigned char *buf, size_t n, unsigned seed);
size_t rfl_net_check(const unsigned char *buf, size_t n, unsigned seed, size_t *first);
int rfl_net_self_test(void);

#endif
