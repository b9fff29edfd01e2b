# ---------------------------------------------------------------------------
# rfl_gpu_micro: Volkov-style microbenchmarks (CUDA)
# ---------------------------------------------------------------------------
if HAVE_CUDA
noinst_LIBRARIES += libgpumicro.a libgpumicrokernels.a
bin_PROGRAMS += rfl_gpu_micro
check_PROGRAMS += tests/gpu_fake_micro
endif
gpu_micro_kernel_headers = $(gpu_kernel_headers) gpu_micro/kernels.h
libgpumicrokernels_a_SOURCES = $(gpu_micro_kernel_headers) gpu_micro/kernels.cu
$(libgpumicrokernels_a_OBJECTS): $(gpu_micro_kernel_headers)

libgpumicro_a_SOURCES = gpu_micro/gpu_micro.h gpu_micro/internal.h gpu_micro/cli.c gpu_micro/run.c \
	gpu_micro/context.c gpu_micro/model.c gpu_micro/launch.c gpu_micro/transfer.c gpu_micro/chase.c \
	gpu_micro/pipeline.c gpu_micro/stride.c gpu_micro/barrier.c gpu_micro/vmm_pages.h gpu_micro/vmm_pages.c
rfl_gpu_micro_SOURCES = gpu_micro/main.c
rfl_gpu_micro_LDFLAGS = $(gpu_ldflags)
rfl_gpu_micro_LDADD = libgpumicro.a libgpumicrokernels.a $(gpu_ldadd)

# The host code against the CUDA runtime stand-in (gpu/local.mk), its kernels
# done on the host: tests/gpu/fake.sh.
tests_gpu_fake_micro_SOURCES = gpu_micro/main.c gpu_micro/fake_kernels.c $(gpu_fake_sources)
tests_gpu_fake_micro_LDADD = libgpumicro.a $(gpu_fake_ldadd)
