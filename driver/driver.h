/* rfl, the driver, as a library: main() is rfl_driver_main(); the tests call
 * the same functions in-process.
 *
 *   rfl run       runs the programs, then ceilings, plot and report
 *   rfl ceilings  CSV -> ceilings.csv + roofline.json
 *   rfl plot      -> *.gp (+ *.png with gnuplot)
 *   rfl report    -> report.md + report.html
 *   rfl compare   ceilings.csv of several runs -> a table (+ compare.md, .csv, charts)
 *   rfl profile   kernels (ncu, likwid-perfctr) -> profile.csv, then plot and report
 */
#ifndef RFL_DRIVER_H
#define RFL_DRIVER_H

#include <stddef.h>

struct rfl_model;
struct rfl_settings;

/* Every subcommand; returns an RFL_EXIT_* code. */
int rfl_driver_main(int argc, char **argv);
int rfl_cmd_run(int argc, char **argv);
int rfl_cmd_ceilings(int argc, char **argv);
int rfl_cmd_plot(int argc, char **argv);
int rfl_cmd_report(int argc, char **argv);
int rfl_cmd_compare(int argc, char **argv);
int rfl_cmd_profile(int argc, char **argv); /* profile.c */

/* report.c */
int rfl_report_write(const struct rfl_model *m, const char *dir);

/* The steps of one directory, in-process (steps.c; rfl run calls them too): load the
 * settings (--config, else dir/run.conf, else the embedded default), build
 * the model and write. `app` may be NULL. */
int rfl_load_settings_for(struct rfl_settings *s, const char *dir, const char *config);
int rfl_do_ceilings(const char *dir, const struct rfl_settings *s, const char *app, int quiet);
int rfl_do_plot(const char *dir, const struct rfl_settings *s, const char *app, int render);
int rfl_do_report(const char *dir, const struct rfl_settings *s, const char *app);

#endif
