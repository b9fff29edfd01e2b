# ---------------------------------------------------------------------------
# profile/: the points on a run's roofline, above the run model of
# ceilings/: the model with its points, the application points (--app),
# rfl profile's readers (Nsight Compute, likwid-perfctr), their short names
# and DIR/profile.csv. Includes nothing from plot/ or driver/.
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libprofile.a
libprofile_a_SOURCES = \
	profile/profile.h profile/build.c profile/apps.c profile/points.c profile/profile_csv.c \
	profile/ncu.c profile/likwid.c

if HAVE_CMOCKA
unit_tests += tests/unit/test_profile
endif
tests_unit_test_profile_LDADD = libprofile.a libceilings.a librfl.a $(CMOCKA_LIBS)
