/* rfl_gpu_bandwidth's own kernels, l2_own, l2_waves and l1_set's k_l1,
 * and the L1-skipping loads of the first two: included by
 * gpu_bandwidth/kernels.cu inside its anonymous namespace, after vec<>. */

/* Four loads from four addresses (its slots wrap at the end of the
 * thread's share), L1 skipped, no L2 prefetch hint (the data is in L2):
 * .cg, or the read-only path with L1::no_allocate. */
#define RFL_OWN_LOADS(LD1, LD4)                                                                                \
    template <int MODE> static __device__ __forceinline__ void load4p(const type *const *p, type *v)           \
    {                                                                                                          \
        if ((MODE) == LD_STREAM_RO)                                                                            \
            LD4("ld.global.nc.L1::no_allocate", v[0], v[1], v[2], v[3], p[0], p[1], p[2], p[3]);               \
        else                                                                                                   \
            LD4("ld.global.cg", v[0], v[1], v[2], v[3], p[0], p[1], p[2], p[3]);                               \
    }                                                                                                          \
    template <int MODE> static __device__ __forceinline__ type load1n(const type *p)                           \
    {                                                                                                          \
        type v;                                                                                                \
        if ((MODE) == LD_STREAM_RO)                                                                            \
            LD1("ld.global.nc.L1::no_allocate", v, p);                                                         \
        else                                                                                                   \
            LD1("ld.global.cg", v, p);                                                                         \
        return v;                                                                                              \
    }
template <typename S> struct own_ld;
template <> struct own_ld<float> {
    typedef float4 type;
    RFL_OWN_LOADS(RFL_LD1_F32, RFL_LD4_F32)
};
template <> struct own_ld<double> {
    typedef double2 type;
    RFL_OWN_LOADS(RFL_LD1_F64, RFL_LD4_F64)
};

/* l2_own: each block of a persistent grid owns one contiguous chunk of the
 * n_vec vectors (the chunks cut at 128-byte lines, so no two blocks touch a
 * line) and streams it again and again, L1 skipped (.cg, or the read-only
 * path with L1::no_allocate): no other block, on this SM or another, reads
 * its lines, so neither the L1 nor a request merged with another block's
 * can serve it, and every byte counted is a byte the L2 delivered.  The
 * trials are one stream per thread: its q-th load reads its slot
 * q mod (its slots), U loads of 16 bytes issued together, so the loads stay
 * in flight across the end of a pass (a short chunk does not drain the
 * pipeline every trial).  Float partial sums are folded into a double
 * every RFL_GBW_OWN_FOLD groups, so they stay exact (small integers). */
