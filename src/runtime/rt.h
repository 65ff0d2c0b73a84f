/* rt.h - the racehunt runtime's internal state, shared by its few files.
 *
 * The runtime serialises the program under test: every program thread is a
 * real pthread, but only the holder of the scheduler token runs, and the
 * token moves only at instrumentation points (rt_sched.c).  Because exactly
 * one thread runs runtime code at a time, the state below needs no locks;
 * rt.mu and the per-thread condition variables only hand the token over.
 */
#ifndef RH_RT_H
#define RH_RT_H

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "model/concurrency.h"
#include "rt_abi.h"

/* A vector clock, grown on demand (threads are numbered from 0). */
typedef struct rt_vc {
    uint32_t *c;
    uint32_t n;
} rt_vc;

/* What a thread waits to do next: its pending event decides whether it is
 * enabled (rt_enabled). */
typedef enum rt_pend {
    RT_P_RUN = 0,     /* an access or a non-blocking operation */
    RT_P_LOCK,        /* obj: lock; shared: read mode */
    RT_P_JOIN,        /* target: thread id */
    RT_P_COND,        /* waiting on obj (cond) for a signal, then obj2 (mutex) */
    RT_P_BARRIER,     /* obj: barrier, gen: generation it arrived in */
    RT_P_SEM,         /* obj: semaphore */
} rt_pend;

/* Slots of a thread's remembered reads (rt_thread.rc): enough for the
 * few words a loop reads again besides the bytes it walks through. */
#define RT_RC_SLOTS 64

typedef struct rt_thread {
    int id, parent;
    uint32_t create_loc;
    pthread_t pth;
    pthread_cond_t cv;
    int started, done, c11;
    void *(*fn)(void *);
    void *arg;
    rt_pend pend;
    void *obj, *obj2;
    int shared, target, signaled;
    int timed;               /* its pending wait may time out (rt_sched.c) */
    int timed_out;           /* it did: the wait's hooks read it, and clear it */
    unsigned long gen;
    rt_vc vc;
    uint32_t epoch;          /* vc.c[id], its own clock: only rt_vc_tick moves it */
    rt_vc fence_rel;         /* clock at its last release fence: relaxed stores publish it */
    rt_vc fence_acq;         /* clocks its relaxed loads read: its next acquire fence takes them */
    uint64_t prio;           /* PCT priority */
    int atomic_depth;        /* inside __VERIFIER_atomic: no switches */
    unsigned long run_len;   /* steps since its last switch or write: spinning? */
    unsigned long slice;     /* points since the strategy last chose it (rt_sched.c) */
    unsigned long quantum;   /* random walk: points it runs before the next draw */
    /* Points it may still take on the fast path (rt_fast.h) while nothing
     * sets rt.dirty: counted down from what the slow path computed when it
     * last let t run (rt_sched.c, grant_fast), so the fast path checks one
     * counter instead of the step limit, spinning, the strategy's quantum
     * and PCT's change points.  fast_choice: each of those points counts
     * as a PCT choice. */
    unsigned long fast_left;
    int fast_choice;
    uint32_t node;           /* stack depot node of the current call stack */
    uint32_t *frames;        /* saved nodes, one per open call */
    int depth, cap;
    int stepped;             /* a scheduling point whose event is not logged yet */
    int outside;             /* in a blocking system call, off the schedule (atomic) */
    uint32_t step_loc;
    void **held;             /* locks held, for reports */
    int nheld, capheld;
    int ignore_r, ignore_w;  /* open ignore-reads/-writes annotations (rt_annot.c) */
    /* done, atomic_depth, ignore_r and ignore_w folded into one word, so
     * that the access hook's fast path tests one (rt_refold keeps it). */
    int off_fast;
    uint32_t ignore_r_loc, ignore_w_loc; /* where the outermost one began */
    int on_hold;             /* held at a target access (rt_target.c): not enabled */
    int hold_write, hold_side;
    uintptr_t hold_addr;
    uint64_t hold_size;
    unsigned long hold_since;
    /* Grains (address / 8) of its reads the shadow's fast path took, one
     * per slot by the grain's low bits, with the bytes of each the thread
     * is known to have read in this epoch, each valid while rt.shadow_gen
     * is its gen (rt_fast.h, rt_read_cached). */
    struct rt_rc {
        uintptr_t grain;
        unsigned long gen;
        uint8_t mask;
    } rc[RT_RC_SLOTS];
    /* The grains [rr_lo, rr_hi] holding the bytes [rr_a, rr_b) of its
     * plain range reads the shadow's fast path last took whole, valid
     * while rt.shadow_gen is rr_gen (rt_fast.h, rt_range_cached). */
    uintptr_t rr_a, rr_b, rr_lo, rr_hi;
    unsigned long rr_gen;
    /* Per thread u: the event of u's newest plain write this thread read
     * in a race, and the site of that read (rt_shadow.c, ordering_race):
     * what a release-acquire pair there would have given it. */
    uint32_t *racy_ev, *racy_site;
    uint32_t nracy;
} rt_thread;

