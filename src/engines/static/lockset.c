/* lockset.c - context-sensitive must/may lockset and active-threads
 * dataflow over each thread (see lockset.h for the abstraction and why).
 */
#include "lockset.h"
#include "path_facts.h"
#include "sym_locks.h"
#include "idx_locks.h"
#include "settled_ptrs.h"
#include "lock_wrappers.h"
#include "param_locks.h"
#include "sem_locks.h"
#include "set_flags.h"
#include "nonnull_params.h"
#include "sem_order.h"
#include "spin_locks.h"
#include "flag_order.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct rh_ls_summary {
    int thread, func;
    LLVMValueRef ctx;
    rh_ls_state entry, exit;
    int busy;
    long next; /* next summary with the same hash, -1 */
};

/* ---- states ---- */

/* The sets of a state and how a join merges them: the must-sets
 * intersect, the may-sets unite; excl is joined by rh_pf_join_excl. */
typedef enum { JOIN_MUST, JOIN_MAY, JOIN_OWN } join_kind;
static const struct {
    size_t off;
    join_kind join;
} st_sets[] = {
    {offsetof(rh_ls_state, must), JOIN_MUST},       {offsetof(rh_ls_state, may), JOIN_MAY},
    {offsetof(rh_ls_state, active), JOIN_MAY},      {offsetof(rh_ls_state, once_done), JOIN_MUST},
    {offsetof(rh_ls_state, twice), JOIN_MUST},      {offsetof(rh_ls_state, history), JOIN_MUST},
    {offsetof(rh_ls_state, held_since), JOIN_MUST}, {offsetof(rh_ls_state, excl), JOIN_OWN},
    {offsetof(rh_ls_state, vals), JOIN_MAY},        {offsetof(rh_ls_state, conds), JOIN_MUST},
    {offsetof(rh_ls_state, ret_vals), JOIN_MAY},    {offsetof(rh_ls_state, ret_active), JOIN_MAY},
    {offsetof(rh_ls_state, sym), JOIN_MUST},        {offsetof(rh_ls_state, tries), JOIN_MUST},
    {offsetof(rh_ls_state, sem_waited), JOIN_MUST}, {offsetof(rh_ls_state, sem_posted), JOIN_MAY},
    {offsetof(rh_ls_state, flags), JOIN_MUST},      {offsetof(rh_ls_state, unset), JOIN_MUST},
    {offsetof(rh_ls_state, flag_seen), JOIN_MUST},  {offsetof(rh_ls_state, flag_stored), JOIN_MAY},
    {offsetof(rh_ls_state, unlocked), JOIN_MAY},    {offsetof(rh_ls_state, spawned), JOIN_MAY},
    {offsetof(rh_ls_state, handles), JOIN_MUST},
};
#define NSETS (sizeof st_sets / sizeof st_sets[0])
#define SET(st, i) ((rh_sset *)((char *)(st) + st_sets[i].off))
#define CSET(st, i) ((const rh_sset *)((const char *)(st) + st_sets[i].off))

static void st_free(rh_ls_state *s)
{
    for (size_t i = 0; i < NSETS; i++)
        rh_sset_free(SET(s, i));
    s->main_joined = s->live = 0;
}

static void st_copy(rh_ls_state *d, const rh_ls_state *s)
{
    for (size_t i = 0; i < NSETS; i++)
        rh_sset_copy(SET(d, i), CSET(s, i));
    d->main_joined = s->main_joined;
    d->live = s->live;
}

/* d := d ⊔ s.  Returns whether d changed. */
static int st_join(rh_ls_state *d, const rh_ls_state *s)
{
    if (!s->live)
        return 0;
    if (!d->live) {
        st_copy(d, s);
        return 1;
    }
    int c = rh_pf_join_excl(d, s); /* reads the active sets before their join */
    for (size_t i = 0; i < NSETS; i++)
        if (st_sets[i].join == JOIN_MUST)
            c |= rh_sset_intersect(SET(d, i), CSET(s, i));
        else if (st_sets[i].join == JOIN_MAY)
            c |= rh_sset_union(SET(d, i), CSET(s, i));
    if (d->main_joined && !s->main_joined) /* must */
        d->main_joined = 0, c = 1;
    return c;
}

static int st_equal(const rh_ls_state *a, const rh_ls_state *b)
{
    for (size_t i = 0; i < NSETS; i++)
        if (!rh_sset_equal(CSET(a, i), CSET(b, i)))
            return 0;
    return a->main_joined == b->main_joined;
}

static void add_both(rh_ls_state *s, uint64_t elem)
{
    rh_sset_add(&s->must, elem);
    rh_sset_add(&s->may, elem);
}

static void remove_lock(rh_sset *s, uint32_t id)
{
    rh_sset_remove(s, rh_ls_elem(id, 0));
    rh_sset_remove(s, rh_ls_elem(id, 1));
}

/* ---- synchronisation operations ---- */

static void lock_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx,
                    rh_ls_state *s, int must_too)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    rh_sset ids = {0};
    int strong, write = !(e->flags & RH_F_SHARED);
    rh_ls_lock_targets(ls, LLVMGetOperand(call, (unsigned)e->obj), ctx, e->lock_class, &ids, &strong);
    if (!must_too && (e->flags & (RH_F_TRY | RH_F_TIMED)))
        rh_sset_add(&s->tries, (uint64_t)(uintptr_t)call);
    for (uint32_t i = 0; i < ids.n; i++) {
        uint32_t id = (uint32_t)ids.v[i];
        if (!must_too)
            rh_sset_add(&s->may, rh_ls_elem(id, write));
        if (!strong || (!must_too && (e->flags & (RH_F_TRY | RH_F_TIMED))))
            continue;
        if (!must_too && ids.n == 1 && rh_sset_has(&s->must, rh_ls_elem(id, 1)) && rh_ls_relock_blocks(ls, e, id)) {
            s->live = 0; /* locking a mutex it holds: this path stops here */
            break;
        }
        if (rh_ls_alias_in(ls, &ls->counted, id) && (rh_sset_has(&s->must, rh_ls_elem(id, 0)) ||
                                               rh_sset_has(&s->must, rh_ls_elem(id, 1))))
            rh_sset_add(&s->twice, id);
        rh_sset_add(&s->must, rh_ls_elem(id, write));
        if (rh_sset_has(&ls->history_locks, id))
            rh_sset_add(&s->history, rh_ls_elem(id, write));
    }
    rh_sym_addr a;
    if (ids.n && (must_too || !(e->flags & (RH_F_TRY | RH_F_TIMED))) &&
        rh_sym_decompose(ls, LLVMGetOperand(call, (unsigned)e->obj), &a) && a.off >= 0 && a.off < INT32_MAX)
        rh_sset_add(&s->sym, (uint64_t)a.base << 33 | (uint64_t)a.off << 1 | (uint64_t)write);
    rh_sset_free(&ids);
}

