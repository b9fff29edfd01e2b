/* The report's section on the members of a run of several ranks: each
 * rank's own ceilings (ceilings/members.h) as table rows, grouped by host,
 * and the sentence on its outliers. report.c lays them out. */
#ifndef RFL_REPORT_MEMBERS_H
#define RFL_REPORT_MEMBERS_H

#include <stddef.h>

#include "ceilings/model.h"

#define RFL_REPORT_MEMBER_COLS 8
#define RFL_REPORT_MEMBER_CELL 96
extern const char *const rfl_report_member_head[RFL_REPORT_MEMBER_COLS];

/* The k-th row in host, rank and ceiling order (k < m->nmembers). */
void rfl_report_member_row(const struct rfl_model *m, size_t k,
                           char (*cells)[RFL_REPORT_MEMBER_CELL]);
/* The paragraph under the table. */
void rfl_report_members_text(const struct rfl_model *m, char *out, size_t len);

#endif
