/* rfl's --config FILE|NAME: a path, or the name of an installed config
 * (NAME.conf in PREFIX/share/rfl/config), config_name.c. */
#ifndef RFL_DRIVER_CONFIG_NAME_H
#define RFL_DRIVER_CONFIG_NAME_H

#include <stddef.h>

/* From make (driver/local.mk): where `make install` puts the configs and rfl. */
#ifndef RFL_CONFIG_DIR
#define RFL_CONFIG_DIR "/usr/local/share/rfl/config"
#endif
#ifndef RFL_BINDIR
#define RFL_BINDIR "/usr/local/bin"
#endif

/* The file `arg` names: `arg` itself when it holds a '/' or is an existing
 * file; else NAME.conf (or NAME, when it ends in .conf) in the first of the
 * config directories that has it: $RFL_CONFIG_DIR alone when set, else the
 * installed PREFIX/share/rfl/config, the same under a staged install
 * (DESTDIR, found from where rfl is) and, for an rfl run from its build
 * tree, the source tree's config/. 0 with the path in buf; -1 after one
 * error line naming every directory looked in. */
int rfl_config_find(const char *arg, char *buf, size_t len);

#endif
