/* rfl_unified_memory's run: the options resolved into the sweep's
 * settings, the limits checked before anything is allocated, the output
 * session, the reference measurements, the sweep and the sidecar. */
#include "config.h"
#include "unified_memory/unified_memory.h"
#include "unified_memory/sweep.h"
#include "unified_memory/kernels.h"
#include "unified_memory/plan.h"
#include "gpu/gpu.h"
#include "gpu/sweep.h"
#include "common/log.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/size.h"
#include "schema/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Host arrays stay under this share of the node's memory (per rank). */
#define HOST_MEMORY_FRACTION 0.5
/* Under a time budget, the least the samples come down to. */
#define MIN_TIME_FLOOR_S 0.002
#define EXPERIMENTS_FLOOR 2

static const char *const *const columns = rfl_schema_unified_memory_columns; /* schema/unified_memory.def */
#define NCOLUMNS ((size_t)RFL_SCHEMA_UNIFIED_MEMORY_NCOLUMNS)

static int print_columns(const struct rfl_gpu_run_opts *o)
{
    (void)o;
    rfl_schema_print(stdout, &rfl_schema_unified_memory);
    return RFL_EXIT_OK;
}

int rfl_unified_memory_run(const struct rfl_unified_memory_opts *o)
{
    struct rfl_gpu_budget budget;
    struct rfl_um_ctx c = {.o = o, .budget = &budget, .ranks = rfl_mpi_size()};
    int rc;
    if (rfl_gpu_run_start(&o->run, print_columns, rfl_um_self_test, &budget, &c.dev, &rc))
        return rc;
    const int root = rfl_mpi_rank() == 0;
    c.min_time = o->min_time_s ? o->min_time_s : o->quick ? 0.005 : 0.01;
    c.experiments = o->experiments ? o->experiments : o->quick ? 2 : 3;
    c.timeout = o->point_timeout_s ? o->point_timeout_s : o->quick ? 1.5 : 5.0;
    c.threads = o->threads ? o->threads : 256;
    c.breakdown = !o->no_breakdown;
    c.growth = o->growth ? o->growth : o->quick ? 4.0 : 2.0;
    c.mechs = o->mechanisms ? o->mechanisms : (1u << RFL_UM_NMECH) - 1;
    uint64_t wss_min = o->wss[0] ? o->wss[0] : o->quick ? 64 << 10 : 4 << 10;
    uint64_t wss_max = o->wss[0] ? o->wss[1] : o->quick ? 1ull << 30 : 4ull << 30;
    char a[32], b[32];

    /* Limits, all checked before anything is allocated; every rank keeps
     * to the smallest, so all sweep the same points. */
    size_t free_bytes = 0, total_bytes = 0;
    if (RFL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    const double free_share = (double)free_bytes / (c.dev.ranks_sharing > 0 ? c.dev.ranks_sharing : 1);
    int usage = 0;
    if (o->mem_limit && (double)o->mem_limit > RFL_UM_MANAGED_FREE_FRACTION * free_share) {
        rfl_error_all("option --mem-limit: invalid value '%s' (more than 90%% of the %s free on device %d: "
                      "managed memory past the free memory can hang the GPU)",
                      rfl_format_size(o->mem_limit, a, sizeof a), rfl_format_size((uint64_t)free_share, b, sizeof b),
                      c.dev.index);
        usage = 1;
    }
    if (rfl_mpi_max_int(usage))
        return RFL_EXIT_USAGE;
    double limit = o->mem_limit ? (double)o->mem_limit : 0.5 * free_share;
    limit = -rfl_mpi_max_double(-limit);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    double host_limit = pages > 0 && page > 0 ? HOST_MEMORY_FRACTION * (double)pages * (double)page /
                                                    (rfl_mpi_local_size() > 0 ? rfl_mpi_local_size() : 1)
                                              : INFINITY;
    host_limit = -rfl_mpi_max_double(-host_limit);
    const double cap = limit < host_limit ? limit : host_limit;
    if ((double)wss_max > cap) {
        const int by_device = limit <= host_limit;
        if (o->wss[0]) {
            rfl_error("option --wss: maximum %s exceeds the %s of %s (%s)", rfl_format_size(wss_max, a, sizeof a),
                      by_device ? "device memory limit" : "host memory limit", rfl_format_size((uint64_t)cap, b, sizeof b),
                      by_device ? "half the free device memory, or --mem-limit" : "half the node's memory per rank");
            return RFL_EXIT_USAGE;
        }
        wss_max = (uint64_t)cap;
        rfl_warn("the working set stops at %s, the %s limit", rfl_format_size(wss_max, a, sizeof a),
                 by_device ? "device memory" : "host memory");
    }
    if (wss_max < RFL_UM_QUANTUM * sizeof(double)) {
        rfl_error("option --wss: maximum %llu bytes is below the smallest working set (1 KiB)",
                  (unsigned long long)wss_max);
        return RFL_EXIT_USAGE;
    }
    if (wss_min > wss_max)
        wss_min = wss_max;
    c.wss_min = wss_min;
    c.wss_max = wss_max;
    c.host_limit = host_limit;
    c.mem_limit = (uint64_t)limit;
    if (RFL_CUDA(rfl_um_gpu_occupancy(c.threads, &c.resident)))
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    if (c.resident < 1) {
        rfl_error("option --threads-per-block: %u threads per block cannot run on %s", c.threads, c.dev.name);
        return rfl_gpu_fail(RFL_EXIT_USAGE);
    }
    size_t nw = 0;
    uint64_t *wss = rfl_gpu_geometric(wss_min, wss_max, c.growth, &nw);
    struct rfl_um_table tab = {nw, o->nreuse, calloc(nw + 1, sizeof(uint64_t)), NULL, NULL};
    const size_t ncells = (size_t)RFL_UM_NMECH * (nw + 1) * (size_t)o->nreuse;
    tab.gbs = malloc(ncells * sizeof(double));
    tab.transfer = malloc(ncells * sizeof(double));
    if (!wss || !tab.wss || !tab.gbs || !tab.transfer) {
        free(wss);
        free(tab.wss);
        free(tab.gbs);
        free(tab.transfer);
        rfl_error_all("out of memory");
        return rfl_gpu_fail(RFL_EXIT_FAILURE);
    }
    for (size_t i = 0; i < ncells; i++)
        tab.gbs[i] = tab.transfer[i] = NAN;
    for (size_t j = 0; j < nw; j++)
        tab.wss[j] = rfl_um_elements_for(wss[j]) * sizeof(double);
    /* Under a budget, samples that fit: every point at least min_time a sample. */
    double npoints = 0;
    for (int m = 0; m < RFL_UM_NMECH; m++)
        npoints += (c.mechs >> m & 1) * (double)nw * o->nreuse;
    rfl_gpu_budget_plan_samples(&budget, npoints, 0.001, &c.min_time, o->min_time_s > 0, MIN_TIME_FLOOR_S,
                                &c.experiments, o->experiments > 0, EXPERIMENTS_FLOOR);

    const struct rfl_session_spec out_spec = {.program = "rfl_unified_memory", .argc = o->argc, .argv = o->argv,
                                              .output = o->output, .columns = columns, .ncols = NCOLUMNS};
    struct rfl_session out;
    if (rfl_gpu_session_open(&out, &out_spec, &c.dev) != 0) {
        free(wss);
        free(tab.wss);
        free(tab.gbs);
        free(tab.transfer);
        return RFL_EXIT_FAILURE;
    }

    int stop = 0;
    json_t *skipped = root ? json_array() : NULL;

    /* References first: the rows' fraction_of_device needs the device pass. */
    c.ref = (struct rfl_um_reference){0, NAN, NAN, NAN, NAN};
    if (!o->no_reference) {
        char detail[256] = "";
        uint64_t ref_bytes = wss_max < RFL_UM_REF_MAX_BYTES ? wss_max : RFL_UM_REF_MAX_BYTES;
        /* Under a budget, a smaller array: the rates level off well below a GiB. */
        if (rfl_gpu_budget_limited(&budget) && ref_bytes > RFL_UM_REF_BUDGET_BYTES) {
            rfl_gpu_budget_note_setting(&budget, "reference_bytes", (double)ref_bytes, RFL_UM_REF_BUDGET_BYTES);
            ref_bytes = RFL_UM_REF_BUDGET_BYTES;
        }
        int r = rfl_um_measure_reference(&c, rfl_um_elements_for(ref_bytes), &c.ref, detail, sizeof detail);
        if (r == RFL_EXIT_VERIFY)
            rfl_error_all("verification failed: %s", detail);
        if (r == RFL_EXIT_FAILURE)
            out.status = rfl_gpu_fail(RFL_EXIT_FAILURE);
        r = rfl_mpi_max_int(r);
        if (r != RFL_EXIT_OK) {
            out.status = r;
            stop = 1;
            if (r == RFL_EXIT_VERIFY)
                snprintf(out.failure, sizeof out.failure, "reference passes: wrong values");
        }
    }
    const double ref_mine[RFL_UM_REF_NVALS] = {c.ref.bytes, c.ref.h2d, c.ref.d2h, c.ref.device_rmw, c.ref.cpu_rmw};
    double *ref_all = rfl_gpu_gather_doubles(ref_mine, RFL_UM_REF_NVALS);

    if (!stop)
        rfl_um_sweep(&c, wss, nw, &tab, &out, skipped);
    const double elapsed = rfl_gpu_session_stop(&out, &c.dev);

    if (root) {
        rfl_um_sidecar(&c, &tab, &out, ref_all, skipped, elapsed);
        json_object_set_new(rfl_session_outcome(&out), "budget", rfl_gpu_budget_json(&budget));
    } else {
        json_decref(skipped);
    }
    rfl_session_commit(&out);
    int exit_code = rfl_session_close(&out);
    free(ref_all);
    free(wss);
    free(tab.wss);
    free(tab.gbs);
    free(tab.transfer);
    rfl_gpu_budget_free(&budget);
    return exit_code;
}
