/* What rfl_gpu_link measured (gpu_link.csv and gpu_link_fit.csv): one
 * series per ordered pair of GPUs, direction and method, and the GPU link
 * roofs made from them (load_gpu_link.c). */
#ifndef RFL_CEILINGS_GPU_LINK_H
#define RFL_CEILINGS_GPU_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "timed.h"

enum { RFL_LINK_UNI, RFL_LINK_BIDIR, RFL_LINK_NDIRECTIONS };
enum { RFL_LINK_MEMCPY_PEER, RFL_LINK_PEER_KERNEL, RFL_LINK_HOST_STAGED, RFL_LINK_NMETHODS };
#define RFL_LINK_MAX_DEVICES 64

extern const char *const rfl_link_direction_names[RFL_LINK_NDIRECTIONS];
extern const char *const rfl_link_method_names[RFL_LINK_NMETHODS];

struct rfl_link_series {
    int src, dst, dir, method, peer;
    /* gpu_link_fit.csv */
    int have_fit;
    double latency_us, gbytes_per_s, max_error, largest_gbytes_per_s;
    uint64_t bytes_min, bytes_max;
    long points;
    size_t fit_input;
    /* gpu_link.csv: the verified rows, for the spread */
    struct rfl_timed_points pts;
};

struct rfl_link_data {
    int ndev;  /* 1 + the highest device index seen */
    size_t n;
    struct rfl_link_series *s;
};

void rfl_link_free(struct rfl_link_data *d);
/* The series of src -> dst (bidir: the pair in either order), or NULL. */
const struct rfl_link_series *rfl_link_find(const struct rfl_link_data *d, int src, int dst, int dir, int method);
/* A series' rate in GB/s: its fit's bandwidth, else its largest copy's; NaN: neither. */
double rfl_link_gbs(const struct rfl_link_series *s);

#endif
