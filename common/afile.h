/* Atomic output files: written under a hidden temporary name in the target's
 * directory (.NAME.PID.XXXXXX, PID the writer's) and renamed into place on
 * commit, so a reader never sees half a file and an interrupted run leaves
 * the previous file (if any) untouched. Only a regular file is ever
 * replaced: a target that is a directory, device, FIFO, socket or symbolic
 * link is refused (checked at open and again just before the rename).
 * Every write error is reported at commit with the path and strerror, and
 * the temporary file is removed.
 *
 * Several files that go together (a CSV and its sidecar, ceilings.csv and
 * roofline.json, the charts of rfl plot) are staged: between
 * rfl_afile_stage_begin and rfl_afile_stage_commit a commit only finishes
 * the file (written, synced, closed) and keeps it under its temporary name;
 * the stage renames them all once every one was written, or removes them
 * all. */
#ifndef RFL_AFILE_H
#define RFL_AFILE_H

#include <stdio.h>

struct rfl_afile {
    FILE *fp;
    char *path;     /* final name; NULL when writing to stdout ("-") */
    char *tmp_path;
};

/* 0 on success; on failure prints one line naming the path and returns -1.
 * Removes the temporary files of earlier writers of the same target that
 * are no longer running. */
int rfl_afile_open(struct rfl_afile *f, const char *path);
/* Flushes, syncs and renames (in a stage: keeps the temporary file for the
 * stage's commit); -1 (with a message) on any I/O error, in which case the
 * temporary file is removed. */
int rfl_afile_commit(struct rfl_afile *f);
/* Discards what was written. Safe to call on a closed or zeroed afile. */
void rfl_afile_abort(struct rfl_afile *f);

/* Writes a whole string to `path` atomically. */
int rfl_afile_write_string(const char *path, const char *text);

/* 0 when `path` does not exist or is a regular file; else one line
 * "PATH: not a regular file (a KIND); refusing to replace it" and -1. */
int rfl_afile_check_target(const char *path);

/* Staging (one stage at a time, in one thread). */
void rfl_afile_stage_begin(void);
/* A finished file made elsewhere (a PNG gnuplot wrote), staged for `path`:
 * checked for the target, synced and moved beside it under a temporary
 * name. 0, or -1 after a message (`made` is removed). */
int rfl_afile_stage_file(const char *made, const char *path);
/* The temporary name of the file staged for `path`; NULL if none. */
const char *rfl_afile_staged(const char *path);
/* Renames every staged file into place, the last staged first (so a CSV
 * staged before its sidecar appears after it), after checking every target
 * once more; on a failure the files not yet renamed are removed. Ends the
 * stage. 0, or -1 after a message. */
int rfl_afile_stage_commit(void);
/* Removes every staged file and ends the stage; a no-op without one. */
void rfl_afile_stage_abort(void);

/* Removes, in `dir`, the temporary files (and scratch folders) named
 * .NAME.PID.XXXXXX of writers that are no longer running: what a killed
 * run left behind. */
void rfl_afile_remove_stale(const char *dir);

/* Removes a file, or a folder and all it holds (links are removed, never
 * followed): a scratch folder or a stale one. */
void rfl_remove_tree(const char *path);

#endif
