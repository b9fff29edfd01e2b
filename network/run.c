/* rfl_network's run: one pair of ranks at a time, each message size timed
 * as a ping-pong (rank a sends, rank b sends it back), then checked end to
 * end; the other ranks wait. Rank 0 writes a row per pair and size and the
 * fit T = latency + bytes / bandwidth per class of pair (common/fit.h). */
#include "config.h"
#include "network/network.h"
#include "common/fit.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/meta.h"
#include "common/mpi_shim.h"
#include "common/rfl.h"
#include "common/session.h"
#include "common/stats.h"
#include "common/timer.h"
#include "schema/schema.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPEATS (1u << 20)
#define CTL_END 0
#define CTL_VERIFY (-1)

const char *const rfl_net_class_names[RFL_NET_NCLASSES] = {"same_node", "other_node"};

/* One measured pair and size (rank 0). */
struct point {
    int a, b, cls;
    uint64_t bytes;
    unsigned repeats;
    double rt_min, rt_median, rt_max;
};

/* Rank a: one sample of `repeats` round trips, told to rank b first. */
static int sample(unsigned char *snd, unsigned char *rcv, size_t bytes, int peer, unsigned repeats, double *sec)
{
    const int ctl = (int)repeats;
    if (rfl_mpi_send(&ctl, sizeof ctl, peer))
        return -1;
    const double t0 = rfl_now_s();
    for (unsigned r = 0; r < repeats; r++)
        if (rfl_mpi_send(snd, bytes, peer) || rfl_mpi_recv(rcv, bytes, peer))
            return -1;
    *sec = rfl_now_s() - t0;
    return 0;
}

/* Rank a: calibrate, time, verify one point; res = round trip min, median,
 * max, repeats, wrong bytes, first wrong byte. */
static int initiate(const struct rfl_network_opts *o, unsigned char *snd, unsigned char *rcv, size_t bytes, int peer,
                    unsigned seed, double min_time, unsigned experiments, double *res)
{
    rfl_net_fill(snd, bytes, seed);
    unsigned repeats = 1;
    double sec = 0, times[1000];
    for (;;) {
        if (sample(snd, rcv, bytes, peer, repeats, &sec))
            return -1;
        if (sec >= min_time || repeats >= MAX_REPEATS)
            break;
        repeats *= 2;
    }
    for (unsigned e = 0; e < experiments; e++) {
        if (sample(snd, rcv, bytes, peer, repeats, &sec))
            return -1;
        times[e] = sec / repeats;
    }
    /* What comes back must be what was sent: this receive buffer starts as
     * its complement (rank b's is refilled too), so a message that never
     * arrived shows too. */
    const int verify = CTL_VERIFY, end = CTL_END;
    for (size_t k = 0; k < bytes; k++)
        rcv[k] = (unsigned char)~snd[k];
    if (rfl_mpi_send(&verify, sizeof verify, peer) || rfl_mpi_send(snd, bytes, peer) || rfl_mpi_recv(rcv, bytes, peer) ||
        rfl_mpi_send(&end, sizeof end, peer))
        return -1;
    if (o->inject_fault)
        rcv[bytes / 2] ^= 0x5a;
    size_t first = 0;
    const size_t bad = rfl_net_check(rcv, bytes, seed, &first);
    struct rfl_stats st;
    rfl_stats_compute(times, experiments, &st);
    res[0] = st.min;
    res[1] = st.median;
    res[2] = st.max;
    res[3] = repeats;
    res[4] = (double)bad;
    res[5] = (double)first;
    return 0;
}

/* Rank b: sends back what arrives until told the point is over. */
static int echo(unsigned char *rcv, size_t bytes, int peer)
{
    for (;;) {
        int ctl = 0;
        if (rfl_mpi_recv(&ctl, sizeof ctl, peer))
            return -1;
        if (ctl == CTL_END)
            return 0;
        if (ctl == CTL_VERIFY) {
            memset(rcv, 0xa5, bytes);
            ctl = 1;
        }
        for (int r = 0; r < ctl; r++)
            if (rfl_mpi_recv(rcv, bytes, peer) || rfl_mpi_send(rcv, bytes, peer))
                return -1;
    }
}

/* A write to stdout that failed (a full disk, a closed pipe) is the run's
 * failure, never a silent exit 0. */
