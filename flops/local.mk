# ---------------------------------------------------------------------------
# rfl_flops: the polynomial flops-per-element sweep
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libflops.a
libflops_a_SOURCES = \
	flops/flops.h flops/cli.c flops/sweep.c \
	flops/plan.c flops/plan.h flops/sample.c flops/sample.h \
	flops/rows.c flops/rows.h flops/sidecar.c flops/sidecar.h \
	flops/kernels.h flops/kernels.c flops/kernels_ref.c \
	flops/kernels_x86.c flops/kernels_neon.c flops/kernels_simd.inc \
	flops/cpu.c flops/cpu.h flops/smt_probe.c flops/smt_probe.h \
	flops/budget_plan.c flops/budget_plan.h \
	flops/verify.c flops/verify.h

bin_PROGRAMS += rfl_flops
rfl_flops_SOURCES = flops/main.c
rfl_flops_LDADD = libflops.a libcpu.a librfl.a

test_scripts += tests/flops/cli.sh tests/flops/smoke.sh tests/flops/mpi.sh tests/flops/smt.sh tests/flops/budget.sh tests/flops/balance.sh
if HAVE_CMOCKA
unit_tests += tests/unit/test_flops tests/unit/test_smt
endif
tests_unit_test_flops_LDADD = libflops.a libcpu.a $(unit_ldadd)
tests_unit_test_smt_LDADD = libflops.a libcpu.a $(unit_ldadd)
