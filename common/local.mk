# ---------------------------------------------------------------------------
# librfl: what every program and rfl share
# ---------------------------------------------------------------------------
noinst_LIBRARIES += librfl.a
librfl_a_SOURCES = \
	common/rfl.h \
	common/afile.c common/afile.h \
	common/budget.c common/budget.h \
	common/config_file.c common/config_file.h \
	common/csv.c common/csv.h \
	common/fit.c common/fit.h \
	common/hosts.c common/hosts.h \
	common/input.c common/input.h \
	common/interrupt.c common/interrupt.h \
	common/log.c common/log.h \
	common/main.h \
	common/meta.c common/meta.h \
	common/mpi_shim.c common/mpi_shim.h \
	common/number.c common/number.h \
	common/options.c common/options.h \
	common/plateau.c common/plateau.h \
	common/progress.c common/progress.h \
	common/selftest.h \
	common/session.c common/session.h \
	common/size.c common/size.h \
	common/stats.c common/stats.h \
	common/steal.c common/steal.h \
	common/timer.c common/timer.h \
	common/utf8.c common/utf8.h \
	common/which.c common/which.h

if HAVE_CMOCKA
unit_tests += tests/unit/test_input tests/unit/test_steal tests/unit/test_plateau
endif
tests_unit_test_input_LDADD = $(unit_ldadd)
tests_unit_test_steal_LDADD = $(unit_ldadd)
tests_unit_test_plateau_LDADD = $(unit_ldadd)
