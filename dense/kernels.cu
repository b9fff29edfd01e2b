// rfl_dense's kernels: the row interchanges of a panel (LAPACK's laswp)
// applied to columns [c0, c1) of a column-major matrix on the device (one
// thread a column walks the panel's pivots in order, as laswp does), and a
// panel's pivots made global on the device (no host round trip a panel).
#include "dense/kernels.h"

template <typename T>
__global__ void k_laswp(T *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv)
{
    const int c = c0 + blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= c1)
        return;
    T *col = a + (size_t)c * lda;
    for (int k = k0; k < k1; k++) {
        const int p = ipiv[k] - 1;
        if (p != k) {
            const T v = col[k];
            col[k] = col[p];
            col[p] = v;
        }
    }
}

extern "C" cudaError_t rfl_dense_laswp(int fp64, void *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv,
                                       cudaStream_t stream)
{
    if (c1 <= c0 || k1 <= k0)
        return cudaSuccess;
    const int threads = 128, blocks = (c1 - c0 + threads - 1) / threads;
    if (fp64)
        k_laswp<double><<<blocks, threads, 0, stream>>>((double *)a, lda, c0, c1, k0, k1, ipiv);
    else
        k_laswp<float><<<blocks, threads, 0, stream>>>((float *)a, lda, c0, c1, k0, k1, ipiv);
    return cudaGetLastError();
}

__global__ void k_ipiv_offset(int *ipiv, int n, int offset)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        ipiv[i] += offset;
}

extern "C" cudaError_t rfl_dense_ipiv_offset(int *ipiv, int n, int offset, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    k_ipiv_offset<<<(n + 127) / 128, 128, 0, stream>>>(ipiv, n, offset);
    return cudaGetLastError();
}
