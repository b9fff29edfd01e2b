# ---------------------------------------------------------------------------
# librfl: what every program and rfl share
# ---------------------------------------------------------------------------
noinst_LIBRARIES += librfl.a
# Each unit is a .c with its own header: named once, the two cannot part.
librfl_units = \
	common/afile common/budget common/config_file common/csv common/fit common/hosts common/input \
	common/interrupt common/log common/meta common/mpi_shim common/number common/options \
	common/plateau common/progress common/session common/size common/stats common/steal common/timer \
	common/utf8 common/which
librfl_a_SOURCES = common/rfl.h common/main.h common/selftest.h $(librfl_units:=.c) $(librfl_units:=.h)

if HAVE_CMOCKA
unit_tests += tests/unit/test_input tests/unit/test_steal tests/unit/test_plateau
endif
