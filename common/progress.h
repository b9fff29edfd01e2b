/* A one-line progress indicator on stderr, shown only when stderr is a
 * terminal (and only by rank 0), so logs and pipes stay clean. */
#ifndef RFL_PROGRESS_H
#define RFL_PROGRESS_H

void rfl_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rfl_progress_done(void);

#endif
