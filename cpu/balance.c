/* Thread balance of a CPU sweep (see balance.h). */
#include "config.h"
#include "balance.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int valid(double t) { return isfinite(t) && t > 0; }

double rfl_balance_point_ratio(const double *busy, size_t n, double *rel)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += valid(busy[i]) ? 1 : 0;
    for (size_t i = 0; rel && i < n; i++)
        rel[i] = NAN;
    if (m < 2)
        return NAN;
    double *sorted = malloc(m * sizeof *sorted);
    if (!sorted)
        return NAN;
    m = 0;
    for (size_t i = 0; i < n; i++)
        if (valid(busy[i]))
            sorted[m++] = busy[i];
    qsort(sorted, m, sizeof *sorted, cmp_double);
    /* The lower middle time: for an even count the faster middle thread, so
     * that of two threads the slower is measured against the faster. */
    const double median = sorted[(m - 1) / 2], slowest = sorted[m - 1];
    free(sorted);
    for (size_t i = 0; rel && i < n; i++)
        if (valid(busy[i]))
            rel[i] = median / busy[i];
    return median / slowest;
}

int rfl_balance_init(struct rfl_balance *b, size_t nthreads, const char *points_desc)
{
    memset(b, 0, sizeof *b);
    b->points_desc = points_desc;
    b->nthreads = nthreads;
    b->thread = calloc(nthreads ? nthreads : 1, sizeof *b->thread);
    if (!b->thread)
        return -1;
    for (size_t i = 0; i < nthreads; i++)
        b->thread[i].worst = INFINITY;
    return 0;
}

void rfl_balance_free(struct rfl_balance *b)
{
    free(b->thread);
    free(b->ratio);
    memset(b, 0, sizeof *b);
}

void rfl_balance_add(struct rfl_balance *b, const double *busy, const double *on_cpu)
{
    if (!b->thread || !b->nthreads)
        return;
    double *rel = malloc(b->nthreads * sizeof *rel);
    if (!rel)
        return;
    double r = rfl_balance_point_ratio(busy, b->nthreads, rel);
    if (!isnan(r) && b->npoints == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        double *more = realloc(b->ratio, cap * sizeof *more);
        if (more) {
            b->ratio = more;
            b->cap = cap;
        }
    }
    if (isnan(r) || b->npoints == b->cap) {
        free(rel);
        return;
    }
    b->ratio[b->npoints++] = r;
    for (size_t i = 0; i < b->nthreads; i++) {
        if (isnan(rel[i]))
            continue;
        struct rfl_balance_thread *t = &b->thread[i];
        t->points++;
        t->slow += rel[i] < RFL_BALANCE_SLOW;
        t->log_sum += log(rel[i]);
        t->worst = rel[i] < t->worst ? rel[i] : t->worst;
        if (on_cpu && isfinite(on_cpu[i]) && on_cpu[i] >= 0) {
            t->on_cpu_points++;
            t->on_cpu_sum += on_cpu[i];
        }
    }
    free(rel);
}

double rfl_balance_ratio(const struct rfl_balance *b)
{
    if (!b->npoints)
        return NAN;
    double *sorted = malloc(b->npoints * sizeof *sorted);
    if (!sorted)
        return NAN;
    memcpy(sorted, b->ratio, b->npoints * sizeof *sorted);
    qsort(sorted, b->npoints, sizeof *sorted, cmp_double);
    size_t n = b->npoints;
    double med = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    free(sorted);
    return med;
}

int rfl_balance_thread_slow(const struct rfl_balance *b, size_t i)
{
    const struct rfl_balance_thread *t = &b->thread[i];
    return t->points && t->slow * 2 >= t->points;
}

int rfl_balance_flagged(const struct rfl_balance *b)
{
    double r = rfl_balance_ratio(b);
    if (isnan(r) || r >= RFL_BALANCE_SLOW)
        return 0;
    for (size_t i = 0; i < b->nthreads; i++)
        if (rfl_balance_thread_slow(b, i))
            return 1;
    return 0;
}

static json_t *number(double v) { return isfinite(v) ? json_real(v) : json_null(); }

static double on_cpu_share(const struct rfl_balance_thread *t)
{
    return t->on_cpu_points ? t->on_cpu_sum / t->on_cpu_points : NAN;
}

/* "rankR.tT@CPU": the thread and its CPU ("?" unknown). */
static void split_label(char *const *labels, size_t i, char *thread, size_t tlen, char *cpu, size_t clen)
{
    const char *l = labels ? labels[i] : NULL;
    const char *at = l ? strchr(l, '@') : NULL;
    if (!l) {
        snprintf(thread, tlen, "thread%zu", i);
        snprintf(cpu, clen, "?");
        return;
    }
    snprintf(thread, tlen, "%.*s", at ? (int)(at - l) : (int)strlen(l), l);
    snprintf(cpu, clen, "%s", at ? at + 1 : "?");
}

static json_t *thread_json(const struct rfl_balance *b, size_t i, char *const *labels)
{
    const struct rfl_balance_thread *t = &b->thread[i];
    char thread[64], cpu[64];
    split_label(labels, i, thread, sizeof thread, cpu, sizeof cpu);
    return json_pack("{s:s, s:s, s:i, s:i, s:o, s:o, s:o}", "thread", thread, "cpu", cpu, "points",
                     (int)t->points, "slow_points", (int)t->slow, "rate_over_median",
                     number(t->points ? exp(t->log_sum / t->points) : NAN), "worst_rate_over_median",
                     number(t->points ? t->worst : NAN), "on_cpu_share", number(on_cpu_share(t)));
}

/* The CPUs of the slow threads, "3, 11" (or their thread names), their mean
 * rate and on-CPU share (NAN where none is known). */
