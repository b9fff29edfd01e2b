/* The layout planner and the launchers' binding options (see layout.h). */
#include "config.h"
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const rfl_layout_rule_names[] = {"numa_domains", "numa_groups", "packages", "contiguous", "wrap", NULL};
const char *const rfl_launcher_kind_names[] = {"open_mpi", "mpich", "intel_mpi", "slurm", "unknown", NULL};

/* The node's cores in hwloc's order, each with the index of its NUMA domain
 * and package among those holding a core of the node (-1: none known). */
struct cores {
    unsigned n, ndomains, npackages;
    hwloc_obj_t *core;
    int *domain, *package;
    hwloc_obj_t *domain_obj, *package_obj;
};

static void cores_free(struct cores *c)
{
    free(c->core);
    free(c->domain);
    free(c->package);
    free(c->domain_obj);
    free(c->package_obj);
    memset(c, 0, sizeof *c);
}

static int index_of(hwloc_obj_t *objs, unsigned *n, hwloc_obj_t o)
{
    if (!o)
        return -1;
    for (unsigned i = 0; i < *n; i++)
        if (objs[i] == o)
            return (int)i;
    objs[*n] = o;
    return (int)(*n)++;
}

/* The NUMA domain whose PUs include all of the core's (hwloc 2 hangs NUMA
 * nodes off a parent as memory children, so this is no ancestor lookup). */
static hwloc_obj_t domain_of(hwloc_topology_t topo, hwloc_obj_t core)
{
    for (hwloc_obj_t d = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, NULL); d;
         d = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, d))
        if (d->cpuset && hwloc_bitmap_isincluded(core->cpuset, d->cpuset))
            return d;
    return NULL;
}

static int cores_read(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, struct cores *c)
{
    memset(c, 0, sizeof *c);
    hwloc_obj_type_t type = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE) > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
    int total = hwloc_get_nbobjs_by_type(topo, type);
    if (total <= 0)
        return -1;
    c->core = calloc((size_t)total, sizeof *c->core);
    c->domain = calloc((size_t)total, sizeof *c->domain);
    c->package = calloc((size_t)total, sizeof *c->package);
    c->domain_obj = calloc((size_t)total, sizeof *c->domain_obj);
    c->package_obj = calloc((size_t)total, sizeof *c->package_obj);
    if (!c->core || !c->domain || !c->package || !c->domain_obj || !c->package_obj) {
        cores_free(c);
        return -1;
    }
    for (int i = 0; i < total; i++) {
        hwloc_obj_t o = hwloc_get_obj_by_type(topo, type, (unsigned)i);
        if (!o || !o->cpuset || !hwloc_bitmap_intersects(o->cpuset, node_set))
            continue;
        c->core[c->n] = o;
        c->domain[c->n] = index_of(c->domain_obj, &c->ndomains, domain_of(topo, o));
        c->package[c->n] = index_of(c->package_obj, &c->npackages,
                                    hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, o));
        c->n++;
    }
    if (c->n == 0) {
        cores_free(c);
        return -1;
    }
    return 0;
}

void rfl_layout_node_read(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, struct rfl_layout_node *node)
{
    memset(node, 0, sizeof *node);
    struct cores c;
    if (cores_read(topo, node_set, &c) != 0)
        return;
    node->cores = c.n;
    node->domains = c.ndomains ? c.ndomains : 1;
    node->packages = c.npackages ? c.npackages : 1;
    for (unsigned i = 0; i < c.n; i++)
        node->pus += (unsigned)hwloc_bitmap_weight(c.core[i]->cpuset);
    cores_free(&c);
}

/* Ranks split over groups (the cores' `group`: domain or package; ngroups
 * of them): k = nranks / ngroups ranks to a group (each a contiguous part of
 * it), or g = ngroups / nranks groups to a rank. Marks rank `index`'s cores
 * in `take` and returns the common count per rank, or 0 when the counts do
 * not divide or a part would be empty. */
