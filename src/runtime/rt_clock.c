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
 * value, then the fields the call writes.  A recording run writes report
 * lines "C TID K W VALUE": from thread TID's K-th clock call on, word W
 * answers VALUE.  A line is written only when a word changes (a loop that
 * polls time() for a second is two lines, however many passes it makes),
 * and "C TID K 7 0" says the recording of TID's answers ends at call K: at
 * the run's end (rt_out_end), or when RT_CLOCK_MAX_LINES are written for
 * it (a nanosecond clock read in a loop).  A replay reads lines
 * "TID K W VALUE" from RH_RT_CLOCKS and answers each call as recorded,
 * up to the thread's end line; past it the clock answers as it is.  Keyed
 * by thread and the thread's own count, not by the global order: a
 * minimised witness interleaves the threads differently, and each
 * thread's calls stay in their order.
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

#define RT_CLOCK_MAX_LINES 256  /* a thread's recorded lines */
#define RT_CLOCK_MAX_CALL 999999 /* a witness names calls in six digits */
#define RT_CLOCK_MAX_THREADS 4096
#define RT_CLOCK_WORDS 5        /* times: the return value and struct tms's four fields */
#define RT_CLOCK_END 7          /* the word of an end line */

typedef struct clock_word {
    int tid;
    unsigned call, word;
    long long value;
} clock_word;

/* A thread's clock: its calls so far, and on each side what it answered. */
typedef struct clock_thread {
    unsigned calls;
    /* recording */
    int last_fn;                /* the function of its last call, 0 none */
    long long last[RT_CLOCK_WORDS];
    unsigned lines;
    int ended;                  /* its end line is written */
    /* replay */
    unsigned long cursor;       /* its next line in the table */
    int found;                  /* cursor set */
    unsigned end;               /* its end line's call, or ~0u */
    long long held[RT_CLOCK_WORDS];
    unsigned char have[RT_CLOCK_WORDS];
} clock_thread;

static clock_word *table;     /* the replay's answers, sorted by thread, call, word */
static unsigned long ntable;
static int loaded;
static clock_thread threads[RT_CLOCK_MAX_THREADS];

static int by_thread_call(const void *a, const void *b)
{
    const clock_word *x = a, *y = b;
    if (x->tid != y->tid)
        return x->tid < y->tid ? -1 : 1;
    if (x->call != y->call)
        return x->call < y->call ? -1 : 1;
    return x->word < y->word ? -1 : x->word > y->word;
}

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
        if (w.tid < 0 || w.tid >= RT_CLOCK_MAX_THREADS || w.call > RT_CLOCK_MAX_CALL ||
            (w.word >= RT_CLOCK_WORDS && w.word != RT_CLOCK_END))
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
    if (ntable)
        qsort(table, ntable, sizeof *table, by_thread_call);
}

/* The replay's answer to thread tid's call k, into words[0..n): the
 * values recorded up to call k, until the thread's end line. */
static void replay_answer(int tid, clock_thread *c, unsigned k, long long *words, unsigned n)
{
    if (!c->found) {
        c->found = 1, c->end = ~0u;
        while (c->cursor < ntable && table[c->cursor].tid < tid)
            c->cursor++;
    }
    for (; c->cursor < ntable && table[c->cursor].tid == tid && table[c->cursor].call <= k;
         c->cursor++) {
        const clock_word *e = &table[c->cursor];
        if (e->word == RT_CLOCK_END) {
            if (e->call < c->end)
                c->end = e->call;
        } else {
            c->held[e->word] = e->value, c->have[e->word] = 1;
        }
    }
    if (k >= c->end)
        return;
    for (unsigned w = 0; w < n; w++)
        if (c->have[w])
            words[w] = c->held[w];
}

/* The recording of thread tid's answers ends at its call `call`. */
static void end_line(int tid, clock_thread *c, unsigned call)
{
    if (!c->ended && rt.out) /* a witness names calls in six digits */
        fprintf(rt.out, "C %d %u %d 0\n", tid, call > RT_CLOCK_MAX_CALL ? RT_CLOCK_MAX_CALL : call,
                RT_CLOCK_END);
    c->ended = 1;
}

/* The call's answer, words[0..n) of function fn: recorded, or replaced by
 * the replay's. */
static void serve(int fn, long long *words, unsigned n)
{
    rt_thread *t = rt_me;
    if (!t || t->id < 0 || t->id >= RT_CLOCK_MAX_THREADS || rt.ending)
        return;
    clock_thread *c = &threads[t->id];
    unsigned k = c->calls;
    if (k > RT_CLOCK_MAX_CALL)
        return;
    if (!loaded)
        load_table();
    if (ntable)
        replay_answer(t->id, c, k, words, n);
    c->calls++;
    if (!rt.out || c->ended)
        return;
    for (unsigned w = 0; w < n; w++) {
        if (c->last_fn == fn && c->last[w] == words[w])
            continue;
        if (c->lines + 1 >= RT_CLOCK_MAX_LINES || k == RT_CLOCK_MAX_CALL) {
            end_line(t->id, c, k); /* this call is past the recording */
            return;
        }
        fprintf(rt.out, "C %d %u %u %lld\n", t->id, k, w, words[w]);
        c->lines++;
    }
    c->last_fn = fn;
    memcpy(c->last, words, n * sizeof *words);
}

void rt_clock_end(void)
{
    for (int i = 0; i < RT_CLOCK_MAX_THREADS; i++)
        if (threads[i].calls)
            end_line(i, &threads[i], threads[i].calls);
}

time_t __rh_clock_time(time_t *tloc)
{
    long long w[1] = {(long long)time(NULL)};
    serve(1, w, 1);
    if (tloc)
        *tloc = (time_t)w[0];
    return (time_t)w[0];
}

clock_t __rh_clock_clock(void)
{
    long long w[1] = {(long long)clock()};
    serve(2, w, 1);
    return (clock_t)w[0];
}

clock_t __rh_clock_times(struct tms *buf)
{
    struct tms b;
    long long w[5] = {(long long)times(&b)};
    w[1] = b.tms_utime, w[2] = b.tms_stime, w[3] = b.tms_cutime, w[4] = b.tms_cstime;
    serve(3, w, 5);
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
    serve(4, w, 3);
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
    serve(5, w, 3);
    if (w[2] < 0 || w[2] >= 1000000L)
        w[1] = (long long)v.tv_sec, w[2] = (long long)v.tv_usec;
    if (tv)
        tv->tv_sec = (time_t)w[1], tv->tv_usec = (suseconds_t)w[2];
    return (int)w[0];
}
