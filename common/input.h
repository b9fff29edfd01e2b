/* Opening the files rfl reads (CSV, sidecars, application points, configs,
 * markers, charts): only regular files, never blocking. A FIFO, a device, a
 * socket or a directory where an input should be is refused at once ("PATH:
 * not a regular file"; /dev/null reads as an empty file) instead of waiting forever on a FIFO's writer or
 * reading a directory's size as the file's; a file larger than the cap the
 * caller names is refused before anything is allocated. */
#ifndef RFL_INPUT_H
#define RFL_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The most rfl reads of one input file (1 GiB): measurements are a few
 * megabytes; the cap keeps a hostile file from exhausting memory. */
#define RFL_INPUT_MAX_BYTES ((uint64_t)1 << 30)

/* Opens path read-only (O_NONBLOCK, O_CLOEXEC), refuses anything fstat does
 * not call a regular file or that is larger than max_bytes (0: no cap),
 * then makes the descriptor blocking again. Returns the descriptor, or -1
 * with errno set (EINVAL: not a regular file; EFBIG: too large) and the
 * reason, without the path, in why ("cannot read: No such file or
 * directory", "not a regular file", ...). */
int rfl_input_open(const char *path, uint64_t max_bytes, char *why, size_t wlen);

/* The whole file, NUL-terminated (*len bytes before the NUL): NULL with
 * errno and why as rfl_input_open (ENOMEM, EIO after a failed read). */
char *rfl_input_load(const char *path, uint64_t max_bytes, size_t *len, char *why, size_t wlen);

/* rfl_input_load, printing one error line "PATH: WHY" on failure, where a
 * failed open reads "PATH: cannot read WHAT: ERROR" (`what`, e.g. "the
 * config file", may be NULL). */
char *rfl_input_read(const char *path, uint64_t max_bytes, size_t *len, const char *what);

/* rfl_input_read of a text file: a NUL byte in it is one error line
 * "PATH: not a text file" and NULL. */
char *rfl_input_read_text(const char *path, uint64_t max_bytes, size_t *len, const char *what);

/* The names in directory `dir` that end in `suffix` and are not hidden,
 * sorted by strcmp (every output in a fixed order, in any locale), *count
 * of them, NULL-terminated; NULL with errno set when the directory cannot
 * be read or memory runs out. Free with rfl_input_free_names. What each
 * name is (a file, a link) is the caller's to check. */
char **rfl_input_dir_names(const char *dir, const char *suffix, size_t *count);
void rfl_input_free_names(char **names);

/* rfl_input_open as a stdio stream ("r"); NULL with why as above. */
FILE *rfl_input_fopen(const char *path, uint64_t max_bytes, char *why, size_t wlen);

#endif
