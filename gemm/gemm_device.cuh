/* Device helpers shared by the GEMM kernels: 16-byte vector types per
 * element type, cp.async (LDGSTS) with its commit/wait groups, the FP64
 * tensor-core MMAs, and the block order that keeps neighbouring blocks on
 * neighbouring tiles (so a wave of blocks shares its A and B panels in L2). */
#ifndef RFL_GEMM_DEVICE_CUH
#define RFL_GEMM_DEVICE_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include <type_traits>
#include <utility>

#include "gemm/gemm_kernels.h"

namespace rfl_gemm {

/* 16 bytes of T: float4 or double2, with compile-time element access. */
template <typename T> struct vec16;
template <> struct vec16<float> {
    typedef float4 type;
    static constexpr int n = 4;
    static __device__ __forceinline__ float get(const float4 &v, int i)
    {
        return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
    }
    static __device__ __forceinline__ void set(float4 &v, int i, float x)
    {
        if (i == 0) v.x = x; else if (i == 1) v.y = x; else if (i == 2) v.z = x; else v.w = x;
    }
};
template <> struct vec16<double> {
    typedef double2 type;
    static constexpr int n = 2;
    static __device__ __forceinline__ double get(const double2 &v, int i) { return i == 0 ? v.x : v.y; }
    static __device__ __forceinline__ void set(double2 &v, int i, double x)
    {
        if (i == 0) v.x = x; else v.y = x;
    }
};

__device__ __forceinline__ uint32_t smem_u32(const void *p)
{
    return (uint32_t)__cvta_generic_to_shared(p);
}

/* Global -> shared without a register round trip.  16-byte copies bypass
 * L1 (.cg); 4- and 8-byte copies (the transposing NN loads) must use .ca. */
template <int BYTES> __device__ __forceinline__ void cp_async(void *smem, const void *gmem)
{
    if constexpr (BYTES == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(smem)), "l"(gmem) : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(smem_u32(smem)), "l"(gmem), "n"(BYTES)
                     : "memory");
}
__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

/* D = A * B + D on the FP64 tensor cores (PTX ISA, mma.sync .f64).
 * m8n8k4, lane l (g = l / 4, t = l % 4): a = A[g][t], b = B[t][g],
 * d[i] = D[g][2t + i]. */
__device__ __forceinline__ void mma_884(double (&d)[2], double a, double b)
{
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[0]), "+d"(d[1])
                 : "d"(a), "d"(b));
}
/* m16n8k16 (sm_90): a[v0 + 2 v1] = A[g + 8 v0][t + 4 v1], b[v] = B[t + 4 v][g],
 * d[v0 + 2 v1] = D[g + 8 v1][2t + v0]. */
__device__ __forceinline__ void mma_16816(double (&d)[4], const double (&a)[8], const double (&b)[4])
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                 "{%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%0, %1, %2, %3};\n"
                 : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                 : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
                   "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}

/* Block -> (tile row, tile column), in groups of GROUP tile rows walked
 * column by column: the blocks resident at once cover a near-square patch
 * of C, so the A and B panels they read come from L2, not DRAM. */
template <int GROUP> __device__ __forceinline__ void tile_of_block(int tiles_m, int tiles_n, int &tm, int &tn)
{
    const int bid = blockIdx.x;
    const int per_group = GROUP * tiles_n;
    const int first = (bid / per_group) * GROUP;
    const int rows = min(tiles_m - first, GROUP);
    const int in_group = bid % per_group;
    tm = first + in_group % rows;
    tn = in_group / rows;
}

/* f(std::integral_constant<int, 0>), ..., f(...<N - 1>): a loop written
 * out at compile time, whatever the unroller's size limits. */
template <class F, int... I> __device__ __forceinline__ void static_for_seq(F &f, std::integer_sequence<int, I...>)
{
    (f(std::integral_constant<int, I>{}), ...);
}
template <int N, class F> __device__ __forceinline__ void static_for(F &&f)
{
    static_for_seq(f, std::make_integer_sequence<int, N>{});
}

/* The multistage main loop over `slices` slices of K: STAGES - 1 slices
 * loading ahead through cp.async, each slice computed once it is in, its
 * stage refilled once every thread is done with the slice it held.
 * load_slice(stage) and compute_slice(stage) take the stage as a
 * std::integral_constant; STAGES slices per trip, so every stage offset is
 * a compile-time constant (immediate offsets in the loads, no stage
 * arithmetic). */
template <int STAGES, class Load, class Compute>
__device__ __forceinline__ void multistage_mainloop(int slices, Load &load_slice, Compute &compute_slice)
{
    static_for<STAGES - 1>([&](auto s_c) {
        constexpr int s = decltype(s_c)::value;
        if (s < slices)
            load_slice(s_c);
        cp_async_commit();
    });
#pragma unroll 1
    for (int kt = 0; kt < slices; kt += STAGES) {
        static_for<STAGES>([&](auto s_c) {
            constexpr int s = decltype(s_c)::value;
            if (kt + s < slices) {
                cp_async_wait<STAGES - 2>();
                __syncthreads(); /* slice kt + s is in; all are done with the stage it replaces */
                if (kt + s + STAGES - 1 < slices)
                    load_slice(std::integral_constant<int, (s + STAGES - 1) % STAGES>{});
                cp_async_commit();
                compute_slice(s_c);
            }
        });
    }
}

} // namespace rfl_gemm

/* The table row (struct rfl_gemm_kernel) of the multistage kernel `sym` of
 * configuration `cfg` (tiled.cuh, kernels_dmma.cu): its family, element
 * type and FMA instruction, C elements per thread along m and n, and the
 * distinct words a warp's fragment load reads. */
#define RFL_GEMM_STAGED_ENTRY(sym, cfg, family, prec, op, tm, tn, lds_distinct)                                \
    {#sym, family, prec, op, cfg::NT, cfg::BM, cfg::BN, cfg::BK, cfg::WM, cfg::WN, tm, tn, cfg::STAGES,        \
     lds_distinct, cfg::THREADS, (size_t)cfg::SMEM, 1, (const void *)sym}

/* One extern "C" kernel per configuration, so its SASS carries its name:
 * `body` (tiled_gemm, dmma_gemm) of configuration `cfg`. */
#define RFL_GEMM_KERNEL(sym, cfg, min_blocks, body)                                                            \
    extern "C" __global__ void __launch_bounds__(cfg::THREADS, min_blocks) sym(const rfl_gemm_args p)         \
    {                                                                                                         \
        rfl_gemm::body<cfg>(p);                                                                               \
    }

/* A kernel file of one family: CONFIGS(X) lists its configurations, one
 * X(sym, min_blocks, the configuration template's arguments) each, and the
 * family's TYPE, KERNEL and ENTRY (macros of those arguments) make of each
 * a configuration type sym##_cfg, the kernel `sym` (min_blocks: the
 * blocks per SM __launch_bounds__ asks for, which caps the registers) and
 * its row of the table `array`, whose length is `count`. */
#define RFL_GEMM_KERNEL_FILE(CONFIGS, TYPE, KERNEL, ENTRY, array, count)                                       \
    namespace {                                                                                               \
    CONFIGS(TYPE)                                                                                             \
    }                                                                                                         \
    CONFIGS(KERNEL)                                                                                           \
    extern "C" const struct rfl_gemm_kernel array[] = {CONFIGS(ENTRY)};                                       \
    extern "C" const int count = sizeof array / sizeof array[0];

#endif
