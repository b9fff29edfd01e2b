/* Kernels of rfl_gpu_bandwidth.  Each thread owns the same elements in
 * every trial (a grid-stride set for the global kernels, a slice of its
 * block's tile for the shared one), so trials need no synchronization
 * between threads and a block's working set is re-read from the nearest
 * level that holds it.  Four independent 16-byte accesses per thread are in
 * flight per loop iteration; a persistent grid ("max" blocks) keeps every
 * SM full. */
#include "config.h"

#include "gpu_bandwidth/kernels.h"
#include "gpu/gpu_device.cuh"

namespace {

enum { LD_DEFAULT, LD_STREAM_RO, LD_STREAM_RW };

/* 16-byte loads by OP (a PTX ld with its qualifiers; the vector type is
 * added here): one into v from p, or four into v0..v3 from p0..p3 issued
 * together. vec<> and l2_own's own_ld<> (kernels_own.cuh) use them. */
#define RFL_LD1_F32(OP, v, p)                                                                                 \
    asm volatile(OP ".v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"((v).x), "=f"((v).y), "=f"((v).z), "=f"((v).w) : "l"(p))
#define RFL_LD4_F32(OP, v0, v1, v2, v3, p0, p1, p2, p3)                                                       \
    asm volatile(OP ".v4.f32 {%0, %1, %2, %3}, [%16];\n\t" OP ".v4.f32 {%4, %5, %6, %7}, [%17];\n\t" OP       \
                    ".v4.f32 {%8, %9, %10, %11}, [%18];\n\t" OP ".v4.f32 {%12, %13, %14, %15}, [%19];"           \
                 : "=f"((v0).x), "=f"((v0).y), "=f"((v0).z), "=f"((v0).w), "=f"((v1).x), "=f"((v1).y),           \
                   "=f"((v1).z), "=f"((v1).w), "=f"((v2).x), "=f"((v2).y), "=f"((v2).z), "=f"((v2).w),           \
                   "=f"((v3).x), "=f"((v3).y), "=f"((v3).z), "=f"((v3).w)                                          \
                 : "l"(p0), "l"(p1), "l"(p2), "l"(p3))
#define RFL_LD1_F64(OP, v, p) asm volatile(OP ".v2.f64 {%0, %1}, [%2];" : "=d"((v).x), "=d"((v).y) : "l"(p))
#define RFL_LD4_F64(OP, v0, v1, v2, v3, p0, p1, p2, p3)                                                       \
    asm volatile(OP ".v2.f64 {%0, %1}, [%8];\n\t" OP ".v2.f64 {%2, %3}, [%9];\n\t" OP                          \
                    ".v2.f64 {%4, %5}, [%10];\n\t" OP ".v2.f64 {%6, %7}, [%11];"                                  \
                 : "=d"((v0).x), "=d"((v0).y), "=d"((v1).x), "=d"((v1).y), "=d"((v2).x), "=d"((v2).y),           \
                   "=d"((v3).x), "=d"((v3).y)                                                                      \
                 : "l"(p0), "l"(p1), "l"(p2), "l"(p3))

/* LD(OP, ...) with the OP of load MODE: LD_STREAM_RO the read-only path,
 * L1 not allocated; LD_STREAM_RW through L2 only; both with a 256-byte L2
 * prefetch; LD_DEFAULT a plain load. */
#define RFL_LD_BY_MODE(MODE, LD, ...)                                                                          \
    do {                                                                                                       \
        if ((MODE) == LD_STREAM_RO)                                                                            \
            LD("ld.global.nc.L1::no_allocate.L2::256B", __VA_ARGS__);                                          \
        else if ((MODE) == LD_STREAM_RW)                                                                       \
            LD("ld.global.cg.L2::256B", __VA_ARGS__);                                                          \
        else                                                                                                   \
            LD("ld.global", __VA_ARGS__);                                                                      \
    } while (0)
/* vec<>'s 16-byte loads by MODE through LD1 and LD4 (the F32 or the F64
 * ones): load4, four issued together from p + {0, 1, 2, 3} x s; load1. */
#define RFL_VEC_LOADS(LD1, LD4)                                                                                \
    template <int MODE>                                                                                        \
    static __device__ __forceinline__ void load4(const type *p, size_t s, type &v0, type &v1, type &v2, type &v3) \
    {                                                                                                          \
        RFL_LD_BY_MODE(MODE, LD4, v0, v1, v2, v3, p, p + s, p + 2 * s, p + 3 * s);                             \
    }                                                                                                          \
    template <int MODE> static __device__ __forceinline__ type load1(const type *p)                            \
    {                                                                                                          \
        type v;                                                                                                \
        RFL_LD_BY_MODE(MODE, LD1, v, p);                                                                       \
        return v;                                                                                              \
    }

template <typename S> struct vec;

/* The access of k_global: what each element sees in a trial. */
enum { ACC_READ, ACC_RMW, ACC_WRITE, ACC_COPY };

template <> struct vec<float> {
    typedef float4 type;
    static __device__ __forceinline__ type zero() { return make_float4(0.f, 0.f, 0.f, 0.f); }
    static __device__ __forceinline__ type add(type a, type b)
    {
        return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    static __device__ __forceinline__ type fma(type v, float b, float c)
    {
        return make_float4(fmaf(v.x, b, c), fmaf(v.y, b, c), fmaf(v.z, b, c), fmaf(v.w, b, c));
    }
    static __device__ __forceinline__ double total(type a)
    {
        return ((double)a.x + (double)a.y) + ((double)a.z + (double)a.w);
    }
    /* The fill pattern (i % 8) + 1 of vector v's scalars, plus c. */
    static __device__ __forceinline__ type pattern(size_t v, float c)
    {
        const float b = (float)((v & 1) * 4) + 1.0f + c;
        return make_float4(b, b + 1.0f, b + 2.0f, b + 3.0f);
    }
    RFL_VEC_LOADS(RFL_LD1_F32, RFL_LD4_F32)
};

template <> struct vec<double> {
    typedef double2 type;
    static __device__ __forceinline__ type zero() { return make_double2(0.0, 0.0); }
    static __device__ __forceinline__ type add(type a, type b) { return make_double2(a.x + b.x, a.y + b.y); }
    static __device__ __forceinline__ type fma(type v, double b, double c)
    {
        return make_double2(::fma(v.x, b, c), ::fma(v.y, b, c));
    }
    static __device__ __forceinline__ double total(type a) { return a.x + a.y; }
    static __device__ __forceinline__ type pattern(size_t v, double c)
    {
        const double b = (double)((v & 3) * 2) + 1.0 + c;
        return make_double2(b, b + 1.0);
    }
    RFL_VEC_LOADS(RFL_LD1_F64, RFL_LD4_F64)
};

/* Kernels A and B (and the streaming variant): the grid strides over the
 * array; every trial is one full pass.  The four loads of an iteration are
 * one asm statement, so all four are in flight before the first use
 * (left to itself the compiler issued two, used them, then two more).
 * Read: per-trial sums in the element type stay exact (small integers,
 * < 2^24 per thread and trial) and are folded into a double per trial. */
template <typename S, int ACC, int MODE>
__global__ void __launch_bounds__(1024) k_global(typename vec<S>::type *a, size_t n_vec, unsigned long long trials,
                                                 S beta, S alpha, double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    const bool RMW = ACC == ACC_RMW;
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t mine = first < n_vec ? (n_vec - first + stride - 1) / stride : 0;
    const size_t groups = mine / 4, rest = mine % 4;
    V *const start = a + (mine ? first : 0);
    double total = 0.0;
    for (unsigned long long t = 0; t < trials; t++) {
        V acc0 = T::zero(), acc1 = T::zero();
        V *p = start;
        /* Not unrolled further: unrolled, the scheduler spread the four loads
         * over the adds and kept only two in flight. */
#pragma unroll 1
        for (size_t g = 0; g < groups; g++, p += 4 * stride) {
            V v0, v1, v2, v3;
            T::template load4<MODE>(p, stride, v0, v1, v2, v3);
            if (RMW) {
                p[0] = T::fma(v0, beta, alpha);
                p[stride] = T::fma(v1, beta, alpha);
                p[2 * stride] = T::fma(v2, beta, alpha);
                p[3 * stride] = T::fma(v3, beta, alpha);
            } else {
                acc0 = T::add(acc0, T::add(v0, v1));
                acc1 = T::add(acc1, T::add(v2, v3));
            }
        }
        for (size_t r = 0; r < rest; r++, p += stride) {
            const V v = T::template load1<MODE>(p);
            if (RMW)
                p[0] = T::fma(v, beta, alpha);
            else
                acc0 = T::add(acc0, v);
        }
        if (!RMW)
            total += T::total(acc0) + T::total(acc1);
        RFL_GPU_FENCE();
    }
    RFL_GPU_CLOCK_END(clk)
    if (!RMW)
        rfl_gpu_block_add(total, block_sums + blockIdx.x);
}

/* 16-byte stores: plain (write-back, allocated in L2 as any line), or
 * streaming (st.global.cs: allocated evict-first, for data written once and
 * not read again, global_cs). */
enum { ST_DEFAULT, ST_STREAM };
template <int ST, typename V> __device__ __forceinline__ void store16(V *p, const V &v)
{
    if (ST == ST_STREAM)
        __stcs(p, v);
    else
        *p = v;
}

/* Store only (write: p(i) + alpha) and copy (into the n_vec vectors after
 * the source; its loads as the mode says), 16-byte stores as ST says, the
 * same grid-stride sets as k_global; no sums. */
template <typename S, int ACC, int MODE, int ST = ST_DEFAULT>
__global__ void __launch_bounds__(1024) k_global_store(typename vec<S>::type *a, size_t n_vec,
                                                       unsigned long long trials, S beta, S alpha,
                                                       double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    (void)beta;
    (void)block_sums;
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t mine = first < n_vec ? (n_vec - first + stride - 1) / stride : 0;
    const size_t groups = mine / 4, rest = mine % 4;
    /* Store only: p(i) + alpha; copy: into the n_vec vectors after the
     * source (its loads as the mode says, plain 16-byte stores). */
    V *const dst = ACC == ACC_COPY ? a + n_vec : a;
    const size_t d0 = mine ? first : 0;
    for (unsigned long long t = 0; t < trials; t++) {
        size_t i = d0;
#pragma unroll 1
        for (size_t g = 0; g < groups; g++, i += 4 * stride) {
            if (ACC == ACC_COPY) {
                V v0, v1, v2, v3;
                T::template load4<MODE>(a + i, stride, v0, v1, v2, v3);
                store16<ST>(dst + i, v0);
                store16<ST>(dst + i + stride, v1);
                store16<ST>(dst + i + 2 * stride, v2);
                store16<ST>(dst + i + 3 * stride, v3);
            } else {
                store16<ST>(dst + i, T::pattern(i, alpha));
                store16<ST>(dst + i + stride, T::pattern(i + stride, alpha));
                store16<ST>(dst + i + 2 * stride, T::pattern(i + 2 * stride, alpha));
                store16<ST>(dst + i + 3 * stride, T::pattern(i + 3 * stride, alpha));
            }
        }
        for (size_t r = 0; r < rest; r++, i += stride)
            store16<ST>(dst + i, ACC == ACC_COPY ? T::template load1<MODE>(a + i) : T::pattern(i, alpha));
        RFL_GPU_FENCE();
    }
    RFL_GPU_CLOCK_END(clk)
}

/* Kernel C: each block copies its range tile by tile (tiles of at most
 * tile_vecs) into shared memory, runs every trial on the tile, and (rmw)
 * copies it back.  Each thread
 * touches only its own slots of the tile, so no barrier is needed. */
template <typename S, bool RMW>
__global__ void __launch_bounds__(1024) k_shared(typename vec<S>::type *a, size_t n_vec, size_t per_block,
                                                 unsigned tile_vecs, unsigned long long trials, S beta, S alpha,
                                                 double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    extern __shared__ float4 rfl_gbw_tile[];
    V *tile = reinterpret_cast<V *>(rfl_gbw_tile);
    RFL_GPU_CLOCK_BEGIN(clk)
    const unsigned step = blockDim.x;
    const size_t begin = (size_t)blockIdx.x * per_block;
    const size_t end = begin + per_block < n_vec ? begin + per_block : n_vec;
    /* Tiles of equal length: a full tile and a small remainder would run the
     * remainder's trials with most threads idle. */
    const size_t mine = end > begin ? end - begin : 0;
    const size_t tiles = (mine + tile_vecs - 1) / tile_vecs;
    const size_t tile_len = tiles ? (mine + tiles - 1) / tiles : 0;
    double total = 0.0;
    for (size_t base = begin; base < end; base += tile_len) {
        const unsigned len = (unsigned)(end - base < tile_len ? end - base : tile_len);
        for (unsigned j = threadIdx.x; j < len; j += step)
            tile[j] = a[base + j];
        for (unsigned long long t = 0; t < trials; t++) {
            V acc0 = T::zero(), acc1 = T::zero();
            unsigned j = threadIdx.x;
            for (; j + 3 * step < len; j += 4 * step) {
                const V v0 = tile[j], v1 = tile[j + step], v2 = tile[j + 2 * step], v3 = tile[j + 3 * step];
                if (RMW) {
                    tile[j] = T::fma(v0, beta, alpha);
                    tile[j + step] = T::fma(v1, beta, alpha);
                    tile[j + 2 * step] = T::fma(v2, beta, alpha);
                    tile[j + 3 * step] = T::fma(v3, beta, alpha);
                } else {
                    acc0 = T::add(acc0, T::add(v0, v1));
                    acc1 = T::add(acc1, T::add(v2, v3));
                }
            }
            for (; j < len; j += step) {
                const V v = tile[j];
                if (RMW)
                    tile[j] = T::fma(v, beta, alpha);
                else
                    acc0 = T::add(acc0, v);
            }
            if (!RMW)
                total += T::total(acc0) + T::total(acc1);
            RFL_GPU_FENCE();
        }
        if (RMW)
            for (unsigned j = threadIdx.x; j < len; j += step)
                a[base + j] = tile[j];
    }
    RFL_GPU_CLOCK_END(clk)
    if (!RMW)
        rfl_gpu_block_add(total, block_sums + blockIdx.x);
}

/* global_bulk: the copy engine (cp.async.bulk, sm_90) streams each block's
 * chunks into shared memory, RFL_GBW_BULK_STAGES deep, completing on one
 * mbarrier per stage; the threads sum a stage while the next ones are in
 * flight.  No load instruction per 16 bytes and no L1 on the way: what is
 * left is the L2 (or device memory) and the network to the SMs.  A block
 * owns chunks blockIdx.x, blockIdx.x + gridDim.x, ... in every trial, and
 * the pipeline runs across trial boundaries.  Built for an older
 * architecture, the threads copy the chunk themselves (same result, no
 * engine). */
__device__ __forceinline__ unsigned smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

template <typename S>
__global__ void __launch_bounds__(1024) k_bulk(const typename vec<S>::type *a, size_t n_vec, unsigned chunk_vecs,
                                               unsigned long long trials, double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    extern __shared__ float4 rfl_gbw_tile[];
    __shared__ __align__(8) unsigned long long bars[RFL_GBW_BULK_STAGES];
    V *const stages = reinterpret_cast<V *>(rfl_gbw_tile);
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t nchunks = (n_vec + chunk_vecs - 1) / chunk_vecs;
    const size_t mine = blockIdx.x < nchunks ? (nchunks - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
    const unsigned long long loads = (unsigned long long)mine * trials;
#if __CUDA_ARCH__ >= 900
    /* Load q of the block: chunk (q mod mine) into stage q mod STAGES. */
    auto issue = [&](unsigned long long q) {
        const size_t first = (blockIdx.x + (size_t)(q % mine) * gridDim.x) * chunk_vecs;
        const unsigned bytes = (unsigned)((n_vec - first < chunk_vecs ? n_vec - first : chunk_vecs) * sizeof(V));
        const unsigned bar = smem_u32(&bars[q % RFL_GBW_BULK_STAGES]);
        const unsigned dst = smem_u32(stages + (size_t)(q % RFL_GBW_BULK_STAGES) * chunk_vecs);
        /* The stage was last read through the generic proxy; the engine
         * writes through the async one. */
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
                     "l"(a + first), "r"(bytes), "r"(bar)
                     : "memory");
    };
    if (threadIdx.x == 0) {
        for (int s = 0; s < RFL_GBW_BULK_STAGES; s++)
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_u32(&bars[s])) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0)
        for (unsigned long long q = 0; q < loads && q < RFL_GBW_BULK_STAGES; q++)
            issue(q);
#else
    (void)bars;
#endif
    double total = 0.0;
    unsigned long long q = 0;
    for (unsigned long long t = 0; t < trials; t++) {
        V acc0 = T::zero(), acc1 = T::zero();
        for (size_t j = 0; j < mine; j++, q++) {
            const size_t first = (blockIdx.x + j * gridDim.x) * chunk_vecs;
            const unsigned len = (unsigned)(n_vec - first < chunk_vecs ? n_vec - first : chunk_vecs);
            const V *tile = stages + (size_t)(q % RFL_GBW_BULK_STAGES) * chunk_vecs;
#if __CUDA_ARCH__ >= 900
            const unsigned bar = smem_u32(&bars[q % RFL_GBW_BULK_STAGES]);
            const unsigned parity = (unsigned)((q / RFL_GBW_BULK_STAGES) & 1);
            for (unsigned done = 0; !done;)
                asm volatile("{\n\t.reg .pred p;\n\t"
                             "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                             "selp.u32 %0, 1, 0, p;\n\t}"
                             : "=r"(done)
                             : "r"(bar), "r"(parity)
                             : "memory");
#else
            for (unsigned i = threadIdx.x; i < len; i += blockDim.x)
                const_cast<V *>(tile)[i] = T::template load1<LD_STREAM_RO>(a + first + i);
            __syncthreads();
#endif
            unsigned i = threadIdx.x;
            for (; i + blockDim.x < len; i += 2 * blockDim.x) {
                acc0 = T::add(acc0, tile[i]);
                acc1 = T::add(acc1, tile[i + blockDim.x]);
            }
            if (i < len)
                acc0 = T::add(acc0, tile[i]);
            /* Every thread is done with the stage before it is refilled. */
            __syncthreads();
#if __CUDA_ARCH__ >= 900
            if (threadIdx.x == 0 && q + RFL_GBW_BULK_STAGES < loads)
                issue(q + RFL_GBW_BULK_STAGES);
#endif
        }
        total += T::total(acc0) + T::total(acc1);
        RFL_GPU_FENCE();
    }
    RFL_GPU_CLOCK_END(clk)
    rfl_gpu_block_add(total, block_sums + blockIdx.x);
}

