/* record_joins.c - counts the instances of a record thread one per call
 * of its create wrapper and finds where the calling function has joined
 * them all (see record_joins.h).
 */
#include "record_joins.h"
#include "util/hashmap.h"
#include "caller_nesting.h"
#include "instance_args.h"
#include "record_loops.h"

#include <stdlib.h>
#include <string.h>

#define RJ_MAX_CALLS 64
#define RJ_MAX_FUNCS 8

typedef struct rj_entry {
    const rh_handover_record *rec;
    LLVMValueRef calls[RJ_MAX_CALLS], cells[RJ_MAX_CALLS];
    int bit[RJ_MAX_CALLS]; /* call k's state bit: the first call with the same cell */
    int ncalls;
    int m;               /* the function calling the wrapper (model index), the first of ms */
    int ms[RJ_MAX_FUNCS], nms; /* every function calling it: each runs once, none reaches another */
    int by_return;       /* the wrapper returns the record (else: out-parameter q) */
    unsigned q;          /* the wrapper's out-parameter */
    int zero_means_none; /* the wrapper returns 0 only when it started no thread */
    unsigned char *ended; /* per access: every instance has ended there */
    int loop;             /* the one call runs once per iteration of a loop (record_loops.h) */
    int shared_cell;      /* some call's out-parameter cell is not private to it */
    int stepwise;         /* calls in a loop tracked one instance at a time (see step) */
    int serial;           /* every call starts its instance when all others have ended */
    int nested_ok;        /* every call entering another caller runs where none is left */
    uint64_t overlap;     /* bits some call of which may run while the bit's last instance runs */
    rh_ia ia;             /* the start argument of each instance (instance_args.h), or none */
    rh_rl_group g;
} rj_entry;

struct rh_record_joins {
    rh_static *s;
    RH_VEC(rj_entry) e;
};

static int fn_index(rh_static *s, LLVMValueRef inst)
{
    return rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
}

static int is_param(LLVMValueRef v, LLVMValueRef fn, unsigned *q)
{
    for (unsigned i = 0; LLVMIsAArgument(v) && i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == v)
            return *q = i, 1;
    return 0;
}

static int nonzero_const(LLVMValueRef v)
{
    return v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) != 0;
}

/* Whether every return reachable after the create returns non-zero. */
int rh_rj_zero_means_none(const rh_handover_record *r)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(r->fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(b);
        if (!ret || !LLVMIsAReturnInst(ret) || !rh_handover_after_create(r->create, r->site, ret))
            continue;
        LLVMValueRef v = LLVMGetNumOperands(ret) ? LLVMGetOperand(ret, 0) : NULL;
        if (nonzero_const(v))
            continue;
        if (!v || !LLVMIsAPHINode(v) || LLVMGetInstructionParent(v) != b)
            return 0;
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(v, i));
            if (rh_handover_after_create(r->create, r->site, t) && !nonzero_const(LLVMGetIncomingValue(v, i)))
                return 0;
        }
    }
    return 1;
}

/* Whether every path from the create's success to a return runs st. */
static int stored_on_every_return(const rh_handover_record *r, LLVMValueRef st)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(r->fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(b);
        if (ret && LLVMIsAReturnInst(ret) && rh_handover_after_create(r->create, st, ret))
            return 0;
    }
    return 1;
}

/* The wrapper stores the record into its parameter q on every path after
 * the create and writes nothing else through q after the create. */
int rh_rj_out_param(const rh_handover_record *r, unsigned *q)
{
    LLVMValueRef rec_store = NULL;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(r->fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
            if (LLVMIsAStoreInst(in) && LLVMGetOperand(in, 0) == r->site &&
                is_param(LLVMGetOperand(in, 1), r->fn, q)) {
                if (rec_store)
                    return 0;
                rec_store = in;
            }
    if (!rec_store)
        return 0;
    LLVMValueRef prm = LLVMGetParam(r->fn, *q);
    for (LLVMUseRef u = LLVMGetFirstUse(prm); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user))
            continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 0) == prm)
            return 0;
        if (user != rec_store && rh_handover_after_create(r->create, r->site, user))
            return 0;
    }
    return stored_on_every_return(r, rec_store);
}

/* Whether call passes cell as its argument q and as no other operand. */
static int cell_only_at(LLVMValueRef call, LLVMValueRef cell, unsigned q)
{
    for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
        if ((LLVMGetOperand(call, k) == cell) != (k == q))
            return 0;
    return 1;
}

