/* rt_thread.c - thread creation through the runtime's trampoline, and the
 * verification intrinsics (__VERIFIER_nondet_*, __VERIFIER_assume).
 *
 * A created thread is a real pthread that first waits for the token, so it
 * runs only when the scheduler picks it; threads are numbered in creation
 * order (main is 0), which a serialised run makes deterministic.
 */
#include "rt_fast.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void *__rh_thread_prepare(void *fn, void *arg, uint32_t c11, uint32_t loc)
{
    rt_thread *t = rt_me;
    rt.dirty = 1;
    if (t && !rt.ending)
        rt_point(t, loc);
    rt_limit_threads();
    rt_thread *child = rt_new_thread(t ? t->id : 0, loc);
    child->fn = (void *(*)(void *))fn;
    child->arg = arg;
    child->c11 = (int)c11;
    return child;
}

void __rh_thread_created(void *box, void *handle, uint64_t ret, uint64_t ok)
{
    rt_thread *child = box, *t = rt_me;
    rt.dirty = 1;
    if (ret != ok) {
        child->done = 1; /* never runs */
        rt_refold(child);
        rt.live--;
        return;
    }
    child->pth = *(pthread_t *)handle;
    child->started = 1;
    if (t) {
        rt_vc_join(&child->vc, &t->vc);
        rt_vc_tick(t);
    }
    rt_vc_tick(child);
    if (rt.out) { /* with the creator's call stack, for the report's thread names */
        fprintf(rt.out, "T %d %d %u", child->id, child->parent, child->create_loc);
        rt_depot_write(rt.out, t ? t->node : 0);
        fputc('\n', rt.out);
    }
    if (t)
        rt_out_event(t, "create", child->create_loc, 0, 0, 0, child->id);
}

/* The new thread's stack is new memory, whoever used those addresses. */
static void forget_own_stack(void)
{
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        if (pthread_attr_getstack(&attr, &addr, &size) == 0)
            rt_shadow_clear((uintptr_t)addr, size);
        pthread_attr_destroy(&attr);
    }
}

/* A thread cancelled (pthread_cancel) unwinds through here: it has ended
 * for the scheduler too. */
static void ended_by_cancel(void *box)
{
    rt_thread_finish(box);
}

void *__rh_thread_start(void *box)
{
    rt_thread *t = box;
    rt_me = t;
    rt_wait_token(t);
    rt_resumed(t, t->create_loc);
    forget_own_stack();
    rt_out_event(t, "begin", t->create_loc, 0, 0, 0, t->parent);
    void *ret;
    pthread_cleanup_push(ended_by_cancel, t);
    ret = t->fn(t->arg);
    pthread_cleanup_pop(0);
    rt_thread_finish(t);
    return ret;
}

/* Arbitrary values lean small: loop bounds and indices from nondet values
 * should end, and small values hit boundary cases. */
static int64_t pick_value(uint32_t bits)
{
    uint64_t r = rt_rand();
    if (bits == 1)
        return (int64_t)(r & 1);
    switch (r % 8) {
    case 0: case 1: case 2: case 3: return (int64_t)((r >> 8) % 11);
    case 4: return -(int64_t)((r >> 8) % 5) - 1;
    case 5: return (int64_t)(r >> 8);
    default: return 0;
    }
}

int64_t __rh_nondet(uint32_t bits, uint32_t loc)
{
    rt_thread *t = rt_me;
    int64_t v = rt.input_pos < rt.ninputs ? rt.inputs[rt.input_pos] : pick_value(bits);
    rt.input_pos++;
    if (bits < 64 && bits > 0) {
        uint64_t mask = (1ull << bits) - 1;
        v = (int64_t)((uint64_t)v & mask);
    }
    if (rt.out)
        fprintf(rt.out, "I %u %u %lld\n", loc, bits, (long long)v);
    if (t)
        rt_out_event(t, "nondet", loc, 0, bits, (uint64_t)v, 1);
    return v;
}

void __rh_assume(uint64_t cond, uint32_t loc)
{
    (void)loc;
    if (!cond && !rt.ending) {
        rt_out_end("assume", "an assumption does not hold: the run ends here");
        _exit(0);
    }
}

/* SV-COMP's error function, declared but never defined by its tasks. */
__attribute__((weak, noreturn)) void __VERIFIER_error(void)
{
    abort();
}

/* Sleeping and yielding only ever served to let other threads run, which
 * the scheduler decides here: they are scheduling points that take no
 * time (the program's own definitions of these libc functions win over
 * libc's when the runtime library is linked first). */
static void yield_point(void)
{
    rt_thread *t = rt_me;
    if (t && !rt.ending) {
        rt.dirty = 1;
        /* let the strategy pick another thread if it can; a fair replay's
         * wanted thread goes on instead, a yield being a point like any
         * other toward its spin limit (rt_sched.c, choose_replay): a
         * server loop that sleeps between polls would otherwise hand the
         * others a round at each poll, and a thread in a long stretch
         * without points (a computation) holds the token for that round */
        if (!rt.replay_fair)
            t->run_len = 1000000;
        rt_point(t, 0);
        rt_out_event(t, "nop", 0, 0, 0, 0, 1);
    }
}

unsigned int sleep(unsigned int seconds)
{
    (void)seconds;
    yield_point();
    return 0;
}

int usleep(useconds_t usec)
{
    (void)usec;
    yield_point();
    return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
    (void)req;
    if (rem)
        rem->tv_sec = rem->tv_nsec = 0;
    yield_point();
    return 0;
}

int sched_yield(void)
{
    yield_point();
    return 0;
}
