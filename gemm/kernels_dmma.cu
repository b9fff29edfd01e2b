/* `dmma`: DGEMM on the FP64 tensor cores with mma.sync (PTX .f64 shapes
 * m8n8k4, the sm_80 DMMA.8x8x4, and m16n8k16, sm_90's DMMA.16x8x16).
 *
 *  - a block computes a BM x BN tile of C, each warp a WM x WN part of it
 *    as (WM / MMA_M) x (WN / 8) MMA tiles whose accumulators stay in
 *    registers;
 *  - BK-deep slices of A and B go through a STAGES-deep ring of shared
 *    buffers, 16 bytes per cp.async, with no transposition for either
 *    layout: A as As[k][m] (m contiguous, as in memory), B as Bs[k][n] for
 *    nt and Bs[n][k] for nn (k contiguous, as in memory);
 *  - each fragment element is one 8-byte shared load (LDS.64): lane l
 *    reads row l % 4 (+4 v) and column l / 4 (+8 v) of a tile, so the rows
 *    are padded to 4 mod 16 doubles, which puts the 16 lanes of each half
 *    warp on 16 different bank pairs;
 *  - the loop takes STAGES slices a trip (compile-time stage offsets), and
 *    blocks walk C in groups of 16 tile rows, as in `tiled`. */
#include "config.h"

#include "gemm/gemm_device.cuh"
#include "gemm/gemm_kernels.h"

