/* The CUDA runtime stand-in for the GPU programs' tests without a GPU
 * (tests/gpu/fake.sh, tests/um_fake.sh): the runtime calls libgpu.a and the
 * programs make, done on the host. Its knobs and the hooks the programs'
 * fake kernels use are in gpu/fake_cuda.h; it knows no program. */
#include "config.h"
#include "gpu/fake_cuda.h"

#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

unsigned long long rfl_fake_env_u64(const char *name, unsigned long long dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtoull(v, NULL, 10) : dflt;
}

double rfl_fake_env_double(const char *name, double dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtod(v, NULL) : dflt;
}

double rfl_fake_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void rfl_fake_clock(struct rfl_gpu_clock *c, double t0, double cycles)
{
    if (!c)
        return;
    double ns = (rfl_fake_now() - t0) * 1e9;
    if (ns < 600000)
        ns = 600000;
    c->ns = (unsigned long long)ns;
    c->cycles = cycles > 0 ? (unsigned long long)cycles : (unsigned long long)(ns * 1.98);
}

static void fake_log(const char *what, unsigned long long bytes)
{
    const char *path = getenv("RFL_FAKE_LOG");
    if (!path)
        return;
    FILE *f = fopen(path, "a");
    if (f) {
        fprintf(f, "%s %llu\n", what, bytes);
        fclose(f);
    }
}

/* ---- errors ---- */

static cudaError_t last = cudaSuccess;
static cudaError_t fail(cudaError_t e)
{
    last = e;
    return e;
}

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last;
    last = cudaSuccess;
    return e;
}

cudaError_t cudaPeekAtLastError(void) { return last; }

const char *cudaGetErrorName(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorPeerAccessUnsupported: return "cudaErrorPeerAccessUnsupported";
    case cudaErrorPeerAccessAlreadyEnabled: return "cudaErrorPeerAccessAlreadyEnabled";
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

/* ---- the device ---- */

cudaError_t cudaGetDeviceCount(int *count)
{
    *count = (int)rfl_fake_env_u64("RFL_FAKE_DEVICES", 1);
    return *count ? cudaSuccess : fail(cudaErrorNoDevice);
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    (void)device;
    const char *name = getenv("RFL_FAKE_GPU_NAME");
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", name ? name : "NVIDIA H100 80GB HBM3 (test double)");
    p->major = 9;
    p->minor = 0;
    p->multiProcessorCount = 4;
    p->maxThreadsPerMultiProcessor = 2048;
    p->maxThreadsPerBlock = 1024;
    p->regsPerMultiprocessor = 65536;
    p->sharedMemPerMultiprocessor = 233472;
    p->sharedMemPerBlockOptin = 232448;
    p->reservedSharedMemPerBlock = 1024;
    p->l2CacheSize = (int)rfl_fake_env_u64("RFL_FAKE_L2", 1 << 20);
    p->totalGlobalMem = 8ull << 30;
    p->memoryBusWidth = 5120;
    p->cooperativeLaunch = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    (void)device;
    switch (attr) {
    case cudaDevAttrClockRate: *value = 1980000; break;
    case cudaDevAttrMemoryClockRate: *value = 2619000; break;
    case cudaDevAttrConcurrentManagedAccess: *value = !rfl_fake_env_u64("RFL_FAKE_NO_CONCURRENT", 0); break;
    default: *value = 1; break;
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device)
{
    snprintf(id, (size_t)len, "00000000:%02x:00.0", 0x19 + device);
    return cudaSuccess;
}

/* The current device (cudaSetDevice); every device's memory is host memory. */
static int current;

cudaError_t cudaSetDevice(int device)
{
    if (device < 0 || (unsigned long long)device >= rfl_fake_env_u64("RFL_FAKE_DEVICES", 1))
        return fail(cudaErrorInvalidDevice);
    current = device;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    *device = current;
    return cudaSuccess;
}

/* Peer access between any two devices but with RFL_FAKE_NO_PEER=1 (never
 * with itself, as CUDA says); enabled once per ordered pair. */
static unsigned long long peer_enabled[64];

cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer)
{
    const unsigned long long n = rfl_fake_env_u64("RFL_FAKE_DEVICES", 1);
    if (device < 0 || peer < 0 || (unsigned long long)device >= n || (unsigned long long)peer >= n)
        return fail(cudaErrorInvalidDevice);
    *can = device != peer && !rfl_fake_env_u64("RFL_FAKE_NO_PEER", 0);
    return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags)
{
    int can = 0;
    if (flags || cudaDeviceCanAccessPeer(&can, current, peer) != cudaSuccess)
        return fail(cudaErrorInvalidValue);
    if (!can)
        return fail(cudaErrorPeerAccessUnsupported);
    if (current >= 64 || peer >= 64)
        return fail(cudaErrorInvalidDevice);
    if (peer_enabled[current] >> peer & 1)
        return fail(cudaErrorPeerAccessAlreadyEnabled);
    peer_enabled[current] |= 1ull << peer;
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

/* No driver behind the stand-in: the driver API is not there. */
cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **fn, unsigned int version,
                                             unsigned long long flags, enum cudaDriverEntryPointQueryResult *status)
{
    (void)symbol;
    (void)version;
    (void)flags;
    *fn = NULL;
    if (status)
        *status = cudaDriverEntryPointSymbolNotFound;
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }

/* ---- memory ---- */

/* The free memory the last cudaMemGetInfo reported. */
static unsigned long long reported_free = 4ull << 30;

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    static unsigned long long calls;
    calls++;
    const unsigned long long after = rfl_fake_env_u64("RFL_FAKE_FREE_AFTER", 0);
    *free_bytes = (size_t)(after && calls > after ? rfl_fake_env_u64("RFL_FAKE_FREE_LATER", 0)
                                                  : rfl_fake_env_u64("RFL_FAKE_FREE", 4ull << 30));
    *total = 8ull << 30;
    reported_free = *free_bytes;
    fake_log("cudaMemGetInfo", (unsigned long long)*free_bytes);
    return cudaSuccess;
}

