/* Text from data (CSV fields, names in sidecars, configs and application
 * files) as UTF-8: what JSON, the gnuplot scripts and the report need.
 * Valid sequences are kept; every byte that does not start one becomes
 * U+FFFD, so nothing is dropped and nothing invalid is written. */
#ifndef RFL_UTF8_H
#define RFL_UTF8_H

#include <stddef.h>

#define RFL_UTF8_REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD */

/* The length (1 to 4) of the valid UTF-8 sequence at s (NUL-terminated),
 * 0 when the byte at s starts none (overlong forms, surrogates and code
 * points past U+10FFFF are invalid); 0 also at the NUL. */
size_t rfl_utf8_seq(const char *s);
/* 1 when all of s is valid UTF-8. */
int rfl_utf8_valid(const char *s);
/* A copy of s with every invalid byte replaced by U+FFFD (malloc; NULL only
 * when out of memory). */
char *rfl_utf8_fix(const char *s);

#endif
