/* The run directory's files and the machine around it (files.c). */
#ifndef RFL_DRIVER_FILES_H
#define RFL_DRIVER_FILES_H

#include <stddef.h>

/* mkdir -p; 0 or -1 (errno set). */
int rfl_run_mkdir_p(const char *path);
int rfl_run_exists(const char *path);
/* Where the programs are: $RFL_PROGRAM_DIR, else beside this executable. */
void rfl_run_program_dir(char *buf, size_t len);
/* $RFL_GPU_PRESENT (1 or 0) overrides the device files: the tests run
 * stand-ins of the GPU programs on machines without a GPU. */
int rfl_run_gpu_present(void);
/* The GPUs a program started now would see: $RFL_GPU_COUNT where set (the tests), else 0
 * without a GPU, else the /dev/nvidiaN devices, at most as many as CUDA_VISIBLE_DEVICES lists. */
int rfl_run_gpu_count(void);
/* The files of `dir` whose names match `pattern` (NULL: any) and end in
 * `suffix`, sorted; NULL-terminated. Free with rfl_input_free_names. */
char **rfl_run_matching_files(const char *dir, const char *pattern, const char *suffix);
/* The outputs of a program are in dir: at least one CSV of its pattern. */
int rfl_run_outputs_exist(const char *dir, const char *pattern);
/* The outputs of a finished step, as rfl ceilings would read them back:
 * at least one CSV of the pattern in dir, each with its sidecar, whole
 * rows of the columns its program writes, and a line break at its end.
 * 1; or 0 and the first problem in `why` (one line naming the file),
 * where the reader's own message is printed nowhere. */
int rfl_run_outputs_readable(const char *dir, const char *pattern, char *why, size_t len);
/* argv joined by spaces, each word shell-quoted where it needs it, so the
 * line pasted into a shell runs argv and nothing else (the caller frees
 * it; NULL out of memory). */
char *rfl_run_join_argv(char **argv);
/* results_dir (default "results") / HOST-YYYYmmdd-HHMMSS, made unique. */
void rfl_run_default_dir(const char *results_dir, char *buf, size_t len);

#endif
