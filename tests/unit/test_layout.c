/* The layout planner (cpu/layout.c) on the topologies of real nodes, as
 * hwloc synthetic descriptions: a 2-core VM and a 16-core GPU host (one NUMA
 * domain), a two-socket Sapphire Rapids (two domains, SMT), an AMD EPYC 7763
 * in NPS4 (four domains on one socket) and two of them in NPS2. Every rank
 * gets the same number of physical cores, the shares are disjoint, a share
 * stays inside one domain whenever the counts allow, and the launchers are
 * told the layout the planner makes. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cpu/layout.h"

static hwloc_topology_t load(const char *synthetic)
{
    hwloc_topology_t t;
    assert_int_equal(hwloc_topology_init(&t), 0);
    assert_int_equal(hwloc_topology_set_synthetic(t, synthetic), 0);
    assert_int_equal(hwloc_topology_load(t), 0);
    return t;
}

/* Plans every rank of `nranks` and checks what every plan must hold: the
 * same core count everywhere, no PU in two shares, each share's PUs whole
 * cores of the node. Returns the rank's share in *mine. */
static void plan_all(hwloc_topology_t t, unsigned nranks, unsigned index, struct rfl_layout_share *mine)
{
    hwloc_const_cpuset_t node = hwloc_topology_get_allowed_cpuset(t);
    hwloc_bitmap_t seen = hwloc_bitmap_alloc();
    unsigned cores = 0;
    struct rfl_layout_node n;
    rfl_layout_node_read(t, node, &n);
    for (unsigned r = 0; r < nranks; r++) {
        struct rfl_layout_share s;
        assert_int_equal(rfl_layout_plan(t, node, nranks, r, &s), 0);
        if (r == 0)
            cores = s.cores;
        assert_int_equal(s.cores, cores);
        assert_true(s.cores >= 1);
        assert_int_equal(hwloc_get_nbobjs_inside_cpuset_by_type(t, s.cpuset, HWLOC_OBJ_CORE), (int)s.cores);
        if (nranks <= n.cores)
            assert_false(hwloc_bitmap_intersects(seen, s.cpuset));
        hwloc_bitmap_or(seen, seen, s.cpuset);
        if (r == index)
            *mine = s;
        else
            rfl_layout_share_free(&s);
    }
    hwloc_bitmap_free(seen);
}

/* One rank's share as a plan must make it. A field left out (0, NULL) is
 * not checked; rule and per_domain, where 0 is a value of its own, are
 * given as IS(value). */
#define IS(v) ((int)(v) + 1)
struct want {
    unsigned nranks, index;
    int rule, per_domain;
    unsigned cores;
    const char *cpus, *numa, *packages;
};

static void share_text(const char *topo, const struct want *w, const char *what, const char *got,
                          const char *want)
{
    if (want && strcmp(got, want) != 0)
        fail_msg("%s, rank %u of %u: %s \"%s\", expected \"%s\"", topo, w->index, w->nranks, what, got, want);
}

static void share_count(const char *topo, const struct want *w, const char *what, unsigned got, unsigned want)
{
    if (got != want)
        fail_msg("%s, rank %u of %u: %s %u, expected %u", topo, w->index, w->nranks, what, got, want);
}

/* Plans each rank of the table on the topology `topo` (plan_all) and
 * checks its share against the row. */
static void expect_shares(const char *topo, const struct want *w, size_t n)
{
    hwloc_topology_t t = load(topo);
    for (; n > 0; n--, w++) {
        struct rfl_layout_share s;
        plan_all(t, w->nranks, w->index, &s);
        if (w->rule)
            share_count(topo, w, "rule", s.rule, (unsigned)(w->rule - 1));
        if (w->per_domain)
            share_count(topo, w, "ranks a domain", s.per_domain, (unsigned)(w->per_domain - 1));
        if (w->cores)
            share_count(topo, w, "cores", s.cores, w->cores);
        share_text(topo, w, "cpus", s.cpus, w->cpus);
        share_text(topo, w, "numa", s.numa, w->numa);
        share_text(topo, w, "packages", s.packages, w->packages);
        rfl_layout_share_free(&s);
    }
    hwloc_topology_destroy(t);
}
#define EXPECT_SHARES(topo, table) expect_shares(topo, table, sizeof table / sizeof table[0])

