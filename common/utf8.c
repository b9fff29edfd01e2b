#include "config.h"
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

size_t rfl_utf8_seq(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned c = p[0];
    if (c == 0)
        return 0;
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xBF; /* the allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0; /* no overlong forms */
        else if (c == 0xED)
            hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F; /* nothing past U+10FFFF */
    } else
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return n;
}

int rfl_utf8_valid(const char *s)
{
    while (*s) {
        size_t n = rfl_utf8_seq(s);
        if (!n)
            return 0;
        s += n;
    }
    return 1;
}

char *rfl_utf8_fix(const char *s)
{
    /* At most three bytes out for each byte in. */
    size_t len = strlen(s);
    char *out = malloc(3 * len + 1), *o = out;
    if (!out)
        return NULL;
    while (*s) {
        size_t n = rfl_utf8_seq(s);
        if (n) {
            memcpy(o, s, n);
            o += n;
            s += n;
        } else {
            memcpy(o, RFL_UTF8_REPLACEMENT, 3);
            o += 3;
            s++;
        }
    }
    *o = '\0';
    return out;
}