/* The lock is no longer held continuously since any creation. */
static void end_held_since(rh_ls_state *s, uint32_t id)
{
    for (uint32_t i = 0; i < s->held_since.n;) {
        uint64_t elem = s->held_since.v[i] & 0xffffffffu;
        if (elem / 2 == id)
            rh_sset_remove(&s->held_since, s->held_since.v[i]);
        else
            i++;
    }
}

/* Lock ids released while the threads in s->active may run no longer
 * protect those threads' whole lives. */
static void break_creation_locks(rh_ls *ls, const rh_ls_state *s, const rh_sset *ids)
{
    for (uint32_t k = 0; k < s->active.n; k++)
        rh_sset_union(&ls->create_broken[s->active.v[k]], ids);
}

/* A condition wait releases its mutex while it blocks. */
static void cond_wait_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx,
                         rh_ls_state *s)
{
    if (e->obj2 < 0 || e->obj2 >= (int)LLVMGetNumArgOperands(call))
        return;
    rh_sset ids = {0}, all = {0};
    int strong;
    rh_ls_lock_targets(ls, LLVMGetOperand(call, (unsigned)e->obj2), ctx, RH_LOCK_MUTEX, &ids, &strong);
    rh_ls_lock_aliases(ls, &ids, &all);
    rh_ls_narrow_by_index(ls, call, LLVMGetOperand(call, (unsigned)e->obj2), ctx, &all);
    break_creation_locks(ls, s, &all);
    for (uint32_t i = 0; i < all.n; i++)
        end_held_since(s, (uint32_t)all.v[i]);
    rh_sset_free(&ids), rh_sset_free(&all);
}

static void unlock_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx,
                      rh_ls_state *s)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    rh_sset ids = {0}, all = {0};
    int strong;
    rh_ls_lock_targets(ls, LLVMGetOperand(call, (unsigned)e->obj), ctx, e->lock_class, &ids, &strong);
    rh_ls_lock_aliases(ls, &ids, &all);
    rh_ls_narrow_by_index(ls, call, LLVMGetOperand(call, (unsigned)e->obj), ctx, &all);
    break_creation_locks(ls, s, &all);
    rh_sym_unlock(ls, LLVMGetOperand(call, (unsigned)e->obj), s); /* symbolic locks it may denote */
    rh_sset_clear(&s->tries);
    if (strong && ids.n == 1 && rh_sset_remove(&s->twice, ids.v[0])) {
        rh_sset_free(&ids), rh_sset_free(&all);
        return; /* a recursive lock surely taken twice stays held */
    }
    for (uint32_t i = 0; i < all.n; i++) { /* any lock it may denote may be released */
        rh_sset_remove(&s->twice, all.v[i]);
        end_held_since(s, (uint32_t)all.v[i]);
        remove_lock(&s->must, (uint32_t)all.v[i]);
    }
    /* a recursive lock may stay held */
    if (strong && ids.n == 1 && !rh_ls_maybe_recursive(ls, (uint32_t)ids.v[0]))
        remove_lock(&s->may, (uint32_t)ids.v[0]);
    rh_sset_free(&ids), rh_sset_free(&all);
}

static void create_op(rh_ls *ls, LLVMValueRef call, rh_ls_state *s)
{
    rh_sf_creating(ls->setflags, s); /* another thread may write them from here on */
    for (int c = 1; c < ls->tg->nthreads; c++) {
        if (ls->tg->threads[c].create != call)
            continue;
        rh_sset_union(&ls->create_active[c], &s->active);
        rh_sset_union(&ls->create_may[c], &s->may);
        if (ls->create_seen[c]) {
            rh_sset_intersect(&ls->create_must[c], &s->must);
            rh_sset_intersect(&ls->create_history[c], &s->history);
            rh_sset_intersect(&ls->create_held_since[c], &s->held_since);
        } else {
            rh_sset_union(&ls->create_must[c], &s->must);
            rh_sset_union(&ls->create_history[c], &s->history);
            rh_sset_union(&ls->create_held_since[c], &s->held_since);
        }
        ls->create_seen[c] = 1;
        rh_sf_created(ls->setflags, c, s);
        rh_sset_add(&s->active, (uint64_t)c);
        rh_sc_created(ls, s, c);
        rh_ls_reuse_created(ls, s, c);
        rh_pf_created(ls, s, c);
        for (uint32_t i = 0; i < s->must.n; i++)
            if (rh_sset_has(&ls->history_locks, s->must.v[i] / 2))
                rh_sset_add(&s->held_since, ((uint64_t)c << 32) | s->must.v[i]);
    }
}

/* Thread c is surely joined: it leaves behind the threads it had not joined. */
static void join_thread(rh_ls *ls, rh_ls_state *s, int c)
{
    rh_sset_remove(&s->active, (uint64_t)c);
    rh_sc_forget(s, c);
    if (ls->exit_done[c]) {
        rh_sset_union(&s->active, &ls->exit_active[c]);
    } else { /* it may have left any thread running, but not itself */
        for (int t = 1; t < ls->tg->nthreads; t++)
            if (t != c)
                rh_sset_add(&s->active, (uint64_t)t);
    }
}

/* A join of a handle loaded from the cell only a multi thread's create
 * writes joins one of its instances (spawn_count.c). */
static void counted_join(rh_ls *ls, rh_ls_state *s, LLVMValueRef cell)
{
    const rh_sset *pts = rh_pt_of(ls->pt, cell);
    for (int c = 1; ls->spawn_cells && pts->n && c < ls->tg->nthreads; c++)
        if (rh_sset_minus(pts, &ls->spawn_cells[c], NULL) == 0 && rh_sc_joined(ls, s, c))
            join_thread(ls, s, c);
}

