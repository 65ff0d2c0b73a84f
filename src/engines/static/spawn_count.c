/* spawn_count.c - counted joins: how many instances of a thread this
 * thread created and has not joined yet (see lockset.h).
 *
 * A thread created more than once (a create wrapper called from several
 * places; a function that creates two workers and joins them, called
 * twice) is "multi", and one join of it never says that none is left
 * running.  Counting does: C and POSIX make joining a thread twice, or a
 * thread that is not joinable, undefined, so under the verdict's
 * no-undefined-behaviour assumption n joins of handles of thread c join
 * n distinct instances of c.  When every instance of c is created by one
 * instance of this thread (c's creator is this thread, which is not
 * multi), n creations and n joins leave none running.  The count lives in
 * the dataflow state as the set {(c, 1), ..., (c, n)}: a may-set, whose
 * union at a merge is the larger count.  Past RH_SC_CAP creations it is
 * "many", which only a join loop over a handle array ends
 * (thread_handles.c).  A thread none of whose creations runs while an
 * instance of it may still run is serial: its instances never overlap.
 * A creation whose result the program tests as
 * failed (non-zero from pthread_create) made no thread: that edge takes
 * the count back (and a unique thread, made only there, is not running).  A join counts only through handle cells that c's
 * create call alone writes (counted_handles, thread_handles.c): what they
 * hold is a handle of some instance of c.
 */
#include "lockset.h"

#define RH_SC_CAP 6
#define RH_SC_MANY 255

static uint64_t key(int c, int k)
{
    return (uint64_t)c << 8 | (uint64_t)k;
}

static int count_of(const rh_sset *s, int c)
{
    if (rh_sset_has(s, key(c, RH_SC_MANY)))
        return RH_SC_MANY;
    int n = 0;
    while (n < RH_SC_CAP && rh_sset_has(s, key(c, n + 1)))
        n++;
    return n;
}

int rh_sc_countable(const rh_ls *ls, int c)
{
    const rh_tg_thread *th = &ls->tg->threads[c];
    return ls->spawn_cells && ls->spawn_cells[c].n && th->multi && !th->async && th->parent >= 0 &&
           th->parent == ls->cur_thread && !ls->tg->threads[th->parent].multi;
}

void rh_sc_created(const rh_ls *ls, rh_ls_state *s, int c)
{
    int n = rh_sc_countable(ls, c) ? count_of(&s->spawned, c) : RH_SC_MANY;
    if (n != 0 && ls->spawn_overlap)
        ls->spawn_overlap[c] = 1;
    if (n != RH_SC_MANY)
        rh_sset_add(&s->spawned, key(c, n + 1 > RH_SC_CAP ? RH_SC_MANY : n + 1));
}

int rh_sc_serial(const rh_ls *ls, int c)
{
    const rh_tg_thread *th = &ls->tg->threads[c];
    return ls->spawn_overlap && ls->create_seen && ls->create_seen[c] && !ls->spawn_overlap[c] && th->multi &&
           !th->async && th->parent >= 0 && !ls->tg->threads[th->parent].multi && ls->spawn_cells[c].n;
}

int rh_sc_joined(const rh_ls *ls, rh_ls_state *s, int c)
{
    if (!rh_sc_countable(ls, c))
        return 0;
    int n = count_of(&s->spawned, c);
    if (n == 0 || n == RH_SC_MANY)
        return 0;
    rh_sset_remove(&s->spawned, key(c, n));
    return n == 1;
}

int rh_sc_count(const rh_ls_state *s, int c)
{
    return count_of(&s->spawned, c);
}

void rh_sc_trim(rh_ls_state *s, int c, int m)
{
    int n = count_of(&s->spawned, c);
    if (n == RH_SC_MANY || n <= m)
        return;
    for (int k = m + 1; k <= n; k++)
        rh_sset_remove(&s->spawned, key(c, k));
    if (m == 0) /* by the count, no instance is left running */
        rh_sset_remove(&s->active, (uint64_t)c);
}

void rh_sc_unknown(rh_ls_state *s, int c)
{
    rh_sset_add(&s->spawned, key(c, RH_SC_MANY));
}

void rh_sc_forget(rh_ls_state *s, int c)
{
    rh_sset_remove(&s->spawned, key(c, RH_SC_MANY));
    for (int k = 1; k <= RH_SC_CAP; k++)
        rh_sset_remove(&s->spawned, key(c, k));
}

/* The create call cond tests against 0, and the edge taken only when the
 * call failed; NULL if cond is no such test. */
static LLVMValueRef failed_create(const rh_ls *ls, LLVMValueRef cond, unsigned *fail_edge)
{
    const rh_conc_entry *e;
    int64_t k;
    int eq;
    LLVMValueRef call = rh_ls_call_tested(ls, cond, &e, &k, &eq);
    if (!call || e->op != RH_OP_THREAD_CREATE || k != 0)
        return NULL;
    *fail_edge = (unsigned)(1 - eq);
    return call;
}

void rh_sc_refine(const rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s)
{
    unsigned fail;
    LLVMValueRef call = failed_create(ls, LLVMGetCondition(term), &fail);
    if (!call || fail != succ)
        return;
    for (int c = 1; c < ls->tg->nthreads; c++) {
        if (ls->tg->threads[c].create != call)
            continue;
        if (!ls->tg->threads[c].multi && !ls->tg->threads[c].async) {
            rh_sset_remove(&s->active, (uint64_t)c); /* its one creation made nothing */
            continue;
        }
        if (!rh_sc_countable(ls, c))
            continue;
        int n = count_of(&s->spawned, c);
        if (n == 0 || n == RH_SC_MANY)
            continue;
        rh_sset_remove(&s->spawned, key(c, n));
        if (n == 1) /* the instances this one would have joined are all gone */
            rh_sset_remove(&s->active, (uint64_t)c);
    }
}
