/* Nsight Compute's `ncu --csv --page raw` output -> one point per kernel
 * name (profile.h): launches summed, flops per kind, bytes at L1, L2 and
 * device memory.
 *
 * The file: maybe lines of other output (==PROF==, the program's own), a
 * header row ("ID","Process ID",...,"Kernel Name",... one column per
 * metric), a units row, then one row per launch; every field quoted,
 * numbers with thousands separators ("1,051,539,456"). Several runs may be
 * concatenated: each header starts a new table.
 *
 * Flops per count (the tests hold them against kernels whose flops are
 * known; tests/data/profile/README.md has the evidence):
 * - FP64 and FP32: the SASS thread instruction counts, an FMA 2 flops.
 * - FP16: one HFMA2, HADD2 or HMUL2 thread instruction works on a half2,
 *   two lanes: 4, 2 and 2 flops. rfl_gpu_flops's FP16 roof counts half2
 *   lanes the same way (2 x the FP32 rate on an H100), so a packed kernel at
 *   that roof reads 100% of it (NERSC's scripts count 2 per HFMA2: one lane).
 *   The count is per instruction, not per lane. HFMA2.MMA (the warp-level
 *   sm__inst_executed_pipe_tensor_op_hmma_type_hfma2) is an HFMA2 that runs
 *   on the MMA pipe, and ptxas uses it for two things: to move constants
 *   into registers (in every recorded kernel without half arithmetic,
 *   hfma_pred_on is exactly 32 x that count: no flops), and to share real
 *   half FMAs between the FMA and the MMA pipes (rfl_gpu_flops's FP16
 *   kernel on an H100: half its HFMA2s run there, so subtracting them read
 *   half its known flops). So a kernel's HFMA2.MMA count as moves only
 *   when it has no other half arithmetic; with some, every HFMA2 is work
 *   (the few constant moves among millions of FMAs are within the noise).
 * - Tensor cores: sm__ops_path_tensor_src_* count operations, an FMA 2:
 *   the 2048^3 matrix products in FP64 (DMMA), FP16 and BF16 (HGMMA) read
 *   17,179,869,184 = 2 x 2048^3 each, so 1 flop per count. Integer
 *   tensor work (int8, int1) is no flops and is not counted.
 *
 * A recording may lack metrics (ncu run with fewer, or a GPU without
 * them): without time there is nothing to place, so only that and the
 * kernel name must be there. A missing flop count makes the kernel's flops
 * (and its intensities and GFLOP/s) lower bounds, kept as such; a missing
 * byte count leaves that level unmeasured. The missing ones are named once.
 *
 * Every count and sum must be one profile.csv can hold and read back
 * (rfl_profile_amount_ok): a sum over launches that overflows, or a time
 * so small it is denormal, is refused here naming its line, so rfl profile
 * never commits a file its own reader refuses. */
#include "config.h"
#include "profile.h"
#include "ceilings/model.h"
#include "common/input.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SASS(op) "sm__sass_thread_inst_executed_op_" op "_pred_on.sum"
/* A kernel's name in a message: its first 120 bytes, "..." where cut. */
#define KERNEL(name) (name), strlen(name) > 120 ? "..." : ""

