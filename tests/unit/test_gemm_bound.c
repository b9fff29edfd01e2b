/* The GEMM upper bound (gemm/model.c) on recorded device runs: for every
 * kernel row of six real rfl_gemm runs (tests/data/gemm/bound: an H200 full
 * sweep and quick run, an H100 full run at throttled clocks and three quick
 * runs), the bound recomputed from the recorded main-loop SASS counts and
 * mix rates is at least the achieved rate, while the recorded old bound
 * fell below it on some rows (so the data can fail a wrong model); and the
 * bound stays tight where the kernel is near it (the tiled SGEMM at
 * 8192^3 on the H200, bound / achieved 1.08 in the old model). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm/gemm.h"

#define MAXF 64
#define MAXK 128

struct csv_file {
    char header[MAXF][64];
    int ncols;
    char (*rows)[2048];
    int nrows;
};

static void split(char *line, char **f, int *n)
{
    *n = 0;
    line[strcspn(line, "\r\n")] = 0;
    for (char *p = line;; p++) {
        f[(*n)++] = p;
        p = strchr(p, ',');
        if (!p || *n == MAXF)
            break;
        *p = 0;
    }
}

static void read_csv(const char *path, struct csv_file *c)
{
    FILE *in = fopen(path, "r");
    if (!in)
        fail_msg("cannot open %s", path);
    char line[2048], *f[MAXF];
    int n;
    assert_non_null(fgets(line, sizeof line, in));
    split(line, f, &n);
    c->ncols = n;
    for (int i = 0; i < n; i++)
        snprintf(c->header[i], sizeof c->header[i], "%s", f[i]);
    c->rows = NULL;
    c->nrows = 0;
    while (fgets(line, sizeof line, in)) {
        c->rows = realloc(c->rows, (size_t)(c->nrows + 1) * sizeof *c->rows);
        assert_non_null(c->rows);
        memcpy(c->rows[c->nrows++], line, sizeof line);
    }
    fclose(in);
}

/* Field `name` of row i (a pointer into a scratch copy). */
static const char *field(const struct csv_file *c, int i, const char *name)
{
    static char copy[2048];
    char *f[MAXF];
    int n;
    memcpy(copy, c->rows[i], sizeof copy);
    split(copy, f, &n);
    for (int j = 0; j < c->ncols && j < n; j++)
        if (strcmp(c->header[j], name) == 0)
            return f[j];
    fail_msg("no column %s", name);
    return "";
}

static double num(const struct csv_file *c, int i, const char *name)
{
    const char *s = field(c, i, name);
    return *s ? strtod(s, NULL) : NAN;
}

/* The recorded --list-kernels output: kernel configurations and loop counts. */
struct recorded_kernel {
    char symbol[RFL_SASS_NAME_MAX], family[16], prec[8], tr[4], config[64];
    struct rfl_sass_counts counts;
};
static struct recorded_kernel kernels[MAXK];
static int nkernels;

static struct recorded_kernel *by_symbol(const char *s)
{
    for (int i = 0; i < nkernels; i++)
        if (strcmp(kernels[i].symbol, s) == 0)
            return &kernels[i];
    return NULL;
}

