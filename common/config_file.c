#include "config.h"
#include "config_file.h"
#include "input.h"
#include "log.h"
#include "number.h"
#include "size.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int rfl_config_set_string(char **dest, const char *value)
{
    char *copy = strdup(value);
    if (!copy)
        return -1;
    free(*dest);
    *dest = copy;
    return 0;
}

static int choice_index(const char *const *choices, const char *value, size_t len)
{
    for (int i = 0; choices[i]; i++)
        if (strlen(choices[i]) == len && strncmp(choices[i], value, len) == 0)
            return i;
    return -1;
}

static void list_choices(char *buf, size_t len, const char *prefix, const char *const *choices, const char *suffix)
{
    size_t n = (size_t)snprintf(buf, len, "%s", prefix);
    for (int i = 0; choices[i] && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", choices[i]);
    if (n < len)
        snprintf(buf + n, len - n, "%s", suffix);
}

/* Stores `value` into the key's destination; on a bad value writes what was
 * expected into `expected` and returns -1. */
static int apply(const struct rfl_cfg_key *k, const char *value, char *expected, size_t elen)
{
    switch (k->type) {
    case RFL_CFG_STRING:
        if (rfl_config_set_string((char **)k->dest, value) != 0) {
            snprintf(expected, elen, "out of memory");
            return -1;
        }
        return 0;
    case RFL_CFG_UINT: {
        uint64_t v = 0;
        if (rfl_parse_u64(value, &v) != 0 || v > 0xffffffffULL ||
            ((k->min != 0 || k->max != 0) && ((double)v < k->min || (double)v > k->max))) {
            if (k->min != 0 || k->max != 0)
                snprintf(expected, elen, "expected an integer from %.0f to %.0f", k->min, k->max);
            else
                snprintf(expected, elen, "expected a non-negative integer");
            return -1;
        }
        *(unsigned *)k->dest = (unsigned)v;
        return 0;
    }
    case RFL_CFG_DOUBLE: {
        double v = 0;
        if (rfl_parse_decimal(value, &v) != 0 || ((k->min != 0 || k->max != 0) && (v < k->min || v > k->max))) {
            if (k->min != 0 || k->max != 0)
                snprintf(expected, elen, "expected a number from %g to %g", k->min, k->max);
            else
                snprintf(expected, elen, "expected a number");
            return -1;
        }
        *(double *)k->dest = v;
        return 0;
    }
    case RFL_CFG_BOOL: {
        static const char *const yes[] = {"yes", "true", "on", "1"}, *const no[] = {"no", "false", "off", "0"};
        for (size_t i = 0; i < 4; i++) {
            if (strcasecmp(value, yes[i]) == 0) {
                *(int *)k->dest = 1;
                return 0;
            }
            if (strcasecmp(value, no[i]) == 0) {
                *(int *)k->dest = 0;
                return 0;
            }
        }
        snprintf(expected, elen, "expected yes or no");
        return -1;
    }
    case RFL_CFG_SIZE:
        if (rfl_parse_size(value, (uint64_t *)k->dest) != 0) {
            snprintf(expected, elen, "expected a size such as 4096, 64K, 1.5M or 2G");
            return -1;
        }
        return 0;
    case RFL_CFG_CHOICE: {
        int idx = choice_index(k->choices, value, strlen(value));
        if (idx < 0) {
            list_choices(expected, elen, "expected one of: ", k->choices, "");
            return -1;
        }
        *(int *)k->dest = idx;
        return 0;
    }
    case RFL_CFG_LIST: {
        unsigned mask = 0;
        if (strcmp(value, "all") == 0) {
            for (int i = 0; k->choices[i]; i++)
                mask |= 1u << i;
        } else {
            const char *p = value;
            for (;;) {
                while (*p == ' ' || *p == '\t')
                    p++;
                size_t len = strcspn(p, ",");
                size_t trimmed = len;
                while (trimmed && (p[trimmed - 1] == ' ' || p[trimmed - 1] == '\t'))
                    trimmed--;
                int idx = trimmed ? choice_index(k->choices, p, trimmed) : -1;
                if (idx < 0) {
                    list_choices(expected, elen, "expected a comma-separated list of: ", k->choices, "; or all");
                    return -1;
                }
                mask |= 1u << idx;
                if (p[len] == '\0')
                    break;
                p += len + 1;
            }
        }
        *(unsigned *)k->dest = mask;
        return 0;
    }
    }
    snprintf(expected, elen, "unsupported key type");
    return -1;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

int rfl_config_parse_string(const char *name, const char *text, const struct rfl_cfg_key *keys, size_t nkeys)
{
    char *copy = strdup(text);
    int *set_on = calloc(nkeys ? nkeys : 1, sizeof *set_on);
    if (!copy || !set_on) {
        free(copy);
        free(set_on);
        rfl_error("%s: out of memory", name);
        return -1;
    }
    int rc = 0, lineno = 0;
    char *save = NULL;
    /* strtok_r would skip empty lines and so miscount them: split by hand. */
    for (char *line = copy; line && rc == 0; line = save) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl)
            *nl = '\0';
        lineno++;
        /* A comment starts with '#' at the start of the line or after a blank. */
        for (char *p = line; *p; p++)
            if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t')) {
                *p = '\0';
                break;
            }
        char *s = trim(line);
        if (*s == '\0')
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            rfl_error("%s:%d: expected 'key = value', got '%s'", name, lineno, s);
            rc = -1;
            break;
        }
        *eq = '\0';
        char *key = trim(s), *value = trim(eq + 1);
        size_t i;
        for (i = 0; i < nkeys; i++)
            if (strcmp(keys[i].name, key) == 0)
                break;
        if (*key == '\0') {
            rfl_error("%s:%d: a value without a key ('= %s')", name, lineno, value);
            rc = -1;
        } else if (i == nkeys) {
            rfl_error("%s:%d: unknown key '%s' (the keys are listed in config/README.md)", name, lineno, key);
            rc = -1;
        } else if (set_on[i]) {
            rfl_error("%s:%d: key '%s' is already set on line %d", name, lineno, key, set_on[i]);
            rc = -1;
        } else {
            char expected[512];
            if (apply(&keys[i], value, expected, sizeof expected) != 0) {
                rfl_error("%s:%d: %s = '%s': invalid value (%s)", name, lineno, key, value, expected);
                rc = -1;
            }
            set_on[i] = lineno;
        }
    }
    free(set_on);
    free(copy);
    return rc;
}

int rfl_config_parse_file(const char *path, const struct rfl_cfg_key *keys, size_t nkeys)
{
    size_t len = 0;
    char *text = rfl_input_read_text(path, RFL_INPUT_MAX_BYTES, &len, "the config file");
    if (!text)
        return -1;
    int rc = rfl_config_parse_string(path, text, keys, nkeys);
    free(text);
    return rc;
}

void rfl_config_free(const struct rfl_cfg_key *keys, size_t nkeys)
{
    for (size_t i = 0; i < nkeys; i++)
        if (keys[i].type == RFL_CFG_STRING) {
            free(*(char **)keys[i].dest);
            *(char **)keys[i].dest = NULL;
        }
}
