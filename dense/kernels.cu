// rfl_dense's kernels: the row interchanges of a panel (LAPACK's laswp) applied to columns
// [c0, c1) of a column-major matrix on the device, a panel's pivots made global on the device
// (no host round trip a panel), and a QR panel's V and T^-1 for the block reflector.
#include "dense/kernels.h"

// The interchanges of pivots k0 .. k1-1 (at most RFL_DENSE_PERM_CHUNK) composed into one
// permutation of the rows they touch: perm[0] the rows that move, then their destinations
// (perm + 1) and sources (perm + 1 + 2 * CHUNK). One block: the sequential part is a walk in
// shared memory, so a column then moves in one gather instead of k1 - k0 dependent swaps.
__global__ void k_laswp_plan(const int *ipiv, int k0, int k1, int *perm)
{
    const int K = k1 - k0, C = RFL_DENSE_PERM_CHUNK;
    __shared__ int tgt[RFL_DENSE_PERM_CHUNK], first[RFL_DENSE_PERM_CHUNK], slot[RFL_DENSE_PERM_CHUNK];
    __shared__ int row[2 * RFL_DENSE_PERM_CHUNK], cur[2 * RFL_DENSE_PERM_CHUNK];
    __shared__ int slots;
    for (int k = threadIdx.x; k < K; k += blockDim.x)
        tgt[k] = ipiv[k0 + k] - 1;
    __syncthreads();
    // A target below the chunk's rows (>= k1) gets a slot of its own at its first occurrence.
    for (int k = threadIdx.x; k < K; k += blockDim.x) {
        int f = -1;
        if (tgt[k] >= k1) {
            f = k;
            for (int e = 0; e < k; e++)
                if (tgt[e] == tgt[k]) {
                    f = e;
                    break;
                }
        }
        first[k] = f;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        int extra = K;
        for (int k = 0; k < K; k++) {
            if (first[k] == k) {
                slot[k] = extra;
                row[extra++] = tgt[k];
            } else {
                slot[k] = first[k] >= 0 ? slot[first[k]] : tgt[k] - k0;
            }
        }
        slots = extra;
    }
    __syncthreads();
    for (int s = threadIdx.x; s < K; s += blockDim.x)
        row[s] = k0 + s;
    __syncthreads();
    for (int s = threadIdx.x; s < slots; s += blockDim.x)
        cur[s] = row[s];
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int k = 0; k < K; k++) {
            const int s = slot[k], v = cur[k];
            cur[k] = cur[s];
            cur[s] = v;
        }
        int moved = 0;
        for (int s = 0; s < slots; s++)
            if (cur[s] != row[s]) {
                perm[1 + moved] = row[s];
                perm[1 + 2 * C + moved] = cur[s];
                moved++;
            }
        perm[0] = moved;
    }
}

// Each block moves whole columns: the rows' values gathered from their sources into shared
// memory, then written to their destinations (in place: every read before any write).
template <typename T>
__global__ void k_laswp_apply(T *a, int lda, int c0, int c1, const int *perm)
{
    __shared__ T buf[2 * RFL_DENSE_PERM_CHUNK];
    const int moved = perm[0];
    const int *dst = perm + 1, *src = perm + 1 + 2 * RFL_DENSE_PERM_CHUNK;
    for (int c = c0 + blockIdx.x; c < c1; c += gridDim.x) {
        T *col = a + (size_t)c * lda;
        for (int s = threadIdx.x; s < moved; s += blockDim.x)
            buf[s] = col[src[s]];
        __syncthreads();
        for (int s = threadIdx.x; s < moved; s += blockDim.x)
            col[dst[s]] = buf[s];
        __syncthreads();
    }
}

extern "C" cudaError_t rfl_dense_laswp(int fp64, void *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv,
                                       int *perm, cudaStream_t stream)
{
    if (c1 <= c0 || k1 <= k0)
        return cudaSuccess;
    const int blocks = c1 - c0 < 2048 ? c1 - c0 : 2048;
    // Chunks in order: laswp's interchanges compose left to right.
    for (int k = k0; k < k1; k += RFL_DENSE_PERM_CHUNK) {
        const int ke = k1 - k < RFL_DENSE_PERM_CHUNK ? k1 : k + RFL_DENSE_PERM_CHUNK;
        k_laswp_plan<<<1, 1024, 0, stream>>>(ipiv, k, ke, perm);
        if (fp64)
            k_laswp_apply<double><<<blocks, 256, 0, stream>>>((double *)a, lda, c0, c1, perm);
        else
            k_laswp_apply<float><<<blocks, 256, 0, stream>>>((float *)a, lda, c0, c1, perm);
    }
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

template <typename T>
__global__ void k_qr_v(const T *a, int lda, int m, int n, const T *tau, T *v)
{
    const int j = blockIdx.y;
    const bool identity = tau[j] == T(0);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < m; i += gridDim.x * blockDim.x)
        v[i + (size_t)j * m] = identity || i < j ? T(0) : i == j ? T(1) : a[i + (size_t)j * lda];
}

