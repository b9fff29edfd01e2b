#include "config.h"
#include "gpu_micro/vmm_pages.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct driver {
    CUresult (*get_granularity)(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags);
    CUresult (*reserve)(CUdeviceptr *, size_t, size_t, CUdeviceptr, unsigned long long);
    CUresult (*address_free)(CUdeviceptr, size_t);
    CUresult (*create)(CUmemGenericAllocationHandle *, size_t, const CUmemAllocationProp *, unsigned long long);
    CUresult (*release)(CUmemGenericAllocationHandle);
    CUresult (*map)(CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle, unsigned long long);
    CUresult (*unmap)(CUdeviceptr, size_t);
    CUresult (*set_access)(CUdeviceptr, size_t, const CUmemAccessDesc *, size_t);
};

struct state {
    struct driver d;
    CUmemGenericAllocationHandle *handles;
    size_t created, mapped;
    int reserved;
};

static int load(struct driver *d, char *why, size_t len)
{
    static const char *const names[] = {"cuMemGetAllocationGranularity", "cuMemAddressReserve", "cuMemAddressFree",
                                        "cuMemCreate", "cuMemRelease", "cuMemMap", "cuMemUnmap", "cuMemSetAccess"};
    void **slots[] = {(void **)&d->get_granularity, (void **)&d->reserve, (void **)&d->address_free,
                      (void **)&d->create, (void **)&d->release, (void **)&d->map, (void **)&d->unmap,
                      (void **)&d->set_access};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        enum cudaDriverEntryPointQueryResult st = cudaDriverEntryPointSymbolNotFound;
        *slots[i] = NULL;
        if (cudaGetDriverEntryPointByVersion(names[i], slots[i], 12000, cudaEnableDefault, &st) != cudaSuccess ||
            st != cudaDriverEntryPointSuccess || !*slots[i]) {
            (void)cudaGetLastError();
            snprintf(why, len, "the driver does not provide %s", names[i]);
            return -1;
        }
    }
    return 0;
}

void rfl_vmm_pages_free(struct rfl_vmm_pages *v)
{
    struct state *s = v->priv;
    if (!s)
        return;
    const CUdeviceptr va = (CUdeviceptr)(uintptr_t)v->base;
    if (s->mapped)
        s->d.unmap(va, v->pages * v->page_bytes);
    for (size_t i = 0; i < s->created; i++)
        s->d.release(s->handles[i]);
    if (s->reserved)
        s->d.address_free(va, v->pages * v->page_bytes);
    free(s->handles);
    free(s);
    memset(v, 0, sizeof *v);
}

int rfl_vmm_pages_map(struct rfl_vmm_pages *v, int device, size_t bytes, char *why, size_t why_len)
{
    memset(v, 0, sizeof *v);
    struct state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    v->priv = s;
    if (load(&s->d, why, why_len) != 0) {
        rfl_vmm_pages_free(v);
        return -1;
    }
    CUmemAllocationProp prop;
    memset(&prop, 0, sizeof prop);
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    size_t gran = 0;
    CUresult r = s->d.get_granularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
    if (r != CUDA_SUCCESS || gran == 0) {
        snprintf(why, why_len, "cuMemGetAllocationGranularity failed (%d)", (int)r);
        rfl_vmm_pages_free(v);
        return -1;
    }
    v->page_bytes = gran;
    v->pages = (bytes + gran - 1) / gran;
    s->handles = calloc(v->pages, sizeof *s->handles);
    size_t *slot = malloc(v->pages * sizeof *slot);
    CUdeviceptr va = 0;
    if (!s->handles || !slot) {
        free(slot);
        snprintf(why, why_len, "out of host memory");
        rfl_vmm_pages_free(v);
        return -1;
    }
    r = s->d.reserve(&va, v->pages * gran, gran, 0, 0);
    if (r != CUDA_SUCCESS) {
        free(slot);
        snprintf(why, why_len, "cuMemAddressReserve of %zu bytes failed (%d)", v->pages * gran, (int)r);
        rfl_vmm_pages_free(v);
        return -1;
    }
    s->reserved = 1;
    v->base = (void *)(uintptr_t)va;
    /* Page k of the physical order goes to virtual slot slot[k]: a fixed
     * shuffle (xorshift64), so runs are repeatable. */
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t k = 0; k < v->pages; k++)
        slot[k] = k;
    for (size_t k = v->pages; k > 1; k--) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t j = (size_t)(x % k), t = slot[k - 1];
        slot[k - 1] = slot[j];
        slot[j] = t;
    }
    for (size_t k = 0; k < v->pages; k++) {
        r = s->d.create(&s->handles[k], gran, &prop, 0);
        if (r != CUDA_SUCCESS) {
            snprintf(why, why_len, "cuMemCreate of page %zu of %zu failed (%d)", k, v->pages, (int)r);
            break;
        }
        s->created++;
        r = s->d.map(va + (CUdeviceptr)(slot[k] * gran), gran, 0, s->handles[k], 0);
        if (r != CUDA_SUCCESS) {
            snprintf(why, why_len, "cuMemMap of page %zu of %zu failed (%d)", k, v->pages, (int)r);
            break;
        }
        s->mapped = 1;
    }
    free(slot);
    if (r == CUDA_SUCCESS) {
        CUmemAccessDesc access;
        memset(&access, 0, sizeof access);
        access.location = prop.location;
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        r = s->d.set_access(va, v->pages * gran, &access, 1);
        if (r != CUDA_SUCCESS)
            snprintf(why, why_len, "cuMemSetAccess failed (%d)", (int)r);
    }
    if (r != CUDA_SUCCESS) {
        rfl_vmm_pages_free(v);
        return -1;
    }
    return 0;
}
