/* rt_sched.c - the serialising scheduler: one token, handed between real
 * threads only at instrumentation points, by a strategy (doc/design.md [Ibing]):
 * PCT priorities with d-1 change points, a random walk, FIFO, or a given
 * schedule (replay).  A thread whose pending event cannot complete (lock
 * held, join on a live thread, ...) is simply not enabled, so no real
 * thread ever blocks inside the program; no enabled thread left while some
 * are unfinished is a deadlock, unless a timed wait can time out (then it
 * does: its thread goes on, having waited in vain).
 *
 * Quanta.  No strategy lets one thread run more than RT_QUANTUM points in
 * a row while another could run: PCT demotes it below every thread not yet
 * demoted, FIFO passes to the next thread, so a thread in a long loop never
 * runs to the step limit while the others have not started.  The random
 * walk draws afresh at every point of a short run, as it always did, and
 * in a long one keeps its choice for a quantum that grows with the run
 * (draw_quantum): a loop of a million accesses costs a few thousand token
 * hand-overs instead of a million.  None of this hides a race: the shadow
 * memory checks every access whoever runs, and the token still moves at
 * every synchronisation operation and blocked thread (rt.dirty).
 */
#include "rt_fast.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

rt_state rt = {.mu = PTHREAD_MUTEX_INITIALIZER, .max_steps = 200000, .depth_d = 3};
__thread rt_thread *rt_me;

#define RT_TIMEOUT_ODDS 4  /* a blocked timed wait times out at once in 1 run of this many */
#define RT_QUANTUM_GROWTH 1024 /* random walk: its quantum may grow by one every this many steps */
/* Fresh PCT priorities lie above RT_PRIO_BASE; quantum demotions count down
 * from it, so they stay above the change points' 2..d and spinning's 1. */
#define RT_PRIO_BASE (1ull << 40)

uint64_t rt_rand(void)
{
    /* xorshift64*: small, and the same seed gives the same run */
    rt.rng ^= rt.rng >> 12;
    rt.rng ^= rt.rng << 25;
    rt.rng ^= rt.rng >> 27;
    return rt.rng * 2685821657736338717ull;
}

static int lock_free(rt_obj *o, const rt_thread *t, int shared)
{
    if (o->holder == t->id)
        return !shared; /* re-locking a lock one holds: recursive mutexes */
    if (o->holder >= 0)
        return 0;
    return shared || o->readers == 0;
}

/* Whether t's pending event can complete now (a timeout aside). */
static int ready(rt_thread *t)
{
    switch (t->pend) {
    case RT_P_RUN: return 1;
    case RT_P_LOCK: return lock_free(rt_obj_get(t->obj), t, t->shared);
    case RT_P_JOIN: return t->target < 0 || t->target >= rt.nth || rt.th[t->target]->done;
    case RT_P_COND: return t->signaled && lock_free(rt_obj_get(t->obj2), t, 0);
    case RT_P_BARRIER: return rt_obj_get(t->obj)->gen != t->gen;
    case RT_P_SEM: return rt_obj_get(t->obj)->count > 0;
    }
    return 1;
}

/* A timed lock, join or semaphore wait that timed out completes at once
 * (its real call is given a deadline long past, rt_hooks.c); a timed-out
 * condition wait still needs its mutex back, so it is only signalled. */
static int enabled(rt_thread *t)
{
    if (t->done || !t->started || __atomic_load_n(&t->outside, __ATOMIC_ACQUIRE) ||
        rt_target_held(t))
        return 0;
    return ready(t) ||
           (t->timed_out && (t->pend == RT_P_LOCK || t->pend == RT_P_JOIN || t->pend == RT_P_SEM));
}

rt_thread *rt_new_thread(int parent, uint32_t loc)
{
    rt_thread *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->id = rt.nth;
    t->parent = parent;
    t->create_loc = loc;
    t->prio = RT_PRIO_BASE + rt_rand() % 1000000000ull;
    pthread_cond_init(&t->cv, NULL);
    if (rt.nth == rt.capth) {
        rt.capth = rt.capth ? 2 * rt.capth : 16;
        rt.th = realloc(rt.th, (size_t)rt.capth * sizeof *rt.th);
        if (!rt.th)
            abort();
    }
    rt.th[rt.nth++] = t;
    rt.live++;
    return t;
}

static int enabled_count(void)
{
    int n = 0;
    for (int i = 0; i < rt.nth; i++)
        n += enabled(rt.th[i]);
    return n;
}

