/* Atomic output files: written under a hidden temporary name in the target's
 * directory and renamed into place on commit, so a reader never sees half a
 * file and an interrupted run leaves the previous file (if any) untouched. */
#ifndef RFL_AFILE_H
#define RFL_AFILE_H

#include <stdio.h>

struct rfl_afile {
    FILE *fp;
    char *path;     /* final name; NULL when writing to stdout ("-") */
    char *tmp_path;
};

/* 0 on success; on failure prints one line naming the path and returns -1. */
int rfl_afile_open(struct rfl_afile *f, const char *path);
/* Flushes, syncs and renames; -1 (with a message) on any I/O error, in which
 * case the temporary file is removed. */
int rfl_afile_commit(struct rfl_afile *f);
/* Discards what was written. Safe to call on a closed or zeroed afile. */
void rfl_afile_abort(struct rfl_afile *f);

/* Writes a whole string to `path` atomically. */
int rfl_afile_write_string(const char *path, const char *text);

#endif