/* A join removes the thread whose handle it surely reads: the handle value
 * is loaded from one strong cell that exactly one unique thread's create
 * call writes (RacerF's identifier assumption, made sound by uniqueness). */
static void join_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx,
                    rh_ls_state *s, int succeeded)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    if (!succeeded && (e->flags & (RH_F_TRY | RH_F_TIMED))) {
        /* pthread_tryjoin_np, pthread_timedjoin_np: a join only on the
         * edge that tested its result for success (refine_edge) */
        rh_sset_add(&s->tries, (uint64_t)(uintptr_t)call);
        return;
    }
    LLVMValueRef h = LLVMGetOperand(call, (unsigned)e->obj);
    if (ctx && LLVMIsAArgument(h) && rh_ls_param_index(h) < LLVMGetNumArgOperands(ctx))
        h = LLVMGetOperand(ctx, rh_ls_param_index(h)), ctx = NULL;
    uint64_t loc;
    if (!LLVMIsALoadInst(h))
        return;
    if (!rh_ls_handle_loc(ls, LLVMGetOperand(h, 0), ctx, &loc)) {
        counted_join(ls, s, LLVMGetOperand(h, 0));
        return;
    }
    if (loc + 1 == ls->main_handle && ls->cur_thread != 0) {
        s->main_joined = 1; /* main has ended: everything it did comes before */
        return;
    }
    int found = -1, count = 0;
    for (int c = 1; c < ls->tg->nthreads; c++)
        if (ls->handle[c] == loc + 1)
            found = c, count++;
    if (count == 0 && (found = rh_ls_reuse_holder(ls, s, loc)) >= 0)
        join_thread(ls, s, found); /* the last create into a reused cell */
    else if (count == 1 && !ls->tg->threads[found].multi)
        join_thread(ls, s, found);
    else
        counted_join(ls, s, LLVMGetOperand(h, 0));
}

static void summary(rh_ls *ls, int f, LLVMValueRef ctx, const rh_ls_state *entry, rh_ls_state *exit);

/* Calls every function an edge may reach and joins their exit states. */
/* once_lock: the once control's lock, or -1; a library callback
 * (CALLBACK_EDGE) binds no parameter to the call's arguments. */
#define CALLBACK_EDGE -2

static void call_edge(rh_ls *ls, LLVMValueRef call, const rh_tg_edge *ed, rh_ls_state *s, int once_lock)
{
    rh_ls_state out = {0}, in = {0}, ex = {0};
    uint64_t atomic = rh_ls_elem(RH_LS_ATOMIC, 1);
    for (int k = 0; k < ed->ntargets; k++) {
        int g = ed->targets[k];
        st_copy(&in, s);
        rh_sset_clear(&in.excl), rh_sset_clear(&in.vals), rh_sset_clear(&in.conds); /* restored below */
        rh_sset_clear(&in.sym), rh_sset_clear(&in.tries), rh_sset_clear(&in.unlocked);
        if (once_lock != CALLBACK_EDGE)
            rh_pl_bind_entry(ls, call, ls->p->funcs[g].fn, s, &in); /* the caller's locks, seen through parameters */
        int atom = ls->p->funcs[g].atomic && !rh_sset_has(&in.must, atomic);
        if (atom)
            add_both(&in, atomic);
        if (once_lock >= 0)
            add_both(&in, rh_ls_elem((uint32_t)once_lock, 1));
        summary(ls, g, ls->needs_ctx[g] && once_lock != CALLBACK_EDGE ? call : NULL, &in, &ex);
        if (once_lock == CALLBACK_EDGE)
            rh_sset_clear(&ex.sym);
        else
            rh_lw_bind_sym(ls, call, ls->p->funcs[g].fn, &ex.sym); /* lock wrappers */
        if (atom)
            remove_lock(&ex.must, RH_LS_ATOMIC), remove_lock(&ex.may, RH_LS_ATOMIC);
        if (once_lock >= 0)
            remove_lock(&ex.must, (uint32_t)once_lock), remove_lock(&ex.may, (uint32_t)once_lock);
        st_join(&out, &ex);
        st_free(&ex);
    }
    if (ed->unresolved) /* something unseen may run instead: it changes no lock */
        st_join(&out, s);
    if (out.live) {
        rh_pf_after_call(ls, call, !ed->unresolved, s, &out);
        /* the callee's symbolic locks are in its own values; the caller's
         * survive a callee that unlocks nothing */
        rh_sset bound = {0}; /* what the callees surely left locked, in the caller's terms */
        rh_sset_copy(&bound, &out.sym);
        rh_sset_copy(&out.sym, &s->sym);
        if (out.unlocked.n) /* the callees may have unlocked */
            rh_sym_released(ls, &out.unlocked, &out.sym), rh_sset_clear(&out.tries);
        else
            rh_sset_copy(&out.tries, &s->tries);
        rh_sset_union(&out.sym, &bound);
        rh_sset_free(&bound);
        rh_sset_union(&out.unlocked, &s->unlocked);
    }
    st_free(&in);
    st_free(s);
    *s = out;
}

/* pthread_once: the routine runs in the caller, serialised by the once control. */
static void once_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, int f, rh_ls_state *s)
{
    const rh_tg_edge *ed = rh_tg_edge_of(ls->tg, f, call);
    if (!ed || e->obj < 0)
        return;
    rh_sset ids = {0};
    int strong;
    rh_ls_lock_targets(ls, LLVMGetOperand(call, (unsigned)e->obj), NULL, RH_LOCK_NONE, &ids, &strong);
    rh_ls_state before = {0};
    st_copy(&before, s);
    call_edge(ls, call, ed, s, strong && ids.n == 1 ? (int)ids.v[0] : -1);
    st_join(s, &before); /* later callers skip the routine */
    if (strong && ids.n == 1 && !ed->unresolved)
        rh_sset_add(&s->once_done, ids.v[0]);
    st_free(&before);
    rh_sset_free(&ids);
}