/* l2_chunks (RRZE-HPC gpu-l2-cache's method, our code): block b reads
 * chunk b mod nchunks (chunks of RFL_GBW_L2_CHUNK_BYTES) of the n_vec
 * vectors in every trial, four 16-byte loads in flight per thread per
 * iteration, ld.global.cg (LD_STREAM_RW: cached in L2 only): many blocks
 * stream their own chunk from the L2 at once, so the L2 and the network to
 * the SMs are what limit.  Read only; the sums are exact as in k_global.
 * l1_set's kernel is k_l1 (kernels_own.cuh). */
template <typename S, int MODE>
__global__ void __launch_bounds__(1024) k_chunks(const typename vec<S>::type *a, size_t n_vec, size_t nchunks,
                                                 unsigned long long trials, double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t c = blockIdx.x % nchunks;
    const size_t begin = c * n_vec / nchunks, len = (c + 1) * n_vec / nchunks - begin;
    const V *const base = a + begin;
    const unsigned step = blockDim.x;
    double total = 0.0;
    for (unsigned long long t = 0; t < trials; t++) {
        V acc0 = T::zero(), acc1 = T::zero();
        size_t j = threadIdx.x;
#pragma unroll 1
        for (; j + 3 * (size_t)step < len; j += 4 * (size_t)step) {
            V v0, v1, v2, v3;
            T::template load4<MODE>(base + j, step, v0, v1, v2, v3);
            acc0 = T::add(acc0, T::add(v0, v1));
            acc1 = T::add(acc1, T::add(v2, v3));
        }
        for (; j < len; j += step)
            acc0 = T::add(acc0, T::template load1<MODE>(base + j));
        total += T::total(acc0) + T::total(acc1);
        RFL_GPU_FENCE();
    }
    RFL_GPU_CLOCK_END(clk)
    rfl_gpu_block_add(total, block_sums + blockIdx.x);
}

