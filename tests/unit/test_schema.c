/* The CSV schemas (schema/schema.h): each descriptor agrees with itself and
 * its constants, the required and optional lists split the columns in file
 * order, --print-columns' line format, and the bandwidth kernel names against
 * rfl_bandwidth's own kernel table (so the reader's copy cannot drift). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bandwidth/kernels.h"
#include "schema/schema.h"

static int listed(const char *const *list, const char *name)
{
    for (size_t i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

static void test_descriptors(void **state)
{
    (void)state;
    size_t kinds = 0;
    for (const struct rfl_schema *const *p = rfl_schemas; *p; p++, kinds++) {
        const struct rfl_schema *s = *p;
        assert_non_null(s->stem);
        assert_true(s->count >= 3);
        assert_null(s->names[s->count]);
        for (const struct rfl_schema *const *q = rfl_schemas; q != p; q++)
            assert_string_not_equal((*q)->stem, s->stem);
        size_t r = 0, o = 0;
        for (size_t i = 0; i < s->count; i++) {
            const char *name = s->names[i];
            assert_non_null(name);
            assert_true(strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(name));
            for (size_t j = 0; j < i; j++)
                assert_string_not_equal(s->names[j], name);
            assert_non_null(s->units[i]);
            assert_true(s->types[i] <= RFL_SCHEMA_REAL);
            assert_string_not_equal(rfl_schema_type_name(s->types[i]), "?");
            /* each column is in exactly one list, and both lists keep the file's order */
            if (s->required[r] && strcmp(s->required[r], name) == 0) {
                r++;
                assert_false(listed(s->optional, name));
            } else {
                assert_non_null(s->optional[o]);
                assert_string_equal(s->optional[o], name);
                o++;
            }
        }
        assert_null(s->required[r]);
        assert_null(s->optional[o]);
        assert_true(r >= 1);
    }
#define ONE(kind) +1
    assert_int_equal(kinds, 0 RFL_SCHEMA_KINDS(ONE));
#undef ONE
}

/* The constants for static initializers and the pointers the writers use. */
static void test_constants(void **state)
{
    (void)state;
#define CHECK(kind, ncolumns)                                              \
    assert_int_equal(rfl_schema_##kind.count, ncolumns);                   \
    assert_ptr_equal(rfl_schema_##kind.names, rfl_schema_##kind##_columns); \
    assert_ptr_equal(rfl_schema_##kind.required, rfl_schema_##kind##_required); \
    assert_ptr_equal(rfl_schema_##kind.optional, rfl_schema_##kind##_optional); \
    assert_string_equal(rfl_schema_##kind.stem, #kind)
    CHECK(bandwidth, RFL_SCHEMA_BANDWIDTH_NCOLUMNS);
    CHECK(flops, RFL_SCHEMA_FLOPS_NCOLUMNS);
    CHECK(ceilings, RFL_SCHEMA_CEILINGS_NCOLUMNS);
    CHECK(applications, RFL_SCHEMA_APPLICATIONS_NCOLUMNS);
    CHECK(gpu_bandwidth, RFL_SCHEMA_GPU_BANDWIDTH_NCOLUMNS);
    CHECK(gpu_flops, RFL_SCHEMA_GPU_FLOPS_NCOLUMNS);
    CHECK(gpu_micro_launch, RFL_SCHEMA_GPU_MICRO_LAUNCH_NCOLUMNS);
    CHECK(gpu_micro_transfer, RFL_SCHEMA_GPU_MICRO_TRANSFER_NCOLUMNS);
    CHECK(gpu_micro_transfer_fit, RFL_SCHEMA_GPU_MICRO_TRANSFER_FIT_NCOLUMNS);
    CHECK(gpu_micro_chase, RFL_SCHEMA_GPU_MICRO_CHASE_NCOLUMNS);
    CHECK(gpu_micro_pipeline, RFL_SCHEMA_GPU_MICRO_PIPELINE_NCOLUMNS);
    CHECK(gpu_micro_stride, RFL_SCHEMA_GPU_MICRO_STRIDE_NCOLUMNS);
    CHECK(gpu_micro_barrier, RFL_SCHEMA_GPU_MICRO_BARRIER_NCOLUMNS);
    CHECK(unified_memory, RFL_SCHEMA_UNIFIED_MEMORY_NCOLUMNS);
    CHECK(gemm, RFL_SCHEMA_GEMM_NCOLUMNS);
    CHECK(gemm_mix, RFL_SCHEMA_GEMM_MIX_NCOLUMNS);
    CHECK(gemm_model, RFL_SCHEMA_GEMM_MODEL_NCOLUMNS);
    CHECK(profile, RFL_SCHEMA_PROFILE_NCOLUMNS);
#undef CHECK
    /* a .def line, read through */
    const struct rfl_schema *s = &rfl_schema_gpu_bandwidth;
    assert_string_equal(s->names[11], "wss_bytes");
    assert_int_equal(s->types[11], RFL_SCHEMA_U64);
    assert_string_equal(s->units[11], "bytes");
    assert_string_equal(rfl_schema_type_name(s->types[11]), "u64");
    assert_string_equal(s->units[0], "");
    assert_int_equal(s->types[s->count - 1], RFL_SCHEMA_FLAG);
}

static char *printed(const char *prefix, const char *mode, const struct rfl_schema *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    if (prefix)
        rfl_schema_print_columns(out, prefix, mode, s->names);
    else
        rfl_schema_print(out, s);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void test_print_columns(void **state)
{
    (void)state;
    char *text = printed(NULL, NULL, &rfl_schema_gpu_micro_launch);
    assert_string_equal(text, "gpu_micro_launch.csv rank,device,method,blocks,threads_per_block,launches,experiments,"
                              "time_per_launch_min_us,time_per_launch_median_us,time_per_launch_max_us,verified\n");
    free(text);
    text = printed("out/run", "launch", &rfl_schema_gpu_micro_launch);
    assert_string_equal(text, "out/run_launch.csv rank,device,method,blocks,threads_per_block,launches,experiments,"
                              "time_per_launch_min_us,time_per_launch_median_us,time_per_launch_max_us,verified\n");
    free(text);
    text = printed("x", NULL, &rfl_schema_applications);
    assert_string_equal(text, "x.csv name,arithmetic_intensity,gflops_per_s,level,precision\n");
    free(text);
}

/* The reader takes the kernel names from the schema, the program from its
 * kernel table: they must be the same names in the same order. */
static void test_bandwidth_kernels(void **state)
{
    (void)state;
    assert_int_equal(RFL_SCHEMA_BANDWIDTH_NKERNELS, RFL_BW_NKERNELS);
    for (int k = 0; k < RFL_BW_NKERNELS; k++) {
        assert_string_equal(rfl_schema_bandwidth_kernels[k], rfl_bw_kernel_names[k]);
        assert_string_equal(rfl_schema_bandwidth_kernels[k], rfl_bw_kernels[k].name);
    }
    assert_null(rfl_schema_bandwidth_kernels[RFL_SCHEMA_BANDWIDTH_NKERNELS]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptors),
        cmocka_unit_test(test_constants),
        cmocka_unit_test(test_print_columns),
        cmocka_unit_test(test_bandwidth_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL) ? 1 : 0;
}
