// Prototype (rfl): which access pattern gets the most from the L2.
// own16/own8: persistent grid, each block its own contiguous chunk, 16- or 8-byte .cg loads, U in flight.
// wave16/wave8: non-persistent grid of many 1024-thread blocks; block b reads column b mod C of
//   an N x C layout (gpu-l2-cache's pattern), all N loads in flight, 16- or 8-byte loads.
// wavec16: as wave16, but block b's chunk is contiguous.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)

#define NOUT 8192
__device__ __forceinline__ void put(double *out, double v) {
  for (int o = 16; o; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out + ((blockIdx.x * 32u + threadIdx.x / 32) % NOUT), v);
}
static double total(double *out) {
  static double h[NOUT];
  CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  double t = 0;
  for (int i = 0; i < NOUT; i++) t += h[i];
  return t;
}
template <typename T> __device__ __forceinline__ T ldcg(const T *p) { return __ldcg(p); }
__device__ __forceinline__ double sum(double v) { return v; }
__device__ __forceinline__ double sum(double2 v) { return v.x + v.y; }
__device__ __forceinline__ double sum(float4 v) { return (double)v.x + v.y + v.z + v.w; }

template <typename T, int U>
__global__ void __launch_bounds__(1024) k_own(const T *a, size_t n, unsigned passes, double *out) {
  size_t lines = n * sizeof(T) / 128, per = 128 / sizeof(T);
  size_t begin = blockIdx.x * lines / gridDim.x * per, end = (blockIdx.x + 1) * lines / gridDim.x * per;
  double tot = 0;
  for (unsigned p = 0; p < passes; p++) {
    size_t j = begin + threadIdx.x;
    for (; j + (U - 1) * (size_t)blockDim.x < end; j += U * (size_t)blockDim.x) {
      T v[U];
#pragma unroll
      for (int u = 0; u < U; u++) v[u] = ldcg(a + j + u * (size_t)blockDim.x);
#pragma unroll
      for (int u = 0; u < U; u++) tot += sum(v[u]);
    }
    for (; j < end; j += blockDim.x) tot += sum(ldcg(a + j));
  }
  put(out, tot);
}

// layout 0: gpu-l2-cache's (load i of block b at i*1024*C + (b%C)*1024 + tid); 1: contiguous chunk
template <typename T, int N>
__global__ void __launch_bounds__(1024) k_wave(const T *a, unsigned C, int contiguous, double *out) {
  unsigned c = blockIdx.x % C;
  T v[N];
#pragma unroll
  for (int i = 0; i < N; i++) {
    size_t idx = contiguous ? ((size_t)c * N + i) * 1024 + threadIdx.x : ((size_t)i * C + c) * 1024 + threadIdx.x;
    v[i] = ldcg(a + idx);
  }
  double tot = 0;
#pragma unroll
  for (int i = 0; i < N; i++) tot += sum(v[i]);
  put(out, tot);
}

__host__ __device__ inline void one(float4 &v) { v = make_float4(1, 1, 1, 1); }
__host__ __device__ inline void one(double &v) { v = 1; }
__host__ __device__ inline void one(double2 &v) { v = make_double2(1, 1); }
template <typename T> struct lanes;
template <> struct lanes<float4> { static constexpr double n = 4; };
template <> struct lanes<double> { static constexpr double n = 1; };
template <> struct lanes<double2> { static constexpr double n = 2; };
template <typename T> __global__ void fill(T *a, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) one(a[i]);
}

static cudaEvent_t e0, e1;
template <typename F> static float best_ms(F launch, int reps) {
  float best = 1e30f;
  for (int r = 0; r < reps; r++) {
    CK(cudaEventRecord(e0)); launch(); CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); best = std::min(best, ms);
  }
  return best;
}

template <typename T, int U> static void own(const char *name, size_t bytes, int threads) {
  T *a; double *out; size_t n = bytes / sizeof(T);
  CK(cudaMalloc(&a, bytes)); CK(cudaMalloc(&out, NOUT * 8)); fill<<<1024, 256>>>(a, n);
  int per_sm; cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  CK(cudaFuncSetAttribute(k_own<T, U>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_own<T, U>, threads, 0));
  unsigned blocks = per_sm * p.multiProcessorCount, passes = (unsigned)std::max<size_t>(1, (size_t)(40e9 / bytes));
  k_own<T, U><<<blocks, threads>>>(a, n, 1, out);
  CK(cudaMemset(out, 0, NOUT * 8));
  float ms = best_ms([&] { k_own<T, U><<<blocks, threads>>>(a, n, passes, out); }, 5);
  double h = total(out);
  double want = lanes<T>::n * n * passes * 5;
  printf("%-8s %6.1f MiB %4ux%-4d %9.1f GB/s %s\n", name, bytes / 1048576.0, blocks, threads, bytes * (double)passes / ms * 1e-6, h == want ? "verified" : "WRONG");
  CK(cudaFree(a)); CK(cudaFree(out));
}

template <typename T, int N> static void wave(const char *name, size_t bytes, int contiguous) {
  const size_t chunk = (size_t)N * 1024 * sizeof(T);
  unsigned C = (unsigned)std::max<size_t>(1, bytes / chunk);
  size_t n = (size_t)C * N * 1024;
  T *a; double *out;
  CK(cudaMalloc(&a, n * sizeof(T))); CK(cudaMalloc(&out, NOUT * 8)); fill<<<1024, 256>>>(a, n);
  CK(cudaFuncSetAttribute(k_wave<T, N>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  unsigned blocks = 100000;
  k_wave<T, N><<<blocks, 1024>>>(a, C, contiguous, out);
  CK(cudaMemset(out, 0, NOUT * 8));
  float ms = best_ms([&] { k_wave<T, N><<<blocks, 1024>>>(a, C, contiguous, out); }, 5);
  double h = total(out);
  double per_elem = lanes<T>::n;
  double want = per_elem * (double)N * 1024 * blocks * 5;
  printf("%-8s %6.1f MiB %6u x 1024 %9.1f GB/s %s\n", name, n * sizeof(T) / 1048576.0, blocks, chunk * (double)blocks / ms * 1e-6, h == want ? "verified" : "WRONG");
  CK(cudaFree(a)); CK(cudaFree(out));
}

int main() {
  CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  const double sets[] = {8, 12, 16, 20, 24};
  for (double mib : sets) {
    size_t b = (size_t)(mib * 1048576);
    own<float4, 8>("own16", b, 512);
    own<float4, 8>("own16", b, 1024);
    own<double, 16>("own8", b, 512);
    own<double, 16>("own8", b, 1024);
    own<double2, 16>("own16d", b, 512);
    wave<float4, 16>("wave16", b, 0);
    wave<float4, 16>("wavec16", b, 1);
    wave<double, 32>("wave8", b, 0);
    wave<double, 32>("wavec8", b, 1);
    wave<float4, 8>("wave16h", b, 0);
    printf("\n");
  }
  return 0;
}
