/* rfl report's document: each heading, paragraph and table written at once
 * to report.md and report.html (markup.h escapes the text for each). */
#ifndef RFL_DRIVER_DOC_H
#define RFL_DRIVER_DOC_H

#include <stddef.h>

#include "common/afile.h"

struct rfl_doc {
    struct rfl_afile md, html;
    const char *dir;
};

#define RFL_DOC_MAX_COLS 32

void rfl_doc_heading(struct rfl_doc *d, int level, const char *text);
__attribute__((format(printf, 2, 3))) void rfl_doc_para(struct rfl_doc *d, const char *fmt, ...);
/* A bulleted list, one item a line. */
void rfl_doc_list(struct rfl_doc *d, const char *const *items, size_t n);
void rfl_doc_table_begin(struct rfl_doc *d, const char *const *head, size_t n);
void rfl_doc_table_row(struct rfl_doc *d, const char *const *cells, size_t n);
void rfl_doc_table_end(struct rfl_doc *d);
/* A whole table whose cells are char arrays laid out in rows: cell (r, c) at
 * cells + r * row_bytes + c * cell_bytes (at most RFL_DOC_MAX_COLS columns). */
void rfl_doc_table_grid(struct rfl_doc *d, const char *const *head, size_t cols, const char *cells, size_t rows,
                        size_t cell_bytes, size_t row_bytes);

#endif
