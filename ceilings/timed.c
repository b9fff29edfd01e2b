/* A timed transfer series' points (timed.h): the rows of rfl_gpu_micro's
 * transfers, rfl_gpu_link's copies and rfl_network's round trips, each
 * read and appended the one way. */
#include "config.h"
#include "load.h"
#include "table.h"
#include "timed.h"
#include "common/log.h"

#include <stdint.h>

int rfl_timed_push(struct rfl_timed_points *p, double bytes, double t_min, double t_median, long samples)
{
    /* all four grown first, n last: a failure leaves n points, each whole */
    if (rfl_load_push_double(&p->bytes, p->n, bytes) || rfl_load_push_double(&p->t_min, p->n, t_min) ||
        rfl_load_push_double(&p->t_median, p->n, t_median) || rfl_load_push_long(&p->samples, p->n, samples)) {
        rfl_error("out of memory");
        return -1;
    }
    p->n++;
    return 0;
}

struct rfl_timed_columns rfl_timed_columns_of(const struct rfl_table *t, const char *t_min, const char *rate,
                                              const char *t_median)
{
    return (struct rfl_timed_columns){.bytes = rfl_table_column(t, "bytes"),
                                      .t_min = rfl_table_column(t, t_min),
                                      .rate = rate ? rfl_table_column(t, rate) : -1,
                                      .t_median = rfl_table_column(t, t_median),
                                      .samples = rfl_table_column(t, "experiments"),
                                      .verified = rfl_table_column(t, "verified")};
}

int rfl_timed_row(struct rfl_model *m, const struct rfl_table *t, size_t r, const struct rfl_timed_columns *c,
                  struct rfl_timed_row *pt)
{
    uint64_t bytes;
    double rate;
    if (rfl_table_bytes(t, r, c->bytes, 1, &bytes) || rfl_table_double(t, r, c->t_min, 0, &pt->t_min) ||
        rfl_load_positive(t, r, c->t_min, pt->t_min) ||
        (c->rate >= 0 && (rfl_table_double(t, r, c->rate, 0, &rate) || rfl_load_positive(t, r, c->rate, rate))) ||
        rfl_load_spread_cells(t, r, c->t_median, c->samples, &pt->t_median, &pt->samples))
        return -1;
    pt->bytes = (double)bytes;
    return rfl_load_verified(m, t, r, c->verified);
}

int rfl_timed_add(struct rfl_timed_points *p, const struct rfl_table *t, size_t r, const struct rfl_timed_row *pt,
                  const char *what)
{
    if (rfl_load_room(t, r, p->n, what))
        return -1;
    return rfl_timed_push(p, pt->bytes, pt->t_min, pt->t_median, pt->samples);
}
