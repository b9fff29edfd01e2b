/* The JSON metadata sidecar written beside every CSV: provenance of a run
 * (host, CPU, compiler and flags, version, command line, ranks x threads,
 * binding, date), built with jansson. */
#ifndef RFL_META_H
#define RFL_META_H

#include <jansson.h>

/* A new object with the keys every program records (see docs/FORMAT.md). */
json_t *rfl_meta_new(const char *program, int argc, char **argv);
/* Sets "status" from a run's exit code (complete, verification_failed,
 * interrupted, failed) and "failure" when `failure` is not empty. */
void rfl_meta_set_outcome(json_t *meta, int exit_code, const char *failure);
/* Writes `meta` (indented, keys in insertion order) atomically to `path`. */
int rfl_meta_write(const json_t *meta, const char *path);
/* "out.csv" -> "out.json"; "out" -> "out.json"; "-" -> NULL (no sidecar).
 * The caller frees the result. */
char *rfl_meta_sidecar_path(const char *csv_path);
/* Current UTC time as ISO 8601, e.g. 2026-11-21T06:24:53Z. */
void rfl_meta_utc_now(char *buf, size_t len);

#endif
