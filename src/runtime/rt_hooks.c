/* rt_hooks.c - the entry points instrumented programs call (rt_abi.h): each
 * is a scheduling point, then the event itself: the happens-before effect
 * of a synchronisation operation, or the shadow-memory check of an access.
 * Blocking operations never block a real thread: the thread stays at its
 * scheduling point until its pending event is enabled, then the real call
 * (kept in the program) completes at once.  A timed lock, join or semaphore
 * wait the scheduler times out keeps its real call too, given a deadline
 * long past (__rh_sync_timed).  Only condition variables and barriers,
 * whose real calls would wait for other threads, are emulated.
 */
#include "rt_fast.h"
#include "util/hash.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

static size_t obj_hash(void *a)
{
    return (size_t)rh_hash64((uintptr_t)a);
}

rt_obj *rt_obj_get(void *addr)
{
    if (2 * (rt.nobj + 1) > rt.capobj) {
        rt_obj *old = rt.objs;
        unsigned long oldcap = rt.capobj;
        rt.capobj = rt.capobj ? 2 * rt.capobj : 256;
        rt.objs = calloc(rt.capobj, sizeof *rt.objs);
        if (!rt.objs)
            abort();
        for (unsigned long i = 0; i < oldcap; i++)
            if (old[i].addr) {
                size_t j = obj_hash(old[i].addr) & (rt.capobj - 1);
                while (rt.objs[j].addr)
                    j = (j + 1) & (rt.capobj - 1);
                rt.objs[j] = old[i];
            }
        free(old);
    }
    size_t j = obj_hash(addr) & (rt.capobj - 1);
    for (; rt.objs[j].addr; j = (j + 1) & (rt.capobj - 1))
        if (rt.objs[j].addr == addr)
            return &rt.objs[j];
    rt.objs[j].addr = addr;
    rt.objs[j].holder = -1;
    rt.nobj++;
    return &rt.objs[j];
}

static void lock_acquired(rt_thread *t, void *m, int shared)
{
    rt_obj *o = rt_obj_get(m);
    if (shared)
        o->readers++;
    else if (o->holder == t->id)
        o->recursion++;
    else
        o->holder = t->id, o->recursion = 1;
    rt_acquire(t, &o->vc);
    if (t->nheld == t->capheld) {
        t->capheld = t->capheld ? 2 * t->capheld : 8;
        t->held = realloc(t->held, (size_t)t->capheld * sizeof *t->held);
        if (!t->held)
            abort();
    }
    t->held[t->nheld++] = m;
}

/* Removes the latest entry of m from t's held locks. */
static void drop_held(rt_thread *t, void *m)
{
    for (int i = t->nheld - 1; i >= 0; i--)
        if (t->held[i] == m) {
            memmove(&t->held[i], &t->held[i + 1], (size_t)(t->nheld - i - 1) * sizeof *t->held);
            t->nheld--;
            break;
        }
}

static void lock_released(rt_thread *t, void *m)
{
    rt_obj *o = rt_obj_get(m);
    if (o->holder == t->id) {
        if (--o->recursion <= 0)
            o->holder = -1;
    } else if (o->readers > 0) {
        o->readers--;
    }
    rt_release(t, &o->vc);
    drop_held(t, m);
}

/* The real lock call failed (an error-checking mutex relocked by its
 * holder answers EDEADLK): the acquisition its pre hook assumed did not
 * happen, so the first unlock really releases the mutex. */
static void lock_refused(rt_thread *t, void *m, int shared)
{
    rt_obj *o = rt_obj_get(m);
    if (shared && o->readers > 0)
        o->readers--;
    else if (!shared && o->holder == t->id && --o->recursion <= 0)
        o->holder = -1;
    drop_held(t, m);
}

/* glibc's mutex kind bit of a robust mutex (PTHREAD_MUTEX_ROBUST_NORMAL_NP
 * in its nptl/pthreadP.h; the public header has no name for it). */
#define RT_GLIBC_MUTEX_ROBUST 16

/* A thread ends: the robust mutexes it still holds are given up, and the
 * next locker owns each with EOWNERDEAD (the kernel's robust list writes
 * the lock word, so what the dead owner did happens before).  Other locks
 * stay held, as they do in the real program. */
