/* tier.c - which races a report shows by default (see tier.h): the rule
 * is a short table of evidence plus one test of a may-race's accesses. */
#include "tier.h"
#include "names.h"
#include "model/libspec.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* A write nothing protects: no lock held, not atomic. */
static int bare_write(const rh_race_access *a)
{
    return a->is_write && !a->atomic && !a->nlocks;
}

/* An access that takes no part in any synchronisation: no lock, not atomic. */
static int bare(const rh_race_access *a)
{
    return !a->atomic && !a->nlocks;
}

/* A library call on a whole object of unknown extent (free, realloc, a
 * string function): on a variable of static storage, a points-to set that
 * holds the variable among the pointer's targets - nobody frees a static
 * variable - so what the call touches says nothing about that variable. */
static int whole_by_call(const rh_race_access *a)
{
    return a->op && a->size == 0;
}

/* The evidence a may-race can stand on to be likely, strongest first.
 * Each looks at one side `x` (the main thread's, for the kinds that need
 * it) and the other side `y` of a may-race between two different thread
 * entries on a variable of the program's static storage.
 *
 *   UNPROTECTED  a plain write into one object (its address has targets in
 *                the variable only: a write through a pointer that may
 *                reach other objects is where points-to sets are least
 *                sure) against an access of another thread entry, neither
 *                of them the main thread, no lock on either side;
 *   MAIN_READS   the main thread, in code no other thread entry runs (its
 *                own loop, not a library it shares with its threads: a lock
 *                the analysis could not match is least likely there),
 *                accesses the variable by name (both sides' addresses have
 *                one target at a known offset, not memory a pointer may
 *                reach) with no lock and not atomically, where no join of
 *                its function may have run before (a join loop the
 *                analysis does not count as joining every thread)
 *                while another thread entry writes it (plainly, under a
 *                lock main does not take, or atomically: a plain access
 *                against an atomic one is a race too) - main reading the
 *                counters its threads update;
 *   INSTANCES    two instances of one thread entry (not a handler) name
 *                the variable, one writes it plainly, neither holds a lock;
 *                The object may also be of the heap here: both addresses
 *                having one target, main reads the one object its thread
 *                writes (a pool's counters) - two instances of one thread
 *                or two threads off main's code sharing a heap object is
 *                where locks kept in the object are most often missed;
 *   MAIN_FLAG    the same with main writing a volatile flag its threads
 *                read (a stop flag): a write of main's to a plain variable
 *                its threads read is mostly configuration the analysis
 *                could not order before the create, so it is not kept.
 *
 * Measured on real programs with judged races (bench/score_races.py). */
typedef enum may_kind {
    MAY_WEAK = 0, MAY_UNPROTECTED, MAY_MAIN_READS, MAY_MAIN_FLAG, MAY_INSTANCES,
    MAY_HEAP_SHARED, MAY_LIBRARY_STATE, MAY_MAIN_SHARED_READS, MAY_DESTROYED_IN_USE, MAY_LOCK_SKIPPED
} may_kind;

/* A handler the library runs (a signal handler, an atexit function): the
 * static engine's thread description says so (thread_graph.c). */
static int handler_side(const rh_race_access *a)
{
    return a->thread_desc && strncmp(a->thread_desc, "handler ", 8) == 0;
}

/* MAY_INSTANCES when the may-race r is between two instances of one
 * thread entry (not a handler: whether two of those overlap is where the
 * analysis is least sure) that both name the variable, neither holding a
 * lock, one writing it plainly - workers created in a loop updating a
 * counter; else MAY_WEAK. */
static may_kind instances(const rh_race *r)
{
    const rh_race_access *a = &r->a, *b = &r->b;
    if (handler_side(a) || !a->one_target || !b->one_target || a->nlocks || b->nlocks)
        return MAY_WEAK;
    return bare_write(a) || bare_write(b) ? MAY_INSTANCES : MAY_WEAK;
}

/* MAY_MAIN_SHARED_READS: main's lock-free read by name (x) is in code
 * another thread entry runs too, so a lock a caller there takes is not
 * ruled out as firmly as in main's own code (a lock wrapper the analysis
 * did not recognise); it still counts on a variable of the program's
 * static storage that every access reads and writes as volatile - declared
 * for access from several threads without a lock - when the other side (y)
 * writes it by name under no lock either. */
