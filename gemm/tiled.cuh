/* `tiled`: a register-blocked, warp-tiled GEMM on the FMA pipes (FFMA in
 * FP32, DFMA in FP64) for sm_90, one template over its tile shapes:
 *
 *  - a block of THREADS computes a BM x BN tile of C; each warp a WM x WN
 *    part of it, its 32 lanes as LM x LN; each thread a TM x TN register
 *    tile made of (TM/V) x (TN/V) pieces of V x V (V = 16 bytes / element),
 *    spread LM*V rows (LN*V columns) apart, so the A and B fragments of a
 *    warp are 16-byte shared loads (LDS.128) of at most 128 distinct bytes:
 *    one shared-memory wavefront each, broadcast to the lanes that share it;
 *  - the k loop walks BK-deep slices through a STAGES-deep ring of shared
 *    buffers filled with cp.async (LDGSTS), one barrier per slice; A
 *    (column-major, m contiguous) and B^T (nt: n contiguous) copy 16 bytes
 *    at a time into As[k][m] and Bs[k][n]; B (nn: k contiguous) is
 *    transposed on the way, one element per copy, a warp covering 8 k x 4 n
 *    so that its global reads are whole 32-byte sectors and its shared
 *    writes, with rows padded by 4 elements, hit 32 different banks;
 *  - the loop takes STAGES slices a trip, so that the stage of every load
 *    and copy is a compile-time constant (immediate address offsets);
 *  - blocks walk C in groups of 16 tile rows (gemm_device.cuh), so the
 *    blocks resident at once share their panels of A and B in L2.
 *
 * Per k step a thread issues TM/V + TN/V LDS.128 for TM * TN FMAs: the
 * FMA:LDS ratio that the upper-bound model (Lai and Seznec, Eq. 8) reads
 * back from the SASS. */
#ifndef RFL_GEMM_TILED_CUH
#define RFL_GEMM_TILED_CUH

#include "gemm/gemm_device.cuh"