#include "gpu_bandwidth/kernels_own.cuh"

template <typename S> __global__ void k_fill(S *a, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        a[i] = (S)((i & 7) + 1);
}

template <typename S> __global__ void k_check(const S *a, size_t n, double offset, rfl_gpu_mismatch *m)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const S want = (S)((double)((i & 7) + 1) + offset);
        if (!(a[i] == want)) /* NaN (the poison) compares unequal too */
            rfl_gpu_mismatch_add(m, i);
    }
}

/* The kernel for a (kernel, access, precision) triple, as a pointer the
 * runtime's attribute and occupancy calls take. */
template <typename S>
const void *kernel_ptr(enum rfl_gbw_kernel k, enum rfl_gbw_access acc, unsigned unroll, int loads_nc)
{
    const bool rmw = acc == RFL_GBW_RMW;
    switch (k) {
    case RFL_GBW_GLOBAL_INSIDE:
    case RFL_GBW_GLOBAL_LAUNCH:
        switch (acc) {
        case RFL_GBW_READ: return (const void *)k_global<S, ACC_READ, LD_DEFAULT>;
        case RFL_GBW_RMW: return (const void *)k_global<S, ACC_RMW, LD_DEFAULT>;
        case RFL_GBW_WRITE: return (const void *)k_global_store<S, ACC_WRITE, LD_DEFAULT>;
        case RFL_GBW_COPY: return (const void *)k_global_store<S, ACC_COPY, LD_DEFAULT>;
        default: return nullptr;
        }
    case RFL_GBW_GLOBAL_STREAM:
        switch (acc) {
        case RFL_GBW_READ: return (const void *)k_global<S, ACC_READ, LD_STREAM_RO>;
        case RFL_GBW_RMW: return (const void *)k_global<S, ACC_RMW, LD_STREAM_RW>;
        case RFL_GBW_WRITE: return (const void *)k_global_store<S, ACC_WRITE, LD_STREAM_RO>;
        case RFL_GBW_COPY: return (const void *)k_global_store<S, ACC_COPY, LD_STREAM_RO>;
        default: return nullptr;
        }
    case RFL_GBW_GLOBAL_CS: /* global_stream's loads, streaming stores */
        switch (acc) {
        case RFL_GBW_WRITE: return (const void *)k_global_store<S, ACC_WRITE, LD_STREAM_RO, ST_STREAM>;
        case RFL_GBW_COPY: return (const void *)k_global_store<S, ACC_COPY, LD_STREAM_RO, ST_STREAM>;
        default: return nullptr;
        }
    case RFL_GBW_L2_CHUNKS:
        return acc == RFL_GBW_READ ? (const void *)k_chunks<S, LD_STREAM_RW> : nullptr;
    case RFL_GBW_L1_SET:
        return acc == RFL_GBW_READ ? (const void *)k_l1<S> : nullptr;
    case RFL_GBW_L2_OWN:
        return acc == RFL_GBW_READ ? own_ptr<S>(unroll, loads_nc) : nullptr;
    case RFL_GBW_L2_WAVES:
        return acc == RFL_GBW_READ ? waves_ptr<S>(unroll, loads_nc) : nullptr;
    case RFL_GBW_SHARED:
        return rmw ? (const void *)k_shared<S, true> : (const void *)k_shared<S, false>;
    case RFL_GBW_GLOBAL_BULK:
        return rmw ? nullptr : (const void *)k_bulk<S>;
    default:
        return nullptr;
    }
}

