/* must_race.c - must-race evidence (see must_race.h for the conditions).
 *
 * The straight-line prefix of a thread is found by a small interpreter
 * that follows the thread from its entry: integer SSA values it can
 * compute from constants decide branches (so the first iterations of
 * counted loops are followed), anything else stops the walk.  What the
 * walk reached before stopping surely runs in every execution in which
 * the thread gets to run long enough.
 */
#include "must_race.h"

#include <stdlib.h>
#include <string.h>

#define WALK_STEPS 200000
#define WALK_DEPTH 48

typedef struct acquire {
    int pos;
    uint64_t lock; /* lockset element: lock id and mode */
} acquire;

typedef struct prefix {
    int walked;
    rh_u64map pos;              /* access index -> position of its first run */
    RH_VEC(acquire) acquires;   /* lock acquisitions, in order */
} prefix;

struct rh_must {
    rh_static *s;
    prefix *pre;       /* per thread */
    int *create_pos;   /* per thread: position of main's first create of it, -1 */
    int *create_count; /* per thread: how often main's prefix creates it */
};

typedef struct walk {
    rh_must *m;
    int thread;
    int pos, steps;
    rh_u64map vals;    /* SSA value -> known constant */
    LLVMValueRef stack[WALK_DEPTH];
    int depth;
} walk;

/* ---- constant evaluation ---- */

static int known(walk *w, LLVMValueRef v, int64_t *out)
{
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetSExtValue(v);
        return 1;
    }
    uint64_t k = (uint64_t)(uintptr_t)v;
    if (rh_u64map_get(&w->vals, k * 2 + 1, 0) != 1)
        return 0;
    *out = rh_u64map_get(&w->vals, k * 2, 0);
    return 1;
}

static void set_val(walk *w, LLVMValueRef v, int ok, int64_t x)
{
    uint64_t k = (uint64_t)(uintptr_t)v;
    rh_u64map_put(&w->vals, k * 2 + 1, ok);
    rh_u64map_put(&w->vals, k * 2, (long)x);
}

/* Sign-extends x from the width of v's integer type. */
static int64_t norm(LLVMValueRef v, int64_t x)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
    if (bits >= 64)
        return x;
    uint64_t m = (1ULL << bits) - 1, u = (uint64_t)x & m;
    return (u >> (bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}

static uint64_t as_unsigned(LLVMValueRef v, int64_t x)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
    return bits >= 64 ? (uint64_t)x : (uint64_t)x & ((1ULL << bits) - 1);
}

static int icmp(LLVMIntPredicate p, LLVMValueRef op, int64_t a, int64_t b)
{
    uint64_t ua = as_unsigned(op, a), ub = as_unsigned(op, b);
    switch (p) {
    case LLVMIntEQ: return a == b;
    case LLVMIntNE: return a != b;
    case LLVMIntSLT: return a < b;
    case LLVMIntSLE: return a <= b;
    case LLVMIntSGT: return a > b;
    case LLVMIntSGE: return a >= b;
    case LLVMIntULT: return ua < ub;
    case LLVMIntULE: return ua <= ub;
    case LLVMIntUGT: return ua > ub;
    case LLVMIntUGE: return ua >= ub;
    }
    return 0;
}

static void eval(walk *w, LLVMValueRef in, LLVMOpcode op)
{
    int64_t a = 0, b = 0, r = 0;
    int ka = LLVMGetNumOperands(in) > 0 && known(w, LLVMGetOperand(in, 0), &a);
    int kb = LLVMGetNumOperands(in) > 1 && known(w, LLVMGetOperand(in, 1), &b);
    int ok = ka && kb;
    switch (op) {
    case LLVMAdd: r = (int64_t)((uint64_t)a + (uint64_t)b); break;
    case LLVMSub: r = (int64_t)((uint64_t)a - (uint64_t)b); break;
    case LLVMMul: r = (int64_t)((uint64_t)a * (uint64_t)b); break;
    case LLVMAnd: r = a & b; break;
    case LLVMOr: r = a | b; break;
    case LLVMXor: r = a ^ b; break;
    case LLVMICmp: r = icmp(LLVMGetICmpPredicate(in), LLVMGetOperand(in, 0), a, b); break;
    case LLVMSExt: ok = ka, r = a; break;
    case LLVMZExt: ok = ka, r = (int64_t)as_unsigned(LLVMGetOperand(in, 0), a); break;
    case LLVMTrunc: ok = ka, r = a; break;
    default: ok = 0; break;
    }
    set_val(w, in, ok, norm(in, r));
}

