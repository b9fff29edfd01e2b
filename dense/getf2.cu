// rfl_dense's LU leaf: the partial-pivoting LU of a tall panel at most RFL_DENSE_GETF2_MAX_W
// columns wide in one cooperative kernel. cuSOLVER's getrf spends about 7 us a column on such a
// panel (H200, docs/PERFORMANCE.md): a launch or more per column for the pivot search, the swap
// and the rank-1 update. Here each block keeps its rows of the panel in shared memory for the
// whole leaf, and a column costs one grid-wide barrier: every block publishes its best candidate
// row (and the owner of the diagonal row that row), then every block picks the same winner from
// the candidates, swaps and updates its own rows. Candidates alternate between two buffers, so a
// block still reading column k's while a faster one writes column k + 1's cannot collide.
#include "dense/kernels.h"

#include <cooperative_groups.h>
#include <climits>

namespace cg = cooperative_groups;

#define THREADS 256
#define WARPS (THREADS / 32)

// The better of two candidates: the larger magnitude, on a tie the smaller row (LAPACK's
// i?amax takes the first).
__device__ static void better(double &v, int &row, double v2, int row2)
{
    if (v2 > v || (v2 == v && row2 < row)) {
        v = v2;
        row = row2;
    }
}

// The block's best (v, row) into *out_v, *out_row for every thread; red_* are __shared__.
__device__ static void block_best(double v, int row, double *red_v, int *red_row, double *out_v, int *out_row)
{
    for (int o = 16; o > 0; o >>= 1)
        better(v, row, __shfl_down_sync(0xffffffffu, v, o), __shfl_down_sync(0xffffffffu, row, o));
    if ((threadIdx.x & 31) == 0) {
        red_v[threadIdx.x >> 5] = v;
        red_row[threadIdx.x >> 5] = row;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int i = 1; i < WARPS; i++)
            better(v, row, red_v[i], red_row[i]);
        *out_v = v;
        *out_row = row;
    }
    __syncthreads();
}

// Scratch layout (global, RFL_DENSE_GETF2_SCRATCH bytes): per buffer and block, the candidate's
// magnitude, its row and its w values; per buffer, the diagonal row's w values.
template <typename T> struct scratch_view {
    double *cand_v;
    int *cand_row;
    T *cand_vals, *diag_vals;
    __device__ scratch_view(void *s, int grid)
    {
        cand_v = (double *)s;
        cand_row = (int *)(cand_v + 2 * grid);
        cand_vals = (T *)(cand_row + 2 * grid + 2); // + 2 ints: 8-byte alignment for any grid
        diag_vals = cand_vals + 2 * grid * RFL_DENSE_GETF2_MAX_W;
    }
};

// a: the panel's first element (m x w, leading dimension lda); ipiv[k] = row_offset + pivot + 1;
// info: set to row_offset + k + 1 at the first exactly zero pivot (column k), as getrf's.
template <typename T>
__global__ void __launch_bounds__(THREADS) k_getf2(T *a, int lda, int m, int w, int rows_per_block, int *ipiv,
                                                   int row_offset, int *info, void *scratch)
{
    cg::grid_group grid = cg::this_grid();
    extern __shared__ unsigned char smem_raw[];
    T *s = reinterpret_cast<T *>(smem_raw); // rows_per_block x w, column-major
    __shared__ double red_v[WARPS], best_v;
    __shared__ int red_row[WARPS], best_row;
    __shared__ T prow[RFL_DENSE_GETF2_MAX_W], drow[RFL_DENSE_GETF2_MAX_W];
    const int G = gridDim.x, b = blockIdx.x, r0 = b * rows_per_block, ld = rows_per_block;
    const int nr = max(0, min(rows_per_block, m - r0));
    scratch_view<T> sc(scratch, G);
    for (int e = threadIdx.x; e < nr * w; e += THREADS)
        s[e % nr + e / nr * ld] = a[r0 + e % nr + (size_t)(e / nr) * lda];
    __syncthreads();
    for (int k = 0; k < w; k++) {
        const int buf = k & 1;
        // This block's candidate: its largest |a(i, k)|, i >= k.
        double v = -1;
        int row = INT_MAX;
        for (int i = threadIdx.x; i < nr; i += THREADS)
            if (r0 + i >= k)
                better(v, row, fabs((double)s[i + k * ld]), r0 + i);
        block_best(v, row, red_v, red_row, &best_v, &best_row);
        if (threadIdx.x == 0) {
            __stcg(&sc.cand_v[buf * G + b], best_v);
            __stcg(&sc.cand_row[buf * G + b], best_row);
        }
        if (threadIdx.x < w) {
            const int j = threadIdx.x;
            if (best_v >= 0)
                __stcg(&sc.cand_vals[((size_t)buf * G + b) * RFL_DENSE_GETF2_MAX_W + j], s[best_row - r0 + j * ld]);
            if (k >= r0 && k < r0 + nr)
                __stcg(&sc.diag_vals[buf * RFL_DENSE_GETF2_MAX_W + j], s[k - r0 + j * ld]);
        }
        __threadfence();
        grid.sync();
        // The winner, the same in every block: the candidates read past L1 (__ldcg), which may
        // hold this buffer's values of two columns ago.
        v = -1;
        row = INT_MAX;
        for (int g = threadIdx.x; g < G; g += THREADS) {
            const double cv = __ldcg(&sc.cand_v[buf * G + g]);
            const int cr = __ldcg(&sc.cand_row[buf * G + g]);
            if (cv >= 0)
                better(v, row, cv, cr);
        }
        block_best(v, row, red_v, red_row, &best_v, &best_row);
        const int p = best_v >= 0 ? best_row : k; // no candidate (NaN column): no interchange
        if (threadIdx.x < w) {
            const int j = threadIdx.x;
            const int from = p / rows_per_block; // the owner of row p: its candidate won
            prow[j] = p == k || best_v < 0 ? __ldcg(&sc.diag_vals[buf * RFL_DENSE_GETF2_MAX_W + j])
                                           : __ldcg(&sc.cand_vals[((size_t)buf * G + from) * RFL_DENSE_GETF2_MAX_W + j]);
            drow[j] = __ldcg(&sc.diag_vals[buf * RFL_DENSE_GETF2_MAX_W + j]);
        }
        __syncthreads();
        const T pivot = prow[k];
        const bool zero = pivot == T(0);
        if (b == 0 && threadIdx.x == 0) {
            ipiv[k] = row_offset + (zero ? k : p) + 1;
            if (zero)
                atomicCAS(info, 0, row_offset + k + 1);
        }
        if (!zero && p != k && threadIdx.x < w) { // getrf interchanges only at a nonzero pivot
            const int j = threadIdx.x;
            if (k >= r0 && k < r0 + nr)
                s[k - r0 + j * ld] = prow[j];
            if (p >= r0 && p < r0 + nr)
                s[p - r0 + j * ld] = drow[j];
        }
        __syncthreads();
        if (!zero)
            for (int i = threadIdx.x; i < nr; i += THREADS) {
                if (r0 + i <= k)
                    continue;
                const T l = s[i + k * ld] / pivot;
                s[i + k * ld] = l;
                for (int j = k + 1; j < w; j++)
                    s[i + j * ld] -= l * prow[j];
            }
        __syncthreads();
    }
    for (int e = threadIdx.x; e < nr * w; e += THREADS)
        a[r0 + e % nr + (size_t)(e / nr) * lda] = s[e % nr + e / nr * ld];
}

