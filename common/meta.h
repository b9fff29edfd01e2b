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

/* A JSON string of text from outside (a host or CPU name, a command line, a
 * CSV field, a config value): json_string refuses text that is not UTF-8,
 * so every invalid byte becomes U+FFFD instead; NULL is "". NULL only when
 * out of memory. */
json_t *rfl_json_text(const char *s);
/* json_object_set_new and json_array_append_new whose failure (a NULL
 * value: a value that could not be made) is not lost: *failed is set. */
void rfl_json_set(json_t *object, const char *key, json_t *value, int *failed);
void rfl_json_append(json_t *array, json_t *value, int *failed);

#endif
