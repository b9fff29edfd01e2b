/* Numbers as users and rfl's own files write them: one strict parser, so
 * an option, a config key and a data cell accept the same text. */
#ifndef RFL_NUMBER_H
#define RFL_NUMBER_H

#include <stdint.h>

/* A decimal number: an optional sign, digits with an optional '.', an
 * optional exponent (1, -2.5, .5, 3., 1e-3), read in the C locale. No
 * blanks before or after, no hex (0x10), no inf or nan, nothing strtod
 * would stop short of: 0 with the value in *v, else -1 (*v untouched). A
 * value outside the range of a double is -1 too. */
int rfl_parse_decimal(const char *text, double *v);

/* An integer as the same grammar writes it, without '.' or exponent: an
 * optional sign and decimal digits (rfl_parse_long), or digits alone
 * (rfl_parse_u64). No blanks, no hex, no leading '0x'; 0 with the value in
 * *v, else -1 (*v untouched), out of range included. */
int rfl_parse_long(const char *text, long *v);
int rfl_parse_u64(const char *text, uint64_t *v);

/* A double with '.' whatever LC_NUMERIC says, as strtod reads it: -1
 * unless the whole text is a finite number. Laxer than rfl_parse_decimal
 * (leading blanks, hex): only for text a format's own reader has already
 * checked; a CSV cell, an option or a config value goes through
 * rfl_parse_decimal. */
int rfl_parse_c_double(const char *text, double *out);

#endif