/* A local cell of m used only by loads, stores into it and calls of the
 * wrapper as their out-parameter q (several calls may share one: see
 * step); the call it was found at may pass it anywhere. */
static int private_cell(LLVMValueRef cell, LLVMValueRef call, unsigned q)
{
    if (!LLVMIsAAllocaInst(cell))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(cell); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (user == call ||
            (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == LLVMGetCalledValue(call) &&
             cell_only_at(user, cell, q)) ||
            LLVMIsALoadInst(user) || (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != cell))
            continue;
        return 0;
    }
    return 1;
}

/* Whether every return reachable after the create returns the record. */
static int returns_record(const rh_handover_record *r)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(r->fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(b);
        if (!ret || !LLVMIsAReturnInst(ret) || !rh_handover_after_create(r->create, r->site, ret))
            continue;
        LLVMValueRef v = LLVMGetNumOperands(ret) ? LLVMGetOperand(ret, 0) : NULL;
        if (v == r->site)
            continue;
        if (!v || !LLVMIsAPHINode(v) || LLVMGetInstructionParent(v) != b)
            return 0;
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(v, i));
            if (rh_handover_after_create(r->create, r->site, t) && LLVMGetIncomingValue(v, i) != r->site)
                return 0;
        }
    }
    return 1;
}

/* Whether function m runs at most once in the whole run: in the main
 * thread only, once, and main is never called. */
static int runs_once(rh_static *s, int m)
{
    int mf = s->p->main_func;
    return mf >= 0 && !LLVMGetFirstUse(s->p->funcs[mf].fn) && !s->tg.threads[0].multi &&
           s->tg.threads[0].reach[m] && s->tg.threads[0].once[m] && s->tg.nthreads_of_func[m] == 1;
}

static int is_caller(const rj_entry *e, int f)
{
    for (int i = 0; i < e->nms; i++)
        if (e->ms[i] == f)
            return 1;
    return 0;
}

/* When every caller returns only with no instance left, the instances
 * run only while a caller runs: a function neither a caller nor reached
 * from one runs when none is left. */
static void mark_outside_callers(rh_static *s, rj_entry *e)
{
    unsigned char *during = rh_xcalloc((size_t)s->p->nfuncs + 1, 1);
    int known = 1;
    for (int i = 0; i < e->nms; i++)
        during[e->ms[i]] = 1, known &= rh_cn_callees(s, e->ms[i], during);
    for (int g = 0; known && g < s->p->nfuncs; g++) {
        const rh_function *f = &s->p->funcs[g];
        for (int a = f->first_access; !during[g] && a < f->first_access + f->naccesses; a++)
            e->ended[a] = 1;
    }
    free(during);
}

/* The callers each run once and no two reach each other: their runs are
 * disjoint or nested stretches of the main thread (caller_nesting.h; solve
 * checks where one enters another). */
static int callers_apart(rh_static *s, const rj_entry *e)
{
    for (int i = 0; i < e->nms; i++)
        if (!runs_once(s, e->ms[i]))
            return 0;
    return e->nms > 0 && rh_cn_ordered(s, e->ms, e->nms);
}

/* The wrapper's calls: direct, in functions that each run once (several
 * only when none reaches another), none in a loop, each with a cell of its
 * own (out-parameter variant). */
