/* A test double of the CUDA runtime and of the GPU pass, for machines with
 * no GPU: linked into tests/um_fake_cuda in place of libcudart and
 * libumkernels.a, it runs rfl_unified_memory's whole sweep on the host
 * (every "device" array is host memory, a kernel pass is a CPU loop), so
 * the sweep's logic (plans and time limits, skips, rows, sidecar, checks)
 * is tested where CI runs. Environment knobs:
 *   UM_FAKE_DEVICES=N         devices reported (default 1; 0: none)
 *   UM_FAKE_FREE=BYTES        free device memory (default 16 GiB)
 *   UM_FAKE_FREE_LATER=BYTES  ... after the first UM_FAKE_FREE_AFTER calls of cudaMemGetInfo
 *                             (someone else took memory while the sweep ran); a managed
 *                             allocation past the free memory last reported aborts
 *   UM_FAKE_MALLOC_MAX=BYTES  cudaMalloc/cudaMallocHost/cudaHostRegister fail above this
 *   UM_FAKE_PASS_S_PER_GB=S   extra seconds a GPU pass sleeps per GB it touches
 *   UM_FAKE_NO_CONCURRENT=1   cudaDevAttrConcurrentManagedAccess = 0
 *   UM_FAKE_LOSE_PASS=N       the Nth GPU pass does nothing (a lost pass)
 *   UM_FAKE_LOG=FILE          appends each cudaMallocManaged size and cudaMemGetInfo */
#include "config.h"
#include "unified_memory/kernels.h"

#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long env_u64(const char *name, unsigned long long dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtoull(v, NULL, 10) : dflt;
}

static double env_double(const char *name, double dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtod(v, NULL) : dflt;
}

static void fake_log(const char *what, unsigned long long bytes)
{
    const char *path = getenv("UM_FAKE_LOG");
    if (!path)
        return;
    FILE *f = fopen(path, "a");
    if (f) {
        fprintf(f, "%s %llu\n", what, bytes);
        fclose(f);
    }
}

static cudaError_t last = cudaSuccess;
/* The free memory the last cudaMemGetInfo reported. */
static unsigned long long reported_free = 16ull << 30;
static cudaError_t fail(cudaError_t e)
{
    last = e;
    return e;
}

static int too_big(size_t bytes) { return bytes > env_u64("UM_FAKE_MALLOC_MAX", ~0ull); }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

cudaError_t cudaGetDeviceCount(int *count)
{
    *count = (int)env_u64("UM_FAKE_DEVICES", 1);
    return *count ? cudaSuccess : fail(cudaErrorNoDevice);
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    (void)device;
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "Fake GPU (rfl test double)");
    p->major = 9;
    p->minor = 0;
    p->multiProcessorCount = 4;
    p->maxThreadsPerMultiProcessor = 2048;
    p->maxThreadsPerBlock = 1024;
    p->regsPerMultiprocessor = 65536;
    p->sharedMemPerMultiprocessor = 233472;
    p->sharedMemPerBlockOptin = 232448;
    p->reservedSharedMemPerBlock = 1024;
    p->l2CacheSize = 1 << 20;
    p->totalGlobalMem = 32ull << 30;
    p->memoryBusWidth = 1024;
    p->cooperativeLaunch = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    (void)device;
    switch (attr) {
    case cudaDevAttrClockRate: *value = 1000000; break;
    case cudaDevAttrMemoryClockRate: *value = 1000000; break;
    case cudaDevAttrConcurrentManagedAccess: *value = !env_u64("UM_FAKE_NO_CONCURRENT", 0); break;
    default: *value = 1; break;
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device)
{
    snprintf(id, (size_t)len, "0000:%02x:00.0", device);
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
    (void)device;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *v)
{
    *v = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *v)
{
    *v = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last;
    last = cudaSuccess;
    return e;
}

const char *cudaGetErrorName(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    default: return "cudaErrorUnknown";
    }
}

const char *cudaGetErrorString(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    default: return "unknown error";
    }
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    static unsigned long long calls;
    calls++;
    const unsigned long long after = env_u64("UM_FAKE_FREE_AFTER", 0);
    *free_bytes = (size_t)(after && calls > after ? env_u64("UM_FAKE_FREE_LATER", 0) : env_u64("UM_FAKE_FREE", 16ull << 30));
    *total = 32ull << 30;
    reported_free = *free_bytes;
    fake_log("cudaMemGetInfo", (unsigned long long)*free_bytes);
    return cudaSuccess;
}