#define RFL_GBW_OWN_FOLD 4096
template <typename S, int MODE, int U>
__global__ void __launch_bounds__(U > 8 ? 512 : 1024)
    k_own(const typename vec<S>::type *a, size_t n_vec, unsigned long long trials, double *block_sums,
          rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    RFL_GPU_CLOCK_BEGIN(clk)
    const size_t lines = n_vec / 8;
    const size_t begin = (size_t)blockIdx.x * lines / gridDim.x * 8;
    const size_t end = ((size_t)blockIdx.x + 1) * lines / gridDim.x * 8;
    const size_t len = end - begin;
    const unsigned step = blockDim.x;
    const size_t mine = threadIdx.x < len ? (len - threadIdx.x + step - 1) / step : 0;
    double total = 0.0;
    if (mine) {
        const V *const first = a + begin + threadIdx.x;
        /* Load u of a group reads slot off[u] / step; each advances by U
         * slots, wrapping at the thread's end: no chain between the U
         * addresses, so all U loads issue before the first add. */
        const unsigned stop = (unsigned)(mine * step), adv = (unsigned)((U % mine) * step);
        unsigned off[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            off[u] = (unsigned)((u % mine) * step);
        const unsigned long long loads = (unsigned long long)mine * trials;
        V acc0 = T::zero();
        unsigned fold = 0;
        unsigned long long q = 0;
#pragma unroll 1
        for (; q + U <= loads; q += U) {
            const V *ptr[U];
#pragma unroll
            for (int u = 0; u < U; u++) {
                ptr[u] = first + off[u];
                off[u] += adv;
                off[u] = off[u] >= stop ? off[u] - stop : off[u];
            }
            V v[U];
#pragma unroll
            for (int u = 0; u < U; u += 4)
                own_ld<S>::template load4p<MODE>(ptr + u, v + u);
            /* Every add waits for the last load: ptxas keeps them all after
             * it (summed as loaded, it put adds between the loads, and each
             * such add stalled the next load until its data came back). */
            V t = T::add(v[U - 1], v[0]);
#pragma unroll
            for (int u = 1; u < U - 1; u++)
                t = T::add(t, v[u]);
            acc0 = T::add(acc0, t);
            if (++fold == RFL_GBW_OWN_FOLD) {
                total += T::total(acc0);
                acc0 = T::zero();
                fold = 0;
            }
        }
        /* The last loads < U: slots off[0], off[1], ... in order. */
        for (int u = 0; u < U && q < loads; u++, q++)
            acc0 = T::add(acc0, own_ld<S>::template load1n<MODE>(first + off[u]));
        total += T::total(acc0);
    }
    RFL_GPU_FENCE();
    RFL_GPU_CLOCK_END(clk)
    rfl_gpu_block_add(total, block_sums + blockIdx.x);
}

/* l2_waves: a grid of trials x nchunks short blocks, block b reading chunk
 * b mod nchunks of the n_vec vectors once (chunks of U x blockDim.x
 * vectors, the last one the rest too), its U loads per thread all issued before
 * the first add, L1 skipped as in l2_own; the blocks that read one chunk are
 * nchunks apart in the grid, so they run at different times (RRZE-HPC
 * gpu-l2-cache's waves of blocks; our code). A trial loads every vector once. */
template <typename S, int MODE, int U>
__global__ void __launch_bounds__(1024)
    k_waves(const typename vec<S>::type *a, size_t n_vec, size_t nchunks, unsigned nsums, double *block_sums)
{
    typedef vec<S> T;
    typedef typename T::type V;
    const unsigned c = blockIdx.x % (unsigned)nchunks, step = blockDim.x;
    const size_t per = (size_t)U * step, begin = c * per;
    const size_t end = c + 1 == nchunks ? n_vec : begin + per;
    double total = 0.0;
    if (end - begin == per) { /* every chunk but the last: U loads, none predicated */
        const V *const p = a + begin + threadIdx.x;
        V v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            v[u] = own_ld<S>::template load1n<MODE>(p + (size_t)u * step);
        V t = v[0];
#pragma unroll
        for (int u = 1; u < U; u++)
            t = T::add(t, v[u]);
        total = T::total(t);
    } else {
        V t = T::zero();
        for (size_t j = begin + threadIdx.x; j < end; j += step)
            t = T::add(t, own_ld<S>::template load1n<MODE>(a + j));
        total = T::total(t);
    }
    /* Each warp adds its total to a slot shared with other blocks' warps
     * (atomic): a barrier before a short block ends would hold its SM. */
    for (int o = 16; o > 0; o >>= 1)
        total += __shfl_down_sync(0xffffffffu, total, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(block_sums + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) % nsums, total);
}

template <typename S> const void *waves_ptr(unsigned unroll, int loads_nc)
{
    if (loads_nc)
        return unroll == 4    ? (const void *)k_waves<S, LD_STREAM_RO, 4>
               : unroll == 8  ? (const void *)k_waves<S, LD_STREAM_RO, 8>
               : unroll == 16 ? (const void *)k_waves<S, LD_STREAM_RO, 16>
                              : nullptr;
    return unroll == 4    ? (const void *)k_waves<S, LD_STREAM_RW, 4>
           : unroll == 8  ? (const void *)k_waves<S, LD_STREAM_RW, 8>
           : unroll == 16 ? (const void *)k_waves<S, LD_STREAM_RW, 16>
                          : nullptr;
}

/* l2_own's instance for an unroll (4, 8 or 16 loads in flight per thread)
 * and its loads (.cg or the read-only path). */
template <typename S> const void *own_ptr(unsigned unroll, int loads_nc)
{
    if (loads_nc)
        return unroll == 4    ? (const void *)k_own<S, LD_STREAM_RO, 4>
               : unroll == 8  ? (const void *)k_own<S, LD_STREAM_RO, 8>
               : unroll == 16 ? (const void *)k_own<S, LD_STREAM_RO, 16>
                              : nullptr;
    return unroll == 4    ? (const void *)k_own<S, LD_STREAM_RW, 4>
           : unroll == 8  ? (const void *)k_own<S, LD_STREAM_RW, 8>
           : unroll == 16 ? (const void *)k_own<S, LD_STREAM_RW, 16>
                          : nullptr;
}

/* l1_set: every block of every SM reads all n_vec vectors (a set within
 * one SM's L1) in every trial, through L1 (plain ld.global): after the
 * first trial the SM's own L1 serves them.  Eight 16-byte loads in flight
 * per thread, 32-bit offsets.  The partial sums stay in the vector
 * accumulator across trials and are folded into the double total only
 * when the next trial could take a lane past the element type's exact
 * integers (2^24 in float): folding every trial, as the chunk kernels do,
 * cost 8 conversions per 16 loads at a 64 KiB set and held the L1 at
 * 120-123 B/clk/SM. */
template <typename S>
__global__ void __launch_bounds__(1024) k_l1(const typename vec<S>::type *a, unsigned n_vec, unsigned long long trials,
                                             double *block_sums, rfl_gpu_clock *clk)
{
    typedef vec<S> T;
    typedef typename T::type V;
    RFL_GPU_CLOCK_BEGIN(clk)
    const unsigned step = blockDim.x;
    /* A lane gains at most 8 (the fill's largest value) per load of a trial. */
    const unsigned long long per_trial = 8ull * ((n_vec + step - 1) / step);
    const unsigned long long exact = sizeof(S) == sizeof(float) ? 1ull << 24 : 1ull << 53;
    const unsigned long long fold_every = per_trial ? (exact - 1) / per_trial : trials;
    double total = 0.0;
    V acc = T::zero(); /* one accumulator: a second one cost fp64 the registers of a fifth block per SM */
    unsigned long long since = 0;
    for (unsigned long long t = 0; t < trials; t++) {
        unsigned j = threadIdx.x;
#pragma unroll 1
        for (; j + 7 * step < n_vec; j += 8 * step) {
            V v0, v1, v2, v3, v4, v5, v6, v7;
            T::template load4<LD_DEFAULT>(a + j, step, v0, v1, v2, v3);
            T::template load4<LD_DEFAULT>(a + j + 4 * step, step, v4, v5, v6, v7);
            acc = T::add(acc, T::add(T::add(T::add(v0, v1), T::add(v2, v3)), T::add(T::add(v4, v5), T::add(v6, v7))));
        }
        for (; j < n_vec; j += step)
            acc = T::add(acc, T::template load1<LD_DEFAULT>(a + j));
        if (++since >= fold_every) {
            total += T::total(acc);
            acc = T::zero();
            since = 0;
        }
        RFL_GPU_FENCE();
    }
    total += T::total(acc);
    RFL_GPU_CLOCK_END(clk)
    rfl_gpu_block_add(total, block_sums + blockIdx.x);
}
