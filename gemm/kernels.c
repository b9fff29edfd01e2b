/* The kernel table as the host sees it: the per-file tables in one list,
 * launches, configuration names, the SASS counts that go with each kernel,
 * and the per-SM peaks of the units the kernels run on. */
#include "config.h"
#include "gemm/gemm.h"
#include "common/input.h"
#include "common/rfl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const struct rfl_gemm_kernel *rfl_gemm_kernel_table(int *count)
{
    static struct rfl_gemm_kernel all[128];
    static int n = -1;
    if (n < 0) {
        const struct {
            const struct rfl_gemm_kernel *k;
            int n;
        } parts[] = {
            {rfl_gemm_volkov_kernels, rfl_gemm_volkov_count},
            {rfl_gemm_tiled_f32_nn_kernels, rfl_gemm_tiled_f32_nn_count},
            {rfl_gemm_tiled_f32_nt_kernels, rfl_gemm_tiled_f32_nt_count},
            {rfl_gemm_tiled_f64_kernels, rfl_gemm_tiled_f64_count},
            {rfl_gemm_dmma_kernels, rfl_gemm_dmma_count},
        };
        n = 0;
        for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
            for (int i = 0; i < parts[p].n && n < (int)(sizeof all / sizeof all[0]); i++)
                all[n++] = parts[p].k[i];
    }
    *count = n;
    return all;
}

cudaError_t rfl_gemm_launch(const struct rfl_gemm_kernel *k, const struct rfl_gemm_args *a, cudaStream_t s)
{
    dim3 grid, block = {(unsigned)k->threads, 1, 1};
    if (k->family == RFL_GEMM_VOLKOV)
        grid = (dim3){(unsigned)(a->m / k->bm), (unsigned)(a->n / k->bn), 1};
    else
        grid = (dim3){(unsigned)((a->m / k->bm) * (a->n / k->bn)), 1, 1};
    void *args[] = {(void *)a};
    return cudaLaunchKernel(k->func, grid, block, args, k->dynamic_smem ? k->smem_bytes : 0, s);
}

void rfl_gemm_kernel_config(const struct rfl_gemm_kernel *k, char *buf, size_t len)
{
    if (k->family == RFL_GEMM_VOLKOV) {
        snprintf(buf, len, "%dx%dx%d vl%d", k->bm, k->bn, k->bk, k->threads);
        return;
    }
    int n = snprintf(buf, len, "%dx%dx%d w%dx%d t%dx%d s%d %dt", k->bm, k->bn, k->bk, k->wm, k->wn, k->tm, k->tn,
                     k->stages, k->threads);
    if (k->family == RFL_GEMM_DMMA && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " mma%s", k->op == RFL_GEMM_OP_DMMA884 ? "884" : "16816");
}

int rfl_gemm_kernel_fits(const struct rfl_gemm_kernel *k, unsigned m, unsigned n, unsigned kk)
{
    return m % (unsigned)k->bm == 0 && n % (unsigned)k->bn == 0 && kk % (unsigned)k->bk == 0;
}

const struct rfl_sass_counts *rfl_gemm_sass_find(const char *function)
{
    for (int i = 0; i < rfl_gemm_sass_count; i++)
        if (strcmp(rfl_gemm_sass_table[i].function, function) == 0)
            return &rfl_gemm_sass_table[i];
    return NULL;
}

static void print_counts_header(FILE *out)
{
    fprintf(out, "%-48s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s\n", "function (main loop)", "instr", "fma", "lds32",
            "lds64", "lds128", "ldgsts", "bar", "nop", "other", "fma%");
}

static void print_counts(FILE *out, const struct rfl_sass_counts *c)
{
    if (!c->has_loop) {
        fprintf(out, "%-48s %6s (no loop with FMA-class instructions; %d instructions)\n", c->function, "-",
                c->instructions);
        return;
    }
    const int *l = c->loop;
    const int fma = rfl_sass_fma(l);
    const int other = c->loop_instructions - fma - rfl_sass_lds(l) - l[RFL_SASS_LDGSTS] - l[RFL_SASS_BAR] -
                      l[RFL_SASS_NOP];
    fprintf(out, "%-48s %6d %6d %6d %6d %6d %6d %6d %6d %6d %5.1f%%\n", c->function, c->loop_instructions, fma,
            l[RFL_SASS_LDS32], l[RFL_SASS_LDS64], l[RFL_SASS_LDS128], l[RFL_SASS_LDGSTS], l[RFL_SASS_BAR],
            l[RFL_SASS_NOP], other, 100.0 * fma / c->loop_instructions);
}