static void sync_op(rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e, int f, LLVMValueRef ctx,
                    rh_ls_state *s)
{
    if (rh_conc_registers(e) || rh_conc_cancel_kind(e) == RH_CANCEL_SETJMP) {
        /* a handler (a cleanup region's too): a thread from here on (thread_graph.h) */
        create_op(ls, call, s);
        return;
    }
    const rh_conc_entry *sem = rh_semlock_entry(ls->semlock, ls->pt, call, e);
    rh_semord_transfer(ls->semord, ls->pt, call, e, ls->cur_thread, s);
    rh_sf_sem(ls->setflags, ls->pt, ls->semord, call, e, s);
    if (sem && sem->op == RH_OP_UNLOCK)
        rh_semlock_check_post(ls->semlock, ls, call, e, &s->must);
    if (sem)
        e = sem; /* a binary semaphore used as a lock is one */
    switch (e->op) {
    case RH_OP_LOCK: lock_op(ls, call, e, ctx, s, 0); break;
    case RH_OP_UNLOCK: unlock_op(ls, call, e, ctx, s); break;
    case RH_OP_COND_WAIT: cond_wait_op(ls, call, e, ctx, s); break;
    case RH_OP_ATOMIC_BEGIN: add_both(s, rh_ls_elem(RH_LS_ATOMIC, 1)); break;
    case RH_OP_ATOMIC_END:
        remove_lock(&s->must, RH_LS_ATOMIC), remove_lock(&s->may, RH_LS_ATOMIC);
        break;
    case RH_OP_THREAD_CREATE: create_op(ls, call, s); break;
    case RH_OP_THREAD_JOIN: join_op(ls, call, e, ctx, s, 0); break;
    case RH_OP_THREAD_EXIT:
        rh_sset_union(&ls->exit_active[ls->cur_thread], &s->active);
        s->live = 0;
        break;
    case RH_OP_ERROR:
    case RH_OP_EXIT: s->live = 0; break;
    case RH_OP_ONCE: once_op(ls, call, e, f, s); break;
    default: break;
    }
}

static void transfer_call(rh_ls *ls, LLVMValueRef call, int f, LLVMValueRef ctx, rh_ls_state *s)
{
    const rh_conc_entry *e = rh_model_call_entry(ls->p, call);
    if (e && e->op != RH_OP_ATOMIC_CALL && !(e->flags & RH_F_CALLBACK)) {
        sync_op(ls, call, e, f, ctx, s);
        return;
    }
    const rh_tg_edge *ed = rh_tg_edge_of(ls->tg, f, call);
    if (ed && ed->kind == RH_TG_CALL && ed->ntargets > 0)
        call_edge(ls, call, ed, s, e ? CALLBACK_EDGE : -1);
}

/* ---- trylock branches ---- */

LLVMValueRef rh_ls_strip_int_casts(LLVMValueRef v)
{
    while (LLVMIsAInstruction(v) && (LLVMGetInstructionOpcode(v) == LLVMZExt ||
                                     LLVMGetInstructionOpcode(v) == LLVMSExt ||
                                     LLVMGetInstructionOpcode(v) == LLVMTrunc))
        v = LLVMGetOperand(v, 0);
    return v;
}

LLVMValueRef rh_ls_call_tested(const rh_ls *ls, LLVMValueRef cond, const rh_conc_entry **entry, int64_t *k,
                               int *eq_edge)
{
    int neg;
    cond = rh_pf_icmp_of(cond, &neg);
    if (!cond)
        return NULL;
    LLVMValueRef a = rh_ls_strip_int_casts(LLVMGetOperand(cond, 0)), b = rh_ls_strip_int_casts(LLVMGetOperand(cond, 1));
    if (LLVMIsAConstantInt(a))
        a = b, b = rh_ls_strip_int_casts(LLVMGetOperand(cond, 0));
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cond);
    if (!LLVMIsAConstantInt(b) || !LLVMIsACallInst(a) || (pr != LLVMIntEQ && pr != LLVMIntNE) ||
        !(*entry = rh_model_call_entry(ls->p, a)))
        return NULL;
    *k = LLVMConstIntGetSExtValue(b);
    *eq_edge = (pr == LLVMIntEQ ? 0 : 1) ^ neg;
    return a;
}

/* The trylock (or tryjoin) call a branch condition tests, and which edge
 * (0 true, 1 false) is taken only when the lock was acquired (the thread
 * joined); NULL if none. */
static LLVMValueRef try_condition(rh_ls *ls, LLVMValueRef cond, int *success_edge)
{
    const rh_conc_entry *e;
    int64_t k;
    LLVMValueRef call = rh_ls_call_tested(ls, cond, &e, &k, success_edge);
    if (!call || (e->op != RH_OP_LOCK && e->op != RH_OP_THREAD_JOIN) ||
        !(e->flags & (RH_F_TRY | RH_F_TIMED)) || (e->flags & RH_F_ANNOT) || k != e->success)
        return NULL;
    return call;
}