namespace rfl_gemm {

template <int BM_, int BN_, int BK_, int WM_, int WN_, int STAGES_, int SHAPE_, bool NT_> struct DmmaCfg {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, WM = WM_, WN = WN_, STAGES = STAGES_, SHAPE = SHAPE_;
    static constexpr bool NT = NT_;
    static constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
    static constexpr int THREADS = WARPS_M * WARPS_N * 32;
    static constexpr int MM = SHAPE == 884 ? 8 : 16, KM = SHAPE == 884 ? 4 : 16;
    static constexpr int MI = WM / MM, NI = WN / 8;
    static constexpr int ACC = SHAPE == 884 ? 2 : 4; /* accumulators per MMA tile and lane */
    static constexpr int LDA = BM + 4;               /* As[k][m] */
    static constexpr int LDB = NT ? BN + 4 : BK + 4; /* Bs[k][n] (nt), Bs[n][k] (nn) */
    static constexpr int A_STAGE = BK * LDA, B_STAGE = NT ? BK * LDB : BN * LDB;
    static constexpr int SMEM = STAGES * (A_STAGE + B_STAGE) * 8;
    static constexpr int TPC = THREADS / BK;       /* threads per k column (A, B^T) */
    static constexpr int A_VECS = BM / 2 / TPC, BT_VECS = BN / 2 / TPC;
    static constexpr int TPN = BK / 2;             /* threads per n column (nn B) */
    static constexpr int NN_COLS = BN * TPN / THREADS;
    static_assert(SHAPE == 884 || SHAPE == 16816, "MMA shape");
    static_assert(BM % WM == 0 && BN % WN == 0 && WM % MM == 0 && WN % 8 == 0 && BK % KM == 0, "tiling");
    static_assert(LDA % 16 == 4 && LDB % 16 == 4, "fragment loads free of bank conflicts");
    static_assert(THREADS % BK == 0 && (BM / 2) % TPC == 0 && (BN / 2) % TPC == 0, "A / B^T copy layout");
    static_assert(NT || (THREADS % TPN == 0 && (BN * TPN) % THREADS == 0), "nn copy layout");
};

template <class Cfg> __device__ __forceinline__ void dmma_gemm(const rfl_gemm_args &p)
{
    constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK, STAGES = Cfg::STAGES, THREADS = Cfg::THREADS;
    constexpr int LDA = Cfg::LDA, LDB = Cfg::LDB, TPC = Cfg::TPC, TPN = Cfg::TPN;
    constexpr int MI = Cfg::MI, NI = Cfg::NI, MM = Cfg::MM, KM = Cfg::KM, ACC = Cfg::ACC;

    extern __shared__ __align__(16) unsigned char smem_raw[];
    double *const As = reinterpret_cast<double *>(smem_raw);
    double *const Bs = As + STAGES * Cfg::A_STAGE;

    int tile_m, tile_n;
    tile_of_block<16>(p.m / BM, p.n / BN, tile_m, tile_n);
    const int m0 = tile_m * BM, n0 = tile_n * BN;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm0 = (warp % Cfg::WARPS_M) * Cfg::WM, wn0 = (warp / Cfg::WARPS_M) * Cfg::WN;
    const int g = lane >> 2, t = lane & 3;

    const double *a_src = (const double *)p.a + m0 + (tid % TPC) * 2 + (size_t)(tid / TPC) * p.lda;
    double *const a_dst = As + (tid / TPC) * LDA + (tid % TPC) * 2;
    const size_t a_step = (size_t)BK * p.lda;
    const double *b_src[Cfg::NT ? 1 : Cfg::NN_COLS];
    double *b_dst;
    size_t b_step;
    if (Cfg::NT) {
        b_src[0] = (const double *)p.b + n0 + (tid % TPC) * 2 + (size_t)(tid / TPC) * p.ldb;
        b_dst = Bs + (tid / TPC) * LDB + (tid % TPC) * 2;
        b_step = (size_t)BK * p.ldb;
    } else {
#pragma unroll
        for (int r = 0; r < (Cfg::NT ? 1 : Cfg::NN_COLS); r++)
            b_src[r] = (const double *)p.b + (tid % TPN) * 2 + (size_t)(n0 + tid / TPN + r * (THREADS / TPN)) * p.ldb;
        b_dst = Bs + (tid / TPN) * LDB + (tid % TPN) * 2;
        b_step = BK;
    }

    auto load_slice = [&](auto stage_c) {
        constexpr int stage = decltype(stage_c)::value;
#pragma unroll
        for (int i = 0; i < Cfg::A_VECS; i++)
            cp_async<16>(a_dst + stage * Cfg::A_STAGE + i * TPC * 2, a_src + i * TPC * 2);
        a_src += a_step;
        if (Cfg::NT) {
#pragma unroll
            for (int i = 0; i < Cfg::BT_VECS; i++)
                cp_async<16>(b_dst + stage * Cfg::B_STAGE + i * TPC * 2, b_src[0] + i * TPC * 2);
            b_src[0] += b_step;
        } else {
#pragma unroll
            for (int r = 0; r < (Cfg::NT ? 1 : Cfg::NN_COLS); r++) {
                cp_async<16>(b_dst + stage * Cfg::B_STAGE + r * (THREADS / TPN) * LDB, b_src[r]);
                b_src[r] += b_step;
            }
        }
    };

    double acc[MI][NI][ACC];
#pragma unroll
    for (int i = 0; i < MI; i++)
#pragma unroll
        for (int j = 0; j < NI; j++)
#pragma unroll
            for (int v = 0; v < ACC; v++)
                acc[i][j][v] = 0.0;

    /* Fragment bases: lane (g, t) reads k row t (+4 v) and m or n column g (+8 v). */
    const double *const a_frag = As + t * LDA + wm0 + g;
    const double *const b_frag = Cfg::NT ? Bs + t * LDB + wn0 + g : Bs + (wn0 + g) * LDB + t;
    auto b_at = [&](int stage, int k, int n) -> double {
        return Cfg::NT ? b_frag[stage * Cfg::B_STAGE + k * LDB + n] : b_frag[stage * Cfg::B_STAGE + n * LDB + k];
    };

    auto compute_slice = [&](auto stage_c) {
        constexpr int stage = decltype(stage_c)::value;
        static_for<BK / KM>([&](auto ks_c) {
            constexpr int k0 = decltype(ks_c)::value * KM;
            if constexpr (Cfg::SHAPE == 884) {
                double a[MI], b[NI];
#pragma unroll
                for (int j = 0; j < NI; j++)
                    b[j] = b_at(stage, k0, j * 8);
#pragma unroll
                for (int i = 0; i < MI; i++)
                    a[i] = a_frag[stage * Cfg::A_STAGE + k0 * LDA + i * MM];
#pragma unroll
                for (int i = 0; i < MI; i++)
#pragma unroll
                    for (int j = 0; j < NI; j++)
                        mma_884(*reinterpret_cast<double(*)[2]>(acc[i][j]), a[i], b[j]);
            } else {
                double b[NI][4];
#pragma unroll
                for (int j = 0; j < NI; j++)
#pragma unroll
                    for (int v = 0; v < 4; v++)
                        b[j][v] = b_at(stage, k0 + 4 * v, j * 8);
#pragma unroll
                for (int i = 0; i < MI; i++) {
                    double a[8];
#pragma unroll
                    for (int v = 0; v < 8; v++) /* a[v0 + 2 v1]: row g + 8 v0, k t + 4 v1 */
                        a[v] = a_frag[stage * Cfg::A_STAGE + (k0 + 4 * (v / 2)) * LDA + i * MM + 8 * (v % 2)];
#pragma unroll
                    for (int j = 0; j < NI; j++)
                        mma_16816(*reinterpret_cast<double(*)[4]>(acc[i][j]), a, b[j]);
                }
            }
        });
    };

    multistage_mainloop<STAGES>(p.k / BK, load_slice, compute_slice);

    const double alpha = p.alpha, beta = p.beta;
    double *const C = (double *)p.c;
#pragma unroll
    for (int i = 0; i < MI; i++)
#pragma unroll
        for (int j = 0; j < NI; j++)
#pragma unroll
            for (int v = 0; v < ACC; v++) {
                /* 884: d[v] at (g, 2t + v); 16816: d[v0 + 2 v1] at (g + 8 v1, 2t + v0) */
                const int m = m0 + wm0 + i * MM + g + (ACC == 4 ? 8 * (v / 2) : 0);
                const int n = n0 + wn0 + j * 8 + 2 * t + v % 2;
                double *cp = C + m + (size_t)n * p.ldc;
                *cp = beta == 0.0 ? alpha * acc[i][j][v] : alpha * acc[i][j][v] + beta * *cp;
            }
}

} // namespace rfl_gemm

