/* Diagnostics: every message goes to stderr, prefixed with the program name.
 * Under MPI only rank 0 prints (set with rfl_log_set_rank), except
 * rfl_error_all, for failures that one rank alone sees. */
#ifndef RFL_LOG_H
#define RFL_LOG_H

#include <stdarg.h>
#include <stddef.h>

void rfl_log_set_progname(const char *argv0);
const char *rfl_log_progname(void);
void rfl_log_set_rank(int rank);
int rfl_log_rank(void);
void rfl_log_set_quiet(int quiet);

void rfl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_error_all(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The warnings this process printed so far (rank 0's), oldest first, as
 * printed after "warning: ": the sidecar's and run.json's "warnings", so the
 * report repeats every one (at most RFL_LOG_MAX_WARNINGS are kept). */
#define RFL_LOG_MAX_WARNINGS 32
size_t rfl_log_warning_count(void);
const char *rfl_log_warning(size_t i);

#endif
