/* Each rank's own ceilings beside the job's, and the outliers (members.h). */
#include "config.h"
#include "members.h"
#include "load.h"
#include "model.h"
#include "table.h"
#include "gpu.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_member_key(char *out, size_t len, const char *kernel, const char *prec, const char *isa, int nt,
                    long ranks, long threads)
{
    snprintf(out, len, "%s %s %s %d %ld %ld", kernel, prec, isa, nt, ranks, threads);
}

void rfl_member_gpu_key(char *out, size_t len, const char *kernel, const char *access, const char *prec, long tpb,
                        long blocks)
{
    snprintf(out, len, "%s %s %s %ld %ld", kernel, access, prec, tpb, blocks);
}

void rfl_member_compute_key(char *out, size_t len, const char *variant, long unroll, const char *isa,
                            const char *prec, long ranks, long threads)
{
    char kernel[48];
    if (unroll > 0)
        snprintf(kernel, sizeof kernel, "%s unroll %d", variant, (int)(unroll & 0xffff));
    else
        snprintf(kernel, sizeof kernel, "%s", variant);
    snprintf(out, len, "%s|%s|%s|%ld|%ld", kernel, isa, prec, ranks, threads);
}

int rfl_member_gpu_row(const struct rfl_table *t, size_t r, const json_t *meta, size_t input,
                       struct rfl_member_row *row)
{
    int c_scope = rfl_table_column(t, "scope"), c_rank = rfl_table_column(t, "rank");
    int c_dev = rfl_table_column(t, "device"), c_ver = rfl_table_column(t, "verified");
    memset(row, 0, sizeof *row);
    row->input = input;
    row->rank = -1;
    if (c_rank < 0 || c_ver < 0 || strcmp(rfl_table_cell(t, r, c_ver), "1") != 0)
        return 0;
    if (c_scope >= 0 && strcmp(rfl_table_cell(t, r, c_scope), "aggregate") == 0) {
        snprintf(row->device, sizeof row->device, "gpus");
        return 1;
    }
    if (c_scope >= 0 && strcmp(rfl_table_cell(t, r, c_scope), "gpu") != 0)
        return 0;
    long dev = -1;
    if (rfl_load_opt_int(t, r, c_rank, &row->rank) ||
        (c_dev >= 0 && *rfl_table_cell(t, r, c_dev) && rfl_load_opt_int(t, r, c_dev, &dev)))
        return -1;
    size_t k;
    json_t *e;
    json_array_foreach(json_object_get(meta, "gpus"), k, e) {
        if (json_integer_value(json_object_get(e, "rank")) != row->rank)
            continue;
        json_t *host = json_object_get(e, "host"), *d = json_object_get(json_object_get(e, "device"), "index");
        if (json_is_string(host))
            snprintf(row->host, sizeof row->host, "%s", json_string_value(host));
        if (dev < 0 && json_is_integer(d))
            dev = (long)json_integer_value(d);
    }
    snprintf(row->device, sizeof row->device, "gpu%d", dev < 0 || dev > 9999 ? 0 : (int)dev);
    return 1;
}

void rfl_member_gpu_flops_key(char *out, size_t len, const char *prec, long chains)
{
    snprintf(out, len, "gpu_flops|%s|%ld", prec, chains);
}

void rfl_member_gemm_key(char *out, size_t len, const char *prec, const char *kernel)
{
    snprintf(out, len, "gemm|%s|%s", prec, kernel);
}

void rfl_member_host_link_key(char *out, size_t len, const char *direction, const char *host_memory)
{
    snprintf(out, len, "host link|%s|%s", direction, host_memory);
}

int rfl_member_row_add(struct rfl_model *m, const struct rfl_member_row *row)
{
    return rfl_load_append(&m->member_rows, &m->nmember_rows, sizeof *row, row);
}

int rfl_member_gpu_rows(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta,
                        const char *const *columns, rfl_member_fill_fn fill)
{
    int col[RFL_MEMBER_MAX_COLUMNS], n = 0;
    for (; n < RFL_MEMBER_MAX_COLUMNS && columns[n]; n++)
        col[n] = rfl_table_column(t, columns[n]);
    for (int i = n; i < RFL_MEMBER_MAX_COLUMNS; i++)
        col[i] = -1;
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_member_row row;
        int use = rfl_member_gpu_row(t, r, meta, input, &row);
        if (use > 0)
            use = fill(t, r, col, &row);
        if (use < 0)
            return -1;
        if (use && rfl_member_row_add(m, &row) != 0) {
            rfl_error("%s: out of memory", t->path);
            return -1;
        }
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the n values but the one at `skip`. */
static double median_without(const double *v, size_t n, size_t skip, double *scratch)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (i != skip)
            scratch[k++] = v[i];
    if (!k)
        return NAN;
    qsort(scratch, k, sizeof *scratch, cmp_double);
    return k % 2 ? scratch[k / 2] : 0.5 * (scratch[k / 2 - 1] + scratch[k / 2]);
}