static void refine_edge(rh_ls *ls, LLVMValueRef term, unsigned succ, LLVMValueRef ctx, rh_ls_state *s)
{
    if (LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
        return;
    if (rh_sf_edge_dead(ls->setflags, term, succ, s) || /* a set flag read as zero */
        rh_nn_edge_dead(ls->nonnull, term, succ)) {       /* a non-null parameter tested for null */
        s->live = 0;
        return;
    }
    long lj = rh_map_get_ptr(&ls->loop_join_of, LLVMGetInstructionParent(term), -1);
    if (lj >= 0 && succ == 1) { /* leaving a loop that joined every thread it names */
        const rh_sset *joined = &ls->loop_joins[lj];
        for (uint32_t i = 0; i < joined->n; i++)
            join_thread(ls, s, (int)joined->v[i]);
    }
    int edge;
    LLVMValueRef call = try_condition(ls, LLVMGetCondition(term), &edge);
    if (call && (unsigned)edge == succ && rh_sset_has(&s->tries, (uint64_t)(uintptr_t)call)) {
        const rh_conc_entry *e = rh_model_call_entry(ls->p, call);
        if (e->op == RH_OP_THREAD_JOIN)
            join_op(ls, call, e, ctx, s, 1);
        else
            lock_op(ls, call, e, ctx, s, 1);
    }
    rh_spin_edge(ls->spin, ls, term, succ, ctx, s);  /* a spin lock taken */
    rh_flagord_edge(ls->flagord, ls, term, succ, s); /* a flag seen set */
    rh_sc_refine(ls, term, succ, s);                 /* a create that failed */
    rh_pf_refine(ls, term, succ, s);
}

/* ---- intraprocedural dataflow ---- */

/* Whether access a has a base + offset form (computed once). */
static int sym_ok(rh_ls *ls, long a)
{
    if (!ls->acc_sym_ok[a])
        ls->acc_sym_ok[a] = rh_sym_decompose(ls, ls->p->accesses[a].ptr, &ls->acc_sym[a]) ? 1 : 2;
    return ls->acc_sym_ok[a] == 1;
}

/* The symbolic locks, index keys (idx_locks.h) and settled-pointer keys
 * (settled_ptrs.h) access a holds in s. */
static void sym_and_index_held(rh_ls *ls, const rh_ls_state *s, long a, rh_sset *out)
{
    rh_sym_held(s, &ls->acc_sym[a], out);
    rh_idx_held(ls, s, &ls->acc_sym[a], ls->p->accesses[a].size, out);
    rh_sp_held(ls, s, out);
}

/* Where thread t's entry of r->per is, or would go: the entries are kept
 * in thread order (a program with many thread entries asks for one per
 * access pair, the pair search's hottest call). */
static int per_position(const rh_ls_access *r, int t)
{
    int lo = 0, hi = r->nper;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (r->per[mid].thread < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void record_access(rh_ls *ls, LLVMValueRef inst, const rh_ls_state *s)
{
    long a = rh_map_get_ptr(&ls->acc_of_inst, inst, -1);
    for (; a >= 0 && a < ls->p->naccesses && ls->p->accesses[a].inst == inst; a++) {
        rh_ls_access *r = &ls->acc[a];
        if (!r->seen)
            rh_sset_copy(&r->must, &s->must), r->seen = 1;
        else
            rh_sset_intersect(&r->must, &s->must);
        rh_sset_union(&r->may, &s->may);
        rh_sset_union(&r->active, &s->active);
        rh_sset_add(&r->threads, (uint64_t)ls->cur_thread);
        int at = per_position(r, ls->cur_thread);
        rh_ls_per *pr = at < r->nper && r->per[at].thread == ls->cur_thread ? &r->per[at] : NULL;
        if (!pr) { /* kept in thread order: rh_ls_per_thread searches by halves */
            r->per = rh_xrealloc(r->per, (size_t)(r->nper + 1) * sizeof *r->per);
            memmove(&r->per[at + 1], &r->per[at], (size_t)(r->nper++ - at) * sizeof *r->per);
            pr = &r->per[at];
            memset(pr, 0, sizeof *pr);
            pr->thread = ls->cur_thread;
            rh_sset_copy(&pr->must, &s->must);
            pr->main_joined = s->main_joined;
            rh_sset_copy(&pr->once_done, &s->once_done);
            rh_sset_copy(&pr->history, &s->history);
            rh_sset_copy(&pr->held_since, &s->held_since);
            rh_sset_copy(&pr->sem_waited, &s->sem_waited);
            rh_sset_copy(&pr->flag_seen, &s->flag_seen);
            if (sym_ok(ls, a))
                sym_and_index_held(ls, s, a, &pr->sym);
        } else {
            rh_sset_intersect(&pr->must, &s->must);
            pr->main_joined &= s->main_joined;
            rh_sset_intersect(&pr->once_done, &s->once_done);
            rh_sset_intersect(&pr->history, &s->history);
            rh_sset_intersect(&pr->held_since, &s->held_since);
            rh_sset_intersect(&pr->sem_waited, &s->sem_waited);
            rh_sset_intersect(&pr->flag_seen, &s->flag_seen);
            if (pr->sym.n) {
                rh_sset held = {0};
                sym_and_index_held(ls, s, a, &held);
                rh_sset_intersect(&pr->sym, &held);
                rh_sset_free(&held);
            }
        }
        rh_sset_union(&pr->may, &s->may);
        rh_sset_union(&pr->active, &s->active);
        rh_sset_union(&pr->sem_posted, &s->sem_posted);
        rh_sset_union(&pr->flag_stored, &s->flag_stored);
    }
}

const rh_ls_per *rh_ls_per_thread(const rh_ls *ls, int a, int t)
{
    const rh_ls_access *r = &ls->acc[a];
    int at = per_position(r, t);
    return at < r->nper && r->per[at].thread == t ? &r->per[at] : NULL;
}

/* ret collects what the returns returned (path_facts.h); a return of a
 * phi in a block of phis only was recorded per incoming edge already. */
static void run_block(rh_ls *ls, int f, LLVMValueRef ctx, LLVMBasicBlockRef b, rh_ls_state *s,
                      rh_ls_state *exit, rh_ls_state *ret)
{
    for (LLVMValueRef in = LLVMGetFirstInstruction(b); in && s->live && !ls->timeout;
         in = LLVMGetNextInstruction(in)) {
        record_access(ls, in, s);
        if (s->sym.n)
            rh_sym_redefined(ls, s, in);
        if (s->conds.n || s->excl.n)
            rh_pf_redefined(ls, s, in);
        switch (LLVMGetInstructionOpcode(in)) {
        case LLVMCall:
            rh_sf_store(ls->setflags, in, s); /* a memory call's writes */
            transfer_call(ls, in, f, ctx, s);
            break;
        case LLVMStore:
            rh_sf_store(ls->setflags, in, s);
            rh_spin_store(ls->spin, ls, in, ctx, s);  /* a spin lock released */
            rh_flagord_store(ls->flagord, ls, in, s); /* a flag set */
            break;
        case LLVMRet: {
            st_join(exit, s);
            LLVMValueRef rv = LLVMGetNumOperands(in) == 1 ? LLVMGetOperand(in, 0) : NULL;
            if (!rv || !LLVMIsAPHINode(rv) || !LLVMCountIncoming(rv) ||
                !rh_pf_return_through(b, LLVMGetIncomingBlock(rv, 0)))
                rh_pf_return(ret, s, rv, in);
            break;
        }
        case LLVMUnreachable: s->live = 0; break;
        default: break;
        }
    }
}

static void analyze_func(rh_ls *ls, int f, LLVMValueRef ctx, const rh_ls_state *entry, rh_ls_state *exit)
{
    const rh_cfg_func *cf = &ls->cfg->f[f];
    int n = cf->nblocks;
    rh_ls_state *in = rh_xcalloc((size_t)n + 1, sizeof *in), s = {0}, e = {0}, ret = {0};
    unsigned char *dirty = rh_xcalloc((size_t)n + 1, 1);
    st_copy(&in[0], entry);
    in[0].live = dirty[0] = 1;
    for (int again = n > 0; again;) {
        again = 0;
        for (int b = 0; b < n; b++) {
            if (rh_budget_over(ls->budget)) { /* the result is not used then */
                ls->timeout = 1, again = 0;
                break;
            }
            if (!dirty[b])
                continue;
            dirty[b] = 0, again = 1;
            st_copy(&s, &in[b]);
            run_block(ls, f, ctx, cf->blocks[b], &s, exit, &ret);
            if (!s.live)
                continue;
            LLVMValueRef term = LLVMGetBasicBlockTerminator(cf->blocks[b]);
            for (int k = cf->succ_off[b]; k < cf->succ_off[b + 1]; k++) {
                st_copy(&e, &s);
                refine_edge(ls, term, (unsigned)(k - cf->succ_off[b]), ctx, &e);
                if (e.live)
                    rh_pf_edge(ls, term, cf->blocks[cf->succ[k]], &e);
                LLVMValueRef rv = rh_pf_return_through(cf->blocks[cf->succ[k]], cf->blocks[b]);
                if (rv && e.live)
                    rh_pf_return(&ret, &e, rv, term);
                if (st_join(&in[cf->succ[k]], &e))
                    dirty[cf->succ[k]] = 1;
            }
        }
    }
    if (exit->live)
        rh_sset_union(&exit->ret_vals, &ret.ret_vals), rh_sset_union(&exit->ret_active, &ret.ret_active);
    for (int b = 0; b < n; b++)
        st_free(&in[b]);
    st_free(&s), st_free(&e), st_free(&ret);
    free(in), free(dirty);
}

/* ---- summaries ---- */

static uint64_t sum_hash(int thread, int f, LLVMValueRef ctx, const rh_ls_state *s)
{
    uint64_t h = rh_hash64(((uint64_t)(uint32_t)thread << 32) ^ (uint32_t)f);
    h = rh_hash64(h ^ (uint64_t)(uintptr_t)ctx);
    for (size_t i = 0; i < NSETS; i++)
        h = rh_hash64(h ^ rh_sset_hash(CSET(s, i)));
    return rh_hash64(h ^ (uint64_t)s->main_joined);
}

/* What an unanalysed call may do: release any lock, take any, start any thread. */
static void conservative_exit(rh_ls *ls, const rh_ls_state *entry, rh_ls_state *exit)
{
    st_free(exit);
    rh_sset_copy(&exit->may, &entry->may);
    rh_sset_union(&exit->may, &ls->all_locks);
    rh_sset_copy(&exit->active, &entry->active);
    rh_sset_copy(&exit->once_done, &entry->once_done); /* what has returned stays returned */
    rh_sset_copy(&exit->history, &entry->history);     /* and what was acquired was */
    rh_sset_copy(&exit->flags, &entry->flags);         /* no write clears a set flag */
    rh_semord_unknown(entry, exit);
    rh_flagord_unknown(entry, exit);
    rh_sset_add(&exit->ret_vals, 0);                   /* it returns anything */
    rh_sset_add(&exit->unlocked, RH_SYM_ANY_LOC);
    for (int c = 1; c < ls->tg->nthreads; c++) /* only this thread's children can be started here */
        if (ls->tg->threads[c].parent == ls->cur_thread || ls->tg->threads[c].parent < 0)
            rh_sset_add(&exit->active, (uint64_t)c), rh_sc_unknown(exit, c); /* uncounted instances */
    exit->live = 1;
}

static long new_summary(rh_ls *ls, int f, LLVMValueRef ctx, const rh_ls_state *entry, uint64_t h)
{
    if (ls->nsums == ls->capsums) {
        ls->capsums = ls->capsums ? 2 * ls->capsums : 256;
        ls->sums = rh_xrealloc(ls->sums, (size_t)ls->capsums * sizeof *ls->sums);
    }
    rh_ls_summary *sm = &ls->sums[ls->nsums];
    memset(sm, 0, sizeof *sm);
    sm->thread = ls->cur_thread, sm->func = f, sm->ctx = ctx, sm->busy = 1;
    st_copy(&sm->entry, entry);
    sm->next = rh_map_get(&ls->sum_index, h, -1);
    rh_map_put(&ls->sum_index, h, ls->nsums);
    return ls->nsums++;
}

static void summary(rh_ls *ls, int f, LLVMValueRef ctx, const rh_ls_state *entry, rh_ls_state *exit)
{
    if (ls->timeout || rh_budget_over(ls->budget)) { /* unwind fast: the result is not used */
        ls->timeout = 1;
        return;
    }
    uint64_t h = sum_hash(ls->cur_thread, f, ctx, entry);
    for (long i = rh_map_get(&ls->sum_index, h, -1); i >= 0; i = ls->sums[i].next) {
        rh_ls_summary *sm = &ls->sums[i];
        if (sm->thread != ls->cur_thread || sm->func != f || sm->ctx != ctx || !st_equal(&sm->entry, entry))
            continue;
        if (sm->busy) /* recursion */
            conservative_exit(ls, entry, exit);
        else
            st_copy(exit, &sm->exit);
        return;
    }
    if (ls->timeout || rh_budget_over(ls->budget)) {
        ls->timeout = 1;
        conservative_exit(ls, entry, exit);
        return;
    }
    long id = new_summary(ls, f, ctx, entry, h);
    rh_ls_state ex = {0};
    analyze_func(ls, f, ctx, entry, &ex);
    ls->sums[id].exit = ex;
    ls->sums[id].busy = 0;
    st_copy(exit, &ex);
}

/* ---- driver ---- */

/* Whether some mutex may be of the error-checking type, whose second lock
 * by its holder fails instead of counting (so the counted-lock rule,
 * which holds for recursive locks and vacuously for the normal ones that
 * deadlock, would be wrong). */
static int may_be_errorcheck(rh_program *p)
{
    LLVMValueRef fn = LLVMGetNamedFunction(p->mod, "pthread_mutexattr_settype");
    for (LLVMUseRef u = fn ? LLVMGetFirstUse(fn) : NULL; u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn || LLVMGetNumArgOperands(call) < 2)
            return 1;
        LLVMValueRef kind = LLVMGetOperand(call, 1);
        if (!LLVMIsAConstantInt(kind) || LLVMConstIntGetZExtValue(kind) == 2) /* PTHREAD_MUTEX_ERRORCHECK */
            return 1;
    }
    return 0;
}

static void prepare(rh_ls *ls)
{
    rh_program *p = ls->p;
    /* RH_LS_ATOMIC, under a location no object has: location 0 is the
     * first object's first byte, which may well be a real lock */
    rh_ls_lock_id(ls, UINT64_MAX, RH_LOCK_NONE);
    for (int a = p->naccesses - 1; a >= 0; a--)
        rh_map_put_ptr(&ls->acc_of_inst, p->accesses[a].inst, a);
    ls->needs_ctx = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    for (int i = 0; i < p->nsyncs; i++) {
        const rh_conc_entry *e = p->syncs[i].entry;
        if (!e || e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(p->syncs[i].inst))
            continue;
        LLVMValueRef arg = LLVMGetOperand(p->syncs[i].inst, (unsigned)e->obj);
        int64_t off = 0;
        if (e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK) {
            rh_sset ids = {0};
            int strong;
            rh_ls_lock_targets(ls, arg, NULL, e->lock_class, &ids, &strong);
            rh_sset_free(&ids);
        }
        if (e->op == RH_OP_LOCK_INIT && LLVMGetNumArgOperands(p->syncs[i].inst) >= 2 &&
            !LLVMIsNull(LLVMGetOperand(p->syncs[i].inst, 1))) {
            /* initialised with attributes or a type: may be a recursive lock */
            rh_sset ids = {0};
            int strong;
            rh_ls_lock_targets(ls, arg, NULL, e->lock_class, &ids, &strong);
            rh_sset_union(&ls->recursive, &ids);
            if (e->lock_class == RH_LOCK_MUTEX) /* a rwlock's second wrlock fails (EDEADLK) */
                rh_sset_union(&ls->counted, &ids);
            rh_sset_free(&ids);
        }
        if ((e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK || e->op == RH_OP_THREAD_JOIN ||
             e->op == RH_OP_THREAD_CREATE) && LLVMIsAArgument(rh_ls_strip_const(ls, arg, &off)))
            ls->needs_ctx[p->syncs[i].func] = 1;
    }
    if (may_be_errorcheck(p))
        rh_sset_clear(&ls->counted), ls->errorcheck = 1;
}

/* Whether the program may cancel a thread.  One that may be cancelled may
 * end at any cancellation point, leaving running threads it would have
 * joined later, so no join knows what the joined thread left behind. */
static int program_cancels(const rh_program *p)
{
    for (int i = 0; i < p->nsyncs; i++) {
        if (rh_conc_cancel_kind(p->syncs[i].entry) == RH_CANCEL_SEND)
            return 1;
    }
    return 0;
}

/* Clears the record (freeing one run's results first when free_first)
 * but keeps the helper modules that live across runs: they carry what a
 * rejected assumption taught the next run. */
static void clear_keeping_helpers(rh_ls *ls, int free_first)
{
    rh_ls kept = *ls;
    if (free_first)
        rh_ls_free(ls);
    else
        memset(ls, 0, sizeof *ls);
    ls->semlock = kept.semlock, ls->semord = kept.semord, ls->setflags = kept.setflags;
    ls->spin = kept.spin, ls->flagord = kept.flagord, ls->nonnull = kept.nonnull;
}

static void run_once(rh_ls *ls, rh_program *p, rh_pt *pt, rh_tg *tg, const rh_cfg *cfg,
                     rh_budget *budget, const rh_sset *history_locks)
{
    clear_keeping_helpers(ls, 0);
    rh_semord_reset(ls->semord);
    rh_flagord_reset(ls->flagord);
    rh_sf_begin_run(ls->setflags);
    ls->p = p, ls->pt = pt, ls->tg = tg, ls->cfg = cfg, ls->budget = budget;
    if (history_locks)
        rh_sset_copy(&ls->history_locks, history_locks);
    ls->acc = rh_xcalloc((size_t)p->naccesses + 1, sizeof *ls->acc);
    ls->acc_sym = rh_xcalloc((size_t)p->naccesses + 1, sizeof *ls->acc_sym);
    ls->acc_sym_ok = rh_xcalloc((size_t)p->naccesses + 1, 1);
    int nt = tg->nthreads;
    ls->exit_active = rh_xcalloc((size_t)nt + 1, sizeof *ls->exit_active);
    ls->create_active = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_active);
    ls->create_may = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_may);
    ls->create_must = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_must);
    ls->create_seen = rh_xcalloc((size_t)nt + 1, 1);
    ls->create_history = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_history);
    ls->create_held_since = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_held_since);
    ls->create_broken = rh_xcalloc((size_t)nt + 1, sizeof *ls->create_broken);
    ls->creation = rh_xcalloc((size_t)nt + 1, sizeof *ls->creation);
    ls->creation_holder = rh_xcalloc((size_t)nt + 1, sizeof *ls->creation_holder);
    ls->exit_done = rh_xcalloc((size_t)nt + 1, sizeof *ls->exit_done);
    prepare(ls);
    rh_spin_contexts(ls->spin, ls); /* spin lock wrappers, per call site */
    rh_ls_thread_handles(ls);
    rh_ls_loop_joins(ls);
    /* Children first, so a join knows what the joined thread left running. */
    int cancels = program_cancels(p);
    for (int t = nt - 1; t >= 0; t--) {
        rh_ls_state entry = {0}, exit = {0};
        entry.live = 1;
        rh_sf_thread_entry(ls->setflags, t, &entry);
        if (t == 0)
            rh_sf_main_entry(ls->setflags, &entry);
        ls->cur_thread = t;
        rh_budget_progress(budget, nt - t, nt);
        summary(ls, tg->threads[t].func, NULL, &entry, &exit);
        rh_sset_union(&ls->exit_active[t], &exit.active);
        ls->exit_done[t] = !cancels;
        st_free(&exit);
    }
    rh_ls_creation_locksets(ls);
}