static int others_enabled(const rt_thread *cur)
{
    for (int i = 0; i < rt.nth; i++)
        if (rt.th[i] != cur && enabled(rt.th[i]))
            return 1;
    return 0;
}

/* Whether w waits in a timed wait that a timeout would let go on: a timed
 * lock, join or semaphore wait that cannot complete (POSIX never times out
 * a wait that can), or a timed condition wait not signalled whose mutex is
 * free. */
static int can_expire(rt_thread *w)
{
    if (w->done || !w->started || !w->timed || w->timed_out)
        return 0;
    switch (w->pend) {
    case RT_P_LOCK: case RT_P_JOIN: case RT_P_SEM: return !ready(w);
    case RT_P_COND: return !w->signaled && lock_free(rt_obj_get(w->obj2), w, 0);
    default: return 0;
    }
}

/* w's timed wait times out: no happens-before edge, no lock, no count
 * taken (rt_hooks.c); the trace says so with a "timeout" event, which
 * marks the step of the witness that a replay times out again. */
static int expire(rt_thread *w)
{
    if (!can_expire(w))
        return 0;
    w->timed_out = 1;
    if (w->pend == RT_P_COND)
        w->signaled = 1;
    rt.dirty = 1;
    return 1;
}

/* The first timed wait that can time out does: when nothing else can run
 * (so a run explores the waited-for case first, and only a deadlock of
 * untimed waits is one), or while the running thread spins (time passes
 * for the waiter too). */
static int time_out_a_wait(void)
{
    for (int i = 0; i < rt.nth; i++)
        if (expire(rt.th[i]))
            return 1;
    return 0;
}

/* PCT and the random walk also time out one blocked timed wait in
 * RT_TIMEOUT_ODDS as it begins, so that runs see what a program does after
 * a timeout while the thread it waited for still runs.  The draw comes from
 * the seeded generator, and only for a wait that blocks, so runs without
 * one are unchanged. */
static void maybe_time_out(rt_thread *t)
{
    if ((rt.strategy == RT_PCT || rt.strategy == RT_RANDOM) && can_expire(t) &&
        rt_rand() % RT_TIMEOUT_ODDS == 0)
        expire(t);
}

/* t runs again: a timed-out lock, join or semaphore wait whose object came
 * free before it ran completes after all, since its real call would not
 * time out then (and the trace must say what the call did). */
static void settle_timeout(rt_thread *t)
{
    if (t->timed_out && t->pend != RT_P_COND && t->pend != RT_P_RUN && ready(t))
        t->timed_out = 0;
}

static int change_point(void)
{
    if (!rt.at_choice)
        return 0;
    for (int i = 0; i < rt.nchange; i++)
        if (rt.change[i] == rt.choices)
            return 1;
    return 0;
}

/* PCT (Burckhardt et al.): the highest-priority enabled thread runs; at
 * the i-th change point the running thread drops to priority i. */
static rt_thread *choose_pct(rt_thread *cur)
{
    for (int i = 0; cur && rt.at_choice && i < rt.nchange; i++)
        if (rt.change[i] == rt.choices)
            cur->prio = (uint64_t)i + 2;
    /* A long run is spinning only when someone else could run: main
     * filling a table before it creates anybody keeps its priority. */
    if (cur && cur->run_len > RT_SPIN_LIMIT && others_enabled(cur))
        cur->prio = 1; /* a spinning thread waits for someone else: let them run */
    else if (cur && cur->slice >= RT_QUANTUM && cur->prio > rt.demoted && others_enabled(cur))
        cur->prio = rt.demoted--; /* its quantum is over: below every thread not yet demoted */
    rt_thread *best = NULL;
    for (int i = 0; i < rt.nth; i++)
        if (enabled(rt.th[i]) && (!best || rt.th[i]->prio > best->prio))
            best = rt.th[i];
    return best;
}

static rt_thread *choose_random(void)
{
    int n = enabled_count();
    if (!n)
        return NULL;
    int k = (int)(rt_rand() % (uint64_t)n);
    for (int i = 0; i < rt.nth; i++)
        if (enabled(rt.th[i]) && k-- == 0)
            return rt.th[i];
    return NULL;
}

/* FIFO (doc/design.md [Ibing]): the running thread keeps running until it blocks or
 * spins; then the next enabled thread in creation order. */