static void enter_block(walk *w, LLVMBasicBlockRef b, LLVMBasicBlockRef from)
{
    /* phis read the values of the edge's source simultaneously */
    int64_t vals[64];
    int oks[64], n = 0;
    LLVMValueRef in = LLVMGetFirstInstruction(b);
    for (LLVMValueRef p = in; p && LLVMIsAPHINode(p) && n < 64; p = LLVMGetNextInstruction(p), n++) {
        oks[n] = 0;
        for (unsigned i = 0; i < LLVMCountIncoming(p); i++)
            if (LLVMGetIncomingBlock(p, i) == from)
                oks[n] = known(w, LLVMGetIncomingValue(p, i), &vals[n]);
    }
    n = 0;
    for (LLVMValueRef p = in; p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p), n++)
        set_val(w, p, n < 64 && oks[n], n < 64 ? vals[n] : 0);
}

/* ---- the walk ---- */

static int walk_func(walk *w, int f, LLVMValueRef ctx);

static void note_access(walk *w, LLVMValueRef in)
{
    rh_static *s = w->m->s;
    prefix *p = &w->m->pre[w->thread];
    for (long a = rh_ptrmap_get(&s->ls.acc_of_inst, in, -1);
         a >= 0 && a < s->p->naccesses && s->p->accesses[a].inst == in; a++)
        if (rh_u64map_get(&p->pos, (uint64_t)a, -1) < 0)
            rh_u64map_put(&p->pos, (uint64_t)a, w->pos++);
}

static void note_acquire(walk *w, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx)
{
    prefix *p = &w->m->pre[w->thread];
    if (!e) {
        acquire q = {w->pos++, rh_ls_elem(RH_LS_ATOMIC, 1)};
        rh_vec_push(&p->acquires, q);
        return;
    }
    rh_sset ids = {0};
    int strong;
    if (e->obj >= 0 && e->obj < (int)LLVMGetNumArgOperands(call))
        rh_ls_lock_targets(&w->m->s->ls, LLVMGetOperand(call, (unsigned)e->obj), ctx, e->lock_class, &ids,
                           &strong);
    for (uint32_t i = 0; i < ids.n; i++) {
        acquire q = {w->pos++, rh_ls_elem((uint32_t)ids.v[i], !(e->flags & RH_F_SHARED))};
        rh_vec_push(&p->acquires, q);
    }
    rh_sset_free(&ids);
}

static void note_create(walk *w, LLVMValueRef call)
{
    rh_must *m = w->m;
    const rh_conc_entry *e = rh_model_call_entry(m->s->p, call);
    if (w->thread != 0 || !e || e->fn < 0)
        return;
    /* only a constant start routine says which thread this run creates */
    LLVMValueRef fn = LLVMGetOperand(call, (unsigned)e->fn);
    while (LLVMIsAConstantExpr(fn) && LLVMGetConstOpcode(fn) == LLVMBitCast)
        fn = LLVMGetOperand(fn, 0);
    if (!LLVMIsAFunction(fn))
        return;
    for (int c = 1; c < m->s->tg.nthreads; c++)
        if (m->s->tg.threads[c].create == call && m->s->tg.threads[c].parent == 0 &&
            m->s->p->funcs[m->s->tg.threads[c].func].fn == fn) {
            if (m->create_count[c]++ == 0)
                m->create_pos[c] = w->pos++;
        }
}

/* Follows a call; returns 0 when the walk must stop there. */
static int walk_call(walk *w, LLVMValueRef call, int f, LLVMValueRef ctx)
{
    rh_static *s = w->m->s;
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    if (e && e->op != RH_OP_ATOMIC_CALL) {
        switch (e->op) {
        case RH_OP_LOCK: note_acquire(w, call, e, ctx); return 1;
        case RH_OP_ATOMIC_BEGIN: note_acquire(w, call, NULL, ctx); return 1;
        case RH_OP_THREAD_CREATE: note_create(w, call); set_val(w, call, 1, e->success); return 1;
        case RH_OP_LOCK_INIT: case RH_OP_SEM_INIT: case RH_OP_BARRIER_INIT:
            set_val(w, call, 1, e->success); /* assumed to succeed, like thread creation */
            return 1;
        case RH_OP_UNLOCK: case RH_OP_ATOMIC_END: case RH_OP_NONDET: case RH_OP_ALLOC:
        case RH_OP_CALLOC: case RH_OP_REALLOC: case RH_OP_FREE: case RH_OP_MEMORY: case RH_OP_PURE:
        case RH_OP_IGNORE: case RH_OP_LOCK_DESTROY: case RH_OP_COND_SIGNAL:
        case RH_OP_COND_BROADCAST: case RH_OP_SEM_POST:
        case RH_OP_THREAD_SELF: case RH_OP_THREAD_DETACH: case RH_OP_FENCE:
            return 1;
        default:
            return 0; /* waits, assumptions, exits: the prefix ends */
        }
    }
    LLVMValueRef callee = rh_model_called_function(call);
    int g = callee ? rh_pt_func_index(&s->pt, callee) : -1;
    if (g < 0 || w->depth >= WALK_DEPTH)
        return 0;
    for (int i = 0; i < w->depth; i++)
        if (w->stack[i] == call)
            return 0; /* recursion */
    if (e)
        note_acquire(w, call, NULL, ctx);
    (void)f;
    w->stack[w->depth++] = call;
    int ok = walk_func(w, g, call);
    w->depth--;
    return ok;
}