const struct rfl_ncu_metric rfl_ncu_metrics[] = {
    {"gpu__time_duration.sum", 1, RFL_NCU_TIME, 0, 0},
    {"sm__cycles_elapsed.avg", 0, RFL_NCU_CYCLES, 0, 0},
    {SASS("dadd"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP64, 1},
    {SASS("dmul"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP64, 1},
    {SASS("dfma"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP64, 2},
    {SASS("fadd"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP32, 1},
    {SASS("fmul"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP32, 1},
    {SASS("ffma"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP32, 2},
    {SASS("hadd"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP16, 2},
    {SASS("hmul"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP16, 2},
    {SASS("hfma"), 1, RFL_NCU_FLOPS, RFL_FLOP_FP16, 4},
    {"sm__inst_executed_pipe_tensor_op_hmma_type_hfma2.sum", 0, RFL_NCU_HFMA2_MMA, RFL_FLOP_FP16, 4},
    {"sm__ops_path_tensor_src_fp64.sum", 0, RFL_NCU_FLOPS, RFL_FLOP_FP64_TENSOR, 1},
    {"sm__ops_path_tensor_src_tf32_dst_fp32.sum", 0, RFL_NCU_FLOPS, RFL_FLOP_TF32_TENSOR, 1},
    {"sm__ops_path_tensor_src_bf16_dst_fp32.sum", 0, RFL_NCU_FLOPS, RFL_FLOP_BF16_TENSOR, 1},
    {"sm__ops_path_tensor_src_fp16.sum", 0, RFL_NCU_FLOPS, RFL_FLOP_FP16_TENSOR, 1},
    {"sm__ops_path_tensor_src_fp8.sum", 0, RFL_NCU_FLOPS, RFL_FLOP_FP8_TENSOR, 1},
    {"l1tex__t_bytes.sum", 1, RFL_NCU_BYTES, RFL_MEM_L1, 0},
    {"lts__t_bytes.sum", 1, RFL_NCU_BYTES, RFL_MEM_L2, 0},
    {"dram__bytes.sum", 1, RFL_NCU_BYTES, RFL_MEM_DRAM, 0},
};
const size_t rfl_ncu_nmetrics = sizeof rfl_ncu_metrics / sizeof rfl_ncu_metrics[0];
#define NMETRICS (sizeof rfl_ncu_metrics / sizeof rfl_ncu_metrics[0])

char *rfl_ncu_metric_list(int (*keep)(const char *name, void *ctx), void *ctx)
{
    size_t len = 1;
    for (size_t i = 0; i < NMETRICS; i++)
        len += strlen(rfl_ncu_metrics[i].name) + 1;
    char *s = calloc(1, len);
    if (!s)
        return NULL;
    for (size_t i = 0; i < NMETRICS; i++)
        if (!keep || keep(rfl_ncu_metrics[i].name, ctx))
            sprintf(s + strlen(s), "%s%s", *s ? "," : "", rfl_ncu_metrics[i].name);
    return s;
}

/* Splits one CSV record in place (quoted fields, doubled quotes, newlines
 * inside quotes); NULL and *n = 0 when out of memory, a quote is not
 * closed or text follows a closing quote. */
static char **split(char *line, size_t *n)
{
    size_t cap = 1;
    for (const char *c = line; *c; c++)
        cap += *c == ',';
    char **f = malloc(cap * sizeof *f);
    *n = 0;
    if (!f)
        return NULL;
    char *in = line, *out = line;
    for (;;) {
        f[(*n)++] = out;
        if (*in == '"') {
            in++;
            for (;;) {
                if (!*in) {
                    free(f);
                    *n = 0;
                    return NULL;
                }
                if (*in == '"' && in[1] == '"') {
                    *out++ = '"';
                    in += 2;
                } else if (*in == '"') {
                    in++;
                    break;
                } else {
                    *out++ = *in++;
                }
            }
            if (*in && *in != ',') { /* text after the closing quote: a quote missing or one too many */
                free(f);
                *n = 0;
                return NULL;
            }
        } else {
            while (*in && *in != ',')
                *out++ = *in++;
        }
        int more = *in == ',';
        *out++ = '\0';
        if (!more)
            break;
        in++;
    }
    return f;
}

/* The factor from a value in `unit` to the metric's base (seconds, bytes,
 * counts, cycles); 0 for a unit rfl does not know. */
static double unit_factor(enum rfl_ncu_role role, const char *unit, const char **known)
{
    static const char *const prefixes = "KMGTP";
    static const struct {
        enum rfl_ncu_role role;
        const char *base, *known;
    } bases[] = {
        {RFL_NCU_BYTES, "byte", "byte, Kbyte, Mbyte, Gbyte, Tbyte"},
        {RFL_NCU_CYCLES, "cycle", "cycle, Kcycle, Mcycle, Gcycle"},
        {RFL_NCU_FLOPS, "inst", "none, inst, Kinst, Minst, Ginst"},
        {RFL_NCU_HFMA2_MMA, "inst", "none, inst, Kinst, Minst, Ginst"},
    };
    if (role == RFL_NCU_TIME) {
        static const struct {
            const char *unit;
            double f;
        } times[] = {{"ns", 1e-9}, {"nsecond", 1e-9}, {"us", 1e-6}, {"usecond", 1e-6}, {"ms", 1e-3},
                     {"msecond", 1e-3}, {"s", 1}, {"second", 1}};
        *known = "nsecond, usecond, msecond, second (or ns, us, ms, s)";
        for (size_t i = 0; i < sizeof times / sizeof times[0]; i++)
            if (!strcmp(unit, times[i].unit))
                return times[i].f;
        return 0;
    }
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        if (bases[b].role != role)
            continue;
        *known = bases[b].known;
        if ((role == RFL_NCU_FLOPS || role == RFL_NCU_HFMA2_MMA) && !*unit)
            return 1; /* the tensor operation counts have no unit */
        const char *p = strchr(prefixes, unit[0] == 'k' ? 'K' : unit[0]);
        double f = 1;
        if (unit[0] && p) {
            f = pow(1000, (double)(p - prefixes + 1));
            unit++;
        }
        return !strcmp(unit, bases[b].base) ? f : 0;
    }
    return 0;
}

/* A number as ncu writes it: digits, grouped in threes by commas or not
 * at all ("1,051,539,456", "351648"), maybe a fraction and an exponent.
 * No sign, blank, hex, inf or nan, and a comma only between whole groups
 * (not "1.234,5", ",123", "123,", "1,,234", "12,34"): a misplaced one
 * means a file in another locale or a damaged field, which reading with
 * the commas dropped would turn into another number. -1 unless such a
 * finite value. */
static int ncu_number(const char *text, double *out)
{
    char buf[512];
    size_t o = 0, i = 0, run = 0;
#define DIGIT(c) ((c) >= '0' && (c) <= '9')
    if (strlen(text) >= sizeof buf)
        return -1;
    while (DIGIT(text[i]))
        buf[o++] = text[i++], run++;
    if (!run || (text[i] == ',' && run > 3))
        return -1;
    while (text[i] == ',') {
        if (!(DIGIT(text[i + 1]) && DIGIT(text[i + 2]) && DIGIT(text[i + 3])) || DIGIT(text[i + 4]))
            return -1;
        memcpy(buf + o, text + i + 1, 3);
        o += 3;
        i += 4;
    }
    if (text[i] == '.') {
        buf[o++] = text[i++];
        if (!DIGIT(text[i]))
            return -1;
        while (DIGIT(text[i]))
            buf[o++] = text[i++];
    }
    if (text[i] == 'e' || text[i] == 'E') {
        buf[o++] = text[i++];
        if (text[i] == '+' || text[i] == '-')
            buf[o++] = text[i++];
        if (!DIGIT(text[i]))
            return -1;
        while (DIGIT(text[i]))
            buf[o++] = text[i++];
    }
#undef DIGIT
    buf[o] = '\0';
    return text[i] == '\0' && rfl_parse_c_double(buf, out) == 0 && *out >= 0 ? 0 : -1;
}

struct table {
    int ncols, name_col, device_col, col[NMETRICS];
    double factor[NMETRICS];
};

/* What the reader keeps beside each kernel of the profile. */
struct kernel_info {
    int last_line;    /* its last launch, for a message about its sums */
    int unmeasured;   /* levels (1 << level) some launch had no byte count for */
};

struct reader {
    const char *path;
    struct rfl_profile *p;
    struct kernel_info *info;
    int missing[NMETRICS]; /* expected metrics some table lacks */
    int have_cycles;
};

/* A header row: the metric columns; a missing one is noted (the time,
 * without which nothing can be placed, is an error). */
static int header(struct reader *rd, int line, char **f, size_t n, struct table *t)
{
    t->ncols = (int)n;
    t->name_col = t->device_col = -1;
    for (size_t i = 0; i < NMETRICS; i++)
        t->col[i] = -1;
    for (size_t c = 0; c < n; c++) {
        if (!strcmp(f[c], "Kernel Name"))
            t->name_col = (int)c;
        else if (!strcmp(f[c], "device__attribute_display_name"))
            t->device_col = (int)c;
        for (size_t i = 0; i < NMETRICS; i++)
            if (t->col[i] < 0 && !strcmp(f[c], rfl_ncu_metrics[i].name))
                t->col[i] = (int)c;
    }
    if (t->name_col < 0) {
        rfl_error("%s:%d: no column 'Kernel Name' (expected ncu --csv --page raw output)", rd->path, line);
        return -1;
    }
    for (size_t i = 0; i < NMETRICS; i++) {
        if (t->col[i] >= 0 || !rfl_ncu_metrics[i].required)
            continue;
        if (rfl_ncu_metrics[i].role == RFL_NCU_TIME) {
            rfl_error("%s:%d: no column for metric '%s' (ncu was run without it, and without a time no kernel can be "
                      "placed; rfl profile --help lists the metrics)", rd->path, line, rfl_ncu_metrics[i].name);
            return -1;
        }
        rd->missing[i] = 1;
    }
    return 0;
}

static int units(const char *path, int line, char **f, size_t n, struct table *t)
{
    if ((int)n != t->ncols) {
        rfl_error("%s:%d: the units row has %zu fields, the header %d", path, line, n, t->ncols);
        return -1;
    }
    for (size_t i = 0; i < NMETRICS; i++) {
        if (t->col[i] < 0)
            continue;
        const char *known = "";
        t->factor[i] = unit_factor(rfl_ncu_metrics[i].role, f[t->col[i]], &known);
        if (!(t->factor[i] > 0)) {
            rfl_error("%s:%d: metric '%s': unit '%s' is not one rfl knows (%s)", path, line, rfl_ncu_metrics[i].name,
                      f[t->col[i]], known);
            return -1;
        }
    }
    return 0;
}

/* The index of the kernel of that name, added at the end when new; -1:
 * out of memory. */
static long kernel_named(struct reader *rd, const char *name, const char *device)
{
    struct rfl_profile *p = rd->p;
    for (size_t i = p->n; i-- > 0;)
        if (!strcmp(p->k[i].name, name))
            return (long)i;
    struct rfl_app *more = realloc(p->k, (p->n + 1) * sizeof *more);
    if (!more)
        return -1;
    p->k = more;
    struct kernel_info *info = realloc(rd->info, (p->n + 1) * sizeof *info);
    if (!info)
        return -1;
    rd->info = info;
    memset(&info[p->n], 0, sizeof *info);
    struct rfl_app *k = &p->k[p->n];
    memset(k, 0, sizeof *k);
    k->name = strdup(name);
    k->device_name = device && *device ? strdup(device) : NULL;
    if (!k->name) {
        free(k->device_name);
        return -1;
    }
    snprintf(k->device, sizeof k->device, "gpu");
    snprintf(k->tool, sizeof k->tool, "ncu");
    k->clock_mhz = 0; /* cycles, summed; made a clock at the end */
    return (long)p->n++;
}

/* *sum += add, unless the sum would be one profile.csv cannot hold. */
static int add_to(double *sum, double add)
{
    if (!rfl_profile_amount_ok(*sum + add))
        return -1;
    *sum += add;
    return 0;
}

/* One launch, added to its kernel. */
static int launch(struct reader *rd, int line, char **f, size_t n, const struct table *t)
{
    const char *path = rd->path;
    if ((int)n != t->ncols) {
        rfl_error("%s:%d: %zu fields, the header has %d", path, line, n, t->ncols);
        return -1;
    }
    const char *name = f[t->name_col];
    if (!*name) {
        rfl_error("%s:%d: column 'Kernel Name' is empty (a launch without a kernel name cannot be told apart)", path,
                  line);
        return -1;
    }
    double v[NMETRICS] = {0};
    for (size_t i = 0; i < NMETRICS; i++) {
        if (t->col[i] < 0)
            continue;
        if (ncu_number(f[t->col[i]], &v[i]) != 0) {
            rfl_error("%s:%d: kernel '%.120s%s': metric '%s' (column %d): '%s' is not a number", path, line,
                      KERNEL(name), rfl_ncu_metrics[i].name, t->col[i] + 1, f[t->col[i]]);
            return -1;
        }
        v[i] *= t->factor[i];
        if (!rfl_profile_amount_ok(v[i])) {
            rfl_error("%s:%d: kernel '%.120s%s': metric '%s': '%s' is too %s a number in its unit (%g: profile.csv "
                      "could not hold it)", path, line, KERNEL(name), rfl_ncu_metrics[i].name, f[t->col[i]],
                      isfinite(v[i]) ? "small" : "large", v[i]);
            return -1;
        }
    }
    if (!(v[0] > 0)) {
        rfl_error("%s:%d: kernel '%.120s%s': metric '%s' is 0 (no time: nothing to place on a roofline)", path, line,
                  KERNEL(name), rfl_ncu_metrics[0].name);
        return -1;
    }
    long ki = kernel_named(rd, name, t->device_col >= 0 ? f[t->device_col] : NULL);
    if (ki < 0) {
        rfl_error("%s: out of memory", path);
        return -1;
    }
    struct rfl_app *k = &rd->p->k[ki];
    rd->info[ki].last_line = line;
    k->launches++;
    double mma = 0;
    for (size_t i = 0; i < NMETRICS; i++)
        if (rfl_ncu_metrics[i].role == RFL_NCU_HFMA2_MMA && t->col[i] >= 0)
            mma = 32 * v[i]; /* warp instructions -> thread instructions */
    /* Half arithmetic besides the HFMA2.MMA: HADD2, HMUL2 or more HFMA2. */
    int half_work = 0;
    for (size_t i = 0; i < NMETRICS; i++) {
        const struct rfl_ncu_metric *m = &rfl_ncu_metrics[i];
        if (t->col[i] >= 0 && m->role == RFL_NCU_FLOPS && m->index == RFL_FLOP_FP16 &&
            v[i] > (!strcmp(m->name, SASS("hfma")) ? mma : 0))
            half_work = 1;
    }
    if (half_work)
        mma = 0;
    for (size_t i = 0; i < NMETRICS; i++) {
        const struct rfl_ncu_metric *m = &rfl_ncu_metrics[i];
        if (t->col[i] < 0) {
            if (m->required && m->role == RFL_NCU_FLOPS)
                k->lower_bound = 1;
            else if (m->required && m->role == RFL_NCU_BYTES)
                rd->info[ki].unmeasured |= 1 << m->index;
            continue;
        }
        int rc = 0;
        if (m->role == RFL_NCU_TIME)
            rc = add_to(&k->time_s, v[i]);
        else if (m->role == RFL_NCU_CYCLES) {
            rc = add_to(&k->clock_mhz, v[i]);
            rd->have_cycles = 1;
        } else if (m->role == RFL_NCU_BYTES)
            rc = add_to(&k->bytes[m->index], v[i]);
        else if (m->role == RFL_NCU_FLOPS && !strcmp(m->name, SASS("hfma")))
            rc = add_to(&k->flops[m->index], m->weight * fmax(0, v[i] - mma)); /* HFMA2 less any HFMA2.MMA moves */
        else if (m->role == RFL_NCU_FLOPS)
            rc = add_to(&k->flops[m->index], m->weight * v[i]);
        if (rc != 0) {
            rfl_error("%s:%d: kernel '%.120s%s': metric '%s': '%s' makes its sum over %ld launches too large a number "
                      "(profile.csv could not hold it)", path, line, KERNEL(name), m->name, f[t->col[i]], k->launches);
            return -1;
        }
    }
    return 0;
}

/* The end of the record that starts at s: the first newline outside
 * double quotes (a quoted field may hold newlines, RFC 4180), or the end
 * of the text; *lines: the newlines inside it. */
static char *record_end(char *s, int *lines)
{
    int quoted = 0;
    *lines = 0;
    for (; *s; s++) {
        if (*s == '"')
            quoted = !quoted;
        else if (*s == '\n' && !quoted)
            return s;
        else if (*s == '\n')
            ++*lines;
    }
    return NULL;
}

/* One line naming every expected metric the recording lacked, and what
 * that leaves of the points. */
static void say_missing(const struct reader *rd)
{
    char names[1024] = "", effect[256] = "";
    size_t n = 0;
    int flops = 0;
    for (size_t i = 0; i < NMETRICS; i++) {
        if (!rd->missing[i])
            continue;
        const struct rfl_ncu_metric *m = &rfl_ncu_metrics[i];
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s'%s'", n++ ? ", " : "", m->name);
        if (m->role == RFL_NCU_FLOPS)
            flops = 1;
        if (m->role == RFL_NCU_BYTES)
            snprintf(effect + strlen(effect), sizeof effect - strlen(effect), "%s%s bytes not measured",
                     *effect ? "; " : "", m->index == RFL_MEM_DRAM ? "device memory" : m->index == RFL_MEM_L2 ? "L2" : "L1");
    }
    if (!n)
        return;
    rfl_warn("%s: no column for metric%s %s (ncu was run without %s): read without %s; %s%s%s", rd->path, n > 1 ? "s" : "",
             names, n > 1 ? "them" : "it", n > 1 ? "them" : "it",
             flops ? "the flops, intensities and GFLOP/s of its kernels are lower bounds (marked ≥)" : "",
             flops && *effect ? "; " : "", effect);
}

int rfl_ncu_read(const char *path, struct rfl_profile *p)
{
    memset(p, 0, sizeof *p);
    size_t len = 0;
    char *text = rfl_input_read_text(path, RFL_INPUT_MAX_BYTES, &len, "the Nsight Compute CSV");
    if (!text)
        return -1;
    enum { NO_HEADER, UNITS, ROWS } state = NO_HEADER;
    struct reader rd = {.path = path, .p = p};
    struct table t = {0};
    int line = 0, next_line = 1, rc = 0, headers = 0;
    char *next = text;
    while (rc == 0 && next && *next) {
        if (rfl_interrupted()) {
            rc = -1; /* the caller says so */
            break;
        }
        char *s = next;
        line = next_line;
        int header_line = !strncmp(s, "\"ID\",", 5);
        int record = s[0] == '"' && (state != NO_HEADER || header_line);
        int inner = 0;
        /* Other output (==PROF== lines, the program's own) is a line each,
         * whatever quotes it holds; a CSV record may span lines. */
        next = record ? record_end(s, &inner) : strchr(s, '\n');
        if (next)
            *next++ = '\0';
        next_line += 1 + inner;
        size_t l = strlen(s);
        if (l && s[l - 1] == '\r')
            s[--l] = '\0';
        if (!record)
            continue;
        size_t n = 0;
        char **f = split(s, &n);
        if (!f) {
            rfl_error("%s:%d: a quoted field that does not end, or text after its closing quote (or out of memory)", path,
                      line);
            rc = -1;
            break;
        }
        if (header_line) {
            rc = header(&rd, line, f, n, &t);
            state = UNITS;
            headers++;
        } else if (state == UNITS) {
            rc = units(path, line, f, n, &t);
            state = ROWS;
        } else {
            rc = launch(&rd, line, f, n, &t);
        }
        free(f);
    }
    free(text);
    if (rc == 0 && !headers) {
        rfl_error("%s: not Nsight Compute CSV: no header line \"ID\",\"Process ID\",... (expected the output of "
                  "ncu --csv --page raw)", path);
        rc = -1;
    } else if (rc == 0 && state == UNITS) {
        rfl_error("%s:%d: the header is not followed by ncu's units row", path, line);
        rc = -1;
    } else if (rc == 0 && !p->n) {
        rfl_error("%s: no kernels: ncu profiled no launch (did the program run any kernel?)", path);
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < p->n; i++) {
        struct rfl_app *k = &p->k[i];
        k->clock_mhz = rd.have_cycles ? k->clock_mhz / k->time_s * 1e-6 : NAN;
        k->bytes[RFL_MEM_L3] = NAN;
        for (int l = 0; l < RFL_MEM_NLEVELS; l++)
            if (rd.info[i].unmeasured & (1 << l))
                k->bytes[l] = NAN;
        char what[256];
        if (rfl_kernel_check(k, what, sizeof what) != 0) {
            rfl_error("%s:%d: kernel '%.120s%s': %s (profile.csv could not hold it)", path, rd.info[i].last_line,
                      KERNEL(k->name), what);
            rc = -1;
        }
    }
    free(rd.info);
    if (rc != 0) {
        rfl_profile_free(p);
        return -1;
    }
    say_missing(&rd);
    return 0;
}
