#include "config.h"
#include "options.h"
#include "csv.h"
#include "log.h"
#include "number.h"
#include "rfl.h"
#include "size.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Under MPI every rank parses the same argv; only rank 0 speaks. */
__attribute__((format(printf, 1, 2))) static void cli_err(const char *fmt, ...)
{
    if (rfl_log_rank() != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

/* stdout is flushed at exit, after main's return value is decided: a
 * --help, --version or --print-columns sent to a full disk or a closed
 * pipe would otherwise exit 0 with nothing written. Checked once, here,
 * for every program, at the last moment anything can still fail. A
 * status already non-zero is left as it is (the program has said what
 * failed), and so is a stdout nothing was written to. */
static void check_stdout(int status, void *arg)
{
    (void)arg;
    errno = 0;
    const int failed = fflush(stdout) != 0 || ferror(stdout);
    if (!failed || status != 0)
        return;
    rfl_error_all("standard output: cannot write: %s", strerror(errno ? errno : EIO));
    /* exit() must not be called again from an exit handler: what else is
     * open is flushed by hand. */
    fflush(NULL);
    _exit(RFL_EXIT_FAILURE);
}

#if !defined(__GLIBC__)
/* Without on_exit the status is unknown: a failed write is reported whatever it was. */
static void check_stdout_any(void) { check_stdout(0, NULL); }
#endif

/* From startup rather than from rfl_cli_parse: `rfl --help` and `rfl
 * --version` are answered before any option table is parsed, and every
 * program links this file. */
__attribute__((constructor)) static void watch_stdout(void)
{
#if defined(__GLIBC__)
    on_exit(check_stdout, NULL);
#else
    atexit(check_stdout_any);
#endif
}

static const struct rfl_option *find_short(const struct rfl_cli *cli, int c)
{
    for (size_t i = 0; i < cli->noptions; i++)
        if (cli->options[i].short_name == c)
            return &cli->options[i];
    return NULL;
}

int rfl_cli_invalid(const char *program, const char *name, const char *text, const char *why, ...)
{
    if (rfl_log_rank() == 0) {
        va_list ap;
        va_start(ap, why);
        fprintf(stderr, "%s: option --%s: invalid value '%s' (", program, name, text);
        vfprintf(stderr, why, ap);
        fputs(")\n", stderr);
        va_end(ap);
    }
    return RFL_CLI_ERROR;
}

int rfl_cli_invalid_number(const char *program, const char *name, unsigned long long value, const char *why)
{
    char text[32];
    snprintf(text, sizeof text, "%llu", value);
    return rfl_cli_invalid(program, name, text, "%s", why);
}

static int bad_value(const struct rfl_cli *cli, const struct rfl_option *o, const char *value,
                     const char *expected)
{
    rfl_cli_invalid(cli->program, o->name, value, "%s", expected);
    return -1;
}

static int choice_index(const struct rfl_option *o, const char *value, size_t len)
{
    for (int i = 0; o->choices[i]; i++)
        if (strlen(o->choices[i]) == len && strncmp(o->choices[i], value, len) == 0)
            return i;
    return -1;
}

static int apply(const struct rfl_cli *cli, const struct rfl_option *o, const char *value)
{
    char expected[512];
    switch (o->type) {
    case RFL_OPT_FLAG:
        *(int *)o->dest = 1;
        return 0;
    case RFL_OPT_SIZE:
        if (rfl_parse_size(value, (uint64_t *)o->dest) != 0)
            return bad_value(cli, o, value, "expected a size such as 4096, 64K, 1.5M or 2G");
        return 0;
    case RFL_OPT_SIZE_RANGE: {
        uint64_t *range = o->dest;
        if (rfl_parse_size_range(value, &range[0], &range[1]) != 0)
            return bad_value(cli, o, value, "expected MIN:MAX sizes such as 4K:1G, MIN <= MAX");
        return 0;
    }
    case RFL_OPT_DOUBLE: {
        double v = 0;
        if (rfl_parse_decimal(value, &v) != 0 || ((o->min != 0 || o->max != 0) && (v < o->min || v > o->max))) {
            char lo[32], hi[32];
            rfl_format_double(lo, sizeof lo, "%g", o->min);
            rfl_format_double(hi, sizeof hi, "%g", o->max);
            snprintf(expected, sizeof expected, "expected a number from %s to %s", lo, hi);
            return bad_value(cli, o, value, expected);
        }
        *(double *)o->dest = v;
        return 0;
    }
    case RFL_OPT_UINT: {
        uint64_t v = 0;
        if (rfl_parse_u64(value, &v) != 0 || v > 0xffffffffULL ||
            ((o->min != 0 || o->max != 0) && ((double)v < o->min || (double)v > o->max))) {
            snprintf(expected, sizeof expected, "expected an integer from %.0f to %.0f", o->min, o->max);
            return bad_value(cli, o, value, expected);
        }
        *(unsigned *)o->dest = (unsigned)v;
        return 0;
    }
    case RFL_OPT_STRING:
        if (value[0] == '\0')
            return bad_value(cli, o, value, "expected a non-empty value");
        *(const char **)o->dest = value;
        return 0;
    case RFL_OPT_CHOICE: {
        int idx = choice_index(o, value, strlen(value));
        if (idx < 0) {
            size_t n = (size_t)snprintf(expected, sizeof expected, "expected one of: ");
            for (int i = 0; o->choices[i] && n < sizeof expected; i++)
                n += (size_t)snprintf(expected + n, sizeof expected - n, "%s%s", i ? ", " : "", o->choices[i]);
            return bad_value(cli, o, value, expected);
        }
        *(int *)o->dest = idx;
        return 0;
    }
    case RFL_OPT_LIST: {
        unsigned mask = 0;
        if (strcmp(value, "all") == 0) {
            for (int i = 0; o->choices[i]; i++)
                mask |= 1u << i;
        } else {
            const char *p = value;
            for (;;) {
                size_t len = strcspn(p, ",");
                int idx = len ? choice_index(o, p, len) : -1;
                if (idx < 0) {
                    size_t n = (size_t)snprintf(expected, sizeof expected, "expected a comma-separated list of: ");
                    for (int i = 0; o->choices[i] && n < sizeof expected; i++)
                        n += (size_t)snprintf(expected + n, sizeof expected - n, "%s%s", i ? ", " : "", o->choices[i]);
                    if (n < sizeof expected)
                        snprintf(expected + n, sizeof expected - n, "; or all");
                    return bad_value(cli, o, value, expected);
                }
                mask |= 1u << idx;
                if (p[len] == '\0')
                    break;
                p += len + 1;
            }
        }
        *(unsigned *)o->dest = mask;
        return 0;
    }
    }
    return -1;
}

/* Columns of text: UTF-8 continuation bytes take none. */
static size_t text_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

static void blanks(FILE *out, size_t n)
{
    fprintf(out, "%*s", (int)n, "");
}

struct help_word {
    const char *s;
    size_t bytes, width, gap; /* gap: the blanks before it in the text */
};

/* One line of the text, [p, end), from column col; its further lines at
 * column `indent` (plus, with keep_lead, the line's own leading blanks). */
static void wrap_line(FILE *out, const char *p, const char *end, size_t col, size_t indent, int keep_lead)
{
    size_t lead = strspn(p, " "); /* stops at the '\n' that ends the line */
    p += lead;
    if (p == end)
        return; /* a blank line stays empty: no trailing blanks */
    if (!keep_lead)
        lead = 0;
    size_t n = 0;
    for (const char *q = p; q < end;) {
        q += strspn(q, " ");
        if (q >= end)
            break;
        n++;
        while (q < end && *q != ' ')
            q++;
    }
    struct help_word *w = malloc(n * sizeof *w);
    if (!w) { /* out of memory: the line as it is */
        fprintf(out, "%*s%.*s", (int)lead, "", (int)(end - p), p);
        return;
    }
    size_t k = 0;
    for (const char *q = p; q < end && k < n; k++) {
        const size_t gap = strspn(q, " ");
        q += gap;
        w[k].s = q;
        while (q < end && *q != ' ')
            q++;
        w[k].bytes = (size_t)(q - w[k].s);
        w[k].width = text_width(w[k].s, w[k].bytes);
        w[k].gap = k ? gap : 0;
    }
    blanks(out, lead);
    col += lead;
    indent += lead;
    for (size_t i = 0; i < n;) {
        /* The first word always: one longer than the line stands alone. */
        size_t j = i + 1, at = col + w[i].width;
        while (j < n && at + w[j].gap + w[j].width <= RFL_HELP_WIDTH) {
            at += w[j].gap + w[j].width;
            j++;
        }
        /* No line starts with "-": readers of --help (help2man, the man
         * page's sections, bash completion) take such a line for an option.
         * The word before it goes along, where the two fit on a line. */
        while (j < n && j - 1 > i && w[j].s[0] == '-' &&
               indent + w[j - 1].width + w[j].gap + w[j].width <= RFL_HELP_WIDTH)
            j--;
        for (size_t m = i; m < j; m++)
            fprintf(out, "%*s%.*s", (int)(m > i ? w[m].gap : 0), "", (int)w[m].bytes, w[m].s);
        if (j < n) {
            fputc('\n', out);
            blanks(out, indent);
            col = indent;
        }
        i = j;
    }
    free(w);
}

/* text from column col: each line of it (a '\n' ends one) wrapped word by
 * word within RFL_HELP_WIDTH, its further lines at column `indent`. */
static void wrap(FILE *out, const char *text, size_t col, size_t indent, int keep_lead)
{
    for (const char *p = text;;) {
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        wrap_line(out, p, end, col, indent, keep_lead);
        if (!nl)
            return;
        fputc('\n', out);
        /* The next line starts at the indent, its blanks written with its
         * first word (an empty line gets none). */
        p = nl + 1;
        const char *next_end = strchr(p, '\n');
        next_end = next_end ? next_end : p + strlen(p);
        if (p + strspn(p, " ") < next_end)
            blanks(out, indent);
        col = indent;
    }
}

void rfl_help_row(FILE *out, const char *name, size_t column, const char *text)
{
    const size_t width = text_width(name, strlen(name));
    fputs(name, out);
    if (!*text) {
        fputc('\n', out);
        return;
    }
    /* Two blanks at least between the name and its text (help2man's rule). */
    if (width + 2 > column) {
        fputc('\n', out);
        blanks(out, column);
    } else {
        blanks(out, column - width);
    }
    wrap(out, text, column, column, 0);
    fputc('\n', out);
}

void rfl_help_text(FILE *out, const char *text)
{
    wrap(out, text, 0, 0, 1);
    fputc('\n', out);
}

static void print_option(const struct rfl_option *o, FILE *out)
{
    char lhs[96];
    int n = o->short_name ? snprintf(lhs, sizeof lhs, "  -%c, --%s", o->short_name, o->name)
                          : snprintf(lhs, sizeof lhs, "      --%s", o->name);
    if (o->type != RFL_OPT_FLAG && n > 0 && (size_t)n < sizeof lhs)
        snprintf(lhs + n, sizeof lhs - (size_t)n, "=%s", o->metavar ? o->metavar : "VALUE");
    if (!o->choices) {
        rfl_help_row(out, lhs, RFL_HELP_COLUMN, o->help);
        return;
    }
    /* The choices on a line of their own after the text: "(a, b; or all)". */
    size_t len = strlen(o->help) + 16;
    for (size_t i = 0; o->choices[i]; i++)
        len += strlen(o->choices[i]) + 2;
    char *text = malloc(len);
    if (!text) {
        rfl_help_row(out, lhs, RFL_HELP_COLUMN, o->help);
        return;
    }
    size_t at = (size_t)snprintf(text, len, "%s\n(", o->help);
    for (size_t i = 0; o->choices[i]; i++)
        at += (size_t)snprintf(text + at, len - at, "%s%s", i ? ", " : "", o->choices[i]);
    snprintf(text + at, len - at, "%s)", o->type == RFL_OPT_LIST ? "; or all" : "");
    rfl_help_row(out, lhs, RFL_HELP_COLUMN, text);
    free(text);
}

void rfl_cli_print_help(const struct rfl_cli *cli, FILE *out)
{
    fprintf(out, "Usage: %s [OPTION]...%s\n", cli->program, cli->allow_operands ? " [ARG]..." : "");
    rfl_help_text(out, cli->summary);
    fputs("\nOptions:\n", out);
    for (size_t i = 0; i < cli->noptions; i++)
        print_option(&cli->options[i], out);
    rfl_help_row(out, "  -h, --help", RFL_HELP_COLUMN, "print this help and exit");
    rfl_help_row(out, "  -V, --version", RFL_HELP_COLUMN, "print the version and exit");
    if (cli->epilog) {
        fputc('\n', out);
        rfl_help_text(out, cli->epilog);
    }
}

enum rfl_cli_result rfl_cli_parse(const struct rfl_cli *cli, int argc, char **argv, int *first_operand)
{
    size_t n = cli->noptions;
    struct option *longopts = calloc(n + 3, sizeof *longopts);
    char *shortopts = calloc(3 * n + 8, 1);
    if (!longopts || !shortopts) {
        free(longopts);
        free(shortopts);
        rfl_error("out of memory");
        return RFL_CLI_ERROR;
    }
    /* '+': stop at the first operand; ':' first: we report missing values ourselves. */
    size_t s = 0;
    shortopts[s++] = cli->allow_operands ? '+' : '-';
    shortopts[s++] = ':';
    for (size_t i = 0; i < n; i++) {
        const struct rfl_option *o = &cli->options[i];
        longopts[i].name = o->name;
        longopts[i].has_arg = o->type == RFL_OPT_FLAG ? no_argument : required_argument;
        longopts[i].val = 256 + (int)i;
        if (o->short_name) {
            shortopts[s++] = (char)o->short_name;
            if (o->type != RFL_OPT_FLAG)
                shortopts[s++] = ':';
        }
    }
    longopts[n] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[n + 1] = (struct option){"version", no_argument, NULL, 'V'};
    strcat(shortopts, "hV");

    enum rfl_cli_result result = RFL_CLI_RUN;
    int saved_opterr = opterr;
    opterr = 0;
    optind = 0; /* GNU: re-initialise, so the parser can run again in-process */
    int c, longindex;
    while (result == RFL_CLI_RUN && (c = getopt_long(argc, argv, shortopts, longopts, &longindex)) != -1) {
        const struct rfl_option *o = NULL;
        if (c == 'h') {
            if (rfl_log_rank() == 0)
                rfl_cli_print_help(cli, stdout);
            result = RFL_CLI_DONE;
        } else if (c == 'V') {
            if (rfl_log_rank() == 0)
                printf("%s (rfl) %s\n", cli->program, rfl_version());
            result = RFL_CLI_DONE;
        } else if (c == 1) { /* an operand, with '-' ordering */
            cli_err("%s: unexpected argument '%s' (see --help)\n", cli->program, optarg);
            result = RFL_CLI_ERROR;
        } else if (c == '?') {
            /* For a long option getopt sets optopt to the option's val (256 +
             * index, or 'h'/'V') when it was given a value it does not take,
             * and to 0 when the option is unknown or ambiguous. */
            const char *arg = argv[optind - 1];
            if (strncmp(arg, "--", 2) == 0 && optopt != 0)
                cli_err("%s: option '%.*s' takes no value (see --help)\n", cli->program,
                        (int)strcspn(arg, "="), arg);
            else if (strncmp(arg, "--", 2) == 0)
                cli_err("%s: unknown option '%s' (see --help)\n", cli->program, arg);
            else
                cli_err("%s: unknown option '-%c' (see --help)\n", cli->program, optopt);
            result = RFL_CLI_ERROR;
        } else if (c == ':') {
            cli_err("%s: option '%s' needs a value (see --help)\n", cli->program, argv[optind - 1]);
            result = RFL_CLI_ERROR;
        } else {
            o = c >= 256 ? &cli->options[c - 256] : find_short(cli, c);
            if (!o || apply(cli, o, optarg) != 0)
                result = RFL_CLI_ERROR;
        }
    }
    if (first_operand)
        *first_operand = optind;
    opterr = saved_opterr;
    free(longopts);
    free(shortopts);
    return result;
}

static int parse_bounded(const char *s, size_t len, unsigned lo, unsigned hi, unsigned *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    uint64_t v = 0;
    if (rfl_parse_u64(buf, &v) != 0 || v < lo || v > hi)
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int add_sorted(unsigned *values, size_t max, size_t *count, unsigned v)
{
    for (size_t i = 0; i < *count; i++)
        if (values[i] == v)
            return 0;
    if (*count >= max)
        return -1;
    size_t i = (*count)++;
    for (; i > 0 && values[i - 1] > v; i--)
        values[i] = values[i - 1];
    values[i] = v;
    return 0;
}

int rfl_parse_uint_ranges(const char *text, unsigned lo, unsigned hi, unsigned *values, size_t max, size_t *count)
{
    *count = 0;
    if (!text || !*text)
        return -1;
    for (const char *p = text;;) {
        const size_t len = strcspn(p, ",");
        const char *colon = memchr(p, ':', len);
        unsigned a, b;
        if (colon) {
            if (parse_bounded(p, (size_t)(colon - p), lo, hi, &a) ||
                parse_bounded(colon + 1, len - (size_t)(colon - p) - 1, lo, hi, &b) || a > b)
                return -1;
            for (unsigned long long v = a; v < b; v *= 2)
                if (add_sorted(values, max, count, (unsigned)v))
                    return -1;
            if (add_sorted(values, max, count, b))
                return -1;
        } else if (parse_bounded(p, len, lo, hi, &a) || add_sorted(values, max, count, a)) {
            return -1;
        }
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

int rfl_cli_bad_value(const char *program, int argc, char **argv, const char *name, int short_name, const char *why)
{
    const char *text = "?";
    const size_t len = strlen(name);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--"))
            break;
        if (a[0] == '-' && a[1] == '-' && !strncmp(a + 2, name, len) && (a[2 + len] == '\0' || a[2 + len] == '=')) {
            if (a[2 + len] == '=')
                text = a + 3 + len;
            else if (i + 1 < argc)
                text = argv[++i];
        } else if (short_name && a[0] == '-' && a[1] == short_name) {
            if (a[2])
                text = a + 2;
            else if (i + 1 < argc)
                text = argv[++i];
        }
    }
    return rfl_cli_invalid(program, name, text, "%s", why);
}
