# ---------------------------------------------------------------------------
# rfl: the command (cli, run, settings, the program table, report); the
# pipeline it drives is in ceilings/, profile/ and plot/
# ---------------------------------------------------------------------------
noinst_LIBRARIES += libdriver.a
libdriver_a_SOURCES = \
	driver/driver.h driver/cli.c driver/steps.c driver/run.c driver/run_state.h driver/run_program.c driver/run_program.h driver/run_layouts.c driver/run_layouts.h \
	driver/run_step.c driver/run_step.h driver/files.c driver/files.h \
	driver/spawn.c driver/spawn.h \
	driver/settings.c driver/settings.h driver/config_name.c driver/config_name.h \
	driver/run_budget.c driver/run_budget.h \
	driver/programs.c driver/programs.h \
	driver/report.c driver/report_budget.c driver/report_budget.h driver/report_caches.c driver/report_caches.h driver/report_link.c driver/report_link.h driver/report_dense.c driver/report_dense.h driver/report_members.c driver/report_members.h driver/report_layouts.c driver/report_layouts.h driver/report_warnings.c driver/report_warnings.h driver/launcher.c driver/launcher.h driver/doc.c driver/doc.h driver/markup.c driver/markup.h driver/compare.c \
	driver/profile.c driver/profile_table.c driver/profile_table.h
nodist_libdriver_a_SOURCES = driver/default_conf.c
libdriver_a_CPPFLAGS = $(AM_CPPFLAGS) -DRFL_MPIEXEC='"$(MPIEXEC)"' \
	-DRFL_CONFIG_DIR='"$(rflconfigdir)"' -DRFL_BINDIR='"$(bindir)"' \
	-DRFL_BUILDDIR='"$(abs_top_builddir)"' -DRFL_SRC_CONFIG_DIR='"$(abs_top_srcdir)/config"'

# config/default.conf, embedded as a C string (plain sed: no xxd needed).
driver/default_conf.c: $(top_srcdir)/config/default.conf
	$(AM_V_GEN)$(MKDIR_P) driver && { \
	  echo '/* Generated from config/default.conf by make: do not edit. */'; \
	  echo '#include "driver/settings.h"'; \
	  echo 'const char rfl_default_conf[] ='; \
	  $(SED) -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' $(top_srcdir)/config/default.conf; \
	  echo '    "";'; \
	} >$@-t && mv $@-t $@
driver_clean_files = driver/default_conf.c driver/default_conf.c-t

bin_PROGRAMS += rfl
rfl_SOURCES = driver/main.c
rfl_LDADD = libdriver.a libplot.a libprofile.a libceilings.a libcpu.a librfl.a

test_scripts += \
	tests/driver/cli.sh tests/driver/golden.sh tests/driver/errors.sh tests/driver/png.sh \
	tests/driver/run.sh tests/driver/quick.sh tests/driver/mpi.sh tests/driver/outputs.sh tests/driver/smt.sh tests/driver/signals.sh \
	tests/driver/gpu_golden.sh tests/driver/gpu_errors.sh tests/driver/gpu_png.sh tests/driver/gpu_run.sh \
	tests/driver/hostile_text.sh tests/driver/compare.sh
test_scripts += tests/driver/hostile_inputs.sh
test_scripts += tests/driver/profile.sh tests/driver/profile_errors.sh tests/driver/profile_run.sh
test_scripts += tests/driver/budget.sh tests/driver/gpu_l2_level.sh tests/driver/gpu_l2_band.sh
test_scripts += tests/driver/config_name.sh tests/driver/dense_golden.sh tests/driver/balance.sh
test_scripts += tests/driver/caches.sh
test_scripts += tests/driver/sustained.sh
test_scripts += tests/driver/members.sh tests/driver/launcher.sh tests/driver/gpu_members.sh
test_scripts += tests/driver/oversubscribe.sh
test_scripts += tests/driver/layouts.sh
test_scripts += tests/driver/formats.sh
test_scripts += tests/driver/input_kind.sh tests/driver/strict_inputs.sh tests/driver/memory_total.sh
test_scripts += tests/driver/resume_markers.sh
if HAVE_CMOCKA
unit_tests += tests/unit/test_config
endif
tests_unit_test_config_LDADD = libdriver.a libceilings.a libcpu.a librfl.a $(CMOCKA_LIBS)

clean-local: clean-local-driver
clean-local-driver:
	-rm -f $(driver_clean_files)
.PHONY: clean-local-driver