static unsigned by_groups(const struct cores *c, const int *group, unsigned ngroups, unsigned nranks,
                          unsigned index, char *take, unsigned *per_group)
{
    if (ngroups < 1)
        return 0;
    for (unsigned i = 0; i < c->n; i++)
        if (group[i] < 0)
            return 0; /* a core of no known domain or package */
    unsigned *size = calloc(ngroups, sizeof *size);
    if (!size)
        return 0;
    for (unsigned i = 0; i < c->n; i++)
        size[group[i]]++;
    unsigned count = 0;
    if (nranks % ngroups == 0) {
        const unsigned k = nranks / ngroups;
        count = ~0u;
        for (unsigned g = 0; g < ngroups; g++)
            count = size[g] / k < count ? size[g] / k : count;
        const unsigned mine = index / k, part = index % k;
        for (unsigned i = 0, seen = 0; count && i < c->n; i++)
            if ((unsigned)group[i] == mine && seen++ / count == part)
                take[i] = 1;
        *per_group = k;
    } else if (ngroups % nranks == 0) {
        const unsigned gs = ngroups / nranks;
        count = ~0u;
        for (unsigned r = 0; r < nranks; r++) {
            unsigned sum = 0;
            for (unsigned g = r * gs; g < (r + 1) * gs; g++)
                sum += size[g];
            count = sum < count ? sum : count;
        }
        for (unsigned i = 0, seen = 0; count && i < c->n; i++)
            if ((unsigned)group[i] / gs == index && seen++ < count)
                take[i] = 1;
        *per_group = 0;
    }
    free(size);
    return count == ~0u ? 0 : count;
}

int rfl_layout_plan(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, unsigned nranks, unsigned index,
                    struct rfl_layout_share *share)
{
    memset(share, 0, sizeof *share);
    struct cores c;
    if (nranks < 1 || index >= nranks || cores_read(topo, node_set, &c) != 0)
        return -1;
    char *take = calloc(c.n, 1);
    share->cpuset = hwloc_bitmap_alloc();
    if (!take || !share->cpuset) {
        free(take);
        cores_free(&c);
        rfl_layout_share_free(share);
        return -1;
    }
    unsigned count = 0, per_group = 0;
    if (nranks > c.n) {
        share->rule = RFL_LAYOUT_WRAP;
        take[index % c.n] = 1;
        count = 1;
    }
    if (!count && c.ndomains > 0 && (count = by_groups(&c, c.domain, c.ndomains, nranks, index, take, &per_group)))
        share->rule = per_group ? RFL_LAYOUT_DOMAINS : RFL_LAYOUT_DOMAIN_GROUPS;
    if (!count && c.npackages > 1 && (count = by_groups(&c, c.package, c.npackages, nranks, index, take, &per_group)))
        share->rule = RFL_LAYOUT_PACKAGES;
    if (!count) {
        share->rule = RFL_LAYOUT_CONTIGUOUS;
        count = c.n / nranks;
        memset(take, 0, c.n);
        for (unsigned i = index * count; i < (index + 1) * count; i++)
            take[i] = 1;
    }
    share->cores = count;
    share->nranks = nranks;
    share->per_domain = share->rule == RFL_LAYOUT_DOMAINS && c.ndomains > 1 ? per_group : 0;
    for (unsigned i = 0; i < c.n; i++)
        if (take[i])
            hwloc_bitmap_or(share->cpuset, share->cpuset, c.core[i]->cpuset);
    hwloc_bitmap_and(share->cpuset, share->cpuset, node_set);
    hwloc_bitmap_list_snprintf(share->cpus, sizeof share->cpus, share->cpuset);
    rfl_layout_where(topo, share->cpuset, share->numa, sizeof share->numa, share->packages, sizeof share->packages);
    free(take);
    cores_free(&c);
    return 0;
}

int rfl_layout_plan_here(unsigned nranks, struct rfl_layout_node *node, struct rfl_layout_share *share)
{
    hwloc_topology_t topo;
    memset(node, 0, sizeof *node);
    if (share)
        memset(share, 0, sizeof *share);
    if (hwloc_topology_init(&topo) != 0)
        return -1;
    int rc = -1;
    if (hwloc_topology_load(topo) == 0) {
        hwloc_const_cpuset_t allowed = hwloc_topology_get_allowed_cpuset(topo);
        rfl_layout_node_read(topo, allowed, node);
        rc = node->cores ? 0 : -1;
        if (rc == 0 && share)
            rc = rfl_layout_plan(topo, allowed, nranks, 0, share);
    }
    hwloc_topology_destroy(topo);
    return rc;
}

void rfl_layout_share_free(struct rfl_layout_share *share)
{
    if (share->cpuset)
        hwloc_bitmap_free(share->cpuset);
    share->cpuset = NULL;
}

void rfl_layout_describe_rule(const struct rfl_layout_share *share, char *buf, size_t len)
{
    switch (share->rule) {
    case RFL_LAYOUT_DOMAINS:
        if (share->per_domain > 1)
            snprintf(buf, len, "%u ranks per NUMA domain", share->per_domain);
        else if (share->per_domain == 1)
            snprintf(buf, len, "one rank per NUMA domain");
        else if (share->nranks > 1)
            snprintf(buf, len, "contiguous cores of the node's one NUMA domain");
        else
            snprintf(buf, len, "the whole node");
        break;
    case RFL_LAYOUT_DOMAIN_GROUPS:
        snprintf(buf, len, share->nranks > 1 ? "whole NUMA domains per rank" : "the whole node");
        break;
    case RFL_LAYOUT_PACKAGES:
        snprintf(buf, len, "by package (socket)");
        break;
    case RFL_LAYOUT_CONTIGUOUS:
        snprintf(buf, len, "contiguous cores");
        break;
    default:
        snprintf(buf, len, "one core per rank, wrapping (more ranks than cores)");
    }
}

