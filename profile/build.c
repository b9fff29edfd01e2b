/* The model of a run directory with its points (profile.h): the run model
 * of ceilings/, then the application points and rfl profile's, each with
 * the roofline above it kept on it, and the caveats on them as notes. */
#include "config.h"
#include "profile.h"
#include "ceilings/model.h"
#include "common/rfl.h"

#include <stdio.h>

static void model_note(void *m, const char *text) { rfl_model_note(m, "%s", text); }

int rfl_model_build(struct rfl_model *m, const char *dir, const struct rfl_ceilings_settings *settings,
                    const char *app_path)
{
    int rc = rfl_run_model_build(m, dir, settings);
    if (rc != RFL_EXIT_OK)
        return rc;
    char path[2048];
    if (app_path && *app_path) {
        if (rfl_apps_read(m, app_path) != 0)
            return RFL_EXIT_USAGE;
    } else if (m->has_apps_file) {
        snprintf(path, sizeof path, "%s/applications.csv", dir);
        if (rfl_apps_read(m, path) != 0)
            return RFL_EXIT_USAGE;
        snprintf(m->app_file, sizeof m->app_file, "applications.csv");
    }
    /* The roofline above every point, kept on it: the writers only report it. */
    for (size_t i = 0; i < m->napps; i++)
        m->apps[i].attainable = rfl_app_attainable(m, &m->apps[i], m->apps[i].bound, sizeof m->apps[i].bound);
    /* rfl profile's points, each bounded as it is read. */
    snprintf(path, sizeof path, "%s/profile.csv", dir);
    if (m->has_profile_file && rfl_profile_read(m, path) != 0)
        return RFL_EXIT_USAGE;
    rfl_kernels_caveats(m, model_note, m);
    return RFL_EXIT_OK;
}
