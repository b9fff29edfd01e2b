/* The report's budget and noise paragraphs (see report_budget.h). */
#include "config.h"
#include "report_budget.h"
#include "run_budget.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double number(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *text(json_t *o, const char *key, const char *otherwise)
{
    json_t *v = json_object_get(o, key);
    return json_is_string(v) ? json_string_value(v) : otherwise;
}

size_t rfl_report_budget_paragraphs(json_t *run, char (*out)[RFL_REPORT_BUDGET_TEXT], size_t max)
{
    size_t n = 0;
    json_t *budget = json_object_get(run, "budget"), *steps = json_object_get(run, "steps");
    if (json_is_object(budget) && n < max) {
        int len = snprintf(out[n], RFL_REPORT_BUDGET_TEXT,
                           "Time budget: %.0f s (%s), %.1f s of it kept for ceilings, charts and report; the run "
                           "took %.1f s. Each program got a share by its expected cost here:",
                           number(budget, "seconds"), text(budget, "source", "?"), number(budget, "reserve_s"),
                           number(run, "elapsed_s"));
        size_t i, shares = 0;
        json_t *s;
        json_array_foreach(steps, i, s) {
            double given = number(s, "budget_s");
            if (!(given > 0) || len < 0 || len >= RFL_REPORT_BUDGET_TEXT - 80)
                continue;
            len += snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, "%s %s %.1f s given, %.1f s used",
                            shares++ ? ";" : "", text(s, "step", "?"), given, number(s, "elapsed_s"));
        }
        if (len > 0 && len < RFL_REPORT_BUDGET_TEXT - 2)
            snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, "%s", shares ? "." : " none ran now.");
        n++;
        size_t cut_steps = 0;
        json_array_foreach(steps, i, s) {
            json_t *cuts = json_object_get(s, "cuts");
            if (!json_array_size(cuts) || n >= max)
                continue;
            len = snprintf(out[n], RFL_REPORT_BUDGET_TEXT, "Cut to fit the budget in %s%s:", text(s, "step", "?"),
                           json_is_true(json_object_get(s, "budget_spent")) ? " (its share ran out)" : "");
            size_t k;
            json_t *c;
            json_array_foreach(cuts, k, c) {
                if (len < 0 || len >= RFL_REPORT_BUDGET_TEXT - 2 || !json_is_string(c))
                    break;
                len += snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, "%s %s", k ? ";" : "",
                                json_string_value(c));
            }
            if (len > 0 && len < RFL_REPORT_BUDGET_TEXT - 2)
                snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, ".");
            n++;
            cut_steps++;
        }
        if (!cut_steps && n < max)
            snprintf(out[n++], RFL_REPORT_BUDGET_TEXT, "Nothing was cut to fit the budget.");
    }
    json_t *noise = json_object_get(run, "noise");
    if (json_is_object(noise) && n < max) {
        double cv = number(noise, "cv");
        if (isnan(cv))
            snprintf(out[n++], RFL_REPORT_BUDGET_TEXT,
                     "How steady the machine was: the noise probe ran only once, so it cannot say.");
        else
            snprintf(out[n++], RFL_REPORT_BUDGET_TEXT,
                     "How steady the machine was: %s. The noise probe (%s, %.0f short samples each time) ran %.0f "
                     "times through the run; its median rate varied by %.1f%% (coefficient of variation; from "
                     "%.1f to %.1f GB/s, see noise.csv). %s",
                     text(noise, "verdict", "?"), text(noise, "kernel", "one fixed kernel"), number(noise, "samples_per_probe"),
                     number(noise, "probes"), 100 * cv, number(noise, "gbytes_per_s_median_min"),
                     number(noise, "gbytes_per_s_median_max"),
                     cv <= RFL_NOISE_STEADY ? "Ceilings of two runs that differ by more than a few percent differ "
                                              "for real."
                                            : "Ceilings of two runs, or quick against full, that differ by less "
                                              "than this may differ only by the machine's noise.");
    }
    /* Threads that ran at a fraction of the others' rate (cpu/balance.h). */
    size_t i;
    json_t *s;
    json_array_foreach(steps, i, s) {
        json_t *v = json_object_get(s, "thread_balance");
        if (n < max && json_is_string(v) && !strncmp(json_string_value(v), "unbalanced", 10))
            snprintf(out[n++], RFL_REPORT_BUDGET_TEXT, "Threads of %s: %s.", text(s, "step", "?"), json_string_value(v));
    }
    /* The hypervisor's share (/proc/stat's steal) while each program ran. */
    if (json_is_array(steps) && n < max) {
        int len = snprintf(out[n], RFL_REPORT_BUDGET_TEXT, "CPU time taken by the hypervisor (steal) while each "
                                                           "program ran:");
        size_t shown = 0, taken = 0;
        json_array_foreach(steps, i, s) {
            double steal = number(s, "cpu_steal_percent");
            if (isnan(steal) || len < 0 || len >= RFL_REPORT_BUDGET_TEXT - 80)
                continue;
            len += snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, "%s %s %.1f%%", shown++ ? ";" : "",
                            text(s, "step", "?"), steal);
            taken += steal >= RFL_STEAL_NOTABLE_PERCENT;
        }
        if (shown && len > 0 && len < RFL_REPORT_BUDGET_TEXT - 2) {
            snprintf(out[n] + len, RFL_REPORT_BUDGET_TEXT - (size_t)len, "%s",
                     taken ? ". Other guests shared this machine's CPUs: the CPU ceilings of those programs are low "
                             "by up to that share, and a run at another time may differ by as much."
                           : ".");
            n++;
        }
    }
    return n;
}
