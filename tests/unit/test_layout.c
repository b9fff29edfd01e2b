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

static void one_domain_vm(void **state)
{
    (void)state;
    hwloc_topology_t t = load("pack:1 numa:1 l3:1 core:2 pu:1");
    struct rfl_layout_node n;
    rfl_layout_node_read(t, hwloc_topology_get_allowed_cpuset(t), &n);
    assert_int_equal(n.cores, 2);
    assert_int_equal(n.domains, 1);
    struct rfl_layout_share s;
    /* mpirun -n 1: the one rank gets both cores, not the one the launcher bound it to */
    plan_all(t, 1, 0, &s);
    assert_int_equal(s.cores, 2);
    assert_string_equal(s.cpus, "0-1");
    assert_string_equal(s.numa, "0");
    rfl_layout_share_free(&s);
    plan_all(t, 2, 1, &s);
    assert_int_equal(s.cores, 1);
    assert_string_equal(s.cpus, "1");
    rfl_layout_share_free(&s);
    /* four ranks on two cores: one core each, wrapping */
    plan_all(t, 4, 3, &s);
    assert_int_equal(s.rule, RFL_LAYOUT_WRAP);
    assert_string_equal(s.cpus, "1");
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
}

static void one_domain_gpu_host(void **state)
{
    (void)state;
    hwloc_topology_t t = load("pack:1 numa:1 l3:1 core:16 pu:1");
    struct rfl_layout_share s;
    plan_all(t, 2, 0, &s);
    assert_int_equal(s.cores, 8);
    assert_string_equal(s.cpus, "0-7");
    assert_int_equal(s.per_domain, 0); /* one domain: plain slots */
    rfl_layout_share_free(&s);
    plan_all(t, 2, 1, &s);
    assert_string_equal(s.cpus, "8-15");
    rfl_layout_share_free(&s);
    plan_all(t, 3, 2, &s); /* 16 / 3: five each, the last core unused */
    assert_int_equal(s.cores, 5);
    assert_string_equal(s.cpus, "10-14");
    rfl_layout_share_free(&s);
    plan_all(t, 16, 15, &s); /* flat MPI */
    assert_int_equal(s.cores, 1);
    assert_string_equal(s.cpus, "15");
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
}

static void two_sockets_smt(void **state)
{
    (void)state;
    /* 2 x Xeon 8480+: 56 cores a socket, 2 hardware threads a core */
    hwloc_topology_t t = load("pack:2 numa:1 l3:1 core:56 pu:2");
    struct rfl_layout_node n;
    rfl_layout_node_read(t, hwloc_topology_get_allowed_cpuset(t), &n);
    assert_int_equal(n.cores, 112);
    assert_int_equal(n.pus, 224);
    assert_int_equal(n.domains, 2);
    assert_int_equal(n.packages, 2);
    struct rfl_layout_share s;
    plan_all(t, 2, 1, &s); /* the paper's layout: one rank per domain, filling it */
    assert_int_equal(s.rule, RFL_LAYOUT_DOMAINS);
    assert_int_equal(s.per_domain, 1);
    assert_int_equal(s.cores, 56);
    assert_string_equal(s.numa, "1");
    assert_string_equal(s.packages, "1");
    assert_string_equal(s.cpus, "112-223");
    char how[96];
    rfl_layout_describe_rule(&s, how, sizeof how);
    assert_string_equal(how, "one rank per NUMA domain");
    rfl_layout_share_free(&s);
    plan_all(t, 4, 2, &s); /* two ranks a domain, each half of it */
    assert_int_equal(s.per_domain, 2);
    assert_int_equal(s.cores, 28);
    assert_string_equal(s.numa, "1");
    rfl_layout_share_free(&s);
    plan_all(t, 1, 0, &s); /* one rank, every core of both domains */
    assert_int_equal(s.cores, 112);
    assert_string_equal(s.numa, "0-1");
    rfl_layout_share_free(&s);
    plan_all(t, 3, 1, &s); /* no match: contiguous, the middle rank spans both */
    assert_int_equal(s.rule, RFL_LAYOUT_CONTIGUOUS);
    assert_int_equal(s.cores, 37);
    assert_string_equal(s.numa, "0-1");
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
}

static void four_domains(void **state)
{
    (void)state;
    /* EPYC 7763 in NPS4: four domains of two 8-core CCDs */
    hwloc_topology_t t = load("pack:1 numa:4 l3:2 core:8 pu:2");
    struct rfl_layout_share s;
    plan_all(t, 4, 3, &s);
    assert_int_equal(s.per_domain, 1);
    assert_int_equal(s.cores, 16);
    assert_string_equal(s.numa, "3");
    rfl_layout_share_free(&s);
    plan_all(t, 2, 1, &s); /* two domains to a rank */
    assert_int_equal(s.rule, RFL_LAYOUT_DOMAIN_GROUPS);
    assert_int_equal(s.cores, 32);
    assert_string_equal(s.numa, "2-3");
    rfl_layout_share_free(&s);
    plan_all(t, 8, 5, &s);
    assert_int_equal(s.per_domain, 2);
    assert_int_equal(s.cores, 8);
    assert_string_equal(s.numa, "2");
    rfl_layout_share_free(&s);
    plan_all(t, 64, 63, &s);
    assert_int_equal(s.cores, 1);
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
    /* two of them in NPS2: one rank per socket is two domains each */
    t = load("pack:2 numa:2 l3:4 core:8 pu:2");
    plan_all(t, 2, 1, &s);
    assert_int_equal(s.cores, 64);
    assert_string_equal(s.numa, "2-3");
    assert_string_equal(s.packages, "1");
    rfl_layout_share_free(&s);
    hwloc_topology_destroy(t);
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
