# ---------------------------------------------------------------------------
# rfl_dense: LU, Cholesky and QR factorizations against the GEMM rate (LAPACK)
# ---------------------------------------------------------------------------
if HAVE_LAPACK
noinst_LIBRARIES += libdense.a
bin_PROGRAMS += rfl_dense
test_scripts += tests/dense/cli.sh tests/dense/smoke.sh
endif
libdense_a_SOURCES = dense/dense.h dense/cli.c dense/run.c dense/lapack.h dense/lapack.c
rfl_dense_SOURCES = dense/main.c
rfl_dense_LDADD = libdense.a libcpu.a librfl.a $(LAPACK_LIBS)
EXTRA_DIST += tests/dense/cli.sh tests/dense/smoke.sh