static rt_thread *choose_fifo(rt_thread *cur)
{
    if (cur && enabled(cur) && cur->run_len <= RT_SPIN_LIMIT && cur->slice < RT_QUANTUM)
        return cur;
    int start = cur ? cur->id + 1 : 0;
    for (int k = 0; k < rt.nth; k++) {
        rt_thread *t = rt.th[(start + k) % rt.nth];
        if (enabled(t))
            return t;
    }
    return NULL;
}

/* Replay: the thread of the next schedule step, when it can run.  One
 * blocked in a timed wait can take its step only by timing out, so it
 * does: what the recorded run did (the witness marks such steps), or, for a
 * bmc witness, what its counterexample did (a failed timed join has no step
 * of its own).
 *
 * A step's thread that exists but cannot run now (it waits for a lock, a
 * signal, a join, or is in a system call) waits: the others run in FIFO
 * order until it can take its step.  In a fair witness (the minimiser
 * writes them, "fair": true) so does one that spins or has run a quantum
 * while another could run: the others get a FIFO round, as every recording
 * strategy would have switched there too, so a step "main runs to the
 * free at line L" does not starve the workers main's loop polls for.
 * These rules are part of what a schedule means: the run is still the one
 * the witness determines, and a short witness need not spell out the
 * hundreds of hand-overs of a producer and a consumer that only wait for
 * each other.  A recorded run never meets them (each of its steps' threads
 * ran then).  A step whose thread is not created or has ended departs from
 * the schedule, and so does one never taken before the run ends (rt_out.c). */
static rt_thread *choose_replay(rt_thread *cur)
{
    if (rt.pos < rt.nsched) {
        int want = rt.sched[rt.pos].tid;
        rt_thread *w = want >= 0 && want < rt.nth ? rt.th[want] : NULL;
        int spins = w && rt.replay_fair && (w->run_len > RT_SPIN_LIMIT || w->slice >= RT_QUANTUM) &&
                    others_enabled(w);
        if (w && (expire(w) || (enabled(w) && !spins)))
            return w;
        if (w && !w->done) {
            rt_thread *n = choose_fifo(cur);
            return n || !spins ? n : w; /* NULL: nobody can run */
        }
        if (rt.diverged++ == 0)
            rt.depart_pos = rt.pos; /* replay names the first departure to the user */
    }
    return choose_fifo(cur);
}

static rt_thread *choose(rt_thread *cur)
{
    if (cur && cur->atomic_depth > 0 && enabled(cur))
        return cur; /* __VERIFIER_atomic sections run without interruption */
    rt_thread *released = rt.strategy != RT_REPLAY ? rt_target_next() : NULL;
    if (released && enabled(released))
        return released; /* a directed run's pair met (rt_target.c) */
    switch (rt.strategy) {
    case RT_PCT: return choose_pct(cur);
    case RT_RANDOM: return choose_random();
    case RT_FIFO: return choose_fifo(cur);
    case RT_REPLAY: return choose_replay(cur);
    }
    return NULL;
}

static void deadlock(void)
{
    char buf[1024];
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < rt.nth && n + 64 < sizeof buf; i++) {
        rt_thread *t = rt.th[i];
        static const char *const what[] = {"run", "lock", "join", "cond-wait", "barrier", "sem-wait"};
        if (!t->done)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%sT%d:%s", n ? "," : "", t->id,
                                  what[t->pend]);
    }
    rt_out_end("deadlock", buf);
    _exit(0);
}

/* Waiting for the token is no cancellation point: a thread cancelled
 * here would take rt.mu with it.  It is cancelled at the next real
 * cancellation point of the program, and its cleanup (rt_thread.c) ends it
 * in the scheduler. */
void rt_wait_token(rt_thread *t)
{
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    pthread_mutex_lock(&rt.mu);
    while (rt.cur != t->id)
        pthread_cond_wait(&t->cv, &rt.mu);
    t->slice = 0; /* chosen: its quantum starts */
    t->fast_left = 0; /* others ran: steps, choices and who is enabled moved */
    rt.shadow_gen++; /* others may have run: remembered reads are stale */
    pthread_mutex_unlock(&rt.mu);
    pthread_setcancelstate(old, NULL);
}

/* next NULL: nobody holds the token (every other thread is in a system
 * call or waits); the first thread to come back takes it. */
static void give_token(rt_thread *next)
{
    pthread_mutex_lock(&rt.mu);
    rt.cur = next ? next->id : -1;
    if (next)
        pthread_cond_signal(&next->cv);
    pthread_mutex_unlock(&rt.mu);
}

