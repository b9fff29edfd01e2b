/* The hypervisor's share of the CPUs (steal.h). */
#include "config.h"
#include "common/steal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int rfl_cpu_times_parse(const char *line, struct rfl_cpu_times *t)
{
    unsigned long long f[8] = {0};
    t->ok = 0;
    if (strncmp(line, "cpu ", 4) != 0)
        return -1;
    /* Kernels before 2.6.11 have no steal field: 7 fields, steal 0. */
    int got = sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5],
                     &f[6], &f[7]);
    if (got < 4)
        return -1;
    t->total = 0;
    for (int i = 0; i < got; i++)
        t->total += f[i];
    t->steal = got >= 8 ? f[7] : 0;
    t->ok = 1;
    return 0;
}

struct rfl_cpu_times rfl_cpu_times_now(void)
{
    struct rfl_cpu_times t = {0, 0, 0};
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return t;
    char line[512];
    if (fgets(line, sizeof line, f))
        rfl_cpu_times_parse(line, &t);
    fclose(f);
    return t;
}

double rfl_cpu_steal_percent(struct rfl_cpu_times a, struct rfl_cpu_times b)
{
    if (!a.ok || !b.ok || b.total <= a.total || b.steal < a.steal)
        return NAN;
    return 100.0 * (double)(b.steal - a.steal) / (double)(b.total - a.total);
}
