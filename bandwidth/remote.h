/* rfl_bandwidth's remote-memory curve (--remote): on a node of two or more
 * NUMA domains, the `sum` kernel once more over the working sets of its
 * memory plateau, every thread's pages moved to the domain after its own
 * (cpu/layout.h): what a domain's threads read from another domain's
 * memory, the `DRAM remote` roof. It runs last (the budget's tier 3), so
 * the local curves never see a moved page. */
#ifndef RFL_BW_REMOTE_H
#define RFL_BW_REMOTE_H

#include <stddef.h>

#include "budget_plan.h"
#include "memory.h"
#include "cpu/topo.h"

enum rfl_bw_remote { RFL_BW_REMOTE_AUTO, RFL_BW_REMOTE_ON, RFL_BW_REMOTE_OFF };
extern const char *const rfl_bw_remote_names[];

/* Whether the run measures the remote curve: --remote on, or auto on a node
 * of two or more NUMA domains with the default range (no --wss), the sum
 * kernel among those asked for. 1 or 0; RFL_EXIT_USAGE after one line for
 * --remote on where it cannot be (one domain, or no sum kernel) as a
 * negative: -RFL_EXIT_USAGE. */
int rfl_bw_remote_wanted(int remote, const struct rfl_topo *t, int wss_given, int sum_asked);

/* Every thread, with its own region: moves its first `bytes` to the NUMA
 * domain after the one its CPU is in (hwloc's area binding, migrating the
 * pages). The domain's OS index, or -1 with the reason in `why`. */
int rfl_bw_remote_move(const struct rfl_topo *t, char *region, size_t bytes, char *why, size_t len);

/* Every thread, before the remote curve (budget item ii): its working sets
 * from its local twin's memory plateau (rank 0's, broadcast), then each
 * thread's pages (the first `touched` bytes of its region) moved to the next
 * NUMA domain. *go (shared) becomes 0 after a warning when it cannot run:
 * the twin reached no memory, or a page did not move (*failed, shared,
 * counts the threads). Collective. */
void rfl_bw_remote_begin(const struct rfl_topo *t, struct rfl_bw_budget *bb, size_t ii, const struct rfl_bw_memory *curves,
                         int *go, int *failed, char *region, size_t touched);

#endif
