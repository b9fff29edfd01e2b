/* Monotonic wall-clock time, the clock every benchmark sample is read from. */
#ifndef RFL_TIMER_H
#define RFL_TIMER_H

#include <errno.h>
#include <time.h>

static inline double rfl_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The calling thread's CPU time in seconds (NaN where the system keeps
 * none): on Linux it stops while the thread is descheduled, for other work
 * or for the hypervisor (where the guest accounts steal). */
static inline double rfl_thread_cpu_s(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
    return 0.0 / 0.0;
}

/* Sleeps until rfl_now_s() reads t_s (a signal does not cut it short). */
static inline void rfl_sleep_until(double t_s)
{
    if (t_s <= 0)
        return;
    const struct timespec ts = {(time_t)t_s, (long)((t_s - (double)(time_t)t_s) * 1e9)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
}

/* Resolution of rfl_now_s in seconds, as the system reports it. */
double rfl_timer_resolution_s(void);

#endif
