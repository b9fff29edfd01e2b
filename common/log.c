#include "config.h"
#include "log.h"

#include <stdio.h>
#include <string.h>

static const char *progname = "rfl";
static int log_rank = 0;
static int log_quiet = 0;
static char warnings[RFL_LOG_MAX_WARNINGS][1024];
static size_t nwarnings;

void rfl_log_set_progname(const char *argv0)
{
    const char *slash = argv0 ? strrchr(argv0, '/') : NULL;
    if (argv0)
        progname = slash ? slash + 1 : argv0;
}

const char *rfl_log_progname(void) { return progname; }
void rfl_log_set_rank(int rank) { log_rank = rank; }
int rfl_log_rank(void) { return log_rank; }
void rfl_log_set_quiet(int quiet) { log_quiet = quiet; }

/* Prints one line; returns it as shown (a static buffer, valid until the next call). */
static const char *vemit(const char *tag, const char *fmt, va_list ap)
{
    /* One fprintf per line, so lines from several ranks do not interleave. */
    char line[2048], shown[4 * sizeof line];
    vsnprintf(line, sizeof line, fmt, ap);
    /* One line whatever the message quotes: a control character from data
     * (a newline, an escape sequence) is shown as an escape. */
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)line; *p; p++) {
        if (*p >= 0x20 && *p != 0x7f)
            shown[o++] = (char)*p;
        else if (*p == '\n' || *p == '\t' || *p == '\r') {
            shown[o++] = '\\';
            shown[o++] = *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r';
        } else
            o += (size_t)snprintf(shown + o, sizeof shown - o, "\\x%02x", *p);
    }
    shown[o] = '\0';
    fprintf(stderr, "%s: %s%s\n", progname, tag, shown);
    static char last[4 * 2048];
    memcpy(last, shown, o + 1);
    return last;
}

void rfl_error(const char *fmt, ...)
{
    if (log_rank != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vemit("error: ", fmt, ap);
    va_end(ap);
}

void rfl_error_all(const char *fmt, ...)
{
    char tag[32];
    snprintf(tag, sizeof tag, "error: [rank %d] ", log_rank);
    va_list ap;
    va_start(ap, fmt);
    vemit(log_rank ? tag : "error: ", fmt, ap);
    va_end(ap);
}

void rfl_warn(const char *fmt, ...)
{
    if (log_rank != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    const char *shown = vemit("warning: ", fmt, ap);
    va_end(ap);
    if (nwarnings < RFL_LOG_MAX_WARNINGS)
        snprintf(warnings[nwarnings++], sizeof warnings[0], "%s", shown);
}

size_t rfl_log_warning_count(void) { return nwarnings; }
const char *rfl_log_warning(size_t i) { return i < nwarnings ? warnings[i] : ""; }

void rfl_info(const char *fmt, ...)
{
    if (log_rank != 0 || log_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vemit("", fmt, ap);
    va_end(ap);
}
