# ---------------------------------------------------------------------------
# ceilings/: the run model: the programs' CSV read back (one loader per
# program), the model of a run directory, level detection, every ceiling,
# the bound above a point, ceilings.csv and roofline.json. Includes nothing
# from profile/, plot/ or driver/.
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libceilings.a
libceilings_a_SOURCES = \
	ceilings/settings.h ceilings/names.c \
	ceilings/table.c ceilings/table.h \
	ceilings/caches.c ceilings/caches.h \
	ceilings/levels.c ceilings/levels.h \
	ceilings/model.c ceilings/model.h ceilings/model_free.c ceilings/gpu.h \
	ceilings/build.c ceilings/bound.c ceilings/bound.h \
	ceilings/sources.c ceilings/sources.h \
	ceilings/load.c ceilings/load.h ceilings/load_cpu.c \
	ceilings/load_bandwidth.c ceilings/load_flops.c \
	ceilings/gpu_device.c ceilings/load_gpu_bandwidth.c ceilings/load_gpu_flops.c \
	ceilings/load_gpu_micro.c ceilings/load_unified_memory.c ceilings/load_gemm.c \
	ceilings/load_network.c ceilings/network.h ceilings/load_gpu_link.c ceilings/gpu_link.h ceilings/load_dense.c ceilings/dense_rows.c ceilings/dense.h \
	ceilings/plateaus.c ceilings/spread.c ceilings/spread.h ceilings/timed.c ceilings/timed.h ceilings/cpu_ceilings.c ceilings/fma_units.c ceilings/gpu_ceilings.c \
	ceilings/write.c ceilings/write.h ceilings/read.c ceilings/members.c ceilings/members.h

if HAVE_CMOCKA
unit_tests += tests/unit/test_levels tests/unit/test_ceilings tests/unit/test_gpu_ceilings tests/unit/test_spread
endif
# test_ceilings and test_gpu_ceilings read the settings through the driver's config parser,
# and build the model with its points (profile/).
tests_unit_test_levels_LDADD = libceilings.a librfl.a $(CMOCKA_LIBS)
tests_unit_test_spread_LDADD = libceilings.a librfl.a $(CMOCKA_LIBS)
tests_unit_test_ceilings_LDADD = libdriver.a libprofile.a libceilings.a $(unit_ldadd)
tests_unit_test_gpu_ceilings_LDADD = libdriver.a libprofile.a libceilings.a librfl.a $(CMOCKA_LIBS)