/* Frees one run's results for the next run, keeping what is kept across
 * runs (rh_ls_free clears the whole record: without this, a run after a
 * rejected semaphore lock or with lock histories ran without the
 * semaphore modules). */
static void free_run(rh_ls *ls)
{
    clear_keeping_helpers(ls, 1);
}

/* Lock histories only matter for locks some thread holds when it creates
 * another (held_since pairs).  Tracking every lock would make histories
 * part of every context and of every access record (a worker that takes
 * a hundred module locks); so the first run tracks none, and only when it
 * saw a lock held at a creation does a second run track those locks. */
void rh_ls_run(rh_ls *ls, rh_program *p, rh_pt *pt, rh_tg *tg, const rh_cfg *cfg, rh_budget *budget)
{
    run_once(ls, p, pt, tg, cfg, budget, NULL);
    /* a semaphore or spin word is no lock after all, or a flag assumption fell (| : each reads its run) */
    while ((rh_semlock_rejected(ls->semlock) | rh_spin_rejected(ls->spin) | rh_sf_end_run(ls->setflags)) &&
           !ls->timeout) {
        free_run(ls);
        run_once(ls, p, pt, tg, cfg, budget, NULL);
    }
    rh_sset held = {0};
    for (int t = 1; t < tg->nthreads; t++)
        for (uint32_t i = 0; i < ls->create_must[t].n; i++) {
            uint32_t id = (uint32_t)(ls->create_must[t].v[i] / 2);
            if (id != RH_LS_ATOMIC && ls->lock_class[id] != RH_LOCK_NONE)
                rh_sset_add(&held, id);
        }
    if (held.n && !ls->timeout) {
        do {
            free_run(ls);
            run_once(ls, p, pt, tg, cfg, budget, &held);
        } while ((rh_semlock_rejected(ls->semlock) | rh_spin_rejected(ls->spin) | rh_sf_end_run(ls->setflags)) &&
                 !ls->timeout);
    }
    rh_sset_free(&held);
}

