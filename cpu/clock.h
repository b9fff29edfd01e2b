/* The core clock, measured rather than read: a chain of dependent integer
 * adds retires one add per cycle on every x86-64 and AArch64 core, so adds
 * per second is cycles per second, whatever turbo, power capping or a
 * hypervisor do to the nominal frequency.  Optionally the core runs FMAs
 * beside the chain, so it is measured at the clock it keeps under vector
 * load (AVX-512 licences, power limits), not its idle or scalar clock. */
#ifndef RFL_CLOCK_H
#define RFL_CLOCK_H

enum rfl_clock_load {
    RFL_CLOCK_INTEGER, /* the add chain alone */
    RFL_CLOCK_AVX2,    /* with 256-bit FMAs in flight (x86-64 with AVX2+FMA) */
    RFL_CLOCK_AVX512,  /* with 512-bit FMAs in flight (x86-64 with AVX-512F) */
    RFL_NCLOCK_LOAD
};

extern const char *const rfl_clock_load_names[RFL_NCLOCK_LOAD + 1]; /* "integer", "avx2", "avx512" */

#define RFL_CLOCK_MAX_REPS 64

/* GHz of the calling thread's core: the median of `reps` runs (at most
 * RFL_CLOCK_MAX_REPS) of about `seconds` each.  Returns 0
 * where there is no measurement for this architecture or load (the load
 * is not supported by the CPU). */
double rfl_clock_ghz(enum rfl_clock_load load, double seconds, int reps);

/* How the clock is measured, for the metadata. */
const char *rfl_clock_method(void);

#endif