/* The input whose file is the ceiling's. */
static size_t ceiling_input(const struct rfl_model *m, const struct rfl_ceiling *c)
{
    size_t i = 0;
    while (i < m->ninputs && strcmp(m->inputs[i].file, c->file) != 0)
        i++;
    return i;
}

/* What the member rows of job ceiling ci are: their key and file, and
 * whether any working set counts (compute: every flops per element of the
 * kernel; the host link: each GPU's one fit over its sizes) or only the
 * plateau's. 0: the ceiling has no members. */
static int ceiling_key(const struct rfl_model *m, size_t ci, char *key, size_t len, size_t *input, int *compute)
{
    const struct rfl_ceiling *c = &m->ceilings[ci];
    const int gpu = m->gpu && strcmp(c->device, m->gpu->dev.label) == 0;
    char dir[8];
    if (gpu && !strcmp(c->program, "rfl_gpu_micro") && sscanf(c->name, "host link %7s", dir) == 1) {
        rfl_member_host_link_key(key, len, dir, "pinned"); /* gpu_ceilings.c's host_link() */
        *input = ceiling_input(m, c);
        *compute = 1;
        return 1;
    }
    *compute = c->kind == RFL_CEILING_COMPUTE;
    if (*compute) {
        long chains = 0;
        if (!strcmp(c->device, "cpu")) /* the ceiling's kernel (variant and unroll) */
            snprintf(key, len, "%s|%s|%s|%ld|%ld", c->kernel, c->isa, c->precision, c->ranks, c->threads_per_rank);
        else if (gpu && !strcmp(c->program, "rfl_gpu_flops") && sscanf(c->kernel, "fma chains %ld", &chains) == 1)
            rfl_member_gpu_flops_key(key, len, c->precision, chains);
        else if (gpu && !strcmp(c->program, "rfl_gemm")) /* a tensor roof: the same GEMM on each GPU */
            rfl_member_gemm_key(key, len, c->precision, c->kernel);
        else
            return 0;
        *input = ceiling_input(m, c);
        return 1;
    }
    if (c->curve < 0)
        return 0;
    const struct rfl_bw_curve *cv = NULL;
    if (!strcmp(c->device, "cpu") && (size_t)c->curve < m->ncurves) {
        cv = &m->curves[c->curve];
        rfl_member_key(key, len, cv->kernel, cv->precision, cv->isa, cv->nontemporal, cv->ranks,
                       cv->threads_per_rank);
    } else if (gpu && (size_t)c->curve < m->gpu->ncurves) {
        cv = &m->gpu->curves[c->curve];
        rfl_member_gpu_key(key, len, cv->kernel, cv->access, cv->precision, cv->threads_per_block, cv->blocks);
    } else {
        return 0;
    }
    *input = cv->input;
    return 1;
}

/* The members of one job ceiling, appended to m->members. */
static int ceiling_members(struct rfl_model *m, size_t ci)
{
    const struct rfl_ceiling *c = &m->ceilings[ci];
    char key[160];
    size_t input;
    int compute;
    if (!ceiling_key(m, ci, key, sizeof key, &input, &compute))
        return 0;
    const size_t first = m->nmembers;
    for (size_t i = 0; i < m->nmember_rows; i++) {
        const struct rfl_member_row *r = &m->member_rows[i];
        if (r->rank < 0)
            continue; /* all GPUs together: rfl_members_find's aggregate ceilings */
        if (r->input != input || strcmp(r->key, key) != 0 ||
            (!compute && (r->wss < c->wss_min_bytes || r->wss > c->wss_max_bytes)))
            continue;
        size_t j = first;
        while (j < m->nmembers && m->members[j].rank != r->rank)
            j++;
        if (j == m->nmembers) {
            struct rfl_member nm = {.ceiling = ci, .rank = r->rank, .value = 0};
            snprintf(nm.host, sizeof nm.host, "%s", r->host);
            snprintf(nm.device, sizeof nm.device, "%s", r->device);
            if (rfl_load_append(&m->members, &m->nmembers, sizeof nm, &nm) != 0)
                return -1;
            /* in rank order */
            for (size_t k = m->nmembers - 1; k > first && m->members[k - 1].rank > m->members[k].rank; k--) {
                struct rfl_member t = m->members[k];
                m->members[k] = m->members[k - 1];
                m->members[k - 1] = t;
            }
            j = first;
            while (m->members[j].rank != r->rank)
                j++;
        }
        if (r->rate > m->members[j].value)
            m->members[j].value = r->rate;
    }
    const size_t n = m->nmembers - first;
    if (n < 2) { /* one member is the job itself */
        m->nmembers = first;
        return 0;
    }
    double *v = malloc((2 * n + 1) * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < n; i++)
        v[i] = m->members[first + i].value;
    for (size_t i = 0; i < n; i++) {
        struct rfl_member *mb = &m->members[first + i];
        mb->peers_median = median_without(v, n, i, v + n);
        mb->percent_of_peers = mb->peers_median > 0 ? 100.0 * mb->value / mb->peers_median : NAN;
        mb->outlier = mb->peers_median > 0 && mb->value < RFL_MEMBER_OUTLIER_FRACTION * mb->peers_median;
    }
    free(v);
    return 0;
}