static int any_outside(void)
{
    for (int i = 0; i < rt.nth; i++)
        if (!rt.th[i]->done && __atomic_load_n(&rt.th[i]->outside, __ATOMIC_ACQUIRE))
            return 1;
    return 0;
}

/* Nothing can run but a thread in a system call may come back: the token
 * is left free (cur -1) for the first that does (*freed), and t (NULL: a
 * finished thread) waits until a thread hands it the token again.
 * Decided under rt.mu, which a returning thread takes to rejoin, so none
 * comes back unseen between the choice and the test. */
static rt_thread *choose_or_free(rt_thread *t, int *freed)
{
    pthread_mutex_lock(&rt.mu);
    rt_thread *n = choose(t);
    *freed = !n && any_outside();
    if (*freed) {
        rt.cur = -1;
        while (t && rt.cur != t->id)
            pthread_cond_wait(&t->cv, &rt.mu);
        n = t; /* chosen by the thread that handed the token over */
    }
    pthread_mutex_unlock(&rt.mu);
    return n;
}

void rt_sched_leave(rt_thread *t)
{
    rt.shadow_gen++;
    t->fast_left = 0;
    __atomic_store_n(&t->outside, 1, __ATOMIC_RELEASE);
    rt.dirty = 1;
    rt_thread *n = choose(NULL);
    give_token(n); /* NULL: nobody else can run now */
}

void rt_sched_rejoin(rt_thread *t)
{
    pthread_mutex_lock(&rt.mu);
    __atomic_store_n(&t->outside, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&rt.dirty, 1, __ATOMIC_RELEASE);
    if (rt.cur == -1)
        rt.cur = t->id; /* nobody held the token: t runs, and picks who is next at its next point */
    pthread_mutex_unlock(&rt.mu);
    rt_wait_token(t);
}

static int at_step(const rt_step *s, uint32_t loc)
{
    if (s->line == 0)
        return 1;
    if (loc >= rt.nlocs)
        return 0;
    return rt.locpos[loc][0] == s->line && (s->col == 0 || rt.locpos[loc][1] == s->col);
}

/* The random walk's quantum: one point while the run is short (each
 * point a fresh draw, and no extra draw from the generator, so short runs
 * are what they always were), then up to one more every RT_QUANTUM_GROWTH
 * steps, at most RT_QUANTUM. */
static unsigned long draw_quantum(void)
{
    unsigned long bound = 1 + rt.steps / RT_QUANTUM_GROWTH;
    if (bound > RT_QUANTUM)
        bound = RT_QUANTUM;
    return bound == 1 ? 1 : 1 + (unsigned long)(rt_rand() % bound);
}

/* A replay whose schedule is used up and that reported a race at or after
 * its last step (where a witness ends: at its race) has shown what it
 * replays; the rest of the run (a server's loop) would only use time, so
 * it ends there.  Races reported before the last step do not count. */
static unsigned long races_at_last_step = (unsigned long)-1;

static int replay_done(void)
{
    return rt.strategy == RT_REPLAY && rt.nsched > 0 && rt.pos >= rt.nsched &&
           races_at_last_step != (unsigned long)-1 && rt.races > races_at_last_step;
}

/* A scheduling point: t (the token holder) is about to perform an event
 * whose enabledness t->pend describes.  Returns when t may perform it. */