template <typename S> cudaError_t run_typed(const rfl_gbw_launch *l)
{
    typedef typename vec<S>::type V;
    V *a = static_cast<V *>(l->a);
    const S beta = (S)RFL_GBW_BETA, alpha = (S)RFL_GBW_ALPHA;
    const bool rmw = l->access == RFL_GBW_RMW;
    const dim3 grid(l->blocks), block(l->threads);
    switch (l->kernel) {
    case RFL_GBW_GLOBAL_INSIDE:
    case RFL_GBW_GLOBAL_STREAM:
    case RFL_GBW_GLOBAL_CS:
    case RFL_GBW_GLOBAL_LAUNCH: {
        typedef void (*global_fn)(V *, size_t, unsigned long long, S, S, double *, rfl_gpu_clock *);
        const global_fn f = (global_fn)kernel_ptr<S>(l->kernel, l->access, 0, 0);
        if (!f)
            return cudaErrorInvalidValue;
        if (l->kernel != RFL_GBW_GLOBAL_LAUNCH) {
            f<<<grid, block, 0, l->stream>>>(a, l->n_vec, l->trials, beta, alpha, l->block_sums, l->clock);
            return RFL_GPU_LAUNCHED();
        }
        /* The trials loop is here, on the host: one launch per trial. */
        for (unsigned long long t = 0; t < l->trials; t++) {
            f<<<grid, block, 0, l->stream>>>(a, l->n_vec, 1, beta, alpha, l->block_sums, nullptr);
            cudaError_t e = RFL_GPU_LAUNCHED();
            if (e != cudaSuccess)
                return e;
        }
        return cudaSuccess;
    }
    case RFL_GBW_L2_CHUNKS: {
        if (rmw || l->access != RFL_GBW_READ)
            return cudaErrorInvalidValue;
        const struct rfl_gbw_chunk_plan p = rfl_gbw_chunk_plan_of(l->n_vec, l->tile_vecs, l->blocks);
        k_chunks<S, LD_STREAM_RW><<<dim3(p.grid), block, 0, l->stream>>>(a, l->n_vec, p.nchunks, l->trials,
                                                                        l->block_sums, l->clock);
        return RFL_GPU_LAUNCHED();
    }
    case RFL_GBW_L1_SET: {
        /* one chunk, the whole set; 32-bit offsets (run.c stops l1_set at the L2's size) */
        if (rmw || l->access != RFL_GBW_READ || l->n_vec + 8ull * l->threads > 0xffffffffull)
            return cudaErrorInvalidValue;
        k_l1<S><<<grid, block, 0, l->stream>>>(a, (unsigned)l->n_vec, l->trials, l->block_sums, l->clock);
        return RFL_GPU_LAUNCHED();
    }
    case RFL_GBW_L2_OWN: {
        typedef void (*own_fn)(const V *, size_t, unsigned long long, double *, rfl_gpu_clock *);
        const own_fn f = (own_fn)kernel_ptr<S>(l->kernel, l->access, l->unroll, l->loads_nc);
        if (!f)
            return cudaErrorInvalidValue;
        f<<<grid, block, 0, l->stream>>>(a, l->n_vec, l->trials, l->block_sums, l->clock);
        return RFL_GPU_LAUNCHED();
    }
    case RFL_GBW_L2_WAVES: {
        typedef void (*waves_fn)(const V *, size_t, size_t, unsigned, double *);
        const waves_fn f = (waves_fn)kernel_ptr<S>(l->kernel, l->access, l->unroll, l->loads_nc);
        if (!f)
            return cudaErrorInvalidValue;
        const size_t nchunks = rfl_gbw_wave_chunks(l->n_vec, l->unroll, l->threads);
        /* trials x nchunks blocks, in launches of whole trials within the grid's limit */
        const unsigned long long per_launch = ((1ull << 31) - 1) / nchunks;
        for (unsigned long long done = 0; done < l->trials;) {
            const unsigned long long t = l->trials - done < per_launch ? l->trials - done : per_launch;
            f<<<dim3((unsigned)(t * nchunks)), block, 0, l->stream>>>(a, l->n_vec, nchunks, RFL_GBW_WAVE_SUMS,
                                                                     l->block_sums);
            cudaError_t e = RFL_GPU_LAUNCHED();
            if (e != cudaSuccess)
                return e;
            done += t;
        }
        return cudaSuccess;
    }
    case RFL_GBW_SHARED: {
        const size_t per_block = (l->n_vec + l->blocks - 1) / l->blocks;
        const size_t smem = l->tile_vecs * sizeof(V);
        if (l->tile_vecs == 0)
            return cudaErrorInvalidValue;
        /* The limit is per kernel, and configurations of other block sizes
         * may have set it lower since this one was planned. */
        cudaError_t e = cudaFuncSetAttribute(rmw ? (const void *)k_shared<S, true> : (const void *)k_shared<S, false>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess)
            return e;
        if (rmw)
            k_shared<S, true><<<grid, block, smem, l->stream>>>(a, l->n_vec, per_block, (unsigned)l->tile_vecs,
                                                                l->trials, beta, alpha, l->block_sums, l->clock);
        else
            k_shared<S, false><<<grid, block, smem, l->stream>>>(a, l->n_vec, per_block, (unsigned)l->tile_vecs,
                                                                 l->trials, beta, alpha, l->block_sums, l->clock);
        return RFL_GPU_LAUNCHED();
    }
    case RFL_GBW_GLOBAL_BULK: {
        const size_t smem = RFL_GBW_BULK_STAGES * l->tile_vecs * sizeof(V);
        if (l->tile_vecs == 0 || rmw)
            return cudaErrorInvalidValue;
        cudaError_t e = cudaFuncSetAttribute((const void *)k_bulk<S>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)smem);
        if (e != cudaSuccess)
            return e;
        k_bulk<S><<<grid, block, smem, l->stream>>>(a, l->n_vec, (unsigned)l->tile_vecs, l->trials, l->block_sums,
                                                    l->clock);
        return RFL_GPU_LAUNCHED();
    }
    default:
        return cudaErrorInvalidValue;
    }
}

} // namespace

