#include "config.h"
#include "gpu/gpu.h"
#include "gpu/budget.h"
#include "common/hosts.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/options.h"
#include "common/rfl.h"
#include "common/size.h"
#include "common/selftest.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const rfl_gpu_precision_names[RFL_GPU_NPRECISION + 1] = {"fp64", "fp32", "fp16", NULL};

int rfl_gpu_check(cudaError_t err, const char *call, const char *file, int line)
{
    if (err == cudaSuccess)
        return 0;
    /* Every rank that fails says so: a failure on rank 3 alone must not be silent. */
    rfl_error_all("%s:%d: %s: %s (%s)", file, line, call, cudaGetErrorName(err), cudaGetErrorString(err));
    return -1;
}

/* ------------------------------------------------------------------------
 * Published figures
 * ---------------------------------------------------------------------- */

/* First match wins, so the more specific names come first. */
static const struct rfl_gpu_datasheet datasheets[] = {
    {"H200", "H200 (141 GB HBM3e)", 4800.0, 9500.0},
    {"H100 PCIe", "H100 PCIe (80 GB HBM2e)", 2000.0, 0.0},
    {"H100 NVL", "H100 NVL (94 GB HBM3)", 3900.0, 0.0},
    {"H100", "H100 SXM5 (80 GB HBM3)", 3350.0, 0.0},
    {"A100-SXM4-80GB", "A100 SXM4 (80 GB HBM2e)", 2039.0, 0.0},
    {"A100 80GB PCIe", "A100 PCIe (80 GB HBM2e)", 1935.0, 0.0},
    {"A100", "A100 (40 GB HBM2)", 1555.0, 0.0},
};

const struct rfl_gpu_datasheet *rfl_gpu_datasheet_for(const char *name)
{
    for (size_t i = 0; i < sizeof datasheets / sizeof datasheets[0]; i++)
        if (strstr(name, datasheets[i].match))
            return &datasheets[i];
    return NULL;
}

struct rfl_gpu_sm_rates rfl_gpu_sm_rates_for(int major, int minor)
{
    /* From NVIDIA's architecture whitepapers (non-tensor arithmetic). */
    struct rfl_gpu_sm_rates r = {0, 0, 0, 128, 0, 0};
    int cc = major * 10 + minor;
    switch (cc) {
    case 70: r = (struct rfl_gpu_sm_rates){32, 64, 128, 128, 128 * 1024, 4}; break;
    case 80: r = (struct rfl_gpu_sm_rates){32, 64, 256, 128, 192 * 1024, 4}; break;
    case 86:
    case 89: r = (struct rfl_gpu_sm_rates){2, 128, 128, 128, 128 * 1024, 4}; break;
    case 90: r = (struct rfl_gpu_sm_rates){64, 128, 256, 128, 256 * 1024, 4}; break;
    default: break;
    }
    return r;
}

/* ------------------------------------------------------------------------
 * Devices
 * ---------------------------------------------------------------------- */

int rfl_gpu_count(int *count, char *why, size_t len)
{
    *count = 0;
    cudaError_t err = cudaGetDeviceCount(count);
    if (err != cudaSuccess) {
        snprintf(why, len, "cudaGetDeviceCount: %s (%s)", cudaGetErrorName(err), cudaGetErrorString(err));
        (void)cudaGetLastError(); /* the runtime keeps the error sticky otherwise */
        *count = 0;
        return -1;
    }
    if (*count < 1) {
        snprintf(why, len, "cudaGetDeviceCount found no device");
        return -1;
    }
    return 0;
}