template <typename T>
__global__ void k_qr_diagonal(T *u, int n, const T *tau)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        u[i + (size_t)i * n] = tau[i] == T(0) ? T(1) : T(1) / tau[i];
}

extern "C" cudaError_t rfl_dense_qr_v(int fp64, const void *a, int lda, int m, int n, const void *tau, void *v,
                                      cudaStream_t stream)
{
    if (m <= 0 || n <= 0)
        return cudaSuccess;
    const dim3 grid((m + 255) / 256 < 64 ? (m + 255) / 256 : 64, n);
    if (fp64)
        k_qr_v<double><<<grid, 256, 0, stream>>>((const double *)a, lda, m, n, (const double *)tau, (double *)v);
    else
        k_qr_v<float><<<grid, 256, 0, stream>>>((const float *)a, lda, m, n, (const float *)tau, (float *)v);
    return cudaGetLastError();
}

extern "C" cudaError_t rfl_dense_qr_diagonal(int fp64, void *u, int n, const void *tau, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    if (fp64)
        k_qr_diagonal<double><<<(n + 127) / 128, 128, 0, stream>>>((double *)u, n, (const double *)tau);
    else
        k_qr_diagonal<float><<<(n + 127) / 128, 128, 0, stream>>>((float *)u, n, (const float *)tau);
    return cudaGetLastError();
}

template <typename T> __global__ void k_identity(T *a, int n)
{
    const size_t count = (size_t)n * n;
    for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < count; e += (size_t)gridDim.x * blockDim.x)
        a[e] = e % n == e / n ? T(1) : T(0);
}

extern "C" cudaError_t rfl_dense_identity(int fp64, void *a, int n, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    const int blocks = (int)(((size_t)n * n + 255) / 256 < 1024 ? ((size_t)n * n + 255) / 256 : 1024);
    if (fp64)
        k_identity<double><<<blocks, 256, 0, stream>>>((double *)a, n);
    else
        k_identity<float><<<blocks, 256, 0, stream>>>((float *)a, n);
    return cudaGetLastError();
}

/* One block of 32 threads a 32 x 32 tile of inv (k x k, ld k): a diagonal tile the inverse of
 * a's lower triangular tile (thread c forward-substitutes column c; with unit, a's diagonal is
 * taken as ones, as LU's L), a tile above the diagonal zero, one below left for the caller. */
template <typename T> __global__ void k_invert_tiles(const T *a, int lda, T *inv, int k, int unit)
{
    const int ti = blockIdx.x, tj = blockIdx.y, c = threadIdx.x;
    T *out = inv + (size_t)tj * RFL_DENSE_TILE * k + (size_t)ti * RFL_DENSE_TILE;
    if (tj > ti)
        for (int i = 0; i < RFL_DENSE_TILE; i++)
            out[i + (size_t)c * k] = T(0);
    if (tj != ti)
        return;
    __shared__ T l[RFL_DENSE_TILE][RFL_DENSE_TILE + 1];
    const T *in = a + (size_t)ti * RFL_DENSE_TILE * (lda + 1);
    for (int i = 0; i < RFL_DENSE_TILE; i++)
        l[i][c] = in[i + (size_t)c * lda];
    __syncthreads();
    T x[RFL_DENSE_TILE];
#pragma unroll
    for (int i = 0; i < RFL_DENSE_TILE; i++) {
        T s = i == c ? T(1) : T(0);
#pragma unroll
        for (int p = 0; p < i; p++)
            s -= l[i][p] * x[p];
        x[i] = i < c ? T(0) : unit ? s : s / l[i][i];
    }
#pragma unroll
    for (int i = 0; i < RFL_DENSE_TILE; i++)
        out[i + (size_t)c * k] = x[i];
}

extern "C" cudaError_t rfl_dense_invert_tiles(int fp64, const void *a, int lda, void *inv, int k, int unit,
                                              cudaStream_t stream)
{
    if (k <= 0 || k % RFL_DENSE_TILE)
        return cudaErrorInvalidValue;
    const dim3 grid(k / RFL_DENSE_TILE, k / RFL_DENSE_TILE);
    if (fp64)
        k_invert_tiles<double><<<grid, RFL_DENSE_TILE, 0, stream>>>((const double *)a, lda, (double *)inv, k, unit);
    else
        k_invert_tiles<float><<<grid, RFL_DENSE_TILE, 0, stream>>>((const float *)a, lda, (float *)inv, k, unit);
    return cudaGetLastError();
}