static void read_sass_counts(const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        fail_msg("cannot open %s", path);
    char line[512];
    nkernels = 0;
    while (fgets(line, sizeof line, in)) {
        char *t[16];
        int n = 0;
        for (char *p = strtok(line, " \t\r\n"); p && n < 16; p = strtok(NULL, " \t\r\n"))
            t[n++] = p;
        if (n < 2 || strncmp(t[0], "rfl_gemm_", 9) != 0)
            continue;
        if (n == 11 && t[1][0] >= '0' && t[1][0] <= '9') { /* the counts */
            struct recorded_kernel *k = by_symbol(t[0]);
            if (!k)
                continue;
            int *l = k->counts.loop;
            const int fma = atoi(t[2]);
            l[strstr(k->config, "mma884")     ? RFL_SASS_DMMA884
              : strstr(k->config, "mma16816") ? RFL_SASS_DMMA16816
              : strcmp(k->prec, "fp64") == 0  ? RFL_SASS_DFMA
                                              : RFL_SASS_FFMA] = fma;
            l[RFL_SASS_LDS32] = atoi(t[3]);
            l[RFL_SASS_LDS64] = atoi(t[4]);
            l[RFL_SASS_LDS128] = atoi(t[5]);
            k->counts.loop_instructions = atoi(t[1]);
            k->counts.has_loop = 1;
        } else if (n >= 6 && nkernels < MAXK && !by_symbol(t[0])) { /* the configurations */
            struct recorded_kernel *k = &kernels[nkernels++];
            memset(k, 0, sizeof *k);
            snprintf(k->symbol, sizeof k->symbol, "%s", t[0]);
            snprintf(k->counts.function, sizeof k->counts.function, "%s", t[0]);
            snprintf(k->family, sizeof k->family, "%s", t[1]);
            snprintf(k->prec, sizeof k->prec, "%s", t[2]);
            snprintf(k->tr, sizeof k->tr, "%s", t[3]);
            for (int i = 4; i < n - 1; i++) /* the last is the shared-memory size */
                snprintf(k->config + strlen(k->config), sizeof k->config - strlen(k->config), "%s%s",
                         i > 4 ? " " : "", t[i]);
        }
    }
    fclose(in);
    assert_true(nkernels > 30);
}

/* The kernel table entry a recorded configuration describes. */
static int kernel_of(const struct recorded_kernel *r, struct rfl_gemm_kernel *k)
{
    memset(k, 0, sizeof *k);
    k->symbol = r->symbol;
    k->prec = strcmp(r->prec, "fp64") == 0 ? RFL_GEMM_FP64 : RFL_GEMM_FP32;
    k->op = k->prec == RFL_GEMM_FP64 ? RFL_GEMM_OP_DFMA : RFL_GEMM_OP_FFMA;
    k->transb = strcmp(r->tr, "nt") == 0;
    if (strcmp(r->family, "volkov") == 0) {
        k->family = RFL_GEMM_VOLKOV;
        k->tm = 1;
        k->lds_distinct = 1;
        return sscanf(r->config, "%dx%dx%d vl%d", &k->bm, &k->bn, &k->bk, &k->threads) == 4 ? 0 : -1;
    }
    k->family = strcmp(r->family, "dmma") == 0 ? RFL_GEMM_DMMA : RFL_GEMM_TILED;
    k->lds_distinct = k->family == RFL_GEMM_DMMA ? 32 : 8;
    if (k->family == RFL_GEMM_DMMA)
        k->op = strstr(r->config, "mma884") ? RFL_GEMM_OP_DMMA884 : RFL_GEMM_OP_DMMA16816;
    return sscanf(r->config, "%dx%dx%d w%dx%d t%dx%d s%d %dt", &k->bm, &k->bn, &k->bk, &k->wm, &k->wn, &k->tm,
                  &k->tn, &k->stages, &k->threads) == 9
               ? 0
               : -1;
}

static const char *const op_names[] = {"ffma", "dfma", "dmma884", "dmma16816"};