namespace rfl_gemm {

template <typename T_, int BM_, int BN_, int BK_, int WM_, int WN_, int LM_, int STAGES_, bool NT_> struct TiledCfg {
    typedef T_ T;
    static constexpr int BM = BM_, BN = BN_, BK = BK_, WM = WM_, WN = WN_, LM = LM_, STAGES = STAGES_;
    static constexpr bool NT = NT_;
    static constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
    static constexpr int THREADS = WARPS_M * WARPS_N * 32;
    static constexpr int LN = 32 / LM;
    static constexpr int TM = WM / LM, TN = WN / LN;
    static constexpr int V = vec16<T>::n;
    static constexpr int RM = TM / V, RN = TN / V;
    static constexpr int LDA = BM;                /* As[k][m] */
    static constexpr int LDB = NT ? BN : BN + 4;  /* Bs[k][n]; padded where the nn copy transposes */
    static constexpr int A_STAGE = BK * LDA, B_STAGE = BK * LDB;
    static constexpr int SMEM = STAGES * (A_STAGE + B_STAGE) * (int)sizeof(T);
    /* 16-byte copies: THREADS / BK threads per column of the slice, each
     * copying vectors TPC * V elements apart (compile-time offsets). */
    static constexpr int TPC = THREADS / BK;
    static constexpr int A_VECS = BM / V / TPC, BT_VECS = BN / V / TPC;
    /* nn, element copies: lane groups of 8 walk k (one 32-byte sector),
     * THREADS / 8 columns at once, BK / 8 x NN_COLS copies a thread. */
    static constexpr int NN_COLS = BN * 8 / THREADS;
    static_assert(BM % WM == 0 && BN % WN == 0 && 32 % LM == 0, "warp tiling");
    static_assert(WM % (LM * V) == 0 && WN % (LN * V) == 0, "thread tiles must be whole 16-byte pieces");
    static_assert(THREADS % BK == 0 && (BM / V) % TPC == 0 && (!NT || (BN / V) % TPC == 0), "copy layout");
    static_assert(NT || (BK % 8 == 0 && (BN * 8) % THREADS == 0), "nn copy layout");
    static_assert(STAGES >= 2, "a pipeline has two stages at least");
};

template <class Cfg> __device__ __forceinline__ void tiled_gemm(const rfl_gemm_args &p)
{
    typedef typename Cfg::T T;
    typedef vec16<T> Vec;
    typedef typename Vec::type VT;
    constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK, V = Cfg::V, LM = Cfg::LM, LN = Cfg::LN;
    constexpr int RM = Cfg::RM, RN = Cfg::RN, TM = Cfg::TM, TN = Cfg::TN, STAGES = Cfg::STAGES;
    constexpr int LDA = Cfg::LDA, LDB = Cfg::LDB, THREADS = Cfg::THREADS, TPC = Cfg::TPC;

    extern __shared__ __align__(16) unsigned char smem_raw[];
    T *const As = reinterpret_cast<T *>(smem_raw);
    T *const Bs = As + STAGES * Cfg::A_STAGE;

    int tile_m, tile_n;
    tile_of_block<16>(p.m / BM, p.n / BN, tile_m, tile_n);
    const int m0 = tile_m * BM, n0 = tile_n * BN;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm0 = (warp % Cfg::WARPS_M) * Cfg::WM, wn0 = (warp / Cfg::WARPS_M) * Cfg::WN;
    const int lm = lane % LM, ln = lane / LM;

    /* This thread's copies: a source pointer per matrix (per column group
     * for nn), advanced one slice at a time, and where they land. */
    const T *a_src = (const T *)p.a + m0 + (tid % TPC) * V + (size_t)(tid / TPC) * p.lda;
    T *const a_dst = As + (tid / TPC) * LDA + (tid % TPC) * V;
    const size_t a_step = (size_t)BK * p.lda;
    const T *b_src[Cfg::NT ? 1 : Cfg::NN_COLS];
    T *b_dst;
    size_t b_step;
    if (Cfg::NT) {
        b_src[0] = (const T *)p.b + n0 + (tid % TPC) * V + (size_t)(tid / TPC) * p.ldb;
        b_dst = Bs + (tid / TPC) * LDB + (tid % TPC) * V;
        b_step = (size_t)BK * p.ldb;
    } else {
#pragma unroll
        for (int r = 0; r < (Cfg::NT ? 1 : Cfg::NN_COLS); r++)
            b_src[r] = (const T *)p.b + tid % 8 + (size_t)(n0 + tid / 8 + r * (THREADS / 8)) * p.ldb;
        b_dst = Bs + (tid % 8) * LDB + tid / 8;
        b_step = BK;
    }

    auto load_slice = [&](auto stage_c) {
        constexpr int stage = decltype(stage_c)::value;
#pragma unroll
        for (int i = 0; i < Cfg::A_VECS; i++)
            cp_async<16>(a_dst + stage * Cfg::A_STAGE + i * TPC * V, a_src + i * TPC * V);
        a_src += a_step;
        if (Cfg::NT) {
#pragma unroll
            for (int i = 0; i < Cfg::BT_VECS; i++)
                cp_async<16>(b_dst + stage * Cfg::B_STAGE + i * TPC * V, b_src[0] + i * TPC * V);
            b_src[0] += b_step;
        } else {
#pragma unroll
            for (int r = 0; r < (Cfg::NT ? 1 : Cfg::NN_COLS); r++) {
#pragma unroll
                for (int q = 0; q < BK / 8; q++)
                    cp_async<sizeof(T)>(b_dst + stage * Cfg::B_STAGE + q * 8 * LDB + r * (THREADS / 8),
                                        b_src[r] + q * 8);
                b_src[r] += b_step;
            }
        }
    };

    T acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            acc[i][j] = T(0);

    const T *const a_frag = As + wm0 + lm * V;
    const T *const b_frag = Bs + wn0 + ln * V;
    auto compute_slice = [&](auto stage_c) {
        constexpr int stage = decltype(stage_c)::value;
        /* Written out, not a loop: NVVM unrolls a loop this large only
         * partly, even under #pragma unroll, and leaves a branch in it. */
        static_for<BK>([&](auto kk_c) {
            constexpr int kk = decltype(kk_c)::value;
            VT a[RM], b[RN];
#pragma unroll
            for (int rm = 0; rm < RM; rm++)
                a[rm] = *reinterpret_cast<const VT *>(a_frag + stage * Cfg::A_STAGE + kk * LDA + rm * LM * V);
#pragma unroll
            for (int rn = 0; rn < RN; rn++)
                b[rn] = *reinterpret_cast<const VT *>(b_frag + stage * Cfg::B_STAGE + kk * LDB + rn * LN * V);
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++)
                    acc[i][j] = fma(Vec::get(a[i / V], i % V), Vec::get(b[j / V], j % V), acc[i][j]);
        });
    };

    multistage_mainloop<STAGES>(p.k / BK, load_slice, compute_slice);

