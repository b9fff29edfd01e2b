#include "config.h"
#include "topo.h"
#include "common/input.h"
#include "common/log.h"
#include "common/meta.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_cpu_model(struct rfl_topo *t)
{
    hwloc_obj_t pkg = hwloc_get_obj_by_type(t->topology, HWLOC_OBJ_PACKAGE, 0);
    const char *model = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;
    if (!model)
        model = hwloc_obj_get_info_by_name(hwloc_get_root_obj(t->topology), "CPUModel");
    snprintf(t->cpu_model, sizeof t->cpu_model, "%s", model ? model : "unknown");
}

/* The data and unified caches of a loaded topology, one entry per level
 * (its first instance's size, the instances in the machine). */
static unsigned read_caches(hwloc_topology_t topology, unsigned cores, struct rfl_cache_level *cache)
{
    static const hwloc_obj_type_t cache_types[RFL_TOPO_MAX_CACHE] = {
        HWLOC_OBJ_L1CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L5CACHE};
    unsigned ncache = 0;
    for (int i = 0; i < RFL_TOPO_MAX_CACHE; i++) {
        int n = hwloc_get_nbobjs_by_type(topology, cache_types[i]);
        if (n <= 0)
            continue;
        hwloc_obj_t c = hwloc_get_obj_by_type(topology, cache_types[i], 0);
        if (c->attr->cache.type == HWLOC_OBJ_CACHE_INSTRUCTION || c->attr->cache.size == 0)
            continue;
        struct rfl_cache_level *lv = &cache[ncache++];
        lv->level = i + 1;
        lv->size_bytes = c->attr->cache.size;
        lv->instances = (unsigned)n;
        lv->cores_sharing = cores / (unsigned)n ? cores / (unsigned)n : 1;
    }
    return ncache;
}

/* The caches CPUID reports, through hwloc's x86 backend alone (hwloc has
 * the CPUID code for every vendor; rfl writes none): a second topology with
 * the Linux backend left out. Elsewhere than x86, or where hwloc cannot be
 * restricted so, there are none. The x86 backend binds the calling thread to
 * each PU in turn and puts its binding back. */
static void read_cpuid_caches(struct rfl_topo *t)
{
#if HWLOC_API_VERSION >= 0x00020100
    hwloc_topology_t x86;
    if (hwloc_topology_init(&x86) != 0)
        return;
    if (hwloc_topology_set_components(x86, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST, "linux") == 0 &&
        hwloc_topology_load(x86) == 0) {
        const char *backend = hwloc_obj_get_info_by_name(hwloc_get_root_obj(x86), "Backend");
        if (backend && strstr(backend, "x86")) {
            unsigned cores = (unsigned)hwloc_get_nbobjs_by_type(x86, HWLOC_OBJ_CORE);
            t->ncpuid_cache = read_caches(x86, cores ? cores : t->cores, t->cpuid_cache);
        }
    }
    hwloc_topology_destroy(x86);
#else
    (void)t;
#endif
}

uint64_t rfl_topo_meminfo_total(const char *path)
{
    char why[128];
    size_t len = 0;
    char *text = rfl_input_load(path, 1 << 20, &len, why, sizeof why);
    const char *line = text ? strstr(text, "MemTotal:") : NULL;
    uint64_t kib = 0;
    if (line && (line == text || line[-1] == '\n') && sscanf(line, "MemTotal: %" SCNu64 " kB", &kib) != 1)
        kib = 0;
    free(text);
    return kib <= UINT64_MAX / 1024 ? kib * 1024 : 0;
}

int rfl_topo_load(struct rfl_topo *t)
{
    memset(t, 0, sizeof *t);
    if (hwloc_topology_init(&t->topology) != 0 || hwloc_topology_load(t->topology) != 0) {
        rfl_error_all("hwloc could not load the machine topology");
        return -1;
    }
    t->cores = (unsigned)hwloc_get_nbobjs_by_type(t->topology, HWLOC_OBJ_CORE);
    t->pus = (unsigned)hwloc_get_nbobjs_by_type(t->topology, HWLOC_OBJ_PU);
    t->packages = (unsigned)hwloc_get_nbobjs_by_type(t->topology, HWLOC_OBJ_PACKAGE);
    t->numa_nodes = (unsigned)hwloc_get_nbobjs_by_type(t->topology, HWLOC_OBJ_NUMANODE);
    if (t->cores == 0)
        t->cores = t->pus;
    hwloc_obj_t root = hwloc_get_root_obj(t->topology);
    /* The kernel's MemTotal, not the NUMA nodes' sum: under a hypervisor
     * (hotplugged or ballooned memory) the nodes' meminfo that hwloc reads
     * can hold half of the machine's memory or less. */
    t->memory_bytes = rfl_topo_meminfo_total("/proc/meminfo");
    if (!t->memory_bytes)
        t->memory_bytes = root->total_memory;

    t->ncache = read_caches(t->topology, t->cores, t->cache);
    const char *backend = hwloc_obj_get_info_by_name(root, "Backend");
    snprintf(t->cache_source, sizeof t->cache_source, "%s",
             !backend ? "hwloc" : strstr(backend, "Linux") ? "sysfs" : backend);

    t->allowed = hwloc_bitmap_alloc();
    if (hwloc_get_cpubind(t->topology, t->allowed, HWLOC_CPUBIND_THREAD) != 0 ||
        hwloc_bitmap_iszero(t->allowed))
        hwloc_bitmap_copy(t->allowed, hwloc_topology_get_allowed_cpuset(t->topology));
    for (unsigned i = 0; i < t->cores; i++) {
        hwloc_obj_t core = hwloc_get_obj_by_type(t->topology, HWLOC_OBJ_CORE, i);
        if (core && hwloc_bitmap_intersects(core->cpuset, t->allowed))
            t->allowed_cores++;
    }
    if (t->allowed_cores == 0)
        t->allowed_cores = (unsigned)hwloc_bitmap_weight(t->allowed);
    read_cpu_model(t);
    read_cpuid_caches(t); /* after `allowed`: it moves the thread and puts it back */
    return 0;
}

