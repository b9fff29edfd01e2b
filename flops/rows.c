/* rfl_flops's output rows (see rows.h). */
#include "config.h"
#include "rows.h"
#include "common/mpi_shim.h"
#include "common/progress.h"
#include "common/rfl.h"
#include "common/stats.h"

#include <math.h>
#include <stdio.h>

int rfl_fl_balance_counts(const struct rfl_fl_plan *p, const struct rfl_fl_point *pt)
{
    const struct rfl_fl_config *c = &p->configs[pt->config_index];
    if (c->variant != RFL_FL_SIMD || c->unroll < 8 || pt->fpe < 64)
        return 0;
    char level[16];
    unsigned li = rfl_topo_level_name(&p->topo, pt->node_threads, (uint64_t)pt->n * rfl_precision_bytes(c->prec),
                                      level, sizeof level);
    return li < p->topo.ncache && li < 2;
}

/* One row: the job's (own NULL), or rank `rank`'s own: its share of the
 * flops over its own min, median and max times (`own`), the peak and
 * the model its share of the job's. */
static void write_one(const struct rfl_fl_plan *p, struct rfl_fl_point *pt, const struct rfl_fl_clock_group *g,
                      double ghz_before, struct rfl_csv *csv, struct rfl_fl_tally *tally, const double *own, int rank,
                      const char *host)
{
    const size_t ci = pt->config_index;
    const struct rfl_fl_config *c = &p->configs[ci];
    const size_t elem = rfl_precision_bytes(c->prec);
    const size_t n = pt->n;
    const unsigned fpe = pt->fpe, active = pt->active;
    const uint64_t trials = pt->trials, job_threads = pt->job_threads;
    const int node_threads = pt->node_threads;

    struct rfl_stats st;
    if (own)
        st = (struct rfl_stats){.min = own[0], .median = own[1], .max = own[2]};
    else
        rfl_stats_compute(pt->times, p->experiments, &st);
    const double share = own ? 1.0 / p->ranks : 1.0;
    const double flops = (double)job_threads * (double)n * fpe * (double)trials * share;
    const unsigned bytes_per_elem = (rfl_fl_kernel.reads_per_elem + rfl_fl_kernel.writes_per_elem) * (unsigned)elem;
    const double ai = (double)fpe / bytes_per_elem;
    const double gflops = flops / st.min * 1e-9;
    unsigned vb;
    int fma;
    rfl_fl_config_code(c, fpe, &vb, &fma);
    struct rfl_fl_clock_group rg = *g;
    if (ghz_before > 0 && g->ghz_mean > 0)
        rg.ghz_mean = 0.5 * (ghz_before + g->ghz_mean);
    const char *bound = "";
    double model = share * (double)rg.cores_used * rg.ghz_mean *
                   rfl_fl_model_flops_per_cycle(&p->cpu, vb, fma, c->prec, fpe, &bound);
    double peak = share * rfl_fl_peak_gflops(p, &rg, p->peak_vector_bytes, p->peak_fma, c->prec);
    double isa_peak = share * rfl_fl_peak_gflops(p, &rg, vb, fma, c->prec);
    /* ref may be compiled wider than the simd ISA that sets the peak (-march=native). */
    if (isa_peak > peak)
        peak = isa_peak;
    char level[16];
    rfl_topo_level_name(&p->topo, node_threads, (uint64_t)n * elem, level, sizeof level);

    rfl_csv_str(csv, rfl_fl_variant_names[c->variant]);
    rfl_csv_str(csv, rfl_fl_config_isa_label(c));
    rfl_csv_str(csv, rfl_precision_names[c->prec]);
    rfl_csv_int(csv, c->unroll);
    rfl_csv_int(csv, p->ranks);
    rfl_csv_int(csv, active);
    rfl_csv_u64(csv, (uint64_t)n * elem * job_threads);
    rfl_csv_u64(csv, (uint64_t)n * elem);
    rfl_csv_u64(csv, n);
    rfl_csv_int(csv, fpe);
    rfl_csv_int(csv, bytes_per_elem);
    rfl_csv_double(csv, ai);
    rfl_csv_u64(csv, trials);
    rfl_csv_int(csv, p->experiments);
    rfl_csv_double(csv, flops);
    rfl_csv_samples(csv, &st, flops);
    rfl_csv_double(csv, gflops / ai);
    double fraction = 0;
    if (peak > 0) {
        fraction = gflops / peak;
        /* Odd FPE may pass the FMA peak on cores with separate add pipes;
         * the model knows how far. */
        const int above = gflops > peak && gflops > model;
        rfl_csv_double(csv, peak);
        rfl_csv_double(csv, fraction);
        rfl_csv_int(csv, above);
        if (above && !own) {
            tally->above_rows++;
            tally->above_max = fraction > tally->above_max ? fraction : tally->above_max;
        }
    } else {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    }
    if (model > 0)
        rfl_csv_double(csv, model);
    else
        rfl_csv_str(csv, "");
    rfl_csv_int(csv, 1);
    rfl_csv_str(csv, level);
    rfl_csv_str(csv, c->variant == RFL_FL_SIMD ? "intrinsics" : rfl_fl_ref_compiled(fpe) ? "unrolled" : "loop");
    if (rg.ghz_mean > 0)
        rfl_csv_double(csv, rg.ghz_mean);
    else
        rfl_csv_str(csv, "");
    rfl_csv_int(csv, g->cores_used);
    if (isa_peak > 0) {
        rfl_csv_double(csv, isa_peak);
        rfl_csv_double(csv, gflops / isa_peak);
    } else {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    }
    rfl_csv_str(csv, model > 0 ? bound : "");
    rfl_csv_double(csv, own ? NAN : pt->sustained_gflops); /* NAN (empty): not measured */
    rfl_csv_double(csv, own ? NAN : pt->sustained_median_gflops);
    if (own) {
        rfl_csv_int(csv, rank);
        rfl_csv_str(csv, host);
    } else {
        rfl_csv_str(csv, "");
        rfl_csv_str(csv, "");
    }
    rfl_csv_end_row(csv);
    if (own)
        return;

    if (gflops > tally->best[ci].gflops_per_s)
        tally->best[ci] = (struct rfl_fl_best){gflops, fraction, active, c->unroll, fpe};
    rfl_progress("%s %s %s u%u  %u threads  FPE %u  %.1f GFLOP/s", rfl_fl_variant_names[c->variant],
                 rfl_fl_config_isa_label(c), rfl_precision_names[c->prec], c->unroll, active, fpe, gflops);
}