void rt_release_robust(rt_thread *t)
{
    for (int i = t->nheld - 1; i >= 0; i--) {
        rt_obj *o = rt_obj_get(t->held[i]);
        if (!o->mutex || o->holder != t->id ||
            !(((pthread_mutex_t *)o->addr)->__data.__kind & RT_GLIBC_MUTEX_ROBUST))
            continue;
        o->holder = -1, o->recursion = 0;
        rt_release(t, &o->vc);
        drop_held(t, o->addr);
        rt.dirty = 1;
    }
}

/* The value a read is about to see (memory is quiet: only we run). */
static uint64_t peek(const void *p, uint64_t size, int *known)
{
    uint64_t v = 0;
    *known = 1;
    switch (size) { /* fixed sizes: inlined loads, not a call to memcpy */
    case 1: memcpy(&v, p, 1); break;
    case 2: memcpy(&v, p, 2); break;
    case 4: memcpy(&v, p, 4); break;
    case 8: memcpy(&v, p, 8); break;
    default: *known = 0;
    }
    return v;
}

/* The access's event: its value read only when the event is recorded. */
static __attribute__((noinline)) void access_event(rt_thread *t, void *p, uint64_t size, uint32_t flags, uint32_t loc,
                         uint64_t value)
{
    int known = (flags & RH_RT_VALUE) != 0;
    if ((flags & RH_RT_READ) && rt.out && rt.events < rt.max_trace) /* only a recorded event shows it */
        value = peek(p, size, &known);
    static const char *const kinds[] = {"?", "r", "w", "u", "?", "ra", "wa", "ua"};
    rt_out_event(t, kinds[(flags & 3) | ((flags & RH_RT_ATOMIC) ? 4 : 0)], loc, (uintptr_t)p, size,
                 value, known);
}

/* Any access (__rh_access takes the common ones itself). */
static __attribute__((noinline)) void access_any(rt_thread *t, void *p, uint64_t size,
                                                 uint32_t flags, uint32_t loc, uint64_t value)
{
    if (!p) { /* time(NULL) and friends: no memory touched */
        rt_point(t, loc);
        rt_out_event(t, "nop", loc, 0, 0, 0, 1);
        return;
    }
    if ((flags & RH_RT_UPTO) && value >= (uintptr_t)p)
        size = value - (uintptr_t)p + 1; /* the search stopped there */
    else if (flags & RH_RT_STRLEN)
        size = strlen(p) + 1;
    if (rt.targeted)
        rt_target_reach(t, p, size, flags, loc);
    if (!rt_point_fast(t, loc))
        rt_point(t, loc);
    if ((flags & (RH_RT_ATOMIC | RH_RT_ACQUIRE)) == (RH_RT_ATOMIC | RH_RT_ACQUIRE))
        rt_acquire(t, &rt_obj_get(p)->vc);
    /* SV-COMP counts accesses inside __VERIFIER_atomic sections as never
     * racing (the bmc engine agrees): they leave no trace in shadow memory */
    uintptr_t from;
    if (!t->atomic_depth && !rt_shadow_fast(t, (uintptr_t)p, size, flags, loc)) {
        int plain = !(flags & (RH_RT_WRITE | RH_RT_ATOMIC)) && !t->off_fast;
        if (plain && rt_range_cached(t, (uintptr_t)p, size))
            ; /* t read these bytes in this epoch: nothing would change */
        else if (!rt_shadow_fast_span(t, (uintptr_t)p, size, flags, loc, &from))
            rt_shadow_read_from(t, (uintptr_t)p, size, from, flags, loc);
        else if (plain)
            rt_remember_range(t, (uintptr_t)p, size);
    }
    if (flags & RH_RT_WRITE)
        t->run_len = 0; /* a thread that writes is working, not spinning */
    access_event(t, p, size, flags, loc, value);
    if ((flags & (RH_RT_ATOMIC | RH_RT_RELEASE)) == (RH_RT_ATOMIC | RH_RT_RELEASE))
        rt_release(t, &rt_obj_get(p)->vc);
    else if ((flags & RH_RT_ATOMIC) && (flags & RH_RT_WRITE) && t->fence_rel.n)
        rt_vc_join(&rt_obj_get(p)->vc, &t->fence_rel);
    if ((flags & (RH_RT_ATOMIC | RH_RT_ACQUIRE | RH_RT_READ)) == (RH_RT_ATOMIC | RH_RT_READ))
        rt_vc_join(&t->fence_acq, &rt_obj_get(p)->vc);
}

/* The common access after its shadow check: its event, written to the
 * trace or only counted. */
