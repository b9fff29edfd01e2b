/* The report's section on the members of a run of several ranks: each
 * rank's own ceilings (ceilings/members.h) as table rows, grouped by host,
 * and the sentence on its outliers. report.c lays them out. */
#ifndef RFL_REPORT_MEMBERS_H
#define RFL_REPORT_MEMBERS_H

#include <stddef.h>

#include "ceilings/members.h"
#include "ceilings/model.h"

#define RFL_REPORT_MEMBER_COLS 8
#define RFL_REPORT_MEMBER_CELL 96
extern const char *const rfl_report_member_head[RFL_REPORT_MEMBER_COLS];

/* The members in host, rank and ceiling order: *order, a new array of
 * m->nmembers pointers (free()). 0, or -1 out of memory. */
int rfl_report_members_order(const struct rfl_model *m, const struct rfl_member ***order);
/* The cells of member mb's row. */
void rfl_report_member_row(const struct rfl_model *m, const struct rfl_member *mb,
                           char (*cells)[RFL_REPORT_MEMBER_CELL]);
/* The paragraph under the table. */
void rfl_report_members_text(const struct rfl_model *m, char *out, size_t len);

#endif
