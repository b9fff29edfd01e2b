# ---------------------------------------------------------------------------
# rfl_unified_memory (CUDA)
# ---------------------------------------------------------------------------
# Host code in libunifiedmemory.a, the GPU pass in libumkernels.a (the .cu
# suffix rule of gpu/local.mk). Nothing here needs another program's kernels, so
# `make rfl_unified_memory` builds without the other GPU programs' kernels.
if HAVE_CUDA
noinst_LIBRARIES += libunifiedmemory.a libumkernels.a
bin_PROGRAMS += rfl_unified_memory
check_PROGRAMS += tests/um_fake_cuda
endif
unified_memory_kernel_headers = unified_memory/kernels.h
libumkernels_a_SOURCES = $(unified_memory_kernel_headers) unified_memory/kernels.cu
$(libumkernels_a_OBJECTS): $(unified_memory_kernel_headers)
libunifiedmemory_a_SOURCES = \
	unified_memory/unified_memory.h unified_memory/cli.c unified_memory/run.c \
	unified_memory/sweep.h unified_memory/sweep.c unified_memory/point.c \
	unified_memory/reference.c unified_memory/evidence.c unified_memory/sidecar.c \
	unified_memory/selftest.c \
	unified_memory/mechanisms.h unified_memory/mechanisms.c \
	unified_memory/cpu.h unified_memory/cpu.c \
	unified_memory/plan.h unified_memory/plan.c
rfl_unified_memory_SOURCES = unified_memory/main.c
rfl_unified_memory_LDFLAGS = $(gpu_ldflags)
rfl_unified_memory_LDADD = libunifiedmemory.a libumkernels.a $(gpu_ldadd)

# The CUDA runtime stand-in (gpu/local.mk) and the GPU pass on the host
# (fake_kernels.c) run the whole sweep on the host, so tests/unified_memory/fake.sh tests the
# sweep's logic where there is no GPU.
tests_um_fake_cuda_SOURCES = unified_memory/main.c unified_memory/fake_kernels.c $(gpu_fake_sources)
tests_um_fake_cuda_LDADD = libunifiedmemory.a $(gpu_fake_ldadd)

# Without --with-cuda or a GPU these skip (77); cli.sh and fake.sh need no GPU.
test_scripts += \
	tests/unified_memory/cli.sh tests/unified_memory/fake.sh tests/unified_memory/sweep.sh \
	tests/unified_memory/safety.sh tests/unified_memory/mpi.sh