void rh_ls_free(rh_ls *ls)
{
    for (int a = 0; ls->acc && a < ls->p->naccesses; a++) {
        rh_ls_access *r = &ls->acc[a];
        rh_sset_free(&r->must), rh_sset_free(&r->may), rh_sset_free(&r->active), rh_sset_free(&r->threads);
        for (int i = 0; i < r->nper; i++)
            rh_sset_free(&r->per[i].must), rh_sset_free(&r->per[i].may), rh_sset_free(&r->per[i].active),
                rh_sset_free(&r->per[i].once_done), rh_sset_free(&r->per[i].history),
                rh_sset_free(&r->per[i].held_since), rh_sset_free(&r->per[i].sym),
                rh_sset_free(&r->per[i].sem_waited), rh_sset_free(&r->per[i].sem_posted),
                rh_sset_free(&r->per[i].flag_seen), rh_sset_free(&r->per[i].flag_stored);
        free(r->per);
    }
    free(ls->acc);
    for (int t = 0; ls->tg && t < ls->tg->nthreads; t++) {
        rh_sset_free(&ls->exit_active[t]);
        rh_sset_free(&ls->create_active[t]);
        rh_sset_free(&ls->create_may[t]);
        rh_sset_free(&ls->create_must[t]);
        rh_sset_free(&ls->create_history[t]);
        rh_sset_free(&ls->create_held_since[t]);
        rh_sset_free(&ls->create_broken[t]);
        rh_sset_free(&ls->creation[t]);
        rh_map_free(&ls->creation_holder[t]);
    }
    free(ls->create_history), free(ls->create_held_since);
    free(ls->create_must), free(ls->create_seen), free(ls->create_broken), free(ls->creation);
    free(ls->creation_holder);
    free(ls->exit_active), free(ls->create_active), free(ls->create_may), free(ls->exit_done);
    free(ls->handle), free(ls->reuse_cell), free(ls->create_iv), free(ls->create_iv_done);
    for (int t = 0; ls->spawn_cells && t < ls->tg->nthreads; t++)
        rh_sset_free(&ls->spawn_cells[t]);
    free(ls->spawn_cells), free(ls->spawn_overlap);
    for (int i = 0; i < ls->nloop_joins; i++)
        rh_sset_free(&ls->loop_joins[i]);
    free(ls->loop_joins);
    for (int i = 0; i < ls->nelem_joins; i++)
        rh_sset_free(&ls->elem_joins[i].threads);
    free(ls->elem_joins);
    rh_map_free(&ls->loop_join_of);
    for (long i = 0; i < ls->nsums; i++)
        st_free(&ls->sums[i].entry), st_free(&ls->sums[i].exit);
    free(ls->sums);
    rh_map_free(&ls->sum_index);
    rh_map_free(&ls->lock_of_loc);
    free(ls->lock_loc), free(ls->lock_class), free(ls->next_in_obj), free(ls->lock_arg);
    rh_map_free(&ls->first_in_obj);
    rh_sset_free(&ls->all_locks);
    rh_sset_free(&ls->recursive);
    rh_sset_free(&ls->counted);
    rh_sset_free(&ls->history_locks);
    rh_map_free(&ls->acc_of_inst);
    rh_map_free(&ls->fact_vid);
    rh_map_free(&ls->written);
    rh_sym_free(ls);
    free(ls->acc_sym_ok);
    free(ls->needs_ctx);
    memset(ls, 0, sizeof *ls);
}

/* ---- queries ---- */

int rh_ls_protects(const rh_sset *a, const rh_sset *b)
{
    for (uint32_t i = 0; i < a->n; i++) {
        uint64_t id = a->v[i] / 2;
        if (rh_sset_has(b, id * 2 + 1) || ((a->v[i] & 1) && rh_sset_has(b, id * 2)))
            return 1;
    }
    return 0;
}

int rh_ls_share_any(const rh_sset *a, const rh_sset *b)
{
    for (uint32_t i = 0; i < a->n; i++) {
        uint64_t id = a->v[i] / 2;
        if (rh_sset_has(b, id * 2) || rh_sset_has(b, id * 2 + 1))
            return 1;
    }
    return 0;
}
