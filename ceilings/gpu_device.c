/* The GPU part of the model: made on first use (freed with the model,
 * model_free.c), and the GPU every GPU file's sidecar describes; the rows
 * of a file that are that GPU's, each read by its cells (rfl_load_rows). */
#include "config.h"
#include "gpu.h"
#include "load.h"
#include "model.h"
#include "table.h"
#include "common/log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Dense rates per SM and clock from NVIDIA's A100 and H100 whitepapers:
 * an FMA is 2 FLOPs; the vector units' FMA per clock as gpu/gpu.c's table,
 * the tensor units' FLOPs as rfl_gemm's (gemm/kernels.c). H100 SXM at its
 * 1980 MHz boost x 132 SMs: 67 TFLOP/s FP64 tensor, 34 FP64 vector; at
 * 1830 MHz 495 TF32, 990 FP16/BF16. Kept here too so a file whose sidecar
 * or rows lack them (a row whose clock was not read) still has a spec. */
static const struct {
    const char *arch;
    double fp64, fp32, fp16;                      /* vector FLOPs per clock per SM */
    double fp64_tensor, tf32_tensor, bf16_tensor, fp16_tensor;
} arch_rates[] = {
    {"sm_80", 2 * 32, 2 * 64, 2 * 256, 128, 1024, 2048, 2048},
    {"sm_90", 2 * 64, 2 * 128, 2 * 256, 256, 2048, 4096, 4096},
};

double rfl_gpu_arch_flops_per_clock(const char *arch, const char *roof)
{
    for (size_t i = 0; i < sizeof arch_rates / sizeof arch_rates[0]; i++) {
        if (strcmp(arch_rates[i].arch, arch) != 0)
            continue;
        const double *v[] = {&arch_rates[i].fp64, &arch_rates[i].fp32, &arch_rates[i].fp16,
                             &arch_rates[i].fp64_tensor, &arch_rates[i].tf32_tensor, &arch_rates[i].bf16_tensor,
                             &arch_rates[i].fp16_tensor};
        static const char *const names[] = {"fp64", "fp32", "fp16", "fp64 tensor", "tf32 tensor", "bf16 tensor",
                                            "fp16 tensor"};
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (!strcmp(names[k], roof))
                return *v[k];
    }
    return 0;
}

struct rfl_gpu_data *rfl_gpu_data(struct rfl_model *m)
{
    if (!m->gpu) {
        m->gpu = calloc(1, sizeof *m->gpu);
        if (m->gpu)
            m->gpu->dev.rank = -1;
    }
    return m->gpu;
}

/* A size in a sidecar; 0 (unknown) outside 0 to RFL_TABLE_MAX_BYTES. */
static uint64_t json_bytes(const json_t *obj, const char *key)
{
    double v = rfl_load_json_num(obj, key);
    return v >= 0 && v <= (double)RFL_TABLE_MAX_BYTES ? (uint64_t)v : 0;
}

