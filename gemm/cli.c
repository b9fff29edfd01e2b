#include "config.h"
#include "gemm/gemm.h"
#include "common/options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_gemm_prec_names[RFL_GEMM_NPREC + 1] = {"fp64", "fp32", "tf32", "bf16", "fp16", NULL};
const char *const rfl_gemm_family_names[RFL_GEMM_NFAMILY + 1] = {"volkov", "tiled", "dmma", "cublas", "cublaslt",
                                                                       NULL};
const char *const rfl_gemm_trans_names[3] = {"nn", "nt", NULL};
const char *const rfl_gemm_mode_names[RFL_GEMM_NMODES + 1] = {"gemm", "mix", "model", NULL};
const char *const rfl_gemm_l2_names[3] = {"rotate", "warm", NULL};
const char *const rfl_gemm_op_names[RFL_GEMM_NOP + 1] = {"ffma", "dfma", "dmma884", "dmma16816", NULL};

const char *rfl_gemm_c_type(enum rfl_gemm_prec p, int c16)
{
    return c16 ? rfl_gemm_prec_names[p] : p == RFL_GEMM_FP64 ? "fp64" : "fp32";
}

#define PROGRAM "rfl_gemm"

void rfl_gemm_defaults(struct rfl_gemm_opts *o)
{
    memset(o, 0, sizeof *o);
    o->output = "gemm.csv";
    o->alpha = 1.5;
    o->beta = 0.5;
    o->seed = 1;
}

static int bad(const char *option, const char *text, const char *why)
{
    rfl_cli_invalid(PROGRAM, option, text, "%s", why);
    return -1;
}

static int parse_dim(const char *option, const char *all, const char *text, size_t len, unsigned *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return bad(option, all, "each size is N or MxNxK, N a positive integer");
    memcpy(buf, text, len);
    buf[len] = '\0';
    for (size_t i = 0; i < len; i++)
        if (buf[i] < '0' || buf[i] > '9')
            return bad(option, all, "each size is N or MxNxK, N a positive integer");
    errno = 0;
    char *end;
    unsigned long v = strtoul(buf, &end, 10);
    if (errno || *end || v < 128 || v > RFL_GEMM_MAX_DIM)
        return bad(option, all, "each dimension must be from 128 to 65536");
    if (v % 128)
        return bad(option, all, "each dimension must be a multiple of 128 (the kernels' block tiles)");
    *out = (unsigned)v;
    return 0;
}

int rfl_gemm_parse_sizes(const char *program, const char *text, struct rfl_gemm_size *out, int cap, int *n)
{
    (void)program;
    *n = 0;
    const char *p = text;
    if (!*p)
        return bad("sizes", text, "empty list");
    for (;;) {
        size_t len = strcspn(p, ",");
        if (*n == cap)
            return bad("sizes", text, "too many sizes");
        unsigned d[3] = {0, 0, 0};
        int nd = 0;
        const char *q = p, *end = p + len;
        while (q <= end) {
            size_t part = strcspn(q, "x,");
            if (q + part > end)
                part = (size_t)(end - q);
            if (nd == 3)
                return bad("sizes", text, "each size is N or MxNxK");
            if (parse_dim("sizes", text, q, part, &d[nd++]) != 0)
                return -1;
            q += part;
            if (q >= end || *q != 'x')
                break;
            q++;
        }
        if (nd == 2)
            return bad("sizes", text, "each size is N or MxNxK");
        out[*n].m = d[0];
        out[*n].n = nd == 3 ? d[1] : d[0];
        out[*n].k = nd == 3 ? d[2] : d[0];
        (*n)++;
        if (p[len] == '\0')
            break;
        p += len + 1;
    }
    return 0;
}