static int print_columns(void)
{
    rfl_schema_print(stdout, &rfl_schema_network);
    rfl_schema_print(stdout, &rfl_schema_network_fit);
    const int e = fflush(stdout) != 0 ? errno : ferror(stdout) ? EIO : 0;
    if (e) {
        rfl_error("stdout: cannot write the columns: %s", strerror(e));
        return RFL_EXIT_FAILURE;
    }
    return RFL_EXIT_OK;
}

/* Rank 0: the fit of each class over its points' one-way times. */
static void fit_classes(const struct point *pt, size_t n, struct rfl_fit *fit, int *ok)
{
    double *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
    for (int c = 0; c < RFL_NET_NCLASSES; c++) {
        int m = 0;
        for (size_t i = 0; x && y && i < n; i++)
            if (pt[i].cls == c) {
                x[m] = (double)pt[i].bytes;
                y[m++] = pt[i].rt_min / 2;
            }
        ok[c] = x && y && rfl_fit_latency_bandwidth(x, y, m, &fit[c]) == 0;
    }
    free(x);
    free(y);
}

static void write_rows(struct rfl_csv *csv, const struct point *pt, size_t n, char (*hosts)[RFL_NET_HOST_LEN],
                       unsigned experiments, const struct rfl_fit *fit, const int *ok)
{
    for (size_t i = 0; i < n; i++) {
        const struct point *p = &pt[i];
        const double b = (double)p->bytes, model = ok[p->cls] ? fit[p->cls].latency_s + b / fit[p->cls].bandwidth_bytes_per_s : NAN;
        rfl_csv_int(csv, p->a);
        rfl_csv_int(csv, p->b);
        rfl_csv_str(csv, hosts[p->a]);
        rfl_csv_str(csv, hosts[p->b]);
        rfl_csv_str(csv, rfl_net_class_names[p->cls]);
        rfl_csv_int(csv, (long long)p->bytes);
        rfl_csv_int(csv, p->repeats);
        rfl_csv_int(csv, experiments);
        rfl_csv_double(csv, p->rt_min);
        rfl_csv_double(csv, p->rt_median);
        rfl_csv_double(csv, p->rt_max);
        rfl_csv_double(csv, b / (p->rt_min / 2) * 1e-9);
        rfl_csv_double(csv, b / (p->rt_median / 2) * 1e-9);
        rfl_csv_double(csv, model);
        rfl_csv_double(csv, ok[p->cls] ? model / (p->rt_min / 2) - 1 : NAN);
        rfl_csv_int(csv, 1);
        rfl_csv_end_row(csv);
    }
}

/* The fit rows, and the sidecar's summary of them. */
static void write_fits(struct rfl_csv *csv, const struct point *pt, size_t n, const struct rfl_fit *fit, const int *ok,
                       json_t *classes)
{
    for (int c = 0; c < RFL_NET_NCLASSES; c++) {
        long points = 0, pairs = 0;
        uint64_t lo = 0, hi = 0;
        double best = 0;
        for (size_t i = 0; i < n; i++) {
            if (pt[i].cls != c)
                continue;
            points++;
            pairs += i == 0 || pt[i - 1].a != pt[i].a || pt[i - 1].b != pt[i].b;
            lo = !lo || pt[i].bytes < lo ? pt[i].bytes : lo;
            if (pt[i].bytes > hi) {
                hi = pt[i].bytes;
                best = 0;
            }
            if (pt[i].bytes == hi && (double)hi / (pt[i].rt_min / 2) > best)
                best = (double)hi / (pt[i].rt_min / 2);
        }
        if (!points)
            continue;
        const struct rfl_fit *f = &fit[c];
        rfl_csv_str(csv, rfl_net_class_names[c]);
        rfl_csv_int(csv, pairs);
        rfl_csv_int(csv, points);
        rfl_csv_int(csv, (long long)lo);
        rfl_csv_int(csv, (long long)hi);
        rfl_csv_double(csv, ok[c] ? f->latency_s * 1e6 : NAN);
        rfl_csv_double(csv, ok[c] ? f->bandwidth_bytes_per_s * 1e-9 : NAN);
        rfl_csv_double(csv, ok[c] ? f->rms_relative : NAN);
        rfl_csv_double(csv, ok[c] ? f->max_relative : NAN);
        rfl_csv_int(csv, (long long)hi);
        rfl_csv_double(csv, best * 1e-9);
        rfl_csv_double(csv, ok[c] && best > 0 ? f->bandwidth_bytes_per_s / best : NAN);
        rfl_csv_int(csv, 1);
        rfl_csv_end_row(csv);
        json_object_set_new(classes, rfl_net_class_names[c],
                            ok[c] ? json_pack("{s:I, s:I, s:f, s:f, s:f}", "pairs", (json_int_t)pairs, "points",
                                              (json_int_t)points, "latency_us", f->latency_s * 1e6,
                                              "bandwidth_gbytes_per_s", f->bandwidth_bytes_per_s * 1e-9,
                                              "largest_gbytes_per_s", best * 1e-9)
                                  : json_pack("{s:I, s:I, s:n}", "pairs", (json_int_t)pairs, "points",
                                              (json_int_t)points, "fit"));
    }
}


