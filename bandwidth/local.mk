# ---------------------------------------------------------------------------
# rfl_bandwidth: the memory-bandwidth sweep (its library part is shared with the tests)
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libbandwidth.a
libbandwidth_a_SOURCES = \
	bandwidth/bandwidth.h bandwidth/cli.c bandwidth/sweep.c \
	bandwidth/kernels.h bandwidth/kernels.c \
	bandwidth/kernels_c.c bandwidth/kernels_c.inc \
	bandwidth/kernels_x86.c bandwidth/kernels_simd.inc \
	bandwidth/budget_plan.c bandwidth/budget_plan.h \
	bandwidth/memory.c bandwidth/memory.h \
	bandwidth/remote.c bandwidth/remote.h \
	bandwidth/verify.c bandwidth/verify.h

bin_PROGRAMS += rfl_bandwidth
rfl_bandwidth_SOURCES = bandwidth/main.c
rfl_bandwidth_LDADD = libbandwidth.a libcpu.a librfl.a

test_scripts += tests/bandwidth/cli.sh tests/bandwidth/smoke.sh tests/bandwidth/mpi.sh tests/bandwidth/outputs.sh tests/bandwidth/signals.sh \
	tests/bandwidth/budget.sh tests/bandwidth/balance.sh tests/bandwidth/plateau.sh tests/bandwidth/layout.sh tests/bandwidth/remote.sh
if HAVE_CMOCKA
unit_tests += \
	tests/unit/test_size tests/unit/test_stats tests/unit/test_csv \
	tests/unit/test_options tests/unit/test_bandwidth tests/unit/test_budget
endif
tests_unit_test_bandwidth_LDADD = libbandwidth.a libcpu.a $(unit_ldadd)
tests_unit_test_budget_LDADD = libbandwidth.a libflops.a libcpu.a $(unit_ldadd)