static int calls_in_one(rh_static *s, rj_entry *e)
{
    e->m = -1;
    for (LLVMUseRef u = LLVMGetFirstUse(e->rec->fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        int m = LLVMIsACallInst(call) ? fn_index(s, call) : -1;
        if (m < 0 || LLVMGetCalledValue(call) != e->rec->fn || e->ncalls == RJ_MAX_CALLS ||
            (!e->by_return && e->q >= LLVMGetNumArgOperands(call)))
            return 0;
        if (!is_caller(e, m) && e->nms == RJ_MAX_FUNCS)
            return 0;
        if (!is_caller(e, m))
            e->ms[e->nms++] = m;
        e->loop |= rh_cfg_inst_in_loop(&s->cfg, m, call); /* record_loops.h decides */
        if (e->m < 0)
            e->m = m;
        for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
            if (LLVMGetOperand(call, k) == e->rec->fn)
                return 0;
        LLVMValueRef cell = e->by_return ? call : LLVMGetOperand(call, e->q);
        e->shared_cell |= !e->by_return && !private_cell(cell, call, e->q);
        if (!e->loop && e->shared_cell)
            return 0;
        e->bit[e->ncalls] = e->ncalls;
        for (int k = 0; k < e->ncalls; k++)
            if (!e->by_return && e->cells[k] == cell && e->bit[e->ncalls] == e->ncalls)
                e->bit[e->ncalls] = k;
        e->calls[e->ncalls] = call, e->cells[e->ncalls++] = cell;
    }
    return e->ncalls > 0 && callers_apart(s, e); /* several calls in loops: tracked stepwise */
}

/* Whether the record's threads start no other thread (they may be
 * joined without leaving children behind). */
static int childless(rh_static *s, LLVMValueRef create)
{
    for (int t = 1; t < s->tg.nthreads; t++) {
        if (s->tg.threads[t].create != create)
            continue;
        for (int u = 1; u < s->tg.nthreads; u++) {
            int f = fn_index(s, s->tg.threads[u].create);
            if (f < 0 || s->tg.threads[t].reach[f])
                return 0;
        }
    }
    return 1;
}

/* Whether fn joins, on every path, the handle at `off` of parameter q. */
static int joins_param(rh_static *s, LLVMValueRef fn, unsigned q, int64_t off)
{
    int f = rh_pt_func_index(&s->pt, fn);
    if (f < 0 || q >= LLVMCountParams(fn))
        return 0;
    const rh_function *mf = &s->p->funcs[f];
    for (int i = mf->first_sync; i < mf->first_sync + mf->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (!y->entry || y->entry->op != RH_OP_THREAD_JOIN || y->entry->obj < 0)
            continue;
        LLVMValueRef hv = LLVMGetOperand(y->inst, (unsigned)y->entry->obj);
        int64_t o;
        if (!LLVMIsALoadInst(hv) || rh_handover_root(&s->pt, LLVMGetOperand(hv, 0), &o) != LLVMGetParam(fn, q) ||
            o != off)
            continue;
        int all = 1;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && all; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef ret = LLVMGetBasicBlockTerminator(b);
            all = !ret || !LLVMIsAReturnInst(ret) || rh_cfg_dominates(y->inst, ret);
        }
        if (all)
            return 1;
    }
    return 0;
}

/* Whether call joins record rec's handle at off, itself or through a
 * function that joins its parameter (record_loops.h's question). */
int rh_rj_joins_record(rh_static *s, LLVMValueRef call, LLVMValueRef rec, int64_t off)
{
    const rh_conc_entry *ce = rh_model_call_entry(s->p, call);
    if (ce && ce->op == RH_OP_THREAD_JOIN && ce->obj >= 0) {
        LLVMValueRef hv = LLVMGetOperand(call, (unsigned)ce->obj);
        int64_t o = -1;
        return LLVMIsALoadInst(hv) && rh_handover_root(&s->pt, LLVMGetOperand(hv, 0), &o) == rec && o == off;
    }
    LLVMValueRef callee = LLVMGetCalledValue(call);
    for (unsigned q = 0; LLVMIsAFunction(callee) && q < LLVMGetNumArgOperands(call); q++)
        if (LLVMGetOperand(call, q) == rec && joins_param(s, callee, q, off))
            return 1;
    return 0;
}

/* The state bit of the instance whose record v is (the wrapper's result,
 * or loaded from the call's cell), or -1. */
static int instance_of(const rj_entry *e, LLVMValueRef v)
{
    if (e->loop)
        return -1; /* one element of the array is not the whole group */
    for (int k = 0; v && k < e->ncalls; k++)
        if (e->by_return ? v == e->calls[k] : (LLVMIsALoadInst(v) && LLVMGetOperand(v, 0) == e->cells[k]))
            return e->bit[k];
    return -1;
}

typedef struct rj_state {
    uint64_t ended, lost;
    int live;
} rj_state;

/* The effect of one instruction of m on the state.  Calls sharing a cell
 * share a bit: "the last instance stored into the cell has ended". */
