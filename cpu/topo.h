/* Machine topology through hwloc: cores, cache sizes per level, NUMA nodes,
 * memory, and the CPUs this process started on (team.c binds the threads). The cache
 * sizes come twice: from hwloc's default discovery (sysfs on Linux: they
 * name the levels) and from hwloc's x86 backend alone (CPUID). Both are
 * hints: a virtual machine may report sizes that are not the real ones, and
 * the two may disagree (a 2-vCPU EPYC guest: sysfs 8 MiB of L3, CPUID 64);
 * rfl_bandwidth measures where the last transition really ends
 * (common/plateau.h). */
#ifndef RFL_TOPO_H
#define RFL_TOPO_H

#include <stddef.h>
#include <stdint.h>

#include <hwloc.h>
#include <jansson.h>

#define RFL_TOPO_MAX_CACHE 5

struct rfl_cache_level {
    int level;              /* 1 = L1 data cache, 2, 3, ... */
    uint64_t size_bytes;    /* one instance */
    unsigned instances;     /* in the whole machine */
    unsigned cores_sharing; /* cores per instance */
};

struct rfl_topo {
    hwloc_topology_t topology;
    hwloc_bitmap_t allowed;   /* PUs this process was started on */
    unsigned cores, pus, packages, numa_nodes;
    unsigned allowed_cores;   /* cores that intersect `allowed` */
    uint64_t memory_bytes;    /* the node's total (MemTotal), else hwloc's NUMA nodes' */
    unsigned ncache;
    struct rfl_cache_level cache[RFL_TOPO_MAX_CACHE];
    char cache_source[32];    /* where hwloc's default discovery took them: "sysfs" (Linux) or its backend */
    unsigned ncpuid_cache;    /* 0: no CPUID caches (not x86, or hwloc could not restrict itself to x86) */
    struct rfl_cache_level cpuid_cache[RFL_TOPO_MAX_CACHE];
    char cpu_model[128];
};

/* Loads the topology of this machine; -1 with a message if hwloc fails. */
int rfl_topo_load(struct rfl_topo *t);
/* MemTotal of a /proc/meminfo-style file, in bytes; 0 when it has none. */
uint64_t rfl_topo_meminfo_total(const char *path);
void rfl_topo_free(struct rfl_topo *t);
/* Size of one instance of the last-level cache, times the instances. */
uint64_t rfl_topo_llc_total_bytes(const struct rfl_topo *t);
/* The same from CPUID's caches (0: none). */
uint64_t rfl_topo_cpuid_llc_total_bytes(const struct rfl_topo *t);
/* Cache of a level (1..), or NULL when the machine has no such level. */
const struct rfl_cache_level *rfl_topo_cache(const struct rfl_topo *t, int level);
/* "cpu3" (the PU the calling thread last ran on) and its binding list, e.g.
 * "cpu3/bind=3" or "cpu3/bind=0-15". */
void rfl_topo_describe_thread(const struct rfl_topo *t, char *buf, size_t len);
json_t *rfl_topo_to_json(const struct rfl_topo *t);
/* "L1", "L2", ... or "DRAM": the smallest cache whose per-thread share (size
 * x the instances the node's threads use / those threads) holds
 * `per_thread` bytes. Returns the index into t->cache (ncache for DRAM). */
unsigned rfl_topo_level_name(const struct rfl_topo *t, int node_threads, uint64_t per_thread, char *name, size_t len);

#endif
