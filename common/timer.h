/* Monotonic wall-clock time, the clock every benchmark sample is read from. */
#ifndef RFL_TIMER_H
#define RFL_TIMER_H

#include <time.h>

static inline double rfl_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Resolution of rfl_now_s in seconds, as the system reports it. */
double rfl_timer_resolution_s(void);

#endif