static inline RT_HOT void access_done(rt_thread *t, void *p, uint64_t size, uint32_t flags,
                                      uint32_t loc, uint64_t value)
{
    if (flags & RH_RT_WRITE)
        t->run_len = 0; /* a thread that writes is working, not spinning */
    if (__builtin_expect(rt.out && rt.events < rt.max_trace, 0))
        access_event(t, p, size, flags, loc, value);
    else
        rt_out_event(t, NULL, loc, (uintptr_t)p, size, value, 0); /* counted, not written */
}

/* The common access whose shadow check leaves the fast path.  Out of
 * line, like access_point, and reached by a tail call, so that
 * __rh_access's fast path saves no registers. */
static __attribute__((noinline)) void access_shadow_slow(rt_thread *t, void *p, uint64_t size,
                                                         uint32_t flags, uint32_t loc,
                                                         uint64_t value)
{
    rt_shadow_access(t, (uintptr_t)p, size, flags, loc);
    access_done(t, p, size, flags, loc, value);
}

/* The common access whose scheduling point leaves the fast path. */
static __attribute__((noinline)) void access_point(rt_thread *t, void *p, uint64_t size,
                                                   uint32_t flags, uint32_t loc, uint64_t value)
{
    rt_point(t, loc);
    if (((flags & RH_RT_WRITE) || !rt_read_cached(t, (uintptr_t)p, size)) &&
        !rt_shadow_fast(t, (uintptr_t)p, size, flags & ~RH_RT_ATOMIC, loc)) /* plain: see below */
        rt_shadow_access(t, (uintptr_t)p, size, flags, loc);
    access_done(t, p, size, flags, loc, value);
}

/* A thread that has ended for the scheduler may still run code: the
 * destructors of its thread-specific data.  It no longer holds the token,
 * so its hooks do nothing (their accesses go unseen; a missed race, never
 * a made-up one, and no run that hangs waiting for a token it will never
 * get).  The common access - plain, of a known size, outside atomic
 * sections and directed runs - does what access_any would; when its point,
 * its shadow check and its event all take their fast paths it makes no
 * call, and any other case leaves by a tail call at the first step that
 * does not (access_point, access_shadow_slow, access_event).  Inlined into
 * __rh_access and into its forms for one size and kind (below), where
 * size and flags are constants the compiler folds. */
static inline RT_HOT void access_hook(void *p, uint64_t size, uint32_t flags, uint32_t loc,
                                      uint64_t value)
{
    rt_thread *t = rt_me;
    if (__builtin_expect(!t || (t->off_fast | rt.off_fast) || !p ||
                             (flags & (RH_RT_UPTO | RH_RT_STRLEN | RH_RT_ATOMIC)), 0)) {
        if (t && !t->done && !rt.ending)
            access_any(t, p, size, flags, loc, value);
        return;
    }
    if (__builtin_expect(!rt_point_fast(t, loc), 0)) {
        access_point(t, p, size, flags, loc, value);
        return;
    }
    /* the access is plain (no RH_RT_ATOMIC): said again, so that the
     * compiler drops the atomic cases from the inlined shadow check */
    if (((flags & RH_RT_WRITE) || !rt_read_cached(t, (uintptr_t)p, size)) &&
        !rt_shadow_fast(t, (uintptr_t)p, size, flags & ~RH_RT_ATOMIC, loc)) {
        access_shadow_slow(t, p, size, flags, loc, value);
        return;
    }
    access_done(t, p, size, flags, loc, value);
}

void __rh_access(void *p, uint64_t size, uint32_t flags, uint32_t loc, uint64_t value)
{
    access_hook(p, size, flags, loc, value);
}

/* FAST PATH of a plain read (KCSAN style: kept short and with no call but
 * tail calls, so that the read forms below save no register on it), in
 * two steps: the thread keeps the token at this point (rt_point_fast's
 * test), the event is counted, not recorded, and the bytes are ones it
 * read in this epoch since nothing moved (rt_read_cached); or, in a
 * second function (read_grain_N), a grain's cell takes the read with no
 * call (rt_read_grain_fast).  Each tests before it changes anything, and
 * then does what access_hook does in that case: the shadow's,
 * rt_point_fast's bookkeeping (its `stepped`, set and cleared again by
 * rt_out_event, stays 0) and the event's count (neither the shadow nor the
 * point reads what the other changes).  Otherwise, nothing changed,
 * access_hook decides (read_form_N). */
static inline RT_HOT int read_fast_point(const rt_thread *t, const void *p)
{
    return t && !(t->off_fast | rt.off_fast) && p && t->fast_left && !t->stepped && !rt.dirty &&
           !rt_time_up && !(rt.out && rt.events < rt.max_trace);
}

