/* The GPU half of the driver (ceilings/gpu.h) on the synthetic H200 run of
 * tests/data/driver/gpu: which file is which kind, the levels named by the
 * GPU's properties, every ceiling with its provenance and spec, the GEMM
 * points and the unified-memory reuse. */
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

#include "common/log.h"
#include "common/rfl.h"
#include "ceilings/gpu.h"
#include "ceilings/model.h"
#include "driver/settings.h"
#include "profile/profile.h"
#include "ceilings/sources.h"
#include "tests/unit/check.h"

static char tmpdir[256];

static void copy_golden(const char *name)
{
    rfl_test_copy_data("driver/gpu", name, tmpdir);
}

static const char *const golden_files[] = {
    "gpu_bandwidth.csv", "gpu_bandwidth.json", "gpu_flops.csv", "gpu_flops.json", "gpu_micro_transfer.csv",
    "gpu_micro_transfer.json", "gpu_micro_transfer_fit.csv", "gpu_micro_transfer_fit.json", "gpu_micro_chase.csv",
    "gpu_micro_chase.json", "gpu_micro_launch.csv", "gpu_micro_launch.json", "unified_memory.csv",
    "unified_memory.json", "gemm.csv", "gemm.json", "gemm_mix.csv", "gemm_model.csv", NULL};

static void test_gpu_sources(void **state)
{
    (void)state;
    assert_string_equal(rfl_source_for("gpu_bandwidth.csv")->kind, "gpu bandwidth");
    assert_string_equal(rfl_source_for("bandwidth.csv")->kind, "bandwidth");
    assert_string_equal(rfl_source_for("gpu_flops.csv")->kind, "gpu flops");
    assert_string_equal(rfl_source_for("flops.csv")->kind, "flops");
    assert_string_equal(rfl_source_for("gpu_micro_transfer_fit.csv")->kind, "gpu transfer fit");
    assert_string_equal(rfl_source_for("gpu_micro_transfer.csv")->kind, "gpu transfer");
    assert_string_equal(rfl_source_for("gpu_micro-b_chase.csv")->kind, "gpu pointer chase");
    assert_string_equal(rfl_source_for("gemm_mix.csv")->kind, "gemm mix");
    assert_string_equal(rfl_source_for("gemm-b_model.csv")->kind, "gemm model");
    assert_string_equal(rfl_source_for("gemm.csv")->kind, "gemm");
    assert_string_equal(rfl_source_for("gemm_mix.csv")->companion, "_mix");
    assert_null(rfl_source_for("gemm.csv")->companion);
    assert_string_equal(rfl_source_for("unified_memory-run1.csv")->program, "rfl_unified_memory");
    assert_null(rfl_source_for("gpu_micro_other.csv"));
}

static void test_gemm_helpers(void **state)
{
    (void)state;
    struct rfl_gpu_gemm r;
    memset(&r, 0, sizeof r);
    r.m = r.n = r.k = 1024;
    char name[32];
    snprintf(r.precision, sizeof r.precision, "fp16");
    snprintf(r.unit, sizeof r.unit, "fp16_tensor");
    rfl_gpu_gemm_roof_name(&r, name, sizeof name);
    assert_string_equal(name, "fp16 tensor");
    /* FP16 inputs (2 bytes), FP32 C read and written (4 + 4 bytes) */
    assert_true(rfl_gpu_gemm_bytes(&r) == 1024.0 * 1024 * (2 + 2 + 8));
    snprintf(r.precision, sizeof r.precision, "bf16");
    rfl_gpu_gemm_roof_name(&r, name, sizeof name);
    assert_string_equal(name, "bf16 tensor");
    snprintf(r.precision, sizeof r.precision, "tf32");
    snprintf(r.unit, sizeof r.unit, "tf32_tensor");
    rfl_gpu_gemm_roof_name(&r, name, sizeof name);
    assert_string_equal(name, "tf32 tensor");
    snprintf(r.precision, sizeof r.precision, "fp64");
    snprintf(r.unit, sizeof r.unit, "fp64");
    rfl_gpu_gemm_roof_name(&r, name, sizeof name);
    assert_string_equal(name, "fp64");
    assert_true(rfl_gpu_gemm_bytes(&r) == 1024.0 * 1024 * (8 + 8 + 16));
}

static const struct rfl_ceiling *find(const struct rfl_model *m, const char *device, const char *name)
{
    for (size_t i = 0; i < m->nceilings; i++)
        if (!strcmp(m->ceilings[i].device, device) && !strcmp(m->ceilings[i].name, name))
            return &m->ceilings[i];
    return NULL;
}

