// Prototype (rfl): L1 bytes/clock/SM of read patterns; every block of every SM reads
// the same per-SM set (within L1) many times. B/clk/SM from clock64 on block 0 and event time.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
__device__ __forceinline__ float s4(float v) { return v; }
__device__ __forceinline__ float s4(float2 v) { return v.x + v.y; }
__device__ __forceinline__ float s4(float4 v) { return v.x + v.y + v.z + v.w; }
__device__ __forceinline__ float add(float a, float b) { return a + b; }
__device__ __forceinline__ float2 add(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float4 add(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
template <typename T> __device__ __forceinline__ T zero() { T t; memset(&t, 0, sizeof t); return t; }

// N: elements of T in the set (per SM); unrolled fully; ACC independent accumulators
template <typename T, int N, int ACC>
__global__ void k(const T *__restrict__ b, int iters, int zero_, float *out, long long *clk) {
  long long c0 = clock64();
  T acc[ACC];
#pragma unroll
  for (int a = 0; a < ACC; a++) acc[a] = zero<T>();
  const T *p = b + threadIdx.x;
  for (int it = 0; it < iters; it++) {
    p += zero_;
#pragma unroll
    for (int i = 0; i < N / 256; i++) acc[i % ACC] = add(acc[i % ACC], p[i * 256]);
  }
  float s = 0;
#pragma unroll
  for (int a = 0; a < ACC; a++) s += s4(acc[a]);
  if (s == 1233.0f) out[threadIdx.x] = s;
  if (blockIdx.x == 0 && threadIdx.x == 0) clk[0] = clock64() - c0;
}

template <typename T, int N, int ACC> void run(const char *name, int blocks_per_sm) {
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  T *b; float *out; long long *clk;
  CK(cudaMalloc(&b, N * sizeof(T))); CK(cudaMemset(b, 0, N * sizeof(T))); CK(cudaMalloc(&out, 4096)); CK(cudaMalloc(&clk, 8));
  CK(cudaFuncSetAttribute(k<T, N, ACC>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  int iters = (int)(4e9 / (N * sizeof(T)) / blocks_per_sm);
  int blocks = p.multiProcessorCount * blocks_per_sm;
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  k<T, N, ACC><<<blocks, 256>>>(b, 10, 0, out, clk);
  float best = 1e30f; long long cyc = 0;
  for (int r = 0; r < 3; r++) {
    CK(cudaEventRecord(e0)); k<T, N, ACC><<<blocks, 256>>>(b, iters, 0, out, clk); CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
    if (ms < best) { best = ms; CK(cudaMemcpy(&cyc, clk, 8, cudaMemcpyDeviceToHost)); }
  }
  double bytes_sm = (double)N * sizeof(T) * iters * blocks_per_sm;
  double ghz = cyc / (best * 1e6); // block 0 only; with several blocks per SM it ends early
  printf("%-22s set %6.1f KiB  %d blk/SM  %8.1f GB/s  %.3f GHz  %6.1f B/clk/SM (clock64)  %6.1f B/clk/SM (time x 1.98 GHz)\n", name,
         N * sizeof(T) / 1024.0, blocks_per_sm, bytes_sm * p.multiProcessorCount / best * 1e-6, ghz, bytes_sm / cyc,
         bytes_sm / (best * 1e-3 * 1.98e9));
  CK(cudaFree(b)); CK(cudaFree(out)); CK(cudaFree(clk));
}

int main() {
  run<float, 256 * 64, 1>("float acc1", 1);
  run<float, 256 * 64, 4>("float acc4", 1);
  run<float, 256 * 64, 4>("float acc4", 4);
  run<float2, 256 * 32, 4>("float2 acc4", 1);
  run<float2, 256 * 32, 4>("float2 acc4", 4);
  run<float4, 256 * 16, 1>("float4 acc1", 1);
  run<float4, 256 * 16, 4>("float4 acc4", 1);
  run<float4, 256 * 16, 4>("float4 acc4", 4);
  run<float4, 256 * 64, 4>("float4 acc4 256K", 4);
  run<float, 256 * 128, 4>("float acc4 128K", 4);
  return 0;
}