static inline RT_HOT void read_fast_done(rt_thread *t, uint32_t loc)
{
    t->fast_left--;
    rt.steps++;
    rt.choices += (unsigned long)t->fast_choice;
    t->run_len++;
    t->slice++;
    t->step_loc = loc;
    rt.events++;
}

/* The instrumenter's forms of __rh_access for a plain load (flags
 * RH_RT_READ, value 0) and a plain store of an integer or pointer (flags
 * RH_RT_WRITE | RH_RT_VALUE) of 1, 2, 4 or 8 bytes (rt_abi.h): the same
 * arguments, of which size and flags are known from the name.  A read
 * takes the fast path above in its two steps, and leaves it by a tail
 * call for the out-of-line body (read_form_N: access_hook's). */
#define RT_ACCESS_FORM(name, n, f)                                                                 \
    void name(void *p, uint64_t size, uint32_t flags, uint32_t loc, uint64_t value)               \
    {                                                                                              \
        (void)size, (void)flags;                                                                   \
        access_hook(p, n, f, loc, (f) & RH_RT_WRITE ? value : 0);                                  \
    }
#define RT_READ_FORM(name, n)                                                                      \
    static __attribute__((noinline)) void read_form_##n(void *p, uint32_t loc)                    \
    {                                                                                              \
        access_hook(p, n, RH_RT_READ, loc, 0);                                                     \
    }                                                                                              \
    static __attribute__((noinline)) void read_grain_##n(rt_thread *t, void *p, uint32_t loc)     \
    {                                                                                              \
        if (__builtin_expect(!rt_read_grain_fast(t, (uintptr_t)p, n, loc), 0)) {                  \
            read_form_##n(p, loc);                                                                 \
            return;                                                                                \
        }                                                                                          \
        read_fast_done(t, loc);                                                                    \
    }                                                                                              \
    void name(void *p, uint64_t size, uint32_t flags, uint32_t loc, uint64_t value)               \
    {                                                                                              \
        (void)size, (void)flags, (void)value;                                                      \
        rt_thread *t = rt_me;                                                                      \
        if (__builtin_expect(!read_fast_point(t, p), 0)) {                                        \
            read_form_##n(p, loc);                                                                 \
            return;                                                                                \
        }                                                                                          \
        if (!rt_read_cached(t, (uintptr_t)p, n)) {                                                 \
            read_grain_##n(t, p, loc);                                                             \
            return;                                                                                \
        }                                                                                          \
        read_fast_done(t, loc);                                                                    \
    }
RT_READ_FORM(__rh_access_r1, 1)
RT_READ_FORM(__rh_access_r2, 2)
RT_READ_FORM(__rh_access_r4, 4)
RT_READ_FORM(__rh_access_r8, 8)
RT_ACCESS_FORM(__rh_access_w1, 1, RH_RT_WRITE | RH_RT_VALUE)
RT_ACCESS_FORM(__rh_access_w2, 2, RH_RT_WRITE | RH_RT_VALUE)
RT_ACCESS_FORM(__rh_access_w4, 4, RH_RT_WRITE | RH_RT_VALUE)
RT_ACCESS_FORM(__rh_access_w8, 8, RH_RT_WRITE | RH_RT_VALUE)

/* The frames of t, one more (out of line: seldom). */
static __attribute__((noinline)) void grow_frames(rt_thread *t)
{
    t->cap = t->cap ? 2 * t->cap : 32;
    t->frames = realloc(t->frames, (size_t)t->cap * sizeof *t->frames);
    if (!t->frames)
        abort();
}

void __rh_enter(uint32_t loc)
{
    rt_thread *t = rt_me;
    if (!t)
        return;
    if (__builtin_expect(t->depth == t->cap, 0))
        grow_frames(t);
    t->frames[t->depth++] = t->node;
    /* rt_depot's memo, looked up here: a call in a loop finds its node
     * there, and the hook then makes no call */
    uint32_t node = rt_site_memo(t, loc);
    t->node = node ? node : rt_depot(t->node, loc);
}

void __rh_leave(void)
{
    rt_thread *t = rt_me;
    if (t && t->depth > 0)
        t->node = t->frames[--t->depth];
}

/* The thread a join names, by its real handle: the newest one, since the
 * C library reuses the handle of a thread that has been joined. */