void rfl_gemm_list_kernels(FILE *out)
{
    int n;
    const struct rfl_gemm_kernel *t = rfl_gemm_kernel_table(&n);
    fprintf(out, "%-48s %-7s %-5s %-3s %-36s %s\n", "kernel", "family", "prec", "tr", "config", "smem");
    for (int i = 0; i < n; i++) {
        char cfg[96];
        rfl_gemm_kernel_config(&t[i], cfg, sizeof cfg);
        fprintf(out, "%-48s %-7s %-5s %-3s %-36s %zu\n", t[i].symbol, rfl_gemm_family_names[t[i].family],
                rfl_gemm_prec_names[t[i].prec], rfl_gemm_trans_names[t[i].transb], cfg, t[i].smem_bytes);
    }
    fprintf(out, "\nmain-loop SASS counts (%s):\n", rfl_gemm_sass_source);
    print_counts_header(out);
    for (int i = 0; i < n; i++) {
        const struct rfl_sass_counts *c = rfl_gemm_sass_find(t[i].symbol);
        if (c)
            print_counts(out, c);
        else
            fprintf(out, "%-48s (not in the SASS table)\n", t[i].symbol);
    }
    int nm;
    const struct rfl_gemm_mix_kernel *mt = rfl_gemm_mix_table(&nm);
    for (int i = 0; i < nm; i++) {
        const struct rfl_sass_counts *c = rfl_gemm_sass_find(mt[i].symbol);
        if (c)
            print_counts(out, c);
    }
}

int rfl_gemm_print_sass(const char *path, FILE *out)
{
    char bad[256];
    FILE *in = strcmp(path, "-") == 0 ? stdin : rfl_input_fopen(path, RFL_INPUT_MAX_BYTES, bad, sizeof bad);
    if (!in) {
        if (strncmp(bad, "cannot read: ", 13) == 0)
            fprintf(stderr, "rfl_gemm: option --sass: cannot open '%s': %s\n", path, bad + 13);
        else
            fprintf(stderr, "rfl_gemm: option --sass: '%s': %s\n", path, bad);
        return RFL_EXIT_USAGE;
    }
    struct rfl_sass_counts *list;
    int n;
    char why[256];
    int rc = rfl_sass_parse(in, &list, &n, why, sizeof why);
    if (in != stdin)
        fclose(in);
    if (rc != 0) {
        fprintf(stderr, "rfl_gemm: option --sass: '%s': %s\n", path, why);
        return RFL_EXIT_USAGE;
    }
    print_counts_header(out);
    for (int i = 0; i < n; i++)
        print_counts(out, &list[i]);
    free(list);
    return RFL_EXIT_OK;
}

/* ------------------------------------------------------------------------
 * Peaks
 * ---------------------------------------------------------------------- */

const char *const rfl_gemm_unit_names[RFL_GEMM_NUNITS] = {"fp64", "fp32", "fp64_tensor", "tf32_tensor",
                                                           "fp16_tensor"};

double rfl_gemm_unit_flops_per_clock(const struct rfl_gpu_device *d, enum rfl_gemm_unit u)
{
    const int cc = d->cc_major * 10 + d->cc_minor;
    switch (u) {
    case RFL_GEMM_UNIT_FP64:
        return 2.0 * d->rates.fp64_fma;
    case RFL_GEMM_UNIT_FP32:
        return 2.0 * d->rates.fp32_fma;
    /* Dense tensor rates per SM and clock, from NVIDIA's A100 and H100
     * whitepapers (A100: 19.5 / 156 / 312 TFLOP/s at 1410 MHz x 108 SMs;
     * H100 SXM: 67 / 495 / 990 at 132 SMs, the FP64 figure at 1980 MHz and
     * the others at 1830 MHz). */
    case RFL_GEMM_UNIT_FP64_TENSOR:
        return cc == 80 ? 128 : cc == 90 ? 256 : 0;
    case RFL_GEMM_UNIT_TF32_TENSOR:
        return cc == 80 ? 1024 : cc == 90 ? 2048 : 0;
    case RFL_GEMM_UNIT_FP16_TENSOR:
        return cc == 80 ? 2048 : cc == 90 ? 4096 : 0;
    default:
        return 0;
    }
}

enum rfl_gemm_unit rfl_gemm_unit_of(const struct rfl_gpu_device *d, enum rfl_gemm_family f, enum rfl_gemm_prec p)
{
    switch (p) {
    case RFL_GEMM_FP64:
        /* cuBLAS's and cuBLASLt's DGEMM run on the FP64 tensor cores where there are some. */
        if (f == RFL_GEMM_DMMA || ((f == RFL_GEMM_CUBLAS || f == RFL_GEMM_CUBLASLT) &&
                                   rfl_gemm_unit_flops_per_clock(d, RFL_GEMM_UNIT_FP64_TENSOR) > 0))
            return RFL_GEMM_UNIT_FP64_TENSOR;
        return RFL_GEMM_UNIT_FP64;
    case RFL_GEMM_FP32:
        return RFL_GEMM_UNIT_FP32;
    case RFL_GEMM_TF32:
        return RFL_GEMM_UNIT_TF32_TENSOR;
    default:
        return RFL_GEMM_UNIT_FP16_TENSOR;
    }
}
