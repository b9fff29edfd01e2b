/* Allocation and the paper's loop for each mechanism.  Every trial starts
 * with the data on the host (the CPU pass wrote it last) and ends there
 * again, so each trial pays the full round trip the mechanism makes. */
#include "config.h"
#include "unified_memory/mechanisms.h"
#include "unified_memory/cpu.h"
#include "unified_memory/kernels.h"
#include "gpu/gpu.h"
#include "common/size.h"
#include "common/timer.h"

#include <stdlib.h>
#include <string.h>

const struct rfl_um_mechanism_info rfl_um_mechanisms[RFL_UM_NMECH] = {
    [RFL_UM_PAGEABLE] = {"pageable", "a", 1, 0, "malloc (pageable)", "cudaMalloc",
                         "cudaMemcpy H2D; k kernels; cudaMemcpy D2H; CPU pass"},
    [RFL_UM_PINNED_REGISTER] = {"pinned_register", "b", 1, 0, "malloc + cudaHostRegister (page-locked, as the paper)",
                                "cudaMalloc", "cudaMemcpy H2D; k kernels; cudaMemcpy D2H; CPU pass"},
    [RFL_UM_PINNED_ALLOC] = {"pinned_alloc", "b", 1, 0, "cudaMallocHost (page-locked)", "cudaMalloc",
                             "cudaMemcpy H2D; k kernels; cudaMemcpy D2H; CPU pass"},
    [RFL_UM_ZERO_COPY] = {"zero_copy", "c", 0, 0, "malloc + cudaHostRegister(cudaHostRegisterMapped)",
                          "the host array through cudaHostGetDevicePointer (every access crosses the link)",
                          "cudaDeviceSynchronize; k kernels; cudaDeviceSynchronize; CPU pass"},
    [RFL_UM_MANAGED] = {"managed", "d", 0, 1, "cudaMallocManaged", "the same managed array (pages migrate on fault)",
                        "cudaDeviceSynchronize; k kernels; cudaDeviceSynchronize; CPU pass"},
    [RFL_UM_MANAGED_PREFETCH] = {"managed_prefetch", "-", 0, 1,
                                 "cudaMallocManaged + cudaMemAdvise(SetPreferredLocation, the device)",
                                 "the same managed array",
                                 "cudaMemPrefetchAsync to the device; k kernels; cudaMemPrefetchAsync to the host; "
                                 "cudaDeviceSynchronize; CPU pass"},
};

const char *const rfl_um_mechanism_names[RFL_UM_NMECH + 1] = {
    "pageable", "pinned_register", "pinned_alloc", "zero_copy", "managed", "managed_prefetch", NULL};

/* An allocation call's failure is the point's outcome, not the run's: its
 * reason goes to `why`, and the (non-sticky) error is cleared. */
static int failed(cudaError_t err, const char *call, char *why, size_t len)
{
    if (err == cudaSuccess)
        return 0;
    snprintf(why, len, "%s: %s (%s)", call, cudaGetErrorName(err), cudaGetErrorString(err));
    (void)cudaGetLastError();
    return 1;
}
#define FAILED(call) failed((call), #call, why, len)

/* CUDA 13 names memory locations; older runtimes take a device number
 * (cudaCpuDeviceId for the host). */
#if CUDART_VERSION >= 13000
static struct cudaMemLocation location(int device)
{
    struct cudaMemLocation loc;
    memset(&loc, 0, sizeof loc);
    loc.type = device < 0 ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    loc.id = device < 0 ? 0 : device;
    return loc;
}
#define RFL_UM_PREFETCH(p, bytes, device) cudaMemPrefetchAsync((p), (bytes), location(device), 0, 0)
#define RFL_UM_ADVISE(p, bytes, advice, device) cudaMemAdvise((p), (bytes), (advice), location(device))
#else
#define RFL_UM_PREFETCH(p, bytes, device) cudaMemPrefetchAsync((p), (bytes), (device) < 0 ? cudaCpuDeviceId : (device), 0)
#define RFL_UM_ADVISE(p, bytes, advice, device) cudaMemAdvise((p), (bytes), (advice), (device) < 0 ? cudaCpuDeviceId : (device))
#endif

