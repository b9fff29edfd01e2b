#include "config.h"
#include "number.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t digits(const char *p) { return strspn(p, "0123456789"); }

int rfl_parse_decimal(const char *text, double *v)
{
    /* The grammar first: strtod alone takes leading blanks, hex, inf and
     * nan, which a user meant as none of these. */
    const char *p = text;
    if (*p == '+' || *p == '-')
        p++;
    size_t whole = digits(p), frac = 0;
    p += whole;
    if (*p == '.') {
        frac = digits(++p);
        p += frac;
    }
    if (whole + frac == 0)
        return -1;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        size_t exp = digits(p);
        if (!exp)
            return -1;
        p += exp;
    }
    if (*p != '\0')
        return -1;
    double x;
    if (rfl_parse_c_double(text, &x) != 0)
        return -1;
    *v = x;
    return 0;
}

int rfl_parse_long(const char *text, long *v)
{
    const char *p = text + (*text == '+' || *text == '-');
    size_t n = digits(p);
    if (n == 0 || p[n] != '\0')
        return -1;
    /* The grammar is checked above, so strtol can only stop on range. */
    errno = 0;
    long x = strtol(text, NULL, 10);
    if (errno == ERANGE)
        return -1;
    *v = x;
    return 0;
}

int rfl_parse_u64(const char *text, uint64_t *v)
{
    size_t n = digits(text);
    if (n == 0 || text[n] != '\0')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(text, NULL, 10);
    if (errno == ERANGE)
        return -1;
    *v = (uint64_t)x;
    return 0;
}

int rfl_parse_c_double(const char *text, double *out)
{
    if (!text || !*text)
        return -1;
    /* strtod honours LC_NUMERIC; rfl's numbers are always written with '.'. */
    locale_t c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t previous = c_locale ? uselocale(c_locale) : (locale_t)0;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    int bad = end == text || *end != '\0' || errno == ERANGE || !isfinite(v);
    if (c_locale) {
        uselocale(previous);
        freelocale(c_locale);
    }
    if (bad)
        return -1;
    *out = v;
    return 0;
}