static int thread_of(uint64_t handle)
{
    for (int i = rt.nth - 1; i >= 0; i--)
        if ((uint64_t)rt.th[i]->pth == handle)
            return i;
    return -1;
}

static void wake(void *cond, int all)
{
    rt_thread *t = rt_me;
    rt_release(t, &rt_obj_get(cond)->vc);
    for (int i = 0; i < rt.nth; i++) {
        rt_thread *w = rt.th[i];
        if (!w->done && w->pend == RT_P_COND && w->obj == cond && !w->signaled) {
            w->signaled = 1;
            if (!all)
                return;
        }
    }
}

/* A wait that may go on (it did not time out) completes: the lock is
 * taken, the joined thread's end or the semaphore's posts happen before. */
static void complete_wait(rt_thread *t, uint32_t op, uint32_t flags, void *obj, uint32_t loc)
{
    rt_obj *o;
    switch (op) {
    case RH_OP_LOCK:
        lock_acquired(t, obj, (flags & RH_F_SHARED) != 0);
        rt_out_event(t, (flags & RH_F_SHARED) ? "rdlock" : "lock", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    case RH_OP_THREAD_JOIN:
        if (t->target >= 0)
            rt_acquire(t, &rt.th[t->target]->vc);
        rt_out_event(t, "join", loc, 0, 0, 0, t->target);
        return;
    default: /* RH_OP_SEM_WAIT */
        o = rt_obj_get(obj);
        o->count--;
        rt_acquire(t, &o->vc);
        rt_out_event(t, "semwait", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    }
}

/* __rh_sync_timed's mark on the flags: the call's deadline can be replaced,
 * so its wait may time out (a wait whose real call would keep its own
 * deadline must not: the real call would block). */
#define RT_DEADLINE_GIVEN 0x80000000u

/* Pre hooks of operations that wait: the pending event says for what.  A
 * timed wait the scheduler times out completes nothing here; the post hook
 * logs what its real call (given a deadline long past) did. */
static void pre_blocking(rt_thread *t, uint32_t op, uint32_t flags, void *obj, uint64_t n,
                         uint32_t loc)
{
    t->timed_out = 0;
    if (flags & RH_F_TRY) {
        rt_point(t, loc);
        return;
    }
    t->pend = op == RH_OP_LOCK ? RT_P_LOCK : op == RH_OP_THREAD_JOIN ? RT_P_JOIN : RT_P_SEM;
    t->obj = obj, t->shared = (flags & RH_F_SHARED) != 0;
    if (op == RH_OP_THREAD_JOIN)
        t->target = thread_of(n);
    t->timed = (flags & RT_DEADLINE_GIVEN) != 0;
    rt_point(t, loc);
    if (!t->timed_out)
        complete_wait(t, op, flags, obj, loc);
}

/* The post hook of a wait the scheduler timed out.  Its real call normally
 * timed out too, taking nothing: no happens-before edge, no lock, no count.
 * If it got what it waited for after all (a semaphore whose value the
 * runtime never saw set), that counts. */
static int post_timed_out(rt_thread *t, uint32_t op, uint32_t flags, void *obj, uint64_t ret,
                          uint32_t loc)
{
    if (!t->timed_out)
        return 0;
    t->timed_out = 0;
    if (ret == 0 || (op == RH_OP_LOCK && ret == RH_EOWNERDEAD))
        complete_wait(t, op, flags, obj, loc);
    else if (op == RH_OP_THREAD_JOIN)
        rt_out_event(t, "timeout", loc, 0, 0, 0, t->target);
    else
        rt_out_event(t, "timeout", loc, (uintptr_t)obj, 0, 0, 0);
    return 1;
}

/* rt_abi.h: the pre hook of a call with a deadline.  A wait the scheduler
 * times out gets a deadline long past in place of its own, so that its
 * real call gives its real timeout answer at once (ETIMEDOUT; -1 with errno
 * ETIMEDOUT for a semaphore; thrd_timedout) and no real thread blocks. */
void *__rh_sync_timed(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t n, uint32_t loc,
                      void *deadline)
{
    static const struct timespec past = {0, 0};
    rt_thread *t = rt_me;
    __rh_sync_pre(op, flags | RT_DEADLINE_GIVEN, obj, obj2, n, loc);
    if (!t || t->done || rt.ending || !t->timed_out)
        return deadline;
    return (void *)(uintptr_t)&past;
}

/* AnnotateHappensBefore/After, __tsan_release/acquire: an edge through obj. */
static void pre_annotation(rt_thread *t, uint32_t op, void *obj, uint32_t loc)
{
    rt_point(t, loc);
    rt_obj *o = rt_obj_get(obj);
    if (op == RH_OP_HB_RELEASE)
        rt_release(t, &o->vc);
    else
        rt_acquire(t, &o->vc);
    rt_out_event(t, op == RH_OP_HB_RELEASE ? "release" : "acquire", loc, (uintptr_t)obj, 0, 0, 0);
}

/* After a lock call: a try-lock or an annotated lock that got the lock
 * acquires it here; a plain lock that failed undoes what its pre-hook did. */
static void post_lock(rt_thread *t, uint32_t flags, void *obj, void *obj2, int locked, uint32_t loc)
{
    if (flags & RH_F_ANNOT) { /* __tsan_mutex_post_lock(m, flags): obj2 is its flags */
        unsigned tf = (unsigned)(uintptr_t)obj2;
        if (flags & RH_F_ISW) /* AnnotateRWLockAcquired(.., lock, is_w): obj2 is is_w */
            tf = obj2 ? 0 : RH_TSAN_MUTEX_READ_LOCK;
        if (!(tf & RH_TSAN_MUTEX_TRY_LOCK_FAILED)) {
            lock_acquired(t, obj, (tf & RH_TSAN_MUTEX_READ_LOCK) != 0);
            rt_out_event(t, "lock", loc, (uintptr_t)obj, 0, 0, 0);
        }
        return;
    }
    if (!(flags & RH_F_TRY) && !locked)
        lock_refused(t, obj, (flags & RH_F_SHARED) != 0);
    if ((flags & RH_F_TRY) && locked) {
        lock_acquired(t, obj, (flags & RH_F_SHARED) != 0);
        rt_out_event(t, (flags & RH_F_SHARED) ? "rdlock" : "lock", loc, (uintptr_t)obj, 0, 0, 0);
    }
}

/* Freeing a block writes all of it (a race with any unordered use), moving
 * it reads all of it; a freed block is new to whoever gets it next. */
static void pre_free(rt_thread *t, uint32_t op, void *obj, uint32_t loc)
{
    size_t size = malloc_usable_size(obj);
    uint32_t kind = op == RH_OP_FREE ? RH_RT_WRITE : RH_RT_READ;
    rt_point(t, loc);
    if (op == RH_OP_FREE)
        rt_shadow_free(t, (uintptr_t)obj, size, loc);
    else
        rt_shadow_access(t, (uintptr_t)obj, size, kind, loc);
    rt_out_event(t, op == RH_OP_FREE ? "w" : "r", loc, (uintptr_t)obj, size, 0, 0);
    if (op == RH_OP_FREE)
        rt_heap_free((uintptr_t)obj);
}

void __rh_sync_pre(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t n, uint32_t loc)
{
    rt_thread *t = rt_me;
    (void)obj2;
    if (flags & RH_F_ANNOUNCED) /* announced after the program's own lock let it through: never waits */
        flags |= RH_F_TRY;
    if (!t || t->done || rt.ending)
        return;
    rt.dirty = 1;
    rt_obj *o;
    if (op == RH_OP_LOCK && (flags & RH_RT_MUTEX) && !(flags & RH_F_ANNOT)) /* a real mutex */
        rt_obj_get(obj)->mutex = 1;
    switch (op) {
    case RH_OP_HB_RELEASE: case RH_OP_HB_ACQUIRE:
        pre_annotation(t, op, obj, loc);
        return;
    case RH_OP_BENIGN: case RH_OP_IGNORE_BEGIN: case RH_OP_IGNORE_END: case RH_OP_FORGET:
        rt_annot_op(t, op, flags, obj, n, loc);
        return;
    case RH_OP_LOCK: case RH_OP_THREAD_JOIN: case RH_OP_SEM_WAIT:
        pre_blocking(t, op, flags, obj, n, loc);
        return;
    case RH_OP_UNLOCK:
        rt_point(t, loc);
        lock_released(t, obj);
        rt_out_event(t, "unlock", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    case RH_OP_SEM_POST:
        rt_point(t, loc);
        o = rt_obj_get(obj);
        o->count++;
        rt_release(t, &o->vc);
        rt_out_event(t, "sempost", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    case RH_OP_SEM_INIT: case RH_OP_BARRIER_INIT:
        o = rt_obj_get(obj);
        o->count = op == RH_OP_SEM_INIT ? (long)n : 0;
        o->size = op == RH_OP_BARRIER_INIT ? (long)n : 0;
        o->known = 1;
        return;
    case RH_OP_COND_SIGNAL: case RH_OP_COND_BROADCAST:
        rt_point(t, loc);
        wake(obj, op == RH_OP_COND_BROADCAST);
        rt_out_event(t, op == RH_OP_COND_SIGNAL ? "signal" : "broadcast", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    case RH_OP_THREAD_EXIT:
        rt_point(t, loc);
        if (t->fn) /* started by __rh_thread_start: its cleanup ends it, after the program's
                    * own cleanup handlers, which pthread_exit runs first */
            return;
        rt_thread_finish(t);
        return;
    case RH_OP_ATOMIC_BEGIN: case RH_OP_ATOMIC_CALL:
        rt_point(t, loc);
        if (t->atomic_depth++ == 0)
            rt_acquire(t, &rt_obj_get(&rt)->vc);
        rt_refold(t);
        rt_out_event(t, "abegin", loc, 0, 0, 0, 0);
        return;
    case RH_OP_ATOMIC_END:
        if (t->atomic_depth > 0 && --t->atomic_depth == 0)
            rt_release(t, &rt_obj_get(&rt)->vc);
        rt_refold(t);
        rt_out_event(t, "aend", loc, 0, 0, 0, 0);
        return;
    case RH_OP_ONCE:
        rt_point(t, loc);
        return;
    case RH_OP_FREE: case RH_OP_REALLOC:
        if (obj)
            pre_free(t, op, obj, loc);
        return;
    case RH_OP_ERROR: /* abort() and friends end the run as a crash, if they do */
        rt_out_event(t, "error", loc, 0, 0, 0, 0);
        return;
    default:
        return;
    }
}

void __rh_sync_post(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t ret, uint32_t loc)
{
    rt_thread *t = rt_me;
    rt_obj *o;
    if (flags & RH_F_ANNOUNCED)
        flags |= RH_F_TRY;
    if (!t || t->done || rt.ending)
        return;
    rt.dirty = 1;
    if ((op == RH_OP_LOCK || op == RH_OP_THREAD_JOIN || op == RH_OP_SEM_WAIT) &&
        post_timed_out(t, op, flags, obj, ret, loc))
        return;
    /* a robust mutex whose owner died is owned by the caller all the same */
    int locked = ret == 0 || ret == RH_EOWNERDEAD;
    switch (op) {
    case RH_OP_LOCK:
        post_lock(t, flags, obj, obj2, locked, loc);
        return;
    case RH_OP_THREAD_JOIN:
        if ((flags & RH_F_TRY) && ret == 0) { /* pthread_tryjoin_np succeeded */
            int target = thread_of((uint64_t)(uintptr_t)obj);
            if (target >= 0)
                rt_acquire(t, &rt.th[target]->vc);
            rt_out_event(t, "join", loc, 0, 0, 0, target);
        }
        return;
    case RH_OP_SEM_OPEN: /* a named semaphore: its value is known once we see it made */
        if (ret && !(o = rt_obj_get((void *)(uintptr_t)ret))->known)
            o->count = (long)(uintptr_t)obj2, o->known = 1;
        return;
    case RH_OP_SEM_WAIT:
        if ((flags & RH_F_TRY) && ret == 0) {
            rt_obj *o = rt_obj_get(obj);
            o->count--;
            rt_acquire(t, &o->vc);
            rt_out_event(t, "semwait", loc, (uintptr_t)obj, 0, 0, 0);
        }
        return;
    case RH_OP_ONCE: {
        /* the one run of the routine happens before every return */
        o = rt_obj_get(obj);
        rt_acquire(t, &o->vc);
        rt_release(t, &o->vc);
        rt_out_event(t, "once", loc, (uintptr_t)obj, 0, 0, 0);
        return;
    }
    case RH_OP_ATOMIC_CALL:
        __rh_sync_pre(RH_OP_ATOMIC_END, 0, NULL, NULL, 0, loc);
        return;
    case RH_OP_FENCE:
        /* C11 7.17.4: a release fence followed by a relaxed store
         * synchronises with a relaxed load reading it followed by an
         * acquire fence */
        if (flags & RH_RT_ACQUIRE)
            rt_acquire(t, &t->fence_acq);
        if (flags & RH_RT_RELEASE)
            rt_release(t, &t->fence_rel);
        return;
    case RH_OP_ALLOC: case RH_OP_CALLOC: case RH_OP_REALLOC:
        if (ret) {
            rt_shadow_clear((uintptr_t)ret, malloc_usable_size((void *)(uintptr_t)ret));
            if (op == RH_OP_REALLOC && obj)
                rt_heap_free((uintptr_t)obj);
            rt_heap_alloc((uintptr_t)ret, malloc_usable_size((void *)(uintptr_t)ret), loc);
        }
        return;
    default:
        return;
    }
}

/* rt_abi.h: a call that may synchronise in a way the runtime does not
 * model comes next; races across it are held back (rt_shadow.c). */
void __rh_unmodelled(uint32_t loc)
{
    rt_thread *t = rt_me;
    static uint32_t seen[64];
    static int nseen;
    static int cancel_requested; /* some thread called pthread_cancel */
    uint32_t flags = loc & (RH_UNMOD_CANCEL_POINT | RH_UNMOD_CANCEL_SEND);
    loc &= ~flags;
    if (!t || t->done || rt.ending)
        return;
    if (flags & RH_UNMOD_CANCEL_SEND)
        cancel_requested = 1;
    if ((flags & RH_UNMOD_CANCEL_POINT) && !cancel_requested) {
        /* no request to act on: the call orders nothing */
        rt_point(t, loc);
        rt_out_event(t, "nop", loc, 0, 0, 0, 1);
        return;
    }
    rt.dirty = 1;
    rt_point(t, loc);
    rt.unmod_ev = rt.events + 1;
    rt.shadow_gen++;
    rt.unmod_loc = loc;
    int i = 0;
    while (i < nseen && seen[i] != loc)
        i++;
    if (i == nseen && rt.out) {
        fprintf(rt.out, "U %u\n", loc);
        if (nseen < 64)
            seen[nseen++] = loc;
    }
    rt_out_event(t, "nop", loc, 0, 0, 0, 1);
}

int __rh_cond_wait(void *cond, void *mutex, uint32_t flags, uint32_t loc)
{
    rt_thread *t = rt_me;
    if (!t || t->done || rt.ending)
        return 0;
    rt.dirty = 1;
    rt_point(t, loc);
    lock_released(t, mutex);
    pthread_mutex_unlock(mutex);
    rt_out_event(t, "wait", loc, (uintptr_t)cond, 0, 0, (long)(uintptr_t)mutex);
    t->pend = RT_P_COND, t->obj = cond, t->obj2 = mutex, t->signaled = 0;
    t->timed = (flags & RH_F_TIMED) != 0, t->timed_out = 0;
    rt_point(t, loc);
    int timed_out = t->timed_out;
    t->timed_out = 0;
    if (timed_out) /* nobody woke it: no edge from the condition, only the mutex's */
        rt_out_event(t, "timeout", loc, (uintptr_t)cond, 0, 0, 0);
    else
        rt_acquire(t, &rt_obj_get(cond)->vc);
    lock_acquired(t, mutex, 0);
    pthread_mutex_lock(mutex);
    rt_out_event(t, "wake", loc, (uintptr_t)cond, 0, 0, (long)(uintptr_t)mutex);
    if (!timed_out)
        return 0; /* thrd_success is 0 too */
    return (flags & RH_RT_C11) ? thrd_timedout : ETIMEDOUT;
}

int __rh_barrier_wait(void *barrier, uint32_t loc)
{
    rt_thread *t = rt_me;
    if (!t || t->done || rt.ending)
        return 0;
    rt.dirty = 1;
    rt_point(t, loc);
    rt_obj *o = rt_obj_get(barrier);
    rt_vc_join(&o->vc, &t->vc);
    rt_vc_tick(t);
    rt_out_event(t, "barrier", loc, (uintptr_t)barrier, 0, 0, 0);
    int serial = 0;
    if (++o->count >= o->size) {
        o->count = 0;
        o->gen++;
        serial = 1;
        rt_vc_join(&t->vc, &o->vc);
        /* the departing side: every arrival of this round happens before it */
        rt_obj *done = rt_obj_get((char *)barrier + 1);
        free(done->vc.c);
        done->vc = o->vc;
        o->vc.c = NULL, o->vc.n = 0;
    } else {
        t->pend = RT_P_BARRIER, t->obj = barrier, t->gen = o->gen;
        rt_point(t, loc);
        rt_acquire(t, &rt_obj_get((char *)barrier + 1)->vc);
    }
    rt_out_event(t, "depart", loc, (uintptr_t)barrier, 0, 0, 0);
    return serial ? -1 /* PTHREAD_BARRIER_SERIAL_THREAD */ : 0;
}