/* What rfl_layout_node_read makes of the whole of `topo`. */
static void expect_node(const char *topo, unsigned cores, unsigned pus, unsigned domains, unsigned packages)
{
    hwloc_topology_t t = load(topo);
    struct rfl_layout_node n;
    rfl_layout_node_read(t, hwloc_topology_get_allowed_cpuset(t), &n);
    assert_int_equal(n.cores, cores);
    assert_int_equal(n.pus, pus);
    assert_int_equal(n.domains, domains);
    assert_int_equal(n.packages, packages);
    hwloc_topology_destroy(t);
}

static void one_domain_vm(void **state)
{
    (void)state;
    expect_node("pack:1 numa:1 l3:1 core:2 pu:1", 2, 2, 1, 1);
    static const struct want w[] = {
        /* mpirun -n 1: the one rank gets both cores, not the one the launcher bound it to */
        {1, 0, .cores = 2, .cpus = "0-1", .numa = "0"},
        {2, 1, .cores = 1, .cpus = "1"},
        /* four ranks on two cores: one core each, wrapping */
        {4, 3, .rule = IS(RFL_LAYOUT_WRAP), .cpus = "1"},
    };
    EXPECT_SHARES("pack:1 numa:1 l3:1 core:2 pu:1", w);
}

static void one_domain_gpu_host(void **state)
{
    (void)state;
    static const struct want w[] = {
        {2, 0, .cores = 8, .cpus = "0-7", .per_domain = IS(0)}, /* one domain: plain slots */
        {2, 1, .cpus = "8-15"},
        {3, 2, .cores = 5, .cpus = "10-14"}, /* 16 / 3: five each, the last core unused */
        {16, 15, .cores = 1, .cpus = "15"},  /* flat MPI */
    };
    EXPECT_SHARES("pack:1 numa:1 l3:1 core:16 pu:1", w);
}

static void two_sockets_smt(void **state)
{
    (void)state;
    /* 2 x Xeon 8480+: 56 cores a socket, 2 hardware threads a core */
    static const char topo[] = "pack:2 numa:1 l3:1 core:56 pu:2";
    expect_node(topo, 112, 224, 2, 2);
    static const struct want w[] = {
        /* the paper's layout: one rank per domain, filling it */
        {2, 1, .rule = IS(RFL_LAYOUT_DOMAINS), .per_domain = IS(1), .cores = 56, .numa = "1", .packages = "1",
         .cpus = "112-223"},
        /* two ranks a domain, each half of it */
        {4, 2, .per_domain = IS(2), .cores = 28, .numa = "1"},
        /* one rank, every core of both domains */
        {1, 0, .cores = 112, .numa = "0-1"},
        /* no match: contiguous, the middle rank spans both */
        {3, 1, .rule = IS(RFL_LAYOUT_CONTIGUOUS), .cores = 37, .numa = "0-1"},
    };
    EXPECT_SHARES(topo, w);
    hwloc_topology_t t = load(topo);
    struct rfl_layout_share s;
    plan_all(t, 2, 1, &s);
    char how[96];
    rfl_layout_describe_rule(&s, how, sizeof how);
    assert_string_equal(how, "one rank per NUMA domain");
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
}

static void four_domains(void **state)
{
    (void)state;
    /* EPYC 7763 in NPS4: four domains of two 8-core CCDs */
    static const struct want nps4[] = {
        {4, 3, .per_domain = IS(1), .cores = 16, .numa = "3"},
        {2, 1, .rule = IS(RFL_LAYOUT_DOMAIN_GROUPS), .cores = 32, .numa = "2-3"}, /* two domains to a rank */
        {8, 5, .per_domain = IS(2), .cores = 8, .numa = "2"},
        {64, 63, .cores = 1},
    };
    EXPECT_SHARES("pack:1 numa:4 l3:2 core:8 pu:2", nps4);
    /* two of them in NPS2: one rank per socket is two domains each */
    static const struct want nps2[] = {{2, 1, .cores = 64, .numa = "2-3", .packages = "1"}};
    EXPECT_SHARES("pack:2 numa:2 l3:4 core:8 pu:2", nps2);
}