extern "C" cudaError_t rfl_gbw_run(const struct rfl_gbw_launch *l)
{
    if (l->precision == RFL_GPU_FP64)
        return run_typed<double>(l);
    if (l->precision == RFL_GPU_FP32)
        return run_typed<float>(l);
    return cudaErrorInvalidValue;
}

extern "C" cudaError_t rfl_gbw_occupancy(enum rfl_gbw_kernel k, enum rfl_gbw_access a, enum rfl_gpu_precision p,
                                         unsigned threads, size_t smem_bytes, unsigned unroll, int loads_nc,
                                         int *blocks_per_sm)
{
    const void *f = p == RFL_GPU_FP64   ? kernel_ptr<double>(k, a, unroll, loads_nc)
                    : p == RFL_GPU_FP32 ? kernel_ptr<float>(k, a, unroll, loads_nc)
                                        : nullptr;
    if (!f)
        return cudaErrorInvalidValue;
    /* Kernel A's L1 plateau needs all of the unified L1/shared array as L1;
     * Kernel C needs it as shared memory. */
    const int carveout = k == RFL_GBW_SHARED || k == RFL_GBW_GLOBAL_BULK ? (int)cudaSharedmemCarveoutMaxShared
                                                                           : (int)cudaSharedmemCarveoutMaxL1;
    cudaError_t e = cudaFuncSetAttribute(f, cudaFuncAttributePreferredSharedMemoryCarveout, carveout);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem_bytes);
    /* More threads than the kernel's launch bounds (l2_own with 16 loads in
     * flight: 512): none fit. */
    cudaFuncAttributes fa;
    if (e == cudaSuccess)
        e = cudaFuncGetAttributes(&fa, f);
    if (e == cudaSuccess && (int)threads > fa.maxThreadsPerBlock) {
        *blocks_per_sm = 0;
        return cudaSuccess;
    }
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, f, (int)threads, smem_bytes);
    return e;
}

