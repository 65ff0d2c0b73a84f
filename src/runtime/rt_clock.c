/* rt_clock.c - the clock as an input of the run: what time, times, clock,
 * clock_gettime and gettimeofday answered is recorded, and a replay gives
 * each thread the answers its recorded run had.
 *
 * Why: a race behind a test of elapsed time (`if (t > max) max = t`, a
 * statistics update only when a request took a clock tick) happens in one
 * run and not in the next, whatever the schedule; a witness that fixed only
 * the schedule would replay now and then.  With the clock's answers among
 * its inputs it replays every time.
 *
 * The instrumenter sends direct calls of those functions here (dyn_clock.c,
 * same signatures).  Each answer is a few 64-bit words: word 0 the return
 * value, then the fields the call writes.  A recording run writes them as
 * report lines "C TID K W VALUE" (thread TID's K-th clock call, word W);
 * a replay reads lines "TID K W VALUE" from RH_RT_CLOCKS and serves, for a
 * call that has them, the recorded words instead of the clock's.  Keyed by
 * thread and the thread's own count, not by the global order: a minimised
 * witness interleaves the threads differently, each thread's calls stay in
 * their order.  Past what was recorded the clock answers as it is.
 *
 * Only one program thread runs runtime code at a time (rt.h), so the table
 * and the counts need no lock.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

#define RT_CLOCK_MAX_CALLS 64  /* a thread's recorded calls: a polling loop's thousands are not */
#define RT_CLOCK_MAX_THREADS 4096
#define RT_CLOCK_WORDS 5       /* times: the return value and struct tms's four fields */

typedef struct clock_word {
    int tid;
    unsigned call, word;
    long long value;
} clock_word;

static clock_word *table;     /* the replay's answers, as read */
static unsigned long ntable;
static int loaded;
static unsigned calls[RT_CLOCK_MAX_THREADS]; /* each thread's clock calls so far */

static void load_table(void)
{
    loaded = 1;
    const char *path = getenv("RH_RT_CLOCKS");
    FILE *f = path && *path ? fopen(path, "r") : NULL;
    if (!f)
        return;
    unsigned long cap = 0;
    clock_word w;
    while (fscanf(f, "%d %u %u %lld", &w.tid, &w.call, &w.word, &w.value) == 4) {
        if (w.tid < 0 || w.word >= RT_CLOCK_WORDS || w.call >= RT_CLOCK_MAX_CALLS)
            continue;
        if (ntable == cap) {
            cap = cap ? cap * 2 : 64;
            clock_word *t = realloc(table, cap * sizeof *t);
            if (!t)
                break;
            table = t;
        }
        table[ntable++] = w;
    }
    fclose(f);
}

/* The call's answer, words[0..n): recorded, or replaced by the replay's. */
static void serve(long long *words, unsigned n)
{
    rt_thread *t = rt_me;
    if (!t || t->id < 0 || t->id >= RT_CLOCK_MAX_THREADS)
        return;
    unsigned k = calls[t->id]++;
    if (k >= RT_CLOCK_MAX_CALLS)
        return;
    if (!loaded)
        load_table();
    for (unsigned long i = 0; i < ntable; i++)
        if (table[i].tid == t->id && table[i].call == k && table[i].word < n)
            words[table[i].word] = table[i].value;
    if (rt.out && !rt.ending)
        for (unsigned w = 0; w < n; w++)
            fprintf(rt.out, "C %d %u %u %lld\n", t->id, k, w, words[w]);
}

time_t __rh_clock_time(time_t *tloc)
{
    long long w[1] = {(long long)time(NULL)};
    serve(w, 1);
    if (tloc)
        *tloc = (time_t)w[0];
    return (time_t)w[0];
}

clock_t __rh_clock_clock(void)
{
    long long w[1] = {(long long)clock()};
    serve(w, 1);
    return (clock_t)w[0];
}

clock_t __rh_clock_times(struct tms *buf)
{
    struct tms b;
    long long w[5] = {(long long)times(&b)};
    w[1] = b.tms_utime, w[2] = b.tms_stime, w[3] = b.tms_cutime, w[4] = b.tms_cstime;
    serve(w, 5);
    if (buf) {
        buf->tms_utime = (clock_t)w[1], buf->tms_stime = (clock_t)w[2];
        buf->tms_cutime = (clock_t)w[3], buf->tms_cstime = (clock_t)w[4];
    }
    return (clock_t)w[0];
}

int __rh_clock_gettime(clockid_t id, struct timespec *tp)
{
    struct timespec ts = {0, 0};
    long long w[3] = {clock_gettime(id, &ts), (long long)ts.tv_sec, ts.tv_nsec};
    if (w[0] != 0) /* a bad clock id: its error is the program's, as it is */
        return (int)w[0];
    serve(w, 3);
    if (w[2] < 0 || w[2] >= 1000000000L) /* a witness's word out of range is not a time */
        w[1] = (long long)ts.tv_sec, w[2] = ts.tv_nsec;
    if (tp)
        tp->tv_sec = (time_t)w[1], tp->tv_nsec = (long)w[2];
    return (int)w[0];
}

int __rh_clock_gettimeofday(struct timeval *tv, void *tz)
{
    struct timeval v = {0, 0};
    long long w[3] = {gettimeofday(&v, tz), (long long)v.tv_sec, (long long)v.tv_usec};
    serve(w, 3);
    if (w[2] < 0 || w[2] >= 1000000L)
        w[1] = (long long)v.tv_sec, w[2] = (long long)v.tv_usec;
    if (tv)
        tv->tv_sec = (time_t)w[1], tv->tv_usec = (suseconds_t)w[2];
    return (int)w[0];
}