static may_kind shared_code_read(const rh_race *r, const rh_race_access *x,
                                 const rh_race_access *y)
{
    if (x->is_write || !bare_write(y) || !rh_names_is_program_global(r->object) || handler_side(y) ||
        !r->volatile_only)
        return MAY_WEAK;
    return MAY_MAIN_SHARED_READS;
}

static int lock_call(const rh_race_access *a);

/* MAY_MAIN_READS or MAY_MAIN_FLAG when x is the main thread's side of
 * the may-race r and y the other's (see above), else MAY_WEAK.  Main's
 * lock call is its mutex's synchronisation, not a read of data (against a
 * worker's destroy it is a reference count's look-alike). */
static may_kind main_own(const rh_race *r, const rh_race_access *x, const rh_race_access *y)
{
    if (x->thread != 0 || y->thread == 0 || !bare(x) || !x->one_target || !y->one_target ||
        x->after_join || lock_call(x))
        return MAY_WEAK;
    if (!x->own_code)
        return shared_code_read(r, x, y);
    if (!x->is_write)
        return y->is_write ? MAY_MAIN_READS : MAY_WEAK;
    return r->volatile_only && !y->atomic ? MAY_MAIN_FLAG : MAY_WEAK;
}

/* Whether one side of r is the main thread's (and the other not). */
static int main_pair(const rh_race *r)
{
    return (r->a.thread == 0) != (r->b.thread == 0);
}

/* An object of the heap (names.c's description of an allocation site). */
static int heap_object(const char *desc)
{
    return desc && strncmp(desc, "heap object", 11) == 0;
}

/* Hidden state of the library (strtok's buffer, localtime's struct tm):
 * model_lib.c names it "libc: ...".  Its calls name it exactly (no
 * pointer in between), so the location is certain; only the ordering is
 * in doubt. */
static int library_state(const char *desc)
{
    return desc && strncmp(desc, "global 'libc: ", 14) == 0;
}

/* A side that frees a heap object it names exactly: the free is a write
 * of the whole object (the extent is unknown, the object is not). */
static int frees_named(const rh_race_access *a)
{
    return a->op && strcmp(a->op, "free") == 0 && a->one_target;
}

/* A lock call's access of its lock's own memory (model.h, lock_word). */
static int lock_call(const rh_race_access *a)
{
    const rh_conc_entry *e = a->op ? rh_conc_lookup(NULL, a->op, 0) : NULL;
    return e && (e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK || e->op == RH_OP_LOCK_INIT ||
                 e->op == RH_OP_LOCK_DESTROY);
}

/* Two different thread entries, neither the main thread nor a handler
 * the library runs: the pairs whose ordering rests only on the locks the
 * analysis matched, not on creates and joins it may have misread. */
static int two_workers(const rh_race *r)
{
    return r->a.thread != r->b.thread && r->a.thread != 0 && r->b.thread != 0 &&
           !handler_side(&r->a) && !handler_side(&r->b);
}

/* A plain write of the whole access or a free of the object it names. */
static int plain_write_or_free(const rh_race_access *a)
{
    return a->is_write && !a->atomic && (!a->op || frees_named(a));
}

/* MAY_HEAP_SHARED: one heap object that both sides name exactly (one
 * target at a known offset: the points-to set merges no other object into
 * it), two different thread entries off main, one side in the function
 * that created the other side's thread, after the create (after_create),
 * the child's side holding no lock at all (none named, and no lock call
 * of its function before it without an unlock since), one of them writing
 * or freeing the object (a free only against an access under no lock).
 * The child is the creator's own (not one a sibling call created, whose
 * object would be another block of the same site), so the object is one
 * they share; the child takes no lock around its access, so no common lock
 * the analysis might have missed orders the pair. */