int rfl_gpu_attribute(enum cudaDeviceAttr attr, int device)
{
    int v = 0;
    if (cudaDeviceGetAttribute(&v, attr, device) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return v;
}

static int read_properties(int index, struct rfl_gpu_device *dev)
{
    struct cudaDeviceProp p;
    if (RFL_CUDA(cudaGetDeviceProperties(&p, index)))
        return -1;
    dev->index = index;
    snprintf(dev->name, sizeof dev->name, "%s", p.name);
    if (cudaDeviceGetPCIBusId(dev->pci_bus_id, (int)sizeof dev->pci_bus_id, index) != cudaSuccess) {
        (void)cudaGetLastError();
        snprintf(dev->pci_bus_id, sizeof dev->pci_bus_id, "unknown");
    }
    dev->cc_major = p.major;
    dev->cc_minor = p.minor;
    dev->sm_count = p.multiProcessorCount;
    dev->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    dev->max_threads_per_block = p.maxThreadsPerBlock;
    dev->regs_per_sm = p.regsPerMultiprocessor;
    dev->shared_per_sm = p.sharedMemPerMultiprocessor;
    dev->shared_per_block_optin = p.sharedMemPerBlockOptin;
    dev->reserved_shared_per_block = p.reservedSharedMemPerBlock;
    dev->l2_bytes = (size_t)p.l2CacheSize;
    dev->global_mem_bytes = p.totalGlobalMem;
    dev->mem_bus_bits = p.memoryBusWidth;
    dev->cooperative_launch = p.cooperativeLaunch;
    dev->sm_clock_max_khz = rfl_gpu_attribute(cudaDevAttrClockRate, index);
    dev->mem_clock_khz = rfl_gpu_attribute(cudaDevAttrMemoryClockRate, index);
    /* Double data rate: two transfers per memory clock on every pin. */
    dev->mem_theoretical_gbytes_per_s = 2.0 * dev->mem_clock_khz * 1e3 * (dev->mem_bus_bits / 8.0) * 1e-9;
    dev->datasheet = rfl_gpu_datasheet_for(dev->name);
    dev->rates = rfl_gpu_sm_rates_for(dev->cc_major, dev->cc_minor);
    if (dev->rates.l1_bytes == 0)
        dev->rates.l1_bytes = (double)dev->shared_per_sm;
    return 0;
}

int rfl_gpu_list_devices(FILE *out)
{
    int count = 0;
    char why[256];
    if (rfl_gpu_count(&count, why, sizeof why) != 0) {
        rfl_error("no CUDA device: %s", why);
        return RFL_EXIT_FAILURE;
    }
    for (int i = 0; i < count; i++) {
        struct rfl_gpu_device d;
        memset(&d, 0, sizeof d);
        if (read_properties(i, &d) != 0)
            return RFL_EXIT_FAILURE;
        if (rfl_mpi_rank() == 0)
            fprintf(out, "%d: %s, compute capability %d.%d, %d SMs, %.1f GiB, L2 %.0f MiB, PCI %s\n", i, d.name,
                    d.cc_major, d.cc_minor, d.sm_count, d.global_mem_bytes / 1073741824.0,
                    d.l2_bytes / 1048576.0, d.pci_bus_id);
    }
    return RFL_EXIT_OK;
}

int rfl_gpu_select(int first, struct rfl_gpu_device *dev)
{
    memset(dev, 0, sizeof *dev);
    char why[256];
    if (rfl_gpu_count(&dev->count, why, sizeof why) != 0) {
        rfl_error_all("no CUDA device: %s", why);
        return RFL_EXIT_FAILURE;
    }
    if (first < 0 || first >= dev->count) {
        rfl_error("option --device: invalid value '%d' (this machine has %d CUDA device%s: 0 to %d)", first,
                  dev->count, dev->count == 1 ? "" : "s", dev->count - 1);
        return RFL_EXIT_USAGE;
    }
    int local = rfl_mpi_local_rank(), local_size = rfl_mpi_local_size();
    int index = (first + local) % dev->count;
    /* Ranks that land on one device share it: each sees a fraction. */
    /* Local ranks l with (first + l) % count == index: those with l % count == local % count. */
    dev->ranks_sharing = local_size / dev->count + (local_size % dev->count > local % dev->count);
    if (local_size > dev->count && local == 0)
        rfl_warn("%d ranks on this node share %d device%s: the per-GPU figures are shares of a device", local_size,
                 dev->count, dev->count == 1 ? "" : "s");
    if (RFL_CUDA(cudaSetDevice(index)))
        return RFL_EXIT_FAILURE;
    if (read_properties(index, dev) != 0)
        return RFL_EXIT_FAILURE;
    /* Create the context now, so its cost stays out of the first sample. */
    if (RFL_CUDA(cudaFree(NULL)))
        return RFL_EXIT_FAILURE;
    return RFL_EXIT_OK;
}

double rfl_gpu_slow_factor = 1.0;

int rfl_gpu_select_agreed(int first, struct rfl_gpu_device *dev)
{
    int rc = rfl_mpi_max_int(rfl_gpu_select(first, dev));
    if (rc == RFL_EXIT_OK)
        rc = rfl_test_slow_rank(&rfl_gpu_slow_factor);
    return rc;
}

json_t *rfl_gpu_device_json(const struct rfl_gpu_device *d)
{
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    json_t *ds = json_null();
    if (d->datasheet)
        ds = json_pack("{s:s, s:f, s:o}", "part", d->datasheet->part, "mem_gbytes_per_s",
                       d->datasheet->mem_gbytes_per_s, "l2_target_gbytes_per_s",
                       d->datasheet->l2_target_gbytes_per_s > 0 ? json_real(d->datasheet->l2_target_gbytes_per_s)
                                                                : json_null());
    json_t *rates = json_pack("{s:f, s:f, s:f, s:f, s:f}", "fp64_fma_per_clock", d->rates.fp64_fma,
                              "fp32_fma_per_clock", d->rates.fp32_fma, "fp16_fma_per_clock", d->rates.fp16_fma,
                              "shared_bytes_per_clock", d->rates.shared_bytes, "l1_bytes", d->rates.l1_bytes);
    return json_pack("{s:i, s:o, s:s, s:s, s:i, s:i, s:i, s:i, s:i, s:I, s:I, s:I, s:I, s:I, s:i, s:i, s:i, s:f, "
                     "s:b, s:i, s:o, s:o}",
                     "index", d->index, "name", rfl_json_text(d->name), "pci_bus_id", d->pci_bus_id, "compute_capability", cc,
                     "sm_count", d->sm_count, "max_threads_per_sm", d->max_threads_per_sm,
                     "max_threads_per_block", d->max_threads_per_block, "regs_per_sm", d->regs_per_sm,
                     "devices_visible", d->count, "shared_bytes_per_sm", (json_int_t)d->shared_per_sm,
                     "shared_bytes_per_block_optin", (json_int_t)d->shared_per_block_optin,
                     "reserved_shared_bytes_per_block", (json_int_t)d->reserved_shared_per_block,
                     "l2_bytes", (json_int_t)d->l2_bytes, "global_mem_bytes", (json_int_t)d->global_mem_bytes,
                     "mem_bus_bits", d->mem_bus_bits, "sm_clock_max_khz", d->sm_clock_max_khz, "mem_clock_khz",
                     d->mem_clock_khz, "mem_theoretical_gbytes_per_s", d->mem_theoretical_gbytes_per_s,
                     "cooperative_launch", d->cooperative_launch, "ranks_sharing", d->ranks_sharing,
                     "datasheet", ds, "sm_rates", rates);
}

/* ------------------------------------------------------------------------
 * Metadata
 * ---------------------------------------------------------------------- */

/* Every rank's JSON object (compact, one line each) on rank 0. */
static json_t *gather_json(json_t *mine)
{
    char *text = json_dumps(mine, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    char *all = rfl_mpi_gather_strings(text ? text : "{}", "\n");
    free(text);
    if (!all)
        return NULL;
    json_t *array = json_array();
    char *save = NULL;
    for (char *line = strtok_r(all, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_error_t e;
        json_t *v = json_loads(line, 0, &e);
        json_array_append_new(array, v ? v : json_null());
    }
    free(all);
    return array;
}

json_t *rfl_gpu_meta_new(const char *program, int argc, char **argv, const struct rfl_gpu_device *dev)
{
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    json_t *mine = json_pack("{s:i, s:o, s:i, s:o, s:o}", "rank", rfl_mpi_rank(), "host", rfl_json_text(host), "local_rank",
                             rfl_mpi_local_rank(), "device", rfl_gpu_device_json(dev), "nvml_start",
                             rfl_gpu_nvml_json(dev));
    json_t *gpus = gather_json(mine);
    json_decref(mine);
    char *placement = rfl_mpi_placement(); /* collective: every rank */
    if (rfl_mpi_rank() != 0) {
        free(placement);
        return NULL;
    }
    json_t *meta = rfl_meta_new(program, argc, argv);
    int runtime = 0, driver = 0;
    if (cudaRuntimeGetVersion(&runtime) != cudaSuccess)
        (void)cudaGetLastError();
    if (cudaDriverGetVersion(&driver) != cudaSuccess)
        (void)cudaGetLastError();
    char rt[32], drv[32];
    snprintf(rt, sizeof rt, "%d.%d", runtime / 1000, runtime % 1000 / 10);
    snprintf(drv, sizeof drv, "%d.%d", driver / 1000, driver % 1000 / 10);
    json_object_set_new(meta, "cuda",
                        json_pack("{s:s, s:s, s:s, s:s, s:s}", "nvcc_version", RFL_NVCC_VERSION, "arch", RFL_CUDA_ARCH,
                                  "nvccflags", RFL_NVCCFLAGS, "runtime_version", rt, "driver_api_version", drv));
    json_object_set_new(meta, "ranks", json_integer(rfl_mpi_size()));
    json_object_set_new(meta, "rank_placement", json_string(placement ? placement : ""));
    free(placement);
    json_object_set_new(meta, "gpus", gpus ? gpus : json_array());
    return meta;
}

void rfl_gpu_meta_finish(json_t *meta, const struct rfl_gpu_device *dev)
{
    json_t *mine = rfl_gpu_nvml_json(dev);
    json_t *all = gather_json(mine);
    json_decref(mine);
    if (!meta || !all) {
        json_decref(all);
        return;
    }
    json_t *gpus = json_object_get(meta, "gpus");
    size_t i;
    json_t *v;
    json_array_foreach(all, i, v)
    {
        json_t *g = json_array_get(gpus, i);
        if (g)
            json_object_set(g, "nvml_end", v);
    }
    json_decref(all);
}

int rfl_gpu_session_open(struct rfl_session *s, const struct rfl_session_spec *spec,
                         const struct rfl_gpu_device *dev)
{
    struct rfl_session_spec with_gpus = *spec;
    with_gpus.meta = rfl_gpu_meta_new(spec->program, spec->argc, spec->argv, dev);
    return rfl_session_open(s, &with_gpus);
}

double rfl_gpu_session_stop(struct rfl_session *s, const struct rfl_gpu_device *dev)
{
    const double elapsed = rfl_session_stop(s);
    rfl_gpu_meta_finish(s->meta, dev);
    return elapsed;
}

/* ------------------------------------------------------------------------
 * MPI
 * ---------------------------------------------------------------------- */

double *rfl_gpu_gather_doubles(const double *mine, int n) { return rfl_mpi_gather_doubles(mine, n); }

int rfl_gpu_fail(int code)
{
    if (code != RFL_EXIT_OK && rfl_mpi_size() > 1)
        rfl_mpi_abort(code);
    return code;
}

int rfl_gpu_mismatch_reset(struct rfl_gpu_mismatch *m, cudaStream_t stream)
{
    if (RFL_CUDA(cudaMemsetAsync(&m->count, 0, sizeof m->count, stream)) ||
        RFL_CUDA(cudaMemsetAsync(&m->first_index, 0xff, sizeof m->first_index, stream)))
        return -1;
    return 0;
}

/* ------------------------------------------------------------------------
 * Event timing
 * ---------------------------------------------------------------------- */

int rfl_gpu_timer_create(struct rfl_gpu_timer *t, cudaStream_t stream)
{
    t->stream = stream;
    t->start = t->stop = NULL;
    if (RFL_CUDA(cudaEventCreate(&t->start)) || RFL_CUDA(cudaEventCreate(&t->stop)))
        return -1;
    return 0;
}

void rfl_gpu_timer_destroy(struct rfl_gpu_timer *t)
{
    if (t->start)
        cudaEventDestroy(t->start);
    if (t->stop)
        cudaEventDestroy(t->stop);
    t->start = t->stop = NULL;
}

int rfl_gpu_timer_start(struct rfl_gpu_timer *t) { return RFL_CUDA(cudaEventRecord(t->start, t->stream)); }

int rfl_gpu_timer_stop(struct rfl_gpu_timer *t, double *s)
{
    float ms = 0;
    if (RFL_CUDA(cudaEventRecord(t->stop, t->stream)) || RFL_CUDA(cudaEventSynchronize(t->stop)) ||
        RFL_CUDA(cudaEventElapsedTime(&ms, t->start, t->stop)))
        return -1;
    *s = ms * 1e-3;
    return 0;
}

/* ------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------- */

static int list_error(const char *program, const char *option, const char *text, const char *expected)
{
    rfl_cli_invalid(program, option, text, "%s", expected);
    return -1;
}

int rfl_gpu_parse_uints(const char *program, const char *option, const char *text, unsigned min, unsigned max,
                        unsigned *out, int cap, int *n)
{
    char expected[160];
    snprintf(expected, sizeof expected, "expected a comma-separated list of integers from %u to %u", min, max);
    *n = 0;
    const char *p = text;
    for (;;) {
        char *end = NULL;
        errno = 0;
        if (*p < '0' || *p > '9')
            return list_error(program, option, text, expected);
        unsigned long long v = strtoull(p, &end, 10);
        if (errno == ERANGE || v < min || v > max || (*end != ',' && *end != '\0') || *n >= cap)
            return list_error(program, option, text, expected);
        out[(*n)++] = (unsigned)v;
        if (*end == '\0')
            return 0;
        p = end + 1;
    }
}

int rfl_gpu_parse_threads(const char *program, const char *text, unsigned *out, int cap, int *n)
{
    if (rfl_gpu_parse_uints(program, "threads-per-block", text, 32, 1024, out, cap, n) != 0)
        return -1;
    for (int i = 0; i < *n; i++)
        if (out[i] % 32)
            return list_error(program, "threads-per-block", text, "each value must be a multiple of 32");
    return 0;
}

int rfl_gpu_parse_sizes(const char *program, const char *option, const char *text, uint64_t *out, int cap, int *n)
{
    const char *expected = "expected a comma-separated list of sizes such as 64,4K,2M";
    *n = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        char item[64];
        if (len == 0 || len >= sizeof item || *n >= cap)
            return list_error(program, option, text, expected);
        memcpy(item, p, len);
        item[len] = '\0';
        if (rfl_parse_size(item, &out[*n]) != 0)
            return list_error(program, option, text, expected);
        (*n)++;
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

int rfl_gpu_parse_blocks(const char *program, const char *option, const char *text, struct rfl_gpu_blocks *out,
                         int cap, int *n)
{
    const char *expected = "expected a comma-separated list of block counts: max, Nx (N per SM) or N";
    *n = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len == 0 || *n >= cap)
            return list_error(program, option, text, expected);
        struct rfl_gpu_blocks b;
        if (len == 3 && strncmp(p, "max", 3) == 0) {
            b.kind = RFL_GPU_BLOCKS_MAX;
            b.value = 0;
        } else {
            if (*p < '0' || *p > '9')
                return list_error(program, option, text, expected);
            char *end = NULL;
            errno = 0;
            unsigned long long v = strtoull(p, &end, 10);
            size_t used = (size_t)(end - p);
            if (errno == ERANGE || v < 1 || v > (1u << 24))
                return list_error(program, option, text, expected);
            if (used == len) {
                b.kind = RFL_GPU_BLOCKS_COUNT;
            } else if (used + 1 == len && *end == 'x' && v <= 64) {
                b.kind = RFL_GPU_BLOCKS_PER_SM;
            } else {
                return list_error(program, option, text, expected);
            }
            b.value = (unsigned)v;
        }
        out[(*n)++] = b;
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

unsigned rfl_gpu_blocks_resolve(const struct rfl_gpu_blocks *b, const struct rfl_gpu_device *dev, int resident_per_sm)
{
    switch (b->kind) {
    case RFL_GPU_BLOCKS_MAX:
        return (unsigned)(dev->sm_count * (resident_per_sm > 0 ? resident_per_sm : 1));
    case RFL_GPU_BLOCKS_PER_SM:
        return (unsigned)dev->sm_count * b->value;
    case RFL_GPU_BLOCKS_COUNT:
    default:
        return b->value;
    }
}

void rfl_gpu_blocks_format(const struct rfl_gpu_blocks *b, char *buf, size_t len)
{
    switch (b->kind) {
    case RFL_GPU_BLOCKS_MAX: snprintf(buf, len, "max"); break;
    case RFL_GPU_BLOCKS_PER_SM: snprintf(buf, len, "%ux", b->value); break;
    case RFL_GPU_BLOCKS_COUNT:
    default: snprintf(buf, len, "%u", b->value); break;
    }
}

json_t *rfl_gpu_uints_json(const unsigned *v, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, json_integer(v[i]));
    return list;
}

json_t *rfl_gpu_blocks_json(const struct rfl_gpu_blocks *b, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        char spec[32];
        rfl_gpu_blocks_format(&b[i], spec, sizeof spec);
        json_array_append_new(list, json_string(spec));
    }
    return list;
}

uint64_t *rfl_gpu_geometric(uint64_t min, uint64_t max, double growth, size_t *n)
{
    size_t cap = 16;
    *n = 0;
    uint64_t *v = malloc(cap * sizeof *v);
    for (double w = (double)min; v; w *= growth) {
        uint64_t x = w >= (double)max ? max : (uint64_t)llround(w);
        if (*n == cap) {
            uint64_t *bigger = realloc(v, (cap *= 2) * sizeof *v);
            if (!bigger) {
                free(v);
                return NULL;
            }
            v = bigger;
        }
        if (*n == 0 || x > v[*n - 1])
            v[(*n)++] = x;
        if (x >= max)
            break;
    }
    return v;
}

/* ------------------------------------------------------------------------
 * Evidence
 * ---------------------------------------------------------------------- */

void rfl_gpu_evidence(json_t *list, const char *name, double measured, const char *unit, const char *op,
                      double target, double tolerance, const char *note)
{
    const char *verdict = "INFO";
    if (op && isfinite(measured) && isfinite(target)) {
        int pass = strcmp(op, ">=") == 0   ? measured >= target
                   : strcmp(op, "<=") == 0 ? measured <= target
                                           : fabs(measured / target - 1.0) <= tolerance;
        verdict = pass ? "PASS" : "FAIL";
    } else if (op) {
        verdict = "FAIL"; /* a target with nothing measured against it */
    }
    char target_text[64] = "";
    if (op && isfinite(target)) {
        if (strcmp(op, "~") == 0)
            snprintf(target_text, sizeof target_text, "within %.0f%% of %.4g", tolerance * 100, target);
        else
            snprintf(target_text, sizeof target_text, "%s %.4g", op, target);
    }
    char measured_text[32];
    if (isfinite(measured))
        snprintf(measured_text, sizeof measured_text, "%.4g", measured);
    else
        snprintf(measured_text, sizeof measured_text, "-");
    rfl_info("evidence: %-34s %10s %-9s %-26s %-4s %s", name, measured_text, unit, target_text, verdict,
             note ? note : "");
    if (!list)
        return;
    json_array_append_new(list, json_pack("{s:s, s:o, s:s, s:o, s:o, s:s, s:s}", "name", name, "measured",
                                          isfinite(measured) ? json_real(measured) : json_null(), "unit", unit,
                                          "op", op ? json_string(op) : json_null(), "target",
                                          op && isfinite(target) ? json_real(target) : json_null(), "verdict",
                                          verdict, "note", note ? note : ""));
}

/* ------------------------------------------------------------------------
 * Self-test
 * ---------------------------------------------------------------------- */

int rfl_gpu_self_test(void)
{
    int failures = 0, n = 0;
    unsigned u[8];
    EXPECT(rfl_gpu_parse_uints("t", "x", "32,1024", 32, 1024, u, 8, &n) == 0 && n == 2 && u[0] == 32 &&
           u[1] == 1024);
    int saved_rank = rfl_log_rank();
    rfl_log_set_rank(1); /* keep the expected error lines quiet */
    EXPECT(rfl_gpu_parse_uints("t", "x", "32,", 32, 1024, u, 8, &n) != 0);
    EXPECT(rfl_gpu_parse_uints("t", "x", "2048", 32, 1024, u, 8, &n) != 0);
    EXPECT(rfl_gpu_parse_uints("t", "x", "-1", 0, 1024, u, 8, &n) != 0);
    EXPECT(rfl_gpu_parse_uints("t", "x", "1,2,3", 0, 9, u, 2, &n) != 0);
    EXPECT(rfl_gpu_parse_threads("t", "256,1024", u, 8, &n) == 0 && n == 2 && u[0] == 256 && u[1] == 1024);
    EXPECT(rfl_gpu_parse_threads("t", "256,48", u, 8, &n) != 0);
    EXPECT(rfl_gpu_parse_threads("t", "16", u, 8, &n) != 0);
    struct rfl_gpu_blocks b[4];
    EXPECT(rfl_gpu_parse_blocks("t", "x", "max,4x,1000", b, 4, &n) == 0 && n == 3 &&
           b[0].kind == RFL_GPU_BLOCKS_MAX && b[1].kind == RFL_GPU_BLOCKS_PER_SM && b[1].value == 4 &&
           b[2].kind == RFL_GPU_BLOCKS_COUNT && b[2].value == 1000);
    EXPECT(rfl_gpu_parse_blocks("t", "x", "4y", b, 4, &n) != 0);
    EXPECT(rfl_gpu_parse_blocks("t", "x", "0", b, 4, &n) != 0);
    EXPECT(rfl_gpu_parse_blocks("t", "x", "maxi", b, 4, &n) != 0);
    uint64_t s[4];
    EXPECT(rfl_gpu_parse_sizes("t", "x", "128,4K,2M", s, 4, &n) == 0 && n == 3 && s[0] == 128 && s[1] == 4096 &&
           s[2] == 2097152);
    EXPECT(rfl_gpu_parse_sizes("t", "x", "128,,2M", s, 4, &n) != 0);
    rfl_log_set_rank(saved_rank);

    struct rfl_gpu_device dev;
    memset(&dev, 0, sizeof dev);
    dev.sm_count = 132;
    EXPECT(rfl_gpu_blocks_resolve(&b[0], &dev, 8) == 1056);
    EXPECT(rfl_gpu_blocks_resolve(&b[1], &dev, 8) == 528);
    EXPECT(rfl_gpu_blocks_resolve(&b[2], &dev, 8) == 1000);

    size_t np = 0;
    uint64_t *g = rfl_gpu_geometric(4096, 65536, 2.0, &np);
    EXPECT(g && np == 5 && g[0] == 4096 && g[4] == 65536);
    free(g);
    g = rfl_gpu_geometric(1, 1000, 10.0, &np);
    EXPECT(g && np == 4 && g[3] == 1000);
    free(g);
    g = rfl_gpu_geometric(100, 150, 2.0, &np); /* the last point is MAX even off the series */
    EXPECT(g && np == 2 && g[1] == 150);
    free(g);

    const struct rfl_gpu_datasheet *d = rfl_gpu_datasheet_for("NVIDIA H100 80GB HBM3");
    EXPECT(d && d->mem_gbytes_per_s == 3350.0 && d->l2_target_gbytes_per_s == 0);
    d = rfl_gpu_datasheet_for("NVIDIA H200");
    EXPECT(d && d->mem_gbytes_per_s == 4800.0 && d->l2_target_gbytes_per_s == 9500.0);
    d = rfl_gpu_datasheet_for("NVIDIA H100 PCIe");
    EXPECT(d && d->mem_gbytes_per_s == 2000.0);
    EXPECT(rfl_gpu_datasheet_for("Tesla K80") == NULL);
    struct rfl_gpu_sm_rates r = rfl_gpu_sm_rates_for(9, 0);
    /* H100 SXM datasheet: 66.9 TFLOP/s FP32 and 33.5 FP64 at 1.98 GHz on 132 SMs. */
    EXPECT(fabs(132 * 1.98e9 * 2 * r.fp32_fma * 1e-12 - 66.9) < 0.1);
    EXPECT(fabs(132 * 1.98e9 * 2 * r.fp64_fma * 1e-12 - 33.5) < 0.1);
    EXPECT(fabs(132 * 1.98e9 * 2 * r.fp16_fma * 1e-12 - 133.8) < 0.2);

    double mine[3] = {1.5, -0.0, 1e-300};
    double *all = rfl_gpu_gather_doubles(mine, 3);
    if (rfl_mpi_rank() == 0) {
        EXPECT(all && all[0] == 1.5 && all[2] == 1e-300 && signbit(all[1]));
    }
    free(all);

    struct rfl_gpu_clock c = {1980000000ull, 1000000000ull};
    EXPECT(fabs(rfl_gpu_clock_mhz(&c) - 1980.0) < 1e-9);
    c.ns = 1000;
    EXPECT(rfl_gpu_clock_mhz(&c) == 0.0);
    return failures + rfl_gpu_budget_self_test();
}
