# ---------------------------------------------------------------------------
# plot/: gnuplot scripts and PNGs drawn from the model (ceilings/ and
# profile/ headers only), one chart table.
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libplot.a
libplot_a_SOURCES = \
	plot/plot.h plot/charts.c plot/charts.h plot/render.c plot/formats.c \
	plot/chart.c plot/chart.h plot/chart_index.c plot/chart_index.h plot/style.c plot/style.h \
	plot/device_chart.h plot/working_set.c plot/flops_chart.c \
	plot/roofline.c plot/roofline_points.c plot/roofline_labels.c plot/roofline_chart.h plot/profile_points.c plot/profile_points.h plot/bandwidth.c plot/flops.c \
	plot/gpu_bandwidth.c plot/gpu_flops.c plot/gemm.c plot/gpu_micro.c plot/unified_memory.c plot/network.c plot/gpu_link.c plot/dense.c plot/members.c \
	plot/layouts.c plot/layouts.h \
	plot/compare.c

if HAVE_CMOCKA
unit_tests += tests/unit/test_text
endif
# The text helpers of every writer: common/utf8, meta's JSON text, the
# scripts' literals (plot/chart.c) and the report's markup (driver/markup.c).
tests_unit_test_text_LDADD = libdriver.a libplot.a librfl.a $(unit_ldadd)

# Label placement: no two labels, keys or notes of a chart overlap.
test_scripts += tests/driver/labels.sh

if HAVE_CMOCKA
unit_tests += tests/unit/test_chart_place
endif
tests_unit_test_chart_place_LDADD = libplot.a librfl.a $(unit_ldadd) -lm
