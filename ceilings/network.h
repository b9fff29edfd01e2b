/* What rfl_network measured (network.csv and network_fit.csv), per class of
 * rank pair, and the network roofs made from it (load_network.c). */
#ifndef RFL_CEILINGS_NETWORK_H
#define RFL_CEILINGS_NETWORK_H

#include <stddef.h>
#include <stdint.h>

#include "timed.h"

enum { RFL_NET_MODEL_CLASSES = 2 }; /* same_node, other_node */

struct rfl_net_class {
    /* network_fit.csv */
    int have_fit;
    double latency_us, gbytes_per_s, max_error;
    uint64_t bytes_min, bytes_max;
    long points, pairs;
    size_t fit_input;
    /* network.csv: the verified rows, for the spread (times: round trips) */
    struct rfl_timed_points pts;
};

struct rfl_net_data {
    long ranks; /* of the run (its sidecar) */
    struct rfl_net_class cls[RFL_NET_MODEL_CLASSES];
};

void rfl_net_free(struct rfl_net_data *d);

#endif