static void read_mix(const char *path, struct rfl_gemm_mix *m)
{
    struct csv_file c;
    read_csv(path, &c);
    memset(m, 0, sizeof *m);
    m->points = calloc((size_t)c.nrows, sizeof *m->points);
    assert_non_null(m->points);
    for (int i = 0; i < c.nrows; i++) {
        if (num(&c, i, "rank") != 0)
            continue;
        const char *kind = field(&c, i, "kind");
        if (strcmp(kind, "l2_read") == 0)
            m->l2_gbytes_per_s = num(&c, i, "gbytes_per_s");
        else if (strcmp(kind, "dram_copy") == 0)
            m->dram_gbytes_per_s = num(&c, i, "gbytes_per_s");
        if (strcmp(kind, "mix") != 0)
            continue;
        struct rfl_gemm_mix_point *p = &m->points[m->npoints++];
        const char *op = field(&c, i, "op");
        p->op = RFL_GEMM_NOP;
        for (int o = 0; o < 4; o++)
            if (strcmp(op, op_names[o]) == 0)
                p->op = (enum rfl_gemm_op)o;
        p->lds_bytes = (int)num(&c, i, "lds_bytes");
        p->lds_distinct = (int)num(&c, i, "lds_distinct_words");
        p->fma_per_group = (int)num(&c, i, "fma_per_group");
        p->lds_per_group = (int)num(&c, i, "lds_per_group");
        p->fma_per_lds = p->lds_per_group ? num(&c, i, "fma_per_lds") : INFINITY;
        p->fma_per_clock = num(&c, i, "fma_per_clock_per_sm");
        p->lds_per_clock = num(&c, i, "lds_per_clock_per_sm");
        p->mhz = num(&c, i, "sm_clock_mhz");
    }
    free(c.rows);
    assert_true(m->npoints > 20 && m->l2_gbytes_per_s > 0);
}

/* The first `"key": value` of the sidecar (rank 0's device comes first). */
static double json_number(const char *path, const char *key)
{
    FILE *in = fopen(path, "r");
    if (!in)
        fail_msg("cannot open %s", path);
    char line[1024], pat[96];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    double v = NAN;
    while (isnan(v) && fgets(line, sizeof line, in)) {
        const char *p = strstr(line, pat);
        if (p)
            v = strtod(p + strlen(pat) + (p[strlen(pat)] == '"'), NULL);
    }
    fclose(in);
    return v;
}

static const char *const runs[] = {"h200-2026-11-21",      "h200-2026-11-21-quick",  "h100-2026-11-25-full",
                                   "h100-2026-11-25-quick1", "h100-2026-11-25-quick2", "h100-2026-11-25-quick3"};

