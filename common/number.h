/* Numbers as users and rfl's own files write them: one strict parser, so
 * an option, a config key and a data cell accept the same text. */
#ifndef RFL_NUMBER_H
#define RFL_NUMBER_H

/* A decimal number: an optional sign, digits with an optional '.', an
 * optional exponent (1, -2.5, .5, 3., 1e-3), read in the C locale. No
 * blanks before or after, no hex (0x10), no inf or nan, nothing strtod
 * would stop short of: 0 with the value in *v, else -1 (*v untouched). A
 * value outside the range of a double is -1 too. */
int rfl_parse_decimal(const char *text, double *v);

/* A double with '.' whatever LC_NUMERIC says, as strtod reads it (a CSV
 * cell): -1 unless the whole text is a finite number. */
int rfl_parse_c_double(const char *text, double *out);

#endif
