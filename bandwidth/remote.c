/* The remote-memory curve (see remote.h). */
#include "config.h"
#include "remote.h"
#include "cpu/layout.h"
#include "common/mpi_shim.h"
#include "common/log.h"
#include "common/rfl.h"
#include "schema/schema.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

const char *const rfl_bw_remote_names[] = {"auto", "on", "off", NULL};

int rfl_bw_remote_wanted(int remote, const struct rfl_topo *t, int wss_given, int sum_asked)
{
    if (remote == RFL_BW_REMOTE_OFF)
        return 0;
    struct rfl_layout_node node;
    rfl_layout_node_read(t->topology, hwloc_topology_get_allowed_cpuset(t->topology), &node);
    if (remote == RFL_BW_REMOTE_AUTO)
        return node.domains >= 2 && !wss_given && sum_asked;
    if (node.domains < 2) {
        rfl_error("option --remote: on: this node has %u NUMA domain%s (hwloc): no memory is remote to its threads",
                  node.domains, node.domains == 1 ? "" : "s");
        return -RFL_EXIT_USAGE;
    }
    if (!sum_asked) {
        rfl_error("option --remote: on: the remote curve runs the sum kernel, which --kernels leaves out");
        return -RFL_EXIT_USAGE;
    }
    return 1;
}

int rfl_bw_remote_move(const struct rfl_topo *t, char *region, size_t bytes, char *why, size_t len)
{
    hwloc_bitmap_t where = hwloc_bitmap_alloc(), to = hwloc_bitmap_alloc();
    int domain = -1;
    if (!where || !to)
        snprintf(why, len, "out of memory");
    else if (hwloc_get_cpubind(t->topology, where, HWLOC_CPUBIND_THREAD) != 0)
        snprintf(why, len, "its CPUs are unknown: %s", strerror(errno));
    else if ((domain = rfl_layout_remote_domain(t->topology, hwloc_topology_get_allowed_cpuset(t->topology), where,
                                                to)) < 0)
        snprintf(why, len, "its CPUs are in no NUMA domain with another beside it");
    else if (bytes && hwloc_set_area_membind(t->topology, region, bytes, to, HWLOC_MEMBIND_BIND,
                                             HWLOC_MEMBIND_MIGRATE | HWLOC_MEMBIND_BYNODESET) != 0) {
        snprintf(why, len, "hwloc could not move its pages to NUMA domain %d: %s", domain, strerror(errno));
        domain = -1;
    }
    hwloc_bitmap_free(where);
    hwloc_bitmap_free(to);
    return domain;
}

void rfl_bw_remote_begin(const struct rfl_topo *t, struct rfl_bw_budget *bb, size_t ii, const struct rfl_bw_memory *curves,
                         int *go, int *failed, char *region, size_t touched)
{
    const struct rfl_bw_item *it = &bb->items[ii];
#pragma omp master
    {
        size_t first = 0, last = 0;
        int range[3] = {0, 0, 0};
        if (rfl_mpi_rank() == 0 && rfl_bw_memory_range(curves, rfl_bw_memory_curve(it->isa, it->prec, it->kid),
                                                       &first, &last) == 0)
            range[0] = 1, range[1] = (int)first, range[2] = (int)last;
        rfl_mpi_bcast_int(range, 3);
        if (range[0])
            rfl_bw_budget_remote_range(bb, ii, (size_t)range[1], (size_t)range[2]);
        else {
            bb->items[ii].end = RFL_BW_END_UNAVAILABLE;
            rfl_warn("no remote-memory curve: the local %s %s %s curve reached no memory plateau",
                     rfl_bw_kernels[it->kid].name, rfl_precision_names[it->prec], rfl_isa_names[it->isa]);
        }
        *go = range[0];
        *failed = 0;
    }
#pragma omp barrier
    if (!*go)
        return;
    static char first_why[320]; /* the first failing thread's reason, for the one warning */
    char why[256];
    if (rfl_bw_remote_move(t, region, touched, why, sizeof why) < 0) {
#pragma omp critical
        if (!(*failed)++)
            snprintf(first_why, sizeof first_why, "thread %d: %s", omp_get_thread_num(), why);
    }
#pragma omp barrier
#pragma omp master
    {
        const int mine = *failed;
        *go = !rfl_mpi_max_int(mine);
        if (!*go) {
            bb->items[ii].end = RFL_BW_END_UNAVAILABLE;
            rfl_warn("no remote-memory curve: pages could not be moved to another NUMA domain (%s)",
                     mine ? first_why : "on another rank");
        }
    }
#pragma omp barrier
}

