/* rfl profile's points (profile.h): short names, the profiled points
 * joining the model (each bounded, ceilings/bound.h) and what may make
 * the points of a model wrong. */
#include "config.h"
#include "profile.h"
#include "ceilings/bound.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfl_profile_free(struct rfl_profile *p)
{
    rfl_kernels_free(p->k, p->n);
    p->k = NULL;
    p->n = 0;
}

/* ---- short names ------------------------------------------------------ */

/* Nesting of <> and () before s[i] changes by what s[i] is. */
static int nest(char c) { return c == '<' || c == '(' ? 1 : c == '>' || c == ')' ? -1 : 0; }

/* The end of s[0..len) without a trailing parameter list "(...)". */
static size_t without_params(const char *s, size_t len)
{
    while (len && s[len - 1] == ' ')
        len--;
    if (!len || s[len - 1] != ')')
        return len;
    int depth = 0;
    for (size_t i = len; i-- > 0;) {
        if (s[i] == ')')
            depth++;
        else if (s[i] == '(' && --depth == 0)
            return i;
    }
    return len;
}

/* The start of the qualified name in s[0..len): after the last blank
 * outside <> and () (what precedes it is the return type). */
static size_t after_return_type(const char *s, size_t len)
{
    size_t start = 0;
    int depth = 0;
    for (size_t i = 0; i < len; i++) {
        depth += nest(s[i]);
        if (depth == 0 && s[i] == ' ')
            start = i + 1;
    }
    return start;
}

/* The last component of a qualified name s[a..b) ("ns::f<T>" -> "f<T>"). */
static size_t last_component(const char *s, size_t a, size_t b)
{
    size_t start = a;
    int depth = 0;
    for (size_t i = a; i < b; i++) {
        depth += nest(s[i]);
        if (depth == 0 && s[i] == ':' && i + 1 < b && s[i + 1] == ':')
            start = i + 2;
    }
    return start;
}

/* Where the template arguments of s[a..b) begin ('<' outside ()), or b. */
static size_t template_start(const char *s, size_t a, size_t b)
{
    int depth = 0;
    for (size_t i = a; i < b; i++) {
        if (depth == 0 && s[i] == '<')
            return i;
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
    }
    return b;
}

/* The first template argument of s[lt..b) (lt at '<'): [*fa, *fb). */
static int first_argument(const char *s, size_t lt, size_t b, size_t *fa, size_t *fb)
{
    if (lt >= b)
        return 0;
    size_t i = lt + 1;
    while (i < b && s[i] == ' ')
        i++;
    *fa = i;
    int depth = 0;
    for (; i < b; i++) {
        if (depth == 0 && (s[i] == ',' || s[i] == '>'))
            break;
        depth += nest(s[i]);
    }
    *fb = i;
    while (*fb > *fa && s[*fb - 1] == ' ')
        (*fb)--;
    return *fb > *fa;
}

/* At most max bytes, "..." where cut, never inside a UTF-8 character. */
void rfl_label_cap(char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max)
        return;
    n = max > 3 ? max - 3 : 0;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    memcpy(s + n, "...", 4);
}

/* The short form of a C++ name: its last component without template
 * arguments (with its first one, shortened the same way, when `with_arg`). */
