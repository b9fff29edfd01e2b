/* A step of rfl run in run.json and in its marker (run_step.h). */
#include "config.h"
#include "run_step.h"
#include "files.h"
#include "common/input.h"
#include "common/meta.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_run_step_init(struct rfl_run_step *st, const char *name, double started_s)
{
    memset(st, 0, sizeof *st);
    snprintf(st->name, sizeof st->name, "%s", name);
    st->program = -1;
    st->started_s = started_s;
    st->steal_percent = -1; /* unknown */
}

json_t *rfl_run_step_json(const struct rfl_run_step *st)
{
    json_t *o = json_pack("{s:s, s:s}", "step", st->name, "status", st->status);
    if (st->reason[0])
        json_object_set_new(o, "reason", rfl_json_text(st->reason));
    if (st->command)
        json_object_set_new(o, "command", rfl_json_text(st->command));
    json_object_set_new(o, "elapsed_s", json_real(st->elapsed_s));
    json_object_set_new(o, "started_s", json_real(st->started_s));
    if (st->budget_s > 0)
        json_object_set_new(o, "budget_s", json_real(st->budget_s));
    json_object_set_new(o, "cpu_steal_percent", st->steal_percent >= 0 ? json_real(st->steal_percent) : json_null());
    if (st->budget) {
        json_object_set(o, "cuts", json_object_get(st->budget, "cuts"));
        json_object_set(o, "budget_spent", json_object_get(st->budget, "spent"));
    }
    if (st->thread_balance)
        json_object_set_new(o, "thread_balance", rfl_json_text(st->thread_balance));
    if (st->resumed)
        json_object_set_new(o, "resumed", json_true());
    return o;
}

void rfl_run_step_from_json(struct rfl_run_step *st, json_t *o)
{
    json_t *el = json_object_get(o, "elapsed_s"), *cmd = json_object_get(o, "command");
    json_t *status = json_object_get(o, "status");
    json_t *bs = json_object_get(o, "budget_s"), *at = json_object_get(o, "started_s");
    st->elapsed_s = json_is_number(el) ? json_number_value(el) : 0;
    st->budget_s = json_is_number(bs) ? json_number_value(bs) : 0;
    st->started_s = json_is_number(at) ? json_number_value(at) : 0;
    if (json_is_array(json_object_get(o, "cuts")))
        st->budget = json_pack("{s:O, s:b}", "cuts", json_object_get(o, "cuts"), "spent",
                               json_is_true(json_object_get(o, "budget_spent")));
    if (json_is_string(json_object_get(o, "thread_balance")))
        st->thread_balance = strdup(json_string_value(json_object_get(o, "thread_balance")));
    if (json_is_string(cmd))
        st->command = strdup(json_string_value(cmd));
    snprintf(st->status, sizeof st->status, "%s", json_is_string(status) ? json_string_value(status) : "done");
}

json_t *rfl_run_step_kept(const char *run_dir, const char *name, const char *dir, const char *pattern, int whole,
                          char *why, size_t len)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/.steps/%s.done", run_dir, name);
    why[0] = '\0';
    /* A marker that is no regular file (a FIFO would block) is no marker. */
    char err[256];
    size_t n = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &n, err, sizeof err);
    const int loaded = text != NULL;
    json_t *o = loaded ? json_loadb(text, n, 0, NULL) : NULL;
    free(text);
    if (loaded && !json_is_object(o))
        snprintf(why, len, "its marker (%s) is not a JSON object", path);
    if (!json_is_object(o)) {
        json_decref(o);
        return NULL;
    }
    /* Only a marker that says done keeps the step: one that says failed,
     * interrupted or skipped (an older rfl's, or one edited by hand) has no
     * measurement behind it, and measuring again is only ever slower. */
    const json_t *status = json_object_get(o, "status");
    if (!json_is_string(status) || strcmp(json_string_value(status), "done") != 0) {
        const json_t *reason = json_object_get(o, "reason");
        if (json_is_string(status))
            snprintf(why, len, "its marker says %.32s%s%.160s%s", json_string_value(status),
                     json_is_string(reason) ? " (" : "", json_is_string(reason) ? json_string_value(reason) : "",
                     json_is_string(reason) ? ")" : "");
        else
            snprintf(why, len, "its marker (%s) has no status", path);
        json_decref(o);
        return NULL;
    }
    char bad[512] = "";
    if (pattern && !(whole ? rfl_run_outputs_readable(dir, pattern, bad, sizeof bad)
                           : rfl_run_outputs_exist(dir, pattern))) {
        snprintf(why, len, "done earlier, but %s", bad[0] ? bad : "its outputs are gone");
        json_decref(o);
        return NULL;
    }
    return o;
}