/* The ceiling of all GPUs together beside a GPU ceiling that has members:
 * the best rate of the aggregate rows (the job as fast as its slowest GPU
 * in each sample) on the same curve and plateau, as device "gpus". */
static int gpus_ceiling(struct rfl_model *m, size_t ci)
{
    size_t first, n = rfl_members_of(m, ci, &first), input;
    char key[160];
    int compute;
    if (n < 2 || !m->gpu || strcmp(m->ceilings[ci].device, m->gpu->dev.label) != 0 ||
        !ceiling_key(m, ci, key, sizeof key, &input, &compute))
        return 0;
    double best = 0;
    for (size_t i = 0; i < m->nmember_rows; i++) {
        const struct rfl_member_row *r = &m->member_rows[i];
        if (r->rank < 0 && r->input == input && !strcmp(r->key, key) && r->rate > best &&
            (compute || (r->wss >= m->ceilings[ci].wss_min_bytes && r->wss <= m->ceilings[ci].wss_max_bytes)))
            best = r->rate;
    }
    if (!(best > 0))
        return 0;
    struct rfl_ceiling *ce = rfl_model_add_ceiling(m);
    if (!ce)
        return -1;
    *ce = m->ceilings[ci];
    snprintf(ce->device, sizeof ce->device, "gpus");
    ce->value = ce->value_high = best;
    ce->value_low = NAN;
    ce->spread_points = ce->samples = 0;
    ce->spec = NAN;
    ce->spec_source[0] = '\0';
    ce->ranks = (long)n;
    ce->topology_bytes *= n; /* every GPU's level */
    ce->curve = ce->segment = -1;
    return 0;
}

int rfl_members_find(struct rfl_model *m)
{
    if (!m->nmember_rows)
        return 0;
    const size_t nceilings = m->nceilings;
    for (size_t i = 0; i < nceilings; i++)
        if (ceiling_members(m, i) != 0)
            return -1;
    for (size_t i = 0; i < nceilings; i++)
        if (gpus_ceiling(m, i) != 0)
            return -1;
    return 0;
}

size_t rfl_members_of(const struct rfl_model *m, size_t ceiling, size_t *first)
{
    size_t n = 0;
    *first = 0;
    for (size_t i = 0; i < m->nmembers; i++)
        if (m->members[i].ceiling == ceiling) {
            if (!n)
                *first = i;
            n++;
        }
    return n;
}

size_t rfl_members_outliers(const struct rfl_model *m)
{
    size_t n = 0;
    for (size_t i = 0; i < m->nmembers; i++)
        n += m->members[i].outlier != 0;
    return n;
}

size_t rfl_members_other_gpus(const struct rfl_model *m, int *gpus, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; m->gpu && i < m->nmembers; i++) {
        const char *d = m->members[i].device;
        int g, end = 0;
        if (!strcmp(d, m->gpu->dev.label) || sscanf(d, "gpu%d%n", &g, &end) != 1 || d[end] != '\0')
            continue;
        size_t j = 0;
        while (j < n && gpus[j] < g)
            j++;
        if ((j < n && gpus[j] == g) || n == max)
            continue;
        memmove(&gpus[j + 1], &gpus[j], (n - j) * sizeof *gpus);
        gpus[j] = g;
        n++;
    }
    return n;
}

int rfl_members_ceilings(const struct rfl_model *m, const char *device, struct rfl_ceiling **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    for (size_t i = 0; i < m->nmembers; i++) {
        const struct rfl_member *mb = &m->members[i];
        if (strcmp(mb->device, device) != 0 || !(mb->value > 0))
            continue;
        struct rfl_ceiling c = m->ceilings[mb->ceiling];
        snprintf(c.device, sizeof c.device, "%s", device);
        c.value = c.value_high = mb->value;
        c.value_low = NAN;
        c.spread_points = c.samples = 0;
        c.ranks = 1;
        c.peak = 0; /* the job's roof, not the member's */
        if (rfl_load_append(out, n, sizeof c, &c) != 0) {
            free(*out);
            *out = NULL;
            *n = 0;
            return -1;
        }
    }
    return 0;
}
