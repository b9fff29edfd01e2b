/* Text from data (names from CSVs, sidecars, configs, application files)
 * in the report: one helper for HTML, one for Markdown. Both keep valid
 * UTF-8, write U+FFFD for a byte that is not, and let no control
 * character through (tab, newline and carriage return become a space). */
#ifndef RFL_DRIVER_MARKUP_H
#define RFL_DRIVER_MARKUP_H

#include <stdio.h>

/* HTML text or attribute value: < > & " ' as entities. */
void rfl_html_text(FILE *f, const char *s);
/* Markdown text on one line: | ` \ # and the characters of links,
 * emphasis, raw HTML, entities and math backslash-escaped ('_' only where
 * it could open or close emphasis, not inside a word such as global_ca).
 * BLOCK: the text starts a block (a paragraph, a list item's text): leading
 * blanks are dropped and a leading - + = or "1. " is escaped, so it starts
 * no list, heading or code block; a table cell or a heading holds inline
 * text only (BLOCK 0). */
void rfl_md_text(FILE *f, const char *s, int block);

#endif
