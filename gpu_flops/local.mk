# ---------------------------------------------------------------------------
# rfl_gpu_flops: FP64, FP32 and FP16 over flops per element (CUDA)
# ---------------------------------------------------------------------------
if HAVE_CUDA
noinst_LIBRARIES += libgpuflops.a libgpuflopskernels.a
bin_PROGRAMS += rfl_gpu_flops
check_PROGRAMS += tests/gpu_fake_flops
endif
gpu_flops_kernel_headers = $(gpu_kernel_headers) $(schema_kernel_headers) gpu_flops/kernels.h
libgpuflopskernels_a_SOURCES = $(gpu_flops_kernel_headers) gpu_flops/kernels.cu
$(libgpuflopskernels_a_OBJECTS): $(gpu_flops_kernel_headers)

libgpuflops_a_SOURCES = gpu_flops/gpu_flops.h gpu_flops/cli.c gpu_flops/run.c gpu_flops/verify.c
rfl_gpu_flops_SOURCES = gpu_flops/main.c
rfl_gpu_flops_LDFLAGS = $(gpu_ldflags)
rfl_gpu_flops_LDADD = libgpuflops.a libgpuflopskernels.a $(gpu_ldadd)

# The host code against the CUDA runtime stand-in (gpu/local.mk), its kernels
# done on the host: tests/gpu/fake.sh.
tests_gpu_fake_flops_SOURCES = gpu_flops/main.c gpu_flops/fake_kernels.c $(gpu_fake_sources)
tests_gpu_fake_flops_LDADD = libgpuflops.a $(gpu_fake_ldadd)
