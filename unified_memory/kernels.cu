/* The GPU pass of rfl_unified_memory.  Each iteration loads four double2
 * vectors one grid stride apart before it stores any, so four independent
 * 16-byte loads per thread are in flight (the stores may alias the loads,
 * so the compiler cannot sink a load below a store); with a grid of every
 * block that fits at once this reaches device-memory bandwidth, and over
 * PCIe (zero-copy) it keeps enough requests outstanding to cover the
 * link's latency. */
#include "config.h"

#include "unified_memory/kernels.h"

namespace {

__device__ __forceinline__ double2 rmw(double2 v, double beta, double alpha)
{
    return make_double2(fma(v.x, beta, alpha), fma(v.y, beta, alpha));
}

__global__ void __launch_bounds__(1024) um_pass(double2 *a, size_t n_vec, double beta, double alpha)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
    for (; i + 3 * stride < n_vec; i += 4 * stride) {
        const double2 v0 = a[i];
        const double2 v1 = a[i + stride];
        const double2 v2 = a[i + 2 * stride];
        const double2 v3 = a[i + 3 * stride];
        a[i] = rmw(v0, beta, alpha);
        a[i + stride] = rmw(v1, beta, alpha);
        a[i + 2 * stride] = rmw(v2, beta, alpha);
        a[i + 3 * stride] = rmw(v3, beta, alpha);
    }
    for (; i < n_vec; i += stride)
        a[i] = rmw(a[i], beta, alpha);
}

} // namespace

extern "C" cudaError_t rfl_um_gpu_pass(double *a, size_t n, unsigned blocks, unsigned threads, double beta,
                                       double alpha, cudaStream_t stream)
{
    um_pass<<<blocks, threads, 0, stream>>>(reinterpret_cast<double2 *>(a), n / 2, beta, alpha);
    return cudaGetLastError();
}

extern "C" cudaError_t rfl_um_gpu_occupancy(unsigned threads, int *blocks_per_sm)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, um_pass, (int)threads, 0);
}