static may_kind heap_shared(const rh_race *r)
{
    const rh_race_access *a = &r->a, *b = &r->b;
    if (!heap_object(r->object) || !two_workers(r) || !a->one_target || !b->one_target ||
        a->assumed || b->assumed || a->atomic || b->atomic)
        return MAY_WEAK;
    if (!plain_write_or_free(a) && !plain_write_or_free(b))
        return MAY_WEAK;
    /* The last user's free after a count checked under a lock (a
     * reference count) is ordered after every access made under that
     * lock: a free counts only against an access that holds none (a call
     * of that lock is the lock's own edge, not such an access), and two
     * frees of one block are ordered by whatever decides who frees it. */
    if ((frees_named(a) && (b->nlocks || b->lock_call_before || frees_named(b) || lock_call(b))) ||
        (frees_named(b) && (a->nlocks || a->lock_call_before || lock_call(a))))
        return MAY_WEAK;
    if (a->after_create && !a->after_join && !b->nlocks && !b->lock_call_before)
        return MAY_HEAP_SHARED;
    if (b->after_create && !b->after_join && !a->nlocks && !a->lock_call_before)
        return MAY_HEAP_SHARED;
    return MAY_WEAK;
}

/* A call that ends a lock's life: its destroy, or the free of its block. */
static int ends_lock(const rh_race_access *a)
{
    const rh_conc_entry *e = a->op ? rh_conc_lookup(NULL, a->op, 0) : NULL;
    return e && (e->op == RH_OP_LOCK_DESTROY || e->op == RH_OP_FREE);
}

/* A lock or unlock call (not an init or destroy) on its lock's memory. */
static int takes_or_gives(const rh_race_access *a)
{
    const rh_conc_entry *e = a->op ? rh_conc_lookup(NULL, a->op, 0) : NULL;
    return e && (e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK);
}

/* MAY_DESTROYED_IN_USE: the main thread (x) destroys a lock or frees its
 * block while another thread entry (y, not a handler) locks or unlocks
 * it, and no join that may name y's thread may run before x (y's thread
 * is detached or never joined, or joined only later in x's function: a
 * join the analysis did not count is the usual order of a teardown); x
 * holds no lock, and no lock call or join of its function may run before
 * it.  The look-alike is a
 * reference count, whose last user frees after dropping the count under
 * the lock, which orders every other user's unlock before the free: that
 * user is a worker, or takes the lock first.  Nothing in main's own code
 * then waits for y's unlock to end: the lock word is freed under a thread
 * still inside it (a pool polling a counter before tearing down). */
static may_kind destroyed_in_use(const rh_race *r)
{
    const rh_race_access *x = &r->a, *y = &r->b;
    if (!ends_lock(x))
        x = &r->b, y = &r->a;
    if (!ends_lock(x) || !takes_or_gives(y) || x->thread != 0 || !x->unjoined_before || handler_side(x) ||
        handler_side(y) || x->assumed || y->assumed)
        return MAY_WEAK;
    if (!heap_object(r->object) && !rh_names_is_program_global(r->object))
        return MAY_WEAK;
    if (x->nlocks || x->lock_call_earlier || x->after_join)
        return MAY_WEAK;
    return MAY_DESTROYED_IN_USE;
}

/* A call whose hidden state glibc keeps per thread or serialises inside
 * (strerror): a race by POSIX, which the report keeps, but not one a
 * glibc program shows, so no strong evidence. */
static int glibc_serialised(const rh_race_access *a)
{
    const rh_conc_entry *e = a->op ? rh_libspec_lookup(a->op) : NULL;
    return e && (e->flags & RH_F_STATE_LOCKED);
}

/* MAY_LIBRARY_STATE: the library's hidden state written by calls of two
 * different thread entries off main (two calls of the non-reentrant
 * function itself, not a read of what one returned), in two different
 * functions, at least one of them holding no lock: the call runs
 * unprotected in one thread while another thread's call fills the same
 * buffer. */
static may_kind library_shared(const rh_race *r)
{
    const rh_race_access *a = &r->a, *b = &r->b;
    if (!library_state(r->object) || !two_workers(r) || a->assumed || b->assumed ||
        glibc_serialised(a) || glibc_serialised(b))
        return MAY_WEAK;
    if (!a->is_write || !b->is_write || (a->nlocks && b->nlocks))
        return MAY_WEAK;
    /* One call site shared by two threads leaves its protection to its
     * callers (a lock or semaphore there, a per-stream buffer): the
     * analysis is least sure of those, so two different callers only. */
    if (a->func && b->func && strcmp(a->func, b->func) == 0)
        return MAY_WEAK;
    return MAY_LIBRARY_STATE;
}

