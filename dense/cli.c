#include "config.h"
#include "dense.h"
#include "cpu/isa.h"
#include "common/log.h"
#include "common/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_dense_factor_names[RFL_DENSE_NFACTOR + 1] = {"lu", "cholesky", "qr", NULL};
const char *const rfl_dense_method_names[RFL_DENSE_NMETHOD + 1] = {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr) #name,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
    NULL};;

void rfl_dense_defaults(struct rfl_dense_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "dense.csv";
    o->seed = 42;
}

unsigned rfl_dense_method_factors(enum rfl_dense_method m)
{
    static const unsigned factors[RFL_DENSE_NMETHOD] = {
#define RFL_DENSE_METHOD(id, name, label, lu, cholesky, qr)                                                           \
    (lu) << RFL_DENSE_LU | (cholesky) << RFL_DENSE_CHOLESKY | (qr) << RFL_DENSE_QR,
#include "schema/dense_methods.inc"
#undef RFL_DENSE_METHOD
    };
    return factors[m];
}

/* "lu and cholesky", "lu, cholesky and qr" */
static void name_list(char *buf, size_t len, unsigned mask, const char *const *names)
{
    buf[0] = '\0';
    int total = 0, k = 0;
    for (int i = 0; names[i]; i++)
        total += mask >> i & 1;
    for (int i = 0; names[i]; i++)
        if (mask >> i & 1) {
            const size_t at = strlen(buf);
            snprintf(buf + at, len - at, "%s%s", k == 0 ? "" : k + 1 == total ? " and " : ", ", names[i]);
            k++;
        }
}

int rfl_dense_check_combination(unsigned methods, unsigned factors, char *msg, size_t len)
{
    const unsigned ms = methods ? methods : RFL_DENSE_ALL_METHODS, fs = factors ? factors : RFL_DENSE_ALL_FACTORS;
    char have[64], asked[64];
    /* A method asked by name must have a factorization to run; with the default methods the
     * others run what gpu_panel lacks, so only names asked on both sides can clash. */
    for (int m = 0; methods && m < RFL_DENSE_NMETHOD; m++)
        if (methods >> m & 1 && !(rfl_dense_method_factors((enum rfl_dense_method)m) & fs)) {
            name_list(have, sizeof have, rfl_dense_method_factors((enum rfl_dense_method)m), rfl_dense_factor_names);
            name_list(asked, sizeof asked, fs, rfl_dense_factor_names);
            snprintf(msg, len, "--method %s with --factorization %s: no such combination (%s has %s only)",
                     rfl_dense_method_names[m], asked, rfl_dense_method_names[m], have);
            return -1;
        }
    for (int f = 0; factors && f < RFL_DENSE_NFACTOR; f++) {
        if (!(factors >> f & 1))
            continue;
        int runs = 0;
        for (int m = 0; m < RFL_DENSE_NMETHOD; m++)
            runs |= (ms >> m & 1) && (rfl_dense_method_factors((enum rfl_dense_method)m) >> f & 1);
        if (!runs) {
            name_list(asked, sizeof asked, ms, rfl_dense_method_names);
            snprintf(msg, len, "--factorization %s with --method %s: no such combination (%s has no %s)",
                     rfl_dense_factor_names[f], asked, asked, rfl_dense_factor_names[f]);
            return -1;
        }
    }
    return 0;
}

unsigned rfl_dense_block_for(const struct rfl_dense_opts *o, enum rfl_dense_factor f, enum rfl_dense_method m,
                             unsigned n)
{
    if (o->block)
        return o->block;
    /* gpu_panel's QR up to 8192 is its panels' time (95% at 8192 on an H200): half as many
     * panels, half the serial look-ahead steps (docs/PERFORMANCE.md, rfl_dense). */
    if (m == RFL_DENSE_GPU_PANEL && f == RFL_DENSE_QR && n <= 8192)
        return 1024;
    if (m != RFL_DENSE_RECURSIVE)
        return 512;
    unsigned leaf = n / 4 > 4096 ? n / 4 : 4096;
    leaf = (leaf < n / 2 ? leaf : n / 2) / 512 * 512;
    return leaf > 512 ? leaf : 512;
}

