# ---------------------------------------------------------------------------
# libcpu: what the two CPU sweeps share (team, topology, buffers, ISA, clock)
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libcpu.a
# Each unit is a .c with its own header (as librfl_units).
libcpu_units = cpu/balance cpu/buffer cpu/clock cpu/isa cpu/layout cpu/noise cpu/team cpu/topo
libcpu_a_SOURCES = $(libcpu_units:=.c) $(libcpu_units:=.h)

if HAVE_CMOCKA
unit_tests += tests/unit/test_balance tests/unit/test_layout
endif
tests_unit_test_balance_LDADD = libcpu.a $(unit_ldadd)
tests_unit_test_layout_LDADD = libcpu.a $(unit_ldadd)
