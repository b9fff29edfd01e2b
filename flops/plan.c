/* The plan of an rfl_flops run (see plan.h). */
#include "config.h"
#include "plan.h"
#include "cpu/buffer.h"
#include "common/log.h"
#include "common/rfl.h"
#include "common/size.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_FPE_TEXT "1:1024"
#define QUICK_FPE_TEXT "1,4,16,64,256,1024"

const char *rfl_fl_config_isa_label(const struct rfl_fl_config *c)
{
    return c->variant == RFL_FL_REF ? "c" : rfl_fl_isa_names[c->isa];
}

void rfl_fl_config_code(const struct rfl_fl_config *c, unsigned fpe, unsigned *vector_bytes, int *fma)
{
    if (c->variant == RFL_FL_REF) {
        *vector_bytes = rfl_fl_ref_compiled(fpe) ? rfl_fl_ref_vector_bytes() : rfl_precision_bytes(c->prec);
        *fma = rfl_fl_ref_has_fma();
    } else {
        *vector_bytes = rfl_fl_isa_vector_bytes(c->isa);
        *fma = rfl_fl_isa_has_fma(c->isa);
    }
}

int rfl_fl_plan_make(const struct rfl_flops_opts *o, struct rfl_fl_plan *p)
{
    memset(p, 0, sizeof *p);
    /* One thread per core by default: SMT siblings share the FMA pipes, so
     * they add nothing to the peak. */
    int team_rc = rfl_team_load(&p->team, &p->topo, o->threads);
    if (team_rc != 0)
        return team_rc;
    p->rank_cores = p->team.rank_cores;
    p->ranks = p->team.ranks;
    p->threads = p->team.threads;
    p->node_threads = p->team.node_threads;

    /* Variants, ISAs, precisions, unrolls. "all" ISAs means all this CPU has. */
    unsigned isas = o->isas;
    if (isas == (1u << RFL_FL_NISA) - 1) {
        isas = 0;
        for (int i = 0; i < RFL_FL_NISA; i++)
            if (rfl_fl_isa_supported((enum rfl_fl_isa)i))
                isas |= 1u << i;
    }
    for (int i = 0; i < RFL_FL_NISA; i++)
        if ((isas >> i & 1) && !rfl_fl_isa_supported((enum rfl_fl_isa)i)) {
            char supported[64] = "";
            for (int j = 0; j < RFL_FL_NISA; j++)
                if (rfl_fl_isa_supported((enum rfl_fl_isa)j)) {
                    strncat(supported, supported[0] ? ", " : "", sizeof supported - strlen(supported) - 1);
                    strncat(supported, rfl_fl_isa_names[j], sizeof supported - strlen(supported) - 1);
                }
            rfl_error("option --isa: this CPU does not support '%s' (supported: %s)", rfl_fl_isa_names[i],
                      supported[0] ? supported : "none; only --variant ref runs here");
            return RFL_EXIT_USAGE;
        }
    enum rfl_fl_isa best = rfl_fl_isa_best();
    if (!isas && best != RFL_FL_NISA)
        isas = 1u << best;
    const int want_ref = o->variant == RFL_FL_REF || o->variant == RFL_FL_NVARIANT;
    const int want_simd = o->variant == RFL_FL_SIMD || o->variant == RFL_FL_NVARIANT;
    if (want_simd && !isas) {
        if (o->variant == RFL_FL_SIMD) {
            rfl_error("option --variant: this architecture has no simd variant (use --variant ref)");
            return RFL_EXIT_USAGE;
        }
        rfl_warn("no simd variant for this architecture: only ref runs");
    }
    unsigned precisions = o->precisions ? o->precisions : (1u << RFL_NPRECISION) - 1;
    unsigned unrolls = o->unrolls ? o->unrolls : (1u << RFL_FL_NUNROLL) - 1;
    for (int prec = 0; prec < RFL_NPRECISION; prec++) {
        if (!(precisions >> prec & 1))
            continue;
        if (want_ref)
            p->configs[p->nconfigs++] =
                (struct rfl_fl_config){RFL_FL_REF, RFL_FL_NISA, (enum rfl_precision)prec, 1};
    }
    for (int isa = 0; isa < RFL_FL_NISA && want_simd; isa++)
        for (int prec = 0; prec < RFL_NPRECISION; prec++)
            for (int u = 0; u < RFL_FL_NUNROLL; u++)
                if ((isas >> isa & 1) && (precisions >> prec & 1) && (unrolls >> u & 1))
                    p->configs[p->nconfigs++] = (struct rfl_fl_config){
                        RFL_FL_SIMD, (enum rfl_fl_isa)isa, (enum rfl_precision)prec, rfl_fl_unrolls[u]};

    /* FPE values. */
    if (o->nfpe) {
        memcpy(p->fpe, o->fpe, o->nfpe * sizeof *p->fpe);
        p->nfpe = o->nfpe;
    } else {
        rfl_flops_parse_fpe(o->quick ? QUICK_FPE_TEXT : DEFAULT_FPE_TEXT, p->fpe, RFL_FLOPS_MAX_FPE_VALUES,
                            &p->nfpe);
    }

    /* Thread counts: 1, 2, 4, ... and the full count. */
    if (o->thread_sweep)
        for (unsigned t = 1; t < (unsigned)p->threads && p->nthread_counts < RFL_FL_MAX_THREAD_COUNTS - 1; t *= 2)
            p->thread_counts[p->nthread_counts++] = t;
    p->thread_counts[p->nthread_counts++] = (unsigned)p->threads;

    p->growth = o->growth ? o->growth : 2.0;
    p->min_time_s = o->min_time_s ? o->min_time_s : o->quick ? 0.001 : 0.002;
    p->experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;

    /* Working sets. */
    const struct rfl_cache_level *l1 = rfl_topo_cache(&p->topo, 1);
    uint64_t l1_bytes = l1 && l1->size_bytes ? l1->size_bytes : 32768;
    p->wss_thread_default = l1_bytes / 2;
    uint64_t per_thread_max;
    unsigned fewest = p->thread_counts[0];
    if (o->wss[0]) {
        p->wss_min = o->wss[0];
        p->wss_max = o->wss[1];
        size_t cap = 16;
        p->wss = malloc(cap * sizeof *p->wss);
        for (double w = (double)p->wss_min;; w *= p->growth) {
            uint64_t v = w > (double)p->wss_max ? p->wss_max : (uint64_t)llround(w);
            if (p->nwss == cap)
                p->wss = realloc(p->wss, (cap *= 2) * sizeof *p->wss);
            p->wss[p->nwss++] = v;
            if (v >= p->wss_max)
                break;
        }
        per_thread_max = p->wss_max / ((uint64_t)p->ranks * fewest);
    } else {
        p->wss_default = 1;
        per_thread_max = p->wss_thread_default;
    }
    const uint64_t quantum_bytes = RFL_FL_ELEM_QUANTUM * sizeof(double);
    if (per_thread_max < quantum_bytes)
        per_thread_max = quantum_bytes;
    /* In floating point first: near 2^64 bytes the rounding would wrap to a
     * small buffer (see bandwidth/sweep.c). */
    const double huge_page = RFL_HUGE_PAGE_BYTES;
    const double region = ceil((double)per_thread_max / huge_page) * huge_page;
    if (!rfl_buffer_node_fits(region * p->node_threads, rfl_buffer_node_limit(o->mem_limit)))
        return RFL_EXIT_USAGE;
    p->region_bytes = (size_t)region;

    /* The peak: the widest ISA this CPU runs, or ref's code where no simd
     * variant exists. */
    rfl_fl_cpu_detect(&p->cpu);
    p->peak_isa = best;
    if (best != RFL_FL_NISA) {
        p->peak_vector_bytes = rfl_fl_isa_vector_bytes(best);
        p->peak_fma = rfl_fl_isa_has_fma(best);
    } else {
        p->peak_vector_bytes = rfl_fl_ref_vector_bytes();
        p->peak_fma = rfl_fl_ref_has_fma();
    }
    if (o->fma_units)
        rfl_fl_cpu_override_fma(&p->cpu, o->fma_units, p->peak_vector_bytes);
    if (rfl_fl_smt_init(&p->smt, o->smt_probe, o->quick, p->ranks, p->threads) != 0)
        return RFL_EXIT_FAILURE;
    p->clock_load = best == RFL_FL_AVX512 ? RFL_CLOCK_AVX512 : best == RFL_FL_AVX2 ? RFL_CLOCK_AVX2
                                                                                  : RFL_CLOCK_INTEGER;

    return RFL_EXIT_OK;
}

void rfl_fl_plan_free(struct rfl_fl_plan *p)
{
    free(p->wss);
    rfl_fl_smt_free(&p->smt);
    rfl_team_free(&p->team);
    rfl_topo_free(&p->topo);
}
