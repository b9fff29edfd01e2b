/* rfl_dense's CSV (dense.h): the verified rows kept for the dense chart and
 * the report, and after every file is loaded the factorizations as points
 * on the rooflines: struct rfl_app, the type of rfl profile's points, in
 * m->kernels with tool "dense" (the GPU methods on the GPU's roofline, the
 * host's LAPACK on the CPU's). */
#include "config.h"
#include "bound.h"
#include "dense.h"
#include "gpu.h"
#include "load.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "gemm" rows are the GEMM reference of their device (blas: the host's, cublas: the GPU's). */
static const char *const factorizations[] = {"lu", "cholesky", "qr", "gemm", NULL};
const char *const rfl_dense_row_methods[RFL_DENSE_ROW_NMETHOD] = {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) #name,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
};
const char *const rfl_dense_row_method_labels[RFL_DENSE_ROW_NMETHOD] = {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) label,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
};
/* A row's method: a factorization's, or the GEMM reference's library. */
static const char *const methods[] = {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) #name,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
    "blas", "cublas", NULL};
static const char *const short_names[] = {"LU", "Chol", "QR"};

/* A GEMM row names a library and a factorization row a method, never the other way. */
static int pairing(const struct rfl_table *t, size_t r, int c_meth, const struct rfl_dense_row *x)
{
    const int library = !strcmp(x->method, "blas") || !strcmp(x->method, "cublas");
    if (rfl_dense_is_gemm(x) == library)
        return 0;
    rfl_error("%s:%d: column '%s': '%s' %s", t->path, t->lineno[r], t->columns[c_meth], x->method,
              library ? "is a GEMM library: only a gemm row names one" : "is not a GEMM library (blas or cublas)");
    return -1;
}

/* Each factorization row's reference: the GEMM row of its device, precision and n where the file
 * has one (rfl_dense writes them; an older file only its rows' own gemm_gflops_per_s). */
static void link_gemm(struct rfl_dense_data *d, size_t from)
{
    for (size_t i = from; i < d->n; i++) {
        struct rfl_dense_row *r = &d->rows[i];
        if (rfl_dense_is_gemm(r))
            continue;
        for (size_t j = from; j < d->n; j++) {
            const struct rfl_dense_row *g = &d->rows[j];
            if (rfl_dense_is_gemm(g) && !strcmp(g->device, r->device) && !strcmp(g->precision, r->precision) &&
                g->n == r->n) {
                r->gemm_gflops = g->gflops;
                r->fraction = r->gflops / g->gflops;
                break;
            }
        }
    }
}

static int one_of(const struct rfl_table *t, size_t r, int c, const char *const *names, char *dst, size_t len)
{
    const int which = rfl_load_choice(t, r, c, names, (size_t)-1, dst, len);
    if (which != -2)
        return which < 0 ? -1 : 0;
    char known[96] = "";
    for (size_t i = 0; names[i]; i++)
        snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", names[i]);
    rfl_error("%s:%d: column '%s': '%s' is not one of %s", t->path, t->lineno[r], t->columns[c], dst, known);
    return -1;
}

/* A split cell: empty is NaN, else a finite value >= 0. */
static int seconds(const struct rfl_table *t, size_t r, int c, double *out)
{
    if (rfl_table_double(t, r, c, 1, out) != 0)
        return -1;
    if (*out < 0) {
        rfl_error("%s:%d: column '%s': '%s' is negative", t->path, t->lineno[r], t->columns[c], rfl_table_cell(t, r, c));
        return -1;
    }
    return 0;
}

