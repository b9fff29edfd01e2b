/* The report as one description written twice: Markdown and HTML (doc.h). */
#include "config.h"
#include "doc.h"
#include "markup.h"

#include <stdarg.h>
#include <stdio.h>

void rfl_doc_heading(struct rfl_doc *d, int level, const char *text)
{
    fprintf(d->md.fp, "%.*s ", level, "######");
    rfl_md_text(d->md.fp, text, 0);
    fputs("\n\n", d->md.fp);
    fprintf(d->html.fp, "<h%d>", level);
    rfl_html_text(d->html.fp, text);
    fprintf(d->html.fp, "</h%d>\n", level);
}

void rfl_doc_para(struct rfl_doc *d, const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    rfl_md_text(d->md.fp, text, 1);
    fputs("\n\n", d->md.fp);
    fputs("<p>", d->html.fp);
    rfl_html_text(d->html.fp, text);
    fputs("</p>\n", d->html.fp);
}

void rfl_doc_list(struct rfl_doc *d, const char *const *items, size_t n)
{
    fputs("<ul>\n", d->html.fp);
    for (size_t i = 0; i < n; i++) {
        fputs("- ", d->md.fp);
        rfl_md_text(d->md.fp, items[i], 1);
        fputs("\n", d->md.fp);
        fputs("<li>", d->html.fp);
        rfl_html_text(d->html.fp, items[i]);
        fputs("</li>\n", d->html.fp);
    }
    fputs("</ul>\n", d->html.fp);
    fputs("\n", d->md.fp);
}

/* One row of cells: Markdown "| a | b |", HTML <tr> of <th> or <td> (`tag`), both lines left open. */
static void cells_row(struct rfl_doc *d, const char *const *cells, size_t n, const char *tag)
{
    fputc('|', d->md.fp);
    fputs("<tr>", d->html.fp);
    for (size_t i = 0; i < n; i++) {
        fputc(' ', d->md.fp);
        rfl_md_text(d->md.fp, cells[i], 0);
        fputs(" |", d->md.fp);
        fprintf(d->html.fp, "<%s>", tag);
        rfl_html_text(d->html.fp, cells[i]);
        fprintf(d->html.fp, "</%s>", tag);
    }
}

void rfl_doc_table_begin(struct rfl_doc *d, const char *const *head, size_t n)
{
    fputs("<table>\n", d->html.fp);
    cells_row(d, head, n, "th");
    fputs("\n|", d->md.fp);
    for (size_t i = 0; i < n; i++)
        fputs("---|", d->md.fp);
    fputs("\n", d->md.fp);
    fputs("</tr>\n", d->html.fp);
}

void rfl_doc_table_row(struct rfl_doc *d, const char *const *cells, size_t n)
{
    cells_row(d, cells, n, "td");
    fputs("\n", d->md.fp);
    fputs("</tr>\n", d->html.fp);
}

void rfl_doc_table_end(struct rfl_doc *d)
{
    fputs("\n", d->md.fp);
    fputs("</table>\n", d->html.fp);
}

void rfl_doc_table_grid(struct rfl_doc *d, const char *const *head, size_t cols, const char *cells, size_t rows,
                        size_t cell_bytes, size_t row_bytes)
{
    const char *row[RFL_DOC_MAX_COLS];
    cols = cols < RFL_DOC_MAX_COLS ? cols : RFL_DOC_MAX_COLS;
    rfl_doc_table_begin(d, head, cols);
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < cols; c++)
            row[c] = cells + r * row_bytes + c * cell_bytes;
        rfl_doc_table_row(d, row, cols);
    }
    rfl_doc_table_end(d);
}