/* The successor a terminator surely takes, or NULL. */
static LLVMBasicBlockRef next_block(walk *w, LLVMValueRef t)
{
    int64_t c;
    LLVMOpcode op = LLVMGetInstructionOpcode(t);
    if (op == LLVMBr && !LLVMIsConditional(t))
        return LLVMGetSuccessor(t, 0);
    if (op == LLVMBr)
        return known(w, LLVMGetCondition(t), &c) ? LLVMGetSuccessor(t, c ? 0 : 1) : NULL;
    if (op == LLVMSwitch && known(w, LLVMGetOperand(t, 0), &c)) {
        /* operands: condition, default, then (value, block) pairs */
        int n = LLVMGetNumOperands(t);
        for (int i = 2; i + 1 < n; i += 2) {
            int64_t v;
            if (known(w, LLVMGetOperand(t, (unsigned)i), &v) && v == c)
                return LLVMValueAsBasicBlock(LLVMGetOperand(t, (unsigned)i + 1));
        }
        return LLVMGetSwitchDefaultDest(t);
    }
    return NULL;
}

/* Walks function f; returns 1 when it surely returned, 0 when the walk stopped. */
static int walk_func(walk *w, int f, LLVMValueRef ctx)
{
    LLVMBasicBlockRef b = LLVMGetEntryBasicBlock(w->m->s->p->funcs[f].fn), from = NULL;
    while (b) {
        enter_block(w, b, from);
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            if (++w->steps > WALK_STEPS)
                return 0;
            note_access(w, in);
            LLVMOpcode op = LLVMGetInstructionOpcode(in);
            if (op == LLVMCall && !walk_call(w, in, f, ctx))
                return 0;
            if (op == LLVMRet)
                return 1;
            if (op != LLVMPHI && op != LLVMCall)
                eval(w, in, op);
        }
        from = b;
        b = next_block(w, LLVMGetBasicBlockTerminator(b));
    }
    return 0;
}

static void walk_thread(rh_must *m, int t)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.m = m, w.thread = t;
    m->pre[t].walked = 1;
    walk_func(&w, m->s->tg.threads[t].func, NULL);
    rh_u64map_free(&w.vals);
}

/* ---- the check ---- */

/* The one concrete location ptr surely denotes in thread t: a strong object
 * reached through casts and constant GEPs only (no pointer loaded from
 * memory), where the start routine's parameter is the creator's argument. */
static int must_loc(rh_must *m, LLVMValueRef v, int t, uint32_t *obj, int64_t *off, int depth)
{
    rh_static *s = m->s;
    for (int d = 0; d < 16 && (LLVMIsAInstruction(v) || LLVMIsAConstantExpr(v)); d++) {
        LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v) : LLVMGetConstOpcode(v);
        int64_t o;
        if (op == LLVMGetElementPtr) {
            if (!rh_pt_gep_offset(&s->pt, v, &o))
                return 0;
            *off += o;
        } else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
            break;
        }
        v = LLVMGetOperand(v, 0);
    }
    if (LLVMIsAArgument(v)) {
        const rh_tg_thread *th = &s->tg.threads[t];
        if (t == 0 || depth > 4 || LLVMGetParam(s->p->funcs[th->func].fn, 0) != v || !th->once[th->func])
            return 0;
        const rh_conc_entry *e = rh_model_call_entry(s->p, th->create);
        return e && e->obj2 >= 0 && th->parent >= 0 &&
               must_loc(m, LLVMGetOperand(th->create, (unsigned)e->obj2), th->parent, obj, off, depth + 1);
    }
    int is_site = LLVMIsAGlobalVariable(v) || LLVMIsAAllocaInst(v);
    if (!is_site && LLVMIsACallInst(v)) {
        const rh_conc_entry *e = rh_model_call_entry(s->p, v);
        is_site = e && (e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC);
    }
    long o = is_site ? rh_ptrmap_get(&s->pt.obj_of_site, v, -1) : -1;
    if (o < 0 || !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, (uint32_t)o))
        return 0;
    *obj = (uint32_t)o;
    return 1;
}

static int pos_of(rh_must *m, int t, int a)
{
    return m->pre[t].walked ? (int)rh_u64map_get(&m->pre[t].pos, (uint64_t)a, -1) : -1;
}