static int slow_cpus(const struct rfl_balance *b, char *const *labels, char *buf, size_t len, double *rate,
                     double *on_cpu)
{
    buf[0] = '\0';
    double sum = 0, on_sum = 0;
    int n = 0, on_n = 0;
    for (size_t i = 0; i < b->nthreads; i++)
        if (rfl_balance_thread_slow(b, i)) {
            char thread[64], cpu[64];
            split_label(labels, i, thread, sizeof thread, cpu, sizeof cpu);
            size_t used = strlen(buf);
            /* beyond rank 0, CPU numbers are another node's: the thread too */
            if (!strcmp(cpu, "?"))
                snprintf(buf + used, len - used, "%s%s", n ? ", " : "", thread);
            else if (strncmp(thread, "rank0.", 6))
                snprintf(buf + used, len - used, "%s%s (%s)", n ? ", " : "", cpu, thread);
            else
                snprintf(buf + used, len - used, "%s%s", n ? ", " : "", cpu);
            sum += exp(b->thread[i].log_sum / b->thread[i].points);
            n++;
            const double share = on_cpu_share(&b->thread[i]);
            if (!isnan(share)) {
                on_sum += share;
                on_n++;
            }
        }
    *rate = n ? sum / n : NAN;
    *on_cpu = on_n ? on_sum / on_n : NAN;
    return n;
}

/* Why the slow threads were slow, from their on-CPU share. */
static void slow_cause(double on_cpu, int plural, char *buf, size_t len)
{
    if (isnan(on_cpu))
        snprintf(buf, len, "CPUs shared a core (hardware threads of one core placed by the hypervisor) or other "
                           "work ran on them");
    else if (on_cpu < RFL_BALANCE_ON_CPU)
        snprintf(buf, len, "%s on %s CPU%s %.0f%% of %s busy time: other work (another process, or the hypervisor) "
                 "took the rest", plural ? "they were" : "it was", plural ? "their" : "its", plural ? "s" : "",
                 100 * on_cpu, plural ? "their" : "its");
    else
        snprintf(buf, len, "%s on %s CPU%s throughout (%.0f%%): %s core with another busy hardware thread "
                 "(two vCPUs on one core) or ran at a lower clock", plural ? "they were" : "it was",
                 plural ? "their" : "its", plural ? "s" : "", 100 * on_cpu, plural ? "each shared its" : "it shared its");
}

json_t *rfl_balance_to_json(const struct rfl_balance *b, char *const *labels)
{
    double r = rfl_balance_ratio(b), lo = INFINITY;
    size_t below = 0;
    for (size_t p = 0; p < b->npoints; p++) {
        lo = b->ratio[p] < lo ? b->ratio[p] : lo;
        below += b->ratio[p] < RFL_BALANCE_SLOW;
    }
    json_t *slow = json_array(), *threads = json_array();
    for (size_t i = 0; i < b->nthreads; i++) {
        if (!b->thread[i].points)
            continue;
        json_array_append_new(threads, thread_json(b, i, labels));
        if (rfl_balance_thread_slow(b, i))
            json_array_append_new(slow, thread_json(b, i, labels));
    }
    char verdict[768], cpus[256], cause[256];
    double rate, on_cpu;
    if (!b->npoints)
        snprintf(verdict, sizeof verdict, "not measured: no point of the kind counted ran on two or more threads");
    else if (rfl_balance_flagged(b)) {
        int n = slow_cpus(b, labels, cpus, sizeof cpus, &rate, &on_cpu);
        slow_cause(on_cpu, n > 1, cause, sizeof cause);
        snprintf(verdict, sizeof verdict,
                 "unbalanced: the %s on %s %s ran at %.2f x the median thread's rate; every synchronised sample "
                 "waits for its slowest thread (what a bulk-synchronous code sees), so the ceilings take the rate "
                 "the threads sustained at their own pace where it was higher: %s",
                 n > 1 ? "threads" : "thread", n > 1 ? "CPUs" : "CPU", cpus, rate, cause);
    } else if (below)
        snprintf(verdict, sizeof verdict,
                 "balanced at most points: the slowest thread ran at %.2f x the median thread's rate (median "
                 "over %zu points); %zu %s had a thread below %.2f x",
                 r, b->npoints, below, below > 1 ? "points" : "point", RFL_BALANCE_SLOW);
    else
        snprintf(verdict, sizeof verdict,
                 "balanced: the slowest thread ran at %.2f x the median thread's rate (median over %zu points)", r,
                 b->npoints);
    return json_pack("{s:s, s:i, s:f, s:o, s:o, s:i, s:o, s:o, s:s}", "points_counted",
                     b->points_desc ? b->points_desc : "", "points", (int)b->npoints, "threshold", RFL_BALANCE_SLOW,
                     "slowest_over_median", number(r), "slowest_over_median_min", number(b->npoints ? lo : NAN),
                     "points_unbalanced", (int)below, "slow_threads", slow, "threads", threads, "verdict", verdict);
}

void rfl_balance_warn(const struct rfl_balance *b, char *const *labels)
{
    if (!rfl_balance_flagged(b))
        return;
    char cpus[256], cause[256];
    double rate, on_cpu;
    int n = slow_cpus(b, labels, cpus, sizeof cpus, &rate, &on_cpu);
    slow_cause(on_cpu, n > 1, cause, sizeof cause);
    rfl_warn("%s on %s %s ran at %.2f x the others' rate (%s): %s; the synchronised rates wait for it, the "
             "ceilings take the rate the threads sustained at their own pace", n > 1 ? "threads" : "the thread", n > 1 ? "CPUs" : "CPU", cpus, rate,
             b->points_desc ? b->points_desc : "", cause);
}
