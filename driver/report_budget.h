/* The report's words on rfl run's time budget and on how steady the
 * machine was: from run.json's "budget", its steps' "budget_s", "cuts" and
 * "elapsed_s", its "noise" (driver/run_budget.h), and its steps'
 * "cpu_steal_percent" (common/steal.h). */
#ifndef RFL_DRIVER_REPORT_BUDGET_H
#define RFL_DRIVER_REPORT_BUDGET_H

#include <stddef.h>

#include <jansson.h>

#define RFL_REPORT_BUDGET_TEXT 2000
#define RFL_REPORT_BUDGET_MAX (2 + 32 + 2 + 32)
/* A steal share (percent of the CPUs' time) that the report calls out. */
#define RFL_STEAL_NOTABLE_PERCENT 2.0

/* Fills up to `max` paragraphs of plain text; returns how many. */
size_t rfl_report_budget_paragraphs(json_t *run, char (*out)[RFL_REPORT_BUDGET_TEXT], size_t max);

#endif
