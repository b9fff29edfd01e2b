/* The kinds of CSV file a run directory holds, as a table: a file-name
 * pattern, the columns its program writes, a loader that turns rows into
 * curves or series of the model, and a step that turns those into
 * ceilings.  A new program's CSV is one more row (see rfl_sources in
 * sources.c); a *.csv that matches no row is refused. */
#ifndef RFL_CEILINGS_SOURCES_H
#define RFL_CEILINGS_SOURCES_H

#include <jansson.h>
#include <stddef.h>

#include "model.h"
#include "table.h"

struct rfl_source {
    const char *pattern;     /* fnmatch(3) pattern on the file name */
    const char *kind;        /* in messages and roofline.json */
    const char *program;     /* the program that writes it; NULL: not a measurement */
    const char *const *required;
    const char *const *optional;
    /* Adds the rows of one file to the model (NULL: the file is skipped, e.g.
     * the driver's own ceilings.csv). `meta` is the parsed sidecar. */
    int (*load)(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta);
    /* After every file is loaded: adds this kind's ceilings (NULL: none). */
    int (*ceilings)(struct rfl_model *m, const struct rfl_ceilings_settings *s);
    /* A companion file's suffix before .csv ("_mix"): its sidecar is the main
     * file's (gemm_mix.csv -> gemm.json). NULL: NAME.csv -> NAME.json. */
    const char *companion;
};

extern const struct rfl_source rfl_sources[];
extern const size_t rfl_nsources;

/* The source whose pattern matches a file name (no directory), or NULL. */
const struct rfl_source *rfl_source_for(const char *file_name);

/* The source of DIR/NAME: by its sidecar's "program" (NAME.json, or a
 * companion's main file's), else by its name as rfl_source_for. */
const struct rfl_source *rfl_source_for_input(const char *dir, const char *name);

#endif