static void step(rh_static *s, const rj_entry *e, LLVMValueRef in, rj_state *st)
{
    for (int k = 0; k < e->ncalls; k++) {
        uint64_t b = 1ULL << e->bit[k];
        if (in == e->calls[k]) {
            /* Call k while the cell's last instance may run: that instance
             * can no longer be named through the cell's record. */
            if (!e->loop && !(st->ended & b))
                st->lost |= b;
            st->ended &= ~b;
        } else if (!e->by_return && !e->loop && LLVMIsAStoreInst(in) && LLVMGetOperand(in, 1) == e->cells[k] &&
                   !(st->ended & b))
            st->lost |= b;
    }
    if (!LLVMIsACallInst(in))
        return;
    const rh_conc_entry *ce = rh_model_call_entry(s->p, in);
    if (ce && ce->op == RH_OP_THREAD_JOIN && ce->obj >= 0) {
        LLVMValueRef hv = LLVMGetOperand(in, (unsigned)ce->obj);
        int64_t off = -1;
        int k = LLVMIsALoadInst(hv) ? instance_of(e, rh_handover_root(&s->pt, LLVMGetOperand(hv, 0), &off)) : -1;
        if (k >= 0 && off == e->rec->handle_off)
            st->ended |= 1ULL << k;
        return;
    }
    LLVMValueRef callee = LLVMGetCalledValue(in);
    if (!LLVMIsAFunction(callee))
        return;
    for (unsigned q = 0; q < LLVMGetNumArgOperands(in); q++) {
        int k = instance_of(e, LLVMGetOperand(in, q));
        if (k >= 0 && joins_param(s, callee, q, e->rec->handle_off))
            st->ended |= 1ULL << k;
    }
}

/* The state leaving block b for its successor sb. */
static rj_state edge_state(const rj_entry *e, LLVMBasicBlockRef b, LLVMBasicBlockRef sb, rj_state st)
{
    LLVMValueRef v = NULL, br = LLVMGetBasicBlockTerminator(b);
    if (e->loop && rh_rl_exit_edge(&e->g, b, sb))
        st.ended |= 1;
    int z = rh_rl_zero_edge(br, &v);
    if (z < 0 || LLVMGetSuccessor(br, (unsigned)z) != sb || LLVMGetSuccessor(br, (unsigned)!z) == sb)
        return st;
    int k = instance_of(e, v);
    if (k >= 0)
        st.ended |= 1ULL << k;
    for (k = 0; e->zero_means_none && !e->by_return && k < e->ncalls; k++)
        if (v == e->calls[k])
            st.ended |= 1ULL << e->bit[k];
    return st;
}

/* Whether record value v is one of an ended instance in state st. */
static int ended_record(const rj_entry *e, LLVMValueRef v, const rj_state *st, LLVMValueRef at)
{
    if (e->loop)
        return rh_rl_joined_at(&e->g, v, at);
    int k = instance_of(e, v);
    return k >= 0 && (st->ended >> k & 1) && !(st->lost >> k & 1);
}

/* The arguments (bit per position, up to 62) of call that are ended records. */
static long ended_args(const rj_entry *e, LLVMValueRef call, const rj_state *st)
{
    long mask = 0;
    for (unsigned q = 0; q < LLVMGetNumArgOperands(call) && q < 62; q++)
        if (ended_record(e, LLVMGetOperand(call, q), st, call))
            mask |= 1L << q;
    return mask;
}

/* An access of m: every instance ended there, or through an ended record. */
static void mark_access(rh_static *s, rh_handover *h, rj_entry *e, int a, const rj_state *st, uint64_t all)
{
    int64_t off;
    if (st->ended == all && !st->lost)
        e->ended[a] = 1;
    if (ended_record(e, rh_handover_root(&s->pt, s->p->accesses[a].ptr, &off), st, s->p->accesses[a].inst))
        rh_handover_mark_joined(h, e->rec->obj, a);
}

/* Functions whose every call (all in m, direct) passes an ended record as
 * parameter q: their accesses through q touch records whose thread is over. */
static void mark_callees(rh_static *s, rh_handover *h, const rj_entry *e, const rh_map *ended_calls)
{
    for (int g = 0; g < s->p->nfuncs; g++) {
        LLVMValueRef fn = s->p->funcs[g].fn;
        long mask = LLVMGetFirstUse(fn) ? ~0L : 0;
        for (LLVMUseRef u = LLVMGetFirstUse(fn); u && mask; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            long m = LLVMIsACallInst(call) && LLVMGetCalledValue(call) == fn ? rh_map_get_ptr(ended_calls, call, 0) : 0;
            mask = m ? mask & (m - 1) : 0;
        }
        const rh_function *f = &s->p->funcs[g];
        for (int a = f->first_access; mask && !is_caller(e, g) && a < f->first_access + f->naccesses; a++) {
            int64_t off;
            unsigned q;
            LLVMValueRef root = rh_handover_root(&s->pt, s->p->accesses[a].ptr, &off);
            if (root && LLVMIsAArgument(root) && LLVMGetParamParent(root) == fn &&
                (q = rh_ls_param_index(root)) < 62 && (mask >> q & 1))
                rh_handover_mark_joined(h, e->rec->obj, a);
        }
    }
}