void rt_point(rt_thread *t, uint32_t loc)
{
    if (t->stepped) /* the last point made no event (a failed trylock): log it */
        rt_out_event(t, "nop", t->step_loc, 0, 0, 0, 0);
    if ((++rt.steps > rt.max_steps && rt.max_steps) || rt_time_up) {
        rt_out_end("cutoff", rt_time_up ? "time limit" : "step limit");
        _exit(0);
    }
    if (replay_done()) {
        rt_out_end("cutoff", "replayed into its race");
        _exit(0);
    }
    /* a group's replay (wit_group.c) counts only races met within the
     * schedule (their 'S' lines say where): past it, nothing is wanted */
    if (rt.replay_cut && rt.strategy == RT_REPLAY && rt.nsched > 0 && rt.pos >= rt.nsched) {
        rt_out_end("cutoff", "schedule used up");
        _exit(0);
    }
    /* the hot path (rt_fast.h inlines it for accesses): the token stays
     * with the PCT or random-walk choice, within its quantum, and nothing
     * that could change who is enabled happened since it was chosen */
    int hot = rt_keeps_token(t);
    rt.at_choice = rt.strategy != RT_PCT ? 0 : hot ? rt.others_enabled : enabled_count() >= 2;
    rt.choices += (unsigned long)rt.at_choice;
    if (hot && !change_point()) {
        rt_resumed(t, loc);
        return;
    }
    if (t->pend != RT_P_RUN)
        maybe_time_out(t);
    if (t->run_len > RT_SPIN_LIMIT && t->pend == RT_P_RUN && rt.strategy != RT_REPLAY)
        time_out_a_wait();
    rt_target_expire();
    rt_thread *n = choose(t);
    if (!n && time_out_a_wait())
        n = choose(t);
    if (!n && rt_target_release_oldest())
        n = choose(t);
    int freed = 0;
    if (!n) /* what t waits for may come from a thread in a system call */
        n = choose_or_free(t, &freed);
    if (!n)
        deadlock();
    rt.dirty = 0;
    if (rt.strategy == RT_PCT)
        rt.others_enabled = others_enabled(n);
    if (rt.strategy == RT_RANDOM)
        n->quantum = draw_quantum();
    if (n != t || rt.strategy == RT_RANDOM || t->slice >= RT_QUANTUM)
        n->slice = 0; /* chosen afresh (or nobody else wanted to run) */
    if (n != t) {
        give_token(n);
        rt_wait_token(t);
        t->run_len = 0;
    } else if (t->run_len > RT_SPIN_LIMIT) {
        t->run_len = 0; /* nobody else wanted to run: not spinning against anyone */
    }
    settle_timeout(t);
    rt_resumed(t, loc);
}

/* How many points in a row after this one rt_point would take on its hot
 * path, with no choice, if nothing set rt.dirty meanwhile: point j (from
 * 0) sees run_len, slice, steps and choices each j higher, and stays hot
 * while run_len <= RT_SPIN_LIMIT, slice is under the strategy's quantum,
 * steps are under the step limit and (when it counts as a PCT choice) its
 * choice number is no change point.  PCT's change points are known from
 * the start, the other bounds are countdowns, so the fast path
 * (rt_point_fast) needs only the count. */
static void grant_fast(rt_thread *t)
{
    unsigned long lim = rt.strategy == RT_PCT ? RT_QUANTUM : rt.strategy == RT_RANDOM ? t->quantum : 0;
    t->fast_left = 0;
    if (t->pend != RT_P_RUN || t->slice >= lim || t->run_len > RT_SPIN_LIMIT ||
        (rt.max_steps && rt.steps >= rt.max_steps))
        return;
    unsigned long n = lim - t->slice;
    if (RT_SPIN_LIMIT - t->run_len + 1 < n)
        n = RT_SPIN_LIMIT - t->run_len + 1;
    if (rt.max_steps && rt.max_steps - rt.steps < n)
        n = rt.max_steps - rt.steps;
    t->fast_choice = rt.strategy == RT_PCT && rt.others_enabled;
    for (int i = 0; t->fast_choice && i < rt.nchange; i++)
        if (rt.change[i] > rt.choices && rt.change[i] - rt.choices - 1 < n)
            n = rt.change[i] - rt.choices - 1;
    t->fast_left = n;
}

/* A cut replay's count of each thread's visits to each line and column
 * since the schedule's last line was taken (a generation number empties
 * it): a race met while a thread runs to its next step is then the
 * schedule taken so far and "its thread runs to the racing line, the Nth
 * time", a witness made without another replay (wit_group.c). */
#define RT_VISIT_SLOTS 4096
#define RT_VISIT_PROBES 16
static struct { unsigned long gen, n; int tid; unsigned line, col; } visit_tab[RT_VISIT_SLOTS];
static unsigned long visit_gen = 1, visit_lost; /* lost: the window whose counts are unknown */

static unsigned long *visit_slot(int tid, uint32_t loc, int add)
{
    if (loc >= rt.nlocs)
        return NULL;
    unsigned line = rt.locpos[loc][0], col = rt.locpos[loc][1];
    unsigned long h = ((unsigned long)tid * 2654435761u ^ line * 40503u ^ col) % RT_VISIT_SLOTS;
    for (int k = 0; k < RT_VISIT_PROBES; k++) {
        __typeof__(&visit_tab[0]) e = &visit_tab[(h + (unsigned long)k) % RT_VISIT_SLOTS];
        if (e->gen == visit_gen && e->tid == tid && e->line == line && e->col == col)
            return &e->n;
        if (e->gen != visit_gen && add) {
            e->gen = visit_gen, e->tid = tid, e->line = line, e->col = col, e->n = 0;
            return &e->n;
        }
    }
    return NULL; /* full: unknown, and known no more in this window */
}

