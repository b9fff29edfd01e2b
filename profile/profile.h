/* The points on a run's roofline, above the run model of ceilings/: the
 * model with its points (rfl_model_build, build.c); the application points
 * (--app, applications.csv: apps.c); rfl profile's, what Nsight Compute
 * (ncu.c) or likwid-perfctr (likwid.c) counted, read into one kernel or
 * region each (struct rfl_app, ceilings/model.h, the type of the --app
 * points too), their short names and what may make them wrong (points.c)
 * and DIR/profile.csv (profile_csv.c). The roof above each point is the
 * model's (ceilings/bound.h), kept on the point. */
#ifndef RFL_PROFILE_PROFILE_H
#define RFL_PROFILE_PROFILE_H

#include <stddef.h>

#include "ceilings/bound.h"
#include "ceilings/model.h"

/* The model of run directory `dir` with its points: the run model
 * (rfl_run_model_build), then the application points from `app_path` when
 * not NULL, else from dir/applications.csv when present, and rfl profile's
 * from dir/profile.csv, each bounded, and the caveats on them as notes.
 * Returns an RFL_EXIT_* code; on error one line was printed. */
int rfl_model_build(struct rfl_model *m, const char *dir, const struct rfl_ceilings_settings *settings,
                    const char *app_path);

/* Reads an application-points CSV: name, arithmetic_intensity, gflops_per_s
 * and optionally level and precision. */
int rfl_apps_read(struct rfl_model *m, const char *path);
/* Writes the points as dir/applications.csv (atomically). */
int rfl_apps_write(const struct rfl_model *m, const char *path);

/* What one reader found: the kernels (ncu, launches summed by name) or
 * regions (likwid-perfctr), in the order they first appear. */
struct rfl_profile {
    struct rfl_app *k;
    size_t n;
};
void rfl_profile_free(struct rfl_profile *p);

/* The Nsight Compute metrics of a hierarchical roofline, once: `ncu --csv
 * --page raw --metrics` with these (rfl profile --help prints them).
 * Required ones every GPU since Volta has; a missing optional one (tensor
 * work of a kind this GPU lacks) counts as zero. */
enum rfl_ncu_role { RFL_NCU_TIME, RFL_NCU_CYCLES, RFL_NCU_FLOPS, RFL_NCU_HFMA2_MMA, RFL_NCU_BYTES };
struct rfl_ncu_metric {
    const char *name;
    int required;
    enum rfl_ncu_role role;
    int index;       /* FLOPS: an rfl_flop_unit; BYTES: an rfl_mem_level */
    double weight;   /* FLOPS: flops per count */
};
extern const struct rfl_ncu_metric rfl_ncu_metrics[];
extern const size_t rfl_ncu_nmetrics;
/* "m1,m2,..." (malloc'd; NULL when out of memory): every metric, or those
 * for which keep(name, ctx) says 1 (keep NULL: all). */
char *rfl_ncu_metric_list(int (*keep)(const char *name, void *ctx), void *ctx);

/* Reads `ncu --csv --page raw` output (several concatenated runs too).
 * -1 after one line naming the file, its line and, where one applies, the
 * kernel and the metric: no header, a missing required metric, a unit
 * rfl does not know, a value that is not a number, a kernel without time. */
int rfl_ncu_read(const char *path, struct rfl_profile *p);
/* Reads `likwid-perfctr -O` output (several runs, one per group, may be
 * concatenated): regions of the FLOPS_DP/FLOPS_SP groups and the data
 * volumes of the L2, L3 and MEM groups. -1 after one line, as above. */
int rfl_likwid_read(const char *path, struct rfl_profile *p);

/* Short names (label) for charts, distinct within the set: the return
 * type, template arguments and parameter list of a C++ name dropped (a
 * cutlass wrapper named by its first template argument), a first template
 * argument or a number added where two would be the same, at most
 * RFL_KERNEL_LABEL_MAX bytes. -1: out of memory. */
#define RFL_KERNEL_LABEL_MAX 40
int rfl_kernels_label(struct rfl_app *k, size_t n);
const char *rfl_kernel_label(const struct rfl_app *k);
/* Cuts s to at most max bytes, ending in "..." where cut, never inside a
 * UTF-8 character. */
void rfl_label_cap(char *s, size_t max);

/* The model's kernels of p's device replaced by p's (moved out of p), each
 * bounded. -1: out of memory. */
int rfl_kernels_replace(struct rfl_model *m, struct rfl_profile *p);
/* What may make the points of a model wrong, one sentence each to say():
 * a profiled or application point above the roof it is held against ("roof
 * measured too low", with both rates and the roof's name); the kernels ran
 * on another GPU than the roofs were measured on, or slower than its
 * maximum clock (ncu locks clocks unless told not to). */
void rfl_kernels_caveats(const struct rfl_model *m, void (*say)(void *ctx, const char *text), void *ctx);

/* Whether v, as profile.csv writes it (nine digits), reads back under its
 * reader's rules: a finite number >= 0. A denormal, or a value that rounds
 * past the largest double, does not. */
int rfl_profile_amount_ok(double v);
/* Whether every value profile.csv would write of k reads back (its name,
 * counts, sums, clock, GFLOP/s and intensities): 0, or -1 with "column
 * 'C': 'VALUE' ..." in what. */
int rfl_kernel_check(const struct rfl_app *k, char *what, size_t len);

/* DIR/profile.csv: the model's kernels (atomically), each row checked
 * against the reader's rules before anything is replaced and the whole
 * file read back by the reader before the rename. -1 after one line (a
 * write failed or an interrupt), -2 after one line naming the row a reader
 * would refuse (nothing replaced either way). Read back, appended to
 * m->kernels and bounded. -1 after one line naming FILE:LINE. */
int rfl_profile_write(const struct rfl_model *m, const char *path);
int rfl_profile_read(struct rfl_model *m, const char *path);

#endif