/* Whether thread t takes, at a position in [from, to), a lock that a holder
 * of the lockset ls keeps it from taking. */
static int prefix_takes(rh_must *m, int t, int from, int to, const rh_sset *ls)
{
    const prefix *p = &m->pre[t];
    for (size_t i = 0; i < p->acquires.len && p->acquires.items[i].pos < to; i++) {
        uint64_t el = p->acquires.items[i].lock, id = el / 2;
        /* read-mode holders do not block each other */
        int blocks = rh_sset_has(ls, id * 2 + 1) || ((el & 1) && rh_sset_has(ls, id * 2));
        if (p->acquires.items[i].pos >= from && blocks)
            return 1;
    }
    return 0;
}

/* Main surely creates both threads (or two instances of one) with nothing
 * waiting in between, and holds no lock there that their prefixes take. */
static int children_run(rh_must *m, int t1, int p1, int t2, int p2)
{
    const rh_ls *ls = &m->s->ls;
    if (m->create_pos[t1] < 0 || m->create_pos[t2] < 0 || (t1 == t2 && m->create_count[t1] < 2))
        return 0;
    return !prefix_takes(m, t1, 0, p1, &ls->create_may[t1]) && !prefix_takes(m, t1, 0, p1, &ls->create_may[t2]) &&
           !prefix_takes(m, t2, 0, p2, &ls->create_may[t1]) && !prefix_takes(m, t2, 0, p2, &ls->create_may[t2]);
}

/* A schedule exists that runs both threads to their accesses: one runs to
 * its access first while the other has not passed a lock the first holds. */
static int surely_parallel(rh_must *m, int a1, int t1, int p1, int a2, int t2, int p2)
{
    const rh_ls *ls = &m->s->ls;
    const rh_sset *may1 = &ls->acc[a1].may, *may2 = &ls->acc[a2].may;
    if (t1 == 0) {
        int cp = m->create_pos[t2];
        if (cp < 0 || cp > p1)
            return 0;
        if (!prefix_takes(m, t2, 0, p2, may1)) /* main to a1, then t2 to a2 */
            return 1;
        /* main to the create, t2 to a2, then main on to a1 */
        return !prefix_takes(m, t2, 0, p2, &ls->create_may[t2]) && !prefix_takes(m, 0, cp, p1, may2);
    }
    if (!children_run(m, t1, p1, t2, p2))
        return 0;
    return !prefix_takes(m, t2, 0, p2, may1) || !prefix_takes(m, t1, 0, p1, may2);
}

int rh_must_check(rh_must *m, int a1, int t1, int a2, int t2)
{
    if (!m || t1 < 0 || t2 < 0)
        return 0;
    if (t1 > t2) {
        int x = t1; t1 = t2; t2 = x;
        x = a1; a1 = a2; a2 = x;
    }
    rh_static *s = m->s;
    int p1 = pos_of(m, t1, a1), p2 = pos_of(m, t2, a2);
    const rh_ls_access *r1 = &s->ls.acc[a1], *r2 = &s->ls.acc[a2];
    if (p1 < 0 || p2 < 0 || rh_ls_protects(&r1->may, &r2->may) ||
        !surely_parallel(m, a1, t1, p1, a2, t2, p2))
        return 0;
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    uint32_t o1, o2;
    int64_t off1 = 0, off2 = 0;
    if (!x->size || !y->size || !must_loc(m, x->ptr, t1, &o1, &off1, 0) ||
        !must_loc(m, y->ptr, t2, &o2, &off2, 0) || o1 != o2)
        return 0;
    return off1 < off2 + (int64_t)y->size && off2 < off1 + (int64_t)x->size;
}

rh_must *rh_must_build(rh_static *s)
{
    rh_must *m = rh_xcalloc(1, sizeof *m);
    int nt = s->tg.nthreads;
    m->s = s;
    m->pre = rh_xcalloc((size_t)nt + 1, sizeof *m->pre);
    m->create_pos = rh_xmalloc(((size_t)nt + 1) * sizeof *m->create_pos);
    m->create_count = rh_xcalloc((size_t)nt + 1, sizeof *m->create_count);
    for (int t = 0; t < nt; t++)
        m->create_pos[t] = -1;
    for (int t = 0; t < nt; t++)
        if (t == 0 || s->tg.threads[t].parent == 0)
            walk_thread(m, t);
    return m;
}

void rh_must_free(rh_must *m)
{
    if (!m)
        return;
    for (int t = 0; t < m->s->tg.nthreads; t++) {
        rh_u64map_free(&m->pre[t].pos);
        rh_vec_free(&m->pre[t].acquires);
    }
    free(m->pre), free(m->create_pos), free(m->create_count);
    free(m);
}
