/* The noise probe of the CPU sweeps: a few short timed samples of one fixed
 * kernel (a read-only sum over RFL_NOISE_BYTES per thread, in L1, every
 * thread of every rank at once, fenced like any sample: cpu/team.h), taken
 * at the start of a sweep, between its points at most every
 * rfl_noise.gap_s, and at its end. Its rate over the run tells how steady
 * the machine was while it measured: rfl run folds the probes of every
 * step into noise.csv and run.json (docs/FORMAT.md). One probe costs about
 * RFL_NOISE_SAMPLES x RFL_NOISE_SAMPLE_S; the gap keeps the probes under 1%
 * of the run. */
#ifndef RFL_NOISE_H
#define RFL_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "team.h"

#define RFL_NOISE_SAMPLES 5
#define RFL_NOISE_SAMPLE_S 0.001
#define RFL_NOISE_BYTES 8192 /* per thread: in any L1 data cache */
#define RFL_NOISE_MAX_PROBES 512
#define RFL_NOISE_MIN_GAP_S 0.5

/* One probe: when (seconds since the program started, rank 0's clock) and
 * the job's rate in 10^9 B/s from its fastest, median and slowest sample. */
struct rfl_noise_probe {
    double t_s;
    double best, median, worst;
};

struct rfl_noise {
    double t0;            /* the program's start (rfl_now_s) */
    uint64_t job_threads; /* threads of all ranks that run the probe */
    uint64_t trials;      /* passes per sample: calibrated by the first probe */
    double last_s;        /* when the last probe ended (since t0) */
    double cost_s;        /* what the probes took */
    double gap_s;         /* the least time between probes */
    int due;              /* the current call probes (master's decision) */
    size_t nprobes;
    struct rfl_noise_probe probes[RFL_NOISE_MAX_PROBES];
    double times[RFL_NOISE_SAMPLES];
    double **scratch;     /* per thread, first-touched by its owner */
    int threads;
    double sink;
};

/* Before the parallel region. t0: when the program started. 0, or -1 out of
 * memory (the program then runs without probes). */
int rfl_noise_init(struct rfl_noise *nz, int threads, uint64_t job_threads, double t0);
void rfl_noise_free(struct rfl_noise *nz);

/* Every thread of the region, at the same place on every rank: a probe when
 * `force` is set or gap_s has passed since the last one (rank 0 decides for
 * all); otherwise nothing but one OpenMP barrier and a broadcast. Leaves
 * early, without a probe, once team->interrupted is set. */
void rfl_noise_probe(struct rfl_noise *nz, struct rfl_team *team, int tid, int force);

/* The sidecar's "noise_probe" (rank 0). */
json_t *rfl_noise_to_json(const struct rfl_noise *nz);

#endif