/* MAY_LOCK_SKIPPED: two different thread entries off main (a callback a
 * library runs counts: a signal handler takes no lock, so its read is the
 * unprotected side) name one object exactly (a variable of the program's
 * static storage or one heap object: one target at a known offset on both
 * sides); one writes it plainly under a lock, the other reads it plainly
 * holding none, with no lock call of its function before the read (a lock
 * the analysis could not match).  The writer's lock says the object is shared and meant to be
 * protected; a reader that skips it is the lockset race tools built on
 * locksets rank first (a hint read early, a status checked before a wait).
 * An unlocked write against a locked access is not taken, nor the read
 * half of an unlocked update (`x++`, its write is such a write): that is
 * mostly initialisation, teardown or a mode set once that the analysis
 * could not order or correlate (the locked and the unlocked branch of one
 * worker, chosen by a flag fixed before the threads start). */
static may_kind lock_skipped(const rh_race *r)
{
    const rh_race_access *w = &r->a, *x = &r->b;
    if (!w->is_write || !w->nlocks)
        w = &r->b, x = &r->a;
    if (!w->is_write || !w->nlocks || x->is_write || x->updated || x->nlocks || x->lock_call_before ||
        lock_call(x))
        return MAY_WEAK;
    if (w->thread == x->thread || w->thread == 0 || x->thread == 0 || !w->one_target || !x->one_target ||
        w->assumed || x->assumed || w->atomic || x->atomic || w->op || x->op)
        return MAY_WEAK;
    return heap_object(r->object) || rh_names_is_program_global(r->object) ? MAY_LOCK_SKIPPED : MAY_WEAK;
}

/* Why a may-race is not strong evidence (and *kind MAY_WEAK), or NULL
 * with the kind of evidence it stands on.  The races a lockset analysis
 * gets wrong most often on real code are the ones where both sides hold a
 * lock (locks it could not match), two instances of one thread reaching
 * memory through pointers or holding locks (thread-local data it could not
 * tell apart), the main thread in code it
 * shares with its threads or writing what they read (its ordering with
 * creates and joins is where the analysis is least sure: initialisation
 * in a function of its own, joins in loops), memory reached through
 * pointers (a points-to set may hold objects no thread shares) and
 * assumed library effects; what passes is mostly true; the rest stays
 * listed with --may. */
static const char *may_weakness(const rh_race *r, may_kind *kind)
{
    *kind = MAY_WEAK;
    int global = rh_names_is_program_global(r->object);
    if ((*kind = heap_shared(r)) != MAY_WEAK || (*kind = library_shared(r)) != MAY_WEAK ||
        (*kind = destroyed_in_use(r)) != MAY_WEAK || (*kind = lock_skipped(r)) != MAY_WEAK)
        return NULL;
    if (!global && !(main_pair(r) && heap_object(r->object)))
        return r->a.thread == r->b.thread ? "two instances of one thread"
                                          : "not a variable of the program's own static storage";
    if (r->a.assumed || r->b.assumed)
        return "an access assumed of a function nobody defines";
    if (whole_by_call(&r->a) || whole_by_call(&r->b))
        return "a library call (free, realloc, a string function) on memory of unknown extent that "
               "a pointer may reach";
    if (r->a.thread == r->b.thread) {
        *kind = instances(r);
        return *kind ? NULL : "two instances of one thread";
    }
    if (main_pair(r)) {
        *kind = r->a.thread == 0 ? main_own(r, &r->a, &r->b) : main_own(r, &r->b, &r->a);
        if (*kind != MAY_WEAK)
            return NULL;
        return global ? "one access is the main thread's, in code another thread runs too, under a "
                        "lock, through a pointer or writing what a thread reads"
                      : "not a variable of the program's own static storage, and the main thread's "
                        "access is not a lock-free read by name in its own code";
    }
    if (r->a.nlocks || r->b.nlocks)
        return "one access holds a lock";
    if (!bare_write(&r->a) && !bare_write(&r->b))
        return "no plain unprotected write";
    if (!(bare_write(&r->a) && r->a.one_object) && !(bare_write(&r->b) && r->b.one_object))
        return "the plain write is through a pointer that may reach other objects";
    *kind = MAY_UNPROTECTED;
    return NULL;
}