int rfl_network_run(const struct rfl_network_opts *o)
{
    if (o->print_columns)
        return print_columns();
    if (o->self_test)
        return rfl_net_self_test();
    const int ranks = rfl_mpi_size(), rank = rfl_mpi_rank(), root = rank == 0;
    if (ranks < 2) {
        rfl_error("needs 2 or more MPI ranks, this run has %d (run it as: mpiexec -n 2 rfl_network)", ranks);
        return RFL_EXIT_USAGE;
    }
    char (*hosts)[RFL_NET_HOST_LEN] = calloc((size_t)ranks, sizeof *hosts);
    if (rfl_mpi_max_int(!hosts)) {
        free(hosts);
        rfl_error_all("out of memory");
        return RFL_EXIT_FAILURE;
    }
    int from_test = 0, rc = rfl_host_names(hosts, &from_test);
    if (rc) {
        free(hosts);
        return rc;
    }
    const uint64_t lo = o->sizes[1] ? o->sizes[0] : 8, hi = o->sizes[1] ? o->sizes[1] : o->quick ? 4u << 20 : 64u << 20;
    const double growth = o->growth > 0 ? o->growth : o->quick ? 4 : 2;
    const double min_time = o->min_time_s > 0 ? o->min_time_s : o->quick ? 0.0005 : 0.002;
    const unsigned experiments = o->experiments ? o->experiments : o->quick ? 3 : 5;
    uint64_t sizes[RFL_NET_MAX_SIZES];
    const size_t nsizes = rfl_net_sizes(lo, hi, growth, sizes, RFL_NET_MAX_SIZES);
    const size_t cap = (size_t)ranks * (size_t)(ranks - 1) / 2;
    int (*pairs)[2] = malloc(cap * sizeof *pairs);
    const size_t npairs = pairs ? rfl_net_pairs(ranks, o->pairs == RFL_NET_PAIRS_ALL, pairs, cap) : 0;
    /* A send buffer only where this rank starts a pair (rank 0 alone by default). */
    int initiator = 0;
    for (size_t p = 0; p < npairs; p++)
        initiator |= pairs[p][0] == rank;
    unsigned char *snd = initiator ? malloc(hi) : NULL, *rcv = malloc(hi);
    struct point *pt = root ? calloc(npairs * nsizes + 1, sizeof *pt) : NULL;
    const int no_memory = !pairs || (initiator && !snd) || !rcv || (root && !pt);
    if (no_memory)
        rfl_error_all("cannot allocate the message buffers (%llu bytes each)", (unsigned long long)hi);
    if (rfl_mpi_max_int(no_memory)) {
        rc = RFL_EXIT_FAILURE;
        goto out;
    }
    if (snd)
        memset(snd, 0, hi); /* every page touched before it is timed */
    memset(rcv, 0, hi);

    const struct rfl_session_spec spec = {.program = "rfl_network", .argc = o->argc, .argv = o->argv,
                                          .output = o->output, .columns = rfl_schema_network_columns,
                                          .ncols = RFL_SCHEMA_NETWORK_NCOLUMNS};
    struct rfl_session s;
    if (rfl_session_open(&s, &spec) != 0) {
        rc = RFL_EXIT_FAILURE;
        goto out;
    }
    int failed = 0;
    struct rfl_csv *fit_csv = rfl_session_companion(&s, "fit", rfl_schema_network_fit_columns,
                                                    RFL_SCHEMA_NETWORK_FIT_NCOLUMNS, &failed);
    if (failed) {
        rc = RFL_EXIT_FAILURE;
        goto out;
    }
    size_t npt = 0;
    int stop = 0;
    for (size_t p = 0; p < npairs && !stop; p++)
        for (size_t i = 0; i < nsizes && !stop; i++) {
            const int a = pairs[p][0], b = pairs[p][1];
            const unsigned seed = (unsigned)(a * 7 + b * 13) + (unsigned)i * 29u + 1u;
            double res[6] = {-1, -1, -1, -1, -1, -1};
            int bad_call = 0;
            if (rank == a)
                bad_call = initiate(o, snd, rcv, (size_t)sizes[i], b, seed, min_time, experiments, res);
            else if (rank == b)
                bad_call = echo(rcv, (size_t)sizes[i], a);
            for (int k = 0; k < 6; k++)
                res[k] = rfl_mpi_max_double(res[k]);
            if (rfl_mpi_max_int(bad_call)) {
                s.status = RFL_EXIT_FAILURE;
                snprintf(s.failure, sizeof s.failure, "ranks %d and %d, %llu bytes: an MPI call failed", a, b,
                         (unsigned long long)sizes[i]);
                stop = 1;
                break;
            }
            if (res[4] > 0) {
                rfl_error("verification failed: ranks %d and %d, %llu bytes: %.0f wrong bytes came back, the first at %.0f",
                          a, b, (unsigned long long)sizes[i], res[4], res[5]);
                s.status = RFL_EXIT_VERIFY;
                snprintf(s.failure, sizeof s.failure, "ranks %d and %d, %llu bytes: %.0f wrong bytes", a, b,
                         (unsigned long long)sizes[i], res[4]);
                stop = 1;
            } else if (root) {
                pt[npt++] = (struct point){a, b, strcmp(hosts[a], hosts[b]) ? RFL_NET_OTHER_NODE : RFL_NET_SAME_NODE,
                                           sizes[i], (unsigned)res[3], res[0], res[1], res[2]};
            }
            stop = rfl_interrupt_agree(stop, &s.status);
        }
    rfl_session_stop(&s);
    json_t *meta = rfl_session_outcome(&s);
    if (root) {
        struct rfl_fit fit[RFL_NET_NCLASSES];
        int ok[RFL_NET_NCLASSES];
        fit_classes(pt, npt, fit, ok);
        write_rows(&s.csv, pt, npt, hosts, experiments, fit, ok);
        json_t *classes = json_object();
        write_fits(fit_csv, pt, npt, fit, ok, classes);
        json_t *hl = json_array(), *sl = json_array();
        for (int r = 0; r < ranks; r++)
            json_array_append_new(hl, rfl_json_text(hosts[r]));
        for (size_t i = 0; i < nsizes; i++)
            json_array_append_new(sl, json_integer((json_int_t)sizes[i]));
        json_object_set_new(meta, "ranks", json_integer(ranks));
        json_object_set_new(meta, "threads_per_rank", json_integer(1));
        json_object_set_new(meta, "hosts", hl);
        json_object_set_new(meta, "host_names", json_string(from_test ? "RFL_TEST_HOSTS (testing only)"
                                                                       : "MPI_Get_processor_name"));
        json_object_set_new(meta, "pairs", json_string(rfl_net_pair_names[o->pairs]));
        json_object_set_new(meta, "bytes", sl);
        json_object_set_new(meta, "min_time_s", json_real(min_time));
        json_object_set_new(meta, "experiments", json_integer(experiments));
        json_object_set_new(meta, "memory", json_string("host memory (malloc): host-staged; GPU-aware transfers "
                                                        "are not measured"));
        json_object_set_new(meta, "cuda_aware_mpi", json_string(rfl_mpi_cuda_aware()));
        json_object_set_new(meta, "timer", json_string("rank a's monotonic clock around `repeats` blocking "
                                                       "MPI_Send + MPI_Recv round trips; one-way time is half"));
        json_object_set_new(meta, "fit", json_string("weighted least squares of one-way T = latency + "
                                                     "bytes/bandwidth over every size of a pair class, on each "
                                                     "point's fastest sample, minimising relative residuals"));
        json_object_set_new(meta, "classes", classes);
    }
    rfl_session_commit(&s);
    rc = rfl_session_close(&s);
out:
    free(pt);
    free(snd);
    free(rcv);
    free(pairs);
    free(hosts);
    return rc;
}