static char *shorten(const char *name, int with_arg)
{
    size_t len = without_params(name, strlen(name));
    size_t q = after_return_type(name, len);
    size_t c = last_component(name, q, len);
    size_t lt = template_start(name, c, len), fa = 0, fb = 0;
    int has_arg = first_argument(name, lt, len, &fa, &fb);
    /* cutlass's wrapper kernels say what they run only in their first argument. */
    static const char *const wrappers[] = {"Kernel", "Kernel2", "device_kernel"};
    for (size_t w = 0; w < sizeof wrappers / sizeof wrappers[0] && has_arg; w++)
        if (!strncmp(name + q, "cutlass::", 9) && lt - c == strlen(wrappers[w]) &&
            !strncmp(name + c, wrappers[w], lt - c)) {
            char *arg = strndup(name + fa, fb - fa);
            char *s = arg ? shorten(arg, 0) : NULL;
            free(arg);
            return s;
        }
    char arg[RFL_KERNEL_LABEL_MAX + 1] = "";
    if (with_arg && has_arg) {
        char *a = strndup(name + fa, fb - fa);
        char *sa = a ? shorten(a, 0) : NULL;
        snprintf(arg, sizeof arg, "%s", sa ? sa : "");
        free(a);
        free(sa);
    }
    size_t n = lt - c;
    char *s = malloc(n + strlen(arg) + 3);
    if (!s)
        return NULL;
    sprintf(s, "%.*s", (int)n, name + c);
    if (*arg) { /* the argument kept whole, the name cut to make room */
        rfl_label_cap(s, RFL_KERNEL_LABEL_MAX > strlen(arg) + 8 ? RFL_KERNEL_LABEL_MAX - strlen(arg) - 2 : 6);
        sprintf(s + strlen(s), "<%s>", arg);
    }
    return s;
}

static int label_of(struct rfl_app *k, int with_arg)
{
    char *s = shorten(k->name, with_arg);
    if (!s)
        return -1;
    if (!*s) { /* nothing left of the name: the name itself */
        free(s);
        s = strdup(*k->name ? k->name : "(unnamed)");
        if (!s)
            return -1;
    }
    rfl_label_cap(s, RFL_KERNEL_LABEL_MAX);
    free(k->label);
    k->label = s;
    return 0;
}

static size_t same_label(const struct rfl_app *k, size_t n, size_t i)
{
    size_t same = 0;
    for (size_t j = 0; j < n; j++)
        same += j != i && !strcmp(k[j].label, k[i].label);
    return same;
}

int rfl_kernels_label(struct rfl_app *k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (label_of(&k[i], 0) != 0)
            return -1;
    /* Two the same: with their first template arguments; still the same: numbered. */
    char *twice = calloc(n ? n : 1, 1);
    if (!twice)
        return -1;
    for (size_t i = 0; i < n; i++)
        twice[i] = same_label(k, n, i) > 0;
    for (size_t i = 0; i < n; i++)
        if (twice[i] && label_of(&k[i], 1) != 0) {
            free(twice);
            return -1;
        }
    for (size_t i = 0; i < n; i++)
        twice[i] = same_label(k, n, i) > 0;
    /* Numbered in order, counting from the labels before any number. */
    for (size_t i = n; i-- > 0;) {
        if (!twice[i])
            continue;
        size_t nth = 1;
        for (size_t j = 0; j < i; j++)
            nth += twice[j] && !strcmp(k[j].label, k[i].label);
        char *s = malloc(strlen(k[i].label) + 24);
        if (!s) {
            free(twice);
            return -1;
        }
        sprintf(s, "%s #%zu", k[i].label, nth);
        free(k[i].label);
        k[i].label = s;
    }
    free(twice);
    return 0;
}

const char *rfl_kernel_label(const struct rfl_app *k) { return k->label && *k->label ? k->label : k->name; }

/* ---- joining the model ------------------------------------------------ */

int rfl_kernels_replace(struct rfl_model *m, struct rfl_profile *p)
{
    const char *device = p->n ? p->k[0].device : "";
    size_t keep = 0;
    /* dense.csv's points stay: they are not profiled */
#define KEPT(k) (strcmp((k)->device, device) != 0 || !strcmp((k)->tool, "dense"))
    for (size_t i = 0; i < m->nkernels; i++)
        keep += KEPT(&m->kernels[i]);
    struct rfl_app *all = calloc(keep + p->n + 1, sizeof *all);
    if (!all)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels; i++) {
        if (KEPT(&m->kernels[i]))
            all[n++] = m->kernels[i];
        else
            free(m->kernels[i].name), free(m->kernels[i].label), free(m->kernels[i].device_name);
    }
