#include "config.h"
#include "size.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int suffix_shift(const char *s, unsigned *shift)
{
    static const struct { const char *name; unsigned shift; } units[] = {
        {"", 0},   {"B", 0},
        {"K", 10}, {"KB", 10}, {"KIB", 10},
        {"M", 20}, {"MB", 20}, {"MIB", 20},
        {"G", 30}, {"GB", 30}, {"GIB", 30},
        {"T", 40}, {"TB", 40}, {"TIB", 40},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcasecmp(s, units[i].name) == 0) {
            *shift = units[i].shift;
            return 0;
        }
    return -1;
}

int rfl_parse_size(const char *text, uint64_t *bytes)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    char *end = NULL;
    errno = 0;
    unsigned long long whole = strtoull(text, &end, 10);
    if (errno == ERANGE)
        return -1;
    double frac = 0.0;
    if (*end == '.') {
        /* Decimal part parsed by hand: strtod would honour the locale. */
        double scale = 0.1;
        const char *p = end + 1;
        if (!isdigit((unsigned char)*p))
            return -1;
        for (; isdigit((unsigned char)*p); p++, scale /= 10)
            frac += (*p - '0') * scale;
        end = (char *)p;
    }
    unsigned shift;
    if (suffix_shift(end, &shift) != 0)
        return -1;
    if (shift == 0 && frac != 0.0)
        return -1; /* fractional bytes */
    if (whole > (UINT64_MAX >> shift))
        return -1;
    uint64_t value = ((uint64_t)whole << shift) + (uint64_t)llround(frac * (double)(1ULL << shift));
    if (value == 0)
        return -1;
    *bytes = value;
    return 0;
}

int rfl_parse_size_range(const char *text, uint64_t *min_bytes, uint64_t *max_bytes)
{
    if (!text)
        return -1;
    const char *colon = strchr(text, ':');
    if (!colon)
        return rfl_parse_size(text, min_bytes) == 0 ? (*max_bytes = *min_bytes, 0) : -1;
    char first[256];
    size_t len = (size_t)(colon - text);
    if (len == 0 || len >= sizeof first || strchr(colon + 1, ':'))
        return -1;
    memcpy(first, text, len);
    first[len] = '\0';
    uint64_t lo, hi;
    if (rfl_parse_size(first, &lo) != 0 || rfl_parse_size(colon + 1, &hi) != 0 || lo > hi)
        return -1;
    *min_bytes = lo;
    *max_bytes = hi;
    return 0;
}

const char *rfl_format_size(uint64_t bytes, char *buf, size_t len)
{
    static const char units[] = "BKMGT";
    unsigned u = 0;
    double v = (double)bytes;
    while (u < 4 && bytes >= (1ULL << (10 * (u + 1))))
        u++;
    v = (double)bytes / (double)(1ULL << (10 * u));
    if (u == 0)
        snprintf(buf, len, "%lluB", (unsigned long long)bytes);
    else if (bytes % (1ULL << (10 * u)) == 0)
        snprintf(buf, len, "%.0f%c", v, units[u]);
    else
        snprintf(buf, len, "%.1f%c", v, units[u]);
    /* snprintf's decimal point follows LC_NUMERIC; sizes are always written with '.' */
    for (char *p = buf; *p; p++)
        if (*p == ',')
            *p = '.';
    return buf;
}
