/* The CUDA runtime stand-in (gpu/fake_cuda.c) and what the programs' fake
 * kernels (PROGRAM/fake_kernels.c) use of it. A test binary links a
 * program's host code, gpu/fake_cuda.c in place of libcudart and the
 * program's fake_kernels.c in place of its kernels library, so the host
 * code runs where there is no GPU: "device" memory is host memory, a
 * kernel is a CPU loop, clocks and latencies are made up. Nothing here
 * says anything about a GPU's performance.
 *
 * Environment knobs of the stand-in (every one optional):
 *   RFL_FAKE_DEVICES=N         devices reported (default 1; 0: none); cudaSetDevice holds one
 *                              of them current; all share the host's memory
 *   RFL_FAKE_NO_PEER=1         cudaDeviceCanAccessPeer says no for every pair (default: yes
 *                              between any two devices); cudaMemcpyPeer works either way
 *   RFL_FAKE_GPU_NAME=NAME     the device name (default an H100's, marked as the test double)
 *   RFL_FAKE_FREE=BYTES        free device memory (default 4 GiB)
 *   RFL_FAKE_L2=BYTES          the L2 size (default 1 MiB; the 4 SMs' L1s make 1 MiB)
 *   RFL_FAKE_FREE_LATER=BYTES  ... after the first RFL_FAKE_FREE_AFTER calls of cudaMemGetInfo
 *                              (someone else took memory while the program ran); a managed
 *                              allocation past the free memory last reported aborts
 *   RFL_FAKE_MALLOC_MAX=BYTES  cudaMalloc/cudaMallocHost/cudaHostRegister fail above this
 *   RFL_FAKE_NO_CONCURRENT=1   cudaDevAttrConcurrentManagedAccess = 0
 *   RFL_FAKE_LOG=FILE          appends each cudaMallocManaged size and cudaMemGetInfo
 *   RFL_FAKE_LINK=LAT_US:GBS   each cudaMemcpy between host and device lasts at least
 *                              LAT_US microseconds + bytes / GBS GB/s (a host link)
 *   RFL_FAKE_H2D_SLOW=LO:HI:US[:CALLS]  each host-to-device cudaMemcpy of LO to HI bytes
 *                              takes US microseconds longer, the first CALLS of them (0 or
 *                              none: all)
 * The fake kernels may read knobs of their own (named RFL_FAKE_*, listed
 * in their files). */
#ifndef RFL_GPU_FAKE_CUDA_H
#define RFL_GPU_FAKE_CUDA_H

#include "gpu/gpu_shared.h"

/* A knob's value, `dflt` where it is unset or empty. */
unsigned long long rfl_fake_env_u64(const char *name, unsigned long long dflt);
double rfl_fake_env_double(const char *name, double dflt);

/* Host seconds (monotonic); the stand-in's events record them. */
double rfl_fake_now(void);

/* A made-up SM clock reading for a kernel that started at t0 (rfl_fake_now):
 * the host time it took (at least 0.6 ms) and `cycles` clocks, or, where
 * cycles is 0, that time at 1.98 GHz. Nothing where c is NULL. */
void rfl_fake_clock(struct rfl_gpu_clock *c, double t0, double cycles);

/* A fake kernel's launch: while a stream is being captured into a graph
 * the launch is recorded (replay(arg) runs at each cudaGraphLaunch of the
 * graph) and this returns 1; otherwise it returns 0 and the kernel runs
 * now. */
int rfl_fake_capture_launch(void (*replay)(void *arg), void *arg);

#endif
