# ---------------------------------------------------------------------------
# rfl_gpu_flops: FP64, FP32 and FP16 over flops per element (CUDA)
# ---------------------------------------------------------------------------
if HAVE_CUDA
noinst_LIBRARIES += libgpuflops.a libgpuflopskernels.a
bin_PROGRAMS += rfl_gpu_flops
endif
libgpuflopskernels_a_SOURCES = $(gpu_kernel_headers) gpu_flops/kernels.h gpu_flops/kernels.cu
gpu_flops/kernels.$(OBJEXT): $(gpu_kernel_headers) gpu_flops/kernels.h

libgpuflops_a_SOURCES = gpu_flops/gpu_flops.h gpu_flops/cli.c gpu_flops/run.c gpu_flops/verify.c
libgpuflops_a_CPPFLAGS = $(gpu_cppflags)
rfl_gpu_flops_SOURCES = gpu_flops/main.c
rfl_gpu_flops_CPPFLAGS = $(gpu_cppflags)
rfl_gpu_flops_LDFLAGS = $(AM_LDFLAGS) $(CUDA_LDFLAGS)
rfl_gpu_flops_LDADD = libgpuflops.a libgpuflopskernels.a $(gpu_ldadd)
