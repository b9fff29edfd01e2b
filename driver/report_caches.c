/* The report's sentence on the cache sizes (see report_caches.h). */
#include "config.h"
#include "report_caches.h"
#include "ceilings/caches.h"
#include "common/plateau.h"
#include "common/size.h"

#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Appends to buf (len bytes, *used so far), truncating. */
__attribute__((format(printf, 4, 5))) static void add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

static void list(char *buf, size_t len, size_t *used, const struct rfl_cache_info *c, unsigned n)
{
    char s[32];
    for (unsigned i = 0; i < n; i++)
        add(buf, len, used, "%sL%d%s %s", i ? ", " : "", c[i].level, c[i].level == 1 ? "d" : "",
            rfl_format_size(c[i].size_bytes, s, sizeof s));
}

/* Why a size does not agree with the step, in words. */
static const char *why_not(uint64_t size, uint64_t step)
{
    if ((double)step <= (double)size / RFL_PLATEAU_AGREE_BELOW)
        return "which lies well above the step (that cache is smaller than reported)";
    return "which lies well below the step (that cache is larger than reported, or keeps part of a stream well "
           "past its size)";
}

/* DRAM's ceiling beside its own curve's reads of 1 GiB and more in the same
 * run: where nothing can still be cached, the ceiling should hold (a VM's
 * memory may move between runs, so the check is within one run). */
static void dram_check(const struct rfl_model *m, char *buf, size_t len, size_t *used)
{
    const struct rfl_ceiling *ce = NULL;
    for (size_t i = 0; i < m->nceilings && !ce; i++)
        if (strcmp(m->ceilings[i].device, "cpu") == 0 && strcmp(m->ceilings[i].name, "DRAM") == 0 &&
            m->ceilings[i].curve >= 0 && (size_t)m->ceilings[i].curve < m->ncurves)
            ce = &m->ceilings[i];
    if (!ce || !(ce->value > 0))
        return;
    const struct rfl_bw_curve *cv = &m->curves[ce->curve];
    double lo = INFINITY, hi = 0;
    uint64_t from = 0, to = 0;
    for (size_t i = 0; cv->wss && i < cv->n; i++)
        if (cv->wss[i] >= (uint64_t)1 << 30) {
            lo = cv->y[i] < lo ? cv->y[i] : lo;
            hi = cv->y[i] > hi ? cv->y[i] : hi;
            from = from ? from : cv->wss[i];
            to = cv->wss[i];
        }
    if (!(hi > 0)) {
        add(buf, len, used, " DRAM's curve (%s %s) has no working set of 1G or more to check its ceiling against.",
            cv->kernel, cv->precision);
        return;
    }
    char a[32], b[32];
    rfl_format_size(from, a, sizeof a);
    rfl_format_size(to, b, sizeof b);
    if (from == to)
        add(buf, len, used, " DRAM's ceiling, %.1f GB/s (%s %s), against the same curve's read of %s in this run: "
            "%.1f GB/s (%.2f x the ceiling).", ce->value, cv->kernel, cv->precision, a, lo, lo / ce->value);
    else
        add(buf, len, used, " DRAM's ceiling, %.1f GB/s (%s %s), against the same curve's reads of %s to %s in this "
            "run: %.1f-%.1f GB/s (%.2f-%.2f x the ceiling).", ce->value, cv->kernel, cv->precision, a, b, lo, hi,
            lo / ce->value, hi / ce->value);
}

size_t rfl_report_caches_text(const struct rfl_model *m, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (!m->ncache && !m->ncpuid_cache)
        return 0;
    add(buf, len, &used, "Caches: hwloc (%s) ", m->cache_source[0] ? m->cache_source : "default discovery");
    list(buf, len, &used, m->cache, m->ncache);
    if (m->ncpuid_cache) {
        add(buf, len, &used, "; CPUID ");
        list(buf, len, &used, m->cpuid_cache, m->ncpuid_cache);
    } else {
        add(buf, len, &used, "; no CPUID sizes recorded (not x86, or an older rfl_bandwidth)");
    }
    struct rfl_cache_check v;
    rfl_cache_check(m, &v);
    char a[32], b[32], c[32];
    if (!v.curves) {
        add(buf, len, &used, ". The bandwidth sweep did not reach past the last cache: no size is checked.");
        return used;
    }
    if (!v.measured) {
        add(buf, len, &used, ". The bandwidth sweep shows no step of the last cache's own (the last cache and memory "
                             "run at one speed): no size is confirmed.");
        return used;
    }
    char e[32];
    add(buf, len, &used, ". The sweep's last step, from the last cache to memory, lies at %s and the transition ends "
        "at %s, where the memory plateau begins (the job's working set%s)",
        rfl_format_size(v.step, a, sizeof a), rfl_format_size(v.transition_end, e, sizeof e),
        v.measured > 1 ? ", the curve of the median step" : "");
    const int cpuid_differs = v.cpuid_llc && v.cpuid_llc != v.hwloc_llc;
    rfl_format_size(v.hwloc_llc, b, sizeof b);
    rfl_format_size(v.cpuid_llc, c, sizeof c);
    if (v.hwloc_agrees && (v.cpuid_agrees || !v.cpuid_llc))
        add(buf, len, &used, ": it confirms %s L%d (%s for the job's threads)",
            !v.cpuid_llc ? "hwloc's" : cpuid_differs ? "both hwloc's and CPUID's" : "hwloc's and CPUID's",
            v.hwloc_level, b);
    else if (v.hwloc_agrees)
        add(buf, len, &used, ": it confirms hwloc's L%d (%s for the job's threads), not CPUID's L%d of %s, %s",
            v.hwloc_level, b, v.cpuid_level, c, why_not(v.cpuid_llc, v.step));
    else if (v.cpuid_agrees)
        add(buf, len, &used, ": it confirms CPUID's L%d (%s for the job's threads), not hwloc's L%d of %s, %s",
            v.cpuid_level, c, v.hwloc_level, b, why_not(v.hwloc_llc, v.step));
    else if (cpuid_differs)
        add(buf, len, &used, ": it confirms neither hwloc's L%d of %s, %s, nor CPUID's L%d of %s, %s", v.hwloc_level, b,
            why_not(v.hwloc_llc, v.step), v.cpuid_level, c, why_not(v.cpuid_llc, v.step));
    else
        add(buf, len, &used, ": it confirms neither %s L%d of %s (for the job's threads), %s",
            v.cpuid_llc ? "hwloc's nor CPUID's" : "hwloc's", v.hwloc_level, b, why_not(v.hwloc_llc, v.step));
    add(buf, len, &used, ". A size agrees when the step lies between 1/%.1f and %.1f x the size (a sweep step either "
        "side of a cache that lets go at its size, and the reach of adaptive replacement past it).",
        RFL_PLATEAU_AGREE_BELOW, RFL_PLATEAU_AGREE_ABOVE);
    if (v.confirmed < v.curves)
        add(buf, len, &used, " The memory plateau is confirmed (flat within its noise over two octaves) for %zu of "
                             "%zu curves: DRAM's ceiling %s.", v.confirmed, v.curves,
            v.confirmed ? "comes from those" : "is not confirmed (see the notes)");
    dram_check(m, buf, len, &used);
    return used;
}

void rfl_report_caches(struct rfl_doc *d, const struct rfl_model *m)
{
    char text[1536];
    if (rfl_report_caches_text(m, text, sizeof text))
        rfl_doc_para(d, "%s", text);
}
