/* What one core can issue per cycle, by vector width: the numbers behind
 * the theoretical peak and the issue-rate model of Lo et al. Section 5.3
 * (Fig. 5's blue line). They come from a table of microarchitectures keyed
 * by the CPUID vendor, family and model; where the table cannot know (an
 * unknown CPU, or the Xeon SKUs with one AVX-512 FMA unit instead of two),
 * the assumption is written down and --fma-units overrides it. */
#ifndef RFL_FL_CPU_H
#define RFL_FL_CPU_H

#include <jansson.h>

#include "kernels.h"

enum { RFL_FL_W128, RFL_FL_W256, RFL_FL_W512, RFL_FL_NWIDTH };

struct rfl_fl_cpu {
    char vendor[16];
    unsigned family, model;        /* CPUID, extended fields folded in */
    char uarch[64];                /* e.g. "AMD Zen 5" */
    char assumption[320];          /* what the table assumes and why */
    int known;                     /* the table knows this microarchitecture */
    /* Vector instructions per cycle per core at each width (0: no such
     * width). Multiplies and FMAs issue on the FMA pipes; adds on those or
     * on separate add pipes. */
    double fma_per_cycle[RFL_FL_NWIDTH];
    double add_only_per_cycle;     /* add pipes beyond the FMA pipes (AMD) */
    double loads_per_cycle[RFL_FL_NWIDTH], stores_per_cycle[RFL_FL_NWIDTH];
    unsigned fma_latency_cycles;
    int fma_units_override;        /* --fma-units, 0: none */
    int override_width;            /* width index the override applies to */
};

/* Detects the CPU and fills the table's numbers for it. */
void rfl_fl_cpu_detect(struct rfl_fl_cpu *c);
/* --fma-units N: FMA instructions per cycle per core at the width of the
 * widest ISA in use (the one that sets the peak). */
void rfl_fl_cpu_override_fma(struct rfl_fl_cpu *c, unsigned units, unsigned vector_bytes);

int rfl_fl_width_index(unsigned vector_bytes);

/* Flops per cycle per core of code that keeps the FP pipes full with this
 * vector width (bytes), with or without FMA. */
double rfl_fl_flops_per_cycle(const struct rfl_fl_cpu *c, unsigned vector_bytes, int fma,
                              enum rfl_precision p);

/* The issue-rate model for one vector of the kernel at `fpe`: per vector,
 * one load, one store, FPE/2 FMAs (or multiplies and adds) and the odd add;
 * the cycles are the largest of what the FP pipes, the load ports and the
 * store ports need. Returns flops per cycle per core and names the bound
 * ("fp", "load" or "store"). */
double rfl_fl_model_flops_per_cycle(const struct rfl_fl_cpu *c, unsigned vector_bytes, int fma,
                                    enum rfl_precision p, unsigned fpe, const char **bound);

json_t *rfl_fl_cpu_to_json(const struct rfl_fl_cpu *c);

#endif
