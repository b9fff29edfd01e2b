# ---------------------------------------------------------------------------
# libcpu: what the two CPU sweeps share (team, topology, buffers, ISA, clock)
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libcpu.a
libcpu_a_SOURCES = \
	cpu/balance.c cpu/balance.h \
	cpu/buffer.c cpu/buffer.h \
	cpu/clock.c cpu/clock.h \
	cpu/isa.c cpu/isa.h \
	cpu/layout.c cpu/layout.h \
	cpu/noise.c cpu/noise.h \
	cpu/team.c cpu/team.h \
	cpu/topo.c cpu/topo.h

if HAVE_CMOCKA
unit_tests += tests/unit/test_balance tests/unit/test_layout
endif
tests_unit_test_balance_LDADD = libcpu.a $(unit_ldadd)
tests_unit_test_layout_LDADD = libcpu.a $(unit_ldadd)