/* Whether every use of function g is a direct call that `calls` holds or
 * that a function marked in `done` makes. */
static int called_only_from(rh_static *s, LLVMValueRef fn, const rh_map *calls, const unsigned char *done)
{
    if (!LLVMGetFirstUse(fn))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
            return 0;
        int caller = fn_index(s, call);
        if (!rh_map_get_ptr(calls, call, 0) && (caller < 0 || !done[caller]))
            return 0;
    }
    return 1;
}

/* Functions m calls only where every instance has ended, and the functions
 * only those call, run after the instances: all their accesses are marked
 * ended (the lock destroy wrapper main calls after the join wrappers). */
static void mark_ended_callees(rh_static *s, rj_entry *e, const rh_map *after_all)
{
    unsigned char *done = rh_xcalloc((size_t)s->p->nfuncs + 1, 1);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int g = 0; g < s->p->nfuncs; g++) {
            if (done[g] || is_caller(e, g) || !called_only_from(s, s->p->funcs[g].fn, after_all, done))
                continue;
            done[g] = 1, changed = 1;
            const rh_function *f = &s->p->funcs[g];
            for (int a = f->first_access; a < f->first_access + f->naccesses; a++)
                e->ended[a] = 1;
        }
    }
    free(done);
}

/* The forward must-analysis over caller mf; then marks its accesses.
 * Returns whether mf returns only where every instance has ended. */
static int solve(rh_static *s, rh_handover *h, rj_entry *e, int self, rh_map *ended_calls, rh_map *after_all)
{
    int mf = e->ms[self];
    const rh_cfg_func *cf = &s->cfg.f[mf];
    rj_state *in = rh_xcalloc((size_t)cf->nblocks + 1, sizeof *in);
    uint64_t all = e->ncalls == 64 ? ~0ULL : (1ULL << e->ncalls) - 1;
    in[0] = (rj_state){all, 0, 1};
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < cf->nblocks; b++) {
            if (!in[b].live)
                continue;
            rj_state st = in[b];
            for (LLVMValueRef i = LLVMGetFirstInstruction(cf->blocks[b]); i; i = LLVMGetNextInstruction(i))
                step(s, e, i, &st);
            for (int j = cf->succ_off[b]; j < cf->succ_off[b + 1]; j++) {
                rj_state out = edge_state(e, cf->blocks[b], cf->blocks[cf->succ[j]], st);
                rj_state *d = &in[cf->succ[j]];
                rj_state m = d->live ? (rj_state){d->ended & out.ended, d->lost | out.lost, 1} : out;
                if (!d->live || m.ended != d->ended || m.lost != d->lost)
                    *d = m, changed = 1;
            }
        }
    }
    const rh_function *f = &s->p->funcs[mf];
    int clean = 1;
    for (int b = 0; b < cf->nblocks; b++) {
        rj_state st = in[b];
        for (LLVMValueRef i = LLVMGetFirstInstruction(cf->blocks[b]); st.live && i; i = LLVMGetNextInstruction(i)) {
            for (int a = f->first_access; a < f->first_access + f->naccesses; a++)
                if (s->p->accesses[a].inst == i)
                    mark_access(s, h, e, a, &st, all);
            if (LLVMIsACallInst(i))
                rh_map_put_ptr(ended_calls, i, 1 + ended_args(e, i, &st));
            if (LLVMIsACallInst(i) && st.ended == all && !st.lost)
                rh_map_put_ptr(after_all, i, 1);
            if (LLVMIsAReturnInst(i) && (st.ended != all || st.lost))
                clean = 0;
            if (LLVMIsACallInst(i) && (st.ended != all || st.lost) && rh_cn_enters_caller(s, e->ms, e->nms, self, i))
                e->nested_ok = 0;
            for (int k = 0; k < e->ncalls; k++) {
                uint64_t b = 1ULL << e->bit[k];
                if (i == e->calls[k] && (st.ended != all || st.lost))
                    e->serial = 0;
                if (i == e->calls[k] && (!(st.ended & b) || (st.lost & b)))
                    e->overlap |= b;
            }
            step(s, e, i, &st);
        }
    }
    free(in);
    return clean;
}

