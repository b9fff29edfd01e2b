/* The host each rank runs on (hosts.h). */
#include "config.h"
#include "common/hosts.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rfl_test_host(const char *list, int rank, int ranks, char *out, size_t len, char *why, size_t whylen)
{
    if (!list)
        return 0;
    int entry = 0;
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        const size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == 0) {
            snprintf(why, whylen, "entry %d is empty", entry + 1);
            return -1;
        }
        if (n >= len || n >= RFL_HOST_LEN) {
            snprintf(why, whylen, "entry %d is longer than %d characters", entry + 1, RFL_HOST_LEN - 1);
            return -1;
        }
        if (entry == rank) {
            memcpy(out, p, n);
            out[n] = '\0';
        }
        entry++;
        if (!end)
            break;
        p = end + 1;
    }
    if (entry < ranks) {
        snprintf(why, whylen, "%d host names for %d ranks", entry, ranks);
        return -1;
    }
    return 1;
}

int rfl_host_names(char (*hosts)[RFL_HOST_LEN], int *from_test)
{
    const int rank = rfl_mpi_rank(), ranks = rfl_mpi_size();
    char mine[RFL_HOST_LEN], why[160];
    const char *list = getenv("RFL_TEST_HOSTS");
    const int t = rfl_test_host(list, rank, ranks, mine, sizeof mine, why, sizeof why);
    if (t < 0)
        rfl_error("RFL_TEST_HOSTS: invalid value '%s' (%s)", list, why);
    if (rfl_mpi_max_int(t < 0))
        return RFL_EXIT_USAGE;
    *from_test = t > 0;
    if (!t)
        rfl_mpi_processor_name(mine, sizeof mine);
    for (char *p = mine; *p; p++)
        if (*p == '\n' || *p == ',' || *p == '"')
            *p = '?';
    char *all = rfl_mpi_gather_strings(mine, "\n");
    if (rank == 0 && hosts) {
        char *s = all;
        for (int r = 0; r < ranks; r++) {
            char *nl = s ? strchr(s, '\n') : NULL;
            if (nl)
                *nl = '\0';
            snprintf(hosts[r], RFL_HOST_LEN, "%s", s ? s : "?");
            s = nl ? nl + 1 : NULL;
        }
    }
    free(all);
    return 0;
}

int rfl_test_slow_rank(double *factor)
{
    *factor = 1.0;
    const char *v = getenv("RFL_TEST_SLOW_RANK");
    int bad = 0;
    if (v) {
        char *end = NULL;
        long r = strtol(v, &end, 10);
        double f = 0;
        if (end == v || *end != ':' || r < 0 || r >= rfl_mpi_size())
            bad = 1;
        else {
            const char *fs = end + 1;
            f = strtod(fs, &end);
            bad = end == fs || *end || !(f >= 1 && f <= 1000);
        }
        if (bad && rfl_mpi_rank() == 0)
            rfl_error("RFL_TEST_SLOW_RANK: invalid value '%s' (expected RANK:FACTOR, a rank from 0 to %d and a "
                      "factor from 1 to 1000)", v, rfl_mpi_size() - 1);
        if (!bad && r == rfl_mpi_rank())
            *factor = f;
    }
    return rfl_mpi_max_int(bad) ? RFL_EXIT_USAGE : 0;
}