static void test_gpu_model(void **state)
{
    (void)state;
    for (int i = 0; golden_files[i]; i++)
        copy_golden(golden_files[i]);
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    struct rfl_model m;
    assert_int_equal(rfl_model_build(&m, tmpdir, &s.ceilings, NULL), RFL_EXIT_OK);
    const struct rfl_gpu_data *g = m.gpu;
    assert_non_null(g);
    assert_string_equal(g->dev.label, "gpu0");
    assert_int_equal(g->dev.sm_count, 132);
    assert_int_equal(g->dev.l2_bytes, 62914560);
    assert_string_equal(g->dev.arch, "sm_90");
    assert_int_equal(m.ncache, 0); /* no CPU files */

    /* Order: bandwidth by level, the host link, then compute, tensors last. */
    static const char *const order[] = {"shared",      "L1",          "L2",          "device memory", "host link h2d",
                                        "host link d2h", "fp64",      "fp32",        "fp16",          "fp64 tensor",
                                        "tf32 tensor", "bf16 tensor", "fp16 tensor"};
    assert_int_equal(m.nceilings, 13);
    for (size_t i = 0; i < 13; i++) {
        assert_string_equal(m.ceilings[i].device, "gpu0");
        assert_string_equal(m.ceilings[i].name, order[i]);
    }
    /* Levels by the GPU's properties: kernel C is the shared roof whatever
     * the working set; global_stream (no L1) gives L2; device memory from
     * at least 4 x L2. */
    const struct rfl_ceiling *sh = find(&m, "gpu0", "shared"), *l1 = find(&m, "gpu0", "L1");
    const struct rfl_ceiling *l2 = find(&m, "gpu0", "L2"), *dm = find(&m, "gpu0", "device memory");
    assert_string_equal(sh->kernel, "shared_blocked read 1056x256");
    assert_int_equal(sh->topology_bytes, 132ull * 233472);
    assert_true(sh->spec > 33000 && sh->spec < 33500);
    assert_string_equal(l1->kernel, "global_inside read 264x1024");
    assert_int_equal(l1->topology_bytes, 132ull * 262144);
    assert_int_equal(l1->transition_bytes, 33554432); /* between the 16M and 64M points */
    assert_true(l1->wss_max_bytes <= l1->topology_bytes);
    assert_string_equal(l2->kernel, "global_stream read 1056x256");
    /* The band past L2/8 and within L2/2 (rfl_l2_band_holds, schema/kernels.h): 11800 at 4M lies below it. */
    assert_true(fabs(l2->value - 11426) < 1e-6);
    assert_true(l2->wss_min_bytes > 62914560 / 8 && l2->wss_max_bytes <= 62914560 / 2);
    assert_true(isnan(l2->spec));
    assert_true(dm->wss_min_bytes >= 4 * 62914560ull);
    assert_true(dm->spec == 4800);
    assert_string_equal(dm->spec_source, "datasheet H200 (141 GB HBM3e)");
    for (size_t i = 0; i < g->ncurves; i++)
        if (!strcmp(g->curves[i].kernel, "memcpy_d2d"))
            assert_false(g->curves[i].used); /* the peer, not a ceiling */
    /* Host link: the fit of pinned copies. */
    const struct rfl_ceiling *h2d = find(&m, "gpu0", "host link h2d");
    assert_true(fabs(h2d->value - 55.5) < 1e-9);
    assert_string_equal(h2d->program, "rfl_gpu_micro");
    assert_string_equal(h2d->file, "gpu_micro_transfer_fit.csv");
    /* Compute: the best row of each precision, its clock-derived peak. */
    const struct rfl_ceiling *fp64 = find(&m, "gpu0", "fp64");
    assert_string_equal(fp64->program, "rfl_gpu_flops");
    assert_true(fp64->value > 0.98 * fp64->spec && fp64->value <= fp64->spec);
    assert_non_null(strstr(fp64->spec_source, "132 SMs x 1.98 GHz measured x 2 x 64 FMA/clk"));
    assert_true(fp64->flops_per_elem >= 64);
    /* Tensor roofs from cuBLAS (and dmma): cuBLAS DGEMM beats dmma. */
    const struct rfl_ceiling *t64 = find(&m, "gpu0", "fp64 tensor"), *t16 = find(&m, "gpu0", "fp16 tensor");
    assert_string_equal(t64->kernel, "cublas nn 8192x8192x8192");
    assert_string_equal(t64->program, "rfl_gemm");
    assert_string_equal(t16->precision, "fp16");
    assert_true(find(&m, "gpu0", "bf16 tensor")->value < t16->value);
    assert_null(find(&m, "gpu0", "fp32 tensor"));
    /* A GEMM point's roofline: cuBLAS FP16 sets its own roof. */
    for (size_t i = 0; i < g->ngemm; i++)
        if (!strcmp(g->gemm[i].kernel, "cublas") && !strcmp(g->gemm[i].precision, "fp16") && g->gemm[i].m == 8192)
            assert_true(fabs(rfl_gpu_gemm_attainable(&m, &g->gemm[i]) - t16->value) < 1e-6);
    /* ... kept on every point by rfl_model_build. */
    for (size_t i = 0; i < g->ngemm; i++)
        assert_true(g->gemm[i].attainable == rfl_gpu_gemm_attainable(&m, &g->gemm[i]));
    /* Unified memory: the reference device pass, skipped points unmeasured. */
    assert_true(fabs(g->um_device_pass - 3896.952753) < 1e-6);
    size_t skipped = 0;
    for (size_t i = 0; i < g->num; i++)
        skipped += isnan(g->um[i].gbytes_per_s);
    assert_true(skipped > 0 && skipped < g->num);
    assert_int_equal(g->nmodel, 10);
    assert_int_equal(g->nmix, 4);
    rfl_model_free(&m);
    rfl_settings_free(&s);
}