/* Solves every caller.  With several, "every instance has ended" in one
 * holds only when each returns with none left and each call that may enter
 * another caller runs with none left (their runs are disjoint or nested). */
static void solve_all(rh_static *s, rh_handover *h, rj_entry *e)
{
    rh_map ended_calls = {0}; /* call -> 1 + bit mask of its arguments that are ended records */
    rh_map after_all = {0};   /* calls of a caller made where every instance has ended */
    int clean = 1;
    e->serial = !e->loop;
    e->nested_ok = 1;
    for (int i = 0; i < e->nms; i++)
        clean &= solve(s, h, e, i, &ended_calls, &after_all);
    mark_callees(s, h, e, &ended_calls);
    if (e->nms > 1 && (!clean || !e->nested_ok)) {
        e->serial = 0;
        memset(e->ended, 0, (size_t)s->p->naccesses + 1);
    } else {
        mark_ended_callees(s, e, &after_all);
        if (clean && !e->loop)
            mark_outside_callers(s, e);
    }
    rh_map_free(&ended_calls);
    rh_map_free(&after_all);
}

rh_record_joins *rh_rj_build(rh_static *s, rh_handover *h)
{
    rh_record_joins *r = rh_xcalloc(1, sizeof *r);
    r->s = s;
    int n, counted = 0;
    const rh_handover_record *recs = rh_handover_records(h, &n);
    for (int i = 0; i < n; i++) {
        rj_entry e = {.rec = &recs[i]};
        int wf = rh_pt_func_index(&s->pt, recs[i].fn);
        if (!recs[i].joinable || wf < 0 || rh_cfg_inst_in_loop(&s->cfg, wf, recs[i].create) ||
            !childless(s, recs[i].create))
            continue;
        if (recs[i].handle_store && !stored_on_every_return(&recs[i], recs[i].handle_store))
            continue;
        e.by_return = returns_record(&recs[i]);
        if ((!e.by_return && !rh_rj_out_param(&recs[i], &e.q)) || !calls_in_one(s, &e) || is_caller(&e, wf))
            continue;
        e.zero_means_none = rh_rj_zero_means_none(&recs[i]);
        if (e.loop && (e.ncalls != 1 || e.by_return ||
                       !rh_rl_find(s, e.calls[0], e.q, recs[i].handle_off, e.zero_means_none, rh_rj_joins_record, &e.g))) {
            if (e.shared_cell)
                continue;
            e.loop = 0, e.stepwise = 1; /* one instance per call at a time, or lost */
        }
        e.ended = rh_xcalloc((size_t)s->p->naccesses + 1, 1);
        solve_all(s, h, &e);
        if (rh_ia_find(s, &recs[i], e.calls, e.ncalls, &e.ia))
            for (int k = 0; k < e.ncalls && !e.loop; k++)
                e.ia.serial[k] = !(e.overlap >> e.bit[k] & 1);
        rh_vec_push(&r->e, e);
        counted++;
    }
    rh_result_stat(s->res, "static.counted_record_threads", counted);
    return r;
}

int rh_rj_ended(const rh_record_joins *r, int a, int t)
{
    if (!r || t <= 0)
        return 0;
    for (size_t i = 0; i < r->e.len; i++)
        if (r->e.items[i].ended[a] && r->s->tg.threads[t].create == r->e.items[i].rec->create)
            return 1;
    return 0;
}

int rh_rj_apart(const rh_record_joins *r, uint32_t o, int a1, int t1, int a2, int t2)
{
    if (!r || (t1 <= 0 && t2 <= 0) || (t1 != t2 && t1 && t2))
        return 0;
    int t = t1 ? t1 : t2;
    for (size_t i = 0; i < r->e.len; i++) {
        const rj_entry *e = &r->e.items[i];
        if (r->s->tg.threads[t].create != e->rec->create)
            continue;
        if (t1 == t2 ? e->serial || rh_ia_one_instance(r->s, &e->ia, o, a1, a2)
                     : rh_ia_before_start(r->s, &e->ia, o, t1 ? a2 : a1, t1 ? a1 : a2))
            return 1;
    }
    return 0;
}

void rh_rj_free(rh_record_joins *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->e.len; i++) {
        free(r->e.items[i].ended);
        rh_ia_free(&r->e.items[i].ia);
    }
    rh_vec_free(&r->e);
    free(r);
}
