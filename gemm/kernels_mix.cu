/* `--mode mix`: the throughput of FMA-class instructions mixed with the
 * shared loads they depend on (Lai and Seznec, Section 4.1, Fig. 2, the
 * "dependent" case of Fig. 4): groups of NL loads of W bytes followed by
 * NF FFMA, DFMA or DMMA that read what the loads returned.  Each warp's
 * lanes read 8 distinct W-byte words (lane % 8), the pattern of the GEMM
 * fragments: one shared-memory wavefront a load.  The loads are volatile
 * PTX at fixed offsets, so each runs every time and nothing else sits in
 * the loop but its counter.  Also: the L2 read bandwidth of the memory
 * bound (Eq. 6). */
#include "config.h"

#include "gemm/gemm_device.cuh"
#include "gemm/gemm_kernels.h"
#include "gpu/gpu_device.cuh"

using namespace rfl_gemm;

namespace {

template <int W, typename T> __device__ __forceinline__ void lds(uint32_t addr, T *v);
template <> __device__ __forceinline__ void lds<4, float>(uint32_t a, float *v)
{
    asm volatile("ld.volatile.shared.f32 %0, [%1];" : "=f"(v[0]) : "r"(a));
}
template <> __device__ __forceinline__ void lds<8, float>(uint32_t a, float *v)
{
    asm volatile("ld.volatile.shared.v2.f32 {%0, %1}, [%2];" : "=f"(v[0]), "=f"(v[1]) : "r"(a));
}
template <> __device__ __forceinline__ void lds<16, float>(uint32_t a, float *v)
{
    asm volatile("ld.volatile.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[0]), "=f"(v[1]), "=f"(v[2]), "=f"(v[3]) : "r"(a));
}
template <> __device__ __forceinline__ void lds<8, double>(uint32_t a, double *v)
{
    asm volatile("ld.volatile.shared.f64 %0, [%1];" : "=d"(v[0]) : "r"(a));
}
template <> __device__ __forceinline__ void lds<16, double>(uint32_t a, double *v)
{
    asm volatile("ld.volatile.shared.v2.f64 {%0, %1}, [%2];" : "=d"(v[0]), "=d"(v[1]) : "r"(a));
}

constexpr int BUF_BYTES = 8192;

/* FFMA / DFMA: a group is NL loads of W bytes, then NF FMAs, FMA f taking
 * loaded values 2f and 2f + 1 (mod the values loaded) as its product, as
 * the outer product of a GEMM does (NF * 2 must cover the values, or the
 * compiler narrows the loads to what is used).
 * DMMA: a group is the outer product of MI A fragments and NI B fragments
 * (NF = MI * NI MMAs on NL = MI * a + NI * b loads), as in the dmma kernel. */
template <int OP, int W, int D, int NF, int NL, int MI = 1, int NI = 1>
__device__ __forceinline__ void mix_body(unsigned long long iterations, void *out, rfl_gpu_clock *clk)
{
    typedef typename std::conditional<OP == RFL_GEMM_OP_FFMA, float, double>::type T;
    constexpr bool DMMA = OP == RFL_GEMM_OP_DMMA884 || OP == RFL_GEMM_OP_DMMA16816;
    constexpr int WORDS = W / (int)sizeof(T);
    constexpr int PER = NL > 0 ? NL * WORDS : 2; /* values loaded per group */
    constexpr int GROUP = NF + NL;
    constexpr int U = GROUP >= 256 ? 1 : 256 / GROUP;
    constexpr int NACC = DMMA ? MI * NI : 8;
    constexpr int FA = OP == RFL_GEMM_OP_DMMA16816 ? 8 : 1, FB = OP == RFL_GEMM_OP_DMMA16816 ? 4 : 1;
    static_assert(!DMMA || (NF == MI * NI && (NL == 0 || NL == MI * FA + NI * FB)), "DMMA groups");
    static_assert(DMMA || NL == 0 || 2 * NF >= PER, "every loaded value is used");
    __shared__ __align__(16) T buf[BUF_BYTES / sizeof(T)];
    for (int i = threadIdx.x; i < BUF_BYTES / (int)sizeof(T); i += blockDim.x)
        buf[i] = (T)(1 + (i & 7)) * (T)1e-3;
    __syncthreads();
    /* Lane l reads word l % D of a row: D distinct words a warp (1: a broadcast). */
    constexpr int ROW = D * W > 128 ? D * W : 128, ROWS = BUF_BYTES / ROW;
    const uint32_t base = smem_u32(buf) + (threadIdx.x % D) * W;
    T acc[DMMA ? 1 : NACC];
    double dacc[DMMA ? NACC : 1][OP == RFL_GEMM_OP_DMMA16816 ? 4 : 2];
#pragma unroll
    for (int i = 0; i < (DMMA ? 1 : NACC); i++)
        acc[i] = (T)i;
#pragma unroll
    for (int i = 0; i < (DMMA ? NACC : 1); i++)
#pragma unroll
        for (int v = 0; v < (OP == RFL_GEMM_OP_DMMA16816 ? 4 : 2); v++)
            dacc[i][v] = 0.0;
    T v[PER];
#pragma unroll
    for (int i = 0; i < PER; i++)
        v[i] = buf[i];
    RFL_GPU_CLOCK_BEGIN(clk)
#pragma unroll 1
    for (unsigned long long it = 0; it < iterations; it++) {
        static_for<U>([&](auto u_c) {
            constexpr int u = decltype(u_c)::value;
            static_for<NL>([&](auto l_c) {
                constexpr int l = decltype(l_c)::value;
                lds<W, T>(base + ((u * NL + l) % ROWS) * ROW, &v[l * WORDS]);
            });
            if constexpr (!DMMA) {
                static_for<NF>([&](auto f_c) {
                    constexpr int f = decltype(f_c)::value;
                    constexpr int slot = (u * NF + f) % NACC;
                    acc[slot] = fma(v[(2 * f) % PER], v[(2 * f + 1) % PER], acc[slot]);
                });
            } else {
                /* Fragments in load order: MI A fragments, then NI B fragments. */
                static_for<MI>([&](auto i_c) {
                    constexpr int i = decltype(i_c)::value;
                    static_for<NI>([&](auto j_c) {
                        constexpr int j = decltype(j_c)::value;
                        if constexpr (OP == RFL_GEMM_OP_DMMA884) {
                            mma_884(dacc[i * NI + j], (double)v[i % PER], (double)v[(MI + j) % PER]);
                        } else {
                            double a[8], b[4];
#pragma unroll
                            for (int q = 0; q < 8; q++)
                                a[q] = (double)v[(i * 8 + q) % PER];
#pragma unroll
                            for (int q = 0; q < 4; q++)
                                b[q] = (double)v[(MI * 8 + j * 4 + q) % PER];
                            mma_16816(dacc[i * NI + j], a, b);
                        }
                    });
                });
            }
        });
    }
    RFL_GPU_CLOCK_END(clk)
    double sum = 0.0;
#pragma unroll
    for (int i = 0; i < (DMMA ? 1 : NACC); i++)
        sum += (double)acc[i];
#pragma unroll
    for (int i = 0; i < (DMMA ? NACC : 1); i++)
#pragma unroll
        for (int q = 0; q < (OP == RFL_GEMM_OP_DMMA16816 ? 4 : 2); q++)
            sum += dacc[i][q];
#pragma unroll
    for (int i = 0; i < PER; i++)
        sum += (double)v[i];
    ((double *)out)[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void k_l2_read(const float4 *buf, size_t n4, unsigned passes, unsigned long long *sink)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (unsigned p = 0; p < passes; p++)
        for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
            const float4 v = __ldcg(buf + i);
            acc += v.x + v.y + v.z + v.w;
        }
    if (acc == 1234.5f) /* never, but the compiler cannot know */
        *sink = 1;
}

} // namespace

#define MIX_NAME(opname, w, d, nf, nl) rfl_gemm_mix_##opname##_lds##w##_d##d##_##nf##x##nl
#define MIX(op, opname, w, d, nf, nl, mi, ni)                                                                  \
    extern "C" __global__ void __launch_bounds__(RFL_GEMM_MIX_THREADS)                                        \
        MIX_NAME(opname, w, d, nf, nl)(unsigned long long iterations, void *out, rfl_gpu_clock *clk)          \
    {                                                                                                         \
        mix_body<op, w, d, nf, nl, mi, ni>(iterations, out, clk);                                             \
    }
#define MIX_ENTRY(op, opname, w, d, nf, nl, mi, ni)                                                            \
    {"rfl_gemm_mix_" #opname "_lds" #w "_d" #d "_" #nf "x" #nl,                                              \
     op,                                                                                                      \
     w,                                                                                                       \
     d,                                                                                                       \
     nf,                                                                                                      \
     nl,                                                                                                      \
     ((nf) + (nl)) >= 256 ? 1 : 256 / ((nf) + (nl)),                                                          \
     (const void *)MIX_NAME(opname, w, d, nf, nl),                                                            \
     mix_launch<MIX_NAME(opname, w, d, nf, nl)>},

/* FMA:LDS ratios 1 (where a load's values fit two operands) to 64, and no loads; 8 distinct
 * words a warp (the tiled fragments), and, for 16-byte loads, a broadcast (volkov's B row). */
#define RATIOS(X, op, opname, w, d)                                                                            \
    X(op, opname, w, d, 2, 1, 1, 1) X(op, opname, w, d, 4, 1, 1, 1) X(op, opname, w, d, 8, 1, 1, 1)          \
    X(op, opname, w, d, 16, 1, 1, 1) X(op, opname, w, d, 32, 1, 1, 1) X(op, opname, w, d, 64, 1, 1, 1)
#define FMA_MIXES(X, op, opname)                                                                               \
    X(op, opname, 4, 8, 1, 1, 1, 1) RATIOS(X, op, opname, 4, 8)                                              \
    X(op, opname, 8, 8, 1, 1, 1, 1) RATIOS(X, op, opname, 8, 8)                                              \
    RATIOS(X, op, opname, 16, 8) RATIOS(X, op, opname, 16, 1) X(op, opname, 16, 8, 64, 0, 1, 1)
#define DFMA_MIXES(X, op, opname)                                                                              \
    X(op, opname, 8, 8, 1, 1, 1, 1) RATIOS(X, op, opname, 8, 8)                                              \
    X(op, opname, 16, 8, 1, 1, 1, 1) RATIOS(X, op, opname, 16, 8)                                            \
    X(op, opname, 16, 1, 1, 1, 1, 1) RATIOS(X, op, opname, 16, 1) X(op, opname, 16, 8, 64, 0, 1, 1)
/* DMMA outer products MI x NI: MMAs MI * NI on MI * a + NI * b LDS.64, every lane its own
 * word (the fragments' pattern: two wavefronts a load). */
#define DMMA_MIXES(X)                                                                                          \
    X(RFL_GEMM_OP_DMMA884, dmma884, 8, 32, 1, 2, 1, 1) X(RFL_GEMM_OP_DMMA884, dmma884, 8, 32, 4, 4, 2, 2)     \
    X(RFL_GEMM_OP_DMMA884, dmma884, 8, 32, 16, 8, 4, 4) X(RFL_GEMM_OP_DMMA884, dmma884, 8, 32, 32, 12, 8, 4)  \
    X(RFL_GEMM_OP_DMMA884, dmma884, 8, 32, 16, 0, 4, 4)                                                       \
    X(RFL_GEMM_OP_DMMA16816, dmma16816, 8, 32, 1, 12, 1, 1)                                                   \
    X(RFL_GEMM_OP_DMMA16816, dmma16816, 8, 32, 4, 24, 2, 2)                                                   \
    X(RFL_GEMM_OP_DMMA16816, dmma16816, 8, 32, 8, 32, 2, 4)                                                   \
    X(RFL_GEMM_OP_DMMA16816, dmma16816, 8, 32, 16, 48, 4, 4)                                                  \
    X(RFL_GEMM_OP_DMMA16816, dmma16816, 8, 32, 16, 0, 4, 4)

FMA_MIXES(MIX, RFL_GEMM_OP_FFMA, ffma)
DFMA_MIXES(MIX, RFL_GEMM_OP_DFMA, dfma)
DMMA_MIXES(MIX)

template <void (*K)(unsigned long long, void *, rfl_gpu_clock *)>
cudaError_t mix_launch(unsigned blocks, unsigned threads, unsigned long long iterations, void *out,
                       rfl_gpu_clock *clk, cudaStream_t s)
{
    K<<<blocks, threads, 0, s>>>(iterations, out, clk);
    return cudaGetLastError();
}

static const struct rfl_gemm_mix_kernel mix_table[] = {
    FMA_MIXES(MIX_ENTRY, RFL_GEMM_OP_FFMA, ffma)
    DFMA_MIXES(MIX_ENTRY, RFL_GEMM_OP_DFMA, dfma)
    DMMA_MIXES(MIX_ENTRY)
};

extern "C" const struct rfl_gemm_mix_kernel *rfl_gemm_mix_table(int *count)
{
    *count = (int)(sizeof mix_table / sizeof mix_table[0]);
    return mix_table;
}

extern "C" cudaError_t rfl_gemm_l2_read(const void *buf, size_t n, unsigned passes, unsigned blocks,
                                        unsigned long long *sink, cudaStream_t s)
{
    k_l2_read<<<blocks, 256, 0, s>>>((const float4 *)buf, n / 16, passes, sink);
    return cudaGetLastError();
}