static void restricted_node(void **state)
{
    (void)state;
    /* a cgroup that allows the second socket only: the node is those cores */
    hwloc_topology_t t = load("pack:2 numa:1 core:4 pu:1");
    hwloc_bitmap_t allowed = hwloc_bitmap_alloc();
    hwloc_bitmap_set_range(allowed, 4, 7);
    struct rfl_layout_share s;
    assert_int_equal(rfl_layout_plan(t, allowed, 2, 0, &s), 0);
    assert_int_equal(s.cores, 2);
    assert_string_equal(s.cpus, "4-5");
    assert_string_equal(s.numa, "1");
    rfl_layout_share_free(&s);
    hwloc_bitmap_zero(allowed);
    assert_int_equal(rfl_layout_plan(t, allowed, 1, 0, &s), -1);
    assert_int_equal(rfl_layout_plan(t, hwloc_topology_get_allowed_cpuset(t), 2, 2, &s), -1);
    hwloc_bitmap_free(allowed);
    hwloc_topology_destroy(t);
}

static void remote_domains(void **state)
{
    (void)state;
    hwloc_topology_t t = load("pack:1 numa:4 l3:2 core:8 pu:2");
    hwloc_const_cpuset_t node = hwloc_topology_get_allowed_cpuset(t);
    hwloc_bitmap_t cpu = hwloc_bitmap_alloc(), remote = hwloc_bitmap_alloc();
    hwloc_bitmap_only(cpu, 0); /* domain 0's first CPU: its memory on domain 1 */
    assert_int_equal(rfl_layout_remote_domain(t, node, cpu, remote), 1);
    hwloc_bitmap_only(cpu, 127); /* the last domain's: wraps to 0 */
    assert_int_equal(rfl_layout_remote_domain(t, node, cpu, remote), 0);
    assert_true(hwloc_bitmap_isset(remote, 0));
    hwloc_topology_destroy(t);
    t = load("pack:1 numa:1 core:4 pu:1"); /* one domain: nothing is remote */
    hwloc_bitmap_only(cpu, 2);
    assert_int_equal(rfl_layout_remote_domain(t, hwloc_topology_get_allowed_cpuset(t), cpu, remote), -1);
    hwloc_topology_destroy(t);
    hwloc_bitmap_free(cpu);
    hwloc_bitmap_free(remote);
}

static void launchers(void **state)
{
    (void)state;
    assert_int_equal(rfl_launcher_kind_of_version("mpiexec (OpenRTE) 4.1.6\n\nReport bugs to "
                                                  "http://www.open-mpi.org/community/help/"),
                     RFL_LAUNCHER_OPEN_MPI);
    assert_int_equal(rfl_launcher_kind_of_version("HYDRA build details:\n    Version: 4.1.2"), RFL_LAUNCHER_MPICH);
    assert_int_equal(rfl_launcher_kind_of_version("Intel(R) MPI Library for Linux* OS, Version 2021.10\n"
                                                  "HYDRA build details:"),
                     RFL_LAUNCHER_INTEL_MPI);
    assert_int_equal(rfl_launcher_kind_of_version("slurm 23.02.7"), RFL_LAUNCHER_SLURM);
    assert_int_equal(rfl_launcher_kind_of_version("something else"), RFL_LAUNCHER_UNKNOWN);
    char buf[256], *w[8];
    size_t n = rfl_launcher_binding_words(RFL_LAUNCHER_OPEN_MPI, 8, 0, buf, sizeof buf, w, 8);
    assert_int_equal(n, 4);
    assert_string_equal(w[1], "slot:PE=8");
    n = rfl_launcher_binding_words(RFL_LAUNCHER_OPEN_MPI, 28, 2, buf, sizeof buf, w, 8);
    assert_string_equal(w[1], "ppr:2:numa:PE=28");
    n = rfl_launcher_binding_words(RFL_LAUNCHER_SLURM, 16, 1, buf, sizeof buf, w, 8);
    assert_string_equal(w[0], "--cpus-per-task=16");
    n = rfl_launcher_binding_words(RFL_LAUNCHER_MPICH, 4, 0, buf, sizeof buf, w, 8);
    assert_string_equal(w[1], "core:4");
    assert_int_equal(rfl_launcher_binding_words(RFL_LAUNCHER_UNKNOWN, 4, 0, buf, sizeof buf, w, 8), 0);
    assert_int_equal(rfl_launcher_binding_words(RFL_LAUNCHER_OPEN_MPI, 4, 0, buf, 8, w, 8), 0); /* no room */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_domain_vm),   cmocka_unit_test(one_domain_gpu_host), cmocka_unit_test(two_sockets_smt),
        cmocka_unit_test(four_domains),    cmocka_unit_test(restricted_node),     cmocka_unit_test(remote_domains),
        cmocka_unit_test(launchers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
