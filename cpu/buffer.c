#include "config.h"
#include "buffer.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/size.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char *rfl_buffer_try_alloc(size_t bytes, int *madvise_ok)
{
    char *buffer = NULL;
    *madvise_ok = 0;
    if (posix_memalign((void **)&buffer, RFL_HUGE_PAGE_BYTES, bytes) != 0)
        return NULL;
    *madvise_ok = madvise(buffer, bytes, MADV_HUGEPAGE) == 0;
    return buffer;
}

char *rfl_buffer_alloc(size_t bytes, int *madvise_ok)
{
    char *buffer = rfl_buffer_try_alloc(bytes, madvise_ok);
    if (!buffer) {
        char a[32];
        rfl_error_all("cannot allocate %s for the buffers", rfl_format_size(bytes, a, sizeof a));
    }
    return buffer;
}

static uint64_t anon_huge_bytes(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    if (!f)
        return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
            break;
    fclose(f);
    return (uint64_t)kb * 1024;
}

json_t *rfl_buffer_hugepages_json(int madvise_ok, uint64_t buffer_bytes)
{
    char mode[128] = "unavailable";
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (f) {
        if (fgets(mode, sizeof mode, f))
            mode[strcspn(mode, "\n")] = '\0';
        fclose(f);
    }
    return json_pack("{s:s, s:b, s:I, s:I}", "thp_enabled", mode, "madvise_hugepage", madvise_ok,
                     "buffer_bytes_rank0", (json_int_t)buffer_bytes, "anon_huge_bytes_rank0",
                     (json_int_t)anon_huge_bytes());
}

double rfl_buffer_available_memory(void)
{
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (double)pages * (double)size : 0.0;
}

double rfl_buffer_node_limit(uint64_t option)
{
    return option ? (double)option : 0.5 * rfl_buffer_available_memory();
}

int rfl_buffer_node_fits(double node_bytes, double limit)
{
    if (node_bytes <= limit)
        return 1;
    char a[32], b[32];
    rfl_error("option --wss: buffers need %s per node, above the memory limit of %s "
              "(lower --wss or raise --mem-limit)",
              rfl_format_size(node_bytes < 0x1p64 ? (uint64_t)node_bytes : UINT64_MAX, a, sizeof a),
              rfl_format_size((uint64_t)limit, b, sizeof b));
    return 0;
}

void rfl_buffer_first_touch(char *p, size_t bytes)
{
    const size_t slice = (size_t)16 << 20;
    for (size_t done = 0; done < bytes && !rfl_interrupted(); done += slice)
        memset(p + done, 0, bytes - done < slice ? bytes - done : slice);
}
