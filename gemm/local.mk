# ---------------------------------------------------------------------------
# rfl_gemm (CUDA, cuBLAS, cuBLASLt)
# ---------------------------------------------------------------------------
# Kernels (.cu) go through the nvcc suffix rule of gpu/local.mk into
# libgemmkernels.a, the host code (C) into libgemm.a.  The upper-bound
# model reads each kernel's main-loop instruction counts from
# gemm/gemm_sass.c, generated here: cuobjdump -sass on the kernel objects
# (gemm/gemm.sass, kept), counted by gemm_sass_table, a build tool compiled
# with $(CC) from gemm/sass.c.  cuobjdump is $$CUOBJDUMP if set, else the
# toolkit's, else the PATH's; without one the table is empty and the model
# says so (rfl_gemm --list-kernels shows the counts).
gemm_kernel_headers = gemm/gemm_kernels.h gemm/gemm_device.cuh gemm/tiled.cuh gpu/gpu_shared.h gpu/gpu_device.cuh
if HAVE_CUDA
noinst_LIBRARIES += libgemm.a libgemmkernels.a
bin_PROGRAMS += rfl_gemm
check_PROGRAMS += tests/gpu_fake_gemm
endif
libgemmkernels_a_SOURCES = $(gemm_kernel_headers) \
	gemm/kernels_volkov.cu gemm/kernels_tiled_f32_nn.cu gemm/kernels_tiled_f32_nt.cu \
	gemm/kernels_tiled_f64.cu gemm/kernels_dmma.cu gemm/kernels_mix.cu gemm/kernels_util.cu
$(libgemmkernels_a_OBJECTS): $(gemm_kernel_headers)

# run.c drives the run: buffers.c (inputs, reference, runners), verify.c,
# tune.c (timing and tuning), results.c, model.c (Lai-Seznec bound and the
# model rows), mix.c (the FMA:LDS mix), output.c (the three tables and the
# sidecar), plan.c (the points under a time budget), self_test.c; lt.c,
# cuBLASLt's heuristic algorithms for the tensor roofs.
libgemm_a_SOURCES = gemm/gemm.h gemm/gemm_internal.h gemm/blas.h gemm/lt.h gemm/sass.h gemm/lt.c \
	gemm/cli.c gemm/run.c gemm/buffers.c gemm/verify.c gemm/tune.c gemm/results.c gemm/model.c gemm/mix.c \
	gemm/output.c gemm/self_test.c gemm/kernels.c gemm/blas.c gemm/sass.c gemm/plan.c
rfl_gemm_SOURCES = gemm/main.c
nodist_rfl_gemm_SOURCES = gemm/gemm_sass.c
rfl_gemm_LDFLAGS = $(gpu_ldflags)
rfl_gemm_LDADD = libgemm.a libgemmkernels.a -lcublasLt -lcublas $(gpu_ldadd)

gemm_sass_table$(EXEEXT): gemm/sass.c gemm/sass_table.c gemm/sass.h
	$(AM_V_CCLD)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(AM_CFLAGS) $(CFLAGS) \
	  $(AM_LDFLAGS) $(LDFLAGS) -o $@ $(srcdir)/gemm/sass.c $(srcdir)/gemm/sass_table.c
gemm/gemm_sass.c: $(libgemmkernels_a_OBJECTS) gemm_sass_table$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) gemm && dump= && \
	for d in "$$CUOBJDUMP" "$(CUDA_HOME)/bin/cuobjdump" cuobjdump; do \
	  test -n "$$d" || continue; \
	  for o in $(libgemmkernels_a_OBJECTS); do "$$d" -sass $$o; done >gemm/gemm.sass 2>gemm/gemm.sass.err; \
	  if grep -q "Function : " gemm/gemm.sass; then dump=$$d; break; fi; \
	done; \
	version=; test -z "$$dump" || version=`"$$dump" --version 2>/dev/null | $(SED) -n 's/.*release \([0-9.]*\).*/\1/p' | head -n 1`; \
	if test -n "$$dump" && ./gemm_sass_table$(EXEEXT) gemm/gemm.sass \
	    "cuobjdump $$version -sass of the libgemmkernels.a objects" >$@-t 2>>gemm/gemm.sass.err; then :; \
	else \
	  ./gemm_sass_table$(EXEEXT) --none "none: no cuobjdump -sass listing at build time (set CUOBJDUMP; see gemm/gemm.sass.err)" >$@-t; \
	fi && mv $@-t $@
gemm_clean_files = gemm/gemm_sass.c gemm/gemm_sass.c-t gemm/gemm.sass gemm/gemm.sass.err gemm_sass_table$(EXEEXT)

clean-local: clean-local-gemm
clean-local-gemm:
	-rm -f $(gemm_clean_files)
.PHONY: clean-local-gemm

# The host code against the CUDA runtime stand-in (gpu/local.mk), its kernels
# and cuBLAS and cuBLASLt done on the host (gemm/fake_kernels.c): tests/gemm/fake.sh.
tests_gpu_fake_gemm_SOURCES = gemm/main.c gemm/fake_kernels.c $(gpu_fake_sources)
nodist_tests_gpu_fake_gemm_SOURCES = gemm/gemm_sass.c
tests_gpu_fake_gemm_LDADD = libgemm.a $(gpu_fake_ldadd)

# tests/gemm/cli.sh runs whenever rfl_gemm is built (no GPU needed); gpu.sh and mpi.sh
# skip without a GPU (mpi.sh also without mpiexec or an MPI build); fake.sh runs the
# host code against the stand-in.
test_scripts += tests/gemm/cli.sh tests/gemm/gpu.sh tests/gemm/mpi.sh tests/gemm/fake.sh
EXTRA_DIST += gemm/sass_table.c

# The upper-bound model on recorded device runs (tests/data/gemm/bound): the
# model's code against the runtime stand-in, as tests/gpu_fake_gemm.
if HAVE_CUDA
if HAVE_CMOCKA
unit_tests += tests/unit/test_gemm_bound
endif
endif
tests_unit_test_gemm_bound_SOURCES = tests/unit/test_gemm_bound.c gemm/fake_kernels.c $(gpu_fake_sources)
nodist_tests_unit_test_gemm_bound_SOURCES = gemm/gemm_sass.c
tests_unit_test_gemm_bound_LDADD = libgemm.a $(gpu_fake_ldadd) $(CMOCKA_LIBS)
