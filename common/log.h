/* Diagnostics: every message goes to stderr, prefixed with the program name.
 * Under MPI only rank 0 prints (set with rfl_log_set_rank), except
 * rfl_error_all, for failures that one rank alone sees. */
#ifndef RFL_LOG_H
#define RFL_LOG_H

#include <stdarg.h>

void rfl_log_set_progname(const char *argv0);
const char *rfl_log_progname(void);
void rfl_log_set_rank(int rank);
int rfl_log_rank(void);
void rfl_log_set_quiet(int quiet);

void rfl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_error_all(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
