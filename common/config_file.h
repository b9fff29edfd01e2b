/* Strict `key = value` configuration files: one setting a line, `#` starts
 * a comment, keys come from a table like the option table.  An unknown key,
 * a bad value, a repeated key or an unreadable file is one line on stderr
 * naming FILE:LINE, the key and the value; the caller exits 2. */
#ifndef RFL_CONFIG_FILE_H
#define RFL_CONFIG_FILE_H

#include <stddef.h>
#include <stdint.h>

enum rfl_cfg_type {
    RFL_CFG_STRING, /* char **: owned copy (free with rfl_config_free); may be empty */
    RFL_CFG_UINT,   /* unsigned *, within [min, max] */
    RFL_CFG_DOUBLE, /* double *, within [min, max] */
    RFL_CFG_BOOL,   /* int *: yes/no, true/false, on/off, 1/0 */
    RFL_CFG_SIZE,   /* uint64_t *: 4096, 64K, 1.5M ... */
    RFL_CFG_CHOICE, /* int *: index of the value in choices */
    RFL_CFG_LIST    /* unsigned *: bitmask of comma-separated choices, or "all" */
};

struct rfl_cfg_key {
    const char *name;
    enum rfl_cfg_type type;
    void *dest;
    const char *help;           /* one line, for documentation and --help */
    double min, max;            /* inclusive bounds for UINT and DOUBLE (0, 0: any) */
    const char *const *choices; /* NULL-terminated, for CHOICE and LIST */
};

/* Parses `text` (named `name` in messages) against the table. Returns 0, or
 * -1 after printing one error line. Keys not in the text keep their value. */
int rfl_config_parse_string(const char *name, const char *text, const struct rfl_cfg_key *keys, size_t nkeys);
/* Reads and parses a file; a missing or unreadable file is an error. */
int rfl_config_parse_file(const char *path, const struct rfl_cfg_key *keys, size_t nkeys);
/* Frees the strings the parser stored through RFL_CFG_STRING keys. */
void rfl_config_free(const struct rfl_cfg_key *keys, size_t nkeys);
/* Stores a string value the way the parser does (replacing an old one). */
int rfl_config_set_string(char **dest, const char *value);

#endif
