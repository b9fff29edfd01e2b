/* What a run does, from a config file (config/default.conf is embedded in
 * the binary): which programs, in which mode, how many ranks, and the
 * machine's spec values for the textbook roofline. */
#ifndef RFL_DRIVER_SETTINGS_H
#define RFL_DRIVER_SETTINGS_H

#include <stdio.h>

#include "programs.h"
#include "ceilings/settings.h"
#include "common/config_file.h"

enum rfl_mode { RFL_MODE_STANDARD, RFL_MODE_QUICK, RFL_MODE_FULL, RFL_NMODES };
extern const char *const rfl_mode_names[RFL_NMODES + 1];

/* How rfl run starts several ranks (driver/launcher.h). */
enum rfl_launcher { RFL_LAUNCHER_MPIEXEC, RFL_LAUNCHER_SRUN, RFL_NLAUNCHERS };
extern const char *const rfl_launcher_names[RFL_NLAUNCHERS + 1];

struct rfl_settings {
    int mode;                 /* enum rfl_mode */
    unsigned programs;        /* bitmask over rfl_programs */
    unsigned ranks;
    unsigned threads;         /* OpenMP threads per rank; 0: the programs' default */
    int oversubscribe;        /* yes: more ranks x threads than this node's cores are allowed */
    int layouts;              /* yes: the CPU programs again once per layout of the node (rfl run --layouts) */
    double budget;            /* seconds for the whole run; 0: the mode's (quick 60, full 600, standard none) */
    int launcher;             /* enum rfl_launcher (launcher.h): mpiexec or srun */
    char *hostfile;           /* mpiexec --hostfile; empty: none */
    char *mpiexec_args;       /* extra mpiexec arguments (e.g. --mca btl self,vader) */
    char *srun_args;          /* extra srun arguments (e.g. --mpi=pmix) */
    char *results_dir;
    char *app;                /* application points CSV; empty: none */
    unsigned formats;         /* the charts' formats: bitmask over rfl_plot_format_names (plot/plot.h) */
    char *args[RFL_NPROGRAMS][RFL_NMODES];
    struct rfl_ceilings_settings ceilings; /* machine, ceilings.bandwidth_kernels, spec.* */
};

/* The embedded config/default.conf (generated at build time). */
extern const char rfl_default_conf[];

/* Zeroes `s` and applies the embedded default. 0, or -1 (a broken build). */
int rfl_settings_init(struct rfl_settings *s);
/* Applies a config file on top of what `s` holds. -1 after one error line. */
int rfl_settings_load(struct rfl_settings *s, const char *path);
int rfl_settings_load_string(struct rfl_settings *s, const char *name, const char *text);
/* Applies DIR/run.conf when anything is there (*found): a file that cannot
 * be read (a dangling link, a loop, a directory) is an error naming it, never
 * replaced by the default. 0 when nothing is there. */
int rfl_settings_load_run_conf(struct rfl_settings *s, const char *dir, int *found);
/* Writes every key with its value, so the file reproduces `s` exactly. */
void rfl_settings_write(const struct rfl_settings *s, FILE *out);
void rfl_settings_free(struct rfl_settings *s);
/* The arguments of a program in the current mode (may be ""). */
const char *rfl_settings_args(const struct rfl_settings *s, int program);

#endif
