/* The time a hypervisor took from this machine's CPUs (Linux /proc/stat's
 * "steal"): a virtual machine whose CPUs are shared with other guests runs
 * every CPU benchmark slower while it is taken, and the benchmark alone
 * cannot tell why. */
#ifndef RFL_STEAL_H
#define RFL_STEAL_H

struct rfl_cpu_times {
    unsigned long long total, steal; /* clock ticks over all CPUs since boot */
    int ok;
};

/* The counters now (ok 0 where /proc/stat cannot be read, e.g. not Linux). */
struct rfl_cpu_times rfl_cpu_times_now(void);
/* The share of the CPUs' time taken between a and b, in percent; NaN when
 * either reading failed or no time passed. */
double rfl_cpu_steal_percent(struct rfl_cpu_times a, struct rfl_cpu_times b);
/* Parses /proc/stat's aggregate line ("cpu  user nice system idle iowait
 * irq softirq steal ..."); 0 on success. */
int rfl_cpu_times_parse(const char *line, struct rfl_cpu_times *t);

#endif