/* An RFL_DENSE_<NAME> integer from 0 to 2^20 into *v (left as it is when unset or empty). */
static int env_int(const char *name, int *v, char *msg, size_t len)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    const long x = strtol(s, &end, 10);
    if (errno || *end || x < 0 || x > 1 << 20) {
        snprintf(msg, len, "%s=%s: expected an integer from 0 to %d (rfl_dense --help)", name, s, 1 << 20);
        return -1;
    }
    *v = (int)x;
    return 0;
}

int rfl_dense_tuning_read(struct rfl_dense_tuning *t, char *msg, size_t len)
{
    *t = (struct rfl_dense_tuning){.side_priority = 1, .leaf_kernel = 1, .inverse = 1, .trsm_leaf = 512};
    return env_int("RFL_DENSE_SIDE_PRIORITY", &t->side_priority, msg, len) ||
                   env_int("RFL_DENSE_SYRK_LEAF", &t->syrk_leaf, msg, len) ||
                   env_int("RFL_DENSE_LU_PANEL_LEAF", &t->lu_panel_leaf, msg, len) ||
                   env_int("RFL_DENSE_LEAF_KERNEL", &t->leaf_kernel, msg, len) ||
                   env_int("RFL_DENSE_INVERSE", &t->inverse, msg, len) ||
                   env_int("RFL_DENSE_SM_RESERVE", &t->sm_reserve, msg, len) ||
                   env_int("RFL_DENSE_TRSM_LEAF", &t->trsm_leaf, msg, len)
               ? -1
               : 0;
}

double rfl_dense_flops(enum rfl_dense_factor f, double n)
{
    const double n3 = n * n * n;
    return f == RFL_DENSE_LU ? 2 * n3 / 3 : f == RFL_DENSE_CHOLESKY ? n3 / 3 : 4 * n3 / 3;
}

int rfl_dense_parse_sizes(const char *text, unsigned *sizes, size_t max, size_t *count)
{
    return rfl_parse_uint_ranges(text, 16, 1048576, sizes, max, count);
}