enum rfl_um_alloc_result rfl_um_buffers_alloc(struct rfl_um_buffers *b, enum rfl_um_mechanism mech, int device,
                                              size_t n, uint64_t managed_cap, char *why, size_t len)
{
    memset(b, 0, sizeof *b);
    b->mech = mech;
    b->device = device;
    b->n = n;
    why[0] = '\0';
    const size_t bytes = n * sizeof(double);
    const struct rfl_um_mechanism_info *m = &rfl_um_mechanisms[mech];

    if (mech == RFL_UM_ZERO_COPY && !rfl_gpu_attribute(cudaDevAttrCanMapHostMemory, device)) {
        snprintf(why, len, "the device cannot map host memory (cudaDevAttrCanMapHostMemory = 0)");
        return RFL_UM_ALLOC_UNSUPPORTED;
    }
    if (m->managed && !rfl_gpu_attribute(cudaDevAttrManagedMemory, device)) {
        snprintf(why, len, "the device has no managed memory (cudaDevAttrManagedMemory = 0)");
        return RFL_UM_ALLOC_UNSUPPORTED;
    }
    if (mech == RFL_UM_MANAGED_PREFETCH && !rfl_gpu_attribute(cudaDevAttrConcurrentManagedAccess, device)) {
        snprintf(why, len, "cudaMemPrefetchAsync needs cudaDevAttrConcurrentManagedAccess, which is 0 here");
        return RFL_UM_ALLOC_UNSUPPORTED;
    }

    if (m->managed) {
        /* The guard every managed allocation passes, right before it. */
        size_t free_bytes = 0, total_bytes = 0;
        if (FAILED(cudaMemGetInfo(&free_bytes, &total_bytes)))
            return RFL_UM_ALLOC_FAILED;
        const double safe = RFL_UM_MANAGED_FREE_FRACTION * (double)free_bytes;
        if ((double)bytes > safe || (managed_cap && bytes > managed_cap)) {
            char a[32], f[32], c[32];
            const int by_limit = managed_cap && (double)managed_cap < safe;
            snprintf(why, len, "a managed array of %s is more than the %s allowed (%s; %s free on the device)",
                     rfl_format_size(bytes, a, sizeof a),
                     rfl_format_size(by_limit ? managed_cap : (uint64_t)safe, c, sizeof c),
                     by_limit ? "the memory limit" : "90% of the free device memory",
                     rfl_format_size(free_bytes, f, sizeof f));
            return RFL_UM_ALLOC_REFUSED;
        }
        void *p = NULL;
        if (FAILED(cudaMallocManaged(&p, bytes, cudaMemAttachGlobal)))
            return RFL_UM_ALLOC_FAILED;
        b->host = b->gpu = p;
        b->managed = 1;
        if (mech == RFL_UM_MANAGED_PREFETCH &&
            FAILED(RFL_UM_ADVISE(p, bytes, cudaMemAdviseSetPreferredLocation, device))) {
            rfl_um_buffers_free(b);
            return RFL_UM_ALLOC_FAILED;
        }
        rfl_um_cpu_fill(b->host, n);
        return RFL_UM_ALLOC_OK;
    }

    if (mech == RFL_UM_PINNED_ALLOC) {
        void *p = NULL;
        if (FAILED(cudaMallocHost(&p, bytes)))
            return RFL_UM_ALLOC_FAILED;
        b->host = p;
        b->host_pinned = 1;
    } else {
        void *p = NULL;
        if (posix_memalign(&p, 4096, bytes) != 0 || !p) {
            snprintf(why, len, "posix_memalign of %zu bytes failed", bytes);
            return RFL_UM_ALLOC_FAILED;
        }
        b->host = p;
        b->host_malloced = 1;
    }
    /* Touched first by the threads of the CPU pass, then page-locked. */
    rfl_um_cpu_fill(b->host, n);
    if (mech == RFL_UM_PINNED_REGISTER || mech == RFL_UM_ZERO_COPY) {
        const unsigned flags = mech == RFL_UM_ZERO_COPY ? cudaHostRegisterMapped : cudaHostRegisterDefault;
        if (FAILED(cudaHostRegister(b->host, bytes, flags))) {
            rfl_um_buffers_free(b);
            return RFL_UM_ALLOC_FAILED;
        }
        b->host_registered = 1;
    }
    if (mech == RFL_UM_ZERO_COPY) {
        void *d = NULL;
        if (FAILED(cudaHostGetDevicePointer(&d, b->host, 0))) {
            rfl_um_buffers_free(b);
            return RFL_UM_ALLOC_FAILED;
        }
        b->gpu = d;
    } else {
        void *d = NULL;
        if (FAILED(cudaMalloc(&d, bytes))) {
            rfl_um_buffers_free(b);
            return RFL_UM_ALLOC_FAILED;
        }
        b->gpu = d;
        b->gpu_malloced = 1;
    }
    return RFL_UM_ALLOC_OK;
}