/* The reason a likely may-race gives, per kind. */
static const char *const may_evidence[] = {
    [MAY_UNPROTECTED] = "may-race on a variable of the program: a plain write and an access of another "
                        "thread entry, neither of them the main thread, no lock on either side",
    [MAY_MAIN_READS] = "may-race on memory the program names: the main thread, in code no other "
                       "thread runs, reads it by name with no lock while another thread entry writes it",
    [MAY_INSTANCES] = "may-race on a variable of the program: two instances of one thread entry "
                      "access it by name, one writing it, no lock on either side",
    [MAY_HEAP_SHARED] = "may-race on a heap object both accesses name exactly (one allocation site, no "
                        "other object in either points-to set): a thread accesses it after creating its "
                        "own child, the child with no lock held, one of them writing or freeing it",
    [MAY_LIBRARY_STATE] = "may-race on the library's hidden state (a non-reentrant call's static "
                          "buffer): calls of two thread entries, neither of them the main thread, one "
                          "of them holding no lock",
    [MAY_MAIN_SHARED_READS] = "may-race on a volatile variable of the program: the main thread reads it "
                              "by name with no lock, in code another thread runs too, while another "
                              "thread entry writes it by name with no lock",
    [MAY_DESTROYED_IN_USE] = "may-race on a lock's own memory: the main thread destroys the lock or "
                             "frees its block, holding no lock, taking none and joining no thread "
                             "before in its function, while another thread entry, which no join "
                             "before it names, locks or unlocks it",
    [MAY_LOCK_SKIPPED] = "may-race on memory both accesses name exactly: one thread entry writes it under "
                         "a lock, another, neither of them the main thread, reads it holding no lock",
    [MAY_MAIN_FLAG] = "may-race on a volatile flag of the program: the main thread, in code no other "
                      "thread runs, writes it by name with no lock while another thread entry reads it",
};

void rh_tier_assign(rh_race *r)
{
    free(r->status_why);
    r->status_why = NULL;
    const char *weak;
    switch (r->evidence) {
    case RH_EV_COUNTEREXAMPLE: case RH_EV_OBSERVED: case RH_EV_REPLAYED:
        r->status = RH_ST_CONFIRMED;
        return;
    case RH_EV_SEEN:
        r->status = RH_ST_LIKELY;
        r->status_why = rh_xasprintf("a run showed these accesses unordered, but %s",
                                     r->caveat ? r->caveat : "a call the runtime does not model "
                                                             "may order them");
        return;
    case RH_EV_MUST:
        r->status = RH_ST_LIKELY;
        r->status_why = rh_xstrdup(
            r->engine && strstr(r->engine, "bmc") && !strstr(r->engine, "static")
                ? "bounded model checking found a schedule, but no run followed it into the race"
                : "the static analysis found these accesses unordered on every path it "
                  "followed (must-race), but no execution showed it");
        return;
    case RH_EV_MAY:
        break;
    }
    may_kind kind;
    weak = may_weakness(r, &kind);
    r->status = weak ? RH_ST_POSSIBLE : RH_ST_LIKELY;
    if (weak)
        r->status_why = rh_xasprintf("the static analysis could not prove these accesses "
                                     "ordered or under a common lock (may-race: %s), and "
                                     "nothing showed them racing", weak);
    else
        r->status_why = rh_xasprintf("the static analysis could not prove these accesses ordered (%s)%s, "
                                     "but no execution showed them racing", may_evidence[kind],
                                     r->volatile_only || r->a.is_volatile || r->b.is_volatile
                                         ? "; a volatile access (a flag), which orders nothing"
                                         : "");
}

void rh_tier_assign_all(rh_result *res)
{
    for (int i = 0; i < res->nraces; i++)
        rh_tier_assign(&res->races[i]);
}