int rfl_dense_parse(struct rfl_dense_opts *o, int argc, char **argv)
{
    const struct rfl_option table[] = {
        {"sizes", 'n', RFL_OPT_STRING, &o->sizes_text, "LIST",
         "matrix orders n: values and MIN:MAX ranges (powers of two times MIN, and MAX), each 16 to 1048576 "
         "(default 256:4096; --quick 256:1024); a size whose matrices do not fit in half the available memory is "
         "skipped", 0, 0, NULL},
        {"factorization", 'f', RFL_OPT_LIST, &o->factors, "LIST", "factorizations (default all)", 0, 0,
         rfl_dense_factor_names},
        {"method", 'm', RFL_OPT_LIST, &o->methods, "LIST",
         "lapack: the host's LAPACK; cusolver: cuSOLVER on the GPU; hybrid: blocked LU, Cholesky and QR with "
         "their panels on the CPU and their updates on the GPU (Volkov & Demmel), a panel of look-ahead; "
         "gpu_panel: the same, panels on the GPU; recursive: LU and Cholesky split in halves down to NB columns "
         "(default: all this build and machine have)", 0, 0, rfl_dense_method_names},
        {"block", 'b', RFL_OPT_UINT, &o->block, "NB", "panel width of hybrid and gpu_panel, leaf of recursive (default: " RFL_DENSE_AUTO_BLOCK ")", 16, 16384,
         NULL},
        RFL_OPTION_DEVICE(&o->device),
        RFL_OPTION_PRECISION(&o->precisions, rfl_precision_names, "element types (default all)"),
        RFL_OPTION_EXPERIMENTS(&o->experiments, RFL_DENSE_MAX_EXPERIMENTS,
                               "timed factorizations per point, each of a fresh copy (default 3; --quick 2)"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               "finish within this: each precision gets an even share of the time left, a size "
                               "runs when its estimate (the last size's time x the flop ratio) fits, larger sizes "
                               "of the precision are cut once one does not; the sidecar says what was cut "
                               "(default: no limit)"),
        RFL_OPTION_OUTPUT("NAME.csv", &o->output, RFL_HELP_OUTPUT_CSV("dense.csv")),
        RFL_OPTION_QUICK(&o->quick, "smaller sizes and fewer samples (defaults above)"),
        RFL_OPTIONS_GPU_CHECKS(o, "the CSV file name and its columns",
                               "one factor, and one element of each GEMM product, after timing"),
    };
    const struct rfl_cli cli = {
        .program = "rfl_dense",
        .summary = "Times LU with partial pivoting, Cholesky and QR factorizations of n x n matrices (Volkov & "
                   "Demmel, Section 5) in FP64 and FP32, beside the GEMM rate at the same n, and verifies each "
                   "one: the backward error ||A x - F x|| / (||A|| ||x|| n eps) of its factors F for a random x "
                   "must stay under a bound (exit 3 otherwise). GFLOP/s from the standard counts: LU 2n^3/3, "
                   "Cholesky n^3/3, QR 4n^3/3.",
        .epilog = "Under MPI rank 0 measures (the host methods use every core through the BLAS). Exit status: 0 "
                  "ok, 1 run failed, 2 bad usage, 3 verification failed, 130 interrupted (rows so far are kept). "
                  "Columns of the CSV: see docs/FORMAT.md. The GPU methods' choices, each measured (docs/PERFORMANCE.md), "
                  "can be changed to repeat that measurement; the sidecar's dense.gpu_tuning records them: "
                  "RFL_DENSE_SIDE_PRIORITY (1: the look-ahead's panels on a stream of the highest priority), "
                  "RFL_DENSE_INVERSE (1: gpu_panel's triangular solves as GEMMs with the inverted diagonal block), "
                  "RFL_DENSE_SYRK_LEAF (0: Cholesky's trailing update one SYRK; N: split into GEMMs down to N), "
                  "RFL_DENSE_LU_PANEL_LEAF (0: gpu_panel's LU panel one getrf; N: by halves down to N columns), "
                  "RFL_DENSE_LEAF_KERNEL (1: LU leaves of 32 columns or fewer by rfl's one-kernel panel, not getrf), "
                  "RFL_DENSE_SM_RESERVE (0: the updates' cuBLAS may use every SM; N: it leaves N to the panels), "
                  "RFL_DENSE_TRSM_LEAF (512: recursive Cholesky's leaves have their diagonal blocks of 512 "
                  "inverted after their potrf and its triangular solves split down to them, each a GEMM; N: blocks "
                  "of N, where N divides the leaf; 0: one TRSM at each leaf).",
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    const char *sizes = o->sizes_text ? o->sizes_text : o->quick ? "256:1024" : "256:4096";
    if (rfl_dense_parse_sizes(sizes, o->sizes, RFL_DENSE_MAX_SIZES, &o->nsizes) != 0)
        return rfl_cli_invalid(cli.program, "sizes", sizes,
                               "expected integers from 16 to 1048576 or MIN:MAX ranges, separated by commas, at "
                               "most %d sizes",
                               RFL_DENSE_MAX_SIZES);
    /* Every name is what the default runs: the methods this build and machine have (a host without
     * a GPU runs lapack rather than failing). */
    if (o->methods == RFL_DENSE_ALL_METHODS)
        o->methods = 0;
    if (o->factors == RFL_DENSE_ALL_FACTORS)
        o->factors = 0;
    char why[256];
    if (rfl_dense_tuning_read(&o->tune, why, sizeof why) != 0 ||
        rfl_dense_check_combination(o->methods, o->factors, why, sizeof why) != 0) {
        /* Refused here, before a device is looked for: bad usage on any machine. */
        if (rfl_log_rank() == 0)
            fprintf(stderr, "rfl_dense: %s\n", why);
        return RFL_CLI_ERROR;
    }
    if (!o->experiments)
        o->experiments = o->quick ? 2 : 3;
    return RFL_CLI_RUN;
}