int rfl_gemm_parse(struct rfl_gemm_opts *o, int argc, char **argv)
{
    unsigned seed = o->seed;
    const struct rfl_option table[] = {
        {"kernel", 'k', RFL_OPT_LIST, &o->kernels, "LIST",
         "volkov (Volkov & Demmel Fig. 4), tiled (register- and warp-tiled FMA), dmma (FP64 tensor cores), "
         "cublas, cublaslt (the heuristic's top algorithms; FP64 and the tensor types) (default all)", 0, 0,
         rfl_gemm_family_names},
        RFL_OPTION_PRECISION(&o->precisions, rfl_gemm_prec_names,
                             "fp64, fp32 (every kernel that has them); tf32, bf16, fp16 (cuBLAS tensor GEMMs, "
                             "FP32 accumulation) (default all)"),
        {"trans", 't', RFL_OPT_LIST, &o->trans, "LIST", "nn: C = A B, nt: C = A B^T (default nn,nt)", 0, 0,
         rfl_gemm_trans_names},
        {"mode", 'M', RFL_OPT_LIST, &o->modes, "LIST",
         "gemm (the sweep), mix (FMA:LDS mix throughput, L2 and DRAM bandwidth), model (the upper-bound table; "
         "runs mix) (default all)", 0, 0, rfl_gemm_mode_names},
        {"sizes", 's', RFL_OPT_STRING, &o->sizes_text, "LIST",
         "N or MxNxK, multiples of 128 (default 256,512,...,16384 and 8192x8192x1024, 4096x4096x16384, "
         "16384x2048x4096; --quick 256,1024,8192: the tensor roofs need 8192^3)",
         0, 0, NULL},
        {"model-size", 0, RFL_OPT_UINT, &o->model_size, "N",
         "square size of the model table and the evidence; added to the sweep (default 8192, also --quick)", 128,
         RFL_GEMM_MAX_DIM, NULL},
        {"tune-size", 0, RFL_OPT_UINT, &o->tune_size, "N",
         "square size at which tiled and dmma rank their configurations; each size runs the best that fills the "
         "GPU (default 4096; --quick 1024)", 256, RFL_GEMM_MAX_DIM, NULL},
        {"no-tune", 0, RFL_OPT_FLAG, &o->no_tune, NULL, "take each kernel's first configuration", 0, 0, NULL},
        {"config", 0, RFL_OPT_STRING, &o->config, "NAME",
         "run only the tiled/dmma configurations whose name contains NAME (see --list-kernels)", 0, 0, NULL},
        {"alpha", 0, RFL_OPT_DOUBLE, &o->alpha, "X", "alpha (default 1.5)", -1e6, 1e6, NULL},
        {"beta", 0, RFL_OPT_DOUBLE, &o->beta, "X", "beta (default 0.5; 0 leaves C unread)", -1e6, 1e6, NULL},
        {"l2", 0, RFL_OPT_CHOICE, &o->l2, "MODE",
         "rotate: cycle through input sets twice the L2 size, so no launch finds its inputs in L2; warm: one set "
         "(default rotate)", 0, 0, rfl_gemm_l2_names},
        RFL_OPTIONS_SAMPLING(o, 'm', "launches per sample", "0.02; --quick 0.005", "point"),
        RFL_OPTION_TIME_BUDGET(&o->time_budget_s,
                               RFL_HELP_TIME_BUDGET("then points and tunings cut evenly, the tensor roofs' (nn at "
                                                    "the largest square size) last, then the model size's")),
        {"seed", 0, RFL_OPT_UINT, &seed, "N", "seed of the random inputs (default 1)", 0, 4294967295.0, NULL},
        {"list-kernels", 0, RFL_OPT_FLAG, &o->list_kernels, NULL,
         "print the kernels, their tiles and main-loop SASS counts and exit (no GPU)", 0, 0, NULL},
        {"sass", 0, RFL_OPT_STRING, &o->sass_file, "FILE",
         "print the main-loop instruction counts of a cuobjdump -sass listing and exit (no GPU needed)", 0, 0,
         NULL},
        RFL_OPTIONS_GPU_TAIL(o, "NAME.csv",
                             "CSV output (default gemm.csv); NAME_mix.csv, NAME_model.csv and the metadata NAME.json "
                             "beside it; - for stdout (no sidecar; gemm_mix.csv and gemm_model.csv in the working "
                             "directory)",
                             "a short run: fewer sizes, shorter samples", "the CSV file names and their columns",
                             "one element of C before the check"),
    };
    const struct rfl_cli cli = {
        .program = PROGRAM,
        .summary = "GEMM on the GPU, C = alpha A op(B) + beta C (column-major; nn and nt), against cuBLAS: volkov "
                   "(Volkov & Demmel 2008, Fig. 4), tiled (register- and warp-tiled FFMA/DFMA, cp.async "
                   "pipeline, tuned over tile shapes), dmma (FP64 tensor cores, mma.sync), cublas (SGEMM with "
                   "TF32 off, DGEMM, and TF32/BF16/FP16 tensor GEMMs), cublaslt (the fastest of "
                   "cublasLtMatmulAlgoGetHeuristic's top 8 algorithms, FP64 and the tensor types). A tensor roof "
                   "is the best of them over several shapes. Every result is checked against cuBLAS (exit 3 past "
                   "the stated error bound); the upper-bound model of Lai & Seznec (2013) counts each kernel's "
                   "main loop in its SASS and reads the FMA:LDS mix throughput measured by --mode mix.",
        .epilog = RFL_HELP_GPU_RANKS ". " RFL_HELP_GPU_EXIT,
        RFL_CLI_OPTIONS(table),
    };
    int rc = RFL_CLI_PARSE_PROGRAM(o, cli, argc, argv);
    if (rc != RFL_CLI_RUN)
        return rc;
    o->seed = seed;
    if (o->tune_size && o->tune_size % 256)
        return rfl_cli_invalid_number(PROGRAM, "tune-size", o->tune_size,
                                      "must be a multiple of 256 (every configuration's tiles)");
    if (o->model_size && o->model_size % 128)
        return rfl_cli_invalid_number(PROGRAM, "model-size", o->model_size, "must be a multiple of 128");
    const char *sizes = o->sizes_text ? o->sizes_text
                        : o->quick    ? "256,1024,8192"
                                      : "256,512,1024,2048,4096,8192,16384,8192x8192x1024,4096x4096x16384,"
                                        "16384x2048x4096";
    if (rfl_gemm_parse_sizes(PROGRAM, sizes, o->sizes, RFL_GEMM_MAX_SIZES, &o->nsizes) != 0)
        return RFL_CLI_ERROR;
    return RFL_CLI_RUN;
}
