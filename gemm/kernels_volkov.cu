/* `volkov`: the matrix-matrix multiply of Volkov and Demmel (2008), Fig. 4,
 * as the historical reference.  A "vector thread" of 64 scalar threads
 * (two warps) owns a 64x16 block of C in registers (16 values a thread,
 * one row of the block each); the 16x16 block of B (B^T for nt) sits in
 * shared memory, row-major, so the inner loop reads it with stride 1 and
 * every thread of the warp reads the same address (a broadcast); A streams
 * from global memory one 64x1 column at a time, coalesced.
 *
 * On GT200 the multiply-add took its B operand from shared memory; sm_90
 * has no such instruction, so each row of b[][] is read into registers
 * with 16-byte shared loads (four LDS.128 per 16 FFMAs in FP32), the
 * closest modern form of the paper's loop. */
#include "config.h"

#include "gemm/gemm_device.cuh"
#include "gemm/gemm_kernels.h"

using namespace rfl_gemm;

namespace {

constexpr int VL = 64; /* vector length: threads per block */
constexpr int BLK = 16;

template <typename T, bool NT> __device__ __forceinline__ void volkov_gemm(const rfl_gemm_args &p)
{
    typedef vec16<T> V;
    typedef typename V::type VT;
    /* One 16-byte pad per row keeps the rows aligned for the vector reads
     * and halves the bank conflicts of the transposing store (the paper
     * pads by one word; a word would break the 16-byte alignment). */
    __shared__ __align__(16) T b[BLK][BLK + V::n];
    const T *__restrict__ A = (const T *)p.a;
    const T *__restrict__ B = (const T *)p.b;
    T *__restrict__ C = (T *)p.c;
    const int tid = threadIdx.x;
    const int row = blockIdx.x * VL + tid;
    const int n0 = blockIdx.y * BLK;
    const T *a = A + row;
    T c[BLK];
#pragma unroll
    for (int j = 0; j < BLK; j++)
        c[j] = T(0);

#pragma unroll 1
    for (int k0 = 0; k0 < p.k; k0 += BLK) {
        /* b[1:16][1:16] = next 16x16 block of B (nn: transposed on the way) */
#pragma unroll
        for (int q = 0; q < BLK * BLK / VL; q++) {
            if (NT) {
                const int j = tid % BLK, kk = tid / BLK + q * (VL / BLK);
                b[kk][j] = B[(size_t)(n0 + j) + (size_t)(k0 + kk) * p.ldb];
            } else {
                const int j = tid / 4, kk = (tid % 4) * 4 + q;
                b[kk][j] = B[(size_t)(k0 + kk) + (size_t)(n0 + j) * p.ldb];
            }
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < BLK; i++) {
            const T ai = a[(size_t)(k0 + i) * p.lda]; /* next 64x1 column of A */
            VT bv[BLK / V::n];
#pragma unroll
            for (int q = 0; q < BLK / V::n; q++)
                bv[q] = *reinterpret_cast<const VT *>(&b[i][q * V::n]);
#pragma unroll
            for (int j = 0; j < BLK; j++) /* rank-1 update of C's block */
                c[j] = fma(ai, V::get(bv[j / V::n], j % V::n), c[j]);
        }
        __syncthreads();
    }
    const T alpha = (T)p.alpha, beta = (T)p.beta;
#pragma unroll
    for (int j = 0; j < BLK; j++) {
        T *cp = C + row + (size_t)(n0 + j) * p.ldc;
        *cp = beta == T(0) ? alpha * c[j] : alpha * c[j] + beta * *cp;
    }
}

} // namespace

extern "C" __global__ void __launch_bounds__(VL) rfl_gemm_volkov_f32_nn(const rfl_gemm_args p)
{
    volkov_gemm<float, false>(p);
}
extern "C" __global__ void __launch_bounds__(VL) rfl_gemm_volkov_f32_nt(const rfl_gemm_args p)
{
    volkov_gemm<float, true>(p);
}
extern "C" __global__ void __launch_bounds__(VL) rfl_gemm_volkov_f64_nn(const rfl_gemm_args p)
{
    volkov_gemm<double, false>(p);
}
extern "C" __global__ void __launch_bounds__(VL) rfl_gemm_volkov_f64_nt(const rfl_gemm_args p)
{
    volkov_gemm<double, true>(p);
}

#define VOLKOV(sym, prec, op, nt, bytes)                                                                      \
    {#sym, RFL_GEMM_VOLKOV, prec, op, nt,                                                                      \
     VL, BLK, BLK, 0, 0, 1, BLK, 1, 1, VL, (size_t)BLK * (BLK + 16 / (bytes)) * (bytes), 0, (const void *)sym}

extern "C" const struct rfl_gemm_kernel rfl_gemm_volkov_kernels[] = {
    VOLKOV(rfl_gemm_volkov_f32_nn, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 0, 4),
    VOLKOV(rfl_gemm_volkov_f32_nt, RFL_GEMM_FP32, RFL_GEMM_OP_FFMA, 1, 4),
    VOLKOV(rfl_gemm_volkov_f64_nn, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 0, 8),
    VOLKOV(rfl_gemm_volkov_f64_nt, RFL_GEMM_FP64, RFL_GEMM_OP_DFMA, 1, 8),
};
extern "C" const int rfl_gemm_volkov_count = sizeof rfl_gemm_volkov_kernels / sizeof rfl_gemm_volkov_kernels[0];
