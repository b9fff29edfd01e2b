# ---------------------------------------------------------------------------
# schema/: one declaration per CSV kind (the columns: name, type, unit, need),
# read by its writer, the ceilings reader, --print-columns and the FORMAT.md
# test; part of librfl.a, which every program and rfl link
# ---------------------------------------------------------------------------
schema_defs = \
	schema/bandwidth.def schema/flops.def schema/ceilings.def schema/compare.def schema/applications.def \
	schema/gpu_bandwidth.def schema/gpu_flops.def \
	schema/gpu_micro_launch.def schema/gpu_micro_transfer.def schema/gpu_micro_transfer_fit.def \
	schema/gpu_micro_chase.def schema/gpu_micro_pipeline.def schema/gpu_micro_stride.def \
	schema/gpu_micro_barrier.def \
	schema/unified_memory.def schema/gemm.def schema/gemm_mix.def schema/gemm_model.def \
	schema/profile.def schema/dense.def \
	schema/noise.def \
	schema/network.def schema/network_fit.def \
	schema/gpu_link.def schema/gpu_link_fit.def
# What the values in the files mean (schema/kernels.h): the tables of rows, one file each,
# made into enums, tables and lookups; the GPU kernels (.cu, compiled by a suffix rule with no
# dependency tracking) name schema_kernel_headers among their prerequisites.
schema_tables = \
	schema/gpu_precisions.inc schema/gpu_levels.inc schema/gpu_accesses.inc schema/gpu_kernels.inc \
	schema/bandwidth_kernels.inc schema/flops_variants.inc schema/dense_methods.inc
schema_kernel_headers = schema/kernels.h $(schema_tables)
librfl_a_SOURCES += schema/schema.h schema/schema.c schema/kind.inc $(schema_defs) \
	schema/kernels.h schema/kernels.c $(schema_tables)

test_scripts += tests/format_columns.sh
if HAVE_CMOCKA
unit_tests += tests/unit/test_schema
endif
# libbandwidth.a for the kernel table the schema's kernel names are held against
tests_unit_test_schema_LDADD = libbandwidth.a libcpu.a $(unit_ldadd)