static void test_bound_holds_on_recorded_runs(void **state)
{
    (void)state;
    const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/gemm/bound/sass_counts.txt", top);
    read_sass_counts(path);
    int rows = 0, below = 0, old_below = 0, invalid = 0;
    double min_ratio = INFINITY, sgemm_ratio = NAN;
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        struct rfl_gpu_device dev;
        memset(&dev, 0, sizeof dev);
        snprintf(path, sizeof path, "%s/tests/data/gemm/bound/%s/gemm.json", top, runs[r]);
        const double cc = json_number(path, "compute_capability");
        dev.cc_major = (int)cc;
        dev.cc_minor = (int)lround((cc - dev.cc_major) * 10);
        dev.sm_count = (int)json_number(path, "sm_count");
        dev.sm_clock_max_khz = (int)json_number(path, "sm_clock_max_khz");
        dev.rates = rfl_gpu_sm_rates_for(dev.cc_major, dev.cc_minor);
        assert_int_equal(dev.sm_count, 132);
        assert_true(dev.rates.fp64_fma == 64 && dev.rates.warp_issue == 4); /* sm_90, from the cc table */
        struct rfl_gemm_mix mix;
        snprintf(path, sizeof path, "%s/tests/data/gemm/bound/%s/gemm_mix.csv", top, runs[r]);
        read_mix(path, &mix);
        struct csv_file g;
        snprintf(path, sizeof path, "%s/tests/data/gemm/bound/%s/gemm.csv", top, runs[r]);
        read_csv(path, &g);
        double run_min = INFINITY, run_max = 0;
        for (int i = 0; i < g.nrows; i++) {
            char family[16], prec[8], config[64];
            snprintf(family, sizeof family, "%s", field(&g, i, "kernel"));
            if (strcmp(family, "cublas") == 0 || num(&g, i, "verified") != 1)
                continue;
            snprintf(prec, sizeof prec, "%s", field(&g, i, "precision"));
            snprintf(config, sizeof config, "%s", field(&g, i, "config"));
            const int nt = strcmp(field(&g, i, "transb"), "t") == 0;
            struct recorded_kernel *rk = NULL;
            for (int j = 0; j < nkernels && !rk; j++)
                if (strcmp(kernels[j].family, family) == 0 && strcmp(kernels[j].prec, prec) == 0 &&
                    strcmp(kernels[j].tr, nt ? "nt" : "nn") == 0 && strcmp(kernels[j].config, config) == 0)
                    rk = &kernels[j];
            if (!rk)
                fail_msg("%s line %d: %s %s %s: no such kernel in sass_counts.txt", runs[r], i + 2, family, prec,
                         config);
            struct rfl_gemm_kernel k;
            assert_int_equal(kernel_of(rk, &k), 0);
            const unsigned m = (unsigned)num(&g, i, "m"), n = (unsigned)num(&g, i, "n");
            const double achieved = num(&g, i, "gflops_per_s"), old = num(&g, i, "bound_over_achieved");
            struct rfl_gemm_bound b;
            if (rfl_gemm_model_bound(&k, &rk->counts, &mix, &dev, num(&g, i, "sm_clock_mhz"), m, n, &b) != 0 ||
                !(b.p_potential_gflops > 0)) {
                print_error("%s line %d: %s %s %s: no bound\n", runs[r], i + 2, family, prec, config);
                invalid++;
                continue;
            }
            const double ratio = b.p_potential_gflops / achieved;
            rows++;
            old_below += old < 1;
            if (ratio < 1) {
                print_error("%s line %d: %s %s %s %s %ux%u: bound %.0f < achieved %.0f GFLOP/s\n", runs[r], i + 2,
                            family, prec, nt ? "nt" : "nn", config, m, n, b.p_potential_gflops, achieved);
                below++;
            }
            if (ratio < min_ratio)
                min_ratio = ratio;
            if (ratio < run_min)
                run_min = ratio;
            if (ratio > run_max && m >= 4096)
                run_max = ratio;
            if (r == 0 && strcmp(family, "tiled") == 0 && strcmp(prec, "fp32") == 0 && !nt && m == 8192 &&
                n == 8192 && num(&g, i, "k") == 8192)
                sgemm_ratio = ratio;
        }
        fprintf(stderr, "%s: bound / achieved from %.3f (max %.3f at m >= 4096)\n", runs[r], run_min, run_max);
        free(g.rows);
        free(mix.points);
    }
    fprintf(stderr, "%d rows: bound / achieved >= %.3f (old model: %d rows below 1); tiled SGEMM nn 8192^3 on "
                    "the H200: %.3f\n",
            rows, min_ratio, old_below, sgemm_ratio);
    assert_true(rows >= 200);
    assert_int_equal(invalid, 0);
    assert_int_equal(below, 0);
    assert_true(old_below >= 4);                      /* the data catches the old model */
    assert_true(sgemm_ratio >= 1 && sgemm_ratio <= 1.15); /* and the bound stays tight where it was */
}

/* The wavefront rule on the tiled kernels' fragments: A at lane % LM (4 an
 * LDS.128), B at lane / LM (2), so 128x64x8 t4x8 (2 A + 4 B loads a k
 * step) averages 8/3 and 128x128x8 t8x8 (4 + 4) 3. */
static void test_tiled_wavefronts(void **state)
{
    (void)state;
    struct rfl_gemm_kernel k;
    memset(&k, 0, sizeof k);
    k.family = RFL_GEMM_TILED;
    k.prec = RFL_GEMM_FP64;
    k.wm = 32, k.wn = 32, k.tm = 4, k.tn = 8;
    assert_float_equal(rfl_gemm_kernel_lds_wavefronts(&k, 16), 8.0 / 3, 1e-12);
    k.wm = 64, k.tm = 8;
    assert_float_equal(rfl_gemm_kernel_lds_wavefronts(&k, 16), 3, 1e-12);
    k.family = RFL_GEMM_VOLKOV;
    assert_float_equal(rfl_gemm_kernel_lds_wavefronts(&k, 16), 2, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bound_holds_on_recorded_runs),
                                       cmocka_unit_test(test_tiled_wavefronts)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
