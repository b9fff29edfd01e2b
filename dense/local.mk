# ---------------------------------------------------------------------------
# rfl_dense: LU, Cholesky and QR factorizations against the GEMM rate: the
# host's LAPACK, and with CUDA cuSOLVER and the Volkov-Demmel blocked LU
# ---------------------------------------------------------------------------
if HAVE_LAPACK
noinst_LIBRARIES += libdense.a
bin_PROGRAMS += rfl_dense
test_scripts += tests/dense/cli.sh tests/dense/smoke.sh tests/dense/gpu.sh tests/dense/driver.sh
if HAVE_CUDA
noinst_LIBRARIES += libdensegpu.a libdensekernels.a
endif
endif
libdense_a_SOURCES = dense/dense.h dense/cli.c dense/run.c dense/lapack.h dense/lapack.c dense/reference.h \
	dense/reference.c
libdensegpu_a_SOURCES = dense/gpu.h dense/gpu.c dense/kernels.h dense/device.h dense/device.c dense/hybrid.h \
	dense/hybrid.c dense/panel.h dense/panel.c dense/recursive.h dense/recursive.c
libdensekernels_a_SOURCES = dense/kernels.h dense/kernels.cu dense/getf2.cu
dense/kernels.$(OBJEXT) dense/getf2.$(OBJEXT): dense/kernels.h
rfl_dense_SOURCES = dense/main.c
rfl_dense_LDADD = libdense.a
if HAVE_CUDA
rfl_dense_LDADD += libdensegpu.a libdensekernels.a libgpu.a
rfl_dense_LDFLAGS = $(AM_LDFLAGS) $(CUDA_LDFLAGS)
endif
rfl_dense_LDADD += libcpu.a librfl.a $(LAPACK_LIBS)
if HAVE_CUDA
rfl_dense_LDADD += -lcusolver -lcublas $(CUDA_LIBS)
endif
EXTRA_DIST += tests/dense/cli.sh tests/dense/smoke.sh tests/dense/gpu.sh tests/dense/driver.sh