extern "C" cudaError_t rfl_gbw_fill(enum rfl_gpu_precision p, void *a, size_t n_vec, cudaStream_t s)
{
    if (p == RFL_GPU_FP64) {
        const size_t n = n_vec * 2;
        k_fill<double><<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(static_cast<double *>(a), n);
    } else if (p == RFL_GPU_FP32) {
        const size_t n = n_vec * 4;
        k_fill<float><<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(static_cast<float *>(a), n);
    } else {
        return cudaErrorInvalidValue;
    }
    return RFL_GPU_LAUNCHED();
}

extern "C" cudaError_t rfl_gbw_check(enum rfl_gpu_precision p, const void *a, size_t n_vec, double offset,
                                     struct rfl_gpu_mismatch *m, cudaStream_t s)
{
    if (p == RFL_GPU_FP64) {
        const size_t n = n_vec * 2;
        k_check<double><<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(static_cast<const double *>(a), n, offset, m);
    } else if (p == RFL_GPU_FP32) {
        const size_t n = n_vec * 4;
        k_check<float><<<rfl_gpu_helper_blocks(n), 256, 0, s>>>(static_cast<const float *>(a), n, offset, m);
    } else {
        return cudaErrorInvalidValue;
    }
    return RFL_GPU_LAUNCHED();
}