cudaError_t cudaMalloc(void **p, size_t bytes)
{
    if (too_big(bytes)) {
        *p = NULL;
        return fail(cudaErrorMemoryAllocation);
    }
    *p = malloc(bytes ? bytes : 1);
    return *p ? cudaSuccess : fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaMallocHost(void **p, size_t bytes) { return cudaMalloc(p, bytes); }

cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned int flags)
{
    (void)flags;
    fake_log("cudaMallocManaged", (unsigned long long)bytes);
    if (bytes > reported_free)
        abort(); /* what the guard in front of every managed allocation exists to prevent */
    return cudaMalloc(p, bytes);
}

cudaError_t cudaFree(void *p)
{
    free(p);
    return cudaSuccess;
}

cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }

cudaError_t cudaHostRegister(void *p, size_t bytes, unsigned int flags)
{
    (void)p;
    (void)flags;
    return too_big(bytes) ? fail(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaHostUnregister(void *p)
{
    (void)p;
    return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned int flags)
{
    (void)flags;
    *d = h;
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
    (void)kind;
    memmove(dst, src, bytes);
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }

/* Calls libgpu.a makes that this program's paths do not reach: simple
 * host versions, so the double links whatever libgpu.a calls of these. */
cudaError_t cudaMemsetAsync(void *p, int value, size_t bytes, cudaStream_t s)
{
    (void)s;
    memset(p, value, bytes);
    return cudaSuccess;
}

cudaError_t cudaMemset(void *p, int value, size_t bytes) { return cudaMemsetAsync(p, value, bytes, 0); }

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind, cudaStream_t s)
{
    (void)s;
    return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t cudaStreamCreate(cudaStream_t *s)
{
    *s = NULL;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags)
{
    (void)flags;
    return cudaStreamCreate(s);
}

cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    (void)s;
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    (void)s;
    return cudaSuccess;
}

cudaError_t cudaPeekAtLastError(void) { return last; }

cudaError_t cudaGetDevice(int *device)
{
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
    (void)e;
    return cudaSuccess;
}

#if CUDART_VERSION >= 13000
cudaError_t cudaMemAdvise(const void *p, size_t bytes, enum cudaMemoryAdvise advice, struct cudaMemLocation loc)
{
    (void)p, (void)bytes, (void)advice, (void)loc;
    return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *p, size_t bytes, struct cudaMemLocation loc, unsigned int flags,
                                 cudaStream_t s)
{
    (void)p, (void)bytes, (void)loc, (void)flags, (void)s;
    return cudaSuccess;
}
#else
cudaError_t cudaMemAdvise(const void *p, size_t bytes, enum cudaMemoryAdvise advice, int device)
{
    (void)p, (void)bytes, (void)advice, (void)device;
    return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *p, size_t bytes, int device, cudaStream_t s)
{
    (void)p, (void)bytes, (void)device, (void)s;
    return cudaSuccess;
}
#endif

/* Events hold the host time they were recorded at (all work is done by
 * the time a call returns). */
cudaError_t cudaEventCreate(cudaEvent_t *e)
{
    double *t = calloc(1, sizeof *t);
    *e = (cudaEvent_t)(void *)t;
    return t ? cudaSuccess : fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    free((void *)e);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    (void)s;
    *(double *)(void *)e = now_s();
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    (void)e;
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    *ms = (float)((*(double *)(void *)b - *(double *)(void *)a) * 1e3);
    return cudaSuccess;
}

/* The GPU pass, on the host. */
cudaError_t rfl_um_gpu_pass(double *a, size_t n, unsigned blocks, unsigned threads, double beta, double alpha,
                            cudaStream_t stream)
{
    (void)blocks, (void)threads, (void)stream;
    static unsigned long long passes;
    if (++passes == env_u64("UM_FAKE_LOSE_PASS", 0))
        return cudaSuccess;
    for (size_t i = 0; i < n; i++)
        a[i] = beta * a[i] + alpha;
    const double delay = env_double("UM_FAKE_PASS_S_PER_GB", 0) * (double)n * 8 * 1e-9;
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
