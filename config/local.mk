# ---------------------------------------------------------------------------
# The example machine configs: installed into $(pkgdatadir)/config, where
# rfl run --config NAME finds NAME.conf (driver/config_name.c).
# ---------------------------------------------------------------------------
rflconfigdir = $(pkgdatadir)/config
dist_rflconfig_DATA = config/README.md config/default.conf config/amd-epyc-7763.conf config/intel-xeon-8480.conf
# The install check CI runs (a fresh prefix into a DESTDIR, the installed rfl run).
EXTRA_DIST += tests/install/install.sh
