# ---------------------------------------------------------------------------
# rfl_gpu_link: copies between the GPUs of one process (peer access, cudaMemcpyPeer,
# a kernel reading peer memory, host staging) and the GPU link roofs (CUDA)
# ---------------------------------------------------------------------------
if HAVE_CUDA
noinst_LIBRARIES += libgpulink.a libgpulinkkernels.a
bin_PROGRAMS += rfl_gpu_link
check_PROGRAMS += tests/gpu_fake_link
endif
gpu_link_kernel_headers = $(gpu_kernel_headers) gpu_link/kernels.h
libgpulinkkernels_a_SOURCES = $(gpu_link_kernel_headers) gpu_link/kernels.cu
$(libgpulinkkernels_a_OBJECTS): $(gpu_link_kernel_headers)

libgpulink_a_SOURCES = gpu_link/gpu_link.h gpu_link/kernels.h gpu_link/cli.c gpu_link/run.c
rfl_gpu_link_SOURCES = gpu_link/main.c
rfl_gpu_link_LDFLAGS = $(gpu_ldflags)
rfl_gpu_link_LDADD = libgpulink.a libgpulinkkernels.a $(gpu_ldadd)

# The host code against the CUDA runtime stand-in (gpu/local.mk), two devices with
# peer access by default (RFL_FAKE_DEVICES, RFL_FAKE_NO_PEER): tests/gpu_link/fake.sh.
tests_gpu_fake_link_SOURCES = gpu_link/main.c gpu_link/fake_kernels.c $(gpu_fake_sources)
tests_gpu_fake_link_LDADD = libgpulink.a $(gpu_fake_ldadd)

test_scripts += tests/gpu_link/cli.sh tests/gpu_link/fake.sh tests/gpu_link/ceilings.sh tests/gpu_link/driver.sh
