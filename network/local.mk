# ---------------------------------------------------------------------------
# rfl_network: MPI point-to-point latency and bandwidth between ranks, the network roof
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libnetwork.a
libnetwork_a_SOURCES = network/network.h network/cli.c network/plan.c network/run.c

bin_PROGRAMS += rfl_network
rfl_network_SOURCES = network/main.c
rfl_network_LDADD = libnetwork.a librfl.a

test_scripts += tests/network/cli.sh tests/network/mpi.sh tests/network/ceilings.sh tests/network/driver.sh
