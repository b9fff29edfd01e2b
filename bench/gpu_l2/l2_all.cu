// Prototype (rfl): L2 read bandwidth with every block reading
// the whole data set from its own starting line (mode all) against each block
// reading its own chunk (mode own). 16-byte ld.global.cg loads, U in flight.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)

__device__ __forceinline__ float4 ldcg(const float4 *p) {
  float4 v;
  asm volatile("ld.global.cg.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}

template <int U>
__global__ void __launch_bounds__(1024) k_read(const float4 *a, unsigned n_vec, int all, unsigned passes, double *out) {
  unsigned lines = n_vec / 8, begin, len;
  if (all) { begin = 0; len = n_vec; }
  else {
    begin = (unsigned)((unsigned long long)blockIdx.x * lines / gridDim.x * 8);
    len = (unsigned)((unsigned long long)(blockIdx.x + 1) * lines / gridDim.x * 8) - begin;
  }
  const unsigned step = blockDim.x;
  const unsigned mine = threadIdx.x < len ? (len - threadIdx.x + step - 1) / step : 0;
  double total = 0;
  if (mine) {
    const float4 *first = a + begin + threadIdx.x;
    unsigned s = all ? (unsigned)((unsigned long long)blockIdx.x * mine / gridDim.x) : 0;
    const unsigned long long loads = (unsigned long long)mine * passes;
    float4 acc = make_float4(0, 0, 0, 0);
    unsigned fold = 0;
    unsigned long long q = 0;
    for (; q + U <= loads; q += U) {
      float4 v[U];
#pragma unroll
      for (int u = 0; u < U; u++) {
        unsigned k = s + u;
        k = k >= mine ? k - mine : k;
        k = k >= mine ? k % mine : k;
        v[u] = ldcg(first + (size_t)k * step);
      }
      s += U;
      while (s >= mine) s -= mine;
      float4 t = v[U - 1];
#pragma unroll
      for (int u = 0; u < U - 1; u++) { t.x += v[u].x; t.y += v[u].y; t.z += v[u].z; t.w += v[u].w; }
      acc.x += t.x; acc.y += t.y; acc.z += t.z; acc.w += t.w;
      if (++fold == 4096) { total += (double)acc.x + acc.y + acc.z + acc.w; acc = make_float4(0, 0, 0, 0); fold = 0; }
    }
    for (; q < loads; q++) {
      float4 v = ldcg(first + (size_t)s * step);
      if (++s == mine) s = 0;
      acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    }
    total += (double)acc.x + acc.y + acc.z + acc.w;
  }
  atomicAdd(out, total);
}

__global__ void fill(float4 *a, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) a[i] = make_float4(1, 1, 1, 1);
}

int main(int argc, char **argv) {
  // usage: l2_all MODE(own|all) THREADS PASSES MiB [MiB ...]   (one launch per data set for ncu: PASSES small)
  int all = strcmp(argv[1], "all") == 0;
  unsigned threads = atoi(argv[2]), passes = atoi(argv[3]);
  int reps = getenv("REPS") ? atoi(getenv("REPS")) : 7;
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  int per_sm = 0;
  CK(cudaFuncSetAttribute(k_read<8>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_read<8>, threads, 0));
  unsigned blocks = per_sm * p.multiProcessorCount;
  float4 *a; double *out;
  size_t maxb = 0;
  for (int i = 4; i < argc; i++) maxb = std::max(maxb, (size_t)(atof(argv[i]) * 1048576));
  CK(cudaMalloc(&a, maxb)); CK(cudaMalloc(&out, 8));
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  printf("mode %s, %u threads x %u blocks (%d per SM), %u passes, L2 %d B\n", all ? "all" : "own", threads, blocks, per_sm, passes, p.l2CacheSize);
  for (int i = 4; i < argc; i++) {
    unsigned n_vec = (unsigned)((size_t)(atof(argv[i]) * 1048576) / 16 / 1024 * 1024);
    fill<<<1024, 256>>>(a, n_vec);
    k_read<8><<<blocks, threads>>>(a, n_vec, all, 1, out); // warm the L2
    float best = 1e30f; int bad = 0;
    for (int r = 0; r < reps; r++) {
      CK(cudaMemset(out, 0, 8));
      CK(cudaEventRecord(e0));
      k_read<8><<<blocks, threads>>>(a, n_vec, all, passes, out);
      CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
      float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); best = std::min(best, ms);
      double h; CK(cudaMemcpy(&h, out, 8, cudaMemcpyDeviceToHost));
      double want = 4.0 * n_vec * passes * (all ? blocks : 1);
      if (h != want) { bad = 1; printf("  verify: %.17g != %.17g\n", h, want); }
    }
    double bytes = 16.0 * n_vec * passes * (all ? blocks : 1);
    printf("%8.2f MiB  %9.1f GB/s  %s\n", n_vec * 16.0 / 1048576, bytes / best * 1e-6, bad ? "WRONG" : "verified");
  }
  return 0;
}