    /* C = alpha * acc + beta * C, 16 bytes at a time down each column. */
    const T alpha = (T)p.alpha, beta = (T)p.beta;
    T *const C = (T *)p.c;
#pragma unroll
    for (int j = 0; j < TN; j++) {
        const int n = n0 + wn0 + (j / V) * LN * V + ln * V + j % V;
#pragma unroll
        for (int rm = 0; rm < RM; rm++) {
            const int m = m0 + wm0 + rm * LM * V + lm * V;
            VT *cp = reinterpret_cast<VT *>(C + m + (size_t)n * p.ldc);
            VT out;
            if (beta == T(0)) {
#pragma unroll
                for (int i = 0; i < V; i++)
                    Vec::set(out, i, alpha * acc[rm * V + i][j]);
            } else {
                const VT old = *cp;
#pragma unroll
                for (int i = 0; i < V; i++)
                    Vec::set(out, i, alpha * acc[rm * V + i][j] + beta * Vec::get(old, i));
            }
            *cp = out;
        }
    }
}

} // namespace rfl_gemm

/* The family's part of RFL_GEMM_KERNEL_FILE, X(sym, min_blocks, TiledCfg's
 * arguments): the precision and FMA instruction from the element type;
 * LM (LN) lanes share a 16-byte fragment word: at most 8 distinct words. */
#define RFL_TILED_TYPE(sym, min_blocks, ...) typedef rfl_gemm::TiledCfg<__VA_ARGS__> sym##_cfg;
#define RFL_TILED_KERNEL(sym, min_blocks, ...) RFL_GEMM_KERNEL(sym, sym##_cfg, min_blocks, tiled_gemm)
#define RFL_TILED_ENTRY(sym, min_blocks, ...)                                                                  \
    RFL_GEMM_STAGED_ENTRY(sym, sym##_cfg, RFL_GEMM_TILED,                                                     \
                          sizeof(sym##_cfg::T) == 8 ? RFL_GEMM_FP64 : RFL_GEMM_FP32,                          \
                          sizeof(sym##_cfg::T) == 8 ? RFL_GEMM_OP_DFMA : RFL_GEMM_OP_FFMA, sym##_cfg::TM,      \
                          sym##_cfg::TN, 8),

/* A kernel file of the family: the kernels of LIST and their table
 * rfl_gemm_tiled_NAME_kernels (rfl_gemm_tiled_NAME_count rows). */
#define RFL_TILED_FILE(LIST, NAME)                                                                             \
    RFL_GEMM_KERNEL_FILE(LIST, RFL_TILED_TYPE, RFL_TILED_KERNEL, RFL_TILED_ENTRY, rfl_gemm_tiled_##NAME##_kernels, \
                         rfl_gemm_tiled_##NAME##_count)

/* The configurations the run-time tuning chooses from, X(sym, min_blocks,
 * TiledCfg's arguments) each, a list per kernel file. The minimum blocks
 * per SM in __launch_bounds__ caps the registers: 2 blocks of 256 threads
 * leave 128 a thread; an 8x8 register tile of doubles is 128 registers of
 * accumulators, so that configuration runs one block per SM. */
/* The FP32 shapes, the same for nn and nt (T, tb: the transposition's name and flag). */
#define RFL_TILED_F32_SHAPES(X, T, tb) \
    X(rfl_gemm_tiled_f32_##T##_128x128x8_w64x32, 2, float, 128, 128, 8, 64, 32, 8, 3, tb) \
    X(rfl_gemm_tiled_f32_##T##_128x128x16_w64x32, 2, float, 128, 128, 16, 64, 32, 8, 3, tb) \
    X(rfl_gemm_tiled_f32_##T##_128x256x8_w64x64, 1, float, 128, 256, 8, 64, 64, 8, 3, tb) \
    X(rfl_gemm_tiled_f32_##T##_256x128x8_w64x64, 1, float, 256, 128, 8, 64, 64, 4, 3, tb) \
    X(rfl_gemm_tiled_f32_##T##_128x128x8_w32x64_s4, 2, float, 128, 128, 8, 32, 64, 4, 4, tb) \
    X(rfl_gemm_tiled_f32_##T##_256x128x16_w64x64, 1, float, 256, 128, 16, 64, 64, 4, 3, tb)
#define RFL_TILED_F32_NN(X) RFL_TILED_F32_SHAPES(X, nn, false)
#define RFL_TILED_F32_NT(X) RFL_TILED_F32_SHAPES(X, nt, true)
#define RFL_TILED_F64_SHAPES(X, T, tb) \
    X(rfl_gemm_tiled_f64_##T##_128x128x8_w64x32, 1, double, 128, 128, 8, 64, 32, 8, 3, tb) \
    X(rfl_gemm_tiled_f64_##T##_64x128x8_w32x32, 2, double, 64, 128, 8, 32, 32, 4, 3, tb) \
    X(rfl_gemm_tiled_f64_##T##_128x64x8_w32x32, 2, double, 128, 64, 8, 32, 32, 8, 3, tb)
#define RFL_TILED_F64(X) RFL_TILED_F64_SHAPES(X, nn, false) RFL_TILED_F64_SHAPES(X, nt, true)

#endif
