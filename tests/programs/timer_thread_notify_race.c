/* A POSIX timer with SIGEV_THREAD runs its notification function in a
 * thread the C library creates; that function bumps a counter main also
 * writes without a lock: a race. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int ticks;

static void on_tick(union sigval v)
{
    (void)v;
    ticks++; // RACE
}

int main(void)
{
    struct sigevent sev;
    struct itimerspec its;
    timer_t timer;
    memset(&sev, 0, sizeof sev);
    memset(&its, 0, sizeof its);
    sev.sigev_notify = SIGEV_THREAD;
    sev.sigev_notify_function = on_tick;
    if (timer_create(CLOCK_MONOTONIC, &sev, &timer) != 0)
        return 1;
    its.it_value.tv_nsec = 1000000;
    its.it_interval.tv_nsec = 1000000;
    timer_settime(timer, 0, &its, NULL);
    for (int i = 0; i < 20; i++) {
        ticks = 0; // RACE
        usleep(500);
    }
    timer_delete(timer);
    printf("%d\n", ticks);
    return 0;
}
