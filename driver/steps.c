/* The steps of one run directory, in-process: its settings, and the model
 * built and written as ceilings, charts or the report. rfl's subcommands
 * (cli.c), rfl run (run_program.c) and rfl profile call them; they call
 * none of those back. */
#include "config.h"
#include "driver.h"
#include "settings.h"
#include "config_name.h"
#include "ceilings/write.h"
#include "profile/profile.h"
#include "plot/plot.h"
#include "common/afile.h"
#include "common/log.h"
#include "common/rfl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rfl_load_settings_for(struct rfl_settings *s, const char *dir, const char *config)
{
    if (rfl_settings_init(s) != 0)
        return RFL_EXIT_FAILURE;
    char conf[PATH_MAX + 256];
    if (config) /* a path, or the name of an installed config */
        return rfl_config_find(config, conf, sizeof conf) != 0 || rfl_settings_load(s, conf) != 0 ? RFL_EXIT_USAGE
                                                                                                : RFL_EXIT_OK;
    /* A dangling or looping run.conf is an error, not the embedded default. */
    int found;
    return rfl_settings_load_run_conf(s, dir, &found) != 0 ? RFL_EXIT_USAGE : RFL_EXIT_OK;
}

static const char *settings_app(const struct rfl_settings *s, const char *app)
{
    if (app && *app)
        return app;
    return s->app && *s->app ? s->app : NULL;
}

int rfl_do_ceilings(const char *dir, const struct rfl_settings *s, const char *app, int quiet)
{
    struct rfl_model m;
    app = settings_app(s, app);
    int rc = rfl_model_build(&m, dir, &s->ceilings, app);
    if (rc != RFL_EXIT_OK) {
        rfl_model_free(&m);
        return rc;
    }
    char csv[PATH_MAX + 256], json[PATH_MAX + 256], apps[PATH_MAX + 256];
    snprintf(csv, sizeof csv, "%s/ceilings.csv", dir);
    snprintf(json, sizeof json, "%s/roofline.json", dir);
    snprintf(apps, sizeof apps, "%s/applications.csv", dir);
    /* All or nothing: staged, then renamed when every file was written. */
    rfl_afile_stage_begin();
    /* The points go with the run, so plot and report find them later. */
    if (app) {
        char a[PATH_MAX], b[PATH_MAX];
        int same = realpath(app, a) && realpath(apps, b) && strcmp(a, b) == 0;
        if (!same && rfl_apps_write(&m, apps) != 0)
            rc = RFL_EXIT_FAILURE;
    }
    if (rc == RFL_EXIT_OK && (rfl_ceilings_write_csv(&m, csv) != 0 || rfl_roofline_write_json(&m, json) != 0))
        rc = RFL_EXIT_FAILURE;
    if (rc != RFL_EXIT_OK)
        rfl_afile_stage_abort();
    else if (rfl_afile_stage_commit() != 0)
        rc = RFL_EXIT_FAILURE;
    if (rc == RFL_EXIT_OK) {
        if (!quiet)
            rfl_ceilings_print(&m);
        rfl_info("wrote %s and %s", csv, json);
    }
    rfl_model_free(&m);
    return rc;
}

int rfl_do_plot(const char *dir, const struct rfl_settings *s, const char *app, int render)
{
    struct rfl_model m;
    int rc = rfl_model_build(&m, dir, &s->ceilings, settings_app(s, app));
    if (rc == RFL_EXIT_OK) {
        int rendered = 0;
        int prc = rfl_plot_write(&m, dir, render, s->formats, &rendered);
        if (prc == RFL_PLOT_FAILED)
            rc = RFL_EXIT_FAILURE;
    }
    rfl_model_free(&m);
    return rc;
}

int rfl_do_report(const char *dir, const struct rfl_settings *s, const char *app)
{
    struct rfl_model m;
    int rc = rfl_model_build(&m, dir, &s->ceilings, settings_app(s, app));
    if (rc == RFL_EXIT_OK && rfl_report_write(&m, dir) != 0)
        rc = RFL_EXIT_FAILURE;
    rfl_model_free(&m);
    return rc;
}