int rfl_load_dense(struct rfl_model *m, size_t input, const struct rfl_table *t, const json_t *meta)
{
    (void)meta;
    if (!m->dense && !(m->dense = calloc(1, sizeof *m->dense))) {
        rfl_error("%s: out of memory", t->path);
        return -1;
    }
    int c_fac = rfl_table_column(t, "factorization"), c_meth = rfl_table_column(t, "method");
    int c_prec = rfl_table_column(t, "precision"), c_dev = rfl_table_column(t, "device");
    int c_n = rfl_table_column(t, "n"), c_block = rfl_table_column(t, "block"), c_flops = rfl_table_column(t, "flops");
    int c_time = rfl_table_column(t, "time_min_s"), c_rate = rfl_table_column(t, "gflops_per_s");
    int c_gemm = rfl_table_column(t, "gemm_gflops_per_s"), c_frac = rfl_table_column(t, "fraction_of_gemm");
    int c_panel = rfl_table_column(t, "panel_s"), c_update = rfl_table_column(t, "update_s");
    int c_xfer = rfl_table_column(t, "transfer_s"), c_err = rfl_table_column(t, "backward_error");
    int c_bound = rfl_table_column(t, "backward_error_bound"), c_ver = rfl_table_column(t, "verified");
    int c_median = rfl_table_column(t, "gflops_per_s_median"), c_exp = rfl_table_column(t, "experiments");
    const size_t first = m->dense->n;
    for (size_t r = 0; r < t->nrows; r++) {
        struct rfl_dense_row x;
        memset(&x, 0, sizeof x);
        static const char *const precisions[] = {"fp64", "fp32", NULL};
        long n;
        if (one_of(t, r, c_fac, factorizations, x.factorization, sizeof x.factorization) ||
            one_of(t, r, c_meth, methods, x.method, sizeof x.method) ||
            one_of(t, r, c_prec, precisions, x.precision, sizeof x.precision) ||
            pairing(t, r, c_meth, &x) || rfl_load_text(x.device, sizeof x.device, t, r, c_dev) ||
            rfl_table_count(t, r, c_n, 1, RFL_TABLE_MAX_COUNT, &n))
            return -1;
        x.n = (uint64_t)n;
        if (rfl_table_cell(t, r, c_block)[0]) {
            long b;
            if (rfl_table_count(t, r, c_block, 1, RFL_TABLE_MAX_COUNT, &b))
                return -1;
            x.block = (uint64_t)b;
        }
        if (rfl_table_double(t, r, c_flops, 0, &x.flops) || rfl_load_positive(t, r, c_flops, x.flops) ||
            rfl_table_double(t, r, c_time, 0, &x.time_s) || rfl_load_positive(t, r, c_time, x.time_s) ||
            rfl_table_double(t, r, c_rate, 0, &x.gflops) || rfl_load_positive(t, r, c_rate, x.gflops) ||
            rfl_table_double(t, r, c_gemm, 1, &x.gemm_gflops) || rfl_table_double(t, r, c_frac, 1, &x.fraction) ||
            seconds(t, r, c_panel, &x.panel_s) || seconds(t, r, c_update, &x.update_s) ||
            seconds(t, r, c_xfer, &x.transfer_s) || rfl_table_double(t, r, c_err, 1, &x.error) ||
            rfl_table_double(t, r, c_bound, 1, &x.bound) || rfl_table_double(t, r, c_median, 1, &x.gflops_median) ||
            rfl_table_count(t, r, c_exp, 1, RFL_TABLE_MAX_COUNT, &x.experiments))
            return -1;
        x.input = input;
        const int v = rfl_load_verified(m, t, r, c_ver);
        if (v < 0)
            return -1;
        if (v == 0)
            continue;
        if (!(x.gemm_gflops > 0))
            x.gemm_gflops = x.fraction = NAN;
        if (rfl_load_append(&m->dense->rows, &m->dense->n, sizeof x, &x) != 0)
            return -1;
    }
    link_gemm(m->dense, first);
    return 0;
}

double rfl_dense_bytes(const struct rfl_dense_row *r)
{
    const double es = strcmp(r->precision, "fp64") ? 4 : 8, n = (double)r->n;
    const double b = r->block ? (double)r->block : 256;
    double s = 0; /* the trailing matrix of each panel step, read and written once */
    for (double rest = n; rest > 0; rest -= b)
        s += rest * rest;
    if (!strcmp(r->factorization, "cholesky"))
        s /= 2; /* one triangle */
    double bytes = es * 2 * s;
    if (!strcmp(r->method, "hybrid"))
        bytes += es * 2 * (n * n / 2 + n * b / 2); /* each panel to the host and back */
    return bytes;
}

static size_t index_of(const char *const *names, const char *name)
{
    size_t i = 0;
    while (names[i] && strcmp(names[i], name))
        i++;
    return i;
}

/* The ceilings step of dense.csv: one point per factorization, method and precision, at its
 * largest n, bounded by the roofs of its device. */