void rfl_um_buffers_free(struct rfl_um_buffers *b)
{
    if (b->managed)
        RFL_CUDA(cudaFree(b->host));
    if (b->gpu_malloced)
        RFL_CUDA(cudaFree(b->gpu));
    if (b->host_registered)
        RFL_CUDA(cudaHostUnregister(b->host));
    if (b->host_pinned)
        RFL_CUDA(cudaFreeHost(b->host));
    if (b->host_malloced)
        free(b->host);
    b->host = b->gpu = NULL;
    b->managed = b->gpu_malloced = b->host_registered = b->host_pinned = b->host_malloced = 0;
}

int rfl_um_trials(const struct rfl_um_buffers *b, const struct rfl_um_launch *l, unsigned reuse,
                  unsigned long long trials, struct rfl_um_phases *ph)
{
    const size_t bytes = b->n * sizeof(double);
    const int copy = rfl_um_mechanisms[b->mech].explicit_copy;
    const int prefetch = b->mech == RFL_UM_MANAGED_PREFETCH;
    for (unsigned long long t = 0; t < trials; t++) {
        double t0 = ph ? rfl_now_s() : 0, t1 = 0, t2 = 0, t3 = 0;
        if (copy) {
            if (RFL_CUDA(cudaMemcpy(b->gpu, b->host, bytes, cudaMemcpyHostToDevice)))
                return -1;
        } else if (prefetch) {
            if (RFL_CUDA(RFL_UM_PREFETCH(b->gpu, bytes, b->device)))
                return -1;
        } else if (RFL_CUDA(cudaDeviceSynchronize())) {
            return -1;
        }
        if (ph) {
            /* A pageable H2D copy may return before its last DMA lands. */
            if (RFL_CUDA(cudaDeviceSynchronize()))
                return -1;
            t1 = rfl_now_s();
            ph->to_device_s += t1 - t0;
        }
        for (unsigned k = 0; k < reuse; k++)
            if (RFL_CUDA(rfl_um_gpu_pass(b->gpu, b->n, l->blocks, l->threads, RFL_UM_BETA, RFL_UM_GPU_ALPHA, 0)))
                return -1;
        if (ph) {
            if (RFL_CUDA(cudaDeviceSynchronize()))
                return -1;
            t2 = rfl_now_s();
            ph->gpu_s += t2 - t1;
        }
        if (copy) {
            /* Returns once the data is in host memory. */
            if (RFL_CUDA(cudaMemcpy(b->host, b->gpu, bytes, cudaMemcpyDeviceToHost)))
                return -1;
        } else {
            if (prefetch && RFL_CUDA(RFL_UM_PREFETCH(b->gpu, bytes, -1)))
                return -1;
            if (RFL_CUDA(cudaDeviceSynchronize()))
                return -1;
        }
        if (ph) {
            t3 = rfl_now_s();
            ph->to_host_s += t3 - t2;
        }
        rfl_um_cpu_pass(b->host, b->n, RFL_UM_BETA, RFL_UM_CPU_ALPHA);
        if (ph)
            ph->cpu_s += rfl_now_s() - t3;
    }
    return 0;
}