// Blocks for an m x w panel of es-byte elements: enough that each block's rows fit in the
// shared memory it is given, at least 32 (or one per SM, if fewer) so the loads and updates
// spread, never more than can be resident at once (a cooperative launch's condition).
static int grid_for(int m, int w, size_t es, int sms, int *rows_per_block, size_t *smem)
{
    const size_t per_block = 160 * 1024;
    const size_t need = ((size_t)m * w * es + per_block - 1) / per_block;
    int spread = sms < 32 ? sms : 32;
    if (spread > (m + 63) / 64)
        spread = (m + 63) / 64;
    int g = (int)need > spread ? (int)need : spread;
    if (g > sms || g > RFL_DENSE_GETF2_MAX_GRID)
        return 0;
    *rows_per_block = (m + g - 1) / g;
    g = (m + *rows_per_block - 1) / *rows_per_block;
    *smem = (size_t)*rows_per_block * w * es;
    return g;
}

template <typename T>
static cudaError_t launch(T *a, int lda, int m, int w, int *ipiv, int row_offset, int *info, void *scratch,
                          cudaStream_t stream, int *done)
{
    static int sms = 0, max_smem = 0; // one device per process (rfl_dense_gpu_open)
    if (!sms) {
        int dev;
        cudaError_t e = cudaGetDevice(&dev);
        if (e == cudaSuccess)
            e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
        if (e == cudaSuccess)
            e = cudaDeviceGetAttribute(&max_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
        if (e != cudaSuccess)
            return e;
    }
    int rows_per_block;
    size_t smem;
    const int g = grid_for(m, w, sizeof(T), sms, &rows_per_block, &smem);
    // The static shared arrays need their few hundred bytes beside the rows.
    if (!g || smem + 2048 > (size_t)max_smem)
        return cudaSuccess; // *done stays 0: the caller factors it otherwise
    cudaError_t e = cudaFuncSetAttribute(k_getf2<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    int per_sm = 0;
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_getf2<T>, THREADS, smem);
    if (e != cudaSuccess || per_sm * sms < g)
        return e;
    void *args[] = {&a, &lda, &m, &w, &rows_per_block, &ipiv, &row_offset, &info, &scratch};
    e = cudaLaunchCooperativeKernel((const void *)k_getf2<T>, g, THREADS, args, smem, stream);
    *done = e == cudaSuccess;
    return e;
}

extern "C" cudaError_t rfl_dense_getf2(int fp64, void *a, int lda, int m, int w, int *ipiv, int row_offset,
                                       int *info, void *scratch, cudaStream_t stream, int *done)
{
    *done = 0;
    if (m <= 0 || w <= 0 || w > RFL_DENSE_GETF2_MAX_W || w > m)
        return cudaSuccess;
    return fp64 ? launch((double *)a, lda, m, w, ipiv, row_offset, info, scratch, stream, done)
                : launch((float *)a, lda, m, w, ipiv, row_offset, info, scratch, stream, done);
}
