/* rt_out.c - the runtime's settings and its report file.
 *
 * Settings (environment): RH_RT_OUT report file, RH_RT_EVENTS the file for
 * the events in binary (rh_rt_event records, rt_abi.h; without it they are
 * E lines of the report), RH_RT_STRATEGY
 * pct|random|fifo|replay, RH_RT_SEED, RH_RT_MAX_STEPS (0: no limit), RH_RT_PCT_K,
 * RH_RT_PCT_D, RH_RT_TRACE (events to log, 0 none), RH_RT_TIME_LIMIT (seconds),
 * RH_RT_MAX_THREADS (live threads), RH_RT_MAX_PROCS (forks of the run), and for replay
 * RH_RT_SCHED (lines "TID LINE COL"), RH_RT_LOCS (line i: "LINE COL" of
 * location id i), RH_RT_INPUTS (one nondet value a line) and RH_RT_CLOCKS
 * (lines "TID K W VALUE": the clock's answers, rt_clock.c).
 *
 * Report lines, one record each, fields separated by spaces:
 *   E TID LOC WHAT ADDR SIZE VALUE AUX STEP
 *                                        an event (the i-th E line is event i);
 *                                        STEP 1: it ends a scheduling point, so
 *                                        the STEP lines in order are the schedule;
 *                                        WHAT "timeout": a timed wait at LOC timed
 *                                        out (ADDR its lock, semaphore or condition,
 *                                        AUX the thread a join waited for)
 *   A ADDR LOC OFF SIZE STACK            ADDR lies at byte OFF of a heap block of SIZE
 *                                        bytes allocated at LOC, in the call sites
 *                                        STACK (innermost first, - none)
 *   B ADDR                               where this run placed the runtime's state `rt`
 *                                        (the engine names globals by the load bias)
 *   T TID PARENT LOC                     thread TID created at LOC
 *   I LOC BITS VALUE                     a nondet value served
 *   C TID K W VALUE                      from thread TID's K-th clock call on, word
 *                                        W of the answer is VALUE; W 7: the
 *                                        recording ends at call K (rt_clock.c)
 *   R ADDR SIZE  EV TID LOC W AT  EV TID LOC W AT  STACK STACK LOCKS
 *                                        a race: earlier access, later access
 *   P POS DIVERGED                       (replay-fair-cut) schedule line POS-1 was taken
 *   S POS FRESH DIVERGED VISITS          (replay) the race before was met with POS schedule
 *                                        lines taken, FRESH 1 when no scheduling point came
 *                                        since the last was taken, DIVERGED departures so far,
 *                                        VISITS (a cut replay's) of the later access's thread
 *                                        to its line and column since that line, 0 unknown
 *   H LOC                                the race before is covered by the annotation
 *                                        at LOC (benign range, ignore region, new memory)
 *   U LOC                                the first run of a call at LOC that may
 *                                        synchronise in a way the runtime does not model
 *   M LOC LOC BY                         a race between the two access LOCs held back:
 *                                        the unmodelled call at BY ran between them
 *   END REASON STEPS EVENTS DIVERGED CHOICES DETAIL...
 *                                        exit|cutoff|deadlock|assume|error|crash|limit
 *                                        (limit: a cap of rt_limits.c, DETAIL says which;
 *                                        crash: "signal SIG thread TID at LOC", LOC the
 *                                        thread's last instrumented point, 0 unknown;
 *                                        undefined: DETAIL names the function left out
 *                                        of the build that the program called);
 *                                        CHOICES: points where another thread
 *                                        could have run
 */
#include "rt_fast.h"
#include "rt_cc.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

volatile sig_atomic_t rt_time_up;
static FILE *ev_out; /* RH_RT_EVENTS */

static void event_record(rt_thread *t, const char *what, uint32_t loc, uintptr_t addr,
                         uint64_t size, uint64_t value, long aux)
{
    rh_rt_event e = {t->id, loc, {0}, t->stepped, addr, size, (int64_t)value, aux};
    strncpy(e.what, what, sizeof e.what - 1);
    fwrite(&e, sizeof e, 1, ev_out);
}

void rt_out_record(rt_thread *t, const char *what, uint32_t loc, uintptr_t addr, uint64_t size,
                   uint64_t value, long aux)
{
    if (ev_out)
        event_record(t, what, loc, addr, size, value, aux);
    else
        fprintf(rt.out, "E %d %u %s %#lx %lu %lld %ld %d\n", t->id, loc, what, (unsigned long)addr,
                (unsigned long)size, (long long)value, aux, t->stepped);
}

void rt_out_flush(void)
{
    if (rt.out)
        fflush(rt.out);
    if (ev_out)
        fflush(ev_out);
}

void rt_out_end(const char *reason, const char *detail)
{
    if (rt.ending)
        return;
    rt.ending = 1;
    rt.off_fast = 1;
    if (rt.strategy == RT_REPLAY && rt.pos < rt.nsched && !rt.diverged) {
        /* a step never taken: its thread went past its line, or the run
         * ended first; a waiting thread (rt_sched.c) is no departure until then */
        rt.diverged = 1;
        rt.depart_pos = rt.pos;
    }
    if (rt.out) {
        rt_clock_end();
        if (rt.diverged)
            fprintf(rt.out, "D %lu\n", rt.depart_pos);
        fprintf(rt.out, "END %s %lu %lu %lu %lu %s\n", reason, rt.steps, rt.events, rt.diverged,
                rt.choices, detail ? detail : "");
        fflush(rt.out);
        if (ev_out)
            fflush(ev_out);
    }
    rt_cc_end(reason, detail);
}

