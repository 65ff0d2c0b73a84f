/* A race behind a polling loop on the clock: the worker counts its passes
 * until three clock ticks went by, and records only an odd count.  The
 * count differs from run to run; a witness replays it every time only if
 * it carries every answer of the clock the loop asked for, thousands of
 * them (a few inputs: only the changes are written). */
#include <pthread.h>
#include <stdio.h>
#include <sys/times.h>

static long passes;

static void *worker(void *arg)
{
    struct tms buf;
    long n = 0;
    clock_t start = times(&buf);
    (void)arg;
    while (times(&buf) - start < 3)
        n++;
    if (n % 2 == 1)
        passes = n; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    long seen = passes; // RACE
    pthread_join(t, NULL);
    printf("%ld\n", seen);
    return 0;
}
