# ---------------------------------------------------------------------------
# libgpu: the GPU host library the GPU programs share (built with --with-cuda)
# ---------------------------------------------------------------------------
# Host code is C, compiled by $(CC) with the CUDA headers ($(CUDA_CPPFLAGS), in
# AM_CPPFLAGS for every target); kernels are .cu, compiled by nvcc through the
# suffix rule below, and kept in a kernels library per program (no per-target
# flags there: Automake cannot rename the objects of a suffix rule). The
# programs link with $(CC) against libcudart.
SUFFIXES = .cu
rfl_v_nvcc = $(rfl_v_nvcc_@AM_V@)
rfl_v_nvcc_ = $(rfl_v_nvcc_@AM_DEFAULT_V@)
rfl_v_nvcc_0 = @echo "  NVCC    " $@;
rfl_v_nvcc_1 =
.cu.o:
	@$(MKDIR_P) $(@D)
	$(rfl_v_nvcc)$(NVCC) -arch=$(CUDA_ARCH) $(NVCCFLAGS) -Xcompiler "$(OPENMP_CFLAGS) -Wall" \
	  $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) -c $< -o $@

# A GPU program's kernels library: PROGRAM_kernel_headers, the headers its
# kernels.cu includes, are its sources and its objects' prerequisites (the
# suffix rule tracks no dependencies): $(libPROGRAMkernels_a_OBJECTS):
# $(PROGRAM_kernel_headers). Its program links with $(gpu_ldflags) against
# $(gpu_ldadd).
gpu_kernel_headers = gpu/gpu_device.cuh gpu/gpu_shared.h
gpu_ldadd = libgpu.a librfl.a $(CUDA_LIBS)
gpu_ldflags = $(AM_LDFLAGS) $(CUDA_LDFLAGS)
if HAVE_CUDA
noinst_LIBRARIES += libgpu.a
endif
libgpu_a_SOURCES = gpu/gpu.h gpu/gpu_shared.h gpu/gpu.c gpu/gpu_nvml.c gpu/ranks.h gpu/ranks.c gpu/budget.h gpu/budget.c gpu/sweep.h gpu/sweep.c

# The CUDA runtime stand-in (gpu/fake_cuda.c, knobs in gpu/fake_cuda.h)
# runs a GPU program's host code where there is no GPU: each program's
# local.mk links it, with the program's kernels done on the host
# (PROGRAM/fake_kernels.c), into tests/gpu_fake_* or tests/um_fake_cuda.
gpu_fake_sources = gpu/fake_cuda.h gpu/fake_cuda.c
gpu_fake_ldadd = libgpu.a librfl.a

# The GPU tests always run: without --with-cuda or without a GPU they skip (77);
# tests/gpu/ holds those of the programs together: cli.sh, format.sh, fake.sh and budget.sh
# (--time-budget in all five, through the stand-ins) need the programs but no GPU; roofs.sh
# (issue 27: the host link's fit check, the cuBLASLt tensor roofs, the specs from the table)
# needs rfl and, for its program parts, the stand-ins. Each program's run on a GPU is in its
# own folder.
test_scripts += \
	tests/gpu/cli.sh tests/gpu/format.sh tests/gpu/fake.sh tests/gpu/mpi.sh tests/gpu/budget.sh tests/gpu/roofs.sh \
	tests/gpu_bandwidth/gpu.sh tests/gpu_flops/gpu.sh tests/gpu_micro/gpu.sh