int rfl_dense_points(struct rfl_model *m, const struct rfl_ceilings_settings *s)
{
    (void)s;
    const struct rfl_dense_data *d = m->dense;
    for (size_t i = 0; d && i < d->n; i++) {
        const struct rfl_dense_row *r = &d->rows[i];
        if (rfl_dense_is_gemm(r))
            continue; /* the roof, not a point under it */
        int largest = 1;
        for (size_t j = 0; j < d->n && largest; j++)
            largest = !(!strcmp(d->rows[j].factorization, r->factorization) && !strcmp(d->rows[j].method, r->method) &&
                        !strcmp(d->rows[j].precision, r->precision) &&
                        (d->rows[j].n > r->n || (d->rows[j].n == r->n && j < i)));
        if (!largest)
            continue;
        struct rfl_app *more = realloc(m->kernels, (m->nkernels + 1) * sizeof *more);
        if (!more) {
            rfl_error("dense.csv: out of memory");
            return -1;
        }
        m->kernels = more;
        struct rfl_app *k = &m->kernels[m->nkernels];
        memset(k, 0, sizeof *k);
        char name[96], label[48];
        const size_t f = index_of(factorizations, r->factorization);
        snprintf(label, sizeof label, "%s %s %s", short_names[f], r->method, r->precision);
        snprintf(name, sizeof name, "%s n=%llu", label, (unsigned long long)r->n);
        k->name = strdup(name);
        k->label = strdup(label);
        m->nkernels++; /* owned by the model from here, whole or not (rfl_model_free) */
        if (!k->name || !k->label) {
            rfl_error("dense.csv: out of memory");
            return -1;
        }
        const int gpu = rfl_dense_on_gpu(r);
        snprintf(k->device, sizeof k->device, "%s", gpu ? "gpu" : "cpu");
        snprintf(k->tool, sizeof k->tool, "dense");
        k->launches = 1;
        k->time_s = r->time_s;
        k->clock_mhz = NAN;
        /* Most of the flops are the trailing updates' GEMMs, and cuBLAS's DGEMM runs on the FP64 tensor
         * units where the GPU has them: held against that roof where the run measured one. */
        const int fp64 = !strcmp(r->precision, "fp64");
        k->flops[!fp64 ? RFL_FLOP_FP32 : gpu && rfl_gpu_ceiling(m, "fp64 tensor") ? RFL_FLOP_FP64_TENSOR : RFL_FLOP_FP64] =
            r->flops;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            k->bytes[l] = NAN;
        k->bytes[RFL_MEM_DRAM] = rfl_dense_bytes(r); /* device memory on the GPU, DRAM on the host */
        rfl_kernel_bound(m, k);
    }
    return 0;
}

size_t rfl_dense_gemm_curve(const struct rfl_dense_data *d, const char *precision, int gpu, uint64_t *n,
                            double *gflops, size_t max)
{
    size_t k = 0;
    int rows = 0; /* the file has GEMM rows of this precision and device */
    for (size_t i = 0; d && i < d->n; i++)
        rows |= rfl_dense_is_gemm(&d->rows[i]) && rfl_dense_on_gpu(&d->rows[i]) == gpu &&
                !strcmp(d->rows[i].precision, precision);
    for (size_t i = 0; d && i < d->n; i++) {
        const struct rfl_dense_row *r = &d->rows[i];
        if (rfl_dense_on_gpu(r) != gpu || strcmp(r->precision, precision) || rfl_dense_is_gemm(r) != rows)
            continue;
        const double v = rows ? r->gflops : r->gemm_gflops;
        if (!(v > 0))
            continue;
        size_t at = 0;
        while (at < k && n[at] < r->n)
            at++;
        if (at < k && n[at] == r->n) {
            gflops[at] = fmax(gflops[at], v);
            continue;
        }
        if (k == max)
            continue;
        memmove(n + at + 1, n + at, (k - at) * sizeof *n);
        memmove(gflops + at + 1, gflops + at, (k - at) * sizeof *gflops);
        n[at] = r->n;
        gflops[at] = v;
        k++;
    }
    return k;
}

json_t *rfl_dense_points_json(const struct rfl_model *m)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < m->nkernels; i++) {
        const struct rfl_app *k = &m->kernels[i];
        if (strcmp(k->tool, "dense"))
            continue;
        json_t *o = json_pack("{s:s, s:s, s:s, s:f, s:f, s:f, s:s, s:s}", "name", k->name, "device", k->device,
                              "precision", k->precision, "bytes", k->bytes[RFL_MEM_DRAM], "arithmetic_intensity",
                              isfinite(k->ai) ? k->ai : 0.0, "gflops_per_s", k->gflops, "level", k->level, "bound",
                              k->bound);
        if (o)
            json_object_set_new(o, "attainable_gflops_per_s", k->attainable > 0 ? json_real(k->attainable) : json_null());
        json_array_append_new(a, o);
    }
    return a;
}