/* ---- launchers ---- */

struct launcher_row {
    enum rfl_launcher_kind kind;
    const char *version_marks[3]; /* any of these in `--version` */
    const char *env_mark;         /* set in the environment of the processes it starts */
};
/* Intel before MPICH: Intel's mpiexec is a Hydra too. */
static const struct launcher_row launchers[] = {
    {RFL_LAUNCHER_OPEN_MPI, {"Open MPI", "OpenRTE", "open-mpi.org"}, "OMPI_COMM_WORLD_SIZE"},
    {RFL_LAUNCHER_INTEL_MPI, {"Intel(R) MPI", "Intel MPI", NULL}, "I_MPI_INFO_STATE"},
    {RFL_LAUNCHER_MPICH, {"HYDRA", "MPICH", NULL}, "MPI_LOCALNRANKS"},
    {RFL_LAUNCHER_SLURM, {"slurm", NULL, NULL}, "SLURM_STEP_ID"},
};
#define NLAUNCHERS (sizeof launchers / sizeof launchers[0])

enum rfl_launcher_kind rfl_launcher_kind_of_version(const char *text)
{
    for (size_t i = 0; text && i < NLAUNCHERS; i++)
        for (int m = 0; m < 3 && launchers[i].version_marks[m]; m++)
            if (strstr(text, launchers[i].version_marks[m]))
                return launchers[i].kind;
    return RFL_LAUNCHER_UNKNOWN;
}

enum rfl_launcher_kind rfl_launcher_kind_of_env(void)
{
    for (size_t i = 0; i < NLAUNCHERS; i++)
        if (getenv(launchers[i].env_mark))
            return launchers[i].kind;
    /* Intel's and MPICH's Hydra both set PMI_RANK; I_MPI_ROOT tells Intel's */
    if (getenv("PMI_RANK"))
        return getenv("I_MPI_ROOT") ? RFL_LAUNCHER_INTEL_MPI : RFL_LAUNCHER_MPICH;
    return RFL_LAUNCHER_UNKNOWN;
}

size_t rfl_launcher_binding_words(enum rfl_launcher_kind kind, unsigned cores, unsigned per_domain, char *buf,
                                  size_t len, char **words, size_t max)
{
    char w[4][96];
    size_t n = 0;
    if (cores < 1)
        cores = 1;
    switch (kind) {
    case RFL_LAUNCHER_OPEN_MPI:
        snprintf(w[n++], sizeof w[0], "--map-by");
        if (per_domain)
            snprintf(w[n++], sizeof w[0], "ppr:%u:numa:PE=%u", per_domain, cores);
        else
            snprintf(w[n++], sizeof w[0], "slot:PE=%u", cores);
        snprintf(w[n++], sizeof w[0], "--bind-to");
        snprintf(w[n++], sizeof w[0], "core");
        break;
    case RFL_LAUNCHER_MPICH:
        snprintf(w[n++], sizeof w[0], "-bind-to");
        snprintf(w[n++], sizeof w[0], "core:%u", cores);
        snprintf(w[n++], sizeof w[0], "-map-by");
        snprintf(w[n++], sizeof w[0], "core:%u", cores);
        break;
    case RFL_LAUNCHER_INTEL_MPI:
        snprintf(w[n++], sizeof w[0], "-genv");
        snprintf(w[n++], sizeof w[0], "I_MPI_PIN_DOMAIN");
        snprintf(w[n++], sizeof w[0], "%u:compact", cores);
        break;
    case RFL_LAUNCHER_SLURM:
        snprintf(w[n++], sizeof w[0], "--cpus-per-task=%u", cores);
        snprintf(w[n++], sizeof w[0], "--cpu-bind=cores");
        snprintf(w[n++], sizeof w[0], "--distribution=block:block");
        break;
    default:
        return 0;
    }
    size_t used = 0;
    if (n > max)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(w[i]) + 1;
        if (used + l > len)
            return 0;
        memcpy(buf + used, w[i], l);
        words[i] = buf + used;
        used += l;
    }
    return n;
}

/* ---- what a share touches, and whether others use its CPUs ---- */