void rfl_fl_write_row(const struct rfl_fl_plan *p, struct rfl_fl_point *pt,
                      const struct rfl_fl_clock_group *g, double ghz_before, struct rfl_csv *csv,
                      struct rfl_fl_tally *tally, const double *per_rank)
{
    write_one(p, pt, g, ghz_before, csv, tally, NULL, -1, NULL);
    for (int r = 0; per_rank && r < p->ranks; r++)
        write_one(p, pt, g, ghz_before, csv, tally, per_rank + 3 * r, r, p->team.hosts[r]);
}

void rfl_fl_print_summary(const struct rfl_fl_plan *p, const struct rfl_fl_best *best,
                          const struct rfl_fl_clock_group *top)
{
    if (rfl_mpi_rank() != 0)
        return;
    fprintf(stderr, "%-20s %12s %9s %8s %7s %6s  %s\n", "best", "GFLOP/s", "of peak", "threads", "unroll",
            "FPE", "peak GFLOP/s");
    for (size_t i = 0; i < p->nconfigs; i++) {
        const struct rfl_fl_config *c = &p->configs[i];
        /* One line per variant, ISA and precision: the best over unrolls. */
        size_t j;
        for (j = 0; j < i; j++)
            if (p->configs[j].variant == c->variant && p->configs[j].isa == c->isa &&
                p->configs[j].prec == c->prec)
                break;
        if (j < i)
            continue;
        const struct rfl_fl_best *b = NULL;
        for (size_t k = i; k < p->nconfigs; k++)
            if (p->configs[k].variant == c->variant && p->configs[k].isa == c->isa &&
                p->configs[k].prec == c->prec && best[k].gflops_per_s > 0 &&
                (!b || best[k].gflops_per_s > b->gflops_per_s))
                b = &best[k];
        if (!b)
            continue;
        char name[64], frac[16] = "-";
        snprintf(name, sizeof name, "%s %s %s", rfl_fl_variant_names[c->variant], rfl_fl_config_isa_label(c),
                 rfl_precision_names[c->prec]);
        if (b->fraction > 0)
            snprintf(frac, sizeof frac, "%.3f", b->fraction);
        fprintf(stderr, "%-20s %12.1f %9s %8u %7u %6u  %.1f\n", name, b->gflops_per_s, frac, b->threads,
                b->unroll, b->fpe, rfl_fl_peak_gflops(p, top, p->peak_vector_bytes, p->peak_fma, c->prec));
    }
}