static int too_big(size_t bytes) { return bytes > rfl_fake_env_u64("RFL_FAKE_MALLOC_MAX", ~0ull); }

/* Fresh "device" memory holds garbage, so a kernel that skips an element
 * shows in the checks. */
cudaError_t cudaMalloc(void **p, size_t bytes)
{
    if (too_big(bytes)) {
        *p = NULL;
        return fail(cudaErrorMemoryAllocation);
    }
    *p = malloc(bytes ? bytes : 1);
    if (!*p)
        return fail(cudaErrorMemoryAllocation);
    memset(*p, 0xcd, bytes);
    return cudaSuccess;
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

/* RFL_FAKE_LINK and RFL_FAKE_H2D_SLOW (fake_cuda.h): a host link of known
 * latency and bandwidth, and one that misbehaves for a while (an H100's
 * first quick run fitted 37 GB/s where its copies read 49 and the next run
 * 53), so that rfl_gpu_micro's fit check, retry and fallback can be driven
 * without one. */
static void spin_until(double t)
{
    while (rfl_fake_now() < t)
        ;
}

static void host_link(size_t bytes, int h2d, double t0)
{
    static int parsed;
    static unsigned long long lo, hi, calls, seen;
    static double lat_us, gbs, slow_us;
    if (!parsed) {
        parsed = 1;
        const char *e = getenv("RFL_FAKE_LINK");
        if (!e || sscanf(e, "%lf:%lf", &lat_us, &gbs) != 2 || !(gbs > 0))
            gbs = 0;
        e = getenv("RFL_FAKE_H2D_SLOW");
        if (!e || sscanf(e, "%llu:%llu:%lf:%llu", &lo, &hi, &slow_us, &calls) < 3)
            slow_us = 0;
    }
    double until = gbs > 0 ? t0 + lat_us * 1e-6 + (double)bytes / (gbs * 1e9) : t0;
    if (h2d && slow_us > 0 && bytes >= lo && bytes <= hi && (!calls || seen < calls)) {
        seen++;
        until += slow_us * 1e-6;
    }
    spin_until(until);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
    const double t0 = rfl_fake_now();
    memmove(dst, src, bytes);
    if (kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost)
        host_link(bytes, kind == cudaMemcpyHostToDevice, t0);
    return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
    (void)kind;
    for (size_t r = 0; r < height; r++)
        memmove((char *)dst + r * dpitch, (const char *)src + r * spitch, width);
    return cudaSuccess;
}

cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device, size_t bytes)
{
    const unsigned long long n = rfl_fake_env_u64("RFL_FAKE_DEVICES", 1);
    if (dst_device < 0 || src_device < 0 || (unsigned long long)dst_device >= n || (unsigned long long)src_device >= n)
        return fail(cudaErrorInvalidDevice);
    memmove(dst, src, bytes);
    return cudaSuccess;
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device, size_t bytes,
                                cudaStream_t s)
{
    (void)s;
    return cudaMemcpyPeer(dst, dst_device, src, src_device, bytes);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind, cudaStream_t s)
{
    (void)s;
    return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t cudaMemset(void *p, int value, size_t bytes)
{
    memset(p, value, bytes);
    return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *p, int value, size_t bytes, cudaStream_t s)
{
    (void)s;
    return cudaMemset(p, value, bytes);
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

/* ---- streams and events: all work is done by the time a call returns ---- */

struct CUstream_st {
    int unused;
};

cudaError_t cudaStreamCreate(cudaStream_t *s)
{
    *s = calloc(1, sizeof **s);
    return *s ? cudaSuccess : fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags)
{
    (void)flags;
    return cudaStreamCreate(s);
}

cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    free(s);
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    (void)s;
    return cudaSuccess;
}

/* An event holds the host time it was recorded at. */
struct CUevent_st {
    double t;
};

cudaError_t cudaEventCreate(cudaEvent_t *e)
{
    *e = calloc(1, sizeof **e);
    return *e ? cudaSuccess : fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    (void)s;
    e->t = rfl_fake_now();
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    (void)e;
    return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
    (void)e;
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    *ms = (float)((b->t - a->t) * 1e3);
    return cudaSuccess;
}

/* ---- graphs: a capture records the launches, a graph launch replays them ---- */

struct launches {
    struct launch {
        void (*replay)(void *);
        void *arg;
    } *l;
    size_t n;
};

static int capturing;
static struct launches captured;

int rfl_fake_capture_launch(void (*replay)(void *arg), void *arg)
{
    if (!capturing)
        return 0;
    struct launch *l = realloc(captured.l, (captured.n + 1) * sizeof *l);
    if (!l)
        abort();
    captured.l = l;
    captured.l[captured.n++] = (struct launch){replay, arg};
    return 1;
}

struct CUgraph_st {
    struct launches launches;
};

struct CUgraphExec_st {
    struct launches launches;
};

cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode m)
{
    (void)s;
    (void)m;
    capturing = 1;
    captured = (struct launches){NULL, 0};
    return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g)
{
    (void)s;
    capturing = 0;
    *g = calloc(1, sizeof **g);
    if (!*g)
        return fail(cudaErrorMemoryAllocation);
    (*g)->launches = captured;
    captured = (struct launches){NULL, 0};
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long flags)
{
    (void)flags;
    *e = calloc(1, sizeof **e);
    if (!*e)
        return fail(cudaErrorMemoryAllocation);
    const size_t bytes = g->launches.n * sizeof *g->launches.l;
    (*e)->launches.l = malloc(bytes ? bytes : 1);
    if (!(*e)->launches.l) {
        free(*e);
        return fail(cudaErrorMemoryAllocation);
    }
    if (bytes)
        memcpy((*e)->launches.l, g->launches.l, bytes);
    (*e)->launches.n = g->launches.n;
    return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t g)
{
    if (g)
        free(g->launches.l);
    free(g);
    return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e)
{
    if (e)
        free(e->launches.l);
    free(e);
    return cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t s)
{
    (void)s;
    for (size_t i = 0; i < e->launches.n; i++)
        e->launches.l[i].replay(e->launches.l[i].arg);
    return cudaSuccess;
}