void rfl_layout_where(hwloc_topology_t topo, hwloc_const_cpuset_t set, char *numa, size_t numa_len, char *packages,
                      size_t packages_len)
{
    const hwloc_obj_type_t types[2] = {HWLOC_OBJ_NUMANODE, HWLOC_OBJ_PACKAGE};
    char *out[2] = {numa, packages};
    const size_t len[2] = {numa_len, packages_len};
    hwloc_bitmap_t ids = hwloc_bitmap_alloc();
    for (int k = 0; k < 2; k++) {
        out[k][0] = '\0';
        if (!ids)
            continue;
        hwloc_bitmap_zero(ids);
        for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, types[k], NULL); o;
             o = hwloc_get_next_obj_by_type(topo, types[k], o))
            if (o->cpuset && o->os_index != HWLOC_UNKNOWN_INDEX && hwloc_bitmap_intersects(o->cpuset, set))
                hwloc_bitmap_set(ids, o->os_index);
        if (!hwloc_bitmap_iszero(ids))
            hwloc_bitmap_list_snprintf(out[k], len[k], ids);
    }
    if (ids)
        hwloc_bitmap_free(ids);
}

/* Each CPU's busy and total jiffies from /proc/stat; -1 when unreadable. */
static int read_stat(unsigned long long *busy, unsigned long long *total, unsigned ncpu)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return -1;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        unsigned cpu;
        unsigned long long v[8] = {0};
        if (sscanf(line, "cpu%u %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1], &v[2], &v[3], &v[4],
                   &v[5], &v[6], &v[7]) < 5 || cpu >= ncpu)
            continue;
        unsigned long long sum = 0;
        for (int i = 0; i < 8; i++)
            sum += v[i];
        total[cpu] = sum;
        busy[cpu] = sum - v[3] - v[4]; /* less idle and iowait */
    }
    fclose(f);
    return 0;
}

int rfl_layout_busy_cpus(hwloc_const_cpuset_t check, hwloc_bitmap_t busy, double window_s)
{
    hwloc_bitmap_zero(busy);
    const char *planted = getenv("RFL_TEST_BUSY_CPUS");
    if (planted) { /* testing only: these CPUs read as busy, no others */
        if (*planted && hwloc_bitmap_list_sscanf(busy, planted) != 0)
            return -1;
        hwloc_bitmap_and(busy, busy, check);
        return hwloc_bitmap_weight(busy);
    }
    int last = hwloc_bitmap_last(check);
    if (last < 0)
        return 0;
    const unsigned ncpu = (unsigned)last + 1;
    unsigned long long *b = calloc(4 * (size_t)ncpu, sizeof *b);
    if (!b)
        return -1;
    unsigned long long *t0 = b + ncpu, *b1 = b + 2 * (size_t)ncpu, *t1 = b + 3 * (size_t)ncpu;
    int rc = read_stat(b, t0, ncpu);
    struct timespec ts = {(time_t)window_s, (long)((window_s - (double)(time_t)window_s) * 1e9)};
    nanosleep(&ts, NULL);
    if (rc == 0)
        rc = read_stat(b1, t1, ncpu);
    int count = 0;
    for (unsigned cpu = 0; rc == 0 && cpu < ncpu; cpu++) {
        if (!hwloc_bitmap_isset(check, cpu) || t1[cpu] <= t0[cpu])
            continue;
        /* more than half of the window on some other work */
        if (2 * (b1[cpu] - b[cpu]) > t1[cpu] - t0[cpu]) {
            hwloc_bitmap_set(busy, cpu);
            count++;
        }
    }
    free(b);
    return rc == 0 ? count : -1;
}

int rfl_layout_remote_domain(hwloc_topology_t topo, hwloc_const_cpuset_t node_set, hwloc_const_cpuset_t where,
                             hwloc_nodeset_t remote)
{
    hwloc_bitmap_zero(remote);
    hwloc_obj_t first = NULL, mine = NULL, next = NULL;
    /* the domains with a CPU of the node, in hwloc's order; the one after `where`'s (wrapping) */
    for (hwloc_obj_t d = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, NULL); d;
         d = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, d)) {
        if (!d->cpuset || !hwloc_bitmap_intersects(d->cpuset, node_set))
            continue;
        if (!first)
            first = d;
        if (mine && !next)
            next = d;
        if (!mine && hwloc_bitmap_isincluded(where, d->cpuset))
            mine = d;
    }
    if (!mine)
        return -1;
    if (!next)
        next = first;
    if (next == mine)
        return -1; /* one domain: nothing is remote */
    hwloc_bitmap_copy(remote, next->nodeset);
    return (int)next->os_index;
}