/* A kernel that may set only the device-memory ceiling (global_cs, sets DEVMEM in
 * schema/gpu_kernels.inc): its rows in the L2 band, faster than global_stream's,
 * set no L2 ceiling; past 4 x L2, faster than every other kernel, it sets device
 * memory's. The lines are appended to the synthetic H200's gpu_bandwidth.csv. */
static void test_gpu_devmem_kernel(void **state)
{
    (void)state;
    for (int i = 0; golden_files[i]; i++)
        copy_golden(golden_files[i]);
    char path[512];
    snprintf(path, sizeof path, "%s/gpu_bandwidth.csv", tmpdir);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    static const struct {
        unsigned long long wss;
        const char *level;
        double gbs;
    } rows[] = {{8388608, "l2", 20000},       {16777216, "l2", 20100},          {25165824, "l2", 20050},
                {268435456, "device_memory", 4600}, {1073741824, "device_memory", 4650},
                {4294967296ull, "device_memory", 4620}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        fprintf(f,
                "gpu,0,0,1,global_cs,-,write,fp64,256,1056,max,%llu,%s,0,%llu,10,3,1e-3,1e-3,1e-3,%g,%g,%g,1980,"
                "10,0.9,1\n",
                rows[i].wss, rows[i].level, rows[i].wss, rows[i].gbs, rows[i].gbs * 0.99, rows[i].gbs * 0.98);
    fclose(f);
    struct rfl_settings s;
    assert_int_equal(rfl_settings_init(&s), 0);
    struct rfl_model m;
    assert_int_equal(rfl_model_build(&m, tmpdir, &s.ceilings, NULL), RFL_EXIT_OK);
    const struct rfl_ceiling *l2 = find(&m, "gpu0", "L2"), *dm = find(&m, "gpu0", "device memory");
    assert_non_null(l2);
    assert_non_null(dm);
    assert_string_equal(l2->kernel, "global_stream read 1056x256");
    assert_true(fabs(l2->value - 11426) < 1e-6);
    assert_string_equal(dm->kernel, "global_cs write 1056x256");
    assert_true(fabs(dm->value - 4650) < 1e-6);
    const struct rfl_gpu_data *g = m.gpu;
    int seen = 0;
    for (size_t i = 0; i < g->ncurves; i++)
        if (!strcmp(g->curves[i].kernel, "global_cs")) {
            seen = 1;
            assert_true(g->curves[i].used);
            assert_int_equal(g->curves[i].ncache, 1);
            assert_int_equal(g->curves[i].level_of[0], RFL_GPU_NO_LEVEL);
            assert_int_equal(g->curves[i].level_of[1], RFL_GPU_DEVMEM);
        }
    assert_true(seen);
    rfl_model_free(&m);
    rfl_settings_free(&s);
}

/* Level detection with a GPU's capacities: a curve with no step between L1
 * and L2 names both with one plateau; the device memory needs 4 x L2. */
static void test_gpu_levels(void **state)
{
    (void)state;
    double x[9], y[9], cap[2] = {8.0 * (1 << 20), 60.0 * (1 << 20)};
    for (int i = 0; i < 9; i++) {
        x[i] = 65536.0 * pow(4, i);
        y[i] = x[i] <= cap[1] ? 12000 : 4000;
    }
    struct rfl_levels_input in = {9, x, y, 2, cap, 0};
    struct rfl_levels lv;
    assert_int_equal(rfl_levels_detect(&in, &lv), 0);
    assert_true(lv.owner[1] >= 0);
    assert_int_equal(lv.owner[0], lv.owner[1]); /* L1 and L2: one plateau */
    size_t best, first, last;
    assert_true(rfl_levels_value(&in, &lv, 2, &best, &first, &last) > 0);
    assert_true(x[first] >= 4 * cap[1]);
}

RFL_TEST_GROUP_TMPDIR(setup, teardown, tmpdir, "gpu")

int main(void)
{
    rfl_log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gpu_sources),
        cmocka_unit_test(test_gemm_helpers),
        cmocka_unit_test(test_gpu_model),
        cmocka_unit_test(test_gpu_levels),
        cmocka_unit_test(test_gpu_devmem_kernel),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
