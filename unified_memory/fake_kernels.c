/* unified_memory's GPU pass on the host, for tests/um_fake_cuda (with the
 * runtime stand-in gpu/fake_cuda.c), so um_fake tests the sweep's logic
 * (plans and time limits, skips, rows, sidecar, checks) where there is no
 * GPU. Knobs of its own:
 *   RFL_FAKE_PASS_S_PER_GB=S   extra seconds a GPU pass sleeps per GB it touches
 *   RFL_FAKE_LOSE_PASS=N       the Nth GPU pass does nothing (a lost pass) */
#include "config.h"
#include "unified_memory/kernels.h"
#include "gpu/fake_cuda.h"

#include <time.h>

cudaError_t rfl_um_gpu_pass(double *a, size_t n, unsigned blocks, unsigned threads, double beta, double alpha,
                            cudaStream_t stream)
{
    (void)blocks, (void)threads, (void)stream;
    static unsigned long long passes;
    if (++passes == rfl_fake_env_u64("RFL_FAKE_LOSE_PASS", 0))
        return cudaSuccess;
    for (size_t i = 0; i < n; i++)
        a[i] = beta * a[i] + alpha;
    const double delay = rfl_fake_env_double("RFL_FAKE_PASS_S_PER_GB", 0) * (double)n * 8 * 1e-9;
    if (delay > 0) {
        struct timespec ts = {(time_t)delay, (long)((delay - (double)(time_t)delay) * 1e9)};
        nanosleep(&ts, NULL);
    }
    return cudaSuccess;
}

cudaError_t rfl_um_gpu_occupancy(unsigned threads, int *blocks_per_sm)
{
    *blocks_per_sm = (int)(2048 / threads);
    return cudaSuccess;
}
