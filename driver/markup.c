#include "config.h"
#include "markup.h"
#include "common/utf8.h"

#include <ctype.h>
#include <string.h>

/* The character at s and where the next one starts; *replaced when the
 * byte at s starts no UTF-8 sequence. */
static const char *next_char(const char *s, int *replaced)
{
    size_t n = rfl_utf8_seq(s);
    *replaced = n == 0;
    return s + (n ? n : 1);
}

void rfl_html_text(FILE *f, const char *s)
{
    while (*s) {
        int bad;
        const char *next = next_char(s, &bad);
        unsigned char c = (unsigned char)*s;
        if (bad)
            fputs(RFL_UTF8_REPLACEMENT, f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '&')
            fputs("&amp;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c == '\'')
            fputs("&#39;", f);
        else if (c == '\n' || c == '\t' || c == '\r')
            fputc(' ', f);
        else if (c >= 0x20 && c != 0x7f)
            fwrite(s, 1, (size_t)(next - s), f);
        s = next;
    }
}

void rfl_md_text(FILE *f, const char *s, int block)
{
    int at_start = block;
    unsigned char prev = ' ';
    while (*s) {
        int bad;
        const char *next = next_char(s, &bad);
        unsigned char c = (unsigned char)*s;
        if (bad) {
            fputs(RFL_UTF8_REPLACEMENT, f);
            prev = 'x';
            at_start = 0;
            s = next;
            continue;
        }
        if (c == '\n' || c == '\t' || c == '\r')
            c = ' ';
        else if (c < 0x20 || c == 0x7f) {
            s = next;
            continue;
        }
        int word_before = isalnum(prev), word_after = isalnum((unsigned char)*next);
        int escape = strchr("\\`|*[]<>&$~#", c) != NULL || (c == '_' && !(word_before && word_after)) ||
                     (at_start && strchr("-+=", c) != NULL);
        if (at_start && isdigit(c)) {
            const char *d = s;
            while (isdigit((unsigned char)*d))
                d++;
            if ((*d == '.' || *d == ')') && (d[1] == ' ' || d[1] == '\0')) { /* "1. ": a list item */
                fwrite(s, 1, (size_t)(d - s), f);
                fputc('\\', f);
                fputc(*d, f);
                prev = (unsigned char)*d;
                at_start = 0;
                s = d + 1;
                continue;
            }
        }
        if (c == ' ' && at_start) { /* leading blanks would indent (a code block) */
            s = next;
            continue;
        }
        if (escape)
            fputc('\\', f);
        if (c == ' ' || next - s == 1)
            fputc(c, f);
        else
            fwrite(s, 1, (size_t)(next - s), f);
        prev = c < 0x80 ? c : 'x';
        at_start = 0;
        s = next;
    }
}