void rfl_topo_free(struct rfl_topo *t)
{
    if (t->allowed)
        hwloc_bitmap_free(t->allowed);
    if (t->topology)
        hwloc_topology_destroy(t->topology);
    memset(t, 0, sizeof *t);
}

const struct rfl_cache_level *rfl_topo_cache(const struct rfl_topo *t, int level)
{
    for (unsigned i = 0; i < t->ncache; i++)
        if (t->cache[i].level == level)
            return &t->cache[i];
    return NULL;
}

uint64_t rfl_topo_llc_total_bytes(const struct rfl_topo *t)
{
    if (t->ncache == 0)
        return 0;
    const struct rfl_cache_level *llc = &t->cache[t->ncache - 1];
    return llc->size_bytes * llc->instances;
}

uint64_t rfl_topo_cpuid_llc_total_bytes(const struct rfl_topo *t)
{
    if (t->ncpuid_cache == 0)
        return 0;
    const struct rfl_cache_level *llc = &t->cpuid_cache[t->ncpuid_cache - 1];
    return llc->size_bytes * llc->instances;
}

void rfl_topo_describe_thread(const struct rfl_topo *t, char *buf, size_t len)
{
    hwloc_bitmap_t where = hwloc_bitmap_alloc(), bound = hwloc_bitmap_alloc();
    char where_s[64] = "?", bound_s[256] = "?";
    if (hwloc_get_last_cpu_location(t->topology, where, HWLOC_CPUBIND_THREAD) == 0)
        hwloc_bitmap_list_snprintf(where_s, sizeof where_s, where);
    if (hwloc_get_cpubind(t->topology, bound, HWLOC_CPUBIND_THREAD) == 0)
        hwloc_bitmap_list_snprintf(bound_s, sizeof bound_s, bound);
    snprintf(buf, len, "cpu%s/bind=%s", where_s, bound_s);
    hwloc_bitmap_free(where);
    hwloc_bitmap_free(bound);
}

static json_t *caches_json(const struct rfl_cache_level *cache, unsigned ncache)
{
    json_t *caches = json_array();
    for (unsigned i = 0; i < ncache; i++)
        json_array_append_new(caches, json_pack("{s:i, s:I, s:i, s:i}", "level", cache[i].level, "size_bytes",
                                                (json_int_t)cache[i].size_bytes, "instances", (int)cache[i].instances,
                                                "cores_sharing", (int)cache[i].cores_sharing));
    return caches;
}

json_t *rfl_topo_to_json(const struct rfl_topo *t)
{
    char allowed[256];
    hwloc_bitmap_list_snprintf(allowed, sizeof allowed, t->allowed);
    return json_pack("{s:o, s:i, s:i, s:i, s:i, s:I, s:o, s:s, s:o, s:o, s:s, s:s}", "cpu_model",
                     rfl_json_text(t->cpu_model), "packages", (int)t->packages, "cores", (int)t->cores, "pus",
                     (int)t->pus, "numa_nodes", (int)t->numa_nodes, "memory_bytes", (json_int_t)t->memory_bytes,
                     "caches", caches_json(t->cache, t->ncache), "caches_source", t->cache_source, "cpuid_caches",
                     t->ncpuid_cache ? caches_json(t->cpuid_cache, t->ncpuid_cache) : json_null(),
                     "cpuid_caches_source", t->ncpuid_cache ? json_string("cpuid (hwloc x86 backend)") : json_null(),
                     "rank0_cpuset", allowed, "hwloc_version", HWLOC_VERSION);
}

unsigned rfl_topo_level_name(const struct rfl_topo *t, int node_threads, uint64_t per_thread, char *name, size_t len)
{
    for (unsigned i = 0; i < t->ncache; i++) {
        const struct rfl_cache_level *c = &t->cache[i];
        unsigned used = c->instances < (unsigned)node_threads ? c->instances : (unsigned)node_threads;
        double share = (double)c->size_bytes * used / node_threads;
        if ((double)per_thread <= share) {
            snprintf(name, len, "L%d", c->level);
            return i;
        }
    }
    snprintf(name, len, "DRAM");
    return t->ncache;
}
