/* The band of data sets from which a GPU's L2 ceiling is taken, the one
 * rule rfl_gpu_bandwidth's evidence and the ceilings apply: rows of the
 * kernels that skip L1 (global_stream, global_bulk, l2_own, l2_waves) with a data set
 * past L2/8 and at most L2/2.  Below L2/8 a block's share is a few loads per thread
 * and the old per-block chunk kernel read 18 TB/s there (blocks sharing
 * chunks). Past L2/2 the rows are drawn and reported, not the ceiling (Hopper's
 * L2 is two partitions; Nsight Compute saw no traffic between them under
 * rfl's L2 kernels within L2/2, docs/PERFORMANCE.md). */
#ifndef RFL_L2_BAND_H
#define RFL_L2_BAND_H

#define RFL_L2_BAND_LOW_DIV 8.0  /* the band starts past L2 / 8 */
#define RFL_L2_BAND_HIGH_DIV 2.0 /* and ends at L2 / 2 (inclusive) */

/* 1 when `wss` bytes lie in the band of an L2 of `l2` bytes. */
static inline int rfl_l2_band_holds(double l2, double wss)
{
    return l2 > 0 && wss > l2 / RFL_L2_BAND_LOW_DIV && wss <= l2 / RFL_L2_BAND_HIGH_DIV;
}

#endif