#undef KEPT
    for (size_t i = 0; i < p->n; i++)
        all[n++] = p->k[i];
    free(m->kernels);
    free(p->k);
    p->k = NULL;
    p->n = 0;
    m->kernels = all;
    m->nkernels = n;
    for (size_t i = 0; i < n; i++)
        rfl_kernel_bound(m, &m->kernels[i]);
    return 0;
}

/* A rate as the tables write it. */
static void rate(char *buf, size_t len, double v) { snprintf(buf, len, v >= 100 ? "%.0f" : "%.3g", v); }

/* One sentence for a point above the roof it is held against: the roof,
 * not the point, is wrong (a roof bounds every kernel the machine runs). */
static void above(const struct rfl_app *a, const char *what, void (*say)(void *ctx, const char *text), void *ctx)
{
    char text[768], got[32], roof[32];
    rate(got, sizeof got, a->gflops);
    rate(roof, sizeof roof, a->attainable);
    snprintf(text, sizeof text,
             "roof measured too low: %s '%.80s' ran at %s%s GFLOP/s, %.1f%% of the roof above it, %.90s at %s GFLOP/s%s "
             "(a roof bounds every kernel the machine runs: measure that roof again)",
             what, a->label && *a->label ? a->label : a->name, a->lower_bound ? "≥" : "", got,
             100 * a->gflops / a->attainable, a->bound, roof, strstr(a->bound, "bandwidth") ? " at its intensity" : "");
    say(ctx, text);
}

/* Every point above its roof, a few named and the rest counted. */
static void above_roofs(const struct rfl_model *m, void (*say)(void *ctx, const char *text), void *ctx)
{
    enum { NAMED = 8 };
    size_t n = 0;
    for (size_t i = 0; i < m->napps; i++) {
        const struct rfl_app *a = &m->apps[i];
        if (a->attainable > 0 && a->gflops > a->attainable && n++ < NAMED)
            above(a, "application point", say, ctx);
    }
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->tool, "dense") && k->attainable > 0 && k->gflops > k->attainable && n++ < NAMED)
            above(k, !strcmp(k->device, "gpu") ? "kernel" : "region", say, ctx);
    }
    if (n > NAMED) {
        char text[256];
        snprintf(text, sizeof text,
                 "roof measured too low: %zu more points above their roofs (profile.csv: fraction_of_roof above 1)",
                 n - NAMED);
        say(ctx, text);
    }
}

void rfl_kernels_caveats(const struct rfl_model *m, void (*say)(void *ctx, const char *text), void *ctx)
{
    above_roofs(m, say, ctx);
    const struct rfl_gpu_device *d = m->gpu && m->gpu->dev.known ? &m->gpu->dev : NULL;
    const char *other = NULL;
    double cycles = 0, time = 0;
    size_t n = 0;
    for (size_t i = 0; i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->device, "gpu") || !strcmp(k->tool, "dense"))
            continue;
        n++;
        if (d && k->device_name && *k->device_name && strcmp(k->device_name, d->name) && !other)
            other = k->device_name;
        if (isfinite(k->clock_mhz) && k->clock_mhz > 0) {
            cycles += k->clock_mhz * k->time_s;
            time += k->time_s;
        }
    }
    if (!n || !d)
        return;
    char text[768];
    if (other) {
        snprintf(text, sizeof text,
                 "profile.csv: the kernels ran on %.200s, but the roofs are those rfl measured on %.200s: another "
                 "GPU's ceilings",
                 other, d->name);
        say(ctx, text);
    }
    double mhz = time > 0 ? cycles / time : NAN;
    if (mhz > 0 && d->sm_clock_max_mhz > 0 && mhz < 0.95 * d->sm_clock_max_mhz) {
        snprintf(text, sizeof text,
                 "profile.csv: ncu ran the kernels at %.0f MHz (time-weighted), %.0f%% of the %.0f MHz the roofs were "
                 "measured at (ncu locks the clocks unless --clock-control none): their GFLOP/s are up to %.0f%% low",
                 mhz, 100 * mhz / d->sm_clock_max_mhz, d->sm_clock_max_mhz, 100 * (1 - mhz / d->sm_clock_max_mhz));
        say(ctx, text);
    }
}