/* A synchronisation object, keyed by its address. */
typedef struct rt_obj {
    void *addr;
    rt_vc vc;                /* release clock */
    int holder, recursion;   /* mutex/writer holder (-1 none) */
    int readers;             /* rwlock readers */
    long count;              /* semaphore value; barrier: arrived */
    long size;               /* barrier participants */
    unsigned long gen;       /* barrier generation */
    int known;               /* semaphore/barrier initialised by a call we saw */
    int mutex;               /* locked as a mutex (RH_RT_MUTEX): may be robust */
} rt_obj;

typedef enum rt_strategy { RT_PCT, RT_RANDOM, RT_FIFO, RT_REPLAY } rt_strategy;

/* One replay step: which thread runs, and the position it should be at. */
typedef struct rt_step {
    int tid;
    unsigned line, col;
} rt_step;

typedef struct rt_state {
    pthread_mutex_t mu;
    int cur;                 /* the token holder */
    rt_thread **th;
    int nth, capth;
    int live;                /* threads created and not finished, main included */
    int max_live;            /* cap on live threads (RH_RT_MAX_THREADS), 0 none */
    rt_strategy strategy;
    uint64_t rng;
    unsigned long steps, max_steps, events;
    /* PCT counts only points where another thread could run: change points
     * in a single-threaded stretch (main filling a table) would be wasted
     * and would demote a thread before it ever has company. */
    unsigned long choices;   /* counted under PCT only */
    int others_enabled;      /* at the last decision, as seen by its winner */
    int at_choice;           /* this point counted as a choice */
    int trace;               /* write every event (witness engine, witnesses) */
    unsigned long max_trace;
    FILE *out;
    /* PCT */
    unsigned long *change;
    int nchange, depth_d;
    unsigned long pct_k;
    uint64_t demoted;        /* the priority the next quantum demotion gives */
    /* replay */
    rt_step *sched;
    unsigned long nsched, pos, diverged;
    int replay_fair; /* a fair witness: steps yield when they spin or run a quantum (rt_sched.c) */
    int replay_cut;  /* "replay-fair-cut": the run ends at its first point past the schedule */
    int fresh_step;  /* no scheduling point since the one that took schedule step pos-1 */
    unsigned long depart_pos; /* the step where the run first departed (diverged > 0) */
    unsigned (*locpos)[2];   /* loc id -> line, col */
    unsigned long nlocs;
    long long *inputs;
    unsigned long ninputs, input_pos;
    /* objects */
    rt_obj *objs;
    unsigned long capobj, nobj;
    unsigned long races;
    int ending;
    int dirty;               /* enabledness may have changed since the last choice */
    /* Calls that may synchronise unmodelled (__rh_unmodelled): a race whose
     * earlier access came before the latest of them may be ordered by it. */
    unsigned long unmod_ev;  /* events before the latest such call, plus one */
    uint32_t unmod_loc;
    /* The event count at the latest change of any vector clock (rt_shadow.c):
     * an access record older than it may differ from a new access of the
     * same thread in the locks held, so the shadow's same-epoch shortcut
     * (rt_fast.h) does not take it for the new one. */
    unsigned long sync_ev;
    /* Moves at every step that could change what a thread's remembered
     * reads (rt_thread.rc) stand for: a clock, an unmodelled call, an
     * annotation, a shadow update off the fast path, the token taken. */
    unsigned long shadow_gen;
    int targeted;            /* a directed run (RH_RT_TARGET): accesses go to rt_target_reach */
    int off_fast;            /* ending or targeted, in one word for the access hook's fast path */
} rt_state;

/* Recomputes t->off_fast after a change of one of the fields it folds. */
static inline void rt_refold(rt_thread *t)
{
    t->off_fast = t->done || t->atomic_depth || t->ignore_r || t->ignore_w;
}

/* The runtime is a static archive linked into the program's executable:
 * its state is hidden (addressed directly, not through the GOT) and the
 * thread's pointer is initial-exec TLS (no __tls_get_addr sequence), so
 * the access hook's fast path (rt_fast.h) reads them in one instruction. */
#define RT_INTERNAL __attribute__((visibility("hidden")))
extern RT_INTERNAL rt_state rt;
extern RT_INTERNAL volatile sig_atomic_t rt_time_up;
extern RT_INTERNAL __thread rt_thread *rt_me __attribute__((tls_model("initial-exec")));

/* rt_sched.c */
void rt_sched_init(void);
void rt_point(rt_thread *t, uint32_t loc);
void rt_resumed(rt_thread *t, uint32_t loc);
/* A cut replay's visits of thread tid to loc's line and column since the
 * schedule's last line was taken (its 'S' lines: wit_group.c); 0 unknown. */
unsigned long rt_replay_visits(int tid, uint32_t loc);
rt_thread *rt_new_thread(int parent, uint32_t loc);
void rt_thread_finish(rt_thread *t);
void rt_wait_token(rt_thread *t);
/* Around a call that may block in the kernel (read, accept, poll, ...):
 * the thread leaves the schedule, so the others run meanwhile, and comes
 * back when it returns (it takes the token when nobody holds it). */
