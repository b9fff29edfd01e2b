# ---------------------------------------------------------------------------
# rfl_gpu_bandwidth: shared memory, L1, L2 and device memory (CUDA)
# ---------------------------------------------------------------------------
if HAVE_CUDA
noinst_LIBRARIES += libgpubandwidth.a libgpubandwidthkernels.a
bin_PROGRAMS += rfl_gpu_bandwidth
check_PROGRAMS += tests/gpu_fake_bandwidth
endif
gpu_bandwidth_kernel_headers = $(gpu_kernel_headers) $(schema_kernel_headers) gpu_bandwidth/kernels.h \
	gpu_bandwidth/kernels_own.cuh
libgpubandwidthkernels_a_SOURCES = $(gpu_bandwidth_kernel_headers) gpu_bandwidth/kernels.cu
$(libgpubandwidthkernels_a_OBJECTS): $(gpu_bandwidth_kernel_headers)

libgpubandwidth_a_SOURCES = gpu_bandwidth/gpu_bandwidth.h gpu_bandwidth/internal.h gpu_bandwidth/cli.c \
	gpu_bandwidth/configs.c gpu_bandwidth/sample.c gpu_bandwidth/rows.c gpu_bandwidth/evidence.c \
	gpu_bandwidth/selftest.c gpu_bandwidth/run.c
rfl_gpu_bandwidth_SOURCES = gpu_bandwidth/main.c
rfl_gpu_bandwidth_LDFLAGS = $(gpu_ldflags)
rfl_gpu_bandwidth_LDADD = libgpubandwidth.a libgpubandwidthkernels.a $(gpu_ldadd)

# The host code against the CUDA runtime stand-in (gpu/local.mk), its kernels
# done on the host: tests/gpu/fake.sh.
tests_gpu_fake_bandwidth_SOURCES = gpu_bandwidth/main.c gpu_bandwidth/fake_kernels.c $(gpu_fake_sources)
tests_gpu_fake_bandwidth_LDADD = libgpubandwidth.a $(gpu_fake_ldadd)
