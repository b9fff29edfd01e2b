/* The report's warnings section (see report_warnings.h). */
#include "config.h"
#include "report_warnings.h"
#include "common/input.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 96

/* Appends "WHO: TEXT" for each line of `lines` ('\n'-separated); returns the new count. */
static size_t add_lines(char **items, size_t n, const char *who, const char *lines)
{
    for (const char *p = lines; p && *p && n < MAX_ITEMS;) {
        size_t len = strcspn(p, "\n");
        size_t size = strlen(who) + len + 3;
        if ((items[n] = malloc(size)) != NULL)
            snprintf(items[n++], size, "%s: %.*s", who, (int)len, p);
        p += len + (p[len] == '\n');
    }
    return n;
}

void rfl_report_warnings(struct rfl_doc *d, const struct rfl_model *m)
{
    char *items[MAX_ITEMS];
    size_t n = 0;
    for (size_t i = 0; i < m->ninputs; i++) {
        char who[320];
        snprintf(who, sizeof who, "%s (%s)", m->inputs[i].program, m->inputs[i].file);
        n = add_lines(items, n, who, m->inputs[i].warnings);
    }
    char path[2048], why[256];
    snprintf(path, sizeof path, "%s/run.json", d->dir);
    size_t len = 0;
    char *text = rfl_input_load(path, RFL_INPUT_MAX_BYTES, &len, why, sizeof why);
    json_t *run = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    size_t k;
    json_t *w;
    json_array_foreach(json_object_get(run, "warnings"), k, w)
        if (json_is_string(w))
            n = add_lines(items, n, "rfl run", json_string_value(w));
    json_decref(run);
    if (!n)
        return;
    rfl_doc_heading(d, 2, "Warnings");
    rfl_doc_para(d, "What the programs and rfl run printed as warnings while measuring (also on stderr):");
    rfl_doc_list(d, (const char *const *)items, n);
    for (size_t i = 0; i < n; i++)
        free(items[i]);
}