void rt_sched_leave(rt_thread *t);
void rt_sched_rejoin(rt_thread *t);
uint64_t rt_rand(void);

/* rt_target.c: directed runs at a candidate pair (RH_RT_TARGET) */
void rt_target_init(void);
/* t is held at its target access and may not run */
int rt_target_held(const rt_thread *t);
/* before an access at loc: holds t there, or releases the thread held at
 * the pair's other side (t's partner) to run next */
void rt_target_reach(rt_thread *t, void *p, uint64_t size, uint32_t flags, uint32_t loc);
/* the released thread to run at this choice, once, or NULL */
rt_thread *rt_target_next(void);
/* ends the oldest hold (nothing else can run); 1 when there was one */
int rt_target_release_oldest(void);
/* ends holds older than the bound */
void rt_target_expire(void);

/* rt_shadow.c */
void rt_vc_join(rt_vc *to, const rt_vc *from);
void rt_vc_tick(rt_thread *t);
uint32_t rt_vc_get(const rt_vc *v, int tid);
void rt_release(rt_thread *t, rt_vc *obj);
void rt_acquire(rt_thread *t, const rt_vc *obj);
void rt_shadow_access(rt_thread *t, uintptr_t a, uint64_t size, uint32_t flags, uint32_t loc);
/* rt_shadow_access of a plain read of [a, a+size) whose bytes before
 * `from` the fast path took, leaving them as the slow path would
 * (rt_fast.h, rt_shadow_fast_span): only [from, a+size) is checked */
void rt_shadow_read_from(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t from, uint32_t flags,
                         uint32_t loc);
void rt_shadow_clear(uintptr_t a, uint64_t size);
/* The write of a block being freed, [a, a+size), then rt_shadow_clear of
 * it: the same reports as rt_shadow_access's write, fewer cells written. */
void rt_shadow_free(rt_thread *t, uintptr_t a, uint64_t size, uint32_t loc);
/* rt_pool.c: blocks of one size (at least a pointer's) for the shadow,
 * never given back to the system; a block put back is handed out again. */
typedef struct rt_pool {
    size_t size;
    void *free;              /* blocks put back, linked through their first bytes */
    char *next;              /* the current mapping's unused bytes */
    size_t left;
    char *ready;             /* the current mapping's bytes before it are prefaulted */
} rt_pool;
void *rt_pool_get(rt_pool *pl);
void *rt_pool_get_zero(rt_pool *pl); /* all bytes zero */
void rt_pool_put(rt_pool *pl, void *b); /* NULL: nothing */
/* rt_heap.c: live heap blocks by allocating call; describe writes
 * "A ADDR LOC OFFSET SIZE" when addr is inside one (nothing otherwise). */
void rt_heap_alloc(uintptr_t addr, uint64_t size, uint32_t loc);
void rt_heap_free(uintptr_t addr);
void rt_heap_describe(FILE *f, uintptr_t addr);
uint32_t rt_depot(uint32_t parent, uint32_t loc);
void rt_depot_write(FILE *f, uint32_t node);

/* rt_annot.c: annotations that make races suppressed (benign ranges,
 * ignore regions) or forget accesses (new memory); the loc of the
 * annotation that hides a race is written after it ("H LOC", rt_out.c). */
void rt_annot_op(rt_thread *t, uint32_t op, uint32_t flags, void *obj, uint64_t n, uint32_t loc);
uint32_t rt_annot_benign_at(uintptr_t a, uint64_t size);
uint32_t rt_annot_ignored(const rt_thread *t, uint32_t access_flags);
void rt_shadow_hide(uintptr_t a, uint64_t size, uint32_t loc);

/* rt_hooks.c (and the entry points of rt_abi.h that other files call) */
rt_obj *rt_obj_get(void *addr);
void __rh_sync_pre(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t n, uint32_t loc);
void __rh_unmodelled(uint32_t loc);
void __rh_sync_post(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t ret, uint32_t loc);
int __rh_barrier_wait(void *barrier, uint32_t loc);
void rt_release_robust(rt_thread *t);

/* rt_out.c */
/* writes one event (rt_fast.h's rt_out_event decides whether, and counts it) */
void rt_out_record(rt_thread *t, const char *what, uint32_t loc, uintptr_t addr, uint64_t size,
                   uint64_t value, long aux);
void rt_out_end(const char *reason, const char *detail);
/* writes where each thread's recording of the clock's answers ends (rt_clock.c) */
void rt_clock_end(void);
void rt_out_flush(void);

/* rt_limits.c: a program that reached one of racehunt's caps ends its run
 * as END limit, with a sentence saying which cap. */
void rt_limit_threads(void);
__attribute__((noreturn)) void rt_limit_reached(const char *what);
__attribute__((noreturn)) void __rh_undefined(const char *name);
void rt_out_flush(void);
void rt_out_init(void);

#endif
