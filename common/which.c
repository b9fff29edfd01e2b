/* Finding a program to run (which.h). */
#include "config.h"
#include "which.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *search(const char *dirs, const char *name, char *buf, size_t len)
{
    for (const char *p = dirs ? dirs : ""; *p;) {
        size_t n = strcspn(p, ":");
        char cand[4096];
        if (n && (size_t)snprintf(cand, sizeof cand, "%.*s/%s", (int)n, p, name) < sizeof cand &&
            access(cand, X_OK) == 0 && strlen(cand) < len) {
            memcpy(buf, cand, strlen(cand) + 1);
            return buf;
        }
        p += n + (p[n] == ':');
    }
    return NULL;
}

const char *rfl_which(const char *name, const char *also, char *buf, size_t len)
{
    if (strchr(name, '/')) {
        if (access(name, X_OK) != 0 || strlen(name) >= len)
            return NULL;
        memcpy(buf, name, strlen(name) + 1);
        return buf;
    }
    const char *found = search(getenv("PATH"), name, buf, len);
    return found ? found : search(also, name, buf, len);
}