unsigned long rt_replay_visits(int tid, uint32_t loc)
{
    unsigned long *n = visit_lost == visit_gen ? NULL : visit_slot(tid, loc, 0);
    return n ? *n : 0;
}

/* t holds the token again and performs its event at loc. */
void rt_resumed(rt_thread *t, uint32_t loc)
{
    t->run_len++;
    t->slice++;
    t->pend = RT_P_RUN;
    t->timed = 0; /* the wait is over; timed_out stays for its hook to read */
    t->stepped = 1;
    t->step_loc = loc;
    rt.fresh_step = 0;
    if (rt.strategy == RT_REPLAY && rt.pos < rt.nsched && rt.sched[rt.pos].tid == t->id &&
        at_step(&rt.sched[rt.pos], loc)) {
        rt.fresh_step = 1;
        if (++rt.pos == rt.nsched)
            races_at_last_step = rt.races;
        if (rt.replay_cut && rt.out) { /* how far it followed, should the run be killed */
            fprintf(rt.out, "P %lu %lu\n", rt.pos, rt.diverged);
            fflush(rt.out);
        }
        visit_gen++;
    } else if (rt.replay_cut) {
        unsigned long *n = visit_lost == visit_gen ? NULL : visit_slot(t->id, loc, 1);
        if (n)
            ++*n;
        else /* a window with more places than the table holds: counts unknown */
            visit_lost = visit_gen;
    }
    grant_fast(t);
}

void rt_thread_finish(rt_thread *t)
{
    if (t->done)
        return;
    rt_release_robust(t);
    t->done = 1;
    rt_refold(t);
    rt.live--;
    rt.dirty = 1;
    rt_out_event(t, "end", 0, 0, 0, 0, 0);
    rt_thread *n = choose(NULL);
    if (!n && time_out_a_wait())
        n = choose(NULL);
    if (!n && rt_target_release_oldest())
        n = choose(NULL);
    int freed = 0;
    if (!n)
        n = choose_or_free(NULL, &freed);
    if (n) {
        give_token(n);
        return;
    }
    if (freed)
        return; /* the first thread back from its system call takes the token */
    for (int i = 0; i < rt.nth; i++)
        if (!rt.th[i]->done)
            deadlock();
    /* everyone finished: the process exits with this thread */
}

static void init_pct(void)
{
    rt.nchange = rt.depth_d > 1 ? rt.depth_d - 1 : 0;
    rt.demoted = RT_PRIO_BASE - 1;
    rt.change = calloc((size_t)rt.nchange + 1, sizeof *rt.change);
    for (int i = 0; i < rt.nchange; i++)
        rt.change[i] = 1 + rt_rand() % (rt.pct_k ? rt.pct_k : 1000);
}

void rt_sched_init(void)
{
    rt.shadow_gen = 1; /* a new thread's remembered reads (gen 0) match none */
    const char *s = getenv("RH_RT_STRATEGY"), *v;
    rt.strategy = !s ? RT_PCT : !strcmp(s, "random") ? RT_RANDOM : !strcmp(s, "fifo") ? RT_FIFO
                  : !strncmp(s, "replay", 6)         ? RT_REPLAY : RT_PCT;
    rt.replay_fair = s && !strncmp(s, "replay-fair", 11);
    rt.replay_cut = s && !strcmp(s, "replay-fair-cut");
    rt.rng = (v = getenv("RH_RT_SEED")) ? strtoull(v, NULL, 10) * 0x9E3779B97F4A7C15ull + 1 : 1;
    if ((v = getenv("RH_RT_MAX_STEPS")))
        rt.max_steps = strtoul(v, NULL, 10);
    if ((v = getenv("RH_RT_PCT_K")))
        rt.pct_k = strtoul(v, NULL, 10);
    if ((v = getenv("RH_RT_PCT_D")))
        rt.depth_d = atoi(v);
    if ((v = getenv("RH_RT_MAX_THREADS")))
        rt.max_live = atoi(v);
    init_pct();
    rt_target_init();
    rt.targeted = (v = getenv("RH_RT_TARGET")) && *v;
    rt.off_fast = rt.targeted;
    rt_thread *main_thread = rt_new_thread(-1, 0);
    main_thread->started = 1;
    main_thread->pth = pthread_self();
    rt_vc_tick(main_thread);
    rt_me = main_thread;
    rt.cur = 0;
}
