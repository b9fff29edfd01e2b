/* The output of a run: its CSV and JSON sidecar on rank 0, written under
 * temporary names and committed together at the end (or dropped), with the
 * outcome in the sidecar and one closing line on stderr. Every program runs
 * one session (rfl_gpu_micro one per mode):
 *
 *     struct rfl_session s;
 *     if (rfl_session_open(&s, &(struct rfl_session_spec){...}) != 0)
 *         return RFL_EXIT_FAILURE;              // every rank: nothing was written
 *     ... measure; rank 0 writes rows to &s.csv; failures set s.status and
 *         s.failure; stop = rfl_interrupt_agree(stop, &s.status) ...
 *     rfl_session_stop(&s);                     // s.elapsed_s
 *     json_t *meta = rfl_session_outcome(&s);   // rank 0: the sidecar; else NULL
 *     if (meta) ... the program's keys ...
 *     rfl_session_commit(&s);                   // rank 0: CSV, companions, sidecar
 *     ... the program's closing report on stderr ...
 *     return rfl_session_close(&s);             // the closing line; the exit code
 *
 * Under MPI every rank calls every function but rfl_session_abort at the
 * same point: open and close are collective. */
#ifndef RFL_SESSION_H
#define RFL_SESSION_H

#include <stddef.h>

#include <jansson.h>

#include "csv.h"

#define RFL_SESSION_MAX_COMPANIONS 4

enum rfl_session_flags {
    /* One table of a run of several (rfl_gpu_micro's modes): the closing line
     * is "N rows in FILE" after each commit that succeeded, and the run
     * reports its own outcome. */
    RFL_SESSION_TABLE = 1
};

struct rfl_session_spec {
    const char *program;        /* the sidecar's "program", e.g. "rfl_bandwidth" */
    int argc;                   /* the command line, for the sidecar */
    char **argv;
    const char *output;         /* the CSV ("-": stdout, and no sidecar); FILE.csv -> FILE.json */
    const char *const *columns; /* NULL: no CSV of this name, only its sidecar (and companions) */
    size_t ncols;
    json_t *meta;               /* rank 0: a sidecar begun elsewhere (rfl_gpu_meta_new), taken over;
                                   NULL: rank 0 begins one with rfl_meta_new */
    unsigned flags;             /* enum rfl_session_flags */
};

struct rfl_session {
    struct rfl_csv csv;  /* rank 0: the rows */
    json_t *meta;        /* rank 0: the sidecar; NULL on the other ranks */
    int status;          /* RFL_EXIT_* of the measurement: the program sets it */
    char failure[512];   /* why it failed, for the sidecar's "failure" */
    double elapsed_s;    /* from open to rfl_session_stop */
    int root;            /* this rank writes the files */
    /* The session's own. */
    struct rfl_session_spec spec;
    char *meta_path;
    int csv_open, exit_code;
    int write_failed;    /* 1: the commit failed, nothing was written; 2: interrupted before the
                          * first row, nothing written on purpose (an earlier file kept) */
    double t_start;
    struct rfl_csv companions[RFL_SESSION_MAX_COMPANIONS];
    int ncompanions;
};

/* Rank 0 opens the CSV and begins the sidecar; every rank learns whether it
 * could. 0, or -1 after a message: the session is closed, spec->meta freed,
 * and the program returns RFL_EXIT_FAILURE (which main turns into 130 when
 * the reason was a signal: rank 0 had one before the session opened). On
 * success the clock is started. */
int rfl_session_open(struct rfl_session *s, const struct rfl_session_spec *spec);
/* A second CSV of the run beside the first, STEM_SUFFIX.csv (stem: the
 * output without ".csv"; for "-", the program's name without "rfl_", in the
 * working directory: stdout carries one CSV), committed with it. Collective.
 * Rank 0 gets the CSV to write to, the other ranks NULL; *failed is set on
 * every rank when rank 0 could not open it, in which case the whole session
 * was aborted. */
struct rfl_csv *rfl_session_companion(struct rfl_session *s, const char *suffix, const char *const *columns,
                                      size_t ncols, int *failed);
/* "out.csv" + "fit" -> "out_fit.csv"; "-" of rfl_network -> "network_fit.csv". The caller
 * frees it. */
char *rfl_session_companion_path(const char *program, const char *output, const char *suffix);

/* The measurement is over: s->elapsed_s, and the progress line ends. */
double rfl_session_stop(struct rfl_session *s);
/* Records s->status and s->failure in the sidecar ("status", "failure") and
 * returns it for the program's own keys, which follow; NULL on other ranks. */
json_t *rfl_session_outcome(struct rfl_session *s);
/* Rank 0: writes the CSV, its companions and the sidecar under temporary
 * names and renames them all (the sidecar first) only when every one was
 * written; a write that fails leaves the earlier files as they were and
 * makes the exit code RFL_EXIT_FAILURE. 0, or -1. */
int rfl_session_commit(struct rfl_session *s);
/* Rank 0 says how the run ended ("N rows in FILE (T s)", or that it was
 * interrupted and where the rows so far are); every rank releases the
 * session and returns the exit code agreed over the ranks (the highest):
 * s->status, or RFL_EXIT_FAILURE where a write failed. */
int rfl_session_close(struct rfl_session *s);
/* Drops what was written (nothing is committed) and releases the session;
 * on one rank alone, e.g. before rfl_gpu_fail ends the job. */
void rfl_session_abort(struct rfl_session *s);

#endif