int rfl_load_gpu_device(struct rfl_model *m, const json_t *meta, const char *file)
{
    struct rfl_gpu_data *g = rfl_gpu_data(m);
    if (!g) {
        rfl_error("out of memory");
        return -1;
    }
    json_t *gpus = json_object_get(meta, "gpus"), *pick = NULL;
    size_t i;
    json_t *e;
    long rank = -1;
    json_array_foreach(gpus, i, e) {
        json_t *r = json_object_get(e, "rank");
        long rr = json_is_integer(r) ? (long)json_integer_value(r) : (long)i;
        if (json_is_object(json_object_get(e, "device")) && (!pick || rr < rank)) {
            pick = e;
            rank = rr;
        }
    }
    json_t *d = json_object_get(pick, "device");
    json_t *name = json_object_get(d, "name"), *sms = json_object_get(d, "sm_count");
    json_t *l2 = json_object_get(d, "l2_bytes"), *idx = json_object_get(d, "index");
    if (!pick || !json_is_string(name) || !json_is_integer(sms) || json_integer_value(sms) <= 0 ||
        json_integer_value(sms) > RFL_TABLE_MAX_COUNT || !json_is_integer(l2) || json_integer_value(l2) <= 0 ||
        (uint64_t)json_integer_value(l2) > RFL_TABLE_MAX_BYTES || rank < 0 || rank > RFL_TABLE_MAX_COUNT ||
        (json_is_integer(idx) && (json_integer_value(idx) < 0 || json_integer_value(idx) > RFL_TABLE_MAX_COUNT))) {
        rfl_error("%s: its sidecar has no gpus[].device with name, sm_count and l2_bytes (the GPU's properties that "
                  "name its levels)", file);
        return -1;
    }
    struct rfl_gpu_device dv;
    memset(&dv, 0, sizeof dv);
    dv.known = 1;
    dv.rank = (int)rank;
    dv.index = json_is_integer(idx) ? (int)json_integer_value(idx) : 0;
    snprintf(dv.label, sizeof dv.label, "gpu%d", dv.index);
    snprintf(dv.name, sizeof dv.name, "%s", json_string_value(name));
    json_t *cc = json_object_get(d, "compute_capability");
    snprintf(dv.cc, sizeof dv.cc, "%s", json_is_string(cc) ? json_string_value(cc) : "");
    json_t *arch = json_object_get(json_object_get(meta, "cuda"), "arch");
    if (dv.cc[0]) {
        char digits[12];
        size_t k = 0;
        for (const char *p = dv.cc; *p && k + 1 < sizeof digits; p++)
            if (*p >= '0' && *p <= '9')
                digits[k++] = *p;
        digits[k] = '\0';
        snprintf(dv.arch, sizeof dv.arch, "sm_%s", digits);
    } else if (json_is_string(arch)) {
        snprintf(dv.arch, sizeof dv.arch, "%s", json_string_value(arch));
    }
    dv.sm_count = (unsigned)json_integer_value(sms);
    dv.l2_bytes = (uint64_t)json_integer_value(l2);
    dv.shared_bytes_per_sm = json_bytes(d, "shared_bytes_per_sm");
    dv.global_mem_bytes = json_bytes(d, "global_mem_bytes");
    dv.sm_clock_max_mhz = rfl_load_json_num(d, "sm_clock_max_khz") / 1000.0;
    dv.mem_theoretical_gbytes_per_s = rfl_load_json_num(d, "mem_theoretical_gbytes_per_s");
    json_t *ds = json_object_get(d, "datasheet");
    if (json_is_object(ds)) {
        json_t *part = json_object_get(ds, "part");
        snprintf(dv.part, sizeof dv.part, "%s", json_is_string(part) ? json_string_value(part) : "");
        dv.datasheet_gbytes_per_s = rfl_load_json_num(ds, "mem_gbytes_per_s");
    }
    json_t *rates = json_object_get(d, "sm_rates");
    dv.fma_per_clock[RFL_GPU_FP64] = rfl_load_json_num(rates, "fp64_fma_per_clock");
    dv.fma_per_clock[RFL_GPU_FP32] = rfl_load_json_num(rates, "fp32_fma_per_clock");
    dv.fma_per_clock[RFL_GPU_FP16] = rfl_load_json_num(rates, "fp16_fma_per_clock");
    dv.shared_bytes_per_clock = rfl_load_json_num(rates, "shared_bytes_per_clock");
    dv.l1_bytes_per_sm = json_bytes(rates, "l1_bytes");
    if (!g->dev.known) {
        g->dev = dv;
        return 0;
    }
    if (strcmp(g->dev.name, dv.name) != 0 || g->dev.sm_count != dv.sm_count || g->dev.l2_bytes != dv.l2_bytes) {
        rfl_error("%s: its GPU (%s, %u SMs) differs from the other files' (%s, %u SMs): one run directory holds "
                  "one GPU's measurements", file, dv.name, dv.sm_count, g->dev.name, g->dev.sm_count);
        return -1;
    }
    if (g->dev.rank != dv.rank)
        rfl_model_note(m, "%s: measured by rank %d, the other GPU files by rank %d", file, dv.rank, g->dev.rank);
    return 0;
}

int rfl_load_rows_open(struct rfl_load_rows *it, struct rfl_model *m, size_t input, const struct rfl_table *t,
                       const json_t *meta, const struct rfl_load_cell *cells, size_t ncells, int verified)
{
    if (rfl_load_gpu_device(m, meta, m->inputs[input].file) != 0)
        return -1;
    memset(it, 0, sizeof *it);
    it->m = m;
    it->t = t;
    it->input = input;
    it->cells = cells;
    it->ncells = ncells < RFL_LOAD_MAX_CELLS ? ncells : RFL_LOAD_MAX_CELLS;
    rfl_load_cell_columns(t, cells, it->ncells, it->col);
    it->verified = verified;
    it->c_verified = rfl_table_column(t, "verified");
    it->c_scope = rfl_table_column(t, "scope");
    it->c_rank = rfl_table_column(t, "rank");
    it->rank = m->gpu->dev.rank;
    return 0;
}

/* 1: use the row; 0: skip it; -1: a bad value. */
static int filter_row(struct rfl_load_rows *it, size_t r)
{
    if (it->c_scope >= 0 && strcmp(rfl_table_cell(it->t, r, it->c_scope), "gpu") != 0) {
        it->other++;
        return 0;
    }
    long rank = 0;
    if (it->c_rank >= 0 && rfl_load_opt_int(it->t, r, it->c_rank, &rank) != 0)
        return -1;
    if (rank != it->rank) {
        it->other++;
        return 0;
    }
    return 1;
}

int rfl_load_rows_next(struct rfl_load_rows *it, void *row)
{
    const struct rfl_table *t = it->t;
    for (it->r = it->started ? it->r + 1 : 0, it->started = 1; it->r < t->nrows; it->r++) {
        const int use = filter_row(it, it->r);
        if (use < 0 || (use && rfl_load_cells(t, it->r, it->cells, it->ncells, it->col, row) != 0))
            return -1;
        const int ok = !use ? 0 : !it->verified ? 1 : rfl_load_verified(it->m, t, it->r, it->c_verified);
        if (ok != 0)
            return ok;
    }
    if (it->other)
        rfl_model_note(it->m, "%s: %zu rows of other ranks' GPUs or of all GPUs together (scope aggregate) set no "
                              "ceiling of rank %ld's GPU: they are each GPU's own ceilings (members, roofline-gpuN) "
                              "and the GPUs' together (roofline-gpus)",
                       it->m->inputs[it->input].file, it->other, it->rank);
    return 0;
}