/* The process is ending: other threads may still run for a while (a real
 * main returning races with the threads it leaves), so it is one more
 * scheduling point before the end. */
static void on_exit_handler(void)
{
    rt_thread *t = rt_me;
    if (t && !t->done && !rt.ending) {
        rt_point(t, 0);
        rt_out_event(t, "nop", 0, 0, 0, 0, 1);
    }
    rt_out_end("exit", "");
}

/* The crash names the crashing thread and its last instrumented point
 * (the faulting access itself, when an access faulted), for the note. */
static void on_crash(int sig)
{
    char detail[64];
    rt_thread *t = rt_me;
    snprintf(detail, sizeof detail, "signal %d thread %d at %u", sig, t ? t->id : -1,
             t ? t->step_loc : 0);
    rt_out_end("crash", detail);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The grace the token holder gets after the time limit to reach its next
 * scheduling point, and the retry when the report is busy. */
#define RT_ALARM_GRACE_MS 400
#define RT_ALARM_RETRY_MS 50

static void arm_alarm_ms(long ms)
{
    struct itimerval it = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
    setitimer(ITIMER_REAL, &it, NULL);
}

/* The run's time limit: end it as cut off, with its report intact (the
 * engine's kill after the limit would lose the buffered trace).  The token
 * holder ends the run at its next point; one that reaches none within the
 * grace runs code racehunt does not see (a library's loop, a thread that
 * only prints) or is blocked in a call, so the run ends here, in the
 * handler.  The token holder is then not writing the report (it would have
 * reached a point), and a report another thread holds is waited for:
 * ftrylockfile, never a lock that could deadlock the handler. */
static void on_alarm(int sig)
{
    (void)sig;
    if (!rt_time_up) {
        rt_time_up = 1;
        arm_alarm_ms(RT_ALARM_GRACE_MS);
        return;
    }
    if (rt.out && ftrylockfile(rt.out) != 0) {
        arm_alarm_ms(RT_ALARM_RETRY_MS);
        return;
    }
    if (ev_out && ftrylockfile(ev_out) != 0) {
        if (rt.out)
            funlockfile(rt.out);
        arm_alarm_ms(RT_ALARM_RETRY_MS);
        return;
    }
    rt_out_end("cutoff", "time limit");
    _exit(0);
}

static void *read_lines(const char *path, unsigned long *n, size_t elem, int fields)
{
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f)
        return NULL;
    unsigned long cap = 256;
    char *v = malloc(cap * elem);
    long long a, b, c;
    *n = 0;
    while (v && (fields == 1   ? fscanf(f, "%lld", &a) == 1
                 : fields == 2 ? fscanf(f, "%lld %lld", &a, &b) == 2
                               : fscanf(f, "%lld %lld %lld", &a, &b, &c) == 3)) {
        if (*n == cap)
            v = realloc(v, (cap *= 2) * elem);
        if (!v)
            abort();
        if (fields == 1)
            ((long long *)v)[*n] = a;
        else if (fields == 2)
            ((unsigned(*)[2])v)[*n][0] = (unsigned)a, ((unsigned(*)[2])v)[*n][1] = (unsigned)b;
        else
            ((rt_step *)v)[*n] = (rt_step){(int)a, (unsigned)b, (unsigned)c};
        (*n)++;
    }
    fclose(f);
    return v;
}

/* before the program's own constructors (priority 101), which may already run
 * instrumented code or end the process */
__attribute__((constructor(101))) static void rt_init(void)
{
    const char *path = getenv("RH_RT_OUT"), *v;
    if (path && (rt.out = fopen(path, "w"))) {
        setvbuf(rt.out, NULL, _IOFBF, 1 << 20);
        /* where this run placed the executable: racehunt names globals by it */
        fprintf(rt.out, "B %lx\n", (unsigned long)(uintptr_t)&rt);
    }
    if (rt.out && (v = getenv("RH_RT_EVENTS")) && *v && (ev_out = fopen(v, "w")))
        setvbuf(ev_out, NULL, _IOFBF, 1 << 20);
    if (!path)
        rt_cc_init(); /* started on its own: a program built by racehunt cc */
    rt.max_trace = (v = getenv("RH_RT_TRACE")) ? strtoul(v, NULL, 10) : 0;
    rt.sched = read_lines(getenv("RH_RT_SCHED"), &rt.nsched, sizeof *rt.sched, 3);
    rt.locpos = read_lines(getenv("RH_RT_LOCS"), &rt.nlocs, sizeof *rt.locpos, 2);
    rt.inputs = read_lines(getenv("RH_RT_INPUTS"), &rt.ninputs, sizeof *rt.inputs, 1);
    rt_sched_init();
    rt_cc_started();
    atexit(on_exit_handler);
    if ((v = getenv("RH_RT_TIME_LIMIT")) && atoi(v) > 0) {
        signal(SIGALRM, on_alarm);
        arm_alarm_ms(atoi(v) * 1000L - RT_ALARM_GRACE_MS);
    }
    int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], on_crash);
}
