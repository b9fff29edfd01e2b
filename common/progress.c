#include "config.h"
#include "progress.h"
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static int shown;

static int enabled(void) { return rfl_log_rank() == 0 && isatty(STDERR_FILENO); }

void rfl_progress(const char *fmt, ...)
{
    if (!enabled())
        return;
    char line[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\r%s: %s\033[K", rfl_log_progname(), line);
    fflush(stderr);
    shown = 1;
}

void rfl_progress_done(void)
{
    if (shown && enabled())
        fputs("\r\033[K", stderr);
    shown = 0;
}