/* The family's part of RFL_GEMM_KERNEL_FILE, X(sym, min_blocks, DmmaCfg's
 * arguments): C elements per lane along m and n as the MMA tiles spread
 * them; every lane reads its own 8-byte word. */
#define RFL_DMMA_TYPE(sym, min_blocks, ...) typedef rfl_gemm::DmmaCfg<__VA_ARGS__> sym##_cfg;
#define RFL_DMMA_KERNEL(sym, min_blocks, ...) RFL_GEMM_KERNEL(sym, sym##_cfg, min_blocks, dmma_gemm)
#define RFL_DMMA_ENTRY(sym, min_blocks, ...)                                                                   \
    RFL_GEMM_STAGED_ENTRY(sym, sym##_cfg, RFL_GEMM_DMMA, RFL_GEMM_FP64,                                        \
                          sym##_cfg::SHAPE == 884 ? RFL_GEMM_OP_DMMA884 : RFL_GEMM_OP_DMMA16816,              \
                          sym##_cfg::WM / 8, sym##_cfg::WN / 4, 32),

/* The shapes, the same for nn and nt (T, tb: the transposition's name and flag). */
#define SHAPES(X, T, tb) \
    X(rfl_gemm_dmma_##T##_884_128x128x16_w64x32, 1, 128, 128, 16, 64, 32, 3, 884, tb) \
    X(rfl_gemm_dmma_##T##_16816_128x128x16_w64x32, 1, 128, 128, 16, 64, 32, 3, 16816, tb) \
    X(rfl_gemm_dmma_##T##_16816_128x128x16_w32x32, 1, 128, 128, 16, 32, 32, 3, 16816, tb) \
    X(rfl_gemm_dmma_##T##_16816_128x128x32_w64x32, 1, 128, 128, 32, 64, 32, 3, 16816, tb) \
    X(rfl_gemm_dmma_##T##_884_128x128x16_w32x32_s4, 1, 128, 128, 16, 32, 32, 4, 884, tb) \
    X(rfl_gemm_dmma_##T##_16816_128x64x16_w64x32, 2, 128, 64, 16, 64, 32, 3, 16816, tb) \
    X(rfl_gemm_dmma_##T##_16816_128x128x16_w64x32_s4, 1, 128, 128, 16, 64, 32, 4, 16816, tb)
#define CONFIGS(X) SHAPES(X, nn, false) SHAPES(X, nt, true)

RFL_GEMM_KERNEL_FILE(CONFIGS, RFL_DMMA_TYPE, RFL_DMMA_KERNEL, RFL_DMMA_ENTRY, rfl_gemm_dmma_kernels,
                     rfl_gemm_dmma_count)
